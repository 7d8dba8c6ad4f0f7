//! How a solve or an optimisation ended, in the shared status words: one path for the
//! `kind: csp` model and FlatZinc bindings.

use csp_core::{LimitReached, Optimum, Outcome, Search, Solution, VarId};
use csp_model::Status;
use std::time::Instant;

/// The status, the best solution (unchecked: the caller checks it), the improvements as
/// (seconds, objective) and the limit that stopped the search.
pub(crate) struct Answer {
    pub status: Status,
    pub best: Option<Solution>,
    pub improvements: Vec<(f64, i64)>,
    pub limit: Option<LimitReached>,
}

/// The first solution, or with `objective` (its variable, minimise?) branch and bound, each
/// improving solution judged by `value` (the independent check, giving its objective) as it
/// is found; an improvement the check refuses is the error.
pub(crate) fn run(
    search: &mut Search<'_>,
    objective: Option<(VarId, bool)>,
    start: Instant,
    value: impl Fn(&Solution) -> Result<i64, String>,
) -> Result<Answer, String> {
    let Some((var, minimize)) = objective else {
        let outcome = search.solve();
        let status = Status::of_outcome(&outcome);
        let (best, limit) = match outcome {
            Outcome::Satisfiable(s) => (Some(s), None),
            Outcome::Unsatisfiable => (None, None),
            Outcome::Unknown(l) => (None, Some(l)),
        };
        return Ok(Answer {
            status,
            best,
            improvements: Vec::new(),
            limit,
        });
    };
    let mut improvements = Vec::new();
    let mut failure = None;
    let r = search.optimize(var, minimize, |s| match value(s) {
        Ok(v) => improvements.push((start.elapsed().as_secs_f64(), v)),
        Err(e) => {
            failure.get_or_insert(e);
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let status = Status::of_optimum(&r);
    let (best, limit) = match r {
        Optimum::Optimal(s) => (Some(s), None),
        Optimum::Best(s, l) => (Some(s), Some(l)),
        Optimum::Unsatisfiable => (None, None),
        Optimum::Unknown(l) => (None, Some(l)),
    };
    Ok(Answer {
        status,
        best,
        improvements,
        limit,
    })
}
