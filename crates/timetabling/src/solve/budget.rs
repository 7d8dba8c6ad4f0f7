//! How a solve shares its time between its phases. Each share is a named value; the
//! measurements behind them are in `docs/measurements/timetabling.md`.

use std::time::{Duration, Instant};

/// How an instance is improved, by its number of occurrences.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Size {
    /// Up to [`super::Config::exact_limit`]: local search, LNS, then branch and bound to a
    /// proof.
    Small,
    /// Up to [`LNS_LIMIT`]: local search, then LNS.
    Medium,
    /// Beyond: local search alone.
    Large,
}

/// Instances of at most this many occurrences are improved by large neighbourhood search
/// (its cost cut evaluates every soft unit at each node, too slow beyond).
pub const LNS_LIMIT: usize = 400;

impl Size {
    pub(super) fn of(occurrences: usize, exact_limit: usize) -> Size {
        if occurrences <= exact_limit {
            Size::Small
        } else if occurrences <= LNS_LIMIT {
            Size::Medium
        } else {
            Size::Large
        }
    }
}

/// Engine nodes for the first timetable with the smallest start first, per occurrence and
/// on top, before random values with restarts take over.
const FIRST_NODES_PER_OCCURRENCE: u64 = 10;
const FIRST_NODES_BASE: u64 = 10_000;

/// The node budget of the first timetable's first try.
pub(super) fn first_nodes(occurrences: usize) -> u64 {
    FIRST_NODES_PER_OCCURRENCE * occurrences as u64 + FIRST_NODES_BASE
}

/// Small instances: the local search stops on its patience (a count of moves, so runs
/// repeat exactly); a quarter of the time left, at most [`SMALL_LOCAL_CAP`], guards slow
/// machines. Branch and bound gets the rest.
pub(super) const SMALL_PATIENCE: u64 = 50_000;
const SMALL_LOCAL_SHARE_DIVISOR: u32 = 4;
const SMALL_LOCAL_CAP: Duration = Duration::from_secs(2);

/// Medium instances: most of the time to the local search, the rest to LNS (local search
/// does more per second there).
const MEDIUM_LOCAL_SHARE: f64 = 0.85;

/// Small instances: the share of the time left after the local search that LNS takes
/// before branch and bound.
const SMALL_LNS_SHARE: (u32, u32) = (2, 5);

/// Phase lengths when the solve has no deadline.
const MEDIUM_LOCAL_DEFAULT: Duration = Duration::from_secs(5);
const LARGE_LOCAL_DEFAULT: Duration = Duration::from_secs(10);
const LNS_DEFAULT: Duration = Duration::from_secs(5);
const KEMPE_DEFAULT: Duration = Duration::from_secs(30);

/// The share of the time a constructed first timetable may take (the engine takes over
/// when it fails), and its time when the solve has no deadline.
const CONSTRUCT_SHARE: f64 = 0.5;
const CONSTRUCT_DEFAULT: Duration = Duration::from_secs(30);

/// When the construction of a first exam timetable gives up.
pub(super) fn construct_deadline(deadline: Option<Instant>) -> Instant {
    let now = Instant::now();
    deadline.map_or(now + CONSTRUCT_DEFAULT, |d| {
        now + d.saturating_duration_since(now).mul_f64(CONSTRUCT_SHARE)
    })
}

/// When the Kempe-chain annealing of a slot assignment stops.
pub(super) fn kempe_deadline(deadline: Option<Instant>) -> Instant {
    deadline.unwrap_or_else(|| Instant::now() + KEMPE_DEFAULT)
}

/// The course annealer's time when the solve has no deadline.
const COURSE_DEFAULT: Duration = Duration::from_secs(10);

/// When the course annealer stops: at the deadline, for it runs to the end.
pub(super) fn course_deadline(deadline: Option<Instant>) -> Instant {
    deadline.unwrap_or_else(|| Instant::now() + COURSE_DEFAULT)
}

/// When the local search stops.
pub(super) fn local_search_deadline(size: Size, deadline: Option<Instant>) -> Instant {
    let now = Instant::now();
    let left = |d: Instant| d.saturating_duration_since(now);
    now + match (size, deadline) {
        (Size::Small, Some(d)) => (left(d) / SMALL_LOCAL_SHARE_DIVISOR).min(SMALL_LOCAL_CAP),
        (Size::Small, None) => SMALL_LOCAL_CAP,
        (Size::Medium, Some(d)) => left(d).mul_f64(MEDIUM_LOCAL_SHARE),
        (Size::Medium, None) => MEDIUM_LOCAL_DEFAULT,
        (Size::Large, Some(d)) => left(d),
        (Size::Large, None) => LARGE_LOCAL_DEFAULT,
    }
}

/// When large neighbourhood search stops.
pub(super) fn lns_deadline(size: Size, deadline: Option<Instant>) -> Instant {
    let now = Instant::now();
    deadline.map_or(now + LNS_DEFAULT, |d| {
        let left = d.saturating_duration_since(now);
        let (num, den) = SMALL_LNS_SHARE;
        now + if size == Size::Small {
            left * num / den
        } else {
            left
        }
    })
}
