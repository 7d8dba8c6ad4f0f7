//! University course timetabling (ITC 2019) solved: students sectioned first so that alike
//! students share classes, then every class placed at a random available time and room and
//! repaired to no hard violation, then annealed on the full cost with the hard rules kept,
//! and finally students sectioned again against the times found.
//!
//! The search works on the file's data ([`crate::formats::itc2019`]) directly: its classes
//! choose among listed times and rooms with their own penalties, which the general
//! [`crate::instance::Instance`] does not express.

mod exact;
mod search;
mod sections;
mod state;

pub use search::Stats;

use crate::formats::itc2019::{Itc2019, Placed, Solution};
use csp_core::heuristics::SplitMix64;
use state::{Model, State};
use std::time::{Duration, Instant};

/// Random placements tried for a class's first one before looking through them all, and the
/// most placements looked through.
const INITIAL_TRIES: usize = 64;
const INITIAL_SCAN: usize = 100_000;

/// The share of the time kept for sectioning students against the final times.
const SECTIONING_SHARE: f64 = 0.05;

/// How to solve.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// When to stop.
    pub deadline: Instant,
    /// The seed of the random choices.
    pub seed: u64,
}

/// What a solve found.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// A solution with no hard violation in the search's counts (the caller verifies it).
    pub solution: Option<Solution>,
    /// Hard violations left when none was found.
    pub hard_left: u64,
    /// When none was found, the placement the search stopped at (for a report of what is
    /// left; students sectioned against it).
    pub stopped_at: Option<Solution>,
    /// When the first placement without hard violations was found.
    pub feasible_after: Option<Duration>,
    /// Moves.
    pub stats: Stats,
}

/// Solves `p`.
pub fn solve(p: &Itc2019, cfg: &Config) -> Outcome {
    let start = Instant::now();
    let budget = cfg.deadline.saturating_duration_since(start);
    let search_end = start + budget.mul_f64(1.0 - SECTIONING_SHARE);
    let mut rng = SplitMix64::new(cfg.seed ^ 0x17C_2019);
    let first = sections::section(p, None);
    let model = Model::new(p, &first);
    let mut placed = Vec::with_capacity(p.classes.len());
    for c in 0..p.classes.len() {
        placed.push(initial(&model, c, &mut rng));
    }
    let mut s = State::new(&model, placed);
    let mut out = Outcome::default();
    if !search::repair(&mut s, &mut rng, search_end, &mut out.stats) {
        out.hard_left = s.hard.max(0) as u64;
        out.stopped_at = Some(sectioned(p, &model, &s));
        return out;
    }
    out.feasible_after = Some(start.elapsed());
    let mut best = Vec::new();
    search::anneal(&mut s, &mut rng, search_end, &mut best, &mut out.stats);
    let s = State::new(&model, best);
    out.solution = Some(sectioned(p, &model, &s));
    out
}

/// The solution of state `s`, students sectioned against its times.
fn sectioned(p: &Itc2019, model: &Model<'_>, s: &State<'_, '_>) -> Solution {
    Solution {
        classes: s.at.iter().map(|&a| Some(a)).collect(),
        students: sections::section(p, Some((&s.meet, &model.travel))),
    }
}

/// A first placement of class `c`: at random among those whose room is available then (any,
/// when none is found; the state counts that as a hard violation).
fn initial(m: &Model<'_>, c: usize, rng: &mut SplitMix64) -> Placed {
    let class = &m.p.classes[c];
    let mut draw = || Placed {
        time: rng.index(class.times.len()),
        room: (!class.rooms.is_empty()).then(|| rng.index(class.rooms.len())),
    };
    for _ in 0..INITIAL_TRIES {
        let at = draw();
        if m.allowed(c, at) {
            return at;
        }
    }
    // Few placements are open: look through them all when that is cheap.
    if class.times.len().saturating_mul(class.rooms.len()) <= INITIAL_SCAN {
        let open: Vec<Placed> = (0..class.times.len())
            .flat_map(|time| {
                (0..class.rooms.len()).map(move |r| Placed {
                    time,
                    room: Some(r),
                })
            })
            .filter(|&at| m.allowed(c, at))
            .collect();
        if !open.is_empty() {
            return open[rng.index(open.len())];
        }
    }
    draw()
}

#[cfg(test)]
mod tests;
