//! Watching a search: the [`Observer`] hooks (tracing, teaching, custom statistics) and the
//! [`Stats`] counters the engine always keeps.

mod stats;

pub use stats::Stats;

use crate::domain::Value;
use crate::heuristics::Decision;
use crate::index::{ConstraintId, VarId};
use crate::model::Solution;

/// Hooks called by the search. Every method does nothing by default, and
/// [`crate::Search`] is generic over its observer, so the default [`NoopObserver`] compiles
/// to nothing (ripgrep's `Sink`, OR-Tools' `SearchMonitor`).
pub trait Observer {
    /// Set to `true` to receive [`Observer::on_prune`]; finding the pruned values costs a
    /// pass over the trail after every propagator call, so it is off unless asked for.
    const PRUNINGS: bool = false;

    /// A decision was posted at `depth` (1 for the first decision).
    fn on_decision(&mut self, depth: usize, decision: Decision) {
        let _ = (depth, decision);
    }

    /// Constraint `by` removed `value` from `var`'s domain (only when [`Observer::PRUNINGS`]).
    fn on_prune(&mut self, by: ConstraintId, var: VarId, value: Value) {
        let _ = (by, var, value);
    }

    /// Propagation failed at `depth`; `by` is the constraint that found the conflict (`None`
    /// when a refutation emptied the decision variable's domain).
    fn on_conflict(&mut self, depth: usize, by: Option<ConstraintId>) {
        let _ = (depth, by);
    }

    /// The search undid the decision at `depth` and went back to `depth - 1`.
    fn on_backtrack(&mut self, depth: usize) {
        let _ = depth;
    }

    /// A solution was found.
    fn on_solution(&mut self, solution: &Solution) {
        let _ = solution;
    }

    /// The search restarted from the root.
    fn on_restart(&mut self, restarts: u64) {
        let _ = restarts;
    }
}

/// The observer that watches nothing.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoopObserver;

impl Observer for NoopObserver {}

impl<O: Observer> Observer for &mut O {
    const PRUNINGS: bool = O::PRUNINGS;
    fn on_decision(&mut self, depth: usize, decision: Decision) {
        (**self).on_decision(depth, decision)
    }
    fn on_prune(&mut self, by: ConstraintId, var: VarId, value: Value) {
        (**self).on_prune(by, var, value)
    }
    fn on_conflict(&mut self, depth: usize, by: Option<ConstraintId>) {
        (**self).on_conflict(depth, by)
    }
    fn on_backtrack(&mut self, depth: usize) {
        (**self).on_backtrack(depth)
    }
    fn on_solution(&mut self, solution: &Solution) {
        (**self).on_solution(solution)
    }
    fn on_restart(&mut self, restarts: u64) {
        (**self).on_restart(restarts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Model, Search, SearchConfig};

    #[derive(Default)]
    struct Counter {
        decisions: u64,
        prunings: u64,
        conflicts: u64,
        solutions: u64,
    }

    impl Observer for Counter {
        const PRUNINGS: bool = true;
        fn on_decision(&mut self, _: usize, _: Decision) {
            self.decisions += 1;
        }
        fn on_prune(&mut self, _: ConstraintId, _: VarId, _: Value) {
            self.prunings += 1;
        }
        fn on_conflict(&mut self, _: usize, _: Option<ConstraintId>) {
            self.conflicts += 1;
        }
        fn on_solution(&mut self, _: &Solution) {
            self.solutions += 1;
        }
    }

    #[test]
    fn observer_sees_what_the_stats_count() {
        let mut m = Model::new();
        let v = m.new_vars("v", 4, 1..=4).unwrap();
        m.all_different(&v).unwrap();
        m.not_equal_offset(v[0], v[1], 1).unwrap();
        let mut s = Search::with_observer(&m, SearchConfig::default(), Counter::default());
        let n = s.count(u64::MAX).count;
        let stats = s.stats();
        let o = s.observer();
        assert_eq!(o.solutions, n);
        assert_eq!(o.decisions, stats.nodes);
        assert_eq!(o.conflicts, stats.failures);
        assert!(o.prunings > 0);
    }
}
