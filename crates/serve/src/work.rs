//! Running a solver for a request: on tokio's blocking pool (a solve never stalls the
//! server), at most [`Config::jobs`](crate::Config::jobs) at once (beyond them: 503 with
//! `Retry-After: 1`, so clients back off instead of queueing without bound), within the
//! request's time limit (capped by the server's), and under a cancel flag
//! ([`csp_core::termination::with_cancel`]) raised when the client goes away — axum drops
//! the handler's future then, and the guard here raises the flag, so the search stops at its
//! next poll.

use crate::AppState;
use crate::error::ApiError;
use axum::http::StatusCode;
use csp_core::termination::{Flag, with_cancel};
use std::time::{Duration, Instant};

/// Raises the flag when dropped before the work finished: the client went away.
struct CancelOnDrop(Flag, bool);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if !self.1 {
            self.0.raise();
        }
    }
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
    let Ok(permit) = state.permits.clone().try_acquire_owned() else {
        return Err(ApiError {
            retry_after: Some(1),
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "every solve slot is busy ({} at once); try again shortly",
                    state.config.jobs
                ),
            )
        });
    };
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
        Err(_) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: the solve failed (the server goes on)",
        )),
    }
}
