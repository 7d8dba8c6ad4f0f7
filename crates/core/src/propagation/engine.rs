//! The propagation engine: propagator queue, event subscriptions, and the three levels.

use super::{Conflict, Propagator, Wake};
use crate::constraint::Constraint;
use crate::domain::DomainStore;
use crate::index::{ConstraintId, VarId};
use crate::observe::Observer;
use crate::propagation::{Propagation, PropagatorOptions};
use crate::termination::{Stop, Termination};
use std::collections::VecDeque;

/// Constraints turned into propagators between two polls of the deadline while building.
const POLL_CONSTRAINTS: u32 = 256;

/// Runs propagators. Propagator `p` enforces constraint `p` of the model.
#[derive(Debug)]
pub(crate) struct Engine<'m> {
    props: Vec<Box<dyn Propagator + 'm>>,
    wake: Vec<Wake>,
    /// Per variable: `(propagator, position)` of the fix-woken propagators on it.
    on_fix: PerVar<(u32, u32)>,
    /// Per variable: the change-woken propagators on it.
    on_change: PerVar<u32>,
    /// Per variable: every `(propagator, position)` on it but the unary (never-woken) ones.
    by_var: Vec<Vec<(u32, u32)>>,
    queue: Ring,
    in_queue: Vec<bool>,
    fix_queue: VecDeque<(u32, u32)>,
    modified: Vec<VarId>,
    /// Propagator invocations (see [`crate::Stats::propagations`]).
    pub(crate) propagations: u64,
    /// When to stop, polled inside fixpoints.
    pub(crate) termination: Stop,
    /// Set when a fixpoint stopped early because of [`Engine::termination`].
    pub(crate) interrupted: bool,
    /// Set when building stopped at the deadline before every propagator was made: such an
    /// engine answers nothing (the search ends on its limit at once).
    pub(crate) incomplete: bool,
}

impl<'m> Engine<'m> {
    /// The engine of `constraints`, stopping at `deadline` (or a stop request) with
    /// [`Engine::incomplete`] set: building the propagators of a large model takes seconds, and a time limit counts
    /// from the start.
    pub(crate) fn new_until<'c>(
        num_vars: usize,
        constraints: impl Iterator<Item = &'m dyn Constraint>,
        options: &PropagatorOptions,
        deadline: Option<std::time::Instant>,
    ) -> Self {
        let mut on_fix = vec![Vec::new(); num_vars];
        let mut on_change = vec![Vec::new(); num_vars];
        let mut e = Engine {
            props: Vec::new(),
            wake: Vec::new(),
            on_fix: PerVar::default(),
            on_change: PerVar::default(),
            by_var: vec![Vec::new(); num_vars],
            queue: Ring::default(),
            in_queue: Vec::new(),
            fix_queue: VecDeque::new(),
            modified: Vec::new(),
            propagations: 0,
            termination: Stop::default(),
            interrupted: false,
            incomplete: false,
        };
        for c in constraints {
            let p = e.props.len() as u32;
            if p % POLL_CONSTRAINTS == POLL_CONSTRAINTS - 1 && crate::termination::past(deadline) {
                e.incomplete = true;
                break;
            }
            let prop = c.propagator(options);
            let wake = prop.wake();
            let scope = prop.scope();
            for (i, &x) in scope.iter().enumerate() {
                match wake {
                    Wake::Fix => on_fix[x.index()].push((p, i as u32)),
                    Wake::Change => on_change[x.index()].push(p),
                    Wake::Never => {}
                }
                // Unary constraints are enforced once at the root, all others (a change-woken
                // one on one variable too) are checked and forward-checked below arc consistency.
                if scope.len() >= 2 || wake == Wake::Change {
                    e.by_var[x.index()].push((p, i as u32));
                }
            }
            e.wake.push(wake);
            e.props.push(prop);
        }
        e.in_queue = vec![false; e.props.len()];
        e.queue = Ring::with_capacity(e.props.len());
        e.on_fix = PerVar::new(&on_fix);
        e.on_change = PerVar::new(&on_change);
        e
    }

    /// Lets every propagator see the initial domains ([`Propagator::prepare`]), and wakes
    /// the unary propagators of interval variables on every change: one run at the root
    /// cannot remove a value inside an interval, so they filter again as its bounds move,
    /// and are checked like the others below arc consistency.
    pub(crate) fn prepare(&mut self, d: &DomainStore) {
        for p in &mut self.props {
            p.prepare(d);
        }
        let unary_on_intervals: Vec<(VarId, u32)> = (0..self.props.len())
            .filter(|&p| self.wake[p] == Wake::Never)
            .filter_map(|p| match self.props[p].scope() {
                [x] if d.is_interval(*x) => Some((*x, p as u32)),
                _ => None,
            })
            .collect();
        if unary_on_intervals.is_empty() {
            return;
        }
        let mut lists: Vec<Vec<u32>> = (0..self.by_var.len())
            .map(|i| self.on_change.of(VarId::new(i)).to_vec())
            .collect();
        for (x, p) in unary_on_intervals {
            lists[x.index()].push(p);
            self.by_var[x.index()].push((p, 0));
        }
        self.on_change = PerVar::new(&lists);
    }

    /// The constraints on `x` with at least one other variable (propagator `p` enforces
    /// constraint `p`).
    #[inline]
    pub(crate) fn constraints_of(
        &self,
        x: VarId,
    ) -> impl ExactSizeIterator<Item = ConstraintId> + '_ {
        self.by_var[x.index()]
            .iter()
            .map(|&(p, _)| ConstraintId::new(p as usize))
    }

    /// The scope of constraint `c`'s propagator.
    #[inline]
    pub(crate) fn scope(&self, c: ConstraintId) -> &[VarId] {
        self.props[c.index()].scope()
    }

    /// Runs the unary (never-woken) propagators once.
    pub(crate) fn unary<O: Observer>(
        &mut self,
        d: &mut DomainStore,
        obs: &mut O,
    ) -> Result<(), ConstraintId> {
        for p in 0..self.props.len() {
            if self.wake[p] == Wake::Never {
                self.propagations += 1;
                let mark = d.mark();
                let r = self.props[p].propagate(d);
                report(d, mark, p as u32, obs);
                r.map_err(|_| ConstraintId::new(p))?;
            }
        }
        d.clear_modified();
        Ok(())
    }

    /// Queues every propagator (before the first fixpoint).
    pub(crate) fn schedule_all(&mut self) {
        for p in 0..self.props.len() {
            if self.wake[p] != Wake::Never && !self.in_queue[p] {
                self.in_queue[p] = true;
                self.queue.push_back(p as u32);
            }
        }
    }

    /// Turns the store's modified variables into queued work.
    fn absorb(&mut self, d: &mut DomainStore, current: Option<u32>) {
        d.take_modified(&mut self.modified);
        for &x in &self.modified {
            let on_fix = self.on_fix.of(x);
            if !on_fix.is_empty() && d.is_fixed(x) {
                self.fix_queue.extend(on_fix.iter().copied());
            }
            for &p in self.on_change.of(x) {
                // Branch-free: whether p is queued is data the CPU cannot predict.
                let q = &mut self.in_queue[p as usize];
                let add = !*q & (Some(p) != current);
                *q |= add;
                self.queue.push_back_if(p, add);
            }
        }
    }

    pub(crate) fn reset(&mut self, d: &mut DomainStore) {
        while let Some(p) = self.queue.pop_front() {
            self.in_queue[p as usize] = false;
        }
        self.fix_queue.clear();
        d.clear_modified();
    }

    /// Propagation after `x` became fixed, at `level`: the fixpoint of every queued
    /// propagator (arc consistency), a forward check from `x`, or a check of `x`'s
    /// constraints against the fixed variables. The one place the levels differ.
    pub(crate) fn after_fix<O: Observer>(
        &mut self,
        level: Propagation,
        d: &mut DomainStore,
        x: VarId,
        obs: &mut O,
    ) -> Result<(), ConstraintId> {
        match level {
            Propagation::ArcConsistency => self.fixpoint(d, obs),
            Propagation::ForwardChecking => self.forward_check(d, x, obs),
            Propagation::None => self.check(d, x),
        }
    }

    /// AC-3: propagates the pending events to a fixpoint; on a conflict, the constraint
    /// whose propagator found it. Every 64 propagator runs it asks the termination
    /// condition; when that says stop, it returns early with [`Engine::interrupted`] set (the
    /// domains are then not at a fixpoint, and the search must end).
    pub(crate) fn fixpoint<O: Observer>(
        &mut self,
        d: &mut DomainStore,
        obs: &mut O,
    ) -> Result<(), ConstraintId> {
        self.absorb(d, None);
        loop {
            if (self.propagations.is_multiple_of(64) && self.termination.should_stop())
                || d.stopped()
            {
                self.interrupted = true;
                self.reset(d);
                return Ok(());
            }
            let (p, r) = if let Some((p, i)) = self.fix_queue.pop_front() {
                self.propagations += 1;
                let mark = d.mark();
                let r = self.props[p as usize].forward_check(d, i as usize);
                report(d, mark, p, obs);
                (p, r)
            } else if let Some(p) = self.queue.pop_front() {
                self.in_queue[p as usize] = false;
                self.propagations += 1;
                let mark = d.mark();
                let r = self.props[p as usize].propagate(d);
                report(d, mark, p, obs);
                (p, r)
            } else {
                return Ok(());
            };
            if r.is_err() {
                self.reset(d);
                return Err(ConstraintId::new(p as usize));
            }
            self.absorb(d, Some(p));
        }
    }

    /// Forward checking from the decided variable `x` (no chaining).
    pub(crate) fn forward_check<O: Observer>(
        &mut self,
        d: &mut DomainStore,
        x: VarId,
        obs: &mut O,
    ) -> Result<(), ConstraintId> {
        for k in 0..self.by_var[x.index()].len() {
            let (p, i) = self.by_var[x.index()][k];
            self.propagations += 1;
            let mark = d.mark();
            let r = self.props[p as usize].forward_check(d, i as usize);
            report(d, mark, p, obs);
            if r.is_err() {
                d.clear_modified();
                return Err(ConstraintId::new(p as usize));
            }
        }
        d.clear_modified();
        Ok(())
    }

    /// Forward checking from `x` without tracing, for probes (least-constraining value).
    pub(crate) fn probe(&mut self, d: &mut DomainStore, x: VarId) -> Result<(), Conflict> {
        for k in 0..self.by_var[x.index()].len() {
            let (p, i) = self.by_var[x.index()][k];
            self.props[p as usize].forward_check(d, i as usize)?;
        }
        Ok(())
    }

    /// Plain backtracking's test: the constraints on `x` against the fixed variables.
    pub(crate) fn check(&mut self, d: &mut DomainStore, x: VarId) -> Result<(), ConstraintId> {
        d.clear_modified();
        for k in 0..self.by_var[x.index()].len() {
            let (p, i) = self.by_var[x.index()][k];
            self.propagations += 1;
            if !self.props[p as usize].check_fixed(d, i as usize) {
                return Err(ConstraintId::new(p as usize));
            }
        }
        Ok(())
    }
}

/// A FIFO of propagator ids with room for every propagator once (the engine queues a
/// propagator only when it is not queued already), so pushing never grows or checks capacity.
#[derive(Debug, Default)]
struct Ring {
    buf: Vec<u32>,
    head: usize,
    len: usize,
}

impl Ring {
    fn with_capacity(n: usize) -> Self {
        Ring {
            // One slot spare, so `push_back_if` may always write at the tail.
            buf: vec![0; (n + 1).next_power_of_two()],
            head: 0,
            len: 0,
        }
    }

    #[inline]
    fn push_back(&mut self, p: u32) {
        debug_assert!(self.len < self.buf.len());
        let mask = self.buf.len() - 1;
        self.buf[(self.head + self.len) & mask] = p;
        self.len += 1;
    }

    /// Writes `p` at the tail and keeps it when `keep` (branch-free).
    #[inline]
    fn push_back_if(&mut self, p: u32, keep: bool) {
        debug_assert!(self.len < self.buf.len());
        let mask = self.buf.len() - 1;
        self.buf[(self.head + self.len) & mask] = p;
        self.len += keep as usize;
    }

    #[inline]
    fn pop_front(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let p = self.buf[self.head];
        self.head = (self.head + 1) & (self.buf.len() - 1);
        self.len -= 1;
        Some(p)
    }
}

/// Per-variable lists in one array (compressed rows): one indirection on the hot path
/// instead of a `Vec` per variable.
#[derive(Debug, Default)]
struct PerVar<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy> PerVar<T> {
    fn new(lists: &[Vec<T>]) -> Self {
        let mut start = Vec::with_capacity(lists.len() + 1);
        let mut items = Vec::with_capacity(lists.iter().map(Vec::len).sum());
        for l in lists {
            start.push(items.len() as u32);
            items.extend_from_slice(l);
        }
        start.push(items.len() as u32);
        PerVar { start, items }
    }

    #[inline]
    fn of(&self, x: VarId) -> &[T] {
        let i = x.index();
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// Reports to the observer the values removed since `mark` by propagator `p`.
#[inline]
fn report<O: Observer>(d: &DomainStore, mark: usize, p: u32, obs: &mut O) {
    if !O::PRUNINGS {
        return;
    }
    let entries = d.trail_since(mark);
    for (j, e) in entries.iter().enumerate() {
        if e.is_bound() {
            continue; // an interval's bound: too many values to name one by one
        }
        let after = entries[j + 1..]
            .iter()
            .find(|f| f.word == e.word)
            .map_or_else(|| d.word(e.word), |f| f.old);
        let mut gone = e.old & !after;
        while gone != 0 {
            let b = gone.trailing_zeros();
            gone &= gone - 1;
            obs.on_prune(
                ConstraintId::new(p as usize),
                e.var,
                d.value_of_bit(e.var, e.word, b),
            );
        }
    }
}
