//! One status vocabulary for every answer: the command line's JSON and exit codes, the web
//! server and the Python package all name a result by [`Status::name`].
//!
//! | status | meaning | exit code |
//! |---|---|---|
//! | `satisfiable` | a solution found (and verified) | 0 |
//! | `optimal` | a solution proved best (χ proved) | 0 |
//! | `unsatisfiable` | proved: no solution | 1 |
//! | `unknown` | a limit stopped the search first (bounds or the best so far are given) | 1 |
//! | `done` | a job that is not a search finished (a listing, a conversion, a report) | 0 |

use std::process::ExitCode;

/// The answer of a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A solution, verified.
    Satisfiable,
    /// A solution proved optimal.
    Optimal,
    /// Proved: no solution.
    Unsatisfiable,
    /// A limit stopped the search first.
    Unknown,
    /// Not a search; finished.
    Done,
}

impl Status {
    /// Its name in JSON and text.
    pub fn name(self) -> &'static str {
        match self {
            Status::Satisfiable => "satisfiable",
            Status::Optimal => "optimal",
            Status::Unsatisfiable => "unsatisfiable",
            Status::Unknown => "unknown",
            Status::Done => "done",
        }
    }

    /// 0 for an answer found, 1 for none (proved or not).
    pub fn exit(self) -> ExitCode {
        match self {
            Status::Satisfiable | Status::Optimal | Status::Done => ExitCode::SUCCESS,
            Status::Unsatisfiable | Status::Unknown => ExitCode::from(1),
        }
    }

    /// The status of a batch: satisfiable when every item is, else the worst item's.
    pub fn all(items: impl IntoIterator<Item = Status>) -> Status {
        let mut all = Status::Done;
        for s in items {
            all = match (all, s) {
                (Status::Unknown, _) | (_, Status::Unknown) => Status::Unknown,
                (Status::Unsatisfiable, _) | (_, Status::Unsatisfiable) => Status::Unsatisfiable,
                (Status::Done, s) => s,
                (a, _) => a,
            };
        }
        all
    }
}
