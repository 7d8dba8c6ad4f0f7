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

mod adapter;
mod parse;
mod score;
mod solution;

pub use parse::parse;

use super::Score;
use csp_model::source::SourceError;
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
