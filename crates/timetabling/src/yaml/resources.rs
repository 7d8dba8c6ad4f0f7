//! Teachers, groups, students and staff (one namespace), with the requirements written on
//! them, and rooms.

use super::calendar::Calendar;
use super::names::Reader;
use super::raw::{Name, RawFile, RawPerson};
use super::seats;
use crate::instance::{Kind, Requirement, Resource, ResourceKind, ResourceSel, Room, Scope};
use csp_model::source::SourceError;
use serde_saphyr::Spanned;
use std::collections::HashMap;

/// The resources as read, with what refers to them for later steps.
pub(super) struct People<'r> {
    pub(super) resources: Vec<Resource>,
    index: HashMap<String, usize>,
    /// Hard requirements written on a resource (`max_per_day`, `max_per_week`).
    pub(super) hard: Vec<Requirement>,
    /// Soft requirements written on a resource (`preferred`).
    pub(super) soft: Vec<Requirement>,
    /// Students' `events`, resolved once the events are read: (student, event, path).
    pub(super) enrolments: Vec<(usize, &'r Spanned<Name>, String)>,
}

impl<'r> People<'r> {
    /// Reads `resources.teachers`, `groups`, `students` and `staff`, then links groups to
    /// their parents.
    pub(super) fn read(
        rd: &Reader<'_>,
        raw: &'r RawFile,
        cal: &Calendar,
    ) -> Result<People<'r>, SourceError> {
        let mut people = People {
            resources: Vec::new(),
            index: HashMap::new(),
            hard: Vec::new(),
            soft: Vec::new(),
            enrolments: Vec::new(),
        };
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
                let r = people.person(rd, cal, kind, p, &path)?;
                if let Some(par) = &p.value.parent {
                    parents.push((r, par, format!("{path}.parent")));
                }
                for (k, e) in p.value.events.iter().enumerate() {
                    people
                        .enrolments
                        .push((r, e, format!("{path}.events[{k}]")));
                }
            }
        }
        for (r, par, path) in &parents {
            people.link_parent(rd, *r, par, path)?;
        }
        Ok(people)
    }

    /// One resource and the requirements written on it; its index.
    fn person(
        &mut self,
        rd: &Reader<'_>,
        cal: &Calendar,
        kind: ResourceKind,
        p: &Spanned<RawPerson>,
        path: &str,
    ) -> Result<usize, SourceError> {
        let v = &p.value;
        let id = v.id.value.0.clone();
        if let Some(&other) = self.index.get(&id) {
            return Err(rd.err(&v.id.referenced, &format!("{path}.id"), format!("the id `{id}` is already used by the {} `{id}`; ids of teachers, groups, students and staff must differ", self.resources[other].kind.noun())));
        }
        let r = self.resources.len();
        self.index.insert(id.clone(), r);
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
        seats(u64::from(size)).map_err(|m| rd.err(&p.referenced, &format!("{path}.size"), m))?;
        self.resources.push(Resource {
            id: id.clone(),
            name: v.name.clone().unwrap_or_else(|| id.clone()),
            kind,
            unavailable: cal.slot_set(rd, &v.unavailable, &format!("{path}.unavailable"))?,
            parent: None,
            size,
            headcount: size.max(1),
        });
        let one = ResourceSel::List(vec![r]);
        let line = p.referenced.line() as u32;
        if let Some(m) = v.max_per_day {
            self.hard.push(Requirement {
                kind: Kind::MaxPerDay(Scope::Resources(one.clone()), m),
                weight: 0,
                path: format!("{path}.max_per_day"),
                line,
            });
        }
        if let Some(m) = v.max_per_week {
            self.hard.push(Requirement {
                kind: Kind::MaxPerWeek(Scope::Resources(one.clone()), m),
                weight: 0,
                path: format!("{path}.max_per_week"),
                line,
            });
        }
        if !v.preferred.is_empty() {
            let slots = cal.slot_set(rd, &v.preferred, &format!("{path}.preferred"))?;
            self.soft.push(Requirement {
                kind: Kind::PreferSlots(Scope::Resources(one), slots),
                weight: 1,
                path: format!("{path}.preferred"),
                line,
            });
        }
        Ok(r)
    }

    /// Group `r`'s parent, refusing cycles.
    fn link_parent(
        &mut self,
        rd: &Reader<'_>,
        r: usize,
        par: &Spanned<Name>,
        path: &str,
    ) -> Result<(), SourceError> {
        let p = self.lookup(rd, par, Some(ResourceKind::Group), path)?;
        let mut at = Some(p);
        while let Some(a) = at {
            if a == r {
                return Err(rd.err(
                    &par.referenced,
                    path,
                    format!("group `{}` would be its own ancestor", self.resources[r].id),
                ));
            }
            at = self.resources[a].parent;
        }
        self.resources[r].parent = Some(p);
        Ok(())
    }

    /// The resource a name refers to, of kind `want` when given.
    pub(super) fn lookup(
        &self,
        rd: &Reader<'_>,
        name: &Spanned<Name>,
        want: Option<ResourceKind>,
        path: &str,
    ) -> Result<usize, SourceError> {
        let id = &name.value.0;
        let kind = |r: usize| self.resources[r].kind;
        match self.index.get(id) {
            Some(&r) if want.is_none_or(|k| kind(r) == k) => Ok(r),
            Some(&r) => Err(rd.err(
                &name.referenced,
                path,
                format!(
                    "`{id}` is a {}, not a {}",
                    kind(r).noun(),
                    want.map_or("resource", |k| k.noun())
                ),
            )),
            None => {
                let list = want.map_or("resources".into(), |k| format!("resources.{}", k.list()));
                let candidates = self
                    .resources
                    .iter()
                    .filter(|r| want.is_none_or(|k| r.kind == k))
                    .map(|r| r.id.as_str());
                let noun = want.map_or("resource", |k| k.noun());
                Err(rd.unknown(name, path, noun, &list, candidates))
            }
        }
    }
}

/// The rooms as read.
pub(super) struct Rooms {
    pub(super) rooms: Vec<Room>,
    index: HashMap<String, usize>,
}

impl Rooms {
    /// Reads the rooms, under `resources.rooms` or at the top level.
    pub(super) fn read(
        rd: &Reader<'_>,
        raw: &RawFile,
        cal: &Calendar,
    ) -> Result<Rooms, SourceError> {
        let mut rooms = Rooms {
            rooms: Vec::new(),
            index: HashMap::new(),
        };
        for (key, list) in [
            ("resources.rooms", &raw.resources.rooms),
            ("rooms", &raw.rooms),
        ] {
            for (i, r) in list.iter().enumerate() {
                let path = format!("{key}[{i}]");
                let id = r.value.id.value.0.clone();
                if rooms.index.contains_key(&id) {
                    return Err(rd.err(
                        &r.value.id.referenced,
                        &format!("{path}.id"),
                        format!("the room `{id}` appears twice"),
                    ));
                }
                rooms.index.insert(id.clone(), rooms.rooms.len());
                if let Some(c) = r.value.capacity {
                    seats(u64::from(c))
                        .map_err(|m| rd.err(&r.referenced, &format!("{path}.capacity"), m))?;
                }
                rooms.rooms.push(Room {
                    id,
                    capacity: r.value.capacity.unwrap_or(u32::MAX),
                    features: r.value.features.clone(),
                    unavailable: cal.slot_set(
                        rd,
                        &r.value.unavailable,
                        &format!("{path}.unavailable"),
                    )?,
                    building: r.value.building.clone(),
                });
            }
        }
        Ok(rooms)
    }

    /// The room a name refers to.
    pub(super) fn lookup(
        &self,
        rd: &Reader<'_>,
        name: &Spanned<Name>,
        path: &str,
    ) -> Result<usize, SourceError> {
        self.index.get(&name.value.0).copied().ok_or_else(|| {
            let candidates = self.rooms.iter().map(|r| r.id.as_str());
            rd.unknown(name, path, "room", "resources.rooms", candidates)
        })
    }
}
