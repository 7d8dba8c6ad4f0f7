//! The moves and the annealing walk.

use super::CourseModel;
use super::state::{EMPTY, State};
use crate::anneal::Stats;
use csp_core::heuristics::SplitMix64;
use std::time::Instant;

/// The price of one clash (a lecture beyond the first of a teacher, curriculum or course in
/// a period) while walking: heavy enough that the walk settles in valid timetables, light
/// enough to cross between them.
const CLASH_WEIGHT: i64 = 20;

/// The starting and final temperatures of the anneal.
const HOT: f64 = 8.0;
const COLD: f64 = 0.15;

/// The shares of the moves: a lecture to another period in its room, to another room in its
/// period, a course gathered into one of its rooms, a Kempe chain swapped between two
/// periods, and a lecture beside one of a curriculum it shares; the rest move a lecture to any
/// period and room (each swapping with the lecture there). Kempe chains at 0.2 beat 0, 0.1
/// and 0.3 over six instances and three seeds.
const SAME_ROOM: f64 = 0.3;
const SAME_PERIOD: f64 = 0.15;
const GATHER: f64 = 0.05;
const KEMPE: f64 = 0.2;
const BESIDE: f64 = 0.1;

/// Below this temperature, a move that would make a clash in a timetable without one is
/// rejected unpriced: it costs `CLASH_WEIGHT` less what it saves (rarely more than a few), so
/// at 2 it would be accepted about once in e^9, and pricing such moves was most of the work of
/// the colder half of a round. At 60 s, 2 gave lower costs than 0.5 and than no gate.
const UNPRICED_CLASH_BELOW: f64 = 2.0;

/// Runs anneal in rounds of about this many seconds (up to `MAX_ROUNDS`), each from the best
/// valid timetable so far, reheated: on comp02, comp05 and comp20 at 300 s this beat one slow
/// cooling.
const ROUND_SECONDS: f64 = 60.0;

/// At most this many rounds; a longer run makes its rounds longer. Each round is a nearly
/// fresh cooling, so more of them only add samples while slower ones go deeper: at 900 s,
/// five rounds beat fifteen on three of comp02, 06, 16 and 20.
const MAX_ROUNDS: f64 = 5.0;

/// Moves between looks at the clock (and temperature updates).
const CHECK_EVERY: u64 = 1024;

/// The lectures of a move: `(lecture, period, room)` each goes to.
type Chain = Vec<(u32, u32, u32)>;

/// A walk: the state, the move being tried and how to undo it.
pub(super) struct Walk<'m> {
    pub(super) st: State<'m>,
    /// `(lecture, period, room)` before the move being tried.
    old: Vec<(u32, u32, u32)>,
    /// `(clashes, soft)` before the move being tried.
    old_cost: (i64, i64),
    /// Per lecture: the Kempe chain that last took it in (to test membership in O(1)).
    chained: Vec<u32>,
    /// The number of the current Kempe chain.
    chain: u32,
}

impl<'m> Walk<'m> {
    /// A walk from state `st`.
    pub(super) fn new(st: State<'m>) -> Walk<'m> {
        Walk {
            chained: vec![0; st.m.len()],
            st,
            old: Vec::new(),
            old_cost: (0, 0),
            chain: 0,
        }
    }

    /// The state's cost as the walk prices it.
    fn priced(&self) -> i64 {
        self.st.clashes * CLASH_WEIGHT + self.st.soft
    }

    /// Moves each listed lecture to its `(period, room)` (cells free once all of them left),
    /// remembering where they were; only what changes for a lecture (its period, its room)
    /// is counted out and in.
    pub(super) fn relocate(&mut self, moves: &[(u32, u32, u32)]) {
        self.old.clear();
        self.old_cost = (self.st.clashes, self.st.soft);
        for &(l, s2, r2) in moves {
            let (s, r) = self.st.at[l as usize];
            self.old.push((l, s, r));
            self.st.leave::<true>(l as usize, s != s2, r != r2);
        }
        for (&(l, s2, r2), &(_, s, r)) in moves.iter().zip(&self.old) {
            self.st.enter::<true>(l as usize, s2, r2, s != s2, r != r2);
        }
    }

    /// Puts the lectures of the last move back; its price is known, so only the counts are
    /// undone (pricing them again was half the work of a rejected move).
    pub(super) fn undo(&mut self) {
        for &(l, s, r) in &self.old {
            let (s2, r2) = self.st.at[l as usize];
            self.st.leave::<false>(l as usize, s != s2, r != r2);
        }
        for &(l, s, r) in &self.old {
            // Leaving keeps `at`, so it still says where the move took `l`.
            let (s2, r2) = self.st.at[l as usize];
            self.st.enter::<false>(l as usize, s, r, s != s2, r != r2);
        }
        (self.st.clashes, self.st.soft) = self.old_cost;
    }

    /// Lecture `l` to period `s2` and room `r2`, swapping with the lecture there; `None` when
    /// that lecture may not take `l`'s place (or is of the same course, or nothing moves).
    fn move_swap(&mut self, l: usize, s2: u32, r2: u32, buf: &mut Chain) -> bool {
        let m = self.st.m;
        let (s, r) = self.st.at[l];
        if (s, r) == (s2, r2) || !m.open[r2 as usize * m.slots + s2 as usize] {
            return false;
        }
        buf.clear();
        buf.push((l as u32, s2, r2));
        let o = self.st.cell[s2 as usize * m.rooms + r2 as usize];
        if o != EMPTY {
            let c = m.course[o as usize] as usize;
            if c == m.course[l] as usize
                || !m.slot_ok[c * m.slots + s as usize]
                || !m.room_ok[c * m.rooms + r as usize]
            {
                return false;
            }
            buf.push((o, s, r));
        }
        true
    }

    /// The lectures of `l`'s course moved into `l`'s room in their own periods, swapping
    /// rooms with the lectures there; `false` when none can move or the course uses one room.
    fn gather(&mut self, l: usize, buf: &mut Chain) -> bool {
        let m = self.st.m;
        let c = m.course[l] as usize;
        let target = self.st.at[l].1;
        buf.clear();
        if self.st.rooms_used[c] <= 1 {
            return false;
        }
        for k in m.lectures[c].clone() {
            let (s, r) = self.st.at[k];
            let taken = buf.iter().any(|&(_, bs, br)| bs == s && br == target);
            if r == target || taken || !m.open[target as usize * m.slots + s as usize] {
                continue;
            }
            let o = self.st.cell[s as usize * m.rooms + target as usize];
            if o != EMPTY {
                let oc = m.course[o as usize] as usize;
                if oc == c || !m.room_ok[oc * m.rooms + r as usize] {
                    continue;
                }
                buf.push((o, s, r));
            }
            buf.push((k as u32, s, target));
        }
        !buf.is_empty()
    }

    /// A Kempe chain: lecture `l` and every lecture linked to it through the two periods
    /// (sharing a teacher, curriculum or course, or a room) swapped between `l`'s period and
    /// `s2`, each keeping its room, so no new clash or room clash appears; `false` when a
    /// lecture of the chain may not take the other period.
    pub(super) fn kempe(&mut self, l: usize, s2: u32, buf: &mut Chain) -> bool {
        let m = self.st.m;
        let (s1, r1) = self.st.at[l];
        if s1 == s2 {
            return false;
        }
        self.chain = self.chain.wrapping_add(1);
        if self.chain == 0 {
            self.chained.fill(0);
            self.chain = 1;
        }
        buf.clear();
        buf.push((l as u32, s2, r1));
        self.chained[l] = self.chain;
        let mut next = 0;
        while let Some(&(x, to, r)) = buf.get(next) {
            next += 1;
            let cx = m.course[x as usize] as usize;
            let from = self.st.at[x as usize].0;
            if !m.slot_ok[cx * m.slots + to as usize] || !m.open[r as usize * m.slots + to as usize]
            {
                return false;
            }
            if m.link_by_bits {
                self.link_by_bits(cx, from, to, r, buf);
            } else {
                self.link_by_rooms(cx, from, to, r, buf);
            }
        }
        true
    }

    /// Adds to the chain in `buf` (bound for `from`) the lectures of period `to` linked to
    /// one of course `cx` going there in room `r`: those of the courses it shares a resource
    /// with, found as bits of the courses present, and the one in room `r`.
    // Kept out of line: inlined, it slowed the walk of instances that link by rooms.
    #[inline(never)]
    fn link_by_bits(&mut self, cx: usize, from: u32, to: u32, r: u32, buf: &mut Chain) {
        let m = self.st.m;
        for (w, &links) in m.share_row(cx).iter().enumerate() {
            let mut bits = links & self.st.present_in(to as usize)[w];
            while bits != 0 {
                let co = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for k in m.lectures[co].clone() {
                    let (sk, rk) = self.st.at[k];
                    if sk == to {
                        self.take(k as u32, from, rk, buf);
                    }
                }
            }
        }
        let o = self.st.cell[to as usize * m.rooms + r as usize];
        if o != EMPTY {
            self.take(o, from, r, buf);
        }
    }

    /// Lecture `o` into the chain in `buf`, bound for period `to` in its room `r`, unless it
    /// is in already.
    fn take(&mut self, o: u32, to: u32, r: u32, buf: &mut Chain) {
        if self.chained[o as usize] != self.chain {
            self.chained[o as usize] = self.chain;
            buf.push((o, to, r));
        }
    }

    /// [`Walk::link_by_bits`] by a look at every room of period `to`.
    #[inline]
    fn link_by_rooms(&mut self, cx: usize, from: u32, to: u32, r: u32, buf: &mut Chain) {
        let m = self.st.m;
        for r2 in 0..m.rooms {
            let o = self.st.cell[to as usize * m.rooms + r2];
            if o != EMPTY && (r2 == r as usize || m.share(cx, m.course[o as usize] as usize)) {
                self.take(o, from, r2 as u32, buf);
            }
        }
    }

    /// Lecture `l` beside a lecture of another course of a curriculum (a resource priced for
    /// isolated lectures) it shares, in the period before or after that one on its day, in
    /// `l`'s room, swapping with the lecture there: a way out of being alone that a move to
    /// any period rarely finds once most are taken.
    pub(super) fn beside(&mut self, l: usize, rng: &mut SplitMix64, buf: &mut Chain) -> bool {
        let m = self.st.m;
        let c = m.course[l] as usize;
        // The course's own resource, last, is never priced for isolation.
        let shared = &m.uses[c][..m.uses[c].len() - 1];
        if shared.is_empty() {
            return false;
        }
        let q = shared[rng.index(shared.len())] as usize;
        let courses = &m.users[q];
        if m.isolated[q] == 0 || courses.len() < 2 {
            return false;
        }
        let other = courses[rng.index(courses.len())] as usize;
        let lectures = m.lectures[other].clone();
        if other == c || lectures.is_empty() {
            return false;
        }
        let k = lectures.start + rng.index(lectures.len());
        let sk = self.st.at[k].0 as usize;
        let p = sk % m.periods;
        let s2 = match rng.below(2) {
            0 if p > 0 => sk - 1,
            1 if p + 1 < m.periods => sk + 1,
            _ => return false,
        };
        m.slot_ok[c * m.slots + s2] && self.move_swap(l, s2 as u32, self.st.at[l].1, buf)
    }

    /// Whether the move in `buf`, made from a timetable without clashes, would make one: a
    /// lecture moved to another period where one of its resources is busy (for a swap, of
    /// two courses sharing nothing, either way). Other moves (several lectures, or courses
    /// that share) answer `false` and are priced.
    pub(super) fn makes_clash(&self, buf: &[(u32, u32, u32)]) -> bool {
        let m = self.st.m;
        match *buf {
            [(l, s2, _)] => {
                let s = self.st.at[l as usize].0;
                s != s2 && self.st.busy_in(m.course[l as usize] as usize, s2 as usize)
            }
            [(l, s2, _), (o, s, _)] => {
                let (c, co) = (m.course[l as usize] as usize, m.course[o as usize] as usize);
                s != s2
                    && !m.share(c, co)
                    && (self.st.busy_in(c, s2 as usize) || self.st.busy_in(co, s as usize))
            }
            _ => false,
        }
    }

    /// Draws a move into `buf`; whether there is one to try.
    pub(super) fn propose(&mut self, rng: &mut SplitMix64, buf: &mut Chain) -> bool {
        let m = self.st.m;
        let l = rng.index(m.len());
        let c = m.course[l] as usize;
        let (s, r) = self.st.at[l];
        let slots = &m.course_slots[c];
        let rooms = &m.course_rooms[c];
        let kind = rng.unit();
        if kind < GATHER {
            return self.gather(l, buf);
        }
        if kind < GATHER + KEMPE {
            return self.kempe(l, slots[rng.index(slots.len())], buf);
        }
        let kind = kind - KEMPE;
        if kind >= 1.0 - KEMPE - BESIDE {
            return self.beside(l, rng, buf);
        }
        let (s2, r2) = if kind < GATHER + SAME_ROOM {
            (slots[rng.index(slots.len())], r)
        } else if kind < GATHER + SAME_ROOM + SAME_PERIOD {
            (s, rooms[rng.index(rooms.len())])
        } else {
            (slots[rng.index(slots.len())], rooms[rng.index(rooms.len())])
        };
        m.room_ok[c * m.rooms + r2 as usize] && self.move_swap(l, s2, r2, buf)
    }
}

/// Prices `count` random moves from the lectures at `start` (as [`CourseModel::state_of`]
/// gives them), each made and undone (the annealing's inner step, for benchmarks); returns
/// the sum of the priced changes and how many moves there were.
pub fn price_moves(m: &CourseModel, start: &[(u32, u32)], seed: u64, count: u64) -> (i64, u64) {
    let (mut sum, mut made) = (0i64, 0u64);
    if m.is_empty() {
        return (sum, made);
    }
    let mut w = Walk::new(State::new(m, start));
    let mut rng = SplitMix64::new(seed);
    let mut buf = Vec::new();
    for _ in 0..count {
        if !w.propose(&mut rng, &mut buf) {
            continue;
        }
        let before = w.priced();
        w.relocate(&buf);
        sum += w.priced() - before;
        made += 1;
        w.undo();
    }
    (sum, made)
}

/// The number of rounds in `total` seconds.
pub(super) fn rounds_for(total: f64) -> f64 {
    (total / ROUND_SECONDS).round().clamp(1.0, MAX_ROUNDS)
}

/// Anneals from the lectures at `start` until `deadline` (or a stop request, or cost 0),
/// calling `improved` with the cost of each better valid timetable; returns the best one
/// (`start` when none was better).
pub fn anneal(
    m: &CourseModel,
    start: &[(u32, u32)],
    seed: u64,
    deadline: Instant,
    stats: &mut Stats,
    improved: &mut dyn FnMut(u64),
) -> Vec<(u32, u32)> {
    let mut best = start.to_vec();
    if m.is_empty() {
        return best;
    }
    let mut w = Walk::new(State::new(m, start));
    let mut best_cost = if w.st.clashes == 0 {
        w.st.soft
    } else {
        i64::MAX
    };
    let mut rng = SplitMix64::new(seed ^ 0xC0_55E5);
    let mut buf = Vec::new();
    let began = Instant::now();
    let total = deadline.saturating_duration_since(began).as_secs_f64();
    let rounds = rounds_for(total);
    let (mut temp, mut round) = (HOT, 0.0);
    while best_cost > 0 {
        if stats.tried.is_multiple_of(CHECK_EVERY) {
            let now = Instant::now();
            if now >= deadline || csp_core::termination::stop_requested() {
                break;
            }
            // Rounds done, and how far into the current one.
            let f = (now - began).as_secs_f64() / total.max(1e-9) * rounds;
            if f.floor() > round {
                round = f.floor();
                if best_cost < i64::MAX {
                    w = Walk::new(State::new(m, &best));
                }
            }
            temp = HOT * (COLD / HOT).powf(f - round);
        }
        stats.tried += 1;
        if !w.propose(&mut rng, &mut buf) {
            continue;
        }
        if temp < UNPRICED_CLASH_BELOW && w.st.clashes == 0 && w.makes_clash(&buf) {
            continue;
        }
        let before = w.priced();
        w.relocate(&buf);
        let d = w.priced() - before;
        if d <= 0 || rng.unit() < (-(d as f64) / temp).exp() {
            stats.accepted += 1;
            if w.st.clashes == 0 && w.st.soft < best_cost {
                best_cost = w.st.soft;
                best.clone_from(&w.st.at);
                improved(best_cost as u64);
            }
        } else {
            w.undo();
        }
    }
    best
}
