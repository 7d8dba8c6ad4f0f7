//! Running a solver for a request: on tokio's blocking pool (a solve never stalls the
//! server), at most [`Config::jobs`](crate::state::Config::jobs) at once, the others waiting in a
//! queue of at most [`Config::queue`](crate::state::Config::queue) (beyond it: 503 with
//! `Retry-After: 1`, so clients back off instead of piling up without bound), within the
//! request's time limit (capped by the server's), and under a cancel flag
//! ([`csp_core::termination::with_cancel`]) raised when the client goes away — axum drops
//! the handler's future then, and the guard here raises the flag, so the search stops at its
//! next poll.

use crate::error::ApiError;
use crate::state::AppState;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use csp_core::termination::{Flag, with_cancel};
use futures_util::Stream;
use serde_json::Value;
use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::OwnedSemaphorePermit;

/// Raises the flag when dropped before the work finished: the client went away.
#[derive(Debug)]
struct CancelOnDrop(Flag, bool);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if !self.1 {
            self.0.raise();
        }
    }
}

/// Counts a request in the queue while it waits (also when the client leaves meanwhile).
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A solve slot: at once when one is free, else after the requests queued before (tokio's
/// semaphore is fair), else — the queue full — 503 with `Retry-After: 1`.
pub async fn slot(state: &AppState) -> Result<OwnedSemaphorePermit, ApiError> {
    if let Ok(permit) = state.permits.clone().try_acquire_owned() {
        return Ok(permit);
    }
    let queued = state.waiting.fetch_add(1, Ordering::SeqCst);
    let _waiting = Waiting(&state.waiting);
    if queued >= state.config.queue {
        return Err(ApiError {
            retry_after: Some(1),
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "busy: {} solves running and {} waiting; try again shortly",
                    state.config.jobs, state.config.queue
                ),
            )
        });
    }
    state.permits.clone().acquire_owned().await.map_err(|_| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is shutting down",
        )
    })
}

/// The time a request may use: what it asks (seconds) within the server's limit.
pub fn time_limit(state: &AppState, asked: Option<f64>) -> Duration {
    let max = state.config.time_limit;
    match asked {
        Some(s) if s.is_finite() && s >= 0.0 => Duration::from_secs_f64(s.min(max.as_secs_f64())),
        _ => max,
    }
}

/// Runs `job` with a deadline `limit` from now, on a blocking thread under the request's
/// cancel flag, if a solve slot is free.
pub async fn run<T: Send + 'static>(
    state: &AppState,
    limit: Duration,
    job: impl FnOnce(Instant) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = slot(state).await?;
    let flag = Flag::default();
    let mut guard = CancelOnDrop(flag.clone(), false);
    let deadline = Instant::now() + limit;
    let handle = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        with_cancel(flag, || job(deadline))
    });
    let result = handle.await;
    guard.1 = true;
    match result {
        Ok(r) => r,
        Err(_) => Err(ApiError::internal("the solve failed (the server goes on)")),
    }
}

/// Runs `f` on the blocking pool and waits for it: reading a request's input (a large model,
/// graph or timetable) must not hold up the async workers that answer `/api/health`.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|_| Err(ApiError::internal("reading the request failed")))
}

/// What a streamed job calls to send a progress event (`progress`, with its data); events
/// are dropped while the client reads slowly, never the final one.
pub type Emit<'a> = &'a mut dyn FnMut(Value);

/// Runs `job` as [`run`] does, streaming server-sent events as it goes: each `progress` it
/// emits, then one `result` event with its answer, or an `error` event (a panic included).
/// The stream owns the job's cancel guard: when the client goes away, axum drops the stream
/// and the job is told to stop.
pub async fn events<J>(
    state: &AppState,
    limit: Duration,
    job: J,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>> + use<J>>, ApiError>
where
    J: FnOnce(Instant, Emit) -> Result<Value, ApiError> + Send + 'static,
{
    let (tx, rx) = tokio::sync::mpsc::channel::<Event>(64);
    let permit = slot(state).await?;
    let flag = Flag::default();
    let guard = CancelOnDrop(flag.clone(), false);
    let deadline = Instant::now() + limit;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let event = |name: &str, data: &Value| Event::default().event(name).data(data.to_string());
        let last = with_cancel(flag, || {
            let mut emit = |v: Value| {
                let _ = tx.try_send(event("progress", &v));
            };
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(deadline, &mut emit)))
        });
        let last = match last {
            Ok(Ok(v)) => event("result", &v),
            Ok(Err(e)) => event("error", &serde_json::json!({"error": e.message})),
            Err(_) => event(
                "error",
                &serde_json::json!({"error": "internal error: the job failed (the server goes on)"}),
            ),
        };
        let _ = tx.blocking_send(last);
    });
    let stream = futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        let e = rx.recv().await?;
        Some((Ok(e), (rx, guard)))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}
