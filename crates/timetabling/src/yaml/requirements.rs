//! `constraints.hard` and `constraints.soft`: each requirement's type and what it is about,
//! resolved against the events, resources, rooms and calendar.

use super::calendar::Calendar;
use super::events::Events;
use super::names::{Reader, nearest};
use super::raw::{Name, RawRequirement};
use super::resources::{People, Rooms};
use crate::instance::{EventSel, Kind, Requirement, ResourceKind, ResourceSel, Scope};
use csp_model::source::SourceError;
use serde_saphyr::{Location, Spanned};

/// What requirements are resolved against.
pub(super) struct Context<'a> {
    pub(super) rd: &'a Reader<'a>,
    pub(super) cal: &'a Calendar,
    pub(super) people: &'a People<'a>,
    pub(super) rooms: &'a Rooms,
    pub(super) events: &'a Events,
}

/// Proximity's default weights by distance (Carter's 16, 8, 4, 2, 1).
const PROXIMITY_WEIGHTS: [u64; 5] = [16, 8, 4, 2, 1];

impl Context<'_> {
    /// The requirement `r`, written at `path` in the hard or `soft` list.
    pub(super) fn requirement(
        &self,
        r: &Spanned<RawRequirement>,
        path: &str,
        soft: bool,
    ) -> Result<Requirement, SourceError> {
        let one = One {
            cx: self,
            r,
            path,
            per_read: std::cell::Cell::new(false),
        };
        let kind = one.kind(soft)?;
        one.per_was_read()?;
        let v = &r.value;
        let weight = match (&v.weight, soft) {
            (Some(w), false) => return Err(self.rd.err(&w.referenced, &format!("{path}.weight"), "a hard constraint has no weight; move it to constraints.soft to make it a preference")),
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

/// One requirement being read.
struct One<'a> {
    cx: &'a Context<'a>,
    r: &'a Spanned<RawRequirement>,
    path: &'a str,
    /// Whether the type read `per` (it is refused where it means nothing).
    per_read: std::cell::Cell<bool>,
}

impl One<'_> {
    fn name(&self) -> &str {
        &self.r.value.kind.value
    }

    fn err(&self, loc: &Location, key: &str, message: impl std::fmt::Display) -> SourceError {
        self.cx
            .rd
            .err(loc, &format!("{}.{key}", self.path), message)
    }

    /// The type's field `key` is missing; `what` it should hold.
    fn missing(&self, key: &str, what: &str) -> SourceError {
        self.cx.rd.err(
            &self.r.referenced,
            self.path,
            format!("`{}` needs `{key}`: {what}", self.name()),
        )
    }

    /// The type, read into its kind with what it is about.
    fn kind(&self, soft: bool) -> Result<Kind, SourceError> {
        let v = &self.r.value;
        Ok(match self.name() {
            "different_days" => Kind::DifferentDays(self.grouped_events()?),
            "same_day" => Kind::SameDay(self.grouped_events()?),
            "not_same_day" => Kind::NotSameDay(self.event_list()?),
            "same_slot" => self.same_slot()?,
            "different_slot" => Kind::DifferentSlot(self.event_list()?),
            "precedence" => self.precedence()?,
            "min_gap" => Kind::MinGap(self.grouped_events()?, self.value()?),
            "max_per_day" => Kind::MaxPerDay(self.scope()?, self.value()?),
            "max_per_week" => Kind::MaxPerWeek(self.scope()?, self.value()?),
            "max_consecutive" => Kind::MaxConsecutive(self.resources()?, self.value()?),
            "max_gaps_per_day" => Kind::MaxGapsPerDay(self.resources()?, self.value()?),
            "min_days" => Kind::MinDays(self.grouped_events()?, self.value()?),
            "room_stability" => Kind::RoomStability(self.grouped_events()?),
            "same_room" => Kind::SameRoom(self.event_list()?),
            "exclusive_room" => Kind::ExclusiveRoom(self.event_list()?),
            "avoid_slots" => Kind::AvoidSlots(self.scope()?, self.slots()?),
            "prefer_slots" => Kind::PreferSlots(self.scope()?, self.slots()?),
            "proximity" => Kind::Proximity(
                self.resources()?,
                v.weights
                    .clone()
                    .unwrap_or_else(|| PROXIMITY_WEIGHTS.to_vec()),
            ),
            "two_in_a_row" => Kind::TwoInARow(self.resources()?),
            "two_in_a_day" => Kind::TwoInADay(self.resources()?),
            "front_load" => {
                let (Some(largest), Some(last)) = (v.largest, v.last_slots) else {
                    return Err(self.missing("largest` and `last_slots", "two numbers"));
                };
                Kind::FrontLoad {
                    largest: largest as usize,
                    last_slots: last as usize,
                }
            }
            "mixed_durations" => Kind::MixedDurations,
            "room_capacity" if !soft => {
                return Err(self.err(
                    &v.kind.referenced,
                    "type",
                    "`room_capacity` is a soft constraint (rooms must hold their events unless it prices the missing seats); move it to constraints.soft",
                ));
            }
            "room_capacity" => Kind::RoomCapacity(self.grouped_events()?),
            "isolated" => Kind::Isolated(self.resources()?),
            "avoid_rooms" => Kind::AvoidRooms(self.rooms()?),
            "special_rooms" => Kind::SpecialRooms,
            other => {
                let hint = nearest(other, Kind::NAMES)
                    .map(|n| format!("did you mean `{n}`? "))
                    .unwrap_or_default();
                return Err(self.err(
                    &v.kind.referenced,
                    "type",
                    format!(
                        "unknown constraint type `{other}`; {hint}expected one of {}",
                        Kind::NAMES.join(", ")
                    ),
                ));
            }
        })
    }

    /// `per: event | set` was given to a type it means nothing to.
    fn per_was_read(&self) -> Result<(), SourceError> {
        match &self.r.value.per {
            Some(p) if !self.per_read.get() => Err(self.err(
                &p.referenced,
                "per",
                format!(
                    "`{}` has no `per`: it applies to requirements over a list of events (different_days, same_day, min_gap, min_days, room_stability, room_capacity, and max_per_day, max_per_week, avoid_slots, prefer_slots over events)",
                    self.name()
                ),
            )),
            _ => Ok(()),
        }
    }

    /// `events` with `per`: a list applies to each event on its own (`per: event`, the
    /// default, as "the lessons of maths and of English on 3 days" is read) or to the
    /// occurrences of all of them as one set (`per: set`); `*` is every event on its own.
    fn grouped_events(&self) -> Result<EventSel, SourceError> {
        self.per_read.set(true);
        let per = match &self.r.value.per {
            None => None,
            Some(p) if p.value == "event" || p.value == "set" => Some(p),
            Some(p) => {
                return Err(self.err(
                    &p.referenced,
                    "per",
                    format!("expected `event` or `set`, not `{}`", p.value),
                ));
            }
        };
        Ok(match (self.events(true)?, per) {
            (EventSel::List(l), Some(p)) if p.value == "set" => EventSel::List(l),
            (EventSel::List(l), _) => EventSel::EachOf(l),
            (EventSel::Each, Some(p)) if p.value == "set" => {
                return Err(self.err(
                    &p.referenced,
                    "per",
                    "`per: set` needs the events listed, not `*`",
                ));
            }
            (sel, _) => sel,
        })
    }

    /// `events`: a list of ids, or `*` (each event on its own) when `allow_each`.
    fn events(&self, allow_each: bool) -> Result<EventSel, SourceError> {
        let Some(m) = &self.r.value.events else {
            return Err(self.missing("events", "a list of event ids"));
        };
        let names = &m.value.0;
        if names.len() == 1 && names[0].value.0 == "*" {
            return if allow_each {
                Ok(EventSel::Each)
            } else {
                Err(self.err(
                    &m.referenced,
                    "events",
                    format!("`{}` needs the events listed, not `*`", self.name()),
                ))
            };
        }
        let mut out = Vec::new();
        for (k, n) in names.iter().enumerate() {
            let path = format!("{}.events[{k}]", self.path);
            let e = self.cx.events.lookup(self.cx.rd, &located(n, m), &path)?;
            if !out.contains(&e) {
                out.push(e);
            }
        }
        if out.is_empty() {
            return Err(self.err(&m.referenced, "events", "expected at least one event"));
        }
        Ok(EventSel::List(out))
    }

    /// `events` as a list (`*` refused).
    fn event_list(&self) -> Result<Vec<usize>, SourceError> {
        match self.events(false)? {
            EventSel::List(l) | EventSel::EachOf(l) => Ok(l),
            EventSel::Each => unreachable!("`*` refused above"),
        }
    }

    /// `resources`: kinds (`teachers`, `groups`, `*` …) or a list of ids.
    fn resources(&self) -> Result<ResourceSel, SourceError> {
        let Some(m) = &self.r.value.resources else {
            return Err(self.missing(
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
            let path = format!("{}.resources[{k}]", self.path);
            out.push(
                self.cx
                    .people
                    .lookup(self.cx.rd, &located(n, m), None, &path)?,
            );
        }
        Ok(ResourceSel::List(out))
    }

    /// A load's scope: `resources` or `events`, not both.
    fn scope(&self) -> Result<Scope, SourceError> {
        let v = &self.r.value;
        match (&v.resources, &v.events) {
            (Some(_), None) => Ok(Scope::Resources(self.resources()?)),
            (None, Some(_)) => Ok(Scope::Events(self.grouped_events()?)),
            (Some(_), Some(e)) => Err(self.err(
                &e.referenced,
                "events",
                format!("`{}` takes `resources` or `events`, not both", self.name()),
            )),
            (None, None) => Err(self.missing("resources` or `events", "whose load is limited")),
        }
    }

    fn value(&self) -> Result<u32, SourceError> {
        self.r
            .value
            .value
            .as_ref()
            .map(|x| x.value)
            .ok_or_else(|| self.missing("value", "a number"))
    }

    /// `slots`, as a set.
    fn slots(&self) -> Result<Vec<bool>, SourceError> {
        let Some(m) = &self.r.value.slots else {
            return Err(self.missing("slots", "a list of slots such as Mon.1 or *.6"));
        };
        let path = format!("{}.slots", self.path);
        Ok(self.cx.cal.slots_of(self.cx.rd, m, &path, false)?.0)
    }

    /// `rooms`, as a set.
    fn rooms(&self) -> Result<Vec<bool>, SourceError> {
        let Some(m) = &self.r.value.rooms else {
            return Err(self.missing("rooms", "a list of room ids"));
        };
        let mut set = vec![false; self.cx.rooms.rooms.len()];
        for (k, n) in m.value.0.iter().enumerate() {
            let path = format!("{}.rooms[{k}]", self.path);
            set[self.cx.rooms.lookup(self.cx.rd, &located(n, m), &path)?] = true;
        }
        Ok(set)
    }

    /// `same_slot`: its events need the same `count` (their k-th occurrences are paired).
    fn same_slot(&self) -> Result<Kind, SourceError> {
        let l = self.event_list()?;
        let events = &self.cx.events.events;
        if l.iter().any(|&e| events[e].count != events[l[0]].count) {
            return Err(self.err(
                &self.r.referenced,
                "events",
                "`same_slot` pairs the k-th occurrences of its events: they need the same `count`",
            ));
        }
        Ok(Kind::SameSlot(l))
    }

    /// `precedence`: two different events.
    fn precedence(&self) -> Result<Kind, SourceError> {
        let v = &self.r.value;
        let (Some(b), Some(a)) = (&v.before, &v.after) else {
            return Err(self.missing("before` and `after", "two event ids"));
        };
        let (events, rd) = (self.cx.events, self.cx.rd);
        let before = events.lookup(rd, b, &format!("{}.before", self.path))?;
        let after = events.lookup(rd, a, &format!("{}.after", self.path))?;
        if before == after {
            return Err(self.err(
                &a.referenced,
                "after",
                "an event cannot come before itself; order its occurrences with `min_gap`",
            ));
        }
        Ok(Kind::Precedence { before, after })
    }
}

/// A name of a list, at the list's position when written inline (`events: a`).
fn located<T>(n: &Spanned<Name>, list: &Spanned<T>) -> Spanned<Name> {
    if n.referenced == Location::UNKNOWN {
        Spanned::new(n.value.clone(), list.referenced, list.referenced)
    } else {
        n.clone()
    }
}
