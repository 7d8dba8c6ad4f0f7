//! The `.exam` reader: `[Section:count]` headers, then comma-separated lines.

use super::super::{Field, Text, fields};
use super::{Exam, ExamData, PeriodData, Weights};
use crate::yaml::MAX_OCCURRENCES;
use csp_model::source::SourceError;

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
    let mut r = Reader {
        t: &t,
        x: Exam {
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
        },
        section: "",
        announced: Vec::new(),
        pairs: Vec::new(),
        exclusive: Vec::new(),
    };
    for (line, l) in t.lines() {
        let trimmed = l.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(inner) = trimmed.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            r.section(line, inner)?;
            continue;
        }
        let f = fields(l, true);
        if f.is_empty() {
            return Err(t.err(line, 1, "expected values, found only commas"));
        }
        r.line(line, l, &f)?;
    }
    r.finish()
}

const SECTIONS: [&str; 6] = [
    "Exams",
    "Periods",
    "Rooms",
    "PeriodHardConstraints",
    "RoomHardConstraints",
    "InstitutionalWeightings",
];

/// A period constraint kept until every exam is known: line, first exam's column and
/// number, second exam's column and number, the constraint.
type RawPair = (u32, u32, usize, u32, usize, String);

/// The reader's state.
struct Reader<'t> {
    t: &'t Text<'t>,
    x: Exam,
    section: &'static str,
    /// `[Exams:10]`: the line, the section and the count announced.
    announced: Vec<(u32, &'static str, usize)>,
    pairs: Vec<RawPair>,
    /// `ROOM_EXCLUSIVE`: line, column, exam.
    exclusive: Vec<(u32, u32, usize)>,
}

impl Reader<'_> {
    /// A `[Section]` or `[Section:count]` header.
    fn section(&mut self, line: u32, inner: &str) -> Result<(), SourceError> {
        let t = self.t;
        let (name, n) = inner.split_once(':').unwrap_or((inner, ""));
        let Some(&k) = SECTIONS.iter().find(|&&k| k == name) else {
            return Err(t.err(
                line,
                2,
                format!(
                    "unknown section `[{name}]`; expected one of {}",
                    SECTIONS.join(", ")
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
            self.announced.push((line, k, count));
        }
        self.section = k;
        Ok(())
    }

    /// A line of the current section (`l` as written, `f` its fields).
    fn line(&mut self, line: u32, l: &str, f: &[Field<'_>]) -> Result<(), SourceError> {
        let t = self.t;
        match self.section {
            "Exams" => {
                let duration: u32 = t.number(line, f[0], "an exam length in minutes")?;
                let mut students = Vec::with_capacity(f.len() - 1);
                for s in &f[1..] {
                    students.push(t.number::<u64>(line, *s, "a student id")?);
                }
                students.sort_unstable();
                students.dedup();
                self.x.exams.push(ExamData { duration, students });
            }
            "Periods" => {
                if f.len() != 4 {
                    return Err(t.err(
                        line,
                        1,
                        "expected `<dd:mm:yyyy>, <hh:mm:ss>, <minutes>, <penalty>`",
                    ));
                }
                self.x.periods.push(PeriodData {
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
                self.x.rooms.push((
                    t.number(line, f[0], "a capacity")?,
                    t.number(line, f[1], "a penalty")?,
                ));
            }
            "PeriodHardConstraints" => self.period_constraint(line, f)?,
            "RoomHardConstraints" => {
                if f.len() != 2 || f[1].text != "ROOM_EXCLUSIVE" {
                    return Err(t.err(line, 1, "expected `<exam>, ROOM_EXCLUSIVE`"));
                }
                self.exclusive.push((
                    line,
                    f[0].column,
                    t.number::<usize>(line, f[0], "an exam number")?,
                ));
            }
            "InstitutionalWeightings" => self.weighting(line, l, f)?,
            _ => return Err(t.err(line, 1, "expected a section such as `[Exams:10]` first")),
        }
        Ok(())
    }

    /// `<exam>, AFTER | EXCLUSION | EXAM_COINCIDENCE, <exam>`.
    fn period_constraint(&mut self, line: u32, f: &[Field<'_>]) -> Result<(), SourceError> {
        let t = self.t;
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
            return Err(t.err(
                line,
                f[1].column,
                format!(
                    "unknown period constraint `{}`; expected AFTER, EXCLUSION or EXAM_COINCIDENCE",
                    f[1].text
                ),
            ));
        }
        self.pairs
            .push((line, f[0].column, a, f[2].column, b, f[1].text.to_string()));
        Ok(())
    }

    /// An institutional weighting: its name and one or three numbers.
    fn weighting(&mut self, line: u32, l: &str, f: &[Field<'_>]) -> Result<(), SourceError> {
        let t = self.t;
        let num = |i: usize| -> Result<u64, SourceError> {
            let fi = *f
                .get(i)
                .ok_or_else(|| t.err(line, l.len() as u32 + 1, "expected a number here"))?;
            t.number(line, fi, "a number")
        };
        let w = &mut self.x.weights;
        match f[0].text {
            "TWOINAROW" => w.two_in_a_row = num(1)?,
            "TWOINADAY" => w.two_in_a_day = num(1)?,
            "PERIODSPREAD" => w.period_spread = num(1)? as usize,
            "NONMIXEDDURATIONS" => w.mixed = num(1)?,
            "FRONTLOAD" => w.front_load = (num(1)? as usize, num(2)? as usize, num(3)?),
            other => return Err(t.err(line, 1, format!("unknown weighting `{other}`; expected TWOINAROW, TWOINADAY, PERIODSPREAD, NONMIXEDDURATIONS or FRONTLOAD"))),
        }
        Ok(())
    }

    /// The counts announced against what was listed, then the constraints between exams
    /// resolved.
    fn finish(self) -> Result<Exam, SourceError> {
        let (t, mut x) = (self.t, self.x);
        for (line, k, n) in self.announced {
            let have = match k {
                "Exams" => x.exams.len(),
                "Periods" => x.periods.len(),
                _ => x.rooms.len(),
            };
            if have != n {
                return Err(t.err(line, 1, format!("`[{k}:{n}]` but {have} listed")));
            }
        }
        if x.exams.len() > MAX_OCCURRENCES {
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
        for (line, ca, a, cb, b, kind) in self.pairs {
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
        for (line, c, e) in self.exclusive {
            x.room_exclusive.push(check(line, c, e)?);
        }
        Ok(x)
    }
}
