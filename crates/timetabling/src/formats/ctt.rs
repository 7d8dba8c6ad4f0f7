//! ITC 2007 track 3, curriculum-based course timetabling (`.ctt`), with the UD2 cost of
//! Bonutti, De Cesco, Di Gaspero & Schaerf (Annals of OR 194, 2012).
//!
//! Hard: every lecture scheduled, a course's lectures in distinct periods, one lecture per
//! room and period, no two lectures of a curriculum or of a teacher at once, none in a
//! course's unavailable periods. Soft (UD2): room capacity (1 per student over the seats),
//! minimum working days (5 per day short), curriculum compactness (2 per isolated lecture),
//! room stability (1 per room beyond the first).
//!
//! The instance: days `0..D` of periods `0..P` (slot `Mon.3` is written `2.3`: day 2,
//! period 3), a teacher resource per teacher and a group per curriculum, a course as an event
//! with `count` lectures needing any room (smaller rooms allowed, priced by `room_capacity`),
//! and the soft requirements `room_capacity`, `min_days` (per course), `isolated` (over the
//! curricula) and `room_stability`. Solution files: `<course> <room> <day> <period>` per
//! lecture, as the competition's validator reads them.

use super::{Component, Score, Text, fields};
use crate::answer::{Placement, Timetable};
use crate::instance::{
    Day, Event, EventSel, Instance, Kind, Occurrence, Period, Requirement, Resource, ResourceKind,
    ResourceSel, Room, RoomNeed, Style,
};
use csp_model::source::SourceError;
use std::collections::HashMap;
use std::path::Path;

/// A course.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Course {
    /// Id (`c0001`).
    pub id: String,
    /// Teacher id.
    pub teacher: String,
    /// Lectures a week.
    pub lectures: usize,
    /// Minimum number of days its lectures should spread over.
    pub min_days: u32,
    /// Students.
    pub students: u32,
}

/// A `.ctt` instance as the file gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ctt {
    /// `Name:`.
    pub name: String,
    /// Days.
    pub days: usize,
    /// Periods per day.
    pub periods: usize,
    /// Courses.
    pub courses: Vec<Course>,
    /// Rooms: id and seats.
    pub rooms: Vec<(String, u32)>,
    /// Curricula: id and courses (indices).
    pub curricula: Vec<(String, Vec<usize>)>,
    /// Unavailable `(course, day, period)`.
    pub unavailable: Vec<(usize, usize, usize)>,
}

/// One lecture of a solution: course, room, day and period (indices).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lecture {
    /// Course.
    pub course: usize,
    /// Room.
    pub room: usize,
    /// Day.
    pub day: usize,
    /// Period of the day.
    pub period: usize,
}

/// Reads a `.ctt` file.
pub fn read(path: &Path) -> Result<Ctt, SourceError> {
    let src = csp_model::source::read(path)?;
    parse(&src.text, &src.name)
}

/// Parses a `.ctt` text (`file` for messages).
///
/// ```
/// use csp_timetabling::formats::ctt;
/// let text = "Name: tiny\nCourses: 1\nRooms: 1\nDays: 2\nPeriods_per_day: 2\nCurricula: 1\nConstraints: 1\n\n\
///     COURSES:\nc1 t1 2 2 30\n\nROOMS:\nr1 20\n\nCURRICULA:\nq1 1 c1\n\nUNAVAILABILITY_CONSTRAINTS:\nc1 0 0\n\nEND.\n";
/// let c = ctt::parse(text, "tiny.ctt").unwrap();
/// let sol = c.parse_solution("c1 r1 0 1\nc1 r1 1 0\n", "tiny.sol").unwrap();
/// // Ten students over the seats, twice; both lectures isolated in their curriculum.
/// let s = c.score(&sol);
/// assert_eq!((s.hard(), s.soft()), (0, 2 * 10 + 2 * 2));
/// ```
pub fn parse(text: &str, file: &str) -> Result<Ctt, SourceError> {
    let t = Text::new(file, text);
    let mut header: HashMap<&str, (u32, usize)> = HashMap::new();
    let mut name = String::new();
    let mut section = "";
    let mut c = Ctt {
        name: String::new(),
        days: 0,
        periods: 0,
        courses: Vec::new(),
        rooms: Vec::new(),
        curricula: Vec::new(),
        unavailable: Vec::new(),
    };
    let mut course_index: HashMap<String, usize> = HashMap::new();
    let mut room_seen: HashMap<String, usize> = HashMap::new();
    let mut ended = false;
    let mut raw_unavailable = Vec::new();
    let mut raw_curricula = Vec::new();
    for (line, l) in t.lines() {
        let trimmed = l.trim();
        if trimmed.is_empty() || ended {
            continue;
        }
        if let Some((key, value)) = trimmed.split_once(':')
            && section.is_empty()
            && !value.trim().is_empty()
        {
            let col = l.find(value.trim()).map_or(1, |i| i as u32 + 1);
            if key == "Name" {
                name = value.trim().to_string();
            } else {
                let n: usize = value.trim().parse().map_err(|_| {
                    t.err(
                        line,
                        col,
                        format!("expected a number after `{key}:`, found `{}`", value.trim()),
                    )
                })?;
                header.insert(
                    match key {
                        "Courses" => "Courses",
                        "Rooms" => "Rooms",
                        "Days" => "Days",
                        "Periods_per_day" => "Periods_per_day",
                        "Curricula" => "Curricula",
                        "Constraints" => "Constraints",
                        other => {
                            return Err(t.err(line, 1, format!("unknown header `{other}`; expected Name, Courses, Rooms, Days, Periods_per_day, Curricula or Constraints")));
                        }
                    },
                    (line, n),
                );
            }
            continue;
        }
        match trimmed {
            "COURSES:" | "ROOMS:" | "CURRICULA:" | "UNAVAILABILITY_CONSTRAINTS:" => {
                for key in ["Days", "Periods_per_day"] {
                    if !header.contains_key(key) {
                        return Err(t.err(
                            line,
                            1,
                            format!("`{key}:` missing before the sections"),
                        ));
                    }
                }
                section = trimmed;
                continue;
            }
            "END." => {
                ended = true;
                continue;
            }
            _ => {}
        }
        let f = fields(l, false);
        match section {
            "COURSES:" => {
                if f.len() != 5 {
                    return Err(t.err(
                        line,
                        1,
                        "expected `<course> <teacher> <lectures> <min working days> <students>`",
                    ));
                }
                let lectures: usize = t.number(line, f[2], "a number of lectures")?;
                if lectures > crate::yaml::MAX_OCCURRENCES {
                    return Err(t.err(line, f[2].column, "too many lectures"));
                }
                if course_index
                    .insert(f[0].text.to_string(), c.courses.len())
                    .is_some()
                {
                    return Err(t.err(
                        line,
                        f[0].column,
                        format!("course `{}` listed twice", f[0].text),
                    ));
                }
                c.courses.push(Course {
                    id: f[0].text.into(),
                    teacher: f[1].text.into(),
                    lectures,
                    min_days: t.number(line, f[3], "a number of days")?,
                    students: t.number(line, f[4], "a number of students")?,
                });
            }
            "ROOMS:" => {
                if f.len() != 2 {
                    return Err(t.err(line, 1, "expected `<room> <capacity>`"));
                }
                if room_seen
                    .insert(f[0].text.to_string(), c.rooms.len())
                    .is_some()
                {
                    return Err(t.err(
                        line,
                        f[0].column,
                        format!("room `{}` listed twice", f[0].text),
                    ));
                }
                c.rooms
                    .push((f[0].text.into(), t.number(line, f[1], "a capacity")?));
            }
            "CURRICULA:" => {
                if f.len() < 2 {
                    return Err(t.err(
                        line,
                        1,
                        "expected `<curriculum> <number of courses> <course>…`",
                    ));
                }
                let k: usize = t.number(line, f[1], "a number of courses")?;
                if f.len() != k + 2 {
                    return Err(t.err(
                        line,
                        f[1].column,
                        format!("{k} courses announced, {} listed", f.len() - 2),
                    ));
                }
                raw_curricula.push((
                    line,
                    f.iter()
                        .map(|x| (x.column, x.text.to_string()))
                        .collect::<Vec<_>>(),
                ));
            }
            "UNAVAILABILITY_CONSTRAINTS:" => {
                if f.len() != 3 {
                    return Err(t.err(line, 1, "expected `<course> <day> <period>`"));
                }
                raw_unavailable.push((
                    line,
                    f[0].column,
                    f[0].text.to_string(),
                    t.number::<usize>(line, f[1], "a day")?,
                    f[1].column,
                    t.number::<usize>(line, f[2], "a period")?,
                    f[2].column,
                ));
            }
            _ => {
                return Err(t.err(
                    line,
                    1,
                    "expected a header line (`Courses: 30`) or a section (`COURSES:`)",
                ));
            }
        }
    }
    let get = |k: &str| header.get(k).copied();
    c.name = name;
    c.days = get("Days").map_or(0, |x| x.1);
    c.periods = get("Periods_per_day").map_or(0, |x| x.1);
    if c.days == 0 || c.periods == 0 {
        return Err(t.err(
            get("Days").map_or(1, |x| x.0),
            1,
            "expected at least one day and one period",
        ));
    }
    if c.periods > crate::yaml::MAX_PERIODS || c.days > crate::yaml::MAX_DAYS {
        return Err(t.err(
            get("Days").map_or(1, |x| x.0),
            1,
            format!(
                "at most {} days of {} periods",
                crate::yaml::MAX_DAYS,
                crate::yaml::MAX_PERIODS
            ),
        ));
    }
    for (key, have) in [
        ("Courses", c.courses.len()),
        ("Rooms", c.rooms.len()),
        ("Curricula", raw_curricula.len()),
        ("Constraints", raw_unavailable.len()),
    ] {
        if let Some((line, n)) = get(key)
            && n != have
        {
            return Err(t.err(line, 1, format!("`{key}: {n}` but {have} listed")));
        }
    }
    let course = |line: u32, col: u32, id: &str| {
        course_index
            .get(id)
            .copied()
            .ok_or_else(|| t.err(line, col, format!("unknown course `{id}`")))
    };
    for (line, f) in raw_curricula {
        let mut list = Vec::new();
        for (col, id) in &f[2..] {
            let k = course(line, *col, id)?;
            if !list.contains(&k) {
                list.push(k);
            }
        }
        c.curricula.push((f[0].1.clone(), list));
    }
    for (line, col, id, d, dcol, p, pcol) in raw_unavailable {
        let k = course(line, col, &id)?;
        if d >= c.days {
            return Err(t.err(line, dcol, format!("day {d} out of range (0..{})", c.days)));
        }
        if p >= c.periods {
            return Err(t.err(
                line,
                pcol,
                format!("period {p} out of range (0..{})", c.periods),
            ));
        }
        c.unavailable.push((k, d, p));
    }
    let total: usize = c.courses.iter().map(|x| x.lectures).sum();
    if total > crate::yaml::MAX_OCCURRENCES {
        return Err(t.err(
            1,
            1,
            format!("more than {} lectures", crate::yaml::MAX_OCCURRENCES),
        ));
    }
    Ok(c)
}

impl Ctt {
    /// The timetabling instance (an error when it would be too large).
    pub fn instance(&self) -> Result<Instance, String> {
        let slots = self.days * self.periods;
        super::check_cells(
            2 * self.courses.len() + self.curricula.len() + self.rooms.len(),
            slots,
        )?;
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
        let mut events = Vec::new();
        let mut occurrences = Vec::new();
        for (k, co) in self.courses.iter().enumerate() {
            let mut uses = vec![teachers[co.teacher.as_str()]];
            for (q, (_, list)) in self.curricula.iter().enumerate() {
                if list.contains(&k) {
                    uses.push(first_curriculum + q);
                }
            }
            uses.sort_unstable();
            uses.dedup();
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
                },
                fixed: Vec::new(),
                allowed: None,
                forbidden,
                first,
                count: co.lectures,
            });
        }
        let req = |kind, weight, path: &str| Requirement {
            kind,
            weight,
            path: path.into(),
            line: 0,
        };
        let mut soft = vec![req(Kind::RoomCapacity(EventSel::Each), 1, "RoomCapacity")];
        for (k, co) in self.courses.iter().enumerate() {
            if co.min_days > 0 {
                soft.push(req(
                    Kind::MinDays(EventSel::List(vec![k]), co.min_days),
                    5,
                    "MinWorkingDays",
                ));
            }
        }
        soft.push(req(
            Kind::Isolated(ResourceSel::Kinds(vec![ResourceKind::Group])),
            2,
            "CurriculumCompactness",
        ));
        soft.push(req(Kind::RoomStability(EventSel::Each), 1, "RoomStability"));
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
            soft,
        })
    }

    /// The lectures of a timetable of [`Ctt::instance`].
    pub fn lectures(&self, inst: &Instance, tt: &Timetable) -> Vec<Lecture> {
        tt.placements
            .iter()
            .enumerate()
            .map(|(o, p)| Lecture {
                course: inst.occurrences[o].event,
                room: p.room.unwrap_or(0),
                day: p.start / self.periods,
                period: p.start % self.periods,
            })
            .collect()
    }

    /// The timetable of a solution whose courses have exactly their number of lectures (else
    /// `None`).
    pub fn timetable(&self, lectures: &[Lecture]) -> Option<Timetable> {
        let mut by_course: Vec<Vec<Placement>> = vec![Vec::new(); self.courses.len()];
        for l in lectures {
            by_course[l.course].push(Placement {
                start: l.day * self.periods + l.period,
                room: Some(l.room),
            });
        }
        let mut placements = Vec::new();
        for (k, mut ps) in by_course.into_iter().enumerate() {
            if ps.len() != self.courses[k].lectures {
                return None;
            }
            ps.sort_by_key(|p| p.start);
            placements.extend(ps);
        }
        Some(Timetable { placements })
    }

    /// The solution file.
    pub fn write_solution(&self, lectures: &[Lecture]) -> String {
        let mut s = String::new();
        for l in lectures {
            s.push_str(&format!(
                "{} {} {} {}\n",
                self.courses[l.course].id, self.rooms[l.room].0, l.day, l.period
            ));
        }
        s
    }

    /// Reads a solution file (`<course> <room> <day> <period>` per line).
    pub fn parse_solution(&self, text: &str, file: &str) -> Result<Vec<Lecture>, SourceError> {
        let t = Text::new(file, text);
        let courses: HashMap<&str, usize> = self
            .courses
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.as_str(), i))
            .collect();
        let rooms: HashMap<&str, usize> = self
            .rooms
            .iter()
            .enumerate()
            .map(|(i, r)| (r.0.as_str(), i))
            .collect();
        let mut out = Vec::new();
        for (line, l) in t.lines() {
            let f = fields(l, false);
            if f.is_empty() {
                continue;
            }
            if f.len() != 4 {
                return Err(t.err(line, 1, "expected `<course> <room> <day> <period>`"));
            }
            let course = *courses.get(f[0].text).ok_or_else(|| {
                t.err(line, f[0].column, format!("unknown course `{}`", f[0].text))
            })?;
            let room = *rooms
                .get(f[1].text)
                .ok_or_else(|| t.err(line, f[1].column, format!("unknown room `{}`", f[1].text)))?;
            let day: usize = t.number(line, f[2], "a day")?;
            let period: usize = t.number(line, f[3], "a period")?;
            if day >= self.days {
                return Err(t.err(
                    line,
                    f[2].column,
                    format!("day {day} out of range (0..{})", self.days),
                ));
            }
            if period >= self.periods {
                return Err(t.err(
                    line,
                    f[3].column,
                    format!("period {period} out of range (0..{})", self.periods),
                ));
            }
            out.push(Lecture {
                course,
                room,
                day,
                period,
            });
        }
        Ok(out)
    }

    /// Scores a solution as the competition's validator does, from the file's data alone:
    /// `Lectures`, `Conflicts`, `Availability`, `RoomOccupation` (hard, violations) and
    /// `RoomCapacity`, `MinWorkingDays`, `CurriculumCompactness`, `RoomStability` (soft,
    /// weighted).
    pub fn score(&self, lectures: &[Lecture]) -> Score {
        let (nd, np, nc) = (self.days, self.periods, self.courses.len());
        let slots = nd * np;
        // count[c][s]: lectures of course c at slot s.
        let mut count = vec![0usize; nc * slots];
        let mut room_use = vec![0usize; self.rooms.len() * slots];
        for l in lectures {
            count[l.course * slots + l.day * np + l.period] += 1;
            room_use[l.room * slots + l.day * np + l.period] += 1;
        }
        let mut lect = 0u64;
        for (c, co) in self.courses.iter().enumerate() {
            let row = &count[c * slots..(c + 1) * slots];
            let placed: usize = row.iter().sum();
            lect += placed.abs_diff(co.lectures) as u64;
            lect += row.iter().map(|&k| k.saturating_sub(1) as u64).sum::<u64>();
        }
        let occupation: u64 = room_use.iter().map(|&k| k.saturating_sub(1) as u64).sum();
        let mut availability = 0u64;
        for &(c, d, p) in &self.unavailable {
            availability += count[c * slots + d * np + p] as u64;
        }
        let related = |a: usize, b: usize| {
            self.courses[a].teacher == self.courses[b].teacher
                || self
                    .curricula
                    .iter()
                    .any(|(_, l)| l.contains(&a) && l.contains(&b))
        };
        let mut conflicts = 0u64;
        for s in 0..slots {
            let here: Vec<usize> = (0..nc).filter(|&c| count[c * slots + s] > 0).collect();
            for (i, &a) in here.iter().enumerate() {
                for &b in &here[i + 1..] {
                    if related(a, b) {
                        conflicts += 1;
                    }
                }
            }
        }
        let capacity: u64 = lectures
            .iter()
            .map(|l| {
                u64::from(
                    self.courses[l.course]
                        .students
                        .saturating_sub(self.rooms[l.room].1),
                )
            })
            .sum();
        let mut min_days = 0u64;
        let mut stability = 0u64;
        for (c, co) in self.courses.iter().enumerate() {
            let days = (0..nd)
                .filter(|&d| (0..np).any(|p| count[c * slots + d * np + p] > 0))
                .count();
            min_days += 5 * u64::from(co.min_days).saturating_sub(days as u64);
            let mut rooms: Vec<usize> = lectures
                .iter()
                .filter(|l| l.course == c)
                .map(|l| l.room)
                .collect();
            rooms.sort_unstable();
            rooms.dedup();
            stability += rooms.len().saturating_sub(1) as u64;
        }
        let mut compactness = 0u64;
        for (_, list) in &self.curricula {
            let busy = |s: usize| list.iter().any(|&c| count[c * slots + s] > 0);
            for d in 0..nd {
                for p in 0..np {
                    let s = d * np + p;
                    let here: u64 = list.iter().map(|&c| count[c * slots + s] as u64).sum();
                    if here > 0 && !(p > 0 && busy(s - 1)) && !(p + 1 < np && busy(s + 1)) {
                        compactness += 2 * here;
                    }
                }
            }
        }
        Score {
            components: vec![
                Component {
                    name: "Lectures",
                    hard: true,
                    value: lect,
                },
                Component {
                    name: "Conflicts",
                    hard: true,
                    value: conflicts,
                },
                Component {
                    name: "Availability",
                    hard: true,
                    value: availability,
                },
                Component {
                    name: "RoomOccupation",
                    hard: true,
                    value: occupation,
                },
                Component {
                    name: "RoomCapacity",
                    hard: false,
                    value: capacity,
                },
                Component {
                    name: "MinWorkingDays",
                    hard: false,
                    value: min_days,
                },
                Component {
                    name: "CurriculumCompactness",
                    hard: false,
                    value: compactness,
                },
                Component {
                    name: "RoomStability",
                    hard: false,
                    value: stability,
                },
            ],
        }
    }
}

/// The validator's report: one line per component, then the totals.
pub fn report(score: &Score) -> String {
    let mut s = String::new();
    for c in &score.components {
        if c.hard {
            s.push_str(&format!("Violations of {} (hard) : {}\n", c.name, c.value));
        } else {
            s.push_str(&format!("Cost of {} (soft) : {}\n", c.name, c.value));
        }
    }
    s.push_str(&format!(
        "\nSummary: Violations = {}, Total Cost = {}\n",
        score.hard(),
        score.soft()
    ));
    s
}
