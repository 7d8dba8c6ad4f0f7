//! Local search over complete placements: first to no hard violation (classes in conflict
//! moved to their least harmful placement among a sample), then on the soft cost without
//! ever breaking a hard rule again (simulated annealing).

use super::state::{Delta, State};
use crate::formats::itc2019::Placed;
use csp_core::heuristics::SplitMix64;
use std::time::Instant;

/// Placements sampled for the class moved, in the repair phase.
const REPAIR_SAMPLES: usize = 24;
/// The share of repair moves that move a class in conflict (the rest: any class).
const REPAIR_FOCUS: f64 = 0.9;
/// The chance a repair move takes a sampled placement that is not the best (noise).
const REPAIR_NOISE: f64 = 0.02;
/// Moves between recounts of the classes in conflict.
const RECOUNT_EVERY: u64 = 2_000;
/// A hard violation outweighs this much soft cost while repairing.
const HARD_WEIGHT: i64 = 100_000;
/// Starting and final temperatures of the annealing, in soft cost.
const HOT: f64 = 50.0;
const COLD: f64 = 0.5;
/// Moves between checks of the clock.
const CLOCK_EVERY: u64 = 256;

/// Counts of a run.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stats {
    /// Moves priced.
    pub tried: u64,
    /// Moves made.
    pub moved: u64,
}

/// A random placement of class `c` whose room is available then.
fn random_placement(s: &State<'_, '_>, c: usize, rng: &mut SplitMix64) -> Option<Placed> {
    let class = &s.m.p.classes[c];
    for _ in 0..16 {
        let time = rng.index(class.times.len());
        let room = (!class.rooms.is_empty()).then(|| rng.index(class.rooms.len()));
        let at = Placed { time, room };
        if s.m.allowed(c, at) {
            return Some(at);
        }
    }
    None
}

/// The repair phase: until no hard violation is left or `deadline`. Returns whether it got
/// there.
pub(super) fn repair(
    s: &mut State<'_, '_>,
    rng: &mut SplitMix64,
    deadline: Instant,
    stats: &mut Stats,
) -> bool {
    let n = s.m.p.classes.len();
    let mut conflicted = s.conflicted();
    let mut since = 0u64;
    while s.hard > 0 {
        if since >= RECOUNT_EVERY || conflicted.is_empty() {
            conflicted = s.conflicted();
            since = 0;
            if Instant::now() >= deadline {
                return false;
            }
        }
        since += 1;
        let c = if rng.unit() < REPAIR_FOCUS && !conflicted.is_empty() {
            conflicted[rng.index(conflicted.len())]
        } else {
            rng.index(n)
        };
        let mut best: Option<(i64, Placed, Delta)> = None;
        for _ in 0..REPAIR_SAMPLES {
            let Some(at) = random_placement(s, c, rng) else {
                continue;
            };
            let d = s.delta(c, at);
            stats.tried += 1;
            let v = d.hard * HARD_WEIGHT + d.soft;
            if best.is_none_or(|(b, _, _)| v < b) || rng.unit() < REPAIR_NOISE {
                best = Some((v, at, d));
            }
        }
        if let Some((v, at, d)) = best
            && (v <= 0 || rng.unit() < REPAIR_NOISE)
        {
            s.apply(c, at, d);
            stats.moved += 1;
        }
    }
    true
}

/// The annealing phase on the soft cost, hard rules kept, until `deadline`; `best` gets
/// every improvement. Returns the best soft cost.
pub(super) fn anneal(
    s: &mut State<'_, '_>,
    rng: &mut SplitMix64,
    start: Instant,
    deadline: Instant,
    best: &mut Vec<Placed>,
    stats: &mut Stats,
) -> i64 {
    let n = s.m.p.classes.len();
    let mut best_soft = s.soft;
    *best = s.at.clone();
    let span = deadline
        .saturating_duration_since(start)
        .as_secs_f64()
        .max(1e-3);
    let mut temp = HOT;
    let mut k = 0u64;
    loop {
        k += 1;
        if k.is_multiple_of(CLOCK_EVERY) {
            let now = Instant::now();
            if now >= deadline {
                break;
            }
            let f = now.duration_since(start).as_secs_f64() / span;
            temp = HOT * (COLD / HOT).powf(f.min(1.0));
        }
        let c = rng.index(n);
        let Some(at) = random_placement(s, c, rng) else {
            continue;
        };
        let d = s.delta(c, at);
        stats.tried += 1;
        if d.hard > 0 {
            continue;
        }
        if d.soft <= 0 || rng.unit() < (-(d.soft as f64) / temp).exp() {
            s.apply(c, at, d);
            stats.moved += 1;
            if s.hard == 0 && s.soft < best_soft {
                best_soft = s.soft;
                best.clone_from(&s.at);
            }
        }
    }
    best_soft
}
