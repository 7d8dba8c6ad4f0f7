//! How the chromatic search shares its time: a deadline (none without a time limit) and the
//! named shares of what is left that each phase takes.

use std::time::{Duration, Instant};

/// The search's clock.
#[derive(Debug, Clone, Copy)]
pub(super) struct Budget {
    pub(super) start: Instant,
    pub(super) deadline: Option<Instant>,
}

impl Budget {
    pub(super) fn new(time_limit: Option<Duration>) -> Budget {
        let start = Instant::now();
        Budget {
            start,
            deadline: time_limit.map(|t| start + t),
        }
    }

    /// The time left, without a time limit `None`.
    pub(super) fn left(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// When a phase taking `1/divisor` of the time left ends (`unlimited` without a limit).
    pub(super) fn share(&self, divisor: u32, unlimited: Duration) -> Instant {
        match self.deadline {
            Some(d) => Instant::now() + d.saturating_duration_since(Instant::now()) / divisor,
            None => Instant::now() + unlimited,
        }
    }
}

/// The clique search's node budget: up to [`CLIQUE_LARGE_GRAPH`] vertices, and beyond.
pub(super) const CLIQUE_NODES: u64 = 200_000;
pub(super) const CLIQUE_NODES_LARGE: u64 = 20_000;
pub(super) const CLIQUE_LARGE_GRAPH: usize = 1000;
/// The clique search takes a twentieth of the time limit, at most this.
pub(super) const CLIQUE_CAP: Duration = Duration::from_secs(2);
pub(super) const CLIQUE_SHARE: u32 = 20;

/// The first, short Mycielskian bound.
pub(super) const MYCIELSKI_FIRST: Duration = Duration::from_millis(150);
/// The longer Mycielskian bound: a twentieth of the time limit, at most this.
pub(super) const MYCIELSKI_LONG_CAP: Duration = Duration::from_secs(1);
pub(super) const MYCIELSKI_LONG_SHARE: u32 = 20;

/// The quick transversal cover, and each first exact pass: a twentieth of the time left
/// (1 s without a limit).
pub(super) const QUICK_SHARE: u32 = 20;
pub(super) const QUICK_UNLIMITED: Duration = Duration::from_secs(1);

/// The short local search on large graphs with a wide gap: a sixtieth of the time left,
/// at most this.
pub(super) const PROBE_SHARE: u32 = 60;
pub(super) const PROBE_CAP: Duration = Duration::from_secs(1);

/// The first try of clause learning: a sixtieth of the time left, at most this.
pub(super) const SAT_FIRST_SHARE: u32 = 60;
pub(super) const SAT_FIRST_CAP: Duration = Duration::from_secs(1);

/// The full transversal cover: a third of the time left (10 s without a limit), room for
/// slower seeds and larger boards.
pub(super) const TRANSVERSAL_SHARE: u32 = 3;
pub(super) const TRANSVERSAL_UNLIMITED: Duration = Duration::from_secs(10);

/// The local search's share of the time left, by the kind of gap: on a graph small enough
/// for clause learning (which refutes its gaps with the time saved), where the clique
/// all-differents are tight (the exact search colours too), on a wide gap the exact search
/// cannot close, and otherwise. As (numerator, denominator).
pub(super) const LOCAL_SMALL: (u32, u32) = (1, 4);
pub(super) const LOCAL_TIGHT: (u32, u32) = (1, 2);
pub(super) const LOCAL_HOPELESS: (u32, u32) = (39, 40);
pub(super) const LOCAL_OTHERWISE: (u32, u32) = (3, 4);
/// The local search without a time limit (it then runs on an iteration budget).
pub(super) const LOCAL_UNLIMITED: Duration = Duration::from_secs(3600);

/// Clause learning after the local search: half of the time left (a minute without a limit).
pub(super) const SAT_LATER_SHARE: u32 = 2;
pub(super) const SAT_LATER_UNLIMITED: Duration = Duration::from_secs(60);

/// A gap of this many colours or more is wide: beyond what the exact search closes.
pub(super) const WIDE_GAP: u32 = 3;

/// The anchored TabuCol runs' share of the time left, as (numerator, denominator): most of it
/// where a colouring would prove χ (with half, a seed of 20 failed on DSJR500.5:
/// `docs/measurements/colouring-kernels.md`), a quarter above the lower bound.
pub(super) const ANCHORED_PROVING: (u32, u32) = (3, 4);
pub(super) const ANCHORED_ABOVE: (u32, u32) = (1, 4);
