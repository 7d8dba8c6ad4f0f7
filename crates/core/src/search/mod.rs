//! Search: chronological backtracking with binary branching over a trail.
//!
//! # Background
//!
//! The [`Search`] asks the brancher (the [`VarOrder`](crate::VarOrder) and [`ValueOrder`]) for a
//! [`Decision`] `x = v`, posts it, and propagates to a fixpoint. On a conflict it undoes the
//! trail to the level before the decision and posts the opposite decision `x ≠ v` there
//! (binary, or 2-way, branching: the scheme of MAC solvers since Sabin & Freuder 1997; with
//! forward checking and plain checks it visits the same assignments as the textbook d-way
//! backtracking, in the same order). When every variable is fixed and consistent, that is
//! a [`Solution`]; to enumerate, the search treats it like a conflict and goes on.
//!
//! No state is copied per node: domain changes are trailed word by word in the
//! [`DomainStore`] and undone on backtracking; the decision stack holds
//! one small record per level. Buffers grow to the deepest level reached and are then
//! reused, so the hot loop does not allocate.
//!
//! # Who calls what
//!
//! [`Search::solve`] (first solution), [`Search::count`] (count up to a cap; uniqueness is
//! `count(2)`) and [`Search::solutions`] (an iterator) all drive one resumable loop. Limits
//! ([`Limits`]) stop it with [`Outcome::Unknown`]. With [`Restarts`] and the first-solution
//! search, the search restarts from the root after a Luby sequence of failure counts (Luby,
//! Sinclair & Zuckerman 1993), keeping the dom/wdeg weights; counting and enumeration never
//! restart, since they would visit solutions twice.

mod config;

pub use crate::domain::{Trail, TrailEntry};
pub use config::{Count, LimitReached, Limits, Optimum, Outcome, Restarts, SearchConfig, luby};

use crate::domain::{DomainStore, Value};
pub use crate::heuristics::Decision;
use crate::heuristics::{Brancher, ProbeContext, SelectionContext, ValueOrder};
pub use crate::model::Solution;
use crate::model::{ConstraintId, Model, VarId};
use crate::observe::{NoopObserver, Observer, Stats};
use crate::propagation::{Engine, PropagatorOptions};
use crate::termination::{Deadline, Termination};
use fixedbitset::FixedBitSet;
use std::time::Instant;

#[derive(Debug, Clone, Copy)]
struct Level {
    mark: usize,
    decided_mark: usize,
    var: VarId,
    value: Value,
    branch: Branch,
    /// With symmetric values: whether `value` was used by no fixed variable.
    opened_new: bool,
}

/// The kind of a level's decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Branch {
    /// `x = v`, refuted by `x ≠ v`.
    Assign,
    /// `x ≤ v` then `x > v` (`lower_first`), or the other way round.
    Split { lower_first: bool },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Fresh,
    Running,
    /// At the root again after an optimisation bound: the next step decides, not backtracks.
    Root,
    Done(Option<LimitReached>),
}

enum Step {
    Solution,
    End(Option<LimitReached>),
}

/// A search over one [`Model`]. See the module docs.
#[derive(Debug)]
pub struct Search<'m, O: Observer = NoopObserver> {
    model: &'m Model,
    config: SearchConfig,
    store: DomainStore,
    engine: Engine<'m>,
    levels: Vec<Level>,
    decided: Vec<bool>,
    /// The variables not decided, one bit each (so the variable orders visit only them).
    undecided: Vec<u64>,
    decided_stack: Vec<VarId>,
    brancher: Brancher,
    stats: Stats,
    observer: O,
    state: State,
    restarting: bool,
    luby_index: u64,
    failures_at_restart: u64,
    root_mark: usize,
    root_decided: usize,
    /// Symmetric values: the values in use, offset by `value_base`.
    used_values: FixedBitSet,
    value_base: Value,
    /// During [`Search::optimize`]: the objective and whether it is minimised.
    objective: Option<(VarId, bool)>,
    /// The best objective found elsewhere (see [`Search::set_shared_bound`]).
    shared_bound: Option<SharedBound>,
}

/// The caller's view of the best objective found elsewhere.
struct SharedBound(Box<dyn Fn() -> Option<Value> + Send>);

impl std::fmt::Debug for SharedBound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SharedBound")
    }
}

impl<'m> Search<'m, NoopObserver> {
    /// A search of `model` with `config`.
    pub fn new(model: &'m Model, config: SearchConfig) -> Self {
        Search::with_observer(model, config, NoopObserver)
    }
}

impl<'m, O: Observer> Search<'m, O> {
    /// A search that reports to `observer`.
    pub fn with_observer(model: &'m Model, config: SearchConfig, observer: O) -> Self {
        let start = Instant::now();
        let domains: Vec<_> = model.vars().map(|x| model.domain(x).clone()).collect();
        let reprs: Vec<_> = model.vars().map(|x| model.representation(x)).collect();
        let store = DomainStore::with_reprs(&domains, &reprs);
        let options = PropagatorOptions {
            all_different: config.all_different,
        };
        let l = &config.limits;
        let deadline = match (l.deadline, l.time.map(|t| start + t)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut engine = Engine::new_until(
            model.num_vars(),
            model.constraints().map(|(_, c)| c),
            &options,
            deadline,
        );
        engine.prepare(&store);
        let brancher = Brancher::with_plan(
            model,
            config.var_order,
            config.value_order,
            config.seed,
            config.plan.clone(),
        );
        let stats = Stats {
            elapsed: start.elapsed(),
            ..Stats::default()
        };
        let (mut value_base, mut used_values) = (0, FixedBitSet::new());
        if config.symmetric_values {
            let lo = model
                .vars()
                .filter_map(|x| model.domain(x).min())
                .min()
                .unwrap_or(0);
            let hi = model
                .vars()
                .filter_map(|x| model.domain(x).max())
                .max()
                .unwrap_or(0);
            value_base = lo;
            used_values = FixedBitSet::with_capacity((i64::from(hi) - i64::from(lo) + 1) as usize);
        }
        Search {
            model,
            config,
            store,
            engine,
            levels: Vec::new(),
            decided: vec![false; model.num_vars()],
            undecided: {
                let n = model.num_vars();
                let mut w = vec![u64::MAX; n.div_ceil(64)];
                if !n.is_multiple_of(64)
                    && let Some(last) = w.last_mut()
                {
                    *last = (1u64 << (n % 64)) - 1;
                }
                w
            },
            decided_stack: Vec::new(),
            brancher,
            stats,
            observer,
            state: State::Fresh,
            restarting: false,
            luby_index: 1,
            failures_at_restart: 0,
            root_mark: 0,
            root_decided: 0,
            used_values,
            value_base,
            objective: None,
            shared_bound: None,
        }
    }

    /// Replaces the limits, e.g. before [`Search::reset`] with the time left of a batch.
    pub fn set_limits(&mut self, limits: Limits) {
        self.config.limits = limits;
    }

    /// Adds a condition to stop at (polled between nodes and inside long fixpoints); the
    /// search then ends with [`Outcome::Unknown`]`(`[`LimitReached::Interrupted`]`)`.
    ///
    /// ```
    /// use csp_core::termination::Flag;
    /// use csp_core::{LimitReached, Model, Outcome, Search, SearchConfig};
    /// let mut m = Model::new();
    /// let xs = m.new_vars("x", 3, 1..=3).unwrap();
    /// m.all_different(&xs).unwrap();
    /// let mut search = Search::new(&m, SearchConfig::default());
    /// let stop = Flag::default();
    /// search.set_termination(stop.clone());
    /// stop.raise();
    /// assert_eq!(search.solve(), Outcome::Unknown(LimitReached::Interrupted));
    /// ```
    pub fn set_termination(&mut self, t: impl Termination + Send + 'static) {
        self.engine.termination.condition = Some(Box::new(t));
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        let mut s = self.stats;
        s.propagations = self.engine.propagations;
        s.revisions = self.store.revisions();
        s
    }

    /// The observer.
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// The observer, mutably.
    pub fn observer_mut(&mut self) -> &mut O {
        &mut self.observer
    }

    /// The model searched.
    pub fn model(&self) -> &'m Model {
        self.model
    }

    /// The current domains (after the last solution or at the end of the search).
    pub fn domains(&self) -> &DomainStore {
        &self.store
    }

    /// Starts the search afresh, as if just created, with `fixed` assigned before the root
    /// propagation: the way to solve many instances of one model (sudoku givens, a precoloured
    /// graph) without rebuilding the propagators. Statistics and constraint weights start
    /// from zero again. Allocates nothing once the buffers have grown.
    ///
    /// A pair whose value is outside the variable's domain, or two different values for one
    /// variable, make the search unsatisfiable.
    ///
    /// ```
    /// use csp_core::{Model, Search, SearchConfig, Outcome};
    /// let mut m = Model::new();
    /// let xs = m.new_vars("x", 3, 1..=3).unwrap();
    /// m.all_different(&xs).unwrap();
    /// let mut search = Search::new(&m, SearchConfig::default());
    /// search.reset(&[(xs[0], 3), (xs[1], 1)]);
    /// let Outcome::Satisfiable(s) = search.solve() else { panic!() };
    /// assert_eq!(s.value(xs[2]), 2);
    /// search.reset(&[(xs[0], 2), (xs[1], 2)]);
    /// assert_eq!(search.solve(), Outcome::Unsatisfiable);
    /// ```
    pub fn reset(&mut self, fixed: &[(VarId, Value)]) {
        self.engine.reset(&mut self.store);
        self.store.undo_to(0);
        self.store.reset_counters();
        self.levels.clear();
        self.undo_decided(0);
        self.brancher.reset();
        self.stats = Stats::default();
        self.engine.propagations = 0;
        self.engine.interrupted = false;
        self.restarting = false;
        self.luby_index = 1;
        self.failures_at_restart = 0;
        self.root_mark = 0;
        self.root_decided = 0;
        self.state = State::Fresh;
        for &(x, v) in fixed {
            if self.store.assign(x, v).is_err() {
                self.store.clear_modified();
                self.state = State::Done(None);
                return;
            }
        }
    }

    /// The first solution (restarting if configured), or a proof there is none.
    pub fn solve(&mut self) -> Outcome {
        self.restarting = self.config.restarts.is_some();
        let step = self.timed(Self::next);
        self.restarting = false;
        match step {
            Step::Solution => Outcome::Satisfiable(self.solution()),
            Step::End(None) => Outcome::Unsatisfiable,
            Step::End(Some(l)) => Outcome::Unknown(l),
        }
    }

    /// Counts solutions, stopping at `cap` (uniqueness: `count(2).count == 1`).
    pub fn count(&mut self, cap: u64) -> Count {
        let mut count = 0;
        while count < cap {
            match self.timed(Self::next) {
                Step::Solution => count += 1,
                Step::End(limit) => {
                    return Count {
                        count,
                        exhausted: limit.is_none(),
                        limit,
                    };
                }
            }
        }
        Count {
            count,
            exhausted: false,
            limit: None,
        }
    }

    /// Every solution, as an iterator; afterwards [`Search::limit_reached`] tells whether
    /// a limit cut it short.
    pub fn solutions(&mut self) -> Solutions<'_, 'm, O> {
        Solutions { search: self }
    }

    /// The best solution for `objective` (least when `minimize`, else greatest), by branch
    /// and bound: each solution found is passed to `improved` and the objective bounded past
    /// it at the root, from which the search starts again (restarts, dom/wdeg weights and the
    /// solution's values kept: the next solution is looked for near it). When the search
    /// space is exhausted the last solution is optimal.
    ///
    /// ```
    /// use csp_core::{Model, Search, SearchConfig, Optimum};
    /// use csp_core::constraint::{Linear, Relation, Reification};
    /// let mut m = Model::new();
    /// let x = m.new_var("x", 0..=9).unwrap();
    /// let y = m.new_var("y", 0..=9).unwrap();
    /// let cost = m.new_var("cost", 0..=100).unwrap();
    /// // x + y ≥ 7, cost = 3x + 2y: least at x = 0, y = 7.
    /// m.post(Linear::new(vec![(-1, x), (-1, y)], Relation::Le, -7, Reification::None).unwrap()).unwrap();
    /// m.post(Linear::new(vec![(3, x), (2, y), (-1, cost)], Relation::Eq, 0, Reification::None).unwrap()).unwrap();
    /// let mut seen = 0;
    /// let best = Search::new(&m, SearchConfig::default()).optimize(cost, true, |_| seen += 1);
    /// let Optimum::Optimal(s) = best else { panic!() };
    /// assert_eq!((s.value(x), s.value(y), s.value(cost)), (0, 7, 14));
    /// assert!(seen >= 1);
    /// ```
    pub fn optimize(
        &mut self,
        objective: VarId,
        minimize: bool,
        mut improved: impl FnMut(&Solution),
    ) -> Optimum {
        let mut best: Option<Solution> = None;
        self.objective = Some((objective, minimize));
        loop {
            self.restarting = self.config.restarts.is_some();
            let step = self.timed(Self::next);
            self.restarting = false;
            match step {
                Step::Solution => {
                    let s = self.solution();
                    let v = s.value(objective);
                    improved(&s);
                    self.brancher.save_phase(s.values());
                    let bounded = if minimize {
                        v.checked_sub(1).map(|b| (Value::MIN, b))
                    } else {
                        v.checked_add(1).map(|b| (b, Value::MAX))
                    };
                    if !bounded.is_some_and(|(lo, hi)| self.bound_root(objective, lo, hi)) {
                        self.state = State::Done(None);
                        return Optimum::Optimal(s);
                    }
                    best = Some(s);
                }
                Step::End(None) => {
                    return best.map_or(Optimum::Unsatisfiable, Optimum::Optimal);
                }
                Step::End(Some(l)) => {
                    return match best {
                        Some(s) => Optimum::Best(s, l),
                        None => Optimum::Unknown(l),
                    };
                }
            }
        }
    }

    /// Goes back to the root and narrows `x` to `lo..=hi` there for good (propagated); false
    /// when nothing is left.
    fn bound_root(&mut self, x: VarId, lo: Value, hi: Value) -> bool {
        self.engine.reset(&mut self.store);
        self.store.undo_to(self.root_mark);
        self.undo_decided(self.root_decided);
        self.levels.clear();
        if self.store.set_min(x, lo).is_err() || self.store.set_max(x, hi).is_err() {
            self.store.clear_modified();
            return false;
        }
        let r = if self.config.propagation.is_maintained() {
            self.engine.fixpoint(&mut self.store, &mut self.observer)
        } else {
            self.store.clear_modified();
            Ok(())
        };
        if self.engine.interrupted {
            // An interrupted fixpoint proves nothing: the limit ends the search.
            let l = if self.engine.termination.by_deadline {
                LimitReached::Time
            } else {
                LimitReached::Interrupted
            };
            self.state = State::Done(Some(l));
            return true;
        }
        if r.is_err() {
            return false;
        }
        self.root_mark = self.store.mark();
        self.root_decided = self.decided_stack.len();
        self.state = State::Root;
        true
    }

    /// The limit that ended the search, if one did.
    pub fn limit_reached(&self) -> Option<LimitReached> {
        match self.state {
            State::Done(l) => l,
            _ => None,
        }
    }

    fn timed(&mut self, f: fn(&mut Self) -> Step) -> Step {
        let start = Instant::now();
        // The earliest of the caller's deadline and the time left of the search's budget.
        let l = &self.config.limits;
        let budget = l.time.map(|t| start + t.saturating_sub(self.stats.elapsed));
        let deadline = match (l.deadline, budget) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.engine.termination.deadline = Deadline(deadline);
        self.store.set_deadline(deadline);
        let step = f(self);
        self.stats.elapsed += start.elapsed();
        step
    }

    fn solution(&self) -> Solution {
        Solution::new(
            self.model
                .vars()
                .map(|x| self.store.value(x).unwrap_or_default())
                .collect(),
        )
    }

    fn depth(&self) -> usize {
        self.levels.len()
    }

    fn decide(&mut self, x: VarId) {
        if !self.decided[x.index()] {
            self.decided[x.index()] = true;
            self.undecided[x.index() / 64] &= !(1u64 << (x.index() % 64));
            self.decided_stack.push(x);
        }
    }

    /// Propagates after `x` became fixed (by a decision or a refutation), at the
    /// configured level; below arc consistency, `x` is then decided.
    fn after_fix(&mut self, x: VarId) -> Result<(), ConstraintId> {
        if !self.config.propagation.is_maintained() {
            self.decide(x);
        }
        self.engine.after_fix(
            self.config.propagation,
            &mut self.store,
            x,
            &mut self.observer,
        )
    }

    fn root(&mut self) -> Result<(), ConstraintId> {
        self.engine.unary(&mut self.store, &mut self.observer)?;
        if self.config.propagation.is_maintained() || self.config.root_arc_consistency {
            self.engine.schedule_all();
            self.engine.fixpoint(&mut self.store, &mut self.observer)?;
        }
        if !self.config.propagation.is_maintained() {
            for i in 0..self.model.num_vars() {
                let x = VarId::new(i);
                if self.store.is_fixed(x) {
                    self.after_fix(x)?;
                }
            }
        }
        self.root_mark = self.store.mark();
        self.root_decided = self.decided_stack.len();
        Ok(())
    }

    fn fail(&mut self, by: Option<ConstraintId>) {
        self.stats.failures += 1;
        if let Some(c) = by {
            self.brancher.on_conflict(c);
        }
        self.observer.on_conflict(self.levels.len(), by);
    }

    fn undo_decided(&mut self, mark: usize) {
        while self.decided_stack.len() > mark {
            if let Some(x) = self.decided_stack.pop() {
                self.decided[x.index()] = false;
                self.undecided[x.index() / 64] |= 1u64 << (x.index() % 64);
            }
        }
    }

    /// Undoes the newest decision and posts its refutation; `Ok(false)` when the tree is
    /// exhausted, `Err` when the node limit forbids the refutation (a refutation is a node:
    /// the limit is never passed, not even by one).
    fn backtrack(&mut self) -> Result<bool, LimitReached> {
        while let Some(level) = self.levels.pop() {
            if self
                .config
                .limits
                .nodes
                .is_some_and(|n| self.stats.nodes >= n)
            {
                return Err(LimitReached::Nodes);
            }
            self.store.undo_to(level.mark);
            self.undo_decided(level.decided_mark);
            self.stats.backtracks += 1;
            self.observer.on_backtrack(self.levels.len() + 1);
            self.stats.nodes += 1;
            let (x, v) = (level.var, level.value);
            let removed = if let Branch::Split { lower_first } = level.branch {
                self.observer
                    .on_decision(self.levels.len(), Decision::Other(x, v, lower_first));
                if lower_first {
                    self.store.set_min(x, v + 1)
                } else {
                    self.store.set_max(x, v)
                }
            } else if level.opened_new {
                self.observer
                    .on_decision(self.levels.len(), Decision::Remove(x, v));
                // Every unused value is symmetric to `v`: refute them all. The fixed
                // variables are those of the decision's parent, as when it was taken.
                self.mark_used_values();
                let (used, base) = (&self.used_values, self.value_base);
                self.store.retain(x, |w| used.contains((w - base) as usize))
            } else {
                self.observer
                    .on_decision(self.levels.len(), Decision::Remove(x, v));
                self.store.remove(x, v)
            };
            if removed.is_err() {
                self.store.clear_modified();
                self.fail(None);
                continue;
            }
            // Under arc consistency a refutation propagates like any change; below it, only
            // a refutation that fixes `x` has something to check.
            let r = if self.config.propagation.is_maintained() || self.store.is_fixed(x) {
                self.after_fix(x)
            } else {
                self.store.clear_modified();
                Ok(())
            };
            match r {
                Ok(()) => return Ok(true),
                Err(c) => self.fail(Some(c)),
            }
        }
        Ok(false)
    }

    fn limit(&self) -> Option<LimitReached> {
        let l = &self.config.limits;
        if l.nodes.is_some_and(|n| self.stats.nodes >= n) {
            return Some(LimitReached::Nodes);
        }
        if l.failures.is_some_and(|n| self.stats.failures >= n) {
            return Some(LimitReached::Failures);
        }
        None
    }

    /// Back to the root; in an optimisation with a shared bound, the root is bounded past
    /// the best objective found elsewhere. False when that leaves nothing (no better solution
    /// exists).
    fn restart(&mut self) -> bool {
        self.store.undo_to(self.root_mark);
        self.undo_decided(self.root_decided);
        self.levels.clear();
        self.stats.restarts += 1;
        self.luby_index += 1;
        self.failures_at_restart = self.stats.failures;
        self.observer.on_restart(self.stats.restarts);
        self.brancher.alternate();
        let (Some((x, minimize)), Some(shared)) = (self.objective, &self.shared_bound) else {
            return true;
        };
        let Some(b) = (shared.0)() else {
            return true;
        };
        let cut = if minimize {
            b.checked_sub(1).map(|v| self.store.set_max(x, v))
        } else {
            b.checked_add(1).map(|v| self.store.set_min(x, v))
        };
        match cut {
            None | Some(Err(_)) => {
                self.store.clear_modified();
                false
            }
            Some(Ok(false)) => true,
            Some(Ok(true)) => {
                let r = if self.config.propagation.is_maintained() {
                    self.engine.fixpoint(&mut self.store, &mut self.observer)
                } else {
                    self.store.clear_modified();
                    Ok(())
                };
                if r.is_err() {
                    return false;
                }
                self.root_mark = self.store.mark();
                true
            }
        }
    }

    /// Lets an optimisation learn of solutions found elsewhere (another thread of a
    /// portfolio): at every restart it asks `best` for the best objective known and bounds
    /// its root past it. A search that then finds nothing better ends as unsatisfiable, which
    /// proves the shared solution optimal.
    pub fn set_shared_bound(&mut self, best: impl Fn() -> Option<Value> + Send + 'static) {
        self.shared_bound = Some(SharedBound(Box::new(best)));
    }

    fn next(&mut self) -> Step {
        match self.state {
            State::Done(l) => return Step::End(l),
            // Built only in part (the deadline came first): no answer, only the limit.
            State::Fresh if self.engine.incomplete => {
                let l = if crate::termination::stop_requested() {
                    LimitReached::Interrupted
                } else {
                    LimitReached::Time
                };
                self.state = State::Done(Some(l));
                return Step::End(Some(l));
            }
            State::Fresh => {
                self.state = State::Running;
                if let Err(c) = self.root() {
                    self.fail(Some(c));
                    self.state = State::Done(None);
                    return Step::End(None);
                }
            }
            State::Root => self.state = State::Running,
            State::Running => match self.backtrack() {
                Ok(true) => {}
                Ok(false) => {
                    self.state = State::Done(None);
                    return Step::End(None);
                }
                Err(l) => {
                    self.state = State::Done(Some(l));
                    return Step::End(Some(l));
                }
            },
        }
        let mut ticks = 0u32;
        loop {
            let mut limit = self.limit();
            ticks = ticks.wrapping_add(1);
            if limit.is_none()
                && (self.engine.interrupted
                    || (ticks.is_multiple_of(64) && self.engine.termination.should_stop()))
            {
                limit = Some(if self.engine.termination.by_deadline {
                    LimitReached::Time
                } else {
                    LimitReached::Interrupted
                });
            }
            if let Some(l) = limit {
                self.state = State::Done(Some(l));
                return Step::End(Some(l));
            }
            if self.restarting
                && let Some(r) = self.config.restarts
            {
                let budget = r.scale.saturating_mul(luby(self.luby_index));
                if self.stats.failures - self.failures_at_restart >= budget && !self.restart() {
                    self.state = State::Done(None);
                    return Step::End(None);
                }
            }
            let Some(x) = self.select_var() else {
                self.stats.solutions += 1;
                let s = self.solution();
                #[cfg(feature = "self-check")]
                assert_eq!(
                    self.model.verify(s.values()),
                    Ok(()),
                    "search returned a non-solution"
                );
                debug_assert_eq!(self.model.verify(s.values()), Ok(()));
                self.observer.on_solution(&s);
                return Step::Solution;
            };
            let (v, branch) = self.select_branch(x);
            let opened_new = branch == Branch::Assign && self.config.symmetric_values && {
                self.mark_used_values();
                !self.used_values.contains((v - self.value_base) as usize)
            };
            self.levels.push(Level {
                mark: self.store.mark(),
                decided_mark: self.decided_stack.len(),
                var: x,
                value: v,
                branch,
                opened_new,
            });
            self.stats.nodes += 1;
            self.stats.max_depth = self.stats.max_depth.max(self.levels.len() as u64);
            let r = match branch {
                Branch::Assign => {
                    self.observer
                        .on_decision(self.depth(), Decision::Assign(x, v));
                    match self.store.assign(x, v) {
                        Ok(_) => self.after_fix(x),
                        Err(_) => unreachable!("the brancher picks a value in the domain"),
                    }
                }
                Branch::Split { lower_first } => {
                    self.observer
                        .on_decision(self.depth(), Decision::Split(x, v, lower_first));
                    let cut = if lower_first {
                        self.store.set_max(x, v)
                    } else {
                        self.store.set_min(x, v + 1)
                    };
                    match cut {
                        Ok(_) => self.after_fix(x),
                        Err(_) => unreachable!("both halves of a split hold values"),
                    }
                }
            };
            if let Err(c) = r {
                self.fail(Some(c));
                match self.backtrack() {
                    Ok(true) => {}
                    Ok(false) => {
                        self.state = State::Done(None);
                        return Step::End(None);
                    }
                    Err(l) => {
                        self.state = State::Done(Some(l));
                        return Step::End(Some(l));
                    }
                }
            }
        }
    }

    /// Marks in `used_values` the values of the fixed variables (for symmetric values).
    fn mark_used_values(&mut self) {
        self.used_values.clear();
        for i in 0..self.model.num_vars() {
            if let Some(v) = self.store.value(VarId::new(i)) {
                self.used_values.insert((v - self.value_base) as usize);
            }
        }
    }

    fn select_var(&mut self) -> Option<VarId> {
        let plain = !self.config.propagation.is_maintained();
        let cx = SelectionContext {
            domains: &self.store,
            engine: &self.engine,
            decided: plain.then_some(&self.decided[..]),
            undecided: plain.then_some(&self.undecided[..]),
        };
        self.brancher.select_var(&cx)
    }

    /// The value to branch on and how: `x = v` (refuted by `x ≠ v`), or a split `x ≤ v`
    /// when the value order splits, or when `x` is an interval and `v` lies inside it
    /// (removing an inside value would leave the interval as it was). Splits need
    /// propagation at every node, and no value symmetry (which opens values one at a time);
    /// without them, a value not in the domain or inside an interval becomes the smallest.
    fn select_branch(&mut self, x: VarId) -> (Value, Branch) {
        let cx = ProbeContext {
            domains: &mut self.store,
            engine: &mut self.engine,
        };
        let v = self.brancher.select_value(x, cx);
        let d = &self.store;
        let inside = d.is_interval(x)
            && d.min(x).is_some_and(|lo| lo < v)
            && d.max(x).is_some_and(|hi| v < hi);
        if !self.config.propagation.is_maintained() || self.config.symmetric_values {
            let at_bound = !inside && d.contains(x, v);
            return (
                if at_bound { v } else { d.min(x).unwrap_or(v) },
                Branch::Assign,
            );
        }
        match self.brancher.value_order_now() {
            ValueOrder::Split => (v, Branch::Split { lower_first: true }),
            ValueOrder::ReverseSplit => (v, Branch::Split { lower_first: false }),
            _ if inside => (v, Branch::Split { lower_first: true }),
            _ => (v, Branch::Assign),
        }
    }
}

/// Iterator over the solutions of a [`Search`] (see [`Search::solutions`]).
#[derive(Debug)]
pub struct Solutions<'s, 'm, O: Observer> {
    search: &'s mut Search<'m, O>,
}

impl<O: Observer> Iterator for Solutions<'_, '_, O> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        match self.search.timed(Search::next) {
            Step::Solution => Some(self.search.solution()),
            Step::End(_) => None,
        }
    }
}

#[cfg(test)]
mod tests;
