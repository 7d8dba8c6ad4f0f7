//! The search counters.

use std::fmt;
use std::time::Duration;

/// Counters of one search. People compare heuristics by these, so each is defined exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Decisions posted: each left branch `x = v` and each right branch `x ≠ v` counts one
    /// (the edges of the binary search tree explored).
    pub nodes: u64,
    /// Conflicts found by propagation or checking after a decision (dead ends), including at
    /// the root. A refutation `x ≠ v` that leaves `x` with no value counts as a failure too.
    pub failures: u64,
    /// Decisions undone: each time the search returns from depth `k` to `k - 1`.
    pub backtracks: u64,
    /// Propagator invocations: each call of a propagator's propagate, forward check or check.
    pub propagations: u64,
    /// Revisions: attempts to filter one variable's domain against one constraint (an arc
    /// check in AC-3's terms), whether or not a value was removed.
    pub revisions: u64,
    /// The deepest decision level reached (number of left branches on the path).
    pub max_depth: u64,
    /// Solutions found so far.
    pub solutions: u64,
    /// Restarts performed.
    pub restarts: u64,
    /// Wall time spent in the search, including setup and root propagation.
    pub elapsed: Duration,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "nodes {}, failures {}, backtracks {}, propagations {}, revisions {}, max depth {}, \
             solutions {}, restarts {}, time {:.6} s",
            self.nodes,
            self.failures,
            self.backtracks,
            self.propagations,
            self.revisions,
            self.max_depth,
            self.solutions,
            self.restarts,
            self.elapsed.as_secs_f64()
        )
    }
}
