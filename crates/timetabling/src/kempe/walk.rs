//! The annealing of a slot assignment by Kempe chains, on the shared annealer.

use super::SlotModel;
use super::chain::State;
use crate::anneal::{self, Cooling, Neighbourhood, Plan, Stats};
use csp_core::heuristics::SplitMix64;
use std::time::Instant;

/// Prices `count` random Kempe-chain moves from the valid slots `start` without making them
/// (the annealing's inner step, for benchmarks and tests); returns the sum of the cost
/// changes of those that are possible, and how many were.
pub fn price_moves(m: &SlotModel, start: &[usize], seed: u64, count: u64) -> (i64, u64) {
    let mut st = State::new(m, start);
    let mut rng = SplitMix64::new(seed);
    let (mut sum, mut possible) = (0i64, 0u64);
    for _ in 0..count {
        let i = below(&mut rng, m.n);
        let b = below(&mut rng, m.slots);
        if b == st.t[i] || !st.chain(i, b) {
            continue;
        }
        if let Some(d) = st.delta(st.t[i], b) {
            sum += d;
            possible += 1;
        }
    }
    (sum, possible)
}

/// Anneals from the valid slots `start` until `deadline`, calling `better` with the cost of
/// each new best; returns the best slots.
pub fn anneal(
    m: &SlotModel,
    start: &[usize],
    seed: u64,
    deadline: Instant,
    stats: &mut Stats,
    better: &mut dyn FnMut(u64),
) -> Vec<usize> {
    debug_assert!(m.valid(start));
    let Some(c0) = m.cost(start) else {
        return start.to_vec();
    };
    let movable: Vec<usize> = (0..m.n)
        .filter(|&i| (0..m.slots).filter(|&s| m.allowed[i * m.slots + s]).count() > 1)
        .collect();
    if movable.is_empty() || m.slots < 2 {
        return start.to_vec();
    }
    let mut walk = Walk {
        st: State::new(m, start),
        movable,
        best: start.to_vec(),
        tried: (0, 0),
        better,
    };
    let mut rng = SplitMix64::new(seed);
    let hot = anneal::mean_worsening(&mut walk, &mut rng, CALIBRATION_MOVES)
        .map_or(1.0, |mean| mean * HEAT);
    let plan = Plan {
        hot,
        cold: (hot * COOLING).max(COLDEST),
        deadline,
        cooling: Cooling::Restarts {
            stall: STALL,
            reheat: REHEAT,
        },
        check_every: CHECK_EVERY,
        max_moves: None,
    };
    let best_cost = anneal::anneal(&mut walk, &mut rng, c0, &plan, stats);
    debug_assert_eq!(m.cost(&walk.best), Some(best_cost));
    walk.best
}

/// Random moves sampled to calibrate the temperature.
const CALIBRATION_MOVES: u32 = 2000;
/// The starting temperature, as a share of the mean worsening of a sampled move.
const HEAT: f64 = 0.3;
/// A round cools to this share of where it started, but not below [`COLDEST`].
const COOLING: f64 = 1e-4;
const COLDEST: f64 = 0.01;
/// Moves without improvement after which a round past its half restarts from the best.
const STALL: u64 = 20_000_000;
/// Restarts start from this share of the first temperature.
const REHEAT: f64 = 0.3;
/// Moves between looks at the clock.
const CHECK_EVERY: u64 = 1024;
/// One move in this many swaps two whole slots.
const WHOLE_SLOT_ODDS: usize = 100;

/// A number in `0..n`.
fn below(rng: &mut SplitMix64, n: usize) -> usize {
    rng.below(n as u32) as usize
}

/// The annealing's walk: the state, the best slots, and the move being tried.
struct Walk<'a, 'f> {
    st: State<'a>,
    movable: Vec<usize>,
    best: Vec<usize>,
    /// The slots of the move tried.
    tried: (usize, usize),
    better: &'f mut dyn FnMut(u64),
}

impl Neighbourhood for Walk<'_, '_> {
    /// A Kempe chain from a random movable event to another slot, or (one time in
    /// [`WHOLE_SLOT_ODDS`]) two whole slots swapped; priced, not made.
    fn try_move(&mut self, rng: &mut SplitMix64) -> Option<i64> {
        let m = self.st.m;
        let (a, b);
        if below(rng, WHOLE_SLOT_ODDS) == 0 {
            a = below(rng, m.slots);
            let x = below(rng, m.slots - 1);
            b = if x >= a { x + 1 } else { x };
            if !self.st.whole(a, b) {
                return None;
            }
        } else {
            let i = self.movable[below(rng, self.movable.len())];
            a = self.st.t[i];
            let x = below(rng, m.slots - 1);
            b = if x >= a { x + 1 } else { x };
            if !m.allowed[i * m.slots + b] || !self.st.chain(i, b) {
                return None;
            }
        }
        self.tried = (a, b);
        self.st.delta(a, b)
    }

    fn keep(&mut self) {
        self.st.apply(self.tried.0, self.tried.1);
    }

    fn undo(&mut self) {}

    fn new_best(&mut self, cost: u64) {
        self.best.clone_from(&self.st.t);
        (self.better)(cost);
    }

    fn restore_best(&mut self) {
        self.st.reset(&self.best);
    }
}
