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

pub use crate::anneal::Stats;
use crate::anneal::{self, Cooling, Neighbourhood, Plan};
use crate::answer::{Placement, Timetable};
use crate::instance::{EventSel, Instance, Kind, ResourceSel, RoomNeed, Scope, Style};
use csp_core::heuristics::SplitMix64;
use std::time::Instant;

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

/// Rooms of an exam session: seats, the cost of using each, exams that want a room alone,
/// and the weight of mixed durations in one room and slot.
#[derive(Debug, Clone)]
struct Rooms {
    seats: Vec<u64>,
    penalty: Vec<u64>,
    /// Rooms unavailable per slot (`slot × rooms + room`).
    closed: Vec<bool>,
    mixed: u64,
    alone: Vec<bool>,
    size: Vec<u64>,
    minutes: Vec<u32>,
}

/// Buffers of a room packing.
#[derive(Debug, Clone, Default)]
struct Packing {
    order: Vec<usize>,
    left: Vec<u64>,
    lens: Vec<Vec<u32>>,
    lone: Vec<bool>,
    room: Vec<usize>,
}

impl Rooms {
    /// Puts the events of one slot into rooms, largest first, each where it adds the least
    /// cost (room penalty, a new length in the room), then the tightest fit; `room[k]` is
    /// the room of `events[k]`. `None` when an event finds no room.
    fn pack(&self, slot: usize, events: &[usize], p: &mut Packing) -> Option<u64> {
        let nr = self.seats.len();
        p.order.clear();
        p.order.extend(0..events.len());
        p.order
            .sort_unstable_by_key(|&k| (std::cmp::Reverse(self.size[events[k]]), events[k]));
        p.left.clear();
        p.left.extend_from_slice(&self.seats);
        p.lens.resize_with(nr, Vec::new);
        p.lens.iter_mut().for_each(Vec::clear);
        p.lone.clear();
        p.lone.resize(nr, false);
        p.room.clear();
        p.room.resize(events.len(), usize::MAX);
        let mut cost = 0;
        for &k in &p.order {
            let e = events[k];
            let mut best: Option<(u64, u64, usize)> = None;
            for r in 0..nr {
                if self.closed[slot * nr + r]
                    || p.left[r] < self.size[e]
                    || p.lone[r]
                    || (self.alone[e] && !p.lens[r].is_empty())
                {
                    continue;
                }
                let add = self.penalty[r]
                    + if p.lens[r].is_empty() || p.lens[r].contains(&self.minutes[e]) {
                        0
                    } else {
                        self.mixed
                    };
                let key = (add, p.left[r] - self.size[e], r);
                if best.is_none_or(|b| key < b) {
                    best = Some(key);
                }
            }
            let (add, _, r) = best?;
            cost += add;
            p.left[r] -= self.size[e];
            if !p.lens[r].contains(&self.minutes[e]) {
                p.lens[r].push(self.minutes[e]);
            }
            p.lone[r] |= self.alone[e];
            p.room[k] = r;
        }
        Some(cost)
    }
}

impl SlotModel {
    /// The model of `inst`, when it is a slot assignment this search handles: every event
    /// occurs once, lasts one period and needs no room; hard requirements are at most
    /// `different_slot`; soft ones are `proximity`, `two_in_a_row`, `two_in_a_day` (over one
    /// common selection of resources), `avoid_slots`, `prefer_slots` and `front_load`.
    pub fn new(inst: &Instance) -> Option<SlotModel> {
        let n = inst.events.len();
        let slots = inst.num_slots();
        let with_rooms = inst
            .events
            .first()
            .is_some_and(|e| e.room != RoomNeed::None);
        let room_ok = |e: &crate::instance::Event| match &e.room {
            RoomNeed::None => !with_rooms,
            RoomNeed::Any { features } => {
                with_rooms && features.is_empty() && !e.seats_soft && inst.style == Style::Exam
            }
            RoomNeed::Fixed(_) => false,
        };
        if n == 0
            || slots > MAX_SLOTS
            || inst
                .events
                .iter()
                .any(|e| e.count != 1 || e.duration != 1 || !room_ok(e))
        {
            return None;
        }
        let mut rooms = with_rooms.then(|| Rooms {
            seats: inst.rooms.iter().map(|r| u64::from(r.capacity)).collect(),
            penalty: vec![0; inst.rooms.len()],
            closed: (0..slots)
                .flat_map(|s| inst.rooms.iter().map(move |r| r.unavailable[s]))
                .collect(),
            mixed: 0,
            alone: vec![false; n],
            size: inst.events.iter().map(|e| u64::from(e.size)).collect(),
            minutes: inst
                .events
                .iter()
                .map(|e| e.minutes.unwrap_or(e.duration * 60))
                .collect(),
        });
        let mut sel: Option<&ResourceSel> = None;
        let mut pair = vec![0u64; slots * slots];
        let mut unary = vec![0u64; n * slots];
        let mut any_pair = false;
        for req in &inst.soft {
            let w = req.weight;
            match &req.kind {
                Kind::Proximity(s, _) | Kind::TwoInARow(s) | Kind::TwoInADay(s) => {
                    if sel.is_some_and(|x| x != s) {
                        return None;
                    }
                    sel = Some(s);
                    any_pair = true;
                    for a in 0..slots {
                        for b in 0..slots {
                            let d = a.abs_diff(b);
                            let same_day = inst.day_of(a) == inst.day_of(b);
                            pair[a * slots + b] += w * match &req.kind {
                                Kind::Proximity(_, ws) if d >= 1 && d <= ws.len() => ws[d - 1],
                                Kind::TwoInARow(_) if same_day && d == 1 => 1,
                                Kind::TwoInADay(_) if same_day && d > 1 => 1,
                                _ => 0,
                            };
                        }
                    }
                }
                Kind::AvoidSlots(scope, set) | Kind::PreferSlots(scope, set) => {
                    let avoid = matches!(req.kind, Kind::AvoidSlots(..));
                    let times: Vec<u64> = match scope {
                        Scope::Events(EventSel::Each) => vec![1; n],
                        Scope::Events(EventSel::List(l)) => {
                            (0..n).map(|e| u64::from(l.contains(&e))).collect()
                        }
                        Scope::Resources(rs) => {
                            let chosen = inst.select_resources(rs);
                            inst.events
                                .iter()
                                .map(|ev| {
                                    ev.uses.iter().filter(|r| chosen.contains(r)).count() as u64
                                })
                                .collect()
                        }
                    };
                    for (e, &k) in times.iter().enumerate() {
                        for s in 0..slots {
                            if set[s] == avoid {
                                unary[e * slots + s] += w * k;
                            }
                        }
                    }
                }
                Kind::FrontLoad {
                    largest,
                    last_slots,
                } => {
                    let mut events: Vec<usize> = (0..n).collect();
                    events.sort_by_key(|&e| (std::cmp::Reverse(inst.events[e].size), e));
                    events.truncate(*largest);
                    for e in events {
                        for s in slots.saturating_sub(*last_slots)..slots {
                            unary[e * slots + s] += w;
                        }
                    }
                }
                // Without rooms these cost nothing.
                Kind::MixedDurations => {
                    if let Some(r) = rooms.as_mut() {
                        r.mixed += w;
                    }
                }
                Kind::AvoidRooms(set) => {
                    if let Some(r) = rooms.as_mut() {
                        for (k, &b) in set.iter().enumerate() {
                            if b {
                                r.penalty[k] += w;
                            }
                        }
                    }
                }
                _ => return None,
            }
        }
        let mut links: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut order = Vec::new();
        let mut different: Vec<(usize, usize)> = Vec::new();
        for req in &inst.hard {
            match &req.kind {
                Kind::DifferentSlot(l) => {
                    for (i, &a) in l.iter().enumerate() {
                        for &b in &l[i + 1..] {
                            different.push((a, b));
                        }
                    }
                }
                Kind::SameSlot(l) => {
                    for &a in l {
                        for &b in l {
                            if a != b && !links[a].contains(&b) {
                                links[a].push(b);
                            }
                        }
                    }
                }
                Kind::Precedence { before, after } => order.push((*before, *after)),
                Kind::ExclusiveRoom(l) => {
                    if let Some(r) = rooms.as_mut() {
                        l.iter().for_each(|&e| r.alone[e] = true);
                    }
                }
                _ => return None,
            }
        }
        // Clash edges and the headcount each pair shares among the costed resources.
        let counted: Vec<bool> = match sel {
            Some(s) => {
                let mut v = vec![false; inst.resources.len()];
                for r in inst.select_resources(s) {
                    v[r] = true;
                }
                v
            }
            None => vec![false; inst.resources.len()],
        };
        let by_resource = inst.events_by_resource();
        let mut acc = vec![0u64; n];
        let mut seen = vec![false; n];
        let mut touched = Vec::new();
        let mut start = Vec::with_capacity(n + 1);
        let (mut adj, mut weight) = (Vec::new(), Vec::new());
        let mut extra: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &(a, b) in &different {
            extra[a].push(b);
            extra[b].push(a);
        }
        for (i, ev) in inst.events.iter().enumerate() {
            start.push(adj.len() as u32);
            for &r in &ev.uses {
                let h = if counted[r] {
                    u64::from(inst.resources[r].headcount.max(1))
                } else {
                    0
                };
                for &j in &by_resource[r] {
                    if j != i {
                        if !seen[j] {
                            seen[j] = true;
                            touched.push(j);
                        }
                        acc[j] += h;
                    }
                }
            }
            for &j in &extra[i] {
                if !seen[j] {
                    seen[j] = true;
                    touched.push(j);
                }
            }
            touched.sort_unstable();
            for &j in &touched {
                adj.push(j as u32);
                weight.push(acc[j]);
                acc[j] = 0;
                seen[j] = false;
            }
            touched.clear();
        }
        start.push(adj.len() as u32);
        let _ = any_pair;
        // Where each event may go: open slots, its allowed and not forbidden ones, its
        // people available, its fixed slot if it has one.
        let mut allowed = vec![false; n * slots];
        for (e, ev) in inst.events.iter().enumerate() {
            for s in 0..slots {
                allowed[e * slots + s] = !inst.blocked[s]
                    && ev.allowed.as_ref().is_none_or(|a| a[s])
                    && !ev.forbidden[s]
                    && ev.uses.iter().all(|&r| !inst.resources[r].unavailable[s])
                    && (ev.fixed.is_empty() || ev.fixed.contains(&s));
            }
        }
        Some(SlotModel {
            n,
            slots,
            start,
            adj,
            weight,
            pair,
            unary,
            allowed,
            links,
            order,
            rooms,
        })
    }

    fn neighbours(&self, i: usize) -> std::ops::Range<usize> {
        self.start[i] as usize..self.start[i + 1] as usize
    }

    /// The events of each slot.
    fn members(&self, t: &[usize]) -> Vec<Vec<usize>> {
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

/// The annealing's state and buffers.
struct Anneal<'a> {
    m: &'a SlotModel,
    t: Vec<usize>,
    mark: Vec<u32>,
    stamp: u32,
    chain: Vec<usize>,
    /// With rooms: the events of each slot, each slot's room cost, and buffers.
    members: Vec<Vec<usize>>,
    room_cost: Vec<u64>,
    new_cost: (u64, u64),
    side: Vec<usize>,
    packing: Packing,
}

impl Anneal<'_> {
    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|x| *x = 0);
            self.stamp = 1;
        }
    }

    /// Builds the Kempe chain of moving `i` to slot `b` into `self.chain` (with the events
    /// linked to its members); false when a member cannot take its new slot.
    fn chain(&mut self, i: usize, b: usize) -> bool {
        let m = self.m;
        let a = self.t[i];
        self.next_stamp();
        self.chain.clear();
        self.chain.push(i);
        self.mark[i] = self.stamp;
        let mut k = 0;
        while k < self.chain.len() {
            let x = self.chain[k];
            k += 1;
            let to = if self.t[x] == a { b } else { a };
            if !m.allowed[x * m.slots + to] {
                return false;
            }
            for e in m.neighbours(x) {
                let y = m.adj[e] as usize;
                if self.t[y] == to && self.mark[y] != self.stamp {
                    self.mark[y] = self.stamp;
                    self.chain.push(y);
                }
            }
            for &y in &m.links[x] {
                if self.mark[y] != self.stamp {
                    if self.t[y] != self.t[x] {
                        return false;
                    }
                    self.mark[y] = self.stamp;
                    self.chain.push(y);
                }
            }
        }
        true
    }

    /// Marks every event of slots `a` and `b` as the chain (a slot swap); false when one
    /// cannot take the other slot.
    fn whole(&mut self, a: usize, b: usize) -> bool {
        self.next_stamp();
        self.chain.clear();
        for x in 0..self.m.n {
            if self.t[x] == a || self.t[x] == b {
                self.chain.push(x);
                self.mark[x] = self.stamp;
            }
        }
        let m = self.m;
        self.chain.iter().all(|&x| {
            let to = if self.t[x] == a { b } else { a };
            m.allowed[x * m.slots + to]
        })
    }

    /// The new slot of `x` if the chain between `a` and `b` is swapped.
    fn after(&self, x: usize, a: usize, b: usize) -> usize {
        let t = self.t[x];
        if self.mark[x] != self.stamp || (t != a && t != b) {
            t
        } else if t == a {
            b
        } else {
            a
        }
    }

    /// The cost change of swapping the chain between `a` and `b`, or `None` when the
    /// result breaks an order or packs into no rooms.
    fn delta(&mut self, a: usize, b: usize) -> Option<i64> {
        let m = self.m;
        if m.order
            .iter()
            .any(|&(x, y)| self.after(x, a, b) >= self.after(y, a, b))
        {
            return None;
        }
        let s = m.slots;
        let mut d: i64 = 0;
        for &x in &self.chain {
            let from = self.t[x];
            let to = if from == a { b } else { a };
            d += m.unary[x * s + to] as i64 - m.unary[x * s + from] as i64;
            for e in m.neighbours(x) {
                let y = m.adj[e] as usize;
                let w = m.weight[e];
                if w == 0 || self.mark[y] == self.stamp {
                    continue;
                }
                let ty = self.t[y];
                d += (w * m.pair[to * s + ty]) as i64 - (w * m.pair[from * s + ty]) as i64;
            }
        }
        if let Some(r) = &m.rooms {
            let mut costs = [0u64; 2];
            for (k, (here, there)) in [(a, b), (b, a)].into_iter().enumerate() {
                // The events of `here` after the swap: those that stay, and the chain's from
                // `there`.
                self.side.clear();
                for &x in &self.members[here] {
                    if self.mark[x] != self.stamp {
                        self.side.push(x);
                    }
                }
                for &x in &self.members[there] {
                    if self.mark[x] == self.stamp {
                        self.side.push(x);
                    }
                }
                costs[k] = r.pack(here, &self.side, &mut self.packing)?;
            }
            d += (costs[0] + costs[1]) as i64 - (self.room_cost[a] + self.room_cost[b]) as i64;
            self.new_cost = (costs[0], costs[1]);
        }
        Some(d)
    }

    fn apply(&mut self, a: usize, b: usize) {
        for k in 0..self.chain.len() {
            let x = self.chain[k];
            self.t[x] = if self.t[x] == a { b } else { a };
        }
        if self.m.rooms.is_some() {
            let stamp = self.stamp;
            let mark = &self.mark;
            let (mut from_a, mut from_b) = (Vec::new(), Vec::new());
            self.members[a].retain(|&x| {
                let moving = mark[x] == stamp;
                if moving {
                    from_a.push(x);
                }
                !moving
            });
            self.members[b].retain(|&x| {
                let moving = mark[x] == stamp;
                if moving {
                    from_b.push(x);
                }
                !moving
            });
            self.members[a].extend(from_b);
            self.members[b].extend(from_a);
            self.room_cost[a] = self.new_cost.0;
            self.room_cost[b] = self.new_cost.1;
        }
    }
}

/// Prices `count` random Kempe-chain moves from the valid slots `start` without making them
/// (the annealing's inner step, for benchmarks and tests); returns the sum of the cost
/// changes of those that are possible, and how many were.
pub fn price_moves(m: &SlotModel, start: &[usize], seed: u64, count: u64) -> (i64, u64) {
    let members = m.members(start);
    let mut packing = Packing::default();
    let room_cost: Vec<u64> = match &m.rooms {
        Some(r) => members
            .iter()
            .enumerate()
            .map(|(s, evs)| r.pack(s, evs, &mut packing).unwrap_or(0))
            .collect(),
        None => vec![0; m.slots],
    };
    let mut st = Anneal {
        m,
        t: start.to_vec(),
        mark: vec![0; m.n],
        stamp: 0,
        chain: Vec::with_capacity(m.n),
        members,
        room_cost,
        new_cost: (0, 0),
        side: Vec::new(),
        packing,
    };
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
    let members = m.members(start);
    let mut packing = Packing::default();
    let room_cost: Vec<u64> = match &m.rooms {
        Some(r) => members
            .iter()
            .enumerate()
            .map(|(s, evs)| r.pack(s, evs, &mut packing).unwrap_or(0))
            .collect(),
        None => vec![0; m.slots],
    };
    let mut walk = Walk {
        st: Anneal {
            m,
            t: start.to_vec(),
            mark: vec![0; m.n],
            stamp: 0,
            chain: Vec::with_capacity(m.n),
            members,
            room_cost,
            new_cost: (0, 0),
            side: Vec::new(),
            packing,
        },
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
    st: Anneal<'a>,
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
        let m = self.st.m;
        let st = &mut self.st;
        st.t.clone_from(&self.best);
        st.members = m.members(&self.best);
        if let Some(r) = &m.rooms {
            for s in 0..m.slots {
                st.room_cost[s] = r.pack(s, &st.members[s], &mut st.packing).unwrap_or(0);
            }
        }
    }
}
