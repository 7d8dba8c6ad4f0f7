//! Local search over complete placements: first to no hard violation (classes in conflict
//! moved to their least harmful placement among a sample), then on the soft cost without
//! ever breaking a hard rule again (simulated annealing).

use super::exact;
use super::state::{Delta, State};
use crate::anneal::{self, Cooling, Neighbourhood, Plan};
use crate::formats::itc2019::Placed;
use csp_core::heuristics::SplitMix64;
use std::time::Instant;

/// A class with at most this many placements has all of them priced in the repair phase;
/// a larger one, its times in its room, its rooms at its time and `REPAIR_SAMPLES` more.
const REPAIR_ALL: usize = 400;
const REPAIR_SAMPLES: usize = 64;
/// Repair moves during which a moved class stays put (tabu).
const TABU: u64 = 10;
/// The share of repair moves that move a class in conflict (the rest: any class).
const REPAIR_FOCUS: f64 = 0.9;
/// The chance a repair move takes a sampled placement that is not the best (noise).
const REPAIR_NOISE: f64 = 0.02;
/// Moves between recounts of the classes in conflict.
const RECOUNT_EVERY: u64 = 500;
/// Every this many stuck repair moves, the region around the stuck class is handed to the
/// engine ([`super::exact`]).
const EXACT_EVERY: u64 = 100;
/// Draws among the classes in conflict to find one in a violation of its own.
const VIOLATING_DRAWS: usize = 64;
/// A hard violation outweighs this much soft cost while repairing.
const HARD_WEIGHT: i64 = 100_000;
/// Random moves sampled to calibrate the annealing's temperatures.
const CALIBRATION_MOVES: u32 = 2000;
/// The annealing starts at this multiple of the mean worsening of a sampled move and cools
/// to that divided by `COOLING`, in rounds of about `ROUND_SECONDS` seconds (0.5 and 100 came
/// out even with the fixed 50 → 0.5 on the larger instances and ahead on the cheap ones;
/// 0.1 and 1,000 were too cold).
const HEAT: f64 = 0.5;
const COOLING: f64 = 100.0;
const ROUND_SECONDS: f64 = 60.0;
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

/// The placements of class `c` to price: all of them when few; else every time in its room,
/// every room at its time, and a random sample.
fn candidates(s: &State<'_, '_>, c: usize, rng: &mut SplitMix64, out: &mut Vec<Placed>) {
    out.clear();
    let class = &s.m.p.classes[c];
    let has_room = !class.rooms.is_empty();
    let rooms = class.rooms.len().max(1);
    let all = class.times.len() * rooms <= REPAIR_ALL;
    let now = s.at[c];
    for time in 0..class.times.len() {
        for r in 0..rooms {
            let room = has_room.then_some(r);
            if !all && time != now.time && room != now.room {
                continue;
            }
            let at = Placed { time, room };
            if s.m.allowed(c, at) {
                out.push(at);
            }
        }
    }
    if !all {
        for _ in 0..REPAIR_SAMPLES {
            if let Some(at) = random_placement(s, c, rng) {
                out.push(at);
            }
        }
    }
}

/// The best placement of class `c` for the repair (a random one now and then), with its
/// value (weighted hard change first) and change.
fn best_move(
    s: &mut State<'_, '_>,
    c: usize,
    rng: &mut SplitMix64,
    options: &mut Vec<Placed>,
    stats: &mut Stats,
) -> Option<(i64, Placed, Delta)> {
    candidates(s, c, rng, options);
    let mut best: Option<(i64, Placed, Delta)> = None;
    for &at in options.iter() {
        if at == s.at[c] {
            continue;
        }
        let d = s.delta(c, at);
        stats.tried += 1;
        let v = d.hard_w * HARD_WEIGHT + d.soft;
        if best.is_none_or(|(b, _, _)| v < b) || rng.unit() < REPAIR_NOISE {
            best = Some((v, at, d));
        }
    }
    best
}

/// An ejection chain: class `c` makes its best move even though it makes things worse, then
/// each class now in a hard violation with it makes its own best move (classes tied by
/// `SameTime` must move together; a class pushing into a full week displaces another). Kept
/// when the whole is no worse, else undone. Returns whether it was kept.
fn chain(
    s: &mut State<'_, '_>,
    c: usize,
    first: (Placed, Delta),
    rng: &mut SplitMix64,
    options: &mut Vec<Placed>,
    partners: &mut Vec<usize>,
    stats: &mut Stats,
) -> bool {
    let (hard_w, soft) = (s.hard_w, s.soft);
    let mut undo = vec![(c, s.at[c])];
    s.apply(c, first.0, first.1);
    s.partners(c, partners);
    for &o in partners.iter() {
        let Some((v, at, d)) = best_move(s, o, rng, options, stats) else {
            continue;
        };
        if v < 0 {
            undo.push((o, s.at[o]));
            s.apply(o, at, d);
        }
    }
    if (s.hard_w - hard_w) * HARD_WEIGHT + (s.soft - soft) <= 0 {
        stats.moved += undo.len() as u64;
        return true;
    }
    for &(k, at) in undo.iter().rev() {
        let d = s.delta(k, at);
        s.apply(k, at, d);
    }
    false
}

/// A class in a hard violation of its own, drawn from `conflicted` (which lists every class
/// of a violated distribution, most of them in no violated pair).
fn violating(
    s: &State<'_, '_>,
    conflicted: &[usize],
    rng: &mut SplitMix64,
    partners: &mut Vec<usize>,
) -> Option<usize> {
    if conflicted.is_empty() {
        return None;
    }
    (0..VIOLATING_DRAWS).find_map(|_| {
        let c = conflicted[rng.index(conflicted.len())];
        s.partners(c, partners);
        (!partners.is_empty() || !s.m.allowed(c, s.at[c])).then_some(c)
    })
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
    let mut moved_at = vec![0u64; n];
    let mut step = TABU;
    let mut options = Vec::new();
    let mut partners = Vec::new();
    let mut stuck = 0u64;
    while s.hard > 0 {
        step += 1;
        if Instant::now() >= deadline {
            return false;
        }
        if since >= RECOUNT_EVERY || conflicted.is_empty() {
            conflicted = s.conflicted();
            since = 0;
        }
        since += 1;
        let c = if rng.unit() < REPAIR_FOCUS && !conflicted.is_empty() {
            conflicted[rng.index(conflicted.len())]
        } else {
            rng.index(n)
        };
        if step - moved_at[c] < TABU {
            continue;
        }
        let Some((v, at, d)) = best_move(s, c, rng, &mut options, stats) else {
            continue;
        };
        if v <= 0 || rng.unit() < REPAIR_NOISE {
            s.apply(c, at, d);
            moved_at[c] = step;
            stats.moved += 1;
        } else if chain(s, c, (at, d), rng, &mut options, &mut partners, stats) {
            moved_at[c] = step;
        } else {
            // Stuck: what this class is in weighs more from now on.
            s.bump(c);
            stuck += 1;
            if stuck.is_multiple_of(EXACT_EVERY) {
                // The region around a class in a hard violation now.
                conflicted = s.conflicted();
                if let Some(c) = violating(s, &conflicted, rng, &mut partners)
                    && exact::repair_region(s, c, rng, deadline)
                {
                    conflicted = s.conflicted();
                }
            }
        }
    }
    true
}

/// The annealing's view of a state: a move is priced when tried, and made only when kept
/// (most are not, and pricing is the cheaper half).
struct Walk<'a, 's, 'm, 'p> {
    s: &'s mut State<'m, 'p>,
    /// The move tried and not yet kept: class, placement, change.
    pending: Option<(usize, Placed, Delta)>,
    best: &'a mut Vec<Placed>,
}

impl Neighbourhood for Walk<'_, '_, '_, '_> {
    fn try_move(&mut self, rng: &mut SplitMix64) -> Option<i64> {
        let c = rng.index(self.s.m.p.classes.len());
        let at = random_placement(self.s, c, rng)?;
        let d = self.s.delta(c, at);
        if d.hard > 0 {
            return None;
        }
        self.pending = Some((c, at, d));
        Some(d.soft)
    }

    fn keep(&mut self) {
        if let Some((c, at, d)) = self.pending.take() {
            self.s.apply(c, at, d);
        }
    }

    fn undo(&mut self) {
        self.pending = None;
    }

    fn new_best(&mut self, _cost: u64) {
        self.best.clone_from(&self.s.at);
    }

    fn restore_best(&mut self) {
        *self.s = State::new(self.s.m, self.best.clone());
    }
}

/// The annealing phase on the soft cost, hard rules kept, until `deadline`; `best` gets
/// every improvement. The temperatures follow the instance's costs (from a multiple of the
/// mean worsening of a sampled move down), in rounds of about a minute. Returns the best
/// soft cost.
pub(super) fn anneal(
    s: &mut State<'_, '_>,
    rng: &mut SplitMix64,
    deadline: Instant,
    best: &mut Vec<Placed>,
    stats: &mut Stats,
) -> i64 {
    *best = s.at.clone();
    let cost = s.soft.max(0) as u64;
    let mut walk = Walk {
        s,
        pending: None,
        best,
    };
    let hot = anneal::mean_worsening(&mut walk, rng, CALIBRATION_MOVES).map_or(1.0, |m| m * HEAT);
    let span = deadline
        .saturating_duration_since(Instant::now())
        .as_secs_f64();
    let plan = Plan {
        hot,
        cold: hot / COOLING,
        deadline,
        cooling: Cooling::Rounds((span / ROUND_SECONDS).round().max(1.0)),
        check_every: CLOCK_EVERY,
        max_moves: None,
    };
    let mut st = anneal::Stats::default();
    let got = anneal::anneal(&mut walk, rng, cost, &plan, &mut st);
    stats.tried += st.tried;
    stats.moved += st.accepted;
    got as i64
}
