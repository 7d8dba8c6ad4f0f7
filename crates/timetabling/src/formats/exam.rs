//! ITC 2007 track 1, examination timetabling (`.exam`; McCollum et al., "The second
//! international timetabling competition: examination timetabling track", QUB technical
//! report QUB/IEEE/Tech/ITC2007/Exam/v4.0, 2007).
//!
//! Hard: no student in two exams of one period, the seats of a room in a period not exceeded
//! (several exams may share a room), an exam no longer than its period, `AFTER`, `EXCLUSION`
//! and `EXAM_COINCIDENCE` between exams, `ROOM_EXCLUSIVE` exams alone in their room. Soft,
//! per student: two exams in a row (adjacent periods of a day), two in a day (not adjacent),
//! period spread (each pair within the spread gap); per room and period: mixed durations;
//! front load (the largest exams in the last periods); period and room penalties.
//!
//! The instance: a day per date, with its periods; a student resource per distinct set of
//! exams (headcount: how many students have it); exams in `exam` style (rooms shared up to
//! their seats); `different_slot`, `same_slot`, `precedence`, `exclusive_room` as hard
//! requirements; `two_in_a_row`, `two_in_a_day`, `proximity` (weights `1` up to the gap),
//! `mixed_durations`, `front_load`, `avoid_slots` and `avoid_rooms` (one per penalty value) as
//! soft ones. Solution files: `<period>, <room>` per exam, in exam order.

use super::{Component, Score, Text, fields};
use crate::answer::{Placement, Timetable};
use crate::instance::{
    Day, Event, EventSel, Instance, Kind, Occurrence, Period, Requirement, Resource, ResourceKind,
    ResourceSel, Room, RoomNeed, Scope, Style,
};
use csp_model::source::SourceError;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// An exam: its length in minutes and its students.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExamData {
    /// Minutes.
    pub duration: u32,
    /// Student ids, each once.
    pub students: Vec<u64>,
}

/// A period: date and time as written, length and penalty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodData {
    /// `dd:mm:yyyy`.
    pub date: String,
    /// `hh:mm:ss`.
    pub time: String,
    /// Minutes.
    pub duration: u32,
    /// Penalty for each exam in it.
    pub penalty: u64,
}

/// The institutional weightings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Weights {
    /// Two in a row.
    pub two_in_a_row: u64,
    /// Two in a day.
    pub two_in_a_day: u64,
    /// Period spread gap (each pair within it costs 1).
    pub period_spread: usize,
    /// Mixed durations.
    pub mixed: u64,
    /// Front load: the largest exams, the last periods, the weight.
    pub front_load: (usize, usize, u64),
}

/// An `.exam` instance as the file gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exam {
    /// The file stem.
    pub name: String,
    /// Exams.
    pub exams: Vec<ExamData>,
    /// Periods.
    pub periods: Vec<PeriodData>,
    /// Rooms: seats and penalty.
    pub rooms: Vec<(u32, u64)>,
    /// `(a, b)`: a after b.
    pub after: Vec<(usize, usize)>,
    /// `(a, b)`: not in the same period.
    pub exclusion: Vec<(usize, usize)>,
    /// `(a, b)`: in the same period.
    pub coincidence: Vec<(usize, usize)>,
    /// Exams alone in their room.
    pub room_exclusive: Vec<usize>,
    /// Weightings.
    pub weights: Weights,
}

/// One exam's placement in a solution: period and room (indices).
pub type Assignment = (usize, usize);

/// Reads a `.exam` file.
pub fn read(path: &Path) -> Result<Exam, SourceError> {
    let src = csp_model::source::read(path)?;
    let mut x = parse(&src.text, &src.name)?;
    if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
        x.name = stem.to_string();
    }
    Ok(x)
}

/// Parses a `.exam` text (`file` for messages).
///
/// ```
/// use csp_timetabling::formats::exam;
/// let text = "[Exams:2]\n60, 1, 2\n60, 2\n[Periods:2]\n01:01:2025, 09:00:00, 120, 0\n01:01:2025, 14:00:00, 120, 5\n\
///     [Rooms:1]\n100, 0\n[PeriodHardConstraints]\n[RoomHardConstraints]\n[InstitutionalWeightings]\n\
///     TWOINAROW, 7\nTWOINADAY, 5\nPERIODSPREAD, 1\nNONMIXEDDURATIONS, 1\nFRONTLOAD, 1, 1, 3\n";
/// let x = exam::parse(text, "tiny.exam").unwrap();
/// let s = x.score(&[(0, 0), (1, 0)]);
/// // Student 2 has two in a row (7) within the spread (1); exam 1 (one of the largest)
/// // is not in the last period but exam 2 is not among the largest: front load 0; penalty 5.
/// assert_eq!((s.hard(), s.soft()), (0, 7 + 1 + 5));
/// ```
pub fn parse(text: &str, file: &str) -> Result<Exam, SourceError> {
    let t = Text::new(file, text);
    let mut x = Exam {
        name: file
            .rsplit('/')
            .next()
            .unwrap_or(file)
            .trim_end_matches(".exam")
            .to_string(),
        exams: Vec::new(),
        periods: Vec::new(),
        rooms: Vec::new(),
        after: Vec::new(),
        exclusion: Vec::new(),
        coincidence: Vec::new(),
        room_exclusive: Vec::new(),
        weights: Weights::default(),
    };
    let mut section = String::new();
    let mut announced: Vec<(u32, &str, usize)> = Vec::new();
    let mut pairs = Vec::new();
    let mut exclusive = Vec::new();
    for (line, l) in t.lines() {
        let trimmed = l.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(inner) = trimmed.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            let (name, n) = inner.split_once(':').unwrap_or((inner, ""));
            let known = [
                "Exams",
                "Periods",
                "Rooms",
                "PeriodHardConstraints",
                "RoomHardConstraints",
                "InstitutionalWeightings",
            ];
            let Some(&k) = known.iter().find(|&&k| k == name) else {
                return Err(t.err(
                    line,
                    2,
                    format!(
                        "unknown section `[{name}]`; expected one of {}",
                        known.join(", ")
                    ),
                ));
            };
            if !n.is_empty() {
                let count: usize = n.trim().parse().map_err(|_| {
                    t.err(
                        line,
                        name.len() as u32 + 3,
                        format!("expected a count after `[{name}:`"),
                    )
                })?;
                announced.push((line, k, count));
            }
            section = k.to_string();
            continue;
        }
        let f = fields(l, true);
        if f.is_empty() {
            return Err(t.err(line, 1, "expected values, found only commas"));
        }
        match section.as_str() {
            "Exams" => {
                let duration: u32 = t.number(line, f[0], "an exam length in minutes")?;
                let mut students = Vec::with_capacity(f.len() - 1);
                for s in &f[1..] {
                    students.push(t.number::<u64>(line, *s, "a student id")?);
                }
                students.sort_unstable();
                students.dedup();
                x.exams.push(ExamData { duration, students });
            }
            "Periods" => {
                if f.len() != 4 {
                    return Err(t.err(
                        line,
                        1,
                        "expected `<dd:mm:yyyy>, <hh:mm:ss>, <minutes>, <penalty>`",
                    ));
                }
                x.periods.push(PeriodData {
                    date: f[0].text.into(),
                    time: f[1].text.into(),
                    duration: t.number(line, f[2], "a length in minutes")?,
                    penalty: t.number(line, f[3], "a penalty")?,
                });
            }
            "Rooms" => {
                if f.len() != 2 {
                    return Err(t.err(line, 1, "expected `<capacity>, <penalty>`"));
                }
                x.rooms.push((
                    t.number(line, f[0], "a capacity")?,
                    t.number(line, f[1], "a penalty")?,
                ));
            }
            "PeriodHardConstraints" => {
                if f.len() != 3 {
                    return Err(t.err(
                        line,
                        1,
                        "expected `<exam>, AFTER | EXCLUSION | EXAM_COINCIDENCE, <exam>`",
                    ));
                }
                let a: usize = t.number(line, f[0], "an exam number")?;
                let b: usize = t.number(line, f[2], "an exam number")?;
                if !["AFTER", "EXCLUSION", "EXAM_COINCIDENCE"].contains(&f[1].text) {
                    return Err(t.err(line, f[1].column, format!("unknown period constraint `{}`; expected AFTER, EXCLUSION or EXAM_COINCIDENCE", f[1].text)));
                }
                pairs.push((line, f[0].column, a, f[2].column, b, f[1].text.to_string()));
            }
            "RoomHardConstraints" => {
                if f.len() != 2 || f[1].text != "ROOM_EXCLUSIVE" {
                    return Err(t.err(line, 1, "expected `<exam>, ROOM_EXCLUSIVE`"));
                }
                exclusive.push((
                    line,
                    f[0].column,
                    t.number::<usize>(line, f[0], "an exam number")?,
                ));
            }
            "InstitutionalWeightings" => {
                let num = |i: usize| -> Result<u64, SourceError> {
                    let fi = *f
                        .get(i)
                        .ok_or_else(|| t.err(line, l.len() as u32 + 1, "expected a number here"))?;
                    t.number(line, fi, "a number")
                };
                let w = &mut x.weights;
                match f[0].text {
                    "TWOINAROW" => w.two_in_a_row = num(1)?,
                    "TWOINADAY" => w.two_in_a_day = num(1)?,
                    "PERIODSPREAD" => w.period_spread = num(1)? as usize,
                    "NONMIXEDDURATIONS" => w.mixed = num(1)?,
                    "FRONTLOAD" => w.front_load = (num(1)? as usize, num(2)? as usize, num(3)?),
                    other => return Err(t.err(line, 1, format!("unknown weighting `{other}`; expected TWOINAROW, TWOINADAY, PERIODSPREAD, NONMIXEDDURATIONS or FRONTLOAD"))),
                }
            }
            _ => return Err(t.err(line, 1, "expected a section such as `[Exams:10]` first")),
        }
    }
    for (line, k, n) in announced {
        let have = match k {
            "Exams" => x.exams.len(),
            "Periods" => x.periods.len(),
            _ => x.rooms.len(),
        };
        if have != n {
            return Err(t.err(line, 1, format!("`[{k}:{n}]` but {have} listed")));
        }
    }
    if x.exams.len() > crate::yaml::MAX_OCCURRENCES {
        return Err(t.err(1, 1, "too many exams"));
    }
    let ne = x.exams.len();
    let check = |line: u32, col: u32, e: usize| {
        if e < ne {
            Ok(e)
        } else {
            Err(t.err(line, col, format!("exam {e} out of range (0..{ne})")))
        }
    };
    for (line, ca, a, cb, b, kind) in pairs {
        let (a, b) = (check(line, ca, a)?, check(line, cb, b)?);
        match kind.as_str() {
            "AFTER" if a == b => {
                return Err(t.err(line, ca, format!("exam {a} cannot come after itself")));
            }
            "AFTER" => x.after.push((a, b)),
            "EXCLUSION" => x.exclusion.push((a, b)),
            _ => x.coincidence.push((a, b)),
        }
    }
    for (line, c, e) in exclusive {
        x.room_exclusive.push(check(line, c, e)?);
    }
    Ok(x)
}

impl Exam {
    /// The days: runs of periods with the same date, as `(date, first period, count)`.
    fn day_runs(&self) -> Vec<(String, usize, usize)> {
        let mut out: Vec<(String, usize, usize)> = Vec::new();
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

    /// The timetabling instance (an error when days have different numbers of periods, which
    /// the slot grid cannot express with the same spread and front-load distances).
    pub fn instance(&self) -> Result<Instance, String> {
        let runs = self.day_runs();
        let per_day = runs.first().map_or(0, |r| r.2);
        if per_day == 0 || runs.iter().any(|r| r.2 != per_day) {
            return Err("days with different numbers of periods are not supported yet".into());
        }
        if per_day > crate::yaml::MAX_PERIODS || runs.len() > crate::yaml::MAX_DAYS {
            return Err(format!(
                "at most {} days of {} periods",
                crate::yaml::MAX_DAYS,
                crate::yaml::MAX_PERIODS
            ));
        }
        let slots = self.periods.len();
        let mut cohorts: HashMap<Vec<usize>, usize> = HashMap::new();
        let mut by_student: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        for (e, ex) in self.exams.iter().enumerate() {
            for &s in &ex.students {
                by_student.entry(s).or_default().push(e);
            }
        }
        super::check_cells(
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
        let events = self
            .exams
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
                },
                fixed: Vec::new(),
                allowed: None,
                forbidden: self
                    .periods
                    .iter()
                    .map(|p| p.duration < ex.duration)
                    .collect(),
                first: e,
                count: 1,
            })
            .collect();
        let req = |kind, weight, path: &str| Requirement {
            kind,
            weight,
            path: path.into(),
            line: 0,
        };
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
                    .or_insert_with(|| vec![false; slots])[p] = true;
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
        Ok(Instance {
            name: self.name.clone(),
            style: Style::Exam,
            days: runs
                .iter()
                .enumerate()
                .map(|(k, (date, _, _))| {
                    // dd:mm:yyyy written as a date when it is one; else the day's position.
                    let iso = date.split(':').rev().collect::<Vec<_>>().join("-");
                    let date = crate::instance::Date::parse(&iso);
                    Day {
                        name: if date.is_some() {
                            iso
                        } else {
                            format!("day{}", k + 1)
                        },
                        date,
                    }
                })
                .collect(),
            periods: (0..per_day)
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
                .enumerate()
                .map(|(r, &(cap, _))| Room {
                    id: r.to_string(),
                    capacity: cap,
                    features: Vec::new(),
                    unavailable: vec![false; slots],
                    building: None,
                })
                .collect(),
            events,
            occurrences: (0..self.exams.len())
                .map(|event| Occurrence { event, rank: 0 })
                .collect(),
            hard,
            soft,
        })
    }

    /// The assignments of a timetable of [`Exam::instance`].
    pub fn assignments(&self, tt: &Timetable) -> Vec<Assignment> {
        tt.placements
            .iter()
            .map(|p| (p.start, p.room.unwrap_or(0)))
            .collect()
    }

    /// The timetable of assignments.
    pub fn timetable(&self, a: &[Assignment]) -> Timetable {
        Timetable {
            placements: a
                .iter()
                .map(|&(start, room)| Placement {
                    start,
                    room: Some(room),
                })
                .collect(),
        }
    }

    /// The solution file: `<period>, <room>` per exam.
    pub fn write_solution(&self, a: &[Assignment]) -> String {
        a.iter().map(|(p, r)| format!("{p}, {r}\n")).collect()
    }

    /// Reads a solution file: a line `<period>, <room>` per exam, in order.
    pub fn parse_solution(&self, text: &str, file: &str) -> Result<Vec<Assignment>, SourceError> {
        let t = Text::new(file, text);
        let mut out = Vec::new();
        for (line, l) in t.lines() {
            let f = fields(l, true);
            if f.is_empty() {
                continue;
            }
            if f.len() != 2 {
                return Err(t.err(line, 1, "expected `<period>, <room>`"));
            }
            let p: usize = t.number(line, f[0], "a period number")?;
            let r: usize = t.number(line, f[1], "a room number")?;
            if p >= self.periods.len() {
                return Err(t.err(
                    line,
                    f[0].column,
                    format!("period {p} out of range (0..{})", self.periods.len()),
                ));
            }
            if r >= self.rooms.len() {
                return Err(t.err(
                    line,
                    f[1].column,
                    format!("room {r} out of range (0..{})", self.rooms.len()),
                ));
            }
            out.push((p, r));
        }
        if out.len() != self.exams.len() {
            return Err(t.err(
                0,
                0,
                format!("{} lines for {} exams", out.len(), self.exams.len()),
            ));
        }
        Ok(out)
    }

    /// Scores a solution by the competition's rules, from the file's data alone. Hard:
    /// `Conflicts` (a student's two exams in one period), `RoomOccupancy` (room-periods over
    /// their seats), `PeriodUtilisation` (exams longer than their period), `PeriodRelated`
    /// and `RoomRelated` (broken constraints). Soft, weighted: `TwoInARow`, `TwoInADay`,
    /// `PeriodSpread`, `NonMixedDurations`, `FrontLoad`, `PeriodPenalty`, `RoomPenalty`.
    pub fn score(&self, a: &[Assignment]) -> Score {
        let day_of: Vec<usize> = {
            let mut v = vec![0; self.periods.len()];
            for (d, (_, first, n)) in self.day_runs().into_iter().enumerate() {
                for x in &mut v[first..first + n] {
                    *x = d;
                }
            }
            v
        };
        let mut by_student: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        for (e, ex) in self.exams.iter().enumerate() {
            for &s in &ex.students {
                by_student.entry(s).or_default().push(e);
            }
        }
        let w = self.weights;
        let (mut clash, mut row, mut day, mut spread) = (0u64, 0u64, 0u64, 0u64);
        for exams in by_student.values() {
            for (i, &x) in exams.iter().enumerate() {
                for &y in &exams[i + 1..] {
                    let (p, q) = (a[x].0, a[y].0);
                    let d = p.abs_diff(q);
                    if d == 0 {
                        clash += 1;
                        continue;
                    }
                    if day_of[p] == day_of[q] {
                        if d == 1 {
                            row += w.two_in_a_row;
                        } else {
                            day += w.two_in_a_day;
                        }
                    }
                    if d <= w.period_spread {
                        spread += 1;
                    }
                }
            }
        }
        let cells = self.periods.len() * self.rooms.len();
        let mut seats = vec![0u64; cells];
        let mut lengths: Vec<Vec<u32>> = vec![Vec::new(); cells];
        let mut exams_in: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for (e, &(p, r)) in a.iter().enumerate() {
            let c = p * self.rooms.len() + r;
            seats[c] += self.exams[e].students.len() as u64;
            if !lengths[c].contains(&self.exams[e].duration) {
                lengths[c].push(self.exams[e].duration);
            }
            exams_in[c].push(e);
        }
        let occupancy = (0..cells)
            .filter(|&c| seats[c] > u64::from(self.rooms[c % self.rooms.len()].0))
            .count() as u64;
        let mixed: u64 = lengths
            .iter()
            .map(|l| l.len().saturating_sub(1) as u64 * w.mixed)
            .sum();
        let utilisation = a
            .iter()
            .enumerate()
            .filter(|&(e, &(p, _))| self.exams[e].duration > self.periods[p].duration)
            .count() as u64;
        let mut related = 0u64;
        related += self
            .after
            .iter()
            .filter(|&&(x, y)| a[x].0 <= a[y].0)
            .count() as u64;
        related += self
            .exclusion
            .iter()
            .filter(|&&(x, y)| x != y && a[x].0 == a[y].0)
            .count() as u64;
        related += self
            .coincidence
            .iter()
            .filter(|&&(x, y)| a[x].0 != a[y].0)
            .count() as u64;
        let room_related = self
            .room_exclusive
            .iter()
            .filter(|&&e| exams_in[a[e].0 * self.rooms.len() + a[e].1].len() > 1)
            .count() as u64;
        let (_, last, fw) = w.front_load;
        let from = self.periods.len().saturating_sub(last);
        let front = self.largest().iter().filter(|&&e| a[e].0 >= from).count() as u64 * fw;
        let period_pen: u64 = a.iter().map(|&(p, _)| self.periods[p].penalty).sum();
        let room_pen: u64 = a.iter().map(|&(_, r)| self.rooms[r].1).sum();
        Score {
            components: vec![
                Component {
                    name: "Conflicts",
                    hard: true,
                    value: clash,
                },
                Component {
                    name: "RoomOccupancy",
                    hard: true,
                    value: occupancy,
                },
                Component {
                    name: "PeriodUtilisation",
                    hard: true,
                    value: utilisation,
                },
                Component {
                    name: "PeriodRelated",
                    hard: true,
                    value: related,
                },
                Component {
                    name: "RoomRelated",
                    hard: true,
                    value: room_related,
                },
                Component {
                    name: "TwoInARow",
                    hard: false,
                    value: row,
                },
                Component {
                    name: "TwoInADay",
                    hard: false,
                    value: day,
                },
                Component {
                    name: "PeriodSpread",
                    hard: false,
                    value: spread,
                },
                Component {
                    name: "NonMixedDurations",
                    hard: false,
                    value: mixed,
                },
                Component {
                    name: "FrontLoad",
                    hard: false,
                    value: front,
                },
                Component {
                    name: "PeriodPenalty",
                    hard: false,
                    value: period_pen,
                },
                Component {
                    name: "RoomPenalty",
                    hard: false,
                    value: room_pen,
                },
            ],
        }
    }
}

/// A component-by-component report.
pub fn report(score: &Score) -> String {
    let mut s = String::new();
    for c in &score.components {
        s.push_str(&format!(
            "{:<18} {:>8}{}\n",
            c.name,
            c.value,
            if c.hard { "  (hard)" } else { "" }
        ));
    }
    s.push_str(&format!(
        "\nHard violations: {}\nTotal cost: {}\n",
        score.hard(),
        score.soft()
    ));
    s
}
