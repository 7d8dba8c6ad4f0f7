//! Solution files (`<course> <room> <day> <period>` per lecture) and timetables.

use super::super::{Text, fields};
use super::{Ctt, Lecture};
use crate::answer::{Placement, Timetable};
use crate::instance::Instance;
use csp_model::source::SourceError;
use std::collections::HashMap;

impl Ctt {
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
}
