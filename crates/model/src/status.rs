//! One status vocabulary for every answer: the command line's JSON and exit codes, the web
//! server, the library's reports and the Python package all name a result by
//! [`Status::name`], and `docs/cli.md` prints the same table.
//!
//! | status | meaning | exit code |
//! |---|---|---|
//! | `satisfiable` | a solution found and verified; for an optimisation, the best found, not proved best | 0 |
//! | `optimal` | a solution proved best (χ proved, a timetable's cost proved least) | 0 |
//! | `unsatisfiable` | proved: no solution | 1 |
//! | `unknown` | a limit stopped the search before any solution | 1 |
//! | `valid` | a given answer (a timetable, a grid) checked: every rule holds | 0 |
//! | `invalid` | a given answer checked: some rule is broken | 1 |
//! | `done` | a job that is not a search finished (a listing, a conversion, a report) | 0 |
//!
//! The rule for "an answer was found but not proved optimal" is MiniZinc's: `satisfiable`,
//! exit 0, with the bounds or the limit beside it; `unknown` means no answer at all.

use csp_core::{Count, Optimum, Outcome};
use std::process::ExitCode;

/// The answer of a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// A solution, verified (for an optimisation: the best found, not proved best).
    Satisfiable,
    /// A solution proved optimal.
    Optimal,
    /// Proved: no solution.
    Unsatisfiable,
    /// A limit stopped the search before any solution.
    Unknown,
    /// A given answer breaks no rule.
    Valid,
    /// A given answer breaks a rule.
    Invalid,
    /// Not a search; finished.
    Done,
}

impl Status {
    /// Every status, in the order the docs list them.
    pub const ALL: [Status; 7] = [
        Status::Satisfiable,
        Status::Optimal,
        Status::Unsatisfiable,
        Status::Unknown,
        Status::Valid,
        Status::Invalid,
        Status::Done,
    ];

    /// Its name in JSON and text.
    pub fn name(self) -> &'static str {
        match self {
            Status::Satisfiable => "satisfiable",
            Status::Optimal => "optimal",
            Status::Unsatisfiable => "unsatisfiable",
            Status::Unknown => "unknown",
            Status::Valid => "valid",
            Status::Invalid => "invalid",
            Status::Done => "done",
        }
    }

    /// The status named `name`, if it is one.
    pub fn from_name(name: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The process exit code: 0 for an answer, 1 for none (proved or not) or a broken rule.
    pub fn code(self) -> u8 {
        match self {
            Status::Satisfiable | Status::Optimal | Status::Valid | Status::Done => 0,
            Status::Unsatisfiable | Status::Unknown | Status::Invalid => 1,
        }
    }

    /// [`Status::code`] as the process's exit code.
    pub fn exit(self) -> ExitCode {
        ExitCode::from(self.code())
    }

    /// The status of a first-solution search.
    pub fn of_outcome(o: &Outcome) -> Status {
        match o {
            Outcome::Satisfiable(_) => Status::Satisfiable,
            Outcome::Unsatisfiable => Status::Unsatisfiable,
            Outcome::Unknown(_) => Status::Unknown,
        }
    }

    /// The status of an optimisation: a best solution not proved optimal is `satisfiable`.
    pub fn of_optimum(o: &Optimum) -> Status {
        match o {
            Optimum::Optimal(_) => Status::Optimal,
            Optimum::Best(..) => Status::Satisfiable,
            Optimum::Unsatisfiable => Status::Unsatisfiable,
            Optimum::Unknown(_) => Status::Unknown,
        }
    }

    /// The status of an optimisation that holds an answer: `optimal` when it is proved best,
    /// else `satisfiable`.
    pub fn of_best(proved: bool) -> Status {
        if proved {
            Status::Optimal
        } else {
            Status::Satisfiable
        }
    }

    /// The status of a count: `satisfiable` once one solution is found (the count is exact
    /// only when the search was exhausted), `unsatisfiable` when an exhausted search found
    /// none, `unknown` when a limit came first.
    pub fn of_count(c: &Count) -> Status {
        match (c.count, c.exhausted) {
            (1.., _) => Status::Satisfiable,
            (0, true) => Status::Unsatisfiable,
            (0, false) => Status::Unknown,
        }
    }

    /// The status of a batch: satisfiable when every item is, else the worst item's.
    pub fn all(items: impl IntoIterator<Item = Status>) -> Status {
        let mut all = Status::Done;
        for s in items {
            all = match (all, s) {
                (Status::Unknown, _) | (_, Status::Unknown) => Status::Unknown,
                (Status::Unsatisfiable, _) | (_, Status::Unsatisfiable) => Status::Unsatisfiable,
                (Status::Invalid, _) | (_, Status::Invalid) => Status::Invalid,
                (Status::Done, s) => s,
                (a, _) => a,
            };
        }
        all
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_read_back() {
        for s in Status::ALL {
            assert_eq!(Status::from_name(s.name()), Some(s));
        }
        assert_eq!(Status::from_name("feasible"), None);
    }

    #[test]
    fn an_answer_exits_0_and_none_exits_1() {
        let zero: Vec<_> = Status::ALL.into_iter().filter(|s| s.code() == 0).collect();
        assert_eq!(
            zero,
            [
                Status::Satisfiable,
                Status::Optimal,
                Status::Valid,
                Status::Done
            ]
        );
    }
}
