//! `time_limit=` arguments: seconds, checked, as a duration or a deadline.

use crate::error;
use pyo3::prelude::*;
use std::time::{Duration, Instant};

/// The longest limit taken as given (about 30 years); a longer one is no limit in practice,
/// and `Instant` arithmetic past it could overflow.
const MAX_SECONDS: f64 = 1e9;

/// `time_limit` as a duration: `None` is no limit; a negative or non-finite number is an error.
pub(crate) fn duration(t: Option<f64>) -> PyResult<Option<Duration>> {
    match t {
        None => Ok(None),
        Some(t) if t.is_finite() && t >= 0.0 => {
            Ok(Some(Duration::from_secs_f64(t.min(MAX_SECONDS))))
        }
        Some(t) => Err(error::argument(format!(
            "time_limit must be a number of seconds ≥ 0, not {t}"
        ))),
    }
}

/// `time_limit` from `start`, as a deadline.
pub(crate) fn deadline(start: Instant, t: Option<f64>) -> PyResult<Option<Instant>> {
    Ok(duration(t)?.map(|d| start + d))
}

/// Threads for `jobs=`: 0 is one per core; more than the cores is the cores (the work is
/// CPU-bound, and `jobs=10**6` would start a million threads), as `csp --jobs` does.
pub(crate) fn threads(jobs: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if jobs == 0 { cores } else { jobs.min(cores) }
}
