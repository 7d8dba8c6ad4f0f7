//! The [`Brancher`]: picks the next decision's variable and value, and keeps what the
//! heuristics learn (dom/wdeg's constraint weights, the seeded generator). The search gives
//! it a read-only [`SelectionContext`]; only the least-constraining value order probes, on a
//! [`ProbeContext`] whose changes it undoes before returning.

use super::{Phase, SplitMix64, ValueOrder, VarOrder};
use crate::domain::{DomainStore, Value};
use crate::index::{ConstraintId, KeyedVec, VarId};
use crate::model::Model;
use crate::propagation::Engine;

/// What the brancher may look at when choosing a variable.
pub(crate) struct SelectionContext<'a, 'm> {
    /// The current domains.
    pub domains: &'a DomainStore,
    /// The propagators: a variable's constraints and their scopes.
    pub engine: &'a Engine<'m>,
    /// With forward checking or plain checks, the variables already decided (fixed by a
    /// decision or a check); `None` under arc consistency, where a variable needs a decision
    /// exactly when its domain is not a singleton.
    pub decided: Option<&'a [bool]>,
    /// With `decided`, the same as bits: the variables not decided.
    pub undecided: Option<&'a [u64]>,
}

/// The variables that still need a decision, in index order: the set bits of the search's
/// undecided words, or (under arc consistency) a scan for domains that are not singletons.
pub(crate) enum OpenVars<'a> {
    Bits {
        words: &'a [u64],
        w: usize,
        cur: u64,
    },
    Scan {
        domains: &'a DomainStore,
        i: usize,
    },
}

impl Iterator for OpenVars<'_> {
    type Item = VarId;

    #[inline]
    fn next(&mut self) -> Option<VarId> {
        match self {
            OpenVars::Bits { words, w, cur } => loop {
                if *cur != 0 {
                    let b = cur.trailing_zeros() as usize;
                    *cur &= *cur - 1;
                    return Some(VarId::new(*w * 64 + b));
                }
                *w += 1;
                *cur = *words.get(*w)?;
            },
            OpenVars::Scan { domains, i } => {
                while *i < domains.num_vars() {
                    let x = VarId::new(*i);
                    *i += 1;
                    if !domains.is_fixed(x) {
                        return Some(x);
                    }
                }
                None
            }
        }
    }
}

impl<'a> SelectionContext<'a, '_> {
    /// The variables that still need a decision, in index order.
    #[inline]
    pub(crate) fn open_vars(&self) -> OpenVars<'a> {
        match self.undecided {
            Some(words) => OpenVars::Bits {
                words,
                w: 0,
                cur: words.first().copied().unwrap_or(0),
            },
            None => OpenVars::Scan {
                domains: self.domains,
                i: 0,
            },
        }
    }
}

impl SelectionContext<'_, '_> {
    /// Whether `x` still needs a decision.
    #[inline]
    pub(crate) fn is_open(&self, x: VarId) -> bool {
        match self.decided {
            None => !self.domains.is_fixed(x),
            Some(d) => !d[x.index()],
        }
    }
}

/// The mutable state a value order may probe with (least-constraining value).
pub(crate) struct ProbeContext<'a, 'm> {
    /// The domains, restored before the brancher returns.
    pub domains: &'a mut DomainStore,
    /// The propagators, for the forward-checking probe.
    pub engine: &'a mut Engine<'m>,
}

/// The variable and value orders with their state. One per search.
#[derive(Debug)]
pub(crate) struct Brancher {
    var_order: VarOrder,
    value_order: ValueOrder,
    seed: u64,
    rng: SplitMix64,
    /// dom/wdeg: one weight per constraint, from 1, +1 per conflict it finds.
    weights: KeyedVec<ConstraintId, u64>,
    /// Static degree (for [`VarOrder::MaxDegree`] only).
    static_degree: KeyedVec<VarId, u32>,
    scratch: Vec<VarId>,
    /// Solution-phase saving: the last solution's values, tried first while in the domain.
    phase: Vec<Value>,
    /// The search plan: phases branched on first, in order.
    plan: Vec<Phase>,
    /// The value order of the variable last selected (its phase's, or the default).
    current_value_order: ValueOrder,
    /// Whether the plan leads now (restarts alternate it with the default orders).
    plan_on: bool,
}

impl Brancher {
    /// A brancher for `model` with these orders and seed that first follows `plan`, phase by
    /// phase.
    pub(crate) fn with_plan(
        model: &Model,
        var_order: VarOrder,
        value_order: ValueOrder,
        seed: u64,
        plan: Vec<Phase>,
    ) -> Self {
        let uses = |o: VarOrder| var_order == o || plan.iter().any(|p| p.var_order == o);
        let static_degree = if uses(VarOrder::MaxDegree) {
            let g = model.constraint_graph();
            model.vars().map(|x| g.degree(x) as u32).collect()
        } else {
            KeyedVec::new(0, 0)
        };
        Brancher {
            var_order,
            value_order,
            seed,
            rng: SplitMix64::new(seed),
            weights: KeyedVec::new(model.num_constraints(), 1),
            static_degree,
            scratch: Vec::new(),
            phase: Vec::new(),
            plan,
            current_value_order: value_order,
            plan_on: true,
        }
    }

    /// At a restart: the plan and the default orders take turns leading, so that a model's
    /// annotations are followed and a search they mislead still gets its chances.
    pub(crate) fn alternate(&mut self) {
        self.plan_on = !self.plan_on;
    }

    /// Remembers a solution: each variable's value is tried first from now on, while it is
    /// in the domain (solution-phase saving, as in SAT solvers and Chuffed): the search then
    /// looks near the incumbent.
    pub(crate) fn save_phase(&mut self, values: &[Value]) {
        self.phase.clear();
        self.phase.extend_from_slice(values);
    }

    /// The value order of the variable last selected.
    pub(crate) fn value_order_now(&self) -> ValueOrder {
        self.current_value_order
    }

    /// Forgets what was learnt: weights back to 1, the generator reseeded.
    pub(crate) fn reset(&mut self) {
        self.weights.fill(1);
        self.phase.clear();
        self.plan_on = true;
        self.rng = SplitMix64::new(self.seed);
    }

    /// Constraint `c` found a conflict (dom/wdeg learns from it).
    #[inline]
    pub(crate) fn on_conflict(&mut self, c: ConstraintId) {
        self.weights[c] += 1;
    }

    /// Dynamic degree of `x` (weighted by the constraint weights when `weighted`).
    fn degree(&self, cx: &SelectionContext<'_, '_>, x: VarId, weighted: bool) -> u64 {
        let mut deg = 0;
        for c in cx.engine.constraints_of(x) {
            if cx.engine.scope(c).iter().any(|&y| y != x && cx.is_open(y)) {
                deg += if weighted { self.weights[c] } else { 1 };
            }
        }
        deg
    }

    /// An upper bound of [`Brancher::degree`]: every constraint on `x` counted.
    fn degree_bound(&self, cx: &SelectionContext<'_, '_>, x: VarId, weighted: bool) -> u64 {
        let cs = cx.engine.constraints_of(x);
        if weighted {
            cs.map(|c| self.weights[c]).sum()
        } else {
            cs.len() as u64
        }
    }

    /// The variable to branch on, or `None` when every variable is decided. Ties go to the
    /// lowest index.
    pub(crate) fn select_var(&mut self, cx: &SelectionContext<'_, '_>) -> Option<VarId> {
        for k in 0..if self.plan_on { self.plan.len() } else { 0 } {
            let phase = std::mem::take(&mut self.plan[k].vars);
            let order = self.plan[k].var_order;
            let pick = self.pick(order, cx, phase.iter().copied().filter(|&x| cx.is_open(x)));
            self.plan[k].vars = phase;
            if pick.is_some() {
                self.current_value_order = self.plan[k].value_order;
                return pick;
            }
        }
        self.current_value_order = self.value_order;
        self.pick(self.var_order, cx, cx.open_vars())
    }

    /// The variable `order` picks among `open`.
    fn pick(
        &mut self,
        order: VarOrder,
        cx: &SelectionContext<'_, '_>,
        open: impl Iterator<Item = VarId>,
    ) -> Option<VarId> {
        let store = cx.domains;
        match order {
            VarOrder::AntiFirstFail => open.min_by_key(|&x| std::cmp::Reverse(store.size(x))),
            VarOrder::Smallest => open.min_by_key(|&x| store.min(x)),
            VarOrder::Largest => open.min_by_key(|&x| std::cmp::Reverse(store.max(x))),
            VarOrder::InputOrder => open.into_iter().next(),
            VarOrder::FirstFail => open.min_by_key(|&x| store.size(x)),
            VarOrder::MaxDegree => open.min_by_key(|&x| std::cmp::Reverse(self.static_degree[x])),
            VarOrder::DynamicDegree => {
                open.min_by_key(|&x| std::cmp::Reverse(self.degree(cx, x, false)))
            }
            VarOrder::MostConstrained => {
                let mut scratch = std::mem::take(&mut self.scratch);
                scratch.clear();
                let mut best = u32::MAX;
                for x in open {
                    let s = store.size(x);
                    if s < best {
                        best = s;
                        scratch.clear();
                    }
                    if s == best {
                        scratch.push(x);
                    }
                }
                let pick = scratch
                    .iter()
                    .copied()
                    .min_by_key(|&x| std::cmp::Reverse(self.degree(cx, x, false)));
                self.scratch = scratch;
                pick
            }
            VarOrder::DomOverDeg | VarOrder::DomOverWDeg => {
                let weighted = order == VarOrder::DomOverWDeg;
                let mut best: Option<(VarId, u64, u64)> = None;
                for x in open {
                    let s = u64::from(store.size(x));
                    if let Some((_, bs, bd)) = best {
                        // With every constraint counted x still could not win: skip the
                        // scope scans of `degree` (exact, since the degree is at most this).
                        if bd > 0 {
                            let bound = self.degree_bound(cx, x, weighted);
                            if bound == 0
                                || u128::from(s) * u128::from(bd)
                                    >= u128::from(bs) * u128::from(bound)
                            {
                                continue;
                            }
                        }
                    }
                    let d = self.degree(cx, x, weighted);
                    // s/d < bs/bd, with d = 0 counting as an infinite ratio.
                    let better = match best {
                        None => true,
                        Some((_, bs, bd)) => match (d, bd) {
                            (0, _) => false,
                            (_, 0) => true,
                            _ => u128::from(s) * u128::from(bd) < u128::from(bs) * u128::from(d),
                        },
                    };
                    if better {
                        best = Some((x, s, d));
                    }
                }
                best.map(|b| b.0)
            }
        }
    }

    /// The value to try first for the open variable `x`.
    pub(crate) fn select_value(&mut self, x: VarId, cx: ProbeContext<'_, '_>) -> Value {
        let d = &*cx.domains;
        if let Some(&v) = self.phase.get(x.index())
            && d.contains(x, v)
        {
            return v;
        }
        match self.current_value_order {
            ValueOrder::InDomainMin => d.min(x),
            ValueOrder::InDomainMax => d.max(x),
            ValueOrder::InDomainRandom => {
                let k = self.rng.below(d.size(x));
                d.nth_value(x, k)
            }
            ValueOrder::InDomainMedian => d.nth_value(x, (d.size(x) - 1) / 2),
            // The split point: the middle of the bounds, below the largest value.
            ValueOrder::Split | ValueOrder::ReverseSplit => match (d.min(x), d.max(x)) {
                (Some(lo), Some(hi)) => {
                    Some(((i64::from(lo) + i64::from(hi)).div_euclid(2)) as Value)
                }
                _ => None,
            },
            // Probing every value of a wide interval would take forever: its smallest.
            ValueOrder::LeastConstraining if d.is_interval(x) => d.min(x),
            ValueOrder::LeastConstraining => least_constraining(x, cx),
        }
        .expect("an open variable has a value")
    }
}

/// The value whose forward check removes the fewest values elsewhere (ties: the smallest).
fn least_constraining(x: VarId, cx: ProbeContext<'_, '_>) -> Option<Value> {
    let store = cx.domains;
    let mut best: Option<(u64, Value)> = None;
    let mut next = store.min(x);
    let others = u64::from(store.size(x)) - 1;
    while let Some(v) = next {
        let mark = store.mark();
        let before = store.removed_total();
        let ok = store.assign(x, v).is_ok() && cx.engine.probe(store, x).is_ok();
        let score = if ok {
            store.removed_total() - before - others
        } else {
            u64::MAX
        };
        store.undo_to(mark);
        if best.is_none_or(|(s, _)| score < s) {
            best = Some((score, v));
        }
        next = v.checked_add(1).and_then(|w| store.next_value(x, w));
    }
    best.map(|b| b.1)
}
