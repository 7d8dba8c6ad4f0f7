//! Toronto (Carter) examination benchmarks: `NAME.crs` lists the exams (`<id> <students>`),
//! `NAME.stu` one line per student with the ids of the exams they sit.
//!
//! Two objectives are standard (Carter, Laporte & Lee 1996; Qu et al. 2009): the fewest
//! slots with no student in two exams at once (graph colouring of the conflict graph), and,
//! with a given number of slots `P`, Carter's proximity cost
//! `(1/S) Σ_{i<j} s_ij · w(|t_i − t_j|)` with `w = 16, 8, 4, 2, 1` for gaps 1–5 (`s_ij` the
//! students sitting both exams, `S` the number of students).
//!
//! The instance has one day of `P` periods (more days of 64 when `P` is larger), a student
//! resource per distinct set of exams (with its number of students as headcount) and one soft
//! `proximity` requirement. Solution files have one line `<exam id> <slot>` per exam, slots
//! from 0.
//!
//! ```
//! use csp_timetabling::formats::toronto;
//! let t = toronto::parse("0001 2\n0002 2\n0003 1\n", "x.crs", "0001 0002\n0001 0002 0003\n", "x.stu").unwrap();
//! assert_eq!((t.exams.len(), t.students.len()), (3, 2));
//! // 0001 and 0002 one slot apart for 2 students; for the second, 0003 two slots from 0001
//! // and one from 0002.
//! let s = t.score(&[0, 1, 2]);
//! assert_eq!((s.clashes, s.proximity), (0, 2 * 16 + 8 + 16));
//! assert_eq!(s.average(t.students.len()), 28.0);
//! ```

use super::{Component, Score, Text, fields};
use crate::answer::{Placement, Timetable};
use crate::instance::{
    Day, Event, Instance, Kind, Occurrence, Period, Requirement, Resource, ResourceKind,
    ResourceSel, RoomNeed, Style,
};
use csp_model::source::SourceError;
use std::collections::HashMap;
use std::path::Path;

/// Carter's proximity weights for gaps of 1 to 5 slots.
pub const WEIGHTS: [u64; 5] = [16, 8, 4, 2, 1];

/// Exam pairs sharing a student counted over all students (`Σ k²`), at most: a bound on the
/// conflict matrix's work and memory.
pub const MAX_PAIRS: u64 = 100_000_000;

/// A Toronto instance as its files give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toronto {
    /// The file stem (`car-f-92`).
    pub name: String,
    /// Exam ids as written (`0001`), in file order.
    pub exams: Vec<String>,
    /// Each exam's number of students, from the `.crs` file.
    pub sizes: Vec<u32>,
    /// Each student's exams (indices into `exams`), students with none left out.
    pub students: Vec<Vec<usize>>,
}

/// The number of slots `P` the literature uses for the proximity objective on a standard
/// instance (Carter et al. 1996; Qu et al. 2009, table 3), by file stem or alias.
pub fn standard_slots(name: &str) -> Option<usize> {
    let p = match name {
        "car-f-92" | "car92" => 32,
        "car-s-91" | "car91" => 35,
        "ear-f-83" | "ear83" => 24,
        "hec-s-92" | "hec92" => 18,
        "kfu-s-93" | "kfu93" => 20,
        "lse-f-91" | "lse91" => 18,
        "pur-s-93" | "pur93" => 42,
        "rye-s-93" | "rye92" => 23,
        "sta-f-83" | "sta83" => 13,
        "tre-s-92" | "tre92" => 23,
        "uta-s-92" | "uta92" => 35,
        "ute-s-92" | "ute92" => 10,
        "yor-f-83" | "yor83" => 21,
        _ => return None,
    };
    Some(p)
}

/// Reads `NAME.crs` and `NAME.stu` (`path` names either).
pub fn read(path: &Path) -> Result<Toronto, SourceError> {
    let crs = path.with_extension("crs");
    let stu = path.with_extension("stu");
    let a = csp_model::source::read(&crs)?;
    let b = csp_model::source::read(&stu)?;
    let mut t = parse(&a.text, &a.name, &b.text, &b.name)?;
    if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
        t.name = stem.to_string();
    }
    Ok(t)
}

/// Parses the two files' texts (names for messages). Blank lines are skipped (some copies
/// have students without exams); an exam listed twice on a student's line counts once.
pub fn parse(crs: &str, crs_file: &str, stu: &str, stu_file: &str) -> Result<Toronto, SourceError> {
    let c = Text::new(crs_file, crs);
    let mut exams = Vec::new();
    let mut sizes = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    for (line, text) in c.lines() {
        let f = fields(text, false);
        if f.is_empty() {
            continue;
        }
        if f.len() != 2 {
            return Err(c.err(
                line,
                f.get(2).map_or(1, |x| x.column),
                format!(
                    "expected `<exam id> <number of students>`, found {} fields",
                    f.len()
                ),
            ));
        }
        let size: u32 = c.number(line, f[1], "a number of students")?;
        if index.insert(f[0].text, exams.len()).is_some() {
            return Err(c.err(
                line,
                f[0].column,
                format!("exam `{}` listed twice", f[0].text),
            ));
        }
        exams.push(f[0].text.to_string());
        sizes.push(size);
    }
    if exams.is_empty() {
        return Err(c.err(
            1,
            1,
            "no exams; expected lines `<exam id> <number of students>`",
        ));
    }
    // Ids are often zero-padded in one file and not the other: match numerically as well.
    let numeric: HashMap<u64, usize> = exams
        .iter()
        .enumerate()
        .filter_map(|(i, id)| id.parse::<u64>().ok().map(|n| (n, i)))
        .collect();
    let s = Text::new(stu_file, stu);
    let mut students = Vec::new();
    let mut pairs = 0u64;
    for (line, text) in s.lines() {
        let f = fields(text, false);
        if f.is_empty() {
            continue;
        }
        let mut mine = Vec::with_capacity(f.len());
        for x in f {
            let e = index
                .get(x.text)
                .copied()
                .or_else(|| {
                    x.text
                        .parse::<u64>()
                        .ok()
                        .and_then(|n| numeric.get(&n).copied())
                })
                .ok_or_else(|| {
                    s.err(
                        line,
                        x.column,
                        format!("unknown exam `{}` (not in {crs_file})", x.text),
                    )
                })?;
            if !mine.contains(&e) {
                mine.push(e);
            }
        }
        pairs += (mine.len() as u64).pow(2);
        if pairs > MAX_PAIRS {
            return Err(s.err(
                line,
                1,
                format!("more than {MAX_PAIRS} exam pairs shared by students; too large"),
            ));
        }
        mine.sort_unstable();
        students.push(mine);
    }
    Ok(Toronto {
        name: crs_file
            .rsplit('/')
            .next()
            .and_then(|f| f.strip_suffix(".crs"))
            .unwrap_or(crs_file)
            .to_string(),
        exams,
        sizes,
        students,
    })
}

/// What a solution scores, counted from the files' data alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreToronto {
    /// Students with two exams in one slot (one per student and pair of exams).
    pub clashes: u64,
    /// `Σ s_ij · w(|t_i − t_j|)` (before dividing by the number of students).
    pub proximity: u64,
    /// Slots used (the highest slot + 1).
    pub slots: usize,
}

impl ScoreToronto {
    /// As the other formats' scores: clashes (hard) and proximity (soft).
    pub fn components(&self) -> Score {
        Score {
            components: vec![
                Component {
                    name: "Clashes",
                    hard: true,
                    value: self.clashes,
                },
                Component {
                    name: "Proximity",
                    hard: false,
                    value: self.proximity,
                },
            ],
        }
    }

    /// The proximity cost as papers give it: divided by the number of students.
    pub fn average(&self, students: usize) -> f64 {
        self.proximity as f64 / students.max(1) as f64
    }
}

impl Toronto {
    /// The pairs of exams that share students, with how many: `(i, j, s_ij)`, `i < j`.
    pub fn conflicts(&self) -> Vec<(usize, usize, u64)> {
        let n = self.exams.len();
        let mut by_exam: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (s, ex) in self.students.iter().enumerate() {
            for &e in ex {
                by_exam[e].push(s);
            }
        }
        let mut count = vec![0u64; n];
        let mut touched = Vec::new();
        let mut out = Vec::new();
        for (i, students) in by_exam.iter().enumerate() {
            for &s in students {
                for &j in &self.students[s] {
                    if j > i {
                        if count[j] == 0 {
                            touched.push(j);
                        }
                        count[j] += 1;
                    }
                }
            }
            touched.sort_unstable();
            for &j in &touched {
                out.push((i, j, count[j]));
                count[j] = 0;
            }
            touched.clear();
        }
        out
    }

    /// Scores exam slots (`slot_of[e]`), from the students' lists.
    pub fn score(&self, slot_of: &[usize]) -> ScoreToronto {
        let mut clashes = 0;
        let mut proximity = 0;
        for ex in &self.students {
            for (k, &a) in ex.iter().enumerate() {
                for &b in &ex[k + 1..] {
                    let d = slot_of[a].abs_diff(slot_of[b]);
                    if d == 0 {
                        clashes += 1;
                    } else if d <= WEIGHTS.len() {
                        proximity += WEIGHTS[d - 1];
                    }
                }
            }
        }
        ScoreToronto {
            clashes,
            proximity,
            slots: slot_of.iter().map(|&s| s + 1).max().unwrap_or(0),
        }
    }

    /// The instance with `slots` slots: exams as one-period events without rooms, a student
    /// resource per distinct set of exams, and Carter's proximity as the soft cost.
    pub fn instance(&self, slots: usize) -> Result<Instance, String> {
        if slots == 0 {
            return Err("a timetable needs at least one slot".into());
        }
        let per_day = slots.min(crate::yaml::MAX_PERIODS);
        let days = slots.div_ceil(per_day);
        if days > crate::yaml::MAX_DAYS {
            return Err(format!(
                "{slots} slots is more than this reader supports ({})",
                crate::yaml::MAX_DAYS * per_day
            ));
        }
        let num_slots = days * per_day;
        super::check_cells(self.students.len() + self.exams.len(), num_slots)?;
        let mut cohorts: HashMap<&[usize], usize> = HashMap::new();
        let mut resources: Vec<Resource> = Vec::new();
        for (line, ex) in self.students.iter().enumerate() {
            let r = *cohorts.entry(ex.as_slice()).or_insert_with(|| {
                resources.push(Resource {
                    id: format!("student-{}", line + 1),
                    name: format!("student {}", line + 1),
                    kind: ResourceKind::Student,
                    unavailable: vec![false; num_slots],
                    parent: None,
                    size: 1,
                    headcount: 0,
                });
                resources.len() - 1
            });
            resources[r].headcount += 1;
        }
        let mut uses: Vec<Vec<usize>> = vec![Vec::new(); self.exams.len()];
        for (ex, &r) in &cohorts {
            for &e in *ex {
                uses[e].push(r);
            }
        }
        let events = self
            .exams
            .iter()
            .enumerate()
            .map(|(i, id)| {
                let mut u = std::mem::take(&mut uses[i]);
                u.sort_unstable();
                Event {
                    id: id.clone(),
                    subject: None,
                    named: u.clone(),
                    uses: u,
                    size: self.sizes[i],
                    seats_soft: false,
                    duration: 1,
                    minutes: None,
                    room: RoomNeed::None,
                    fixed: Vec::new(),
                    allowed: None,
                    forbidden: vec![false; num_slots],
                    first: i,
                    count: 1,
                }
            })
            .collect();
        Ok(Instance {
            name: self.name.clone(),
            style: Style::Exam,
            days: (0..days)
                .map(|d| Day {
                    name: if days == 1 {
                        "slot".into()
                    } else {
                        format!("block{}", d + 1)
                    },
                    date: None,
                })
                .collect(),
            periods: (0..per_day)
                .map(|p| Period {
                    id: p.to_string(),
                    start: None,
                    minutes: None,
                })
                .collect(),
            blocked: (0..num_slots).map(|s| s >= slots).collect(),
            resources,
            rooms: Vec::new(),
            events,
            occurrences: (0..self.exams.len())
                .map(|event| Occurrence { event, rank: 0 })
                .collect(),
            hard: Vec::new(),
            soft: vec![Requirement {
                kind: Kind::Proximity(
                    ResourceSel::Kinds(vec![ResourceKind::Student]),
                    WEIGHTS.to_vec(),
                ),
                weight: 1,
                path: "proximity (Carter)".into(),
                line: 0,
            }],
        })
    }

    /// The slot of each exam in a timetable of [`Toronto::instance`].
    pub fn slots_of(&self, tt: &Timetable) -> Vec<usize> {
        tt.placements.iter().map(|p| p.start).collect()
    }

    /// The timetable of exam slots.
    pub fn timetable(&self, slot_of: &[usize]) -> Timetable {
        Timetable {
            placements: slot_of
                .iter()
                .map(|&start| Placement { start, room: None })
                .collect(),
        }
    }

    /// The solution file: `<exam id> <slot>` per exam, in file order.
    pub fn write_solution(&self, slot_of: &[usize]) -> String {
        let mut s = String::new();
        for (id, t) in self.exams.iter().zip(slot_of) {
            s.push_str(&format!("{id} {t}\n"));
        }
        s
    }

    /// Reads a solution file: every exam once, `<exam id> <slot>`, each slot below `slots`.
    pub fn parse_solution(
        &self,
        text: &str,
        file: &str,
        slots: usize,
    ) -> Result<Vec<usize>, SourceError> {
        let t = Text::new(file, text);
        let index: HashMap<&str, usize> = self
            .exams
            .iter()
            .enumerate()
            .map(|(i, e)| (e.as_str(), i))
            .collect();
        let mut slot: Vec<Option<usize>> = vec![None; self.exams.len()];
        for (line, l) in t.lines() {
            let f = fields(l, false);
            if f.is_empty() {
                continue;
            }
            if f.len() != 2 {
                return Err(t.err(line, 1, "expected `<exam id> <slot>`"));
            }
            let e = index
                .get(f[0].text)
                .copied()
                .or_else(|| {
                    let n: u64 = f[0].text.parse().ok()?;
                    self.exams
                        .iter()
                        .position(|x| x.parse::<u64>().ok() == Some(n))
                })
                .ok_or_else(|| t.err(line, f[0].column, format!("unknown exam `{}`", f[0].text)))?;
            let s: usize = t.number(line, f[1], "a slot number (from 0)")?;
            if s >= slots {
                return Err(t.err(
                    line,
                    f[1].column,
                    format!(
                        "slot {s} is past the timetable's {slots} slots (0 to {})",
                        slots - 1
                    ),
                ));
            }
            if slot[e].replace(s).is_some() {
                return Err(t.err(
                    line,
                    f[0].column,
                    format!("exam `{}` given twice", f[0].text),
                ));
            }
        }
        if let Some(e) = slot.iter().position(Option::is_none) {
            return Err(t.err(0, 0, format!("exam `{}` has no slot", self.exams[e])));
        }
        Ok(slot.into_iter().flatten().collect())
    }
}
