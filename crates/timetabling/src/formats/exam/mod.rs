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
//! The instance: a day per date, with its periods (a day shorter than the longest has its
//! last slots blocked, which spread and front load do not count); a student resource per distinct set of
//! exams (headcount: how many students have it); exams in `exam` style (rooms shared up to
//! their seats); `different_slot`, `same_slot`, `precedence`, `exclusive_room` as hard
//! requirements; `two_in_a_row`, `two_in_a_day`, `proximity` (weights `1` up to the gap),
//! `mixed_durations`, `front_load`, `avoid_slots` and `avoid_rooms` (one per penalty value) as
//! soft ones. Solution files: `<period>, <room>` per exam, in exam order.

mod adapter;
mod parse;
mod score;
mod solution;

pub use parse::parse;

use super::Score;
use csp_model::source::SourceError;
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
