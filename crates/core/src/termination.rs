//! When to stop: conditions the search polls between nodes and the propagation engine polls
//! inside long fixpoints, so a time limit is honoured even when one node's propagation is
//! long (a big all-different matching, a large table), and a caller can stop a search from
//! outside. They compose (Pumpkin's `TerminationCondition`).
//!
//! Node and failure limits are counted by the search itself ([`crate::Limits`]); a time
//! limit there ([`crate::Limits::time`], [`crate::Limits::deadline`]) becomes a
//! [`Deadline`] here.
//!
//! ```
//! use csp_core::termination::{Deadline, Flag, Termination};
//! use std::time::{Duration, Instant};
//! let flag = Flag::default();
//! let mut t = Deadline::at(Instant::now() + Duration::from_secs(60)).or(flag.clone());
//! assert!(!t.should_stop());
//! flag.raise();
//! assert!(t.should_stop());
//! ```

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A condition to stop at.
pub trait Termination: fmt::Debug {
    /// Whether to stop now. Called often: keep it cheap.
    fn should_stop(&mut self) -> bool;

    /// This condition or `other`, whichever comes first.
    fn or<T: Termination>(self, other: T) -> Or<Self, T>
    where
        Self: Sized,
    {
        Or(self, other)
    }
}

/// The process-wide stop request: what a Ctrl-C handler raises. Every [`Deadline`] and every
/// search reads it, so one call stops everything the process is solving, each part ending
/// the way it ends on a time limit (with what it knows so far).
static STOP_REQUESTED: AtomicBool = AtomicBool::new(false);

/// Asks every search in this process to stop as soon as it next polls (a signal handler may
/// call it: it only stores an atomic flag).
pub fn request_stop() {
    STOP_REQUESTED.store(true, Ordering::Relaxed);
}

/// Whether [`request_stop`] was called, or the flag this thread works under
/// ([`with_cancel`]) was raised.
#[inline]
pub fn stop_requested() -> bool {
    STOP_REQUESTED.load(Ordering::Relaxed) || cancelled_here()
}

std::thread_local! {
    /// The flag of the work this thread is doing for one caller ([`with_cancel`]).
    static CANCEL: std::cell::RefCell<Option<Flag>> = const { std::cell::RefCell::new(None) };
}

/// Whether the flag set by [`with_cancel`] on this thread was raised.
#[inline]
fn cancelled_here() -> bool {
    CANCEL.with(|c| c.borrow().as_ref().is_some_and(Flag::is_raised))
}

/// Runs `work` on this thread as if `flag` were the process-wide stop request: every search,
/// deadline and loop inside that polls [`stop_requested`] or [`past`] ends when `flag` is
/// raised, the way it ends on a time limit, while other threads go on. What a server does
/// per request, raising the flag when the client goes away. Work that `work` hands to other
/// threads (a thread pool) does not see the flag unless handed it ([`current_flag`]). Nested
/// calls restore the outer flag.
///
/// ```
/// use csp_core::termination::{Flag, past, stop_requested, with_cancel};
/// let flag = Flag::default();
/// flag.raise();
/// assert!(with_cancel(flag, || past(None)));
/// assert!(!stop_requested());
/// ```
pub fn with_cancel<R>(flag: Flag, work: impl FnOnce() -> R) -> R {
    /// Puts the outer flag back, also when `work` panics.
    struct Restore(Option<Flag>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            CANCEL.with(|c| *c.borrow_mut() = outer);
        }
    }
    let _restore = Restore(CANCEL.with(|c| c.borrow_mut().replace(flag)));
    work()
}

/// Whether work bounded by `deadline` should stop now: the deadline has passed, or a stop was
/// requested. What every loop with a deadline asks (the engine's own searches ask
/// [`Termination::should_stop`], which reads the same two).
///
/// ```
/// use csp_core::termination::past;
/// use std::time::{Duration, Instant};
/// assert!(!past(None));
/// assert!(past(Some(Instant::now() - Duration::from_millis(1))));
/// ```
#[inline]
pub fn past(deadline: Option<Instant>) -> bool {
    stop_requested() || deadline.is_some_and(|d| Instant::now() >= d)
}

/// Never stops.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Never;

impl Termination for Never {
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// Stops at a point in time (never, for `None`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Deadline(pub Option<Instant>);

impl Deadline {
    /// A deadline at `t`.
    pub fn at(t: Instant) -> Self {
        Deadline(Some(t))
    }
}

impl Termination for Deadline {
    /// Also true once a stop was requested ([`request_stop`]).
    #[inline]
    fn should_stop(&mut self) -> bool {
        past(self.0)
    }
}

/// Stops when raised, from any thread (a Ctrl-C handler, a portfolio's winner, a server's
/// cancel button), or when the flag it was made from ([`Flag::child`]) is.
#[derive(Debug, Clone, Default)]
pub struct Flag(Arc<FlagInner>);

#[derive(Debug, Default)]
struct FlagInner {
    raised: AtomicBool,
    parent: Option<Flag>,
}

impl Flag {
    /// Asks every holder to stop (and the holders of its children).
    pub fn raise(&self) {
        self.0.raised.store(true, Ordering::Relaxed);
    }

    /// Whether it, or a flag it was made from, was raised.
    pub fn is_raised(&self) -> bool {
        self.0.raised.load(Ordering::Relaxed) || self.0.parent.as_ref().is_some_and(Flag::is_raised)
    }

    /// A flag raised with this one, which may also be raised alone: for work split among
    /// threads inside a cancellable call (a portfolio whose winner stops the others, and
    /// whose caller can stop them all).
    ///
    /// ```
    /// use csp_core::termination::Flag;
    /// let outer = Flag::default();
    /// let (a, b) = (outer.child(), outer.child());
    /// a.raise();
    /// assert!(!outer.is_raised() && !b.is_raised());
    /// outer.raise();
    /// assert!(b.is_raised());
    /// ```
    pub fn child(&self) -> Flag {
        Flag(Arc::new(FlagInner {
            raised: AtomicBool::new(false),
            parent: Some(self.clone()),
        }))
    }
}

/// The flag this thread works under ([`with_cancel`]), if any: work handed to other threads
/// runs under it, or under a [`Flag::child`] of it, to be stopped with the caller.
pub fn current_flag() -> Option<Flag> {
    CANCEL.with(|c| c.borrow().clone())
}

impl Termination for Flag {
    fn should_stop(&mut self) -> bool {
        self.is_raised()
    }
}

/// Either of two conditions ([`Termination::or`]).
#[derive(Debug, Clone)]
pub struct Or<A, B>(pub A, pub B);

impl<A: Termination, B: Termination> Termination for Or<A, B> {
    fn should_stop(&mut self) -> bool {
        self.0.should_stop() || self.1.should_stop()
    }
}

impl<T: Termination + ?Sized> Termination for Box<T> {
    fn should_stop(&mut self) -> bool {
        (**self).should_stop()
    }
}

/// What the engine polls: the search's deadline, and a condition of the caller's.
#[derive(Debug, Default)]
pub(crate) struct Stop {
    pub deadline: Deadline,
    pub condition: Option<Box<dyn Termination + Send>>,
    /// Why the last poll said stop: the deadline (`true`) or the condition (`false`).
    pub by_deadline: bool,
}

impl Termination for Stop {
    #[inline]
    fn should_stop(&mut self) -> bool {
        if stop_requested() {
            self.by_deadline = false;
            return true;
        }
        if self.deadline.should_stop() {
            self.by_deadline = true;
            return true;
        }
        if let Some(c) = &mut self.condition
            && c.should_stop()
        {
            self.by_deadline = false;
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A raised flag stops work on its own thread only, and the outer flag comes back after
    /// a nested call, also when the work panics.
    #[test]
    fn a_cancel_flag_is_per_thread_and_scoped() {
        let outer = Flag::default();
        let inner = Flag::default();
        inner.raise();
        with_cancel(outer.clone(), || {
            assert!(!stop_requested());
            assert!(with_cancel(inner.clone(), stop_requested));
            assert!(!stop_requested(), "the outer flag is back");
            let other = std::thread::spawn(stop_requested);
            outer.raise();
            assert!(stop_requested());
            assert!(!other.join().unwrap(), "another thread goes on");
            assert!(!std::thread::spawn(stop_requested).join().unwrap());
            let panicked =
                std::panic::catch_unwind(|| with_cancel(Flag::default(), || panic!("a bug")));
            assert!(panicked.is_err());
            assert!(stop_requested(), "the outer flag is back after a panic");
        });
        assert!(!stop_requested(), "no flag outside");
        assert!(!past(None));
    }
}
