//! Events: who takes part, how often and how long, the room they need and the slots they
//! are fixed to, allowed or forbidden.

use super::calendar::Calendar;
use super::names::Reader;
use super::raw::{Name, RawEvent, RawFile, RawRoomNeed};
use super::resources::{People, Rooms};
use super::{MAX_OCCURRENCES, seats};
use crate::instance::{Event, Occurrence, ResourceKind, RoomNeed, Style};
use csp_model::source::SourceError;
use serde_saphyr::Spanned;
use std::collections::HashMap;

/// The events as read.
pub(super) struct Events {
    pub(super) events: Vec<Event>,
    pub(super) occurrences: Vec<Occurrence>,
    index: HashMap<String, usize>,
}

/// What an event's fields are resolved against.
pub(super) struct Known<'a> {
    pub(super) cal: &'a Calendar,
    pub(super) people: &'a People<'a>,
    pub(super) rooms: &'a Rooms,
    pub(super) style: Style,
}

impl Events {
    /// Reads `events`, then the students' enrolments, then what each event occupies.
    pub(super) fn read(
        rd: &Reader<'_>,
        raw: &RawFile,
        known: &Known<'_>,
    ) -> Result<Events, SourceError> {
        let mut events = Events {
            events: Vec::new(),
            occurrences: Vec::new(),
            index: HashMap::new(),
        };
        for (i, e) in raw.events.iter().enumerate() {
            events.event(rd, known, i, e)?;
        }
        for (r, e, path) in &known.people.enrolments {
            let ev = events.lookup(rd, e, path)?;
            if !events.events[ev].named.contains(r) {
                events.events[ev].named.push(*r);
            }
        }
        events.occupancy(rd, raw, known.people)?;
        Ok(events)
    }

    /// Event `i`, and its occurrences.
    fn event(
        &mut self,
        rd: &Reader<'_>,
        known: &Known<'_>,
        i: usize,
        e: &Spanned<RawEvent>,
    ) -> Result<(), SourceError> {
        let path = format!("events[{i}]");
        let v = &e.value;
        let id = v.id.value.0.clone();
        if self.index.contains_key(&id) {
            return Err(rd.err(
                &v.id.referenced,
                &format!("{path}.id"),
                format!("the event `{id}` appears twice"),
            ));
        }
        self.index.insert(id.clone(), i);
        let named = named(rd, known.people, v, &path)?;
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
        let duration = length(rd, known.cal, e, &path)?;
        let room = room_need(rd, known, v, &path)?;
        let slots_of = |m: &Option<Spanned<_>>, key: &str| {
            m.as_ref()
                .map(|m| known.cal.slots_of(rd, m, &format!("{path}.{key}"), true))
                .transpose()
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
            .unwrap_or_else(|| vec![false; known.cal.num_slots()]);
        let first = self.occurrences.len();
        if first + count as usize > MAX_OCCURRENCES {
            return Err(rd.err(
                &e.referenced,
                &path,
                format!("more than {MAX_OCCURRENCES} occurrences in all"),
            ));
        }
        for rank in 0..count as usize {
            self.occurrences.push(Occurrence { event: i, rank });
        }
        let _ = &v.name;
        self.events.push(Event {
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
        Ok(())
    }

    /// What each event occupies (its resources and the subgroups of its groups), and its
    /// size when not given (its groups' sizes and one seat per student).
    fn occupancy(
        &mut self,
        rd: &Reader<'_>,
        raw: &RawFile,
        people: &People<'_>,
    ) -> Result<(), SourceError> {
        let resources = &people.resources;
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); resources.len()];
        for (r, res) in resources.iter().enumerate() {
            if let Some(p) = res.parent {
                children[p].push(r);
            }
        }
        for (i, ev) in self.events.iter_mut().enumerate() {
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
        Ok(())
    }

    /// The event a name refers to.
    pub(super) fn lookup(
        &self,
        rd: &Reader<'_>,
        name: &Spanned<Name>,
        path: &str,
    ) -> Result<usize, SourceError> {
        self.index.get(&name.value.0).copied().ok_or_else(|| {
            let candidates = self.events.iter().map(|e| e.id.as_str());
            rd.unknown(name, path, "event", "events", candidates)
        })
    }
}

/// The resources an event names, in the order written, each once.
fn named(
    rd: &Reader<'_>,
    people: &People<'_>,
    v: &RawEvent,
    path: &str,
) -> Result<Vec<usize>, SourceError> {
    let mut named = Vec::new();
    for (key, kind, list) in [
        ("teachers", ResourceKind::Teacher, &v.teachers),
        ("groups", ResourceKind::Group, &v.groups),
        ("students", ResourceKind::Student, &v.students),
        ("staff", ResourceKind::Staff, &v.staff),
    ] {
        for (k, n) in list.iter().enumerate() {
            let r = people.lookup(rd, n, Some(kind), &format!("{path}.{key}[{k}]"))?;
            if !named.contains(&r) {
                named.push(r);
            }
        }
    }
    Ok(named)
}

/// An event's `duration` in periods (within one day), after checking its `minutes` fit some
/// period.
fn length(
    rd: &Reader<'_>,
    cal: &Calendar,
    e: &Spanned<RawEvent>,
    path: &str,
) -> Result<u32, SourceError> {
    let v = &e.value;
    let ppd = cal.periods.len();
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
            || cal
                .periods
                .iter()
                .all(|p| p.minutes.is_some_and(|len| len < m.value)))
    {
        return Err(rd.err(
            &m.referenced,
            &format!("{path}.minutes"),
            format!("{} minutes fit no period of the calendar", m.value),
        ));
    }
    Ok(duration)
}

/// The room an event needs: none, one named, or any with the features (by default any room
/// when there are rooms, and always for exams).
fn room_need(
    rd: &Reader<'_>,
    known: &Known<'_>,
    v: &RawEvent,
    path: &str,
) -> Result<RoomNeed, SourceError> {
    Ok(match &v.room {
        None if known.style == Style::Exam || !known.rooms.rooms.is_empty() => RoomNeed::Any {
            features: vec![],
            only: false,
        },
        None => RoomNeed::None,
        Some(r) => match &r.value {
            RawRoomNeed::None => RoomNeed::None,
            RawRoomNeed::Spec(spec) => match &spec.id {
                Some(id) => {
                    RoomNeed::Fixed(known.rooms.lookup(rd, id, &format!("{path}.room.id"))?)
                }
                None => RoomNeed::Any {
                    features: spec.features.clone(),
                    only: false,
                },
            },
        },
    })
}
