//! The adapter: an `.exam` instance as a timetabling [`Instance`].

use super::Exam;
use crate::instance::{
    Date, Day, Event, EventSel, Instance, Kind, Occurrence, Period, Requirement, Resource,
    ResourceKind, ResourceSel, Room, RoomNeed, Scope, Style,
};
use crate::yaml::{MAX_DAYS, MAX_PERIODS};
use std::collections::{BTreeMap, HashMap};

/// A day of periods with one date: `(date, first period, count)`.
pub(super) type Run = (String, usize, usize);

fn req(kind: Kind, weight: u64, path: &str) -> Requirement {
    Requirement {
        kind,
        weight,
        path: path.into(),
        line: 0,
    }
}

impl Exam {
    /// The days: runs of periods with the same date.
    pub(super) fn day_runs(&self) -> Vec<Run> {
        let mut out: Vec<Run> = Vec::new();
        for (p, pd) in self.periods.iter().enumerate() {
            match out.last_mut() {
                Some(last) if last.0 == pd.date => last.2 += 1,
                _ => out.push((pd.date.clone(), p, 1)),
            }
        }
        out
    }

    /// The largest exams (by students; ties by file order), as front load counts them.
    pub fn largest(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.exams.len()).collect();
        order.sort_by_key(|&e| (std::cmp::Reverse(self.exams[e].students.len()), e));
        order.truncate(self.weights.front_load.0);
        order
    }

    /// The slot grid: every day as long as the longest, a shorter day's last slots blocked.
    /// Returns the periods per day and the slot of each period.
    pub(super) fn grid(&self) -> (usize, Vec<usize>) {
        let runs = self.day_runs();
        let per_day = runs.iter().map(|r| r.2).max().unwrap_or(0);
        let mut slot = vec![0; self.periods.len()];
        for (d, &(_, first, n)) in runs.iter().enumerate() {
            for (k, s) in slot[first..first + n].iter_mut().enumerate() {
                *s = d * per_day + k;
            }
        }
        (per_day, slot)
    }

    /// The timetabling instance (an error when it would be too large). Days of fewer periods
    /// than the longest have their last slots blocked; spread and front load count open
    /// slots only, so they count periods as the competition does.
    pub fn instance(&self) -> Result<Instance, String> {
        let runs = self.day_runs();
        let (per_day, slot_of) = self.grid();
        if per_day == 0 {
            return Err("an exam session needs at least one period".into());
        }
        if per_day > MAX_PERIODS || runs.len() > MAX_DAYS {
            return Err(format!("at most {MAX_DAYS} days of {MAX_PERIODS} periods"));
        }
        let slots = runs.len() * per_day;
        let mut blocked = vec![true; slots];
        for &s in &slot_of {
            blocked[s] = false;
        }
        let (resources, uses) = self.cohorts(slots)?;
        Ok(Instance {
            name: self.name.clone(),
            style: Style::Exam,
            days: days(&runs),
            periods: (0..per_day)
                .map(|p| Period {
                    id: p.to_string(),
                    start: None,
                    minutes: None,
                })
                .collect(),
            blocked,
            resources,
            rooms: self
                .rooms
                .iter()
                .enumerate()
                .map(|(r, &(cap, _))| Room {
                    id: r.to_string(),
                    capacity: cap,
                    features: Vec::new(),
                    unavailable: vec![false; slots],
                    building: None,
                })
                .collect(),
            events: self.events(&uses, &slot_of, slots),
            occurrences: (0..self.exams.len())
                .map(|event| Occurrence { event, rank: 0 })
                .collect(),
            hard: self.hard_requirements(),
            soft: self.soft_requirements(&slot_of, slots),
        })
    }

    /// A student resource per distinct set of exams (its headcount: how many students have
    /// that set), and the resources each exam uses.
    fn cohorts(&self, slots: usize) -> Result<(Vec<Resource>, Vec<Vec<usize>>), String> {
        let mut cohorts: HashMap<Vec<usize>, usize> = HashMap::new();
        let mut by_student: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        for (e, ex) in self.exams.iter().enumerate() {
            for &s in &ex.students {
                by_student.entry(s).or_default().push(e);
            }
        }
        super::super::check_cells(
            by_student.len() + 2 * self.exams.len() + self.rooms.len(),
            slots,
        )?;
        let mut resources: Vec<Resource> = Vec::new();
        let mut uses: Vec<Vec<usize>> = vec![Vec::new(); self.exams.len()];
        for (s, ex) in by_student {
            let r = *cohorts.entry(ex.clone()).or_insert_with(|| {
                resources.push(Resource {
                    id: format!("student-{s}"),
                    name: format!("student {s}"),
                    kind: ResourceKind::Student,
                    unavailable: vec![false; slots],
                    parent: None,
                    size: 1,
                    headcount: 0,
                });
                for &e in &ex {
                    uses[e].push(resources.len() - 1);
                }
                resources.len() - 1
            });
            resources[r].headcount += 1;
        }
        Ok((resources, uses))
    }

    /// An exam as an event of one occurrence needing any room, kept out of shorter periods
    /// (`slot_of`: the slot of each period, of `slots`).
    fn events(&self, uses: &[Vec<usize>], slot_of: &[usize], slots: usize) -> Vec<Event> {
        self.exams
            .iter()
            .enumerate()
            .map(|(e, ex)| Event {
                id: e.to_string(),
                subject: None,
                named: uses[e].clone(),
                uses: uses[e].clone(),
                size: ex.students.len() as u32,
                seats_soft: false,
                duration: 1,
                minutes: Some(ex.duration),
                room: RoomNeed::Any {
                    features: Vec::new(),
                    only: false,
                },
                fixed: Vec::new(),
                allowed: None,
                forbidden: {
                    let mut f = vec![true; slots];
                    for (p, pd) in self.periods.iter().enumerate() {
                        f[slot_of[p]] = pd.duration < ex.duration;
                    }
                    f
                },
                first: e,
                count: 1,
            })
            .collect()
    }

    /// `EXCLUSION`, `EXAM_COINCIDENCE`, `AFTER`, `ROOM_EXCLUSIVE`.
    fn hard_requirements(&self) -> Vec<Requirement> {
        let mut hard = Vec::new();
        for &(a, b) in &self.exclusion {
            if a != b {
                hard.push(req(Kind::DifferentSlot(vec![a, b]), 0, "EXCLUSION"));
            }
        }
        for &(a, b) in &self.coincidence {
            if a != b {
                hard.push(req(Kind::SameSlot(vec![a, b]), 0, "EXAM_COINCIDENCE"));
            }
        }
        for &(a, b) in &self.after {
            hard.push(req(
                Kind::Precedence {
                    before: b,
                    after: a,
                },
                0,
                "AFTER",
            ));
        }
        for &e in &self.room_exclusive {
            hard.push(req(Kind::ExclusiveRoom(vec![e]), 0, "ROOM_EXCLUSIVE"));
        }
        hard
    }

    /// The institutional weightings, and a requirement per period and room penalty value.
    fn soft_requirements(&self, slot_of: &[usize], slots: usize) -> Vec<Requirement> {
        let w = self.weights;
        let students = || ResourceSel::Kinds(vec![ResourceKind::Student]);
        let mut soft = Vec::new();
        if w.two_in_a_row > 0 {
            soft.push(req(
                Kind::TwoInARow(students()),
                w.two_in_a_row,
                "TwoInARow",
            ));
        }
        if w.two_in_a_day > 0 {
            soft.push(req(
                Kind::TwoInADay(students()),
                w.two_in_a_day,
                "TwoInADay",
            ));
        }
        if w.period_spread > 0 {
            soft.push(req(
                // A spread past the last period counts every pair: no longer list is needed.
                Kind::Proximity(students(), vec![1; w.period_spread.min(self.periods.len())]),
                1,
                "PeriodSpread",
            ));
        }
        if w.mixed > 0 {
            soft.push(req(Kind::MixedDurations, w.mixed, "NonMixedDurations"));
        }
        if w.front_load.0 > 0 && w.front_load.1 > 0 && w.front_load.2 > 0 {
            soft.push(req(
                Kind::FrontLoad {
                    largest: w.front_load.0,
                    last_slots: w.front_load.1,
                },
                w.front_load.2,
                "FrontLoad",
            ));
        }
        let mut penalties: BTreeMap<u64, Vec<bool>> = BTreeMap::new();
        for (p, pd) in self.periods.iter().enumerate() {
            if pd.penalty > 0 {
                penalties
                    .entry(pd.penalty)
                    .or_insert_with(|| vec![false; slots])[slot_of[p]] = true;
            }
        }
        for (pen, set) in penalties {
            soft.push(req(
                Kind::AvoidSlots(Scope::Events(EventSel::Each), set),
                pen,
                "PeriodPenalty",
            ));
        }
        let mut penalties: BTreeMap<u64, Vec<bool>> = BTreeMap::new();
        for (r, &(_, pen)) in self.rooms.iter().enumerate() {
            if pen > 0 {
                penalties
                    .entry(pen)
                    .or_insert_with(|| vec![false; self.rooms.len()])[r] = true;
            }
        }
        for (pen, set) in penalties {
            soft.push(req(Kind::AvoidRooms(set), pen, "RoomPenalty"));
        }
        soft
    }
}

/// A day per run: its date as `yyyy-mm-dd` when the file's `dd:mm:yyyy` is one, else its
/// position.
fn days(runs: &[Run]) -> Vec<Day> {
    runs.iter()
        .enumerate()
        .map(|(k, (date, _, _))| {
            let iso = date.split(':').rev().collect::<Vec<_>>().join("-");
            let date = Date::parse(&iso);
            Day {
                name: if date.is_some() {
                    iso
                } else {
                    format!("day{}", k + 1)
                },
                date,
            }
        })
        .collect()
}
