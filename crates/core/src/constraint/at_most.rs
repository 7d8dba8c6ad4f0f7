//! Cardinality: at most `k` (weighted) of a set of variables take a value in a given set.

use super::{Constraint, names};
use crate::domain::{Domain, DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `Σ { wᵢ : xᵢ ∈ S } ≤ k`: the variables whose value lies in `S` weigh at most `k` together
/// ("at most 4 periods of this teacher on Monday", with `S` Monday's slots and each lesson
/// weighing its length).
///
/// Propagation is arc consistency for this sum of 0/1 terms with positive weights: the
/// variables whose domain lies inside `S` weigh `sure`; when `sure > k` the node fails, and a
/// variable `x` that could still leave `S` loses every value of `S` once `sure + w(x) > k`.
///
/// ```
/// use csp_core::{Domain, Model, Search, SearchConfig};
/// let mut m = Model::new();
/// let xs = m.new_vars("x", 3, Domain::range(0, 1)).unwrap();
/// m.at_most(&xs, &[1, 1, 1], &[1], 1).unwrap(); // at most one of them is 1
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 4);
/// ```
#[derive(Debug, Clone)]
pub struct AtMost {
    vars: Vec<VarId>,
    weights: Vec<u32>,
    set: Domain,
    k: u64,
}

impl AtMost {
    /// `Σ { weights[i] : vars[i] ∈ values } ≤ k`.
    pub fn new(vars: Vec<VarId>, weights: Vec<u32>, values: &[Value], k: u64) -> Self {
        AtMost {
            vars,
            weights,
            set: Domain::from_values(values.iter().copied()),
            k,
        }
    }

    /// Whether every value left for `x` is in the set, and whether some is.
    fn status(&self, d: &DomainStore, x: VarId) -> (bool, bool) {
        let (mut all, mut any) = (true, false);
        for v in d.iter(x) {
            if self.set.contains(v) {
                any = true;
            } else {
                all = false;
            }
            if any && !all {
                break;
            }
        }
        (all, any)
    }
}

impl Constraint for AtMost {
    fn kind(&self) -> &'static str {
        "at_most"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let sum: u64 = values
            .iter()
            .zip(&self.weights)
            .filter(|(v, _)| self.set.contains(**v))
            .map(|(_, &w)| u64::from(w))
            .sum();
        sum <= self.k
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        let set: Vec<String> = self.set.iter().map(|v| v.to_string()).collect();
        format!(
            "at most {} of ({}) in {{{}}}",
            self.k,
            names(&self.vars, name, ", "),
            set.join(", ")
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

impl Propagator for AtMost {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        d.count_revisions(self.vars.len() as u64);
        let mut sure = 0u64;
        for (i, &x) in self.vars.iter().enumerate() {
            if self.status(d, x).0 {
                sure += u64::from(self.weights[i]);
            }
        }
        if sure > self.k {
            return Err(Conflict);
        }
        for (i, &x) in self.vars.iter().enumerate() {
            let w = u64::from(self.weights[i]);
            if w == 0 || sure + w <= self.k {
                continue;
            }
            let (all, any) = self.status(d, x);
            if any && !all {
                let set = &self.set;
                d.retain(x, |v| !set.contains(v))?;
            }
        }
        Ok(())
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        let sum: u64 = self
            .vars
            .iter()
            .zip(&self.weights)
            .filter(|(x, _)| d.value(**x).is_some_and(|v| self.set.contains(v)))
            .map(|(_, &w)| u64::from(w))
            .sum();
        sum <= self.k
    }
}
