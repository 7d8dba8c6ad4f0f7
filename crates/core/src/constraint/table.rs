//! Table (extensional) constraints: the scope must take one of the listed tuples.

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};
use std::collections::HashMap;

/// The variables take one of the allowed tuples (any arity).
#[derive(Debug, Clone)]
pub struct Table {
    vars: Vec<VarId>,
    /// Sorted, deduplicated, flattened rows of `vars.len()` values.
    tuples: Vec<Value>,
}

impl Table {
    /// A table over `vars` allowing `tuples` (each of `vars.len()` values).
    pub fn new(vars: Vec<VarId>, tuples: Vec<Vec<Value>>) -> Result<Self, String> {
        if vars.is_empty() {
            return Err("a table needs at least one variable".into());
        }
        let mut rows = tuples;
        if let Some((i, t)) = rows.iter().enumerate().find(|(_, t)| t.len() != vars.len()) {
            return Err(format!(
                "tuple {} has {} values but the table has {} variables",
                i + 1,
                t.len(),
                vars.len()
            ));
        }
        rows.sort();
        rows.dedup();
        Ok(Table {
            vars,
            tuples: rows.into_iter().flatten().collect(),
        })
    }

    pub(super) fn arity(&self) -> usize {
        self.vars.len()
    }

    /// Number of allowed tuples.
    pub fn len(&self) -> usize {
        self.tuples.len() / self.arity()
    }

    /// Whether no tuple is allowed (the constraint is then unsatisfiable).
    pub fn is_empty(&self) -> bool {
        self.tuples.is_empty()
    }

    pub(super) fn row(&self, t: usize) -> &[Value] {
        &self.tuples[t * self.arity()..(t + 1) * self.arity()]
    }
}

impl Constraint for Table {
    fn kind(&self) -> &'static str {
        "table"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.row(mid).cmp(values) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return true,
            }
        }
        false
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        format!(
            "({}) in a table of {} tuples",
            names(&self.vars, name, ", "),
            self.len()
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        let mut supports: Vec<HashMap<Value, (u32, Vec<u32>)>> = vec![HashMap::new(); self.arity()];
        for t in 0..self.len() {
            for (i, &v) in self.row(t).iter().enumerate() {
                supports[i]
                    .entry(v)
                    .or_insert((t as u32, Vec::new()))
                    .1
                    .push(t as u32);
            }
        }
        Box::new(TablePropagator {
            c: self,
            supports,
            removals: Vec::new(),
        })
    }
}

/// Generalised arc consistency on a table with residual supports (GAC-3rm: Lecoutre &
/// Hemery 2007): each `(variable, value)` remembers the last tuple found valid and checks it
/// first. A revision of variable `i` costs `O(r)` per value when the residue holds and
/// `O(r·t_v)` otherwise (`r` the arity, `t_v` the tuples with that value); the propagator
/// repeats until no domain changes, so one call reaches the constraint's fixpoint.
#[derive(Debug)]
struct TablePropagator<'a> {
    c: &'a Table,
    /// Per scope position: value → (residue, tuples with that value there).
    supports: Vec<HashMap<Value, (u32, Vec<u32>)>>,
    removals: Vec<Value>,
}

impl TablePropagator<'_> {
    fn valid(&self, d: &DomainStore, t: u32) -> bool {
        self.c
            .row(t as usize)
            .iter()
            .zip(&self.c.vars)
            .all(|(&v, &x)| d.contains(x, v))
    }

    fn revise(&mut self, d: &mut DomainStore, i: usize) -> Result<bool, Conflict> {
        d.count_revision();
        let x = self.c.vars[i];
        self.removals.clear();
        let mut next = d.min(x);
        while let Some(v) = next {
            let supported = match self.supports[i].get(&v) {
                None => false,
                Some((res, list)) => {
                    if self.valid(d, *res) {
                        true
                    } else if let Some(&t) = list.iter().find(|&&t| self.valid(d, t)) {
                        if let Some(e) = self.supports[i].get_mut(&v) {
                            e.0 = t;
                        }
                        true
                    } else {
                        false
                    }
                }
            };
            if !supported {
                self.removals.push(v);
            }
            next = v.checked_add(1).and_then(|w| d.next_value(x, w));
        }
        // Only a real removal counts: an interval ignores one inside it.
        let mut changed = false;
        for k in 0..self.removals.len() {
            changed |= d.remove(x, self.removals[k])?;
        }
        Ok(changed)
    }
}

impl Propagator for TablePropagator<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.vars
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        if self.c.is_empty() {
            return Err(Conflict);
        }
        loop {
            let mut changed = false;
            for i in 0..self.c.arity() {
                changed |= self.revise(d, i)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        // With at most one variable left unfixed, GAC on the table is exactly forward
        // checking; with more, forward checking does nothing.
        let unfixed = self.c.vars.iter().filter(|&&x| !d.is_fixed(x)).count();
        if unfixed <= 1 {
            self.propagate(d)
        } else {
            Ok(())
        }
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        if self.c.vars.iter().all(|&x| d.is_fixed(x)) {
            self.removals.clear();
            self.removals
                .extend(self.c.vars.iter().filter_map(|&x| d.value(x)));
            self.c.is_satisfied(&self.removals)
        } else {
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Domain;

    fn vars(n: usize) -> Vec<VarId> {
        (0..n).map(VarId::new).collect()
    }

    #[test]
    fn tuples_of_the_wrong_length_are_refused() {
        assert!(Table::new(vars(2), vec![vec![1, 2], vec![3]]).is_err());
        assert!(Table::new(vec![], vec![]).is_err());
    }

    #[test]
    fn membership_uses_the_sorted_rows() {
        let t = Table::new(vars(3), vec![vec![3, 1, 2], vec![1, 2, 3], vec![1, 2, 3]]).unwrap();
        assert_eq!(t.len(), 2);
        assert!(t.is_satisfied(&[1, 2, 3]) && t.is_satisfied(&[3, 1, 2]));
        assert!(!t.is_satisfied(&[2, 1, 3]));
    }

    #[test]
    fn propagation_keeps_only_supported_values() {
        let t = Table::new(vars(2), vec![vec![1, 2], vec![2, 3], vec![5, 5]]).unwrap();
        let mut d = DomainStore::new(&[Domain::range(1, 3), Domain::range(1, 3)]);
        let mut p = t.propagator(&PropagatorOptions::default());
        p.propagate(&mut d).unwrap();
        assert_eq!(d.iter(VarId::new(0)).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(d.iter(VarId::new(1)).collect::<Vec<_>>(), vec![2, 3]);
        d.remove(VarId::new(1), 3).unwrap();
        p.propagate(&mut d).unwrap();
        assert_eq!(d.value(VarId::new(0)), Some(1));
    }

    #[test]
    fn an_empty_table_is_a_conflict() {
        let t = Table::new(vars(2), vec![]).unwrap();
        let mut d = DomainStore::new(&[Domain::range(1, 3), Domain::range(1, 3)]);
        assert_eq!(
            t.propagator(&PropagatorOptions::default())
                .propagate(&mut d),
            Err(Conflict)
        );
    }
}
