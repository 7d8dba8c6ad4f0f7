//! The phases of a solve, named, so a report says which ran (and tests can pin the path an
//! instance takes: a model that silently stops applying shows only in the benchmarks).

/// A phase of [`super::solve`], in the order they can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// A first timetable built without the engine (large exam sessions with rooms).
    Construction,
    /// The engine's first timetable.
    Engine,
    /// Kempe-chain annealing of slots (exam sessions).
    SlotAnnealing,
    /// The course annealer (timetables priced as CB-CTT prices them).
    CourseAnnealing,
    /// The general local search over valid timetables.
    LocalSearch,
    /// Large neighbourhood search on the engine.
    Lns,
    /// Branch and bound on the engine.
    BranchAndBound,
}

impl Phase {
    /// Every phase, in order (the JSON schema's enum of phase names is checked against it).
    pub const ALL: [Phase; 7] = [
        Phase::Construction,
        Phase::Engine,
        Phase::SlotAnnealing,
        Phase::CourseAnnealing,
        Phase::LocalSearch,
        Phase::Lns,
        Phase::BranchAndBound,
    ];

    /// Its name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Construction => "construction",
            Phase::Engine => "engine",
            Phase::SlotAnnealing => "slot annealing",
            Phase::CourseAnnealing => "course annealing",
            Phase::LocalSearch => "local search",
            Phase::Lns => "large neighbourhood search",
            Phase::BranchAndBound => "branch and bound",
        }
    }
}
