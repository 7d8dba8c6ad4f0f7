//! Local search over complete valid timetables: moves and swaps of occurrences, and Kempe
//! chains on course timetables of one-period lessons, priced by re-evaluating only the
//! requirement units the moved occurrences belong to, and walked by simulated annealing
//! ([`crate::anneal`]).

use crate::anneal::{self, Cooling, Neighbourhood, Plan};
use crate::answer::{Placement, Timetable};
use crate::check::{Scratch, Unit, units};
use crate::encode::Encoding;
use crate::instance::{Instance, Style};
use csp_core::Value;
use csp_core::heuristics::SplitMix64;
use std::time::{Duration, Instant};

/// The longest Kempe chain tried (and the size of the move buffers).
pub(super) const CHAIN: usize = 16;

/// Local search over complete valid timetables.
#[derive(Debug)]
pub struct LocalSearch<'a> {
    pub(super) inst: &'a Instance,
    pub(super) tt: Timetable,
    /// Candidate placements of each occurrence (its engine domain), sorted.
    pub(super) cands: Vec<Vec<Placement>>,
    pub(super) movable: Vec<usize>,
    /// Occupancy per resource and slot.
    busy: Vec<u16>,
    /// Per room and slot: occurrences (courses) or seats taken (exams).
    room_use: Vec<u64>,
    /// Per room and slot (courses): the occurrence placed there last (stale once it
    /// leaves; checked against its placement before use).
    occupant: Vec<u32>,
    units: Vec<(bool, usize, Unit)>,
    /// Units of each occurrence (indices into `units`).
    of: Vec<Vec<usize>>,
    value: Vec<u64>,
    cost: u64,
    rng: SplitMix64,
    touched: Vec<usize>,
    /// The touched units' violations after the move being tried.
    new_values: Vec<(usize, u64)>,
    scratch: Scratch,
    occupied_ok: bool,
    /// Per resource: used by chain members at the slot left (1) or entered (2).
    pub(super) res_mark: Vec<u8>,
    /// Per occurrence: whether it may move (not pinned, more than one candidate).
    pub(super) can_move: Vec<bool>,
    /// Whether Kempe-chain moves apply (course timetables, every lesson one period long).
    pub(super) kempe_ok: bool,
    /// Stop after this many moves without a better timetable.
    pub patience: Option<u64>,
    /// Stop after this many moves tried (for benchmarks: a fixed amount of work).
    pub max_moves: Option<u64>,
    /// Moves tried.
    pub tried: u64,
    /// Moves accepted.
    pub accepted: u64,
}

impl<'a> LocalSearch<'a> {
    /// A local search starting from the valid timetable `tt`; pinned occurrences stay.
    pub fn new(
        inst: &'a Instance,
        enc: &Encoding,
        tt: Timetable,
        pins: &[(usize, Placement)],
        seed: u64,
    ) -> Self {
        let n = inst.num_slots();
        let cands: Vec<Vec<Placement>> = (0..inst.occurrences.len())
            .map(|o| {
                let x = enc.var_of(o);
                let mut v: Vec<Placement> = enc
                    .model
                    .domain(x)
                    .iter()
                    .filter(|&v: &Value| v >= 0)
                    .map(|v| enc.placement(o, v))
                    .collect();
                v.sort_by_key(|p| (p.start, p.room));
                v
            })
            .collect();
        let pinned: std::collections::HashSet<usize> = pins.iter().map(|p| p.0).collect();
        let can_move: Vec<bool> = (0..inst.occurrences.len())
            .map(|o| !pinned.contains(&o) && cands[o].len() > 1)
            .collect();
        let movable = (0..inst.occurrences.len())
            .filter(|&o| can_move[o])
            .collect();
        let kempe_ok = inst.style == Style::Course && inst.events.iter().all(|e| e.duration == 1);
        let mut units_all = Vec::new();
        for (soft, list) in [(false, &inst.hard), (true, &inst.soft)] {
            for (i, r) in list.iter().enumerate() {
                for u in units(inst, r, i) {
                    units_all.push((soft, i, u));
                }
            }
        }
        let mut of = vec![Vec::new(); inst.occurrences.len()];
        for (k, (_, _, u)) in units_all.iter().enumerate() {
            for &o in &u.occs {
                of[o].push(k);
            }
        }
        let mut ls = LocalSearch {
            inst,
            tt,
            cands,
            movable,
            busy: vec![0; inst.resources.len() * n],
            room_use: vec![0; inst.rooms.len() * n],
            occupant: vec![u32::MAX; inst.rooms.len() * n],
            units: units_all,
            of,
            value: Vec::new(),
            cost: 0,
            rng: SplitMix64::new(seed ^ 0x5EED),
            touched: Vec::new(),
            new_values: Vec::new(),
            scratch: Scratch::default(),
            occupied_ok: true,
            res_mark: vec![0; inst.resources.len()],
            can_move,
            kempe_ok,
            patience: None,
            max_moves: None,
            tried: 0,
            accepted: 0,
        };
        for o in 0..inst.occurrences.len() {
            ls.occupy(o, true);
        }
        ls.value = (0..ls.units.len()).map(|k| ls.eval(k)).collect();
        ls.cost = (0..ls.units.len())
            .filter(|&k| ls.units[k].0)
            .map(|k| ls.value[k] * ls.weight(k))
            .sum();
        ls
    }

    fn weight(&self, k: usize) -> u64 {
        let (soft, i, _) = &self.units[k];
        if *soft { self.inst.soft[*i].weight } else { 1 }
    }

    fn eval(&mut self, k: usize) -> u64 {
        let (soft, i, u) = &self.units[k];
        let req = if *soft {
            &self.inst.soft[*i]
        } else {
            &self.inst.hard[*i]
        };
        u.violations_in(self.inst, req, &self.tt, None, &mut self.scratch)
    }

    /// Adds (or removes) occurrence `o`'s use of resources and rooms; whether every cell it
    /// touched stays within its limit.
    fn occupy(&mut self, o: usize, add: bool) -> bool {
        let inst = self.inst;
        let n = inst.num_slots();
        let p = self.tt.placements[o];
        let ev = inst.event_of(o);
        let mut ok = true;
        for s in p.start..p.start + ev.duration as usize {
            for &r in &ev.uses {
                let c = &mut self.busy[r * n + s];
                if add {
                    *c += 1;
                    ok &= *c <= 1;
                } else {
                    *c -= 1;
                }
            }
            if let Some(r) = p.room {
                let c = &mut self.room_use[r * n + s];
                let (amount, cap) = match inst.style {
                    Style::Course => (1, 1),
                    Style::Exam => (u64::from(ev.size), u64::from(inst.rooms[r].capacity)),
                };
                if add {
                    *c += amount;
                    ok &= *c <= cap;
                    self.occupant[r * n + s] = o as u32;
                } else {
                    *c -= amount;
                }
            }
        }
        ok
    }

    /// Moves the listed occurrences to new placements when the result is valid; returns the
    /// change of soft cost, or `None` (and nothing changed) when a hard rule would break.
    fn try_move(
        &mut self,
        moves: &[(usize, Placement)],
        old: &mut [(usize, Placement)],
    ) -> Option<i64> {
        for (slot, &(o, _)) in old.iter_mut().zip(moves) {
            *slot = (o, self.tt.placements[o]);
        }
        self.place(moves);
        let mut ok = self.occupied_ok;
        self.touched.clear();
        for &(o, _) in moves {
            self.touched.extend(&self.of[o]);
        }
        self.touched.sort_unstable();
        self.touched.dedup();
        let mut delta = 0i64;
        self.new_values.clear();
        if ok {
            for i in 0..self.touched.len() {
                let k = self.touched[i];
                let v = self.eval(k);
                if !self.units[k].0 && v > 0 {
                    ok = false;
                    break;
                }
                delta += (v as i64 - self.value[k] as i64) * self.weight(k) as i64;
                self.new_values.push((k, v));
            }
        }
        if !ok {
            self.place(old);
            return None;
        }
        Some(delta)
    }

    /// Puts the listed occurrences at their placements, updating the occupancy; records in
    /// `occupied_ok` whether every cell they touch stays within its limit.
    fn place(&mut self, moves: &[(usize, Placement)]) {
        for &(o, _) in moves {
            self.occupy(o, false);
        }
        for &(o, p) in moves {
            self.tt.placements[o] = p;
        }
        let mut ok = true;
        for &(o, _) in moves {
            ok &= self.occupy(o, true);
        }
        self.occupied_ok = ok;
    }

    /// The occurrence alone in placement `p`'s room, starting where `p` does (courses).
    pub(super) fn occupant_at(&self, p: Placement) -> Option<usize> {
        let r = p.room?;
        if self.inst.style != Style::Course {
            return None;
        }
        let cell = r * self.inst.num_slots() + p.start;
        let o = *self.occupant.get(cell)? as usize;
        (self.room_use[cell] == 1 && self.tt.placements.get(o) == Some(&p)).then_some(o)
    }

    /// Keeps the last move tried: its units' new violations become the current ones.
    fn commit(&mut self) {
        for &(k, v) in &self.new_values {
            self.value[k] = v;
        }
    }

    /// Runs until `deadline` (or a stop request, or cost 0), calling `improved` with each
    /// better cost and timetable.
    pub fn run(&mut self, deadline: Option<Instant>, improved: &mut dyn FnMut(u64, &Timetable)) {
        if self.movable.is_empty() || self.cost == 0 {
            return;
        }
        let deadline = deadline.unwrap_or_else(|| Instant::now() + DEFAULT_TIME);
        let total = deadline.saturating_duration_since(Instant::now());
        let mut rng = self.rng.clone();
        let mut walk = Walk {
            ls: self,
            moves: [(0, NOWHERE); CHAIN],
            old: [(0, NOWHERE); CHAIN],
            len: 0,
            improved,
        };
        let (hot, cold) = walk.temperatures(&mut rng);
        let rounds = (total.as_secs_f64() / ROUND_SECONDS).round().max(1.0);
        let plan = Plan {
            hot,
            cold,
            deadline,
            cooling: walk
                .ls
                .patience
                .map_or(Cooling::Rounds(rounds), Cooling::Patience),
            check_every: CHECK_EVERY,
            max_moves: walk.ls.max_moves,
        };
        let mut stats = anneal::Stats {
            tried: walk.ls.tried,
            accepted: walk.ls.accepted,
            reheats: 0,
        };
        let cost = walk.ls.cost;
        walk.ls.cost = anneal::anneal(&mut walk, &mut rng, cost, &plan, &mut stats);
        self.tried = stats.tried;
        self.accepted = stats.accepted;
        self.rng = rng;
    }
}

/// The time a run takes without a deadline.
const DEFAULT_TIME: Duration = Duration::from_secs(10);

/// Long runs anneal in rounds of about a minute, each reheating where the last one cooled:
/// the best of several anneals beats one slow one.
const ROUND_SECONDS: f64 = 60.0;

/// Moves between looks at the clock.
const CHECK_EVERY: u64 = 256;

/// Random moves sampled to calibrate the temperatures.
const CALIBRATION_MOVES: u32 = 2000;

/// With Kempe chains (long moves that need heat), the temperatures run from the mean
/// worsening of a sampled move down to it divided by this.
const KEMPE_COOLING: f64 = 2000.0;

/// Without Kempe chains, from the mean soft weight down to it divided by this: short moves
/// do better cooler than a calibrated heat.
const MOVE_COOLING: f64 = 200.0;

const NOWHERE: Placement = Placement {
    start: 0,
    room: None,
};

/// The local search as the annealer walks it: the move being tried, and whom to tell of a
/// better timetable.
struct Walk<'s, 'a, 'f> {
    ls: &'s mut LocalSearch<'a>,
    moves: [(usize, Placement); CHAIN],
    old: [(usize, Placement); CHAIN],
    /// Entries of `moves` the move tried uses.
    len: usize,
    improved: &'f mut dyn FnMut(u64, &Timetable),
}

impl Walk<'_, '_, '_> {
    /// The temperatures from the hot start to the cold end of a round.
    fn temperatures(&mut self, rng: &mut SplitMix64) -> (f64, f64) {
        if self.ls.kempe_ok {
            let mean_up = anneal::mean_worsening(self, rng, CALIBRATION_MOVES).unwrap_or(1.0);
            (mean_up, mean_up / KEMPE_COOLING)
        } else {
            let w: Vec<u64> = self.ls.inst.soft.iter().map(|r| r.weight).collect();
            let m = (w.iter().sum::<u64>() as f64 / w.len().max(1) as f64).max(1.0);
            (m, m / MOVE_COOLING)
        }
    }
}

impl Neighbourhood for Walk<'_, '_, '_> {
    fn try_move(&mut self, rng: &mut SplitMix64) -> Option<i64> {
        let n = self.ls.propose(rng, &mut self.moves)?;
        self.len = n;
        self.ls.try_move(&self.moves[..n], &mut self.old[..n])
    }

    fn keep(&mut self) {
        self.ls.commit();
    }

    fn undo(&mut self) {
        self.ls.place(&self.old[..self.len]);
    }

    fn new_best(&mut self, cost: u64) {
        (self.improved)(cost, &self.ls.tt);
    }

    fn restore_best(&mut self) {
        unreachable!("the local search cools in rounds or by patience, never restarts")
    }
}
