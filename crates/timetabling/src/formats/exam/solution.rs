//! Solution files (`<period>, <room>` per exam, in exam order) and timetables.

use super::super::{Text, fields};
use super::{Assignment, Exam};
use crate::answer::{Placement, Timetable};
use csp_model::source::SourceError;

impl Exam {
    /// The assignments of a timetable of [`Exam::instance`].
    /// (A placement at a slot that is no period, which the checker refuses, is read as
    /// period 0.)
    pub fn assignments(&self, tt: &Timetable) -> Vec<Assignment> {
        let slot_of = self.grid().1;
        let mut period_at = vec![0; slot_of.last().map_or(0, |&s| s + 1)];
        for (p, &s) in slot_of.iter().enumerate() {
            period_at[s] = p;
        }
        tt.placements
            .iter()
            .map(|p| {
                let period = period_at.get(p.start).copied().unwrap_or(0);
                (period, p.room.unwrap_or(0))
            })
            .collect()
    }

    /// The timetable of assignments.
    pub fn timetable(&self, a: &[Assignment]) -> Timetable {
        let slot_of = self.grid().1;
        Timetable {
            placements: a
                .iter()
                .map(|&(period, room)| Placement {
                    start: slot_of[period],
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
}
