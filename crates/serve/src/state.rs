//! What the server allows each request, and what every handler shares: the limits and the
//! solve slots.

use std::sync::Arc;
use std::time::Duration;

/// What the server allows each request.
#[derive(Debug, Clone)]
pub struct Config {
    /// The largest request body, in bytes (a bigger one gets 413).
    pub body_limit: usize,
    /// The longest a solve may run; a request may ask for less, never more.
    pub time_limit: Duration,
    /// Solves running at once.
    pub jobs: usize,
    /// Requests waiting for a solve slot, first come first served; one beyond them gets 503
    /// with `Retry-After`.
    pub queue: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            body_limit: 1 << 20,
            time_limit: Duration::from_secs(10),
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue: 64,
        }
    }
}

/// The most solves a server runs at once, whatever `--jobs` asks (tokio's blocking pool holds
/// 512 threads; the rest stay for reading and writing).
pub const MAX_JOBS: usize = 256;

/// What every handler shares.
#[derive(Debug, Clone)]
pub struct AppState {
    pub(crate) config: Config,
    pub(crate) permits: Arc<tokio::sync::Semaphore>,
    pub(crate) waiting: Arc<std::sync::atomic::AtomicUsize>,
}

impl AppState {
    /// The state for `config`.
    pub fn new(mut config: Config) -> AppState {
        // Each solve slot can hold a blocking thread: capped below tokio's blocking pool.
        config.jobs = config.jobs.clamp(1, MAX_JOBS);
        let permits = Arc::new(tokio::sync::Semaphore::new(config.jobs));
        AppState {
            config,
            permits,
            waiting: Arc::default(),
        }
    }
}
