//! Timetables in YAML (`kind: timetable`); the format is documented in `docs/timetabling.md`.
//!
//! Errors name the file, line and column, the YAML path (`events[3].teachers[0]`) and what
//! was expected; an unknown id says which list it was looked up in and suggests the nearest
//! name.
//!
//! Reading is a list of steps, each in its own file: the file's shape (`raw.rs`), the
//! calendar, the resources and rooms, the events, the requirements; then the checks that need
//! all of them (rooms that hold their events, the ceiling on soft costs).

mod calendar;
mod events;
mod names;
mod raw;
mod requirements;
mod resources;

pub use calendar::match_slots;
pub(crate) use names::Reader;
pub use names::{MAX_HINT_CHARS, nearest};
pub(crate) use raw::Name;

use crate::instance::{Instance, Kind, Requirement, RoomNeed, Style};
use calendar::Calendar;
use csp_model::source::SourceError;
use events::{Events, Known};
use raw::RawFile;
use requirements::Context;
use resources::{People, Rooms};
use serde_saphyr::Location;
use std::path::Path;

pub use crate::instance::{MAX_DAYS, MAX_OCCURRENCES, MAX_PERIODS, MAX_SEATS, MAX_SLOT_CELLS};

/// `n` seats, or what is wrong with that many.
fn seats(n: u64) -> Result<u32, String> {
    if n > u64::from(MAX_SEATS) {
        Err(format!("{n} seats; at most {MAX_SEATS} are supported"))
    } else {
        Ok(n as u32)
    }
}

/// Reads a timetable file (`-`: standard input).
pub fn read(path: &Path) -> Result<Instance, SourceError> {
    let src = csp_model::source::read(path)?;
    parse(&src.text, &src.name)
}

/// Parses a timetable's YAML text; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Instance, SourceError> {
    let raw: RawFile = csp_model::source::from_yaml(text, file)?;
    let rd = Reader { file, text };
    let style = header(&rd, &raw)?;
    let cal = Calendar::read(&rd, &raw)?;
    let mut people = People::read(&rd, &raw, &cal)?;
    let rooms = Rooms::read(&rd, &raw, &cal)?;
    let known = Known {
        cal: &cal,
        people: &people,
        rooms: &rooms,
        style,
    };
    let mut events = Events::read(&rd, &raw, &known)?;
    let cx = Context {
        rd: &rd,
        cal: &cal,
        people: &people,
        rooms: &rooms,
        events: &events,
    };
    let mut hard = list(&cx, &raw.constraints.hard, "constraints.hard", false)?;
    let mut soft = list(&cx, &raw.constraints.soft, "constraints.soft", true)?;
    hard.append(&mut people.hard);
    soft.append(&mut people.soft);
    price_missing_seats(&soft, &mut events);
    special_rooms(&hard, &mut soft, &rooms, &mut events);
    rooms_hold_events(&rd, &raw, &rooms, &events)?;
    let inst = Instance {
        name: raw.name.clone().unwrap_or_else(|| "timetable".into()),
        style,
        days: cal.days,
        periods: cal.periods,
        blocked: cal.blocked,
        resources: people.resources,
        rooms: rooms.rooms,
        events: events.events,
        occurrences: events.occurrences,
        hard,
        soft,
    };
    within_cost_ceiling(file, text, &inst)?;
    Ok(inst)
}

/// `kind: timetable` and the `style`.
fn header(rd: &Reader<'_>, raw: &RawFile) -> Result<Style, SourceError> {
    if raw.kind.value != "timetable" {
        return Err(rd.err(
            &raw.kind.referenced,
            "kind",
            format!("expected `timetable`, found `{}`", raw.kind.value),
        ));
    }
    let _ = &raw.description;
    match raw.style.as_ref().map(|s| s.value.as_str()) {
        None | Some("course") => Ok(Style::Course),
        Some("exam") => Ok(Style::Exam),
        Some(other) => {
            let s = raw
                .style
                .as_ref()
                .map_or(Location::UNKNOWN, |s| s.referenced);
            Err(rd.err(
                &s,
                "style",
                format!("expected `course` or `exam`, found `{other}`"),
            ))
        }
    }
}

/// The requirements of one list (`constraints.hard` or `constraints.soft`).
fn list(
    cx: &Context<'_>,
    raw: &[serde_saphyr::Spanned<raw::RawRequirement>],
    key: &str,
    soft: bool,
) -> Result<Vec<Requirement>, SourceError> {
    raw.iter()
        .enumerate()
        .map(|(i, r)| cx.requirement(r, &format!("{key}[{i}]"), soft))
        .collect()
}

/// Events whose missing seats a soft `room_capacity` prices may use smaller rooms.
fn price_missing_seats(soft: &[Requirement], events: &mut Events) {
    for req in soft {
        if let Kind::RoomCapacity(sel) = &req.kind {
            for e in sel.events(events.events.len()) {
                events.events[e].seats_soft = true;
            }
        }
    }
}

/// The weight of the implicit soft `special_rooms`: a lesson in a room with a feature it does
/// not need (maths in the lab) costs this much, as a missing day of `min_days` might.
pub const SPECIAL_ROOMS_WEIGHT: u64 = 5;

/// `special_rooms`: hard, lessons use no room with a feature they do not ask for; soft with
/// the file's weight; unmentioned, soft with [`SPECIAL_ROOMS_WEIGHT`] as soon as a room has a
/// feature (a timetabler expects the lab kept for lab lessons).
fn special_rooms(
    hard: &[Requirement],
    soft: &mut Vec<Requirement>,
    rooms: &Rooms,
    events: &mut Events,
) {
    let named = |l: &[Requirement]| l.iter().any(|r| r.kind == Kind::SpecialRooms);
    if named(hard) {
        for ev in &mut events.events {
            if let RoomNeed::Any { only, .. } = &mut ev.room {
                *only = true;
            }
        }
    } else if !named(soft) && rooms.rooms.iter().any(|r| !r.features.is_empty()) {
        soft.push(Requirement {
            kind: Kind::SpecialRooms,
            weight: SPECIAL_ROOMS_WEIGHT,
            path: "special_rooms (implicit)".into(),
            line: 0,
        });
    }
}

/// An event fixed to a room that cannot seat it is refused, unless its missing seats are
/// priced.
fn rooms_hold_events(
    rd: &Reader<'_>,
    raw: &RawFile,
    rooms: &Rooms,
    events: &Events,
) -> Result<(), SourceError> {
    for (i, ev) in events.events.iter().enumerate() {
        if let RoomNeed::Fixed(r) = ev.room
            && rooms.rooms[r].capacity < ev.size
            && !ev.seats_soft
        {
            let room = &rooms.rooms[r];
            let loc = raw.events[i]
                .value
                .room
                .as_ref()
                .map_or(raw.events[i].referenced, |r| r.referenced);
            return Err(rd.err(
                &loc,
                &format!("events[{i}].room"),
                format!(
                    "room `{}` has {} seats; `{}` needs {} (or price the missing seats with a soft `room_capacity`)",
                    room.id, room.capacity, ev.id, ev.size
                ),
            ));
        }
    }
    Ok(())
}

/// The soft costs stay below [`crate::check::MAX_COST`].
fn within_cost_ceiling(file: &str, text: &str, inst: &Instance) -> Result<(), SourceError> {
    match crate::check::cost_bound(inst) {
        Ok(_) => Ok(()),
        Err(i) => Err(SourceError::at(
            file,
            text,
            inst.soft[i].line.max(1),
            1,
            crate::check::cost_bound_message(inst, i),
        )),
    }
}
