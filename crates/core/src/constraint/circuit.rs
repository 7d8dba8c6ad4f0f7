//! Circuit and subcircuit: successor variables forming one Hamiltonian cycle (MiniZinc's
//! `circuit`), or one cycle through the nodes that do not point at themselves
//! (`subcircuit`).

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `succ[i] − offset` is the node after node `i`; the successors form a single cycle through
/// every node (`circuit`: no node is its own successor), or, for `subcircuit`, a single
/// cycle through the nodes that are not their own successor (none at all is allowed). The
/// successors are all different, posted beside it by [`Model::circuit`](crate::Model::circuit)
/// at the model's all-different strength; this propagator removes what would close a cycle
/// too early (Caseau & Laburthe 1997, as Gecode's and Chuffed's circuits): each chain of
/// fixed successors may not point back to its start while other nodes must still join it,
/// and a closed cycle sends every node outside it to itself (subcircuit) or fails.
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// let mut m = Model::new();
/// let s = m.new_vars("s", 4, 0..=3).unwrap();
/// m.circuit(&s, 0, false).unwrap();
/// // The Hamiltonian cycles of 4 nodes: (4 − 1)! = 6.
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 6);
/// ```
#[derive(Debug, Clone)]
pub struct Circuit {
    succ: Vec<VarId>,
    offset: Value,
    sub: bool,
    /// Scratch: each node's fixed successor.
    next: Vec<Option<usize>>,
    /// Scratch: whether a node has a fixed predecessor, and whether it was walked.
    has_pred: Vec<bool>,
    seen: Vec<bool>,
}

impl Circuit {
    /// The successors `succ` (numbered from `offset`), a whole circuit or a subcircuit.
    pub fn new(succ: Vec<VarId>, offset: Value, sub: bool) -> Self {
        let n = succ.len();
        Circuit {
            succ,
            offset,
            sub,
            next: vec![None; n],
            has_pred: vec![false; n],
            seen: vec![false; n],
        }
    }

    /// Node `i`'s successor in `values`, if it is a node.
    fn node(&self, v: Value) -> Option<usize> {
        let k = i64::from(v) - i64::from(self.offset);
        usize::try_from(k).ok().filter(|&k| k < self.succ.len())
    }

    fn label(&self, node: usize) -> Value {
        (i64::from(self.offset) + node as i64) as Value
    }

    /// The fixed successors, and a conflict when a fixed value is not a node.
    fn read(&mut self, d: &DomainStore) -> Result<(), Conflict> {
        let n = self.succ.len();
        self.has_pred.iter_mut().for_each(|b| *b = false);
        self.seen.iter_mut().for_each(|b| *b = false);
        for i in 0..n {
            self.next[i] = match d.value(self.succ[i]) {
                Some(v) => Some(self.node(v).ok_or(Conflict)?),
                None => None,
            };
            if let Some(j) = self.next[i]
                && j != i
            {
                if self.has_pred[j] {
                    return Err(Conflict); // two predecessors
                }
                self.has_pred[j] = true;
            }
        }
        Ok(())
    }

    fn pass(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let n = self.succ.len();
        // Successors are nodes; a circuit has no self-loop.
        for i in 0..n {
            let x = self.succ[i];
            let (lo, hi) = (self.label(0), self.label(n - 1));
            d.set_min(x, lo)?;
            d.set_max(x, hi)?;
            if !self.sub {
                d.remove(x, self.label(i))?;
            }
        }
        self.read(d)?;
        // Nodes that must be on the cycle (subcircuit: those that cannot point at themselves).
        let must =
            |s: &Self, d: &DomainStore, j: usize| !s.sub || !d.contains(s.succ[j], s.label(j));
        // Chains: from each node without a fixed predecessor, along fixed successors.
        for start in 0..n {
            if self.has_pred[start] || self.next[start] == Some(start) {
                continue;
            }
            let (mut end, mut len) = (start, 1usize);
            self.seen[start] = true;
            while let Some(j) = self.next[end] {
                end = j;
                len += 1;
                if self.seen[j] || len > n {
                    return Err(Conflict);
                }
                self.seen[j] = true;
            }
            if len == 1 && self.sub {
                continue; // closing a lone node is its self-loop: allowed
            }
            // Closing this chain makes a cycle of `len` nodes: wrong while another node
            // must still be on it.
            let mut outside_must = false;
            if len < n {
                if self.sub {
                    let in_chain = self.chain(start);
                    outside_must = (0..n).any(|j| !in_chain[j] && must(self, d, j));
                } else {
                    outside_must = true;
                }
            }
            if outside_must {
                d.remove(self.succ[end], self.label(start))?;
            }
        }
        // Closed cycles (every node on them fixed and not yet walked).
        for i in 0..n {
            if self.seen[i] || self.next[i].is_none() || self.next[i] == Some(i) {
                continue;
            }
            let cycle = self.chain(i);
            let len = cycle.iter().filter(|&&b| b).count();
            if len < n {
                if !self.sub {
                    return Err(Conflict);
                }
                for (j, &on) in cycle.iter().enumerate() {
                    if !on {
                        d.assign(self.succ[j], self.label(j))?;
                    }
                }
            }
            for (j, on) in cycle.iter().enumerate() {
                if *on {
                    self.seen[j] = true;
                }
            }
        }
        Ok(())
    }

    /// The nodes reached from `start` along fixed successors (itself included).
    fn chain(&self, start: usize) -> Vec<bool> {
        let mut on = vec![false; self.succ.len()];
        let mut at = start;
        on[at] = true;
        while let Some(j) = self.next[at] {
            if on[j] {
                break;
            }
            on[j] = true;
            at = j;
        }
        on
    }
}

impl Constraint for Circuit {
    fn kind(&self) -> &'static str {
        if self.sub { "subcircuit" } else { "circuit" }
    }

    fn scope(&self) -> &[VarId] {
        &self.succ
    }

    fn is_satisfied(&self, s: &[Value]) -> bool {
        let n = s.len();
        let next: Option<Vec<usize>> = s.iter().map(|&v| self.node(v)).collect();
        let Some(next) = next else {
            return false;
        };
        let mut seen = vec![false; n];
        for &j in &next {
            if seen[j] {
                return false;
            }
            seen[j] = true;
        }
        let inside: Vec<usize> = (0..n).filter(|&i| next[i] != i).collect();
        if !self.sub && inside.len() != n {
            return false;
        }
        let Some(&start) = inside.first() else {
            return true;
        };
        let (mut at, mut len) = (start, 0);
        loop {
            at = next[at];
            len += 1;
            if at == start {
                return len == inside.len();
            }
            if len > n {
                return false;
            }
        }
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        format!("{}([{}])", self.kind(), names(&self.succ, name, ", "))
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

impl Propagator for Circuit {
    fn scope(&self) -> &[VarId] {
        &self.succ
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        d.count_revisions(self.succ.len() as u64);
        crate::propagation::to_fixpoint(d, |d| self.pass(d))
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        super::holds_once_fixed(self, d)
    }
}
