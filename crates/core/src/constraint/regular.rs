//! Regular: the sequence of values is a word of a regular language, given by a deterministic
//! automaton (MiniZinc's `regular`; nonogram rows, shift rules, patterns).

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// The automaton: states `1..=states`, symbols `1..=symbols`, `delta[(q − 1)·symbols + s − 1]`
/// the state after reading `s` in state `q` (0: no transition), a start state and the
/// accepting states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Automaton {
    states: usize,
    symbols: usize,
    delta: Vec<usize>,
    start: usize,
    accepting: Vec<bool>,
}

impl Automaton {
    /// An automaton, checked: `delta` has `states · symbols` entries, each 0 or a state;
    /// `start` and the accepting states are states (others are ignored, as MiniZinc does).
    pub fn new(
        states: usize,
        symbols: usize,
        delta: Vec<usize>,
        start: usize,
        accepting: &[usize],
    ) -> Result<Self, String> {
        if states.checked_mul(symbols) != Some(delta.len()) {
            return Err(format!(
                "{} transitions; expected states × symbols = {states} × {symbols}",
                delta.len()
            ));
        }
        if let Some(q) = delta.iter().find(|&&q| q > states) {
            return Err(format!(
                "a transition to state {q}, past the {states} states"
            ));
        }
        let mut acc = vec![false; states + 1];
        for &q in accepting {
            if (1..=states).contains(&q) {
                acc[q] = true;
            }
        }
        Ok(Automaton {
            states,
            symbols,
            delta,
            start,
            accepting: acc,
        })
    }

    /// The state after reading `s` in `q` (0 when there is none).
    fn next(&self, q: usize, s: Value) -> usize {
        if q == 0 || q > self.states || s < 1 || s as usize > self.symbols {
            return 0;
        }
        self.delta[(q - 1) * self.symbols + s as usize - 1]
    }
}

/// `xs` spells a word the automaton accepts. Propagated to domain consistency on the
/// layered graph of the automaton unrolled over the sequence (Pesant 2004): states
/// reachable from the start and able to reach acceptance, and each value kept only while a
/// transition on it joins two such states.
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// use csp_core::constraint::{Automaton, Regular};
/// let mut m = Model::new();
/// let xs = m.new_vars("x", 4, 1..=2).unwrap();
/// // No two 2s in a row: state 1 after a 1, state 2 after a 2.
/// let a = Automaton::new(2, 2, vec![1, 2, 1, 0], 1, &[1, 2]).unwrap();
/// m.post(Regular::new(xs, a)).unwrap();
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 8); // Fibonacci
/// ```
#[derive(Debug, Clone)]
pub struct Regular {
    xs: Vec<VarId>,
    automaton: Automaton,
    /// Scratch: `reach[i · (states + 1) + q]`, state `q` reachable before position `i` (and,
    /// after the backward sweep, also able to reach acceptance).
    reach: Vec<bool>,
}

impl Regular {
    /// `xs` is accepted by `automaton`.
    pub fn new(xs: Vec<VarId>, automaton: Automaton) -> Self {
        let reach = vec![false; (xs.len() + 1) * (automaton.states + 1)];
        Regular {
            xs,
            automaton,
            reach,
        }
    }

    fn pass(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let a = &self.automaton;
        let (n, w) = (self.xs.len(), a.states + 1);
        let symbols = Value::try_from(a.symbols).unwrap_or(Value::MAX);
        for &x in &self.xs {
            d.set_min(x, 1)?;
            d.set_max(x, symbols)?;
        }
        d.count_revisions(n as u64);
        self.reach.iter_mut().for_each(|r| *r = false);
        if !(1..=a.states).contains(&a.start) {
            return Err(Conflict);
        }
        self.reach[a.start] = true;
        // Forward: the states each prefix can reach.
        for (i, &x) in self.xs.iter().enumerate() {
            for q in 1..w {
                if self.reach[i * w + q] {
                    for v in d.iter(x) {
                        let t = a.next(q, v);
                        if t != 0 {
                            self.reach[(i + 1) * w + t] = true;
                        }
                    }
                }
            }
        }
        // Backward: keep the states from which acceptance is reachable.
        for q in 1..w {
            self.reach[n * w + q] &= a.accepting[q];
        }
        for i in (0..n).rev() {
            let x = self.xs[i];
            for q in 1..w {
                if self.reach[i * w + q] {
                    let on = d.iter(x).any(|v| {
                        let t = a.next(q, v);
                        t != 0 && self.reach[(i + 1) * w + t]
                    });
                    self.reach[i * w + q] = on;
                }
            }
        }
        if !self.reach[a.start] {
            return Err(Conflict);
        }
        // A value stays while it joins two live states.
        for (i, &x) in self.xs.iter().enumerate() {
            let gone: Vec<Value> = d
                .iter(x)
                .filter(|&v| {
                    !(1..w).any(|q| {
                        self.reach[i * w + q] && {
                            let t = a.next(q, v);
                            t != 0 && self.reach[(i + 1) * w + t]
                        }
                    })
                })
                .collect();
            for v in gone {
                d.remove(x, v)?;
            }
        }
        Ok(())
    }
}

impl Constraint for Regular {
    fn kind(&self) -> &'static str {
        "regular"
    }

    fn scope(&self) -> &[VarId] {
        &self.xs
    }

    fn is_satisfied(&self, s: &[Value]) -> bool {
        let a = &self.automaton;
        let mut q = a.start;
        for &v in s {
            q = a.next(q, v);
            if q == 0 {
                return false;
            }
        }
        (1..=a.states).contains(&q) && a.accepting[q]
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        format!(
            "regular([{}], {} states)",
            names(&self.xs, name, ", "),
            self.automaton.states
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

impl Propagator for Regular {
    fn scope(&self) -> &[VarId] {
        &self.xs
    }

    fn wake(&self) -> Wake {
        // No variable: decided once, before search (the empty word).
        if self.xs.is_empty() {
            Wake::Never
        } else {
            Wake::Change
        }
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        crate::propagation::to_fixpoint(d, |d| self.pass(d))
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        super::holds_once_fixed(self, d)
    }
}
