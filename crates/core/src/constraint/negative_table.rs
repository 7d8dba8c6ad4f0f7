//! Negative table (forbidden tuples): the scope must take none of the listed tuples.

use super::{Constraint, Table, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};
use std::collections::HashMap;

/// The variables take none of the forbidden tuples (any arity).
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// use csp_core::constraint::NegativeTable;
/// let mut m = Model::new();
/// let x = m.new_vars("x", 2, 0..=1).unwrap();
/// // Of the four pairs over 0..=1, three are forbidden.
/// m.post(NegativeTable::new(x, vec![vec![0, 0], vec![0, 1], vec![1, 1]]).unwrap()).unwrap();
/// let mut s = Search::new(&m, SearchConfig::default());
/// assert_eq!(s.count(10).count, 1);
/// ```
#[derive(Debug, Clone)]
pub struct NegativeTable {
    /// The forbidden rows, kept as a table keeps its allowed ones (sorted, deduplicated).
    rows: Table,
}

impl NegativeTable {
    /// A table over `vars` forbidding `tuples` (each of `vars.len()` values).
    pub fn new(vars: Vec<VarId>, tuples: Vec<Vec<Value>>) -> Result<Self, String> {
        Table::new(vars, tuples).map(|rows| NegativeTable { rows })
    }

    fn arity(&self) -> usize {
        self.rows.arity()
    }

    /// Number of forbidden tuples.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether no tuple is forbidden (the constraint then always holds).
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    fn row(&self, t: usize) -> &[Value] {
        self.rows.row(t)
    }
}

impl Constraint for NegativeTable {
    fn kind(&self) -> &'static str {
        "negative_table"
    }

    fn scope(&self) -> &[VarId] {
        self.rows.scope()
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        !self.rows.is_satisfied(values)
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        format!(
            "({}) in none of {} forbidden tuples",
            names(self.scope(), name, ", "),
            self.len()
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(Forbidding {
            c: self,
            hits: vec![HashMap::new(); self.arity()],
            needed: vec![None; self.arity()],
            values: Vec::new(),
        })
    }
}

/// Generalised arc consistency by counting: value `a` of variable `i` has a support unless
/// every combination of the other variables' values is forbidden with it, that is unless the
/// forbidden tuples still valid that put `a` at `i` number the product of the other domains'
/// sizes (the tuples are distinct). With one variable left free this is the unit rule of the
/// tuple's clause `∨ xⱼ ≠ tⱼ`. A variable repeated in the scope makes the product an upper
/// bound on the real combinations, so the rule stays sound there, only weaker.
#[derive(Debug)]
struct Forbidding<'a> {
    c: &'a NegativeTable,
    /// Per scope position: value → forbidden tuples still valid with that value there.
    hits: Vec<HashMap<Value, u64>>,
    /// Per scope position: the hits that leave a value without support, if any can.
    needed: Vec<Option<u64>>,
    values: Vec<Value>,
}

impl Forbidding<'_> {
    fn valid(&self, d: &DomainStore, t: usize) -> bool {
        self.c
            .row(t)
            .iter()
            .zip(self.c.scope())
            .all(|(&v, &x)| d.contains(x, v))
    }

    /// The product of the domain sizes other than position `i`'s, or `None` once it passes
    /// `cap` (no value can then be without support).
    fn others(d: &DomainStore, vars: &[VarId], i: usize, cap: u64) -> Option<u64> {
        let mut p = 1u64;
        for (j, &x) in vars.iter().enumerate() {
            if j != i {
                p = p.saturating_mul(u64::from(d.size(x)));
                if p > cap {
                    return None;
                }
            }
        }
        Some(p)
    }

    /// One counting pass; whether a domain changed.
    fn pass(&mut self, d: &mut DomainStore) -> Result<bool, Conflict> {
        let c = self.c;
        let cap = c.len() as u64;
        for i in 0..c.arity() {
            self.needed[i] = Self::others(d, c.scope(), i, cap);
        }
        if self.needed.iter().all(Option::is_none) {
            return Ok(false);
        }
        self.hits.iter_mut().for_each(HashMap::clear);
        d.count_revisions(c.len() as u64);
        for t in 0..c.len() {
            if self.valid(d, t) {
                for (i, &v) in c.row(t).iter().enumerate() {
                    if self.needed[i].is_some() {
                        *self.hits[i].entry(v).or_insert(0) += 1;
                    }
                }
            }
        }
        let mut changed = false;
        for i in 0..c.arity() {
            let Some(need) = self.needed[i] else { continue };
            self.values.clear();
            self.values.extend(
                self.hits[i]
                    .iter()
                    .filter(|&(_, &n)| n >= need)
                    .map(|(&v, _)| v),
            );
            for k in 0..self.values.len() {
                changed |= d.remove(c.scope()[i], self.values[k])?;
            }
        }
        Ok(changed)
    }
}

impl Propagator for Forbidding<'_> {
    fn scope(&self) -> &[VarId] {
        self.c.scope()
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        while self.pass(d)? {}
        Ok(())
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        // With at most one variable left unfixed, GAC is the clause's unit rule: forward
        // checking proper; with more, forward checking does nothing.
        let unfixed = self.c.scope().iter().filter(|&&x| !d.is_fixed(x)).count();
        if unfixed <= 1 {
            self.propagate(d)
        } else {
            Ok(())
        }
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        if self.c.scope().iter().all(|&x| d.is_fixed(x)) {
            self.values.clear();
            self.values
                .extend(self.c.scope().iter().filter_map(|&x| d.value(x)));
            self.c.is_satisfied(&self.values)
        } else {
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Domain;

    #[test]
    fn tuples_of_the_wrong_length_are_refused() {
        let vars = vec![VarId::new(0), VarId::new(1)];
        assert!(NegativeTable::new(vars, vec![vec![1, 2], vec![3]]).is_err());
    }

    #[test]
    fn membership_uses_the_sorted_rows() {
        let vars = vec![VarId::new(0), VarId::new(1)];
        let t = NegativeTable::new(vars, vec![vec![2, 1], vec![0, 0], vec![2, 1]]).unwrap();
        assert_eq!(t.len(), 2);
        assert!(!t.is_satisfied(&[0, 0]));
        assert!(!t.is_satisfied(&[2, 1]));
        assert!(t.is_satisfied(&[1, 2]));
    }

    #[test]
    fn a_value_forbidden_with_every_combination_goes() {
        // x0 = 1 is forbidden with each of x1's values; x0 = 2 with only one of them.
        let vars: Vec<VarId> = (0..2).map(VarId::new).collect();
        let rows = vec![vec![1, 1], vec![1, 2], vec![1, 3], vec![2, 2]];
        let t = NegativeTable::new(vars, rows).unwrap();
        let mut d = DomainStore::new(&[Domain::range(1, 2), Domain::range(1, 3)]);
        let mut p = t.propagator(&PropagatorOptions::default());
        p.propagate(&mut d).unwrap();
        assert_eq!(d.value(VarId::new(0)), Some(2));
        // Then x1 = 2 is forbidden with x0's one value left.
        assert_eq!(d.iter(VarId::new(1)).collect::<Vec<_>>(), vec![1, 3]);
    }
}
