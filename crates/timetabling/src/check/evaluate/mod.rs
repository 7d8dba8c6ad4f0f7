//! A unit's violations given its placed occurrences, one function per requirement kind,
//! grouped by family: pairs of occurrences, a resource's load over days, rooms, and slots.

mod ctx;
mod load;
mod pairs;
mod rooms;
mod slots;

use super::unit::{Placements, Scratch, Unit};
use crate::instance::{Instance, Kind, Requirement};
use ctx::{Ctx, Notes};

impl Unit {
    /// The unit's violations on complete placements (exact), with each one in words when
    /// `details` is given.
    pub fn violations(
        &self,
        inst: &Instance,
        req: &Requirement,
        p: &(impl Placements + ?Sized),
        details: Option<&mut Vec<String>>,
    ) -> u64 {
        self.violations_in(inst, req, p, details, &mut Scratch::default())
    }

    /// [`Unit::violations`] with reused buffers (allocation-free once they have grown).
    pub fn violations_in(
        &self,
        inst: &Instance,
        req: &Requirement,
        p: &(impl Placements + ?Sized),
        details: Option<&mut Vec<String>>,
        scratch: &mut Scratch,
    ) -> u64 {
        let Scratch { placed, busy, bad } = scratch;
        self.placed(inst, p, placed);
        let c = Ctx {
            inst,
            unit: self,
            placed,
            missing: 0,
        };
        evaluate(&c, req, &mut Notes(details), busy, bad)
    }

    /// A lower bound on the unit's violations in every completion of partial placements
    /// (exact when all are placed).
    pub fn lower_bound(
        &self,
        inst: &Instance,
        req: &Requirement,
        p: &(impl Placements + ?Sized),
    ) -> u64 {
        let Scratch { placed, busy, bad } = &mut Scratch::default();
        let missing = self.placed(inst, p, placed);
        let c = Ctx {
            inst,
            unit: self,
            placed,
            missing,
        };
        let raw = evaluate(&c, req, &mut Notes(None), busy, bad);
        raw.max(self.domain_bound(inst, req, p, placed, busy))
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
        Kind::SpecialRooms => rooms::special_rooms(c, notes),
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
