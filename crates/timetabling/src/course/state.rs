//! The walk's state: where each lecture is, with the counts that price a change in constant
//! time, and the clash count and soft cost they add up to.

use super::CourseModel;

/// No lecture in a room and period.
pub(super) const EMPTY: u32 = u32::MAX;

/// Lectures placed, with their counts, clashes and soft cost.
#[derive(Debug, Clone)]
pub(super) struct State<'m> {
    pub(super) m: &'m CourseModel,
    /// `(period, room)` per lecture.
    pub(super) at: Vec<(u32, u32)>,
    /// Per period and room: the lecture there, or [`EMPTY`].
    pub(super) cell: Vec<u32>,
    /// Per resource and period: lectures using it.
    busy: Vec<u16>,
    /// Per course and day: its lectures that day.
    day_count: Vec<u16>,
    /// Per course: days with a lecture.
    days_used: Vec<u16>,
    /// Per course and room: its lectures there.
    room_count: Vec<u16>,
    /// Per course: rooms it uses.
    pub(super) rooms_used: Vec<u16>,
    /// Per period, a row of bits: the courses with a lecture there (empty unless the model
    /// links by bits), so a Kempe chain finds the lectures linked to one by word operations
    /// instead of a look at every room.
    present: Vec<u64>,
    /// Lecture pairs sharing a resource in a period, counted as lectures beyond the first.
    pub(super) clashes: i64,
    /// The soft cost.
    pub(super) soft: i64,
}

impl<'m> State<'m> {
    /// The state of lectures at `at` (valid for the model: see [`CourseModel::state_of`]).
    pub(super) fn new(m: &'m CourseModel, at: &[(u32, u32)]) -> State<'m> {
        let courses = m.lectures.len();
        let mut st = State {
            m,
            at: at.to_vec(),
            cell: vec![EMPTY; m.slots * m.rooms],
            busy: vec![0; m.isolated.len() * m.slots],
            day_count: vec![0; courses * m.days],
            days_used: vec![0; courses],
            room_count: vec![0; courses * m.rooms],
            rooms_used: vec![0; courses],
            present: if m.link_by_bits {
                vec![0; m.slots * m.course_words()]
            } else {
                Vec::new()
            },
            clashes: 0,
            soft: 0,
        };
        // Empty courses still owe their minimum of days.
        for c in 0..courses {
            st.soft += st.min_days_cost(c, 0);
        }
        for (l, &(s, r)) in at.iter().enumerate() {
            st.add(l, s, r);
        }
        st
    }

    /// Everything the state counts, to compare two states in tests.
    #[cfg(test)]
    pub(super) fn counts(&self) -> impl PartialEq + std::fmt::Debug + '_ {
        (
            (&self.at, &self.cell, &self.busy, &self.day_count),
            (
                &self.days_used,
                &self.room_count,
                &self.rooms_used,
                &self.present,
            ),
            (self.clashes, self.soft),
        )
    }

    /// Period `s`'s row of courses present (kept when the model links by bits).
    pub(super) fn present_in(&self, s: usize) -> &[u64] {
        let words = self.m.course_words();
        &self.present[s * words..(s + 1) * words]
    }

    /// Whether a resource of course `c` is busy in period `s`.
    pub(super) fn busy_in(&self, c: usize, s: usize) -> bool {
        let m = self.m;
        m.uses[c]
            .iter()
            .any(|&q| self.busy[q as usize * m.slots + s] > 0)
    }

    /// The soft cost of course `c` on `days` days.
    fn min_days_cost(&self, c: usize, days: u16) -> i64 {
        self.m.min_days[c]
            .iter()
            .map(|&(v, w)| (w * u64::from(v).saturating_sub(u64::from(days))) as i64)
            .sum()
    }

    /// The soft cost of course `c` in `rooms` rooms.
    fn stability_cost(&self, c: usize, rooms: u16) -> i64 {
        (self.m.stability[c] * u64::from(rooms.saturating_sub(1))) as i64
    }

    /// The change in isolated lectures (unweighted) of resource `q` when one lecture joins
    /// the `below` already at period `s`; leaving is the negation with `below` those that
    /// stay. Only `s`'s neighbours that day are read, so `s`'s own count may be either; `p`
    /// is `s`'s place in its day.
    #[inline]
    fn isolated_step(&self, q: usize, s: usize, p: usize, below: u16) -> i64 {
        let n = self.m.periods;
        let row = &self.busy[q * self.m.slots..];
        let left = p > 0 && row[s - 1] > 0;
        let right = p + 1 < n && row[s + 1] > 0;
        let mut d = i64::from(!left && !right);
        if below == 0 {
            // `s` fills: a busy neighbour with nothing on its far side stops being alone.
            if left && (p < 2 || row[s - 2] == 0) {
                d -= i64::from(row[s - 1]);
            }
            if right && (p + 2 >= n || row[s + 2] == 0) {
                d -= i64::from(row[s + 1]);
            }
        }
        d
    }

    /// Puts lecture `l` at period `s` in room `r` (a free cell), priced.
    fn add(&mut self, l: usize, s: u32, r: u32) {
        self.enter::<true>(l, s, r, true, true);
    }

    /// Takes lecture `l` out of its cell (its `at` stays until it enters again), counting it
    /// out of its period when `period` and of its room when `room`: a lecture that keeps one
    /// of them leaves it counted. `PRICED`: whether the costs follow; an undo whose price is
    /// known leaves them to the caller.
    #[inline]
    pub(super) fn leave<const PRICED: bool>(&mut self, l: usize, period: bool, room: bool) {
        let (s, r) = self.at[l];
        if period {
            self.period::<PRICED>(l, s as usize, false);
        }
        if room {
            self.room::<PRICED>(l, r as usize, false);
        }
        self.cell[s as usize * self.m.rooms + r as usize] = EMPTY;
    }

    /// Puts lecture `l` at period `s` in room `r` (a free cell), counting it into the
    /// period and room as flagged: the counterpart of [`State::leave`].
    #[inline]
    pub(super) fn enter<const PRICED: bool>(
        &mut self,
        l: usize,
        s: u32,
        r: u32,
        period: bool,
        room: bool,
    ) {
        if period {
            self.period::<PRICED>(l, s as usize, true);
        }
        if room {
            self.room::<PRICED>(l, r as usize, true);
        }
        self.at[l] = (s, r);
        self.cell[s as usize * self.m.rooms + r as usize] = l as u32;
    }

    /// Counts lecture `l` in or out of period `s`: its resources' clashes and isolated
    /// lectures, and its course's working days.
    fn period<const PRICED: bool>(&mut self, l: usize, s: usize, add: bool) {
        let m = self.m;
        let c = m.course[l] as usize;
        let p = s % m.periods;
        for &q in &m.uses[c] {
            let q = q as usize;
            let w = m.isolated[q] as i64;
            let at = q * m.slots + s;
            if add {
                let below = self.busy[at];
                if PRICED {
                    if w > 0 {
                        self.soft += w * self.isolated_step(q, s, p, below);
                    }
                    self.clashes += i64::from(below >= 1);
                }
                self.busy[at] = below + 1;
            } else {
                let below = self.busy[at] - 1;
                self.busy[at] = below;
                if PRICED {
                    self.clashes -= i64::from(below >= 1);
                    if w > 0 {
                        self.soft -= w * self.isolated_step(q, s, p, below);
                    }
                }
            }
        }
        if !self.present.is_empty() {
            // The course's own resource, last, counts its lectures in the period.
            let own = *m.uses[c].last().expect("a course's own resource") as usize;
            if self.busy[own * m.slots + s] == u16::from(add) {
                self.present[s * m.course_words() + c / 64] ^= 1 << (c % 64);
            }
        }
        let before = self.days_used[c];
        let day = c * m.days + s / m.periods;
        if bump(&mut self.day_count[day], &mut self.days_used[c], add) && PRICED {
            self.soft += self.min_days_cost(c, self.days_used[c]) - self.min_days_cost(c, before);
        }
    }

    /// Counts lecture `l` in or out of room `r`: its course's rooms and the missing seats.
    fn room<const PRICED: bool>(&mut self, l: usize, r: usize, add: bool) {
        let m = self.m;
        let c = m.course[l] as usize;
        let before = self.rooms_used[c];
        if bump(
            &mut self.room_count[c * m.rooms + r],
            &mut self.rooms_used[c],
            add,
        ) && PRICED
        {
            self.soft +=
                self.stability_cost(c, self.rooms_used[c]) - self.stability_cost(c, before);
        }
        if PRICED {
            let sign = if add { 1 } else { -1 };
            self.soft += sign * m.seats[c * m.rooms + r] as i64;
        }
    }
}

/// Adds one to `count` (or takes one away); whether that changed `used`, the number of
/// non-zero counts it belongs to.
fn bump(count: &mut u16, used: &mut u16, add: bool) -> bool {
    if add {
        *count += 1;
        if *count == 1 {
            *used += 1;
            return true;
        }
    } else {
        *count -= 1;
        if *count == 0 {
            *used -= 1;
            return true;
        }
    }
    false
}
