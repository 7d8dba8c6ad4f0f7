//! Units: the parts of a requirement whose violations depend on a few occurrences only,
//! and the placements they read.

use crate::answer::{Placement, Timetable};
use crate::instance::{EventSel, Instance, Kind, Requirement, ResourceSel, Scope};

/// A part of a requirement whose violations depend on a few occurrences only.
#[derive(Debug, Clone)]
pub struct Unit {
    /// Index of the requirement in its list (hard or soft).
    pub req: usize,
    /// The resource it is about, if any.
    pub resource: Option<usize>,
    /// Event sets it is about (for event-based kinds), as given.
    pub events: Vec<usize>,
    /// The occurrences whose placements it reads.
    pub occs: Vec<usize>,
}

/// The placements a unit sees: complete, or partial during a search.
pub trait Placements {
    /// Occurrence `o`'s placement, if known.
    fn get(&self, o: usize) -> Option<Placement>;

    /// For an occurrence not placed yet, calls `f` with every placement it may still take
    /// and returns true; returns false when that is not known (anything is possible).
    fn choices(&self, _o: usize, _f: &mut dyn FnMut(Placement)) -> bool {
        false
    }
}

impl Placements for Timetable {
    fn get(&self, o: usize) -> Option<Placement> {
        self.placements.get(o).copied()
    }
}

impl Placements for [Option<Placement>] {
    fn get(&self, o: usize) -> Option<Placement> {
        self.get(o).copied().flatten()
    }
}

/// The units of requirement `req` (index `index` in its list).
pub fn units(inst: &Instance, req: &Requirement, index: usize) -> Vec<Unit> {
    let by_resource = inst.events_by_resource();
    let occs_of = |events: &[usize]| -> Vec<usize> {
        events
            .iter()
            .flat_map(|&e| inst.occurrences_of(e))
            .collect()
    };
    let per_resource = |sel: &ResourceSel| -> Vec<Unit> {
        inst.select_resources(sel)
            .into_iter()
            .filter(|&r| !by_resource[r].is_empty())
            .map(|r| Unit {
                req: index,
                resource: Some(r),
                events: by_resource[r].clone(),
                occs: occs_of(&by_resource[r]),
            })
            .collect()
    };
    let per_set = |sel: &EventSel| -> Vec<Unit> {
        inst.event_sets(sel)
            .into_iter()
            .map(|set| Unit {
                req: index,
                resource: None,
                occs: occs_of(&set),
                events: set,
            })
            .collect()
    };
    let whole = || {
        vec![Unit {
            req: index,
            resource: None,
            events: (0..inst.events.len()).collect(),
            occs: (0..inst.occurrences.len()).collect(),
        }]
    };
    let list = |l: &[usize]| per_set(&EventSel::List(l.to_vec()));
    match &req.kind {
        Kind::DifferentDays(s) | Kind::SameDay(s) | Kind::MinGap(s, _) | Kind::MinDays(s, _) => {
            per_set(s)
        }
        Kind::RoomStability(s) | Kind::RoomCapacity(s) => per_set(s),
        Kind::NotSameDay(l) | Kind::SameSlot(l) | Kind::DifferentSlot(l) | Kind::SameRoom(l) => {
            list(l)
        }
        Kind::Precedence { before, after } => list(&[*before, *after]),
        Kind::MaxPerDay(scope, _)
        | Kind::MaxPerWeek(scope, _)
        | Kind::AvoidSlots(scope, _)
        | Kind::PreferSlots(scope, _) => match scope {
            Scope::Resources(r) => per_resource(r),
            Scope::Events(s) => per_set(s),
        },
        Kind::MaxConsecutive(r, _)
        | Kind::MaxGapsPerDay(r, _)
        | Kind::Proximity(r, _)
        | Kind::TwoInARow(r)
        | Kind::TwoInADay(r)
        | Kind::Isolated(r) => per_resource(r),
        Kind::ExclusiveRoom(_)
        | Kind::FrontLoad { .. }
        | Kind::MixedDurations
        | Kind::AvoidRooms(_) => whole(),
        Kind::SpecialRooms => (0..inst.events.len()).flat_map(|e| list(&[e])).collect(),
        Kind::Stay(_) => (0..inst.events.len()).flat_map(|e| list(&[e])).collect(),
    }
}

/// A placed occurrence, as the evaluations see it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Placed {
    pub(super) o: usize,
    pub(super) event: usize,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) day: usize,
    pub(super) room: Option<usize>,
}

impl Unit {
    pub(super) fn placed(
        &self,
        inst: &Instance,
        p: &(impl Placements + ?Sized),
        out: &mut Vec<Placed>,
    ) -> u64 {
        out.clear();
        let mut missing = 0u64;
        for &o in &self.occs {
            let e = inst.occurrences[o].event;
            // A placement off the calendar (reported by `verify` itself) is not evaluated.
            match p.get(o).filter(|pl| inst.covered(e, pl.start).is_some()) {
                Some(pl) => out.push(Placed {
                    o,
                    event: e,
                    start: pl.start,
                    end: pl.start + inst.events[e].duration as usize,
                    day: inst.day_of(pl.start),
                    room: pl.room.filter(|&r| r < inst.rooms.len()),
                }),
                None => missing += u64::from(inst.events[e].duration),
            }
        }
        missing
    }
}

/// Busy periods of `placed` per day, as a bitmask of periods (days × up to 64 periods).
pub(super) fn busy_by_day(inst: &Instance, placed: &[Placed], busy: &mut Vec<u64>) {
    busy.clear();
    busy.resize(inst.days.len(), 0);
    for q in placed {
        for s in q.start..q.end {
            busy[inst.day_of(s)] |= 1u64 << inst.period_of(s);
        }
    }
}

/// Buffers the evaluations reuse, so that pricing a move allocates nothing once they have
/// grown.
#[derive(Debug, Default)]
pub struct Scratch {
    pub(super) placed: Vec<Placed>,
    pub(super) busy: Vec<u64>,
    pub(super) bad: Vec<(usize, usize)>,
}
