//! The parts of an instance that explanations switch off, and the unary rules that open or
//! close an event's start slots.

use crate::instance::{Instance, RoomNeed, Slot};
use std::collections::HashSet;

/// A requirement that can be switched off, for explanations: a hard requirement, one
/// resource's or room's availability, the blocked slots, one event's fixed / allowed /
/// forbidden slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// `constraints.hard[i]` (and the implicit load caps after them).
    Hard(usize),
    /// The `unavailable` slots of resource `r`.
    Unavailable(usize),
    /// The `unavailable` slots of room `r`.
    RoomUnavailable(usize),
    /// `calendar.blocked`.
    Blocked,
    /// The `fixed` slots of event `e`.
    Fixed(usize),
    /// The `allowed` slots of event `e`.
    Allowed(usize),
    /// The `forbidden` slots of event `e`.
    Forbidden(usize),
}

/// The parts an instance has (every one that is not empty).
pub fn parts(inst: &Instance) -> Vec<Part> {
    let mut out: Vec<Part> = (0..inst.hard.len()).map(Part::Hard).collect();
    out.extend(
        (0..inst.resources.len())
            .filter(|&r| inst.resources[r].unavailable.contains(&true))
            .map(Part::Unavailable),
    );
    out.extend(
        (0..inst.rooms.len())
            .filter(|&r| inst.rooms[r].unavailable.contains(&true))
            .map(Part::RoomUnavailable),
    );
    if inst.blocked.contains(&true) {
        out.push(Part::Blocked);
    }
    for (e, ev) in inst.events.iter().enumerate() {
        if !ev.fixed.is_empty() {
            out.push(Part::Fixed(e));
        }
        if ev.allowed.is_some() {
            out.push(Part::Allowed(e));
        }
        if ev.forbidden.contains(&true) {
            out.push(Part::Forbidden(e));
        }
    }
    out
}

/// Why a start slot is not open to an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Closed {
    /// It would run past the end of the day.
    PastDayEnd,
    /// A covered slot is blocked.
    Blocked(Slot),
    /// Resource `r` is unavailable at a covered slot.
    Unavailable(usize, Slot),
    /// The period is shorter than the event's minutes.
    TooShort,
    /// Not among `allowed`.
    NotAllowed,
    /// In `forbidden`.
    Forbidden,
    /// No suitable room is free for the whole occurrence.
    NoRoom,
}

/// Whether event `e` may start at `s` as far as unary rules go, with the parts in `off`
/// switched off; the first reason when not.
pub fn open_start(inst: &Instance, e: usize, s: Slot, off: &HashSet<Part>) -> Result<(), Closed> {
    let ev = &inst.events[e];
    let Some(cover) = inst.covered(e, s) else {
        return Err(Closed::PastDayEnd);
    };
    if !off.contains(&Part::Allowed(e)) && ev.allowed.as_ref().is_some_and(|a| !a[s]) {
        return Err(Closed::NotAllowed);
    }
    if !off.contains(&Part::Forbidden(e)) && ev.forbidden[s] {
        return Err(Closed::Forbidden);
    }
    if let Some(m) = ev.minutes
        && inst.periods[inst.period_of(s)]
            .minutes
            .is_some_and(|len| len < m)
    {
        return Err(Closed::TooShort);
    }
    for t in cover.clone() {
        if !off.contains(&Part::Blocked) && inst.blocked[t] {
            return Err(Closed::Blocked(t));
        }
        for &r in &ev.uses {
            if !off.contains(&Part::Unavailable(r)) && inst.resources[r].unavailable[t] {
                return Err(Closed::Unavailable(r, t));
            }
        }
    }
    if ev.room != RoomNeed::None && rooms_open(inst, e, s, off).next().is_none() {
        return Err(Closed::NoRoom);
    }
    Ok(())
}

/// The rooms that suit event `e` and are free of unavailability for an occurrence at `s`.
fn rooms_open<'a>(
    inst: &'a Instance,
    e: usize,
    s: Slot,
    off: &'a HashSet<Part>,
) -> impl Iterator<Item = usize> + 'a {
    let cover = inst.covered(e, s).unwrap_or(s..s);
    (0..inst.rooms.len()).filter(move |&r| {
        inst.room_suits(e, r)
            && (off.contains(&Part::RoomUnavailable(r))
                || cover.clone().all(|t| !inst.rooms[r].unavailable[t]))
    })
}
