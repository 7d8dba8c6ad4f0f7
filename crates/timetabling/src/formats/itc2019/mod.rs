//! ITC 2019 university course timetabling (`.xml`; Müller, Rudová & Müllerová, "University
//! course timetabling and International Timetabling Competition 2019", PATAT 2018).
//!
//! A semester of `nrWeeks` weeks of `nrDays` days of `slotsPerDay` slots (five minutes each).
//! Courses have alternative configurations of subparts, each a set of classes; a class has
//! its possible times (weeks, days, start and length, each with a penalty) and rooms (each
//! with a penalty), a limit of students and perhaps a parent class. Rooms have capacities,
//! travel times to other rooms and unavailable times. Distributions between classes are of
//! 19 types, required or with a penalty. Students ask for courses, and are sectioned into one
//! class of each subpart of one configuration of each.
//!
//! This module keeps the file's data as it is, with indices in place of ids.

pub mod ceiling;
mod parse;
pub mod rules;
mod score;
mod solution;

pub use parse::parse;
pub use score::Evaluation;
pub use solution::{Header, Placed, Solution};

use csp_model::source::SourceError;
use std::path::Path;

/// The most days a week and weeks a semester (bit strings are kept in 64 bits).
pub const MAX_BITS: usize = 64;

/// The most nodes an XML file may hold: a limit on the memory a hostile file can ask for,
/// far above what the public instances need.
pub const MAX_NODES: u32 = 50_000_000;

/// A problem as the file gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Itc2019 {
    /// `name`.
    pub name: String,
    /// Days a week (`nrDays`).
    pub days: usize,
    /// Weeks (`nrWeeks`).
    pub weeks: usize,
    /// Slots a day (`slotsPerDay`).
    pub slots_per_day: u32,
    /// The weights of the four parts of the cost.
    pub weights: Weights,
    /// Rooms.
    pub rooms: Vec<Room>,
    /// Courses.
    pub courses: Vec<Course>,
    /// Classes, in file order.
    pub classes: Vec<Class>,
    /// Distribution constraints.
    pub distributions: Vec<Distribution>,
    /// Students.
    pub students: Vec<Student>,
}

/// `<optimization time= room= distribution= student=>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Weights {
    /// Time penalties.
    pub time: u64,
    /// Room penalties.
    pub room: u64,
    /// Distribution penalties.
    pub distribution: u64,
    /// Student conflicts.
    pub student: u64,
}

/// A time: the weeks and days it meets (bit `i` for week or day `i`, the file's `i`-th
/// character), its first slot and its length in slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Time {
    /// Weeks.
    pub weeks: u64,
    /// Days of the week.
    pub days: u64,
    /// First slot of the day.
    pub start: u32,
    /// Slots.
    pub length: u32,
}

impl Time {
    /// The slot after the last.
    pub fn end(&self) -> u32 {
        self.start + self.length
    }

    /// Whether two times meet at once: a shared week, a shared day and overlapping slots.
    pub fn overlaps(&self, o: &Time) -> bool {
        self.weeks & o.weeks != 0
            && self.days & o.days != 0
            && self.start < o.end()
            && o.start < self.end()
    }
}

/// A room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Room {
    /// `id`.
    pub id: String,
    /// Seats.
    pub capacity: u32,
    /// Travel times in slots to other rooms (indices), as listed (either room may list it).
    pub travel: Vec<(usize, u32)>,
    /// Times it cannot be used.
    pub unavailable: Vec<Time>,
}

/// A course: its alternative configurations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Course {
    /// `id`.
    pub id: String,
    /// Configurations.
    pub configs: Vec<Config>,
}

/// A configuration: a student of the course takes one class of each subpart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `id`.
    pub id: String,
    /// Subparts.
    pub subparts: Vec<Subpart>,
}

/// A subpart: its classes (indices into [`Itc2019::classes`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subpart {
    /// `id`.
    pub id: String,
    /// Classes.
    pub classes: Vec<usize>,
}

/// A class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Class {
    /// `id`.
    pub id: String,
    /// Most students.
    pub limit: u32,
    /// The parent class: its students must attend the parent.
    pub parent: Option<usize>,
    /// Whether it needs a room (`room="false"`: it does not).
    pub needs_room: bool,
    /// Possible rooms with their penalties.
    pub rooms: Vec<(usize, u32)>,
    /// Possible times with their penalties.
    pub times: Vec<(Time, u32)>,
    /// Its course, configuration and subpart (indices).
    pub course: usize,
    /// Index of the configuration in its course.
    pub config: usize,
    /// Index of the subpart in its configuration.
    pub subpart: usize,
}

/// The 19 distribution types, with their parameters (in slots or days).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Constraint {
    /// The same start slot.
    SameStart,
    /// The shorter class's slots within the longer's.
    SameTime,
    /// No overlap of slots.
    DifferentTime,
    /// The days of one within the other's.
    SameDays,
    /// No day in common.
    DifferentDays,
    /// The weeks of one within the other's.
    SameWeeks,
    /// No week in common.
    DifferentWeeks,
    /// Overlapping in time (weeks, days and slots).
    Overlap,
    /// Not overlapping in time.
    NotOverlap,
    /// The same room.
    SameRoom,
    /// Different rooms.
    DifferentRoom,
    /// Attendable by the same students: no overlap, with the travel time between rooms.
    SameAttendees,
    /// Each class's first meeting before the next class's, in the listed order.
    Precedence,
    /// `WorkDay(S)`: on a day they share, at most `S` slots from the first start to the last end.
    WorkDay(u32),
    /// `MinGap(G)`: on a day they share, at least `G` slots between them.
    MinGap(u32),
    /// `MaxDays(D)`: on at most `D` days.
    MaxDays(u32),
    /// `MaxDayLoad(S)`: at most `S` slots of them a day.
    MaxDayLoad(u32),
    /// `MaxBreaks(R, S)`: at most `R` breaks of more than `S` slots a day.
    MaxBreaks(u32, u32),
    /// `MaxBlock(M, S)`: no block longer than `M` slots (gaps of at most `S` join a block).
    MaxBlock(u32, u32),
}

/// A distribution constraint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distribution {
    /// Its type.
    pub kind: Constraint,
    /// Required (hard), or soft with `penalty`.
    pub required: bool,
    /// The penalty of a violation (soft).
    pub penalty: u64,
    /// Its classes, in the file's order (the order matters for `Precedence`).
    pub classes: Vec<usize>,
}

/// A student and the courses asked for (indices).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Student {
    /// `id`.
    pub id: String,
    /// Courses.
    pub courses: Vec<usize>,
}

/// Reads an ITC 2019 problem file.
pub fn read(path: &Path) -> Result<Itc2019, SourceError> {
    let src = csp_model::source::read(path)?;
    parse(&src.text, &src.name)
}

#[cfg(test)]
mod tests;
