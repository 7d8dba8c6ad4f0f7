//! Kempe-chain simulated annealing for timetables that are slot assignments: events of one
//! period with no rooms (exam sessions like the Toronto benchmarks), whose costs are per pair
//! of events sharing people (proximity, two in a row, two in a day) or per event and slot
//! (avoided or preferred slots, front load).
//!
//! A *Kempe chain* move takes an event from slot `a` to slot `b` and, with it, every event
//! linked to it through clashes alternating between `a` and `b` (they swap slots), so every
//! timetable visited is clash-free (Thompson & Dowsland, "A robust simulated annealing based
//! examination timetabling system", Computers & OR 25(7), 1998). The cost change is computed
//! from the chain's edges to the events outside it (edges inside keep their distance), so a
//! move costs time in the chain's degree, and nothing is allocated per move. With a small
//! probability the move swaps two whole slots (a slot permutation, which keeps every clash
//! away and changes only proximities). Temperatures fall geometrically with the time used,
//! from one calibrated on sampled moves, and the search restarts from the best timetable
//! when it has stalled at low temperature (a reheat).

mod chain;
mod compile;
mod construct;
mod rooms;
mod walk;

pub use crate::anneal::Stats;
pub use walk::{anneal, price_moves};

use crate::answer::{Placement, Timetable};
use rooms::{Packing, Rooms};

/// The largest number of slots handled (the pair cost is a slots × slots table).
pub const MAX_SLOTS: usize = 1024;

/// The compiled problem: events as vertices, clash edges with their shared headcount, a
/// slots × slots pair cost and an events × slots unary cost.
#[derive(Debug, Clone)]
pub struct SlotModel {
    n: usize,
    slots: usize,
    start: Vec<u32>,
    adj: Vec<u32>,
    weight: Vec<u64>,
    pair: Vec<u64>,
    unary: Vec<u64>,
    allowed: Vec<bool>,
    /// Events that must share a slot with each event (`same_slot`).
    links: Vec<Vec<usize>>,
    /// `(before, after)`: `before`'s slot strictly earlier (`precedence`).
    order: Vec<(usize, usize)>,
    /// Rooms, when events need them (exam style: shared up to their seats).
    rooms: Option<Rooms>,
}

impl SlotModel {
    /// The events next to event `i` in the clash graph (indices into `adj` and `weight`).
    pub(super) fn neighbours(&self, i: usize) -> std::ops::Range<usize> {
        self.start[i] as usize..self.start[i + 1] as usize
    }

    /// The events of each slot.
    pub(super) fn members(&self, t: &[usize]) -> Vec<Vec<usize>> {
        let mut m = vec![Vec::new(); self.slots];
        for (e, &s) in t.iter().enumerate() {
            m[s].push(e);
        }
        m
    }

    /// The cost of slots `t` (each clash-free pair and each event counted once, and the
    /// rooms as packed); `None` when some slot's exams fit in no packing.
    pub fn cost(&self, t: &[usize]) -> Option<u64> {
        let mut c = 0;
        for i in 0..self.n {
            c += self.unary[i * self.slots + t[i]];
            for k in self.neighbours(i) {
                let j = self.adj[k] as usize;
                if j > i {
                    c += self.weight[k] * self.pair[t[i] * self.slots + t[j]];
                }
            }
        }
        if let Some(r) = &self.rooms {
            let mut p = Packing::default();
            for (s, evs) in self.members(t).iter().enumerate() {
                c += r.pack(s, evs, &mut p)?;
            }
        }
        Some(c)
    }

    /// Whether slots `t` are valid: clash-free, allowed, linked and ordered events where
    /// they must be, the rooms packed.
    pub fn valid(&self, t: &[usize]) -> bool {
        (0..self.n).all(|i| {
            self.allowed[i * self.slots + t[i]]
                && self.neighbours(i).all(|k| t[self.adj[k] as usize] != t[i])
                && self.links[i].iter().all(|&j| t[j] == t[i])
        }) && self.order.iter().all(|&(b, a)| t[b] < t[a])
            && self.cost(t).is_some()
    }

    /// Whether events need rooms (exam style, shared up to their seats).
    pub fn with_rooms(&self) -> bool {
        self.rooms.is_some()
    }

    /// The timetable of slots `t`, with the rooms packed.
    pub fn timetable(&self, t: &[usize]) -> Timetable {
        let mut placements: Vec<Placement> = t
            .iter()
            .map(|&start| Placement { start, room: None })
            .collect();
        if let Some(r) = &self.rooms {
            let mut p = Packing::default();
            for (s, evs) in self.members(t).iter().enumerate() {
                if r.pack(s, evs, &mut p).is_some() {
                    for (k, &e) in evs.iter().enumerate() {
                        placements[e].room = Some(p.room[k]);
                    }
                }
            }
        }
        Timetable { placements }
    }
}
