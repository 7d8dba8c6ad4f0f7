//! Solving without the GIL, stoppable by Ctrl-C.
//!
//! Python runs its SIGINT handler only on the main thread, between bytecodes: a solve that
//! held the main thread in Rust would make Ctrl-C wait for it. So the work runs on a helper
//! thread under a [`Flag`] ([`with_cancel`]: every search and deadline inside polls it),
//! while the calling thread, without the GIL, wakes every [`POLL`] to let Python check its
//! signals; on an exception (KeyboardInterrupt) it raises the flag, waits for the work to
//! end the way it ends on a time limit, and raises the exception.

use csp_core::termination::{Flag, with_cancel};
use pyo3::prelude::*;
use std::sync::mpsc;
use std::time::Duration;

/// How often the caller checks for signals while the work runs: well inside the 100 ms a
/// user waits for Ctrl-C, and cheap (one signal check per tick).
const POLL: Duration = Duration::from_millis(10);

/// Runs `work` without the GIL on a helper thread, raising Python's pending exception
/// (KeyboardInterrupt) if a signal handler raised one meanwhile. The flag given to `work`
/// is the one it runs under, for the threads it starts (a rayon pool does not inherit it).
pub(crate) fn run<R: Send>(py: Python<'_>, work: impl FnOnce(&Flag) -> R + Send) -> PyResult<R> {
    let (result, raised) = py.detach(move || {
        let flag = Flag::default();
        let (done_tx, done_rx) = mpsc::channel::<()>();
        let mut raised: Option<PyErr> = None;
        let result = std::thread::scope(|s| {
            let helper = s.spawn(|| {
                let r = with_cancel(flag.clone(), || work(&flag));
                // The receiver outlives this thread (the scope joins it first).
                let _ = done_tx.send(());
                r
            });
            loop {
                match done_rx.recv_timeout(POLL) {
                    Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if raised.is_none()
                            && let Err(e) = Python::attach(|py| py.check_signals())
                        {
                            flag.raise();
                            raised = Some(e);
                        }
                    }
                }
            }
            helper.join()
        });
        (result, raised)
    });
    match (raised, result) {
        (Some(e), _) => Err(e),
        (None, Ok(r)) => Ok(r),
        (None, Err(_)) => Err(pyo3::exceptions::PyRuntimeError::new_err(
            "internal error: the solver panicked",
        )),
    }
}

/// Runs short `work` (microseconds: one 9×9 puzzle) without the GIL on this thread: a
/// helper thread would cost more than the work.
pub(crate) fn run_here<R: Send>(py: Python<'_>, work: impl FnOnce() -> R + Send) -> R {
    py.detach(work)
}
