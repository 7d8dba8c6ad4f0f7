//! What a timetable is, as the solvers produce it and the checker judges it: a placement per
//! occurrence, the hard violations and the itemised soft cost. The instance and every module
//! that reads or writes timetables build on these; they build on nothing else.

use std::fmt;

/// Index of a slot: `day × periods_per_day + period`.
pub type Slot = usize;

/// Where one occurrence takes place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Start slot.
    pub start: Slot,
    /// Room, when the event needs one.
    pub room: Option<usize>,
}

/// A complete timetable: a placement per occurrence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timetable {
    /// Indexed by occurrence.
    pub placements: Vec<Placement>,
}

/// A broken hard requirement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The requirement (`constraints.hard[0]`), or what implicit rule (`no clash`).
    pub rule: String,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}

/// One soft requirement's share of the cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostItem {
    /// Where it is written (`constraints.soft[3]`).
    pub path: String,
    /// Its type (`max_gaps_per_day`).
    pub kind: &'static str,
    /// Weight of one violation.
    pub weight: u64,
    /// Number (or amount) of violations.
    pub violations: u64,
    /// What one violation is, singular and plural (`day short`, `days short`).
    pub unit: (&'static str, &'static str),
    /// `weight × violations`.
    pub cost: u64,
    /// Each violation in words ("7A: 1 gap on Tue").
    pub details: Vec<String>,
}

/// The soft cost of a timetable, itemised by requirement.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CostReport {
    /// Sum of the items' costs.
    pub total: u64,
    /// One item per soft requirement, in file order.
    pub items: Vec<CostItem>,
}
