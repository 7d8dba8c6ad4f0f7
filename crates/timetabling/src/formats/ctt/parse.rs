//! The `.ctt` reader: header lines, then the sections, each line checked where it stands.

use super::super::{Field, Text, fields};
use super::{Course, Ctt};
use crate::yaml::{MAX_DAYS, MAX_OCCURRENCES, MAX_PERIODS};
use csp_model::source::SourceError;
use std::collections::HashMap;

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
    let mut r = Reader {
        t: &t,
        header: HashMap::new(),
        name: String::new(),
        section: "",
        courses: Vec::new(),
        rooms: Vec::new(),
        course_index: HashMap::new(),
        room_seen: HashMap::new(),
        curricula: Vec::new(),
        unavailable: Vec::new(),
    };
    for (line, l) in t.lines() {
        let trimmed = l.trim();
        if trimmed.is_empty() {
            continue;
        }
        if trimmed == "END." && r.section_opened(line, trimmed)? {
            break;
        }
        if !r.header_line(line, l)? && !r.section_opened(line, trimmed)? {
            r.section_line(line, &fields(l, false))?;
        }
    }
    r.finish()
}

/// A `CURRICULA:` line kept until every course is known: its line and (column, text) fields.
type RawCurriculum = (u32, Vec<(u32, String)>);
/// An `UNAVAILABILITY_CONSTRAINTS:` line: line; course column and id; day and its column;
/// period and its column.
type RawUnavailable = (u32, u32, String, usize, u32, usize, u32);

/// The reader's state.
struct Reader<'t> {
    t: &'t Text<'t>,
    /// Header values with their lines (`Days: 5`).
    header: HashMap<&'static str, (u32, usize)>,
    name: String,
    /// The section being read (`COURSES:` …), empty in the header.
    section: &'static str,
    courses: Vec<Course>,
    rooms: Vec<(String, u32)>,
    course_index: HashMap<String, usize>,
    room_seen: HashMap<String, usize>,
    curricula: Vec<RawCurriculum>,
    unavailable: Vec<RawUnavailable>,
}

const SECTIONS: [&str; 4] = [
    "COURSES:",
    "ROOMS:",
    "CURRICULA:",
    "UNAVAILABILITY_CONSTRAINTS:",
];

impl Reader<'_> {
    /// A header line (`Key: value`, before the sections); whether `l` was one.
    fn header_line(&mut self, line: u32, l: &str) -> Result<bool, SourceError> {
        let t = self.t;
        let Some((key, value)) = l.trim().split_once(':') else {
            return Ok(false);
        };
        if !self.section.is_empty() || value.trim().is_empty() {
            return Ok(false);
        }
        let col = l.find(value.trim()).map_or(1, |i| i as u32 + 1);
        if key == "Name" {
            self.name = value.trim().to_string();
            return Ok(true);
        }
        let n: usize = value.trim().parse().map_err(|_| {
            t.err(
                line,
                col,
                format!("expected a number after `{key}:`, found `{}`", value.trim()),
            )
        })?;
        let key = match key {
            "Courses" => "Courses",
            "Rooms" => "Rooms",
            "Days" => "Days",
            "Periods_per_day" => "Periods_per_day",
            "Curricula" => "Curricula",
            "Constraints" => "Constraints",
            other => {
                return Err(t.err(line, 1, format!("unknown header `{other}`; expected Name, Courses, Rooms, Days, Periods_per_day, Curricula or Constraints")));
            }
        };
        self.header.insert(key, (line, n));
        Ok(true)
    }

    /// A section's title, or `END.`; whether `trimmed` was one.
    fn section_opened(&mut self, line: u32, trimmed: &str) -> Result<bool, SourceError> {
        if trimmed == "END." {
            return Ok(true);
        }
        let Some(&section) = SECTIONS.iter().find(|&&s| s == trimmed) else {
            return Ok(false);
        };
        for key in ["Days", "Periods_per_day"] {
            if !self.header.contains_key(key) {
                return Err(self
                    .t
                    .err(line, 1, format!("`{key}:` missing before the sections")));
            }
        }
        self.section = section;
        Ok(true)
    }

    /// A line of the current section.
    fn section_line(&mut self, line: u32, f: &[Field<'_>]) -> Result<(), SourceError> {
        match self.section {
            "COURSES:" => self.course(line, f),
            "ROOMS:" => self.room(line, f),
            "CURRICULA:" => self.curriculum(line, f),
            "UNAVAILABILITY_CONSTRAINTS:" => self.unavailability(line, f),
            _ => Err(self.t.err(
                line,
                1,
                "expected a header line (`Courses: 30`) or a section (`COURSES:`)",
            )),
        }
    }

    fn course(&mut self, line: u32, f: &[Field<'_>]) -> Result<(), SourceError> {
        let t = self.t;
        if f.len() != 5 {
            return Err(t.err(
                line,
                1,
                "expected `<course> <teacher> <lectures> <min working days> <students>`",
            ));
        }
        let lectures: usize = t.number(line, f[2], "a number of lectures")?;
        if lectures > MAX_OCCURRENCES {
            return Err(t.err(line, f[2].column, "too many lectures"));
        }
        if self
            .course_index
            .insert(f[0].text.to_string(), self.courses.len())
            .is_some()
        {
            return Err(t.err(
                line,
                f[0].column,
                format!("course `{}` listed twice", f[0].text),
            ));
        }
        self.courses.push(Course {
            id: f[0].text.into(),
            teacher: f[1].text.into(),
            lectures,
            min_days: t.number(line, f[3], "a number of days")?,
            students: t.number(line, f[4], "a number of students")?,
        });
        Ok(())
    }

    fn room(&mut self, line: u32, f: &[Field<'_>]) -> Result<(), SourceError> {
        let t = self.t;
        if f.len() != 2 {
            return Err(t.err(line, 1, "expected `<room> <capacity>`"));
        }
        if self
            .room_seen
            .insert(f[0].text.to_string(), self.rooms.len())
            .is_some()
        {
            return Err(t.err(
                line,
                f[0].column,
                format!("room `{}` listed twice", f[0].text),
            ));
        }
        self.rooms
            .push((f[0].text.into(), t.number(line, f[1], "a capacity")?));
        Ok(())
    }

    fn curriculum(&mut self, line: u32, f: &[Field<'_>]) -> Result<(), SourceError> {
        let t = self.t;
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
        let fields = f.iter().map(|x| (x.column, x.text.to_string())).collect();
        self.curricula.push((line, fields));
        Ok(())
    }

    fn unavailability(&mut self, line: u32, f: &[Field<'_>]) -> Result<(), SourceError> {
        let t = self.t;
        if f.len() != 3 {
            return Err(t.err(line, 1, "expected `<course> <day> <period>`"));
        }
        self.unavailable.push((
            line,
            f[0].column,
            f[0].text.to_string(),
            t.number::<usize>(line, f[1], "a day")?,
            f[1].column,
            t.number::<usize>(line, f[2], "a period")?,
            f[2].column,
        ));
        Ok(())
    }

    /// The header against what was listed, then the curricula and unavailabilities resolved.
    fn finish(self) -> Result<Ctt, SourceError> {
        let t = self.t;
        let get = |k: &str| self.header.get(k).copied();
        let days = get("Days").map_or(0, |x| x.1);
        let periods = get("Periods_per_day").map_or(0, |x| x.1);
        let days_line = get("Days").map_or(1, |x| x.0);
        if days == 0 || periods == 0 {
            return Err(t.err(days_line, 1, "expected at least one day and one period"));
        }
        if periods > MAX_PERIODS || days > MAX_DAYS {
            return Err(t.err(
                days_line,
                1,
                format!("at most {MAX_DAYS} days of {MAX_PERIODS} periods"),
            ));
        }
        for (key, have) in [
            ("Courses", self.courses.len()),
            ("Rooms", self.rooms.len()),
            ("Curricula", self.curricula.len()),
            ("Constraints", self.unavailable.len()),
        ] {
            if let Some((line, n)) = get(key)
                && n != have
            {
                return Err(t.err(line, 1, format!("`{key}: {n}` but {have} listed")));
            }
        }
        let course = |line: u32, col: u32, id: &str| {
            self.course_index
                .get(id)
                .copied()
                .ok_or_else(|| t.err(line, col, format!("unknown course `{id}`")))
        };
        let mut curricula = Vec::new();
        for (line, f) in &self.curricula {
            let mut list = Vec::new();
            for (col, id) in &f[2..] {
                let k = course(*line, *col, id)?;
                if !list.contains(&k) {
                    list.push(k);
                }
            }
            curricula.push((f[0].1.clone(), list));
        }
        let mut unavailable = Vec::new();
        for (line, col, id, d, dcol, p, pcol) in &self.unavailable {
            let (line, d, p) = (*line, *d, *p);
            let k = course(line, *col, id)?;
            if d >= days {
                return Err(t.err(line, *dcol, format!("day {d} out of range (0..{days})")));
            }
            if p >= periods {
                return Err(t.err(
                    line,
                    *pcol,
                    format!("period {p} out of range (0..{periods})"),
                ));
            }
            unavailable.push((k, d, p));
        }
        let total: usize = self.courses.iter().map(|x| x.lectures).sum();
        if total > MAX_OCCURRENCES {
            return Err(t.err(1, 1, format!("more than {MAX_OCCURRENCES} lectures")));
        }
        Ok(Ctt {
            name: self.name,
            days,
            periods,
            courses: self.courses,
            rooms: self.rooms,
            curricula,
            unavailable,
        })
    }
}
