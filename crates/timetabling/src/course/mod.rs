//! Simulated annealing for course timetables of one-period lectures in rooms that hold one
//! lecture at a time, priced by the curriculum-based costs of ITC 2007 track 3 (room
//! capacity, minimum working days, isolated lectures, room stability).
//!
//! The state gives every lecture a period and a room, one lecture per room and period, each
//! where its course may be; clashes (two lectures sharing a teacher, a curriculum or their
//! course in one period) are allowed and priced by a heavy weight, which lets the walk cross
//! between valid timetables (Bellio, Ceschia, Di Gaspero, Schaerf & Urli, "Feature-based
//! tuning of simulated annealing applied to the curriculum-based course timetabling
//! problem", Computers & OR 65, 2016). Counts per resource and period, per course and day
//! and per course and room price a move in constant time; the neighbourhoods are theirs
//! (move a lecture to a period and room, swapping with the one there), a room-only move, a
//! room-stability move that gathers a course's lectures into one of its rooms, and Kempe
//! chains: the lectures of two periods linked by a teacher, curriculum or room swapped
//! between them (Lü & Hao, "Adaptive tabu search for course timetabling", EJOR 200, 2010),
//! and a move of a lecture next to a lecture of a curriculum it shares. The temperature falls
//! geometrically by the clock, in rounds of about a minute (at most five: longer runs cool
//! more slowly instead) that each start again from the best valid timetable, which is what
//! is kept.

mod compile;
mod state;
mod walk;

pub use walk::{anneal, price_moves};

use crate::answer::{Placement, Timetable};

/// The compiled problem (indices: lectures are the instance's occurrences, resources are the
/// instance's followed by one per course, so a course's own lectures clash too).
#[derive(Debug, Clone)]
pub struct CourseModel {
    slots: usize,
    periods: usize,
    days: usize,
    rooms: usize,
    /// The course of each lecture.
    course: Vec<u32>,
    /// The lectures of each course (a range of lecture indices).
    lectures: Vec<std::ops::Range<usize>>,
    /// Per course: the periods it may take.
    course_slots: Vec<Vec<u32>>,
    /// Per course and period: whether it may take it.
    slot_ok: Vec<bool>,
    /// Per course: the rooms it may use.
    course_rooms: Vec<Vec<u32>>,
    /// Per course and room: whether it may use it.
    room_ok: Vec<bool>,
    /// Per room and period: whether the room is open.
    open: Vec<bool>,
    /// Per course: the resources it occupies (its own last).
    uses: Vec<Vec<u32>>,
    /// Per resource: the courses occupying it.
    users: Vec<Vec<u32>>,
    /// Per resource: the weight of an isolated lecture (0: not priced).
    isolated: Vec<u64>,
    /// Per course and room: the cost of one lecture there (missing seats).
    seats: Vec<u64>,
    /// Per course: the weight of a room beyond the first.
    stability: Vec<u64>,
    /// Per course: `(days, weight)` for each minimum of working days.
    min_days: Vec<Vec<(u32, u64)>>,
    /// Per course, a row of bits: the courses it shares a resource with (empty beyond
    /// [`SHARE_MATRIX_COURSES`] courses, where `uses` is searched instead).
    shares: Vec<u64>,
    /// Whether Kempe chains find linked lectures from bits of the courses present in each
    /// period rather than by looking at every room (see [`LINK_BY_BITS_FROM_ROOMS`]).
    link_by_bits: bool,
}

/// Up to this many courses, which pairs share a resource is kept as a bit matrix (at most
/// 2 MiB), since Kempe chains ask it for every lecture they meet.
const SHARE_MATRIX_COURSES: usize = 4096;

/// From this many rooms, with the share matrix kept, Kempe chains link lectures through bits
/// of the courses present in each period: in 10 s runs this tried 1.14 to 1.19 times the
/// moves on comp02, comp06 and comp20 (16 to 19 rooms), while on comp01 (6 rooms) keeping
/// the bits cost more than looking at the rooms (0.97 times the moves).
const LINK_BY_BITS_FROM_ROOMS: usize = 12;

impl CourseModel {
    /// The number of lectures.
    pub fn len(&self) -> usize {
        self.course.len()
    }

    /// Whether there are no lectures.
    pub fn is_empty(&self) -> bool {
        self.course.is_empty()
    }

    /// Whether courses `a` and `b` share a resource (a teacher, a curriculum, or being the
    /// same course), so their lectures clash in one period.
    fn share(&self, a: usize, b: usize) -> bool {
        if self.shares.is_empty() {
            let ub = &self.uses[b];
            return self.uses[a].iter().any(|q| ub.contains(q));
        }
        self.shares[a * self.course_words() + b / 64] >> (b % 64) & 1 == 1
    }

    /// The words of a row of courses as bits.
    fn course_words(&self) -> usize {
        self.lectures.len().div_ceil(64)
    }

    /// Course `a`'s row of the share matrix (which must be kept).
    fn share_row(&self, a: usize) -> &[u64] {
        let words = self.course_words();
        &self.shares[a * words..(a + 1) * words]
    }

    /// The timetable of `(period, room)` per lecture.
    pub fn timetable(&self, at: &[(u32, u32)]) -> Timetable {
        Timetable {
            placements: at
                .iter()
                .map(|&(s, r)| Placement {
                    start: s as usize,
                    room: Some(r as usize),
                })
                .collect(),
        }
    }

    /// The `(period, room)` of each lecture of `tt`, when every one is placed where its
    /// course may be, one per room and period.
    pub fn state_of(&self, tt: &Timetable) -> Option<Vec<(u32, u32)>> {
        if tt.placements.len() != self.len() {
            return None;
        }
        let mut taken = vec![false; self.slots * self.rooms];
        let mut at = Vec::with_capacity(self.len());
        for (l, p) in tt.placements.iter().enumerate() {
            let (s, r) = (p.start, p.room?);
            let c = self.course[l] as usize;
            if s >= self.slots
                || r >= self.rooms
                || !self.slot_ok[c * self.slots + s]
                || !self.room_ok[c * self.rooms + r]
                || !self.open[r * self.slots + s]
                || std::mem::replace(&mut taken[s * self.rooms + r], true)
            {
                return None;
            }
            at.push((s as u32, r as u32));
        }
        Some(at)
    }
}

#[cfg(test)]
mod tests;
