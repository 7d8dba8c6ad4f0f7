//! The adapter: a `.ctt` instance as a timetabling [`Instance`].

use super::Ctt;
use crate::instance::{
    Day, Event, EventSel, Instance, Kind, Occurrence, Period, Requirement, Resource, ResourceKind,
    ResourceSel, Room, RoomNeed, Style,
};
use std::collections::HashMap;

/// UD2's weights: a student over the seats, a working day short, an isolated lecture, a room
/// beyond the first.
const ROOM_CAPACITY: u64 = 1;
const MIN_WORKING_DAYS: u64 = 5;
const CURRICULUM_COMPACTNESS: u64 = 2;
const ROOM_STABILITY: u64 = 1;

impl Ctt {
    /// The timetabling instance (an error when it would be too large).
    pub fn instance(&self) -> Result<Instance, String> {
        let slots = self.days * self.periods;
        super::super::check_cells(
            2 * self.courses.len() + self.curricula.len() + self.rooms.len(),
            slots,
        )?;
        let (resources, uses) = self.resources();
        let (events, occurrences) = self.events(uses);
        Ok(Instance {
            name: if self.name.is_empty() {
                "ctt".into()
            } else {
                self.name.clone()
            },
            style: Style::Course,
            days: (0..self.days)
                .map(|d| Day {
                    name: d.to_string(),
                    date: None,
                })
                .collect(),
            periods: (0..self.periods)
                .map(|p| Period {
                    id: p.to_string(),
                    start: None,
                    minutes: None,
                })
                .collect(),
            blocked: vec![false; slots],
            resources,
            rooms: self
                .rooms
                .iter()
                .map(|(id, cap)| Room {
                    id: id.clone(),
                    capacity: *cap,
                    features: Vec::new(),
                    unavailable: vec![false; slots],
                    building: None,
                })
                .collect(),
            events,
            occurrences,
            hard: Vec::new(),
            soft: self.soft_requirements(),
        })
    }

    /// A teacher resource per teacher and a group per curriculum; the resources each course
    /// uses.
    fn resources(&self) -> (Vec<Resource>, Vec<Vec<usize>>) {
        let slots = self.days * self.periods;
        let mut teachers: HashMap<&str, usize> = HashMap::new();
        let mut resources: Vec<Resource> = Vec::new();
        let resource = |id: String, kind| Resource {
            name: id.clone(),
            id,
            kind,
            unavailable: vec![false; slots],
            parent: None,
            size: 0,
            headcount: 1,
        };
        for co in &self.courses {
            teachers.entry(co.teacher.as_str()).or_insert_with(|| {
                resources.push(resource(co.teacher.clone(), ResourceKind::Teacher));
                resources.len() - 1
            });
        }
        let first_curriculum = resources.len();
        for (id, _) in &self.curricula {
            // Curricula and teachers share the resource ids' namespace.
            let id = if teachers.contains_key(id.as_str()) {
                format!("curriculum-{id}")
            } else {
                id.clone()
            };
            resources.push(resource(id, ResourceKind::Group));
        }
        let uses = (0..self.courses.len())
            .map(|k| {
                let mut uses = vec![teachers[self.courses[k].teacher.as_str()]];
                for (q, (_, list)) in self.curricula.iter().enumerate() {
                    if list.contains(&k) {
                        uses.push(first_curriculum + q);
                    }
                }
                uses.sort_unstable();
                uses.dedup();
                uses
            })
            .collect();
        (resources, uses)
    }

    /// A course as an event with `count` lectures needing any room (smaller rooms allowed,
    /// priced), its unavailable periods forbidden.
    fn events(&self, uses: Vec<Vec<usize>>) -> (Vec<Event>, Vec<Occurrence>) {
        let slots = self.days * self.periods;
        let mut events = Vec::new();
        let mut occurrences = Vec::new();
        for ((k, co), uses) in self.courses.iter().enumerate().zip(uses) {
            let mut forbidden = vec![false; slots];
            for &(c, d, p) in &self.unavailable {
                if c == k {
                    forbidden[d * self.periods + p] = true;
                }
            }
            let first = occurrences.len();
            occurrences.extend((0..co.lectures).map(|rank| Occurrence { event: k, rank }));
            events.push(Event {
                id: co.id.clone(),
                subject: None,
                named: uses.clone(),
                uses,
                size: co.students,
                seats_soft: true,
                duration: 1,
                minutes: None,
                room: RoomNeed::Any {
                    features: Vec::new(),
                    only: false,
                },
                fixed: Vec::new(),
                allowed: None,
                forbidden,
                first,
                count: co.lectures,
            });
        }
        (events, occurrences)
    }

    /// UD2 as soft requirements, named as the validator names them.
    fn soft_requirements(&self) -> Vec<Requirement> {
        let req = |kind, weight, path: &str| Requirement {
            kind,
            weight,
            path: path.into(),
            line: 0,
        };
        let mut soft = vec![req(
            Kind::RoomCapacity(EventSel::Each),
            ROOM_CAPACITY,
            "RoomCapacity",
        )];
        for (k, co) in self.courses.iter().enumerate() {
            if co.min_days > 0 {
                soft.push(req(
                    Kind::MinDays(EventSel::List(vec![k]), co.min_days),
                    MIN_WORKING_DAYS,
                    "MinWorkingDays",
                ));
            }
        }
        soft.push(req(
            Kind::Isolated(ResourceSel::Kinds(vec![ResourceKind::Group])),
            CURRICULUM_COMPACTNESS,
            "CurriculumCompactness",
        ));
        soft.push(req(
            Kind::RoomStability(EventSel::Each),
            ROOM_STABILITY,
            "RoomStability",
        ));
        soft
    }
}
