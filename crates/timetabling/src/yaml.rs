//! Timetables in YAML (`kind: timetable`); the format is documented in `docs/timetabling.md`.
//!
//! Errors name the file, line and column, the YAML path (`events[3].teachers[0]`) and what
//! was expected; an unknown id says which list it was looked up in and suggests the nearest
//! name.

use crate::instance::{
    Date, Day, Event, EventSel, Instance, Kind, Occurrence, Period, Requirement, Resource,
    ResourceKind, ResourceSel, Room, RoomNeed, Scope, Slot, Style,
};
use csp_model::source::SourceError;
use serde::Deserialize;
use serde_saphyr::{Location, Spanned};
use std::collections::HashMap;
use std::path::Path;

/// Most periods a day (the checker keeps a day's periods in one 64-bit word).
pub const MAX_PERIODS: usize = 64;
/// Most days in a calendar.
pub const MAX_DAYS: usize = 400;
/// Most occurrences in one timetable.
pub const MAX_OCCURRENCES: usize = 100_000;
/// Most cells of the per-slot tables (resources, rooms and events times slots).
pub const MAX_SLOT_CELLS: usize = 20_000_000;

/// Most seats a group, an event or a room counts (sums of seats are kept in 64 bits).
pub const MAX_SEATS: u32 = 1_000_000_000;

/// `n` seats, or what is wrong with that many.
fn seats(n: u64) -> Result<u32, String> {
    if n > u64::from(MAX_SEATS) {
        Err(format!("{n} seats; at most {MAX_SEATS} are supported"))
    } else {
        Ok(n as u32)
    }
}

/// An id: a string or a number (`id: 1` for periods).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Name(pub(crate) String);

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Name;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a name or a number")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Name, E> {
                Ok(Name(v.to_string()))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Name, E> {
                Ok(Name(v.to_string()))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Name, E> {
                Ok(Name(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// One string or a list of them (`fixed: Mon.1` or `fixed: [Mon.1, Thu.2]`).
#[derive(Debug, Clone)]
struct Many(Vec<Spanned<Name>>);

impl<'de> Deserialize<'de> for Many {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Many;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a name or a list of names")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Many, E> {
                Ok(Many(vec![Spanned::new(
                    Name(v.to_string()),
                    Location::UNKNOWN,
                    Location::UNKNOWN,
                )]))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Many, E> {
                self.visit_str(&v.to_string())
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Many, A::Error> {
                let mut out = Vec::new();
                while let Some(n) = seq.next_element::<Spanned<Name>>()? {
                    out.push(n);
                }
                Ok(Many(out))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    kind: Spanned<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    style: Option<Spanned<String>>,
    calendar: Spanned<RawCalendar>,
    #[serde(default)]
    resources: RawResources,
    #[serde(default)]
    rooms: Vec<Spanned<RawRoom>>,
    events: Vec<Spanned<RawEvent>>,
    #[serde(default)]
    constraints: RawConstraints,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCalendar {
    days: Vec<Spanned<Name>>,
    #[serde(default)]
    week_of: Option<Spanned<String>>,
    periods: Vec<Spanned<RawPeriod>>,
    #[serde(default)]
    blocked: Vec<Spanned<Name>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPeriod {
    id: Spanned<Name>,
    #[serde(default)]
    start: Option<Spanned<String>>,
    #[serde(default)]
    end: Option<Spanned<String>>,
    #[serde(default)]
    minutes: Option<Spanned<u32>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawResources {
    #[serde(default)]
    teachers: Vec<Spanned<RawPerson>>,
    #[serde(default)]
    groups: Vec<Spanned<RawPerson>>,
    #[serde(default)]
    students: Vec<Spanned<RawPerson>>,
    #[serde(default)]
    staff: Vec<Spanned<RawPerson>>,
    #[serde(default)]
    rooms: Vec<Spanned<RawRoom>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPerson {
    id: Spanned<Name>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    unavailable: Vec<Spanned<Name>>,
    #[serde(default)]
    max_per_day: Option<u32>,
    #[serde(default)]
    max_per_week: Option<u32>,
    #[serde(default)]
    preferred: Vec<Spanned<Name>>,
    #[serde(default)]
    size: Option<u32>,
    #[serde(default)]
    parent: Option<Spanned<Name>>,
    #[serde(default, alias = "exams")]
    events: Vec<Spanned<Name>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRoom {
    id: Spanned<Name>,
    #[serde(default)]
    capacity: Option<u32>,
    #[serde(default)]
    features: Vec<String>,
    #[serde(default)]
    unavailable: Vec<Spanned<Name>>,
    #[serde(default)]
    building: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRoomSpec {
    #[serde(default)]
    id: Option<Spanned<Name>>,
    #[serde(default)]
    features: Vec<String>,
}

/// `room: none` or `room: {id: …}` / `room: {features: […]}`.
#[derive(Debug)]
enum RawRoomNeed {
    None,
    Spec(RawRoomSpec),
}

impl<'de> Deserialize<'de> for RawRoomNeed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = RawRoomNeed;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("`none`, or a map with `id` or `features`")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RawRoomNeed, E> {
                if v == "none" {
                    Ok(RawRoomNeed::None)
                } else {
                    Err(E::custom(format!(
                        "expected `none` or a map such as {{id: {v}}}, found `{v}`"
                    )))
                }
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<RawRoomNeed, A::Error> {
                RawRoomSpec::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(RawRoomNeed::Spec)
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    id: Spanned<Name>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    subject: Option<String>,
    #[serde(default)]
    teachers: Vec<Spanned<Name>>,
    #[serde(default)]
    groups: Vec<Spanned<Name>>,
    #[serde(default)]
    students: Vec<Spanned<Name>>,
    #[serde(default)]
    staff: Vec<Spanned<Name>>,
    #[serde(default)]
    size: Option<u32>,
    #[serde(default)]
    count: Option<Spanned<u32>>,
    #[serde(default)]
    duration: Option<Spanned<u32>>,
    #[serde(default)]
    minutes: Option<Spanned<u32>>,
    #[serde(default)]
    room: Option<Spanned<RawRoomNeed>>,
    #[serde(default)]
    fixed: Option<Spanned<Many>>,
    #[serde(default)]
    allowed: Option<Spanned<Many>>,
    #[serde(default)]
    forbidden: Option<Spanned<Many>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConstraints {
    #[serde(default)]
    hard: Vec<Spanned<RawRequirement>>,
    #[serde(default)]
    soft: Vec<Spanned<RawRequirement>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRequirement {
    #[serde(rename = "type")]
    kind: Spanned<String>,
    #[serde(default)]
    events: Option<Spanned<Many>>,
    #[serde(default)]
    resources: Option<Spanned<Many>>,
    #[serde(default)]
    before: Option<Spanned<Name>>,
    #[serde(default)]
    after: Option<Spanned<Name>>,
    #[serde(default)]
    value: Option<Spanned<u32>>,
    #[serde(default)]
    weight: Option<Spanned<u64>>,
    #[serde(default)]
    slots: Option<Spanned<Many>>,
    #[serde(default)]
    weights: Option<Vec<u64>>,
    #[serde(default)]
    rooms: Option<Spanned<Many>>,
    #[serde(default)]
    largest: Option<u32>,
    #[serde(default)]
    last_slots: Option<u32>,
    #[serde(default)]
    note: Option<String>,
}

/// Reads a timetable file (`-`: standard input).
pub fn read(path: &Path) -> Result<Instance, SourceError> {
    let src = csp_model::source::read(path)?;
    parse(&src.text, &src.name)
}

/// The edit distance between two names (for "did you mean").
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut prev = row[0];
        row[0] = i;
        for j in 1..=b.len() {
            let old = row[j];
            row[j] = if a[i - 1] == b[j - 1] {
                prev
            } else {
                1 + prev.min(row[j]).min(row[j - 1])
            };
            prev = old;
        }
    }
    row[b.len()]
}

/// Names longer than this get no "did you mean": the edit distance is quadratic in the
/// length, and a typo hint for a name of hundreds of characters helps nobody.
pub const MAX_HINT_CHARS: usize = 64;

/// The nearest of `names` to `name`, if near enough to be a likely typo.
pub fn nearest<'a>(name: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let len = name.chars().count();
    if len > MAX_HINT_CHARS {
        return None;
    }
    let lower = name.to_lowercase();
    names
        .into_iter()
        .filter_map(|n| {
            let (n_len, most) = (n.chars().count(), (n.chars().count() / 3).max(2));
            // The distance is at least the difference in length: skip hopeless names unread.
            if n_len > MAX_HINT_CHARS || n_len.abs_diff(len) > most {
                return None;
            }
            let d = distance(&lower, &n.to_lowercase());
            (d <= most).then_some((d, n))
        })
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n)
}

pub(crate) struct Reader<'a> {
    pub(crate) file: &'a str,
    pub(crate) text: &'a str,
}

impl Reader<'_> {
    pub(crate) fn err(
        &self,
        loc: &Location,
        path: &str,
        message: impl std::fmt::Display,
    ) -> SourceError {
        let (line, column) = (loc.line() as u32, loc.column() as u32);
        SourceError::at(
            self.file,
            self.text,
            line,
            column,
            format!("{path}: {message}"),
        )
    }
}

/// Parses a timetable's YAML text; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Instance, SourceError> {
    let raw: RawFile = csp_model::source::from_yaml(text, file)?;
    let rd = Reader { file, text };
    if raw.kind.value != "timetable" {
        return Err(rd.err(
            &raw.kind.referenced,
            "kind",
            format!("expected `timetable`, found `{}`", raw.kind.value),
        ));
    }
    let style = match raw.style.as_ref().map(|s| s.value.as_str()) {
        None | Some("course") => Style::Course,
        Some("exam") => Style::Exam,
        Some(other) => {
            let s = raw
                .style
                .as_ref()
                .map_or(Location::UNKNOWN, |s| s.referenced);
            return Err(rd.err(
                &s,
                "style",
                format!("expected `course` or `exam`, found `{other}`"),
            ));
        }
    };
    let _ = &raw.description;
    // Calendar.
    let cal = &raw.calendar.value;
    if cal.days.is_empty() || cal.days.len() > MAX_DAYS {
        return Err(rd.err(
            &raw.calendar.referenced,
            "calendar.days",
            format!("expected 1 to {MAX_DAYS} days, found {}", cal.days.len()),
        ));
    }
    if cal.periods.is_empty() || cal.periods.len() > MAX_PERIODS {
        return Err(rd.err(
            &raw.calendar.referenced,
            "calendar.periods",
            format!(
                "expected 1 to {MAX_PERIODS} periods a day, found {}",
                cal.periods.len()
            ),
        ));
    }
    let week_of = match &cal.week_of {
        Some(w) => Some(Date::parse(&w.value).ok_or_else(|| {
            rd.err(
                &w.referenced,
                "calendar.week_of",
                format!("expected a date YYYY-MM-DD, found `{}`", w.value),
            )
        })?),
        None => None,
    };
    let mut days = Vec::new();
    for (i, d) in cal.days.iter().enumerate() {
        let name = d.value.0.clone();
        if days.iter().any(|x: &Day| x.name == name) {
            return Err(rd.err(
                &d.referenced,
                &format!("calendar.days[{i}]"),
                format!("the day `{name}` appears twice"),
            ));
        }
        let date = Date::parse(&name).or_else(|| week_of.map(|w| w.plus_days(i as u32)));
        days.push(Day { name, date });
    }
    let mut periods = Vec::new();
    for (i, p) in cal.periods.iter().enumerate() {
        let path = format!("calendar.periods[{i}]");
        let id = p.value.id.value.0.clone();
        if periods.iter().any(|x: &Period| x.id == id) {
            return Err(rd.err(
                &p.value.id.referenced,
                &format!("{path}.id"),
                format!("the period `{id}` appears twice"),
            ));
        }
        let clock = |s: &Option<Spanned<String>>, key: &str| -> Result<Option<u32>, SourceError> {
            match s {
                None => Ok(None),
                Some(t) => parse_clock(&t.value).map(Some).ok_or_else(|| {
                    rd.err(
                        &t.referenced,
                        &format!("{path}.{key}"),
                        format!("expected a time HH:MM, found `{}`", t.value),
                    )
                }),
            }
        };
        let start = clock(&p.value.start, "start")?;
        let end = clock(&p.value.end, "end")?;
        let minutes = match (p.value.minutes.as_ref().map(|m| m.value), start, end) {
            (Some(m), _, _) => Some(m),
            (None, Some(a), Some(b)) if b > a => Some(b - a),
            (None, Some(_), Some(_)) => {
                let loc = p.value.end.as_ref().map_or(p.referenced, |e| e.referenced);
                return Err(rd.err(
                    &loc,
                    &format!("{path}.end"),
                    "expected an end after the start",
                ));
            }
            _ => None,
        };
        periods.push(Period { id, start, minutes });
    }
    let ppd = periods.len();
    let num_slots = days.len() * ppd;
    // Every resource, room and event keeps a table over the slots: bound their total before
    // allocating (a 256 MB file could otherwise ask for terabytes).
    let r = &raw.resources;
    let tables = r.teachers.len()
        + r.groups.len()
        + r.students.len()
        + r.staff.len()
        + r.rooms.len()
        + raw.rooms.len()
        + 3 * raw.events.len();
    if tables.saturating_mul(num_slots) > MAX_SLOT_CELLS {
        return Err(rd.err(
            &raw.calendar.referenced,
            "calendar",
            format!(
                "{tables} resources, rooms and event tables over {num_slots} slots make {} cells; at most {MAX_SLOT_CELLS} are supported",
                tables.saturating_mul(num_slots)
            ),
        ));
    }
    let slot_set = |pats: &[Spanned<Name>], path: &str| -> Result<Vec<bool>, SourceError> {
        let mut set = vec![false; num_slots];
        for (i, p) in pats.iter().enumerate() {
            let slots = match_slots(&p.value.0, &days, &periods)
                .map_err(|m| rd.err(&p.referenced, &format!("{path}[{i}]"), m))?;
            for s in slots {
                set[s] = true;
            }
        }
        Ok(set)
    };
    let blocked = slot_set(&cal.blocked, "calendar.blocked")?;
    // Resources, one namespace.
    let mut resources: Vec<Resource> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut soft_extra: Vec<Requirement> = Vec::new();
    let mut hard_extra: Vec<Requirement> = Vec::new();
    let mut enrolments: Vec<(usize, &Spanned<Name>, String)> = Vec::new();
    let mut parents: Vec<(usize, &Spanned<Name>, String)> = Vec::new();
    for kind in ResourceKind::ALL {
        let list = match kind {
            ResourceKind::Teacher => &raw.resources.teachers,
            ResourceKind::Group => &raw.resources.groups,
            ResourceKind::Student => &raw.resources.students,
            ResourceKind::Staff => &raw.resources.staff,
        };
        for (i, p) in list.iter().enumerate() {
            let path = format!("resources.{}[{i}]", kind.list());
            let v = &p.value;
            let id = v.id.value.0.clone();
            if let Some(&other) = index.get(&id) {
                return Err(rd.err(&v.id.referenced, &format!("{path}.id"), format!("the id `{id}` is already used by the {} `{id}`; ids of teachers, groups, students and staff must differ", resources[other].kind.noun())));
            }
            let r = resources.len();
            index.insert(id.clone(), r);
            let refuse = |cond: bool, key: &str| -> Result<(), SourceError> {
                if cond {
                    Err(rd.err(
                        &p.referenced,
                        &format!("{path}.{key}"),
                        format!("`{key}` is not a property of {}", kind.list()),
                    ))
                } else {
                    Ok(())
                }
            };
            refuse(
                kind != ResourceKind::Group && (v.size.is_some() || v.parent.is_some()),
                if v.size.is_some() { "size" } else { "parent" },
            )?;
            refuse(
                kind != ResourceKind::Student && !v.events.is_empty(),
                "events",
            )?;
            let size = v
                .size
                .unwrap_or(if kind == ResourceKind::Group { 0 } else { 1 });
            seats(u64::from(size))
                .map_err(|m| rd.err(&p.referenced, &format!("{path}.size"), m))?;
            resources.push(Resource {
                id: id.clone(),
                name: v.name.clone().unwrap_or_else(|| id.clone()),
                kind,
                unavailable: slot_set(&v.unavailable, &format!("{path}.unavailable"))?,
                parent: None,
                size,
                headcount: size.max(1),
            });
            let one = ResourceSel::List(vec![r]);
            if let Some(m) = v.max_per_day {
                hard_extra.push(Requirement {
                    kind: Kind::MaxPerDay(Scope::Resources(one.clone()), m),
                    weight: 0,
                    path: format!("{path}.max_per_day"),
                    line: p.referenced.line() as u32,
                });
            }
            if let Some(m) = v.max_per_week {
                hard_extra.push(Requirement {
                    kind: Kind::MaxPerWeek(Scope::Resources(one.clone()), m),
                    weight: 0,
                    path: format!("{path}.max_per_week"),
                    line: p.referenced.line() as u32,
                });
            }
            if !v.preferred.is_empty() {
                let slots = slot_set(&v.preferred, &format!("{path}.preferred"))?;
                soft_extra.push(Requirement {
                    kind: Kind::PreferSlots(Scope::Resources(one), slots),
                    weight: 1,
                    path: format!("{path}.preferred"),
                    line: p.referenced.line() as u32,
                });
            }
            if let Some(par) = &v.parent {
                parents.push((r, par, format!("{path}.parent")));
            }
            for (k, e) in v.events.iter().enumerate() {
                enrolments.push((r, e, format!("{path}.events[{k}]")));
            }
        }
    }
    let known: Vec<(String, ResourceKind)> =
        resources.iter().map(|r| (r.id.clone(), r.kind)).collect();
    let lookup = |name: &Spanned<Name>,
                  want: Option<ResourceKind>,
                  path: &str|
     -> Result<usize, SourceError> {
        let id = &name.value.0;
        match index.get(id) {
            Some(&r) if want.is_none_or(|k| known[r].1 == k) => Ok(r),
            Some(&r) => Err(rd.err(
                &name.referenced,
                path,
                format!(
                    "`{id}` is a {}, not a {}",
                    known[r].1.noun(),
                    want.map_or("resource", |k| k.noun())
                ),
            )),
            None => {
                let (list, candidates): (String, Vec<&str>) = match want {
                    Some(k) => (
                        format!("resources.{}", k.list()),
                        known
                            .iter()
                            .filter(|r| r.1 == k)
                            .map(|r| r.0.as_str())
                            .collect(),
                    ),
                    None => (
                        "resources".into(),
                        known.iter().map(|r| r.0.as_str()).collect(),
                    ),
                };
                let hint = nearest(id, candidates)
                    .map(|n| format!("; did you mean `{n}`?"))
                    .unwrap_or_default();
                let noun = want.map_or("resource", |k| k.noun());
                Err(rd.err(
                    &name.referenced,
                    path,
                    format!("unknown {noun} `{id}` (looked up in {list}){hint}"),
                ))
            }
        }
    };
    for (r, par, path) in &parents {
        let p = lookup(par, Some(ResourceKind::Group), path)?;
        // No cycles: walk up from the parent.
        let mut at = Some(p);
        while let Some(a) = at {
            if a == *r {
                return Err(rd.err(
                    &par.referenced,
                    path,
                    format!("group `{}` would be its own ancestor", resources[*r].id),
                ));
            }
            at = resources[a].parent;
        }
        resources[*r].parent = Some(p);
    }
    // Rooms (under `resources.rooms`, or at the top level).
    let mut rooms: Vec<Room> = Vec::new();
    let mut room_index: HashMap<String, usize> = HashMap::new();
    for (key, list) in [
        ("resources.rooms", &raw.resources.rooms),
        ("rooms", &raw.rooms),
    ] {
        for (i, r) in list.iter().enumerate() {
            let path = format!("{key}[{i}]");
            let id = r.value.id.value.0.clone();
            if room_index.contains_key(&id) {
                return Err(rd.err(
                    &r.value.id.referenced,
                    &format!("{path}.id"),
                    format!("the room `{id}` appears twice"),
                ));
            }
            room_index.insert(id.clone(), rooms.len());
            if let Some(c) = r.value.capacity {
                seats(u64::from(c))
                    .map_err(|m| rd.err(&r.referenced, &format!("{path}.capacity"), m))?;
            }
            rooms.push(Room {
                id,
                capacity: r.value.capacity.unwrap_or(u32::MAX),
                features: r.value.features.clone(),
                unavailable: slot_set(&r.value.unavailable, &format!("{path}.unavailable"))?,
                building: r.value.building.clone(),
            });
        }
    }
    let room_lookup = |name: &Spanned<Name>, path: &str| -> Result<usize, SourceError> {
        room_index.get(&name.value.0).copied().ok_or_else(|| {
            let hint = nearest(&name.value.0, rooms.iter().map(|r| r.id.as_str()))
                .map(|n| format!("; did you mean `{n}`?"))
                .unwrap_or_default();
            rd.err(
                &name.referenced,
                path,
                format!(
                    "unknown room `{}` (looked up in resources.rooms){hint}",
                    name.value.0
                ),
            )
        })
    };
    // Events.
    let mut events: Vec<Event> = Vec::new();
    let mut event_index: HashMap<String, usize> = HashMap::new();
    let mut occurrences = Vec::new();
    for (i, e) in raw.events.iter().enumerate() {
        let path = format!("events[{i}]");
        let v = &e.value;
        let id = v.id.value.0.clone();
        if event_index.contains_key(&id) {
            return Err(rd.err(
                &v.id.referenced,
                &format!("{path}.id"),
                format!("the event `{id}` appears twice"),
            ));
        }
        event_index.insert(id.clone(), i);
        let mut named = Vec::new();
        for (key, kind, list) in [
            ("teachers", ResourceKind::Teacher, &v.teachers),
            ("groups", ResourceKind::Group, &v.groups),
            ("students", ResourceKind::Student, &v.students),
            ("staff", ResourceKind::Staff, &v.staff),
        ] {
            for (k, n) in list.iter().enumerate() {
                let r = lookup(n, Some(kind), &format!("{path}.{key}[{k}]"))?;
                if !named.contains(&r) {
                    named.push(r);
                }
            }
        }
        if let Some(n) = v.size {
            seats(u64::from(n)).map_err(|m| rd.err(&e.referenced, &format!("{path}.size"), m))?;
        }
        let count = v.count.as_ref().map_or(1, |c| c.value);
        if count == 0 || count as usize > MAX_OCCURRENCES {
            let loc = v.count.as_ref().map_or(e.referenced, |c| c.referenced);
            return Err(rd.err(
                &loc,
                &format!("{path}.count"),
                format!("expected 1 to {MAX_OCCURRENCES} occurrences, found {count}"),
            ));
        }
        let duration = v.duration.as_ref().map_or(1, |d| d.value);
        if duration == 0 || duration as usize > ppd {
            let loc = v.duration.as_ref().map_or(e.referenced, |d| d.referenced);
            return Err(rd.err(
                &loc,
                &format!("{path}.duration"),
                format!("expected 1 to {ppd} periods (one day), found {duration}"),
            ));
        }
        if let Some(m) = &v.minutes
            && (m.value == 0
                || periods
                    .iter()
                    .all(|p| p.minutes.is_some_and(|len| len < m.value)))
        {
            return Err(rd.err(
                &m.referenced,
                &format!("{path}.minutes"),
                format!("{} minutes fit no period of the calendar", m.value),
            ));
        }
        let room = match &v.room {
            None if style == Style::Exam || !rooms.is_empty() => RoomNeed::Any { features: vec![] },
            None => RoomNeed::None,
            Some(r) => match &r.value {
                RawRoomNeed::None => RoomNeed::None,
                RawRoomNeed::Spec(spec) => match &spec.id {
                    Some(id) => RoomNeed::Fixed(room_lookup(id, &format!("{path}.room.id"))?),
                    None => RoomNeed::Any {
                        features: spec.features.clone(),
                    },
                },
            },
        };
        let slots_of =
            |m: &Option<Spanned<Many>>, key: &str| -> Result<Option<SlotSet>, SourceError> {
                let Some(m) = m else { return Ok(None) };
                let mut set = vec![false; num_slots];
                let mut list = Vec::new();
                for (k, p) in m.value.0.iter().enumerate() {
                    let loc = if p.referenced == Location::UNKNOWN {
                        m.referenced
                    } else {
                        p.referenced
                    };
                    let kp = if m.value.0.len() == 1 && p.referenced == Location::UNKNOWN {
                        format!("{path}.{key}")
                    } else {
                        format!("{path}.{key}[{k}]")
                    };
                    for s in match_slots(&p.value.0, &days, &periods)
                        .map_err(|msg| rd.err(&loc, &kp, msg))?
                    {
                        set[s] = true;
                        list.push(s);
                    }
                }
                Ok(Some((set, list)))
            };
        let fixed = slots_of(&v.fixed, "fixed")?
            .map(|(_, l)| l)
            .unwrap_or_default();
        if fixed.len() > count as usize {
            let loc = v.fixed.as_ref().map_or(e.referenced, |f| f.referenced);
            return Err(rd.err(
                &loc,
                &format!("{path}.fixed"),
                format!(
                    "{} fixed slots for {count} occurrence{}",
                    fixed.len(),
                    if count == 1 { "" } else { "s" }
                ),
            ));
        }
        let allowed = slots_of(&v.allowed, "allowed")?.map(|(s, _)| s);
        let forbidden = slots_of(&v.forbidden, "forbidden")?
            .map(|(s, _)| s)
            .unwrap_or_else(|| vec![false; num_slots]);
        let first = occurrences.len();
        if first + count as usize > MAX_OCCURRENCES {
            return Err(rd.err(
                &e.referenced,
                &path,
                format!("more than {MAX_OCCURRENCES} occurrences in all"),
            ));
        }
        for rank in 0..count as usize {
            occurrences.push(Occurrence { event: i, rank });
        }
        let _ = &v.name;
        events.push(Event {
            id,
            subject: v.subject.clone(),
            named,
            uses: Vec::new(),
            size: v.size.unwrap_or(0),
            seats_soft: false,
            duration,
            minutes: v.minutes.as_ref().map(|m| m.value),
            room,
            fixed,
            allowed,
            forbidden,
            first,
            count: count as usize,
        });
        let _ = v.size;
    }
    let event_names: Vec<String> = events.iter().map(|e| e.id.clone()).collect();
    let event_lookup = |name: &Spanned<Name>, path: &str| -> Result<usize, SourceError> {
        event_index.get(&name.value.0).copied().ok_or_else(|| {
            let hint = nearest(&name.value.0, event_names.iter().map(|e| e.as_str()))
                .map(|n| format!("; did you mean `{n}`?"))
                .unwrap_or_default();
            rd.err(
                &name.referenced,
                path,
                format!(
                    "unknown event `{}` (looked up in events){hint}",
                    name.value.0
                ),
            )
        })
    };
    for (r, e, path) in &enrolments {
        let ev = event_lookup(e, path)?;
        if !events[ev].named.contains(r) {
            events[ev].named.push(*r);
        }
    }
    // What each event occupies: its resources and the subgroups of its groups; its size.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); resources.len()];
    for (r, res) in resources.iter().enumerate() {
        if let Some(p) = res.parent {
            children[p].push(r);
        }
    }
    for (i, ev) in events.iter_mut().enumerate() {
        let mut uses = Vec::new();
        let mut stack = ev.named.clone();
        while let Some(r) = stack.pop() {
            if !uses.contains(&r) {
                uses.push(r);
                stack.extend(&children[r]);
            }
        }
        uses.sort_unstable();
        ev.uses = uses;
        if raw.events[i].value.size.is_none() {
            let size: u64 = ev
                .named
                .iter()
                .map(|&r| match resources[r].kind {
                    ResourceKind::Group => u64::from(resources[r].size),
                    ResourceKind::Student => 1,
                    _ => 0,
                })
                .sum();
            ev.size = seats(size).map_err(|m| {
                rd.err(
                    &raw.events[i].referenced,
                    &format!("events[{i}]"),
                    format!("its groups add up to {m}"),
                )
            })?;
        }
    }
    // Requirements.
    let ctx = ReqContext {
        rd: &rd,
        days: &days,
        periods: &periods,
        num_slots,
        events: &events,
        event_lookup: &event_lookup,
        lookup: &lookup,
        room_lookup: &room_lookup,
        num_rooms: rooms.len(),
    };
    let mut hard = Vec::new();
    for (i, r) in raw.constraints.hard.iter().enumerate() {
        hard.push(ctx.requirement(r, &format!("constraints.hard[{i}]"), false)?);
    }
    hard.extend(hard_extra);
    let mut soft = Vec::new();
    for (i, r) in raw.constraints.soft.iter().enumerate() {
        soft.push(ctx.requirement(r, &format!("constraints.soft[{i}]"), true)?);
    }
    soft.extend(soft_extra);
    // Events whose missing seats are priced may use smaller rooms; the others need theirs
    // to hold them.
    for req in &soft {
        if let Kind::RoomCapacity(sel) = &req.kind {
            for set in ctx_event_sets(sel, events.len()) {
                for e in set {
                    events[e].seats_soft = true;
                }
            }
        }
    }
    for (i, ev) in events.iter().enumerate() {
        if let RoomNeed::Fixed(r) = ev.room
            && rooms[r].capacity < ev.size
            && !ev.seats_soft
        {
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
                    rooms[r].id, rooms[r].capacity, ev.id, ev.size
                ),
            ));
        }
    }
    let inst = Instance {
        name: raw.name.clone().unwrap_or_else(|| "timetable".into()),
        style,
        days,
        periods,
        blocked,
        resources,
        rooms,
        events,
        occurrences,
        hard,
        soft,
    };
    if let Err(i) = crate::check::cost_bound(&inst) {
        return Err(SourceError::at(
            file,
            text,
            inst.soft[i].line.max(1),
            1,
            crate::check::cost_bound_message(&inst, i),
        ));
    }
    Ok(inst)
}

/// The events of a selection, as sets.
fn ctx_event_sets(sel: &EventSel, n: usize) -> Vec<Vec<usize>> {
    match sel {
        EventSel::Each => (0..n).map(|e| vec![e]).collect(),
        EventSel::List(l) => vec![l.clone()],
    }
}

fn parse_clock(s: &str) -> Option<u32> {
    let (h, m) = s.split_once(':')?;
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60 && s.len() <= 5).then_some(h * 60 + m)
}

/// The slots a pattern names: `Mon.3`, `Fri.*`, `*.6`, `2025-06-05.PM`, or a day alone.
pub fn match_slots(pat: &str, days: &[Day], periods: &[Period]) -> Result<Vec<Slot>, String> {
    let (d, p) = split_slot(pat, days, periods);
    let ds: Vec<usize> = if d == "*" {
        (0..days.len()).collect()
    } else {
        match days.iter().position(|x| x.name == d) {
            Some(i) => vec![i],
            None => {
                let hint = nearest(d, days.iter().map(|x| x.name.as_str()))
                    .map(|n| format!("; did you mean `{n}`?"))
                    .unwrap_or_default();
                return Err(format!(
                    "unknown day `{d}` in the slot `{pat}` (looked up in calendar.days){hint}; a slot is written Day.period, with * for any"
                ));
            }
        }
    };
    let ps: Vec<usize> = if p == "*" {
        (0..periods.len()).collect()
    } else {
        match periods.iter().position(|x| x.id == p) {
            Some(i) => vec![i],
            None => {
                let hint = nearest(p, periods.iter().map(|x| x.id.as_str()))
                    .map(|n| format!("; did you mean `{n}`?"))
                    .unwrap_or_default();
                return Err(format!(
                    "unknown period `{p}` in the slot `{pat}` (looked up in calendar.periods){hint}"
                ));
            }
        }
    };
    Ok(ds
        .iter()
        .flat_map(|&d| ps.iter().map(move |&p| d * periods.len() + p))
        .collect())
}

/// A slot pattern's day and period. Names may hold dots themselves (`Day.period` is what the
/// writers print), so the split taken is the one whose sides name a day and a period, found
/// by trying each day name as a prefix (never each dot: a pattern may be long); else the
/// first dot, for the error to name.
fn split_slot<'a>(pat: &'a str, days: &[Day], periods: &[Period]) -> (&'a str, &'a str) {
    if days.iter().any(|x| x.name == pat) {
        return (pat, "*");
    }
    let known_period = |p: &str| p == "*" || periods.iter().any(|x| x.id == p);
    days.iter()
        .map(|x| x.name.as_str())
        .chain(["*"])
        .filter_map(|d| {
            let p = pat.strip_prefix(d)?.strip_prefix('.')?;
            known_period(p)
                .then(|| pat.split_at(d.len()))
                .map(|(d, p)| (d, &p[1..]))
        })
        .next()
        .unwrap_or_else(|| pat.split_once('.').unwrap_or((pat, "*")))
}

/// Slots as a set and as a list (in the order written).
type SlotSet = (Vec<bool>, Vec<Slot>);

type Lookup<'a> = dyn Fn(&Spanned<Name>, &str) -> Result<usize, SourceError> + 'a;
type ResLookup<'a> =
    dyn Fn(&Spanned<Name>, Option<ResourceKind>, &str) -> Result<usize, SourceError> + 'a;

struct ReqContext<'a> {
    rd: &'a Reader<'a>,
    days: &'a [Day],
    periods: &'a [Period],
    num_slots: usize,
    events: &'a [Event],
    event_lookup: &'a Lookup<'a>,
    lookup: &'a ResLookup<'a>,
    room_lookup: &'a Lookup<'a>,
    num_rooms: usize,
}

impl ReqContext<'_> {
    fn requirement(
        &self,
        r: &Spanned<RawRequirement>,
        path: &str,
        soft: bool,
    ) -> Result<Requirement, SourceError> {
        let v = &r.value;
        let rd = self.rd;
        let kind_name = v.kind.value.as_str();
        let missing = |key: &str, what: &str| {
            rd.err(
                &r.referenced,
                path,
                format!("`{kind_name}` needs `{key}`: {what}"),
            )
        };
        let events_sel = |allow_each: bool| -> Result<EventSel, SourceError> {
            let Some(m) = &v.events else {
                return Err(missing("events", "a list of event ids"));
            };
            let names = &m.value.0;
            if names.len() == 1 && names[0].value.0 == "*" {
                return if allow_each {
                    Ok(EventSel::Each)
                } else {
                    Err(rd.err(
                        &m.referenced,
                        &format!("{path}.events"),
                        format!("`{kind_name}` needs the events listed, not `*`"),
                    ))
                };
            }
            let mut out = Vec::new();
            for (k, n) in names.iter().enumerate() {
                let n = if n.referenced == Location::UNKNOWN {
                    Spanned::new(n.value.clone(), m.referenced, m.referenced)
                } else {
                    n.clone()
                };
                let e = (self.event_lookup)(&n, &format!("{path}.events[{k}]"))?;
                if !out.contains(&e) {
                    out.push(e);
                }
            }
            if out.is_empty() {
                return Err(rd.err(
                    &m.referenced,
                    &format!("{path}.events"),
                    "expected at least one event",
                ));
            }
            Ok(EventSel::List(out))
        };
        let event_list = || -> Result<Vec<usize>, SourceError> {
            match events_sel(false)? {
                EventSel::List(l) => Ok(l),
                EventSel::Each => unreachable!("`*` refused above"),
            }
        };
        let resources_sel = || -> Result<ResourceSel, SourceError> {
            let Some(m) = &v.resources else {
                return Err(missing(
                    "resources",
                    "teachers, groups, students, staff, `*`, or a list of ids",
                ));
            };
            let names = &m.value.0;
            let kinds: Vec<Option<Vec<ResourceKind>>> = names
                .iter()
                .map(|n| match n.value.0.as_str() {
                    "*" => Some(ResourceKind::ALL.to_vec()),
                    k => ResourceKind::ALL
                        .iter()
                        .find(|x| x.list() == k)
                        .map(|&x| vec![x]),
                })
                .collect();
            if kinds.iter().all(|k| k.is_some()) {
                return Ok(ResourceSel::Kinds(
                    kinds.into_iter().flatten().flatten().collect(),
                ));
            }
            let mut out = Vec::new();
            for (k, n) in names.iter().enumerate() {
                let n = if n.referenced == Location::UNKNOWN {
                    Spanned::new(n.value.clone(), m.referenced, m.referenced)
                } else {
                    n.clone()
                };
                out.push((self.lookup)(&n, None, &format!("{path}.resources[{k}]"))?);
            }
            Ok(ResourceSel::List(out))
        };
        let scope = || -> Result<Scope, SourceError> {
            match (&v.resources, &v.events) {
                (Some(_), None) => Ok(Scope::Resources(resources_sel()?)),
                (None, Some(_)) => Ok(Scope::Events(events_sel(true)?)),
                (Some(_), Some(e)) => Err(rd.err(
                    &e.referenced,
                    &format!("{path}.events"),
                    format!("`{kind_name}` takes `resources` or `events`, not both"),
                )),
                (None, None) => Err(missing("resources` or `events", "whose load is limited")),
            }
        };
        let value = || -> Result<u32, SourceError> {
            v.value
                .as_ref()
                .map(|x| x.value)
                .ok_or_else(|| missing("value", "a number"))
        };
        let slots = || -> Result<Vec<bool>, SourceError> {
            let Some(m) = &v.slots else {
                return Err(missing("slots", "a list of slots such as Mon.1 or *.6"));
            };
            let mut set = vec![false; self.num_slots];
            for (k, p) in m.value.0.iter().enumerate() {
                let loc = if p.referenced == Location::UNKNOWN {
                    m.referenced
                } else {
                    p.referenced
                };
                for s in match_slots(&p.value.0, self.days, self.periods)
                    .map_err(|msg| rd.err(&loc, &format!("{path}.slots[{k}]"), msg))?
                {
                    set[s] = true;
                }
            }
            Ok(set)
        };
        let kind = match kind_name {
            "different_days" => Kind::DifferentDays(events_sel(true)?),
            "same_day" => Kind::SameDay(events_sel(true)?),
            "not_same_day" => Kind::NotSameDay(event_list()?),
            "same_slot" => {
                let l = event_list()?;
                let counts: Vec<usize> = l.iter().map(|&e| self.events[e].count).collect();
                if counts.iter().any(|&c| c != counts[0]) {
                    return Err(rd.err(&r.referenced, &format!("{path}.events"), "`same_slot` pairs the k-th occurrences of its events: they need the same `count`"));
                }
                Kind::SameSlot(l)
            }
            "different_slot" => Kind::DifferentSlot(event_list()?),
            "precedence" => {
                let (Some(b), Some(a)) = (&v.before, &v.after) else {
                    return Err(missing("before` and `after", "two event ids"));
                };
                let before = (self.event_lookup)(b, &format!("{path}.before"))?;
                let after = (self.event_lookup)(a, &format!("{path}.after"))?;
                if before == after {
                    return Err(rd.err(
                        &a.referenced,
                        &format!("{path}.after"),
                        "an event cannot come before itself; order its occurrences with `min_gap`",
                    ));
                }
                Kind::Precedence { before, after }
            }
            "min_gap" => Kind::MinGap(events_sel(true)?, value()?),
            "max_per_day" => Kind::MaxPerDay(scope()?, value()?),
            "max_per_week" => Kind::MaxPerWeek(scope()?, value()?),
            "max_consecutive" => Kind::MaxConsecutive(resources_sel()?, value()?),
            "max_gaps_per_day" => Kind::MaxGapsPerDay(resources_sel()?, value()?),
            "min_days" => Kind::MinDays(events_sel(true)?, value()?),
            "room_stability" => Kind::RoomStability(events_sel(true)?),
            "same_room" => Kind::SameRoom(event_list()?),
            "exclusive_room" => Kind::ExclusiveRoom(event_list()?),
            "avoid_slots" => Kind::AvoidSlots(scope()?, slots()?),
            "prefer_slots" => Kind::PreferSlots(scope()?, slots()?),
            "proximity" => Kind::Proximity(
                resources_sel()?,
                v.weights.clone().unwrap_or_else(|| vec![16, 8, 4, 2, 1]),
            ),
            "two_in_a_row" => Kind::TwoInARow(resources_sel()?),
            "two_in_a_day" => Kind::TwoInADay(resources_sel()?),
            "front_load" => {
                let (Some(largest), Some(last)) = (v.largest, v.last_slots) else {
                    return Err(missing("largest` and `last_slots", "two numbers"));
                };
                Kind::FrontLoad {
                    largest: largest as usize,
                    last_slots: last as usize,
                }
            }
            "mixed_durations" => Kind::MixedDurations,
            "room_capacity" if !soft => {
                return Err(rd.err(
                    &v.kind.referenced,
                    &format!("{path}.type"),
                    "`room_capacity` is a soft constraint (rooms must hold their events unless it prices the missing seats); move it to constraints.soft",
                ));
            }
            "room_capacity" => Kind::RoomCapacity(events_sel(true)?),
            "isolated" => Kind::Isolated(resources_sel()?),
            "avoid_rooms" => {
                let Some(m) = &v.rooms else {
                    return Err(missing("rooms", "a list of room ids"));
                };
                let mut set = vec![false; self.num_rooms];
                for (k, n) in m.value.0.iter().enumerate() {
                    let n = if n.referenced == Location::UNKNOWN {
                        Spanned::new(n.value.clone(), m.referenced, m.referenced)
                    } else {
                        n.clone()
                    };
                    set[(self.room_lookup)(&n, &format!("{path}.rooms[{k}]"))?] = true;
                }
                Kind::AvoidRooms(set)
            }
            other => {
                let hint = nearest(other, Kind::NAMES)
                    .map(|n| format!("did you mean `{n}`? "))
                    .unwrap_or_default();
                return Err(rd.err(
                    &v.kind.referenced,
                    &format!("{path}.type"),
                    format!(
                        "unknown constraint type `{other}`; {hint}expected one of {}",
                        Kind::NAMES.join(", ")
                    ),
                ));
            }
        };
        let weight = match (&v.weight, soft) {
            (Some(w), false) => return Err(rd.err(&w.referenced, &format!("{path}.weight"), "a hard constraint has no weight; move it to constraints.soft to make it a preference")),
            (Some(w), true) => w.value,
            (None, true) => 1,
            (None, false) => 0,
        };
        let _ = &v.note;
        Ok(Requirement {
            kind,
            weight,
            path: path.to_string(),
            line: r.referenced.line() as u32,
        })
    }
}
