//! Watching a search: the [`Observer`] hooks (tracing, teaching, custom statistics) and the
//! [`Stats`] counters the engine always keeps.

mod stats;

pub use stats::Stats;

use crate::domain::Value;
use crate::model::{ConstraintId, VarId};
use crate::search::{Decision, Solution};

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
