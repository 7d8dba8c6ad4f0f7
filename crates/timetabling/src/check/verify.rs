//! The hard rules of a timetable, implicit and written.

use super::unit::units;
use crate::answer::{Timetable, Violation};
use crate::instance::{Instance, RoomNeed, Slot, Style};

/// Every hard violation of `tt`: the implicit rules (each occurrence placed in its allowed
/// slots, within its day, outside blocked and unavailable slots, in a suitable free room; no
/// resource or room double-booked) and the hard requirements. Empty when the timetable is
/// valid.
#[must_use = "an empty list is the only proof the timetable is valid"]
pub fn verify(inst: &Instance, tt: &Timetable) -> Vec<Violation> {
    let mut out = Vec::new();
    let bad = &mut Bad(&mut out);
    if tt.placements.len() != inst.occurrences.len() {
        bad.add(
            "placements",
            format!(
                "{} placements for {} occurrences",
                tt.placements.len(),
                inst.occurrences.len()
            ),
        );
        return out;
    }
    placement_rules(inst, tt, bad);
    fixed_starts(inst, tt, bad);
    resource_clashes(inst, tt, bad);
    room_clashes(inst, tt, bad);
    hard_requirements(inst, tt, bad);
    out
}

/// Where the violations go.
struct Bad<'a>(&'a mut Vec<Violation>);

impl Bad<'_> {
    fn add(&mut self, rule: &str, message: String) {
        self.0.push(Violation {
            rule: rule.to_string(),
            message,
        });
    }
}

/// Per occurrence: its day, blocked and unavailable slots, its allowed and forbidden
/// starts, its period's length and its room.
fn placement_rules(inst: &Instance, tt: &Timetable, bad: &mut Bad<'_>) {
    let n = inst.num_slots();
    for (o, pl) in tt.placements.iter().enumerate() {
        let e = inst.occurrences[o].event;
        let ev = &inst.events[e];
        let who = inst.occurrence_name(o);
        let Some(cover) = inst.covered(e, pl.start).filter(|_| pl.start < n) else {
            bad.add(
                "calendar",
                format!(
                    "{who} starts at slot {} and does not fit in its day",
                    pl.start
                ),
            );
            continue;
        };
        let at = inst.slot_name(pl.start);
        for s in cover.clone() {
            if inst.blocked[s] {
                bad.add(
                    "blocked",
                    format!("{who} at {at} uses the blocked slot {}", inst.slot_name(s)),
                );
            }
            for &r in &ev.uses {
                if inst.resources[r].unavailable[s] {
                    bad.add(
                        "availability",
                        format!(
                            "{who} at {at}: {} {} is unavailable at {}",
                            inst.resources[r].kind.noun(),
                            inst.resources[r].id,
                            inst.slot_name(s)
                        ),
                    );
                }
            }
        }
        if let Some(m) = ev.minutes
            && inst.periods[inst.period_of(pl.start)]
                .minutes
                .is_some_and(|len| len < m)
        {
            bad.add(
                "duration",
                format!(
                    "{who} lasts {m} minutes; period {} is shorter",
                    inst.periods[inst.period_of(pl.start)].id
                ),
            );
        }
        if ev.allowed.as_ref().is_some_and(|a| !a[pl.start]) {
            bad.add(
                "allowed",
                format!("{who} at {at}, which is not among its allowed slots"),
            );
        }
        if ev.forbidden[pl.start] {
            bad.add(
                "forbidden",
                format!("{who} at {at}, which is forbidden for it"),
            );
        }
        match (&ev.room, pl.room) {
            (RoomNeed::None, None) => {}
            (RoomNeed::None, Some(r)) => bad.add(
                "rooms",
                format!(
                    "{who} needs no room but is in {}",
                    inst.rooms.get(r).map_or("?", |x| &x.id)
                ),
            ),
            (_, None) => bad.add("rooms", format!("{who} needs a room and has none")),
            (_, Some(r)) if r >= inst.rooms.len() || !inst.room_suits(e, r) => bad.add(
                "rooms",
                format!("{who} is in a room that does not suit it (seats or features)"),
            ),
            (_, Some(r)) => {
                for s in cover {
                    if inst.rooms[r].unavailable[s] {
                        bad.add(
                            "availability",
                            format!(
                                "{who} at {at}: room {} is unavailable at {}",
                                inst.rooms[r].id,
                                inst.slot_name(s)
                            ),
                        );
                    }
                }
            }
        }
    }
}

/// Fixed starts: each listed slot is the start of some occurrence of the event.
fn fixed_starts(inst: &Instance, tt: &Timetable, bad: &mut Bad<'_>) {
    for ev in &inst.events {
        let mut starts: Vec<Slot> = (ev.first..ev.first + ev.count)
            .map(|o| tt.placements[o].start)
            .collect();
        for &f in &ev.fixed {
            if let Some(i) = starts.iter().position(|&s| s == f) {
                starts.swap_remove(i);
            } else {
                bad.add(
                    "fixed",
                    format!(
                        "{} is fixed at {} but no occurrence is there",
                        ev.id,
                        inst.slot_name(f)
                    ),
                );
            }
        }
    }
}

/// No resource in two places: per resource and slot, who is there.
fn resource_clashes(inst: &Instance, tt: &Timetable, bad: &mut Bad<'_>) {
    let n = inst.num_slots();
    let mut holder: Vec<Option<usize>> = vec![None; inst.resources.len() * n];
    for (o, pl) in tt.placements.iter().enumerate() {
        let e = inst.occurrences[o].event;
        let Some(cover) = inst.covered(e, pl.start).filter(|_| pl.start < n) else {
            continue;
        };
        for s in cover {
            for &r in &inst.events[e].uses {
                match holder[r * n + s] {
                    Some(other) => bad.add(
                        "no clash",
                        format!(
                            "{} {} has {} and {} at {}",
                            inst.resources[r].kind.noun(),
                            inst.resources[r].id,
                            inst.occurrence_name(other),
                            inst.occurrence_name(o),
                            inst.slot_name(s)
                        ),
                    ),
                    None => holder[r * n + s] = Some(o),
                }
            }
        }
    }
}

/// Rooms: one event at a time (courses) or seats (exams).
fn room_clashes(inst: &Instance, tt: &Timetable, bad: &mut Bad<'_>) {
    let n = inst.num_slots();
    let mut seats: Vec<(u64, Option<usize>)> = vec![(0, None); inst.rooms.len() * n];
    for (o, pl) in tt.placements.iter().enumerate() {
        let e = inst.occurrences[o].event;
        let (Some(r), Some(cover)) = (
            pl.room.filter(|&r| r < inst.rooms.len()),
            inst.covered(e, pl.start).filter(|_| pl.start < n),
        ) else {
            continue;
        };
        for s in cover {
            let cell = &mut seats[r * n + s];
            let clash = match inst.style {
                Style::Course => cell.1.is_some(),
                Style::Exam => {
                    cell.0 + u64::from(inst.events[e].size) > u64::from(inst.rooms[r].capacity)
                }
            };
            if clash {
                let what = match inst.style {
                    Style::Course => format!(
                        "room {} has {} and {} at {}",
                        inst.rooms[r].id,
                        inst.occurrence_name(cell.1.unwrap_or(o)),
                        inst.occurrence_name(o),
                        inst.slot_name(s)
                    ),
                    Style::Exam => format!(
                        "room {} has more than its {} seats at {} (with {})",
                        inst.rooms[r].id,
                        inst.rooms[r].capacity,
                        inst.slot_name(s),
                        inst.occurrence_name(o)
                    ),
                };
                bad.add("room clash", what);
            }
            cell.0 += u64::from(inst.events[e].size);
            cell.1 = Some(o);
        }
    }
}

/// The hard requirements, unit by unit.
fn hard_requirements(inst: &Instance, tt: &Timetable, bad: &mut Bad<'_>) {
    for (i, req) in inst.hard.iter().enumerate() {
        for u in units(inst, req, i) {
            let mut details = Vec::new();
            if u.violations(inst, req, tt, Some(&mut details)) > 0 {
                for d in details {
                    bad.add(&format!("{} ({})", req.path, req.kind.name()), d);
                }
            }
        }
    }
}
