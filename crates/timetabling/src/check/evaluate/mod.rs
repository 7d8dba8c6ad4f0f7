//! A unit's violations given its placed occurrences, one function per requirement kind,
//! grouped by family: pairs of occurrences, a resource's load over days, rooms, and slots.

mod load;
mod pairs;
mod rooms;
mod slots;

use super::Unit;
use super::unit::Placed;
use crate::instance::{Instance, Kind, Requirement};

/// What every evaluation reads: the unit and its placed occurrences.
#[derive(Clone, Copy)]
pub(super) struct Ctx<'a> {
    pub(super) inst: &'a Instance,
    pub(super) unit: &'a Unit,
    pub(super) placed: &'a [Placed],
    /// Periods of the unit not placed yet (0 on complete timetables), for a lower bound.
    pub(super) missing: u64,
}

impl Ctx<'_> {
    fn name(&self, q: &Placed) -> String {
        self.inst.occurrence_name(q.o)
    }

    fn day(&self, d: usize) -> String {
        self.inst.days[d].name.clone()
    }

    /// The unit's resource, or its events, for messages.
    fn who(&self) -> String {
        self.unit
            .resource
            .map(|r| self.inst.resources[r].id.clone())
            .unwrap_or_else(|| {
                self.unit
                    .events
                    .iter()
                    .map(|&e| self.inst.events[e].id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            })
    }

    /// How many people the unit's resource stands for in per-person costs.
    fn headcount(&self) -> u64 {
        u64::from(
            self.unit
                .resource
                .map_or(1, |r| self.inst.resources[r].headcount.max(1)),
        )
    }

    /// The pairs of placed occurrences (by index) that `test` finds in violation, into `bad`.
    fn pairs(&self, bad: &mut Vec<(usize, usize)>, test: impl Fn(&Placed, &Placed) -> bool) {
        bad.clear();
        let placed = self.placed;
        for i in 0..placed.len() {
            for j in i + 1..placed.len() {
                if test(&placed[i], &placed[j]) {
                    bad.push((i, j));
                }
            }
        }
    }
}

/// The violations in words, when the caller asked for them.
pub(super) struct Notes<'a>(pub(super) Option<&'a mut Vec<String>>);

impl Notes<'_> {
    /// Adds one, written only when asked for.
    fn add(&mut self, f: impl FnOnce() -> String) {
        if let Some(d) = &mut self.0 {
            d.push(f());
        }
    }

    /// Adds one per bad pair and counts them.
    fn pairs(
        &mut self,
        c: &Ctx<'_>,
        bad: &[(usize, usize)],
        say: impl Fn(&Placed, &Placed) -> String,
    ) -> u64 {
        for &(i, j) in bad {
            self.add(|| say(&c.placed[i], &c.placed[j]));
        }
        bad.len() as u64
    }
}

/// Violations of `req`'s unit given its placed occurrences; `busy` and `bad` are the
/// caller's reused buffers (see `Scratch`).
pub(super) fn evaluate(
    c: &Ctx<'_>,
    req: &Requirement,
    notes: &mut Notes<'_>,
    busy: &mut Vec<u64>,
    bad: &mut Vec<(usize, usize)>,
) -> u64 {
    match &req.kind {
        Kind::DifferentDays(_) => pairs::different_days(c, notes, bad, false),
        Kind::NotSameDay(_) => pairs::different_days(c, notes, bad, true),
        Kind::SameSlot(l) => pairs::same_slot(c, notes, bad, l[0]),
        Kind::DifferentSlot(_) => pairs::different_slot(c, notes, bad),
        Kind::Precedence { before, after } => pairs::precedence(c, notes, bad, *before, *after),
        Kind::MinGap(_, g) => pairs::min_gap(c, notes, bad, *g),
        Kind::Proximity(_, w) => pairs::proximity(c, notes, w),
        Kind::TwoInARow(_) => pairs::two_in(c, notes, bad, true),
        Kind::TwoInADay(_) => pairs::two_in(c, notes, bad, false),
        Kind::SameDay(_) => load::same_day(c, notes),
        Kind::MaxPerDay(_, v) => load::max_per_day(c, notes, busy, *v),
        Kind::MaxPerWeek(_, v) => load::max_per_week(c, notes, *v),
        Kind::MaxConsecutive(_, v) => load::max_consecutive(c, notes, busy, *v),
        Kind::MaxGapsPerDay(_, v) => load::max_gaps_per_day(c, notes, busy, *v),
        Kind::MinDays(_, v) => load::min_days(c, notes, *v),
        Kind::Isolated(_) => load::isolated(c, notes, busy),
        Kind::RoomStability(_) | Kind::SameRoom(_) => rooms::same_room(c, notes),
        Kind::ExclusiveRoom(l) => rooms::exclusive_room(c, notes, l),
        Kind::RoomCapacity(_) => rooms::room_capacity(c, notes),
        Kind::AvoidRooms(r) => rooms::avoid_rooms(c, notes, r),
        Kind::MixedDurations => rooms::mixed_durations(c, notes),
        Kind::AvoidSlots(_, s) => slots::avoid_slots(c, notes, s, true),
        Kind::PreferSlots(_, s) => slots::avoid_slots(c, notes, s, false),
        Kind::FrontLoad {
            largest,
            last_slots,
        } => slots::front_load(c, notes, *largest, *last_slots),
        Kind::Stay(old) => slots::stay(c, notes, old),
    }
}
