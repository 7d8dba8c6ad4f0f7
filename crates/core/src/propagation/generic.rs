//! A propagator for any constraint, by enumerating supports: correct, exponential in the
//! arity, and the reference that dedicated propagators are tested against.

use super::{Conflict, Propagator, Wake};
use crate::constraint::Constraint;
use crate::domain::{DomainStore, Value};
use crate::index::VarId;

/// Generalised arc consistency for any [`Constraint`] by searching, for each value of each
/// variable, for a supporting tuple among the current domains (`O(r·dʳ)` per revision with
/// arity `r` and domains of `d` values). Use it for small-arity constraints without a
/// dedicated propagator, and as a reference in tests.
#[derive(Debug)]
pub struct GenericPropagator<'a> {
    c: &'a dyn Constraint,
    buf: Vec<Value>,
    removals: Vec<Value>,
}

impl<'a> GenericPropagator<'a> {
    /// The generic propagator of `c`.
    pub fn new(c: &'a dyn Constraint) -> Self {
        GenericPropagator {
            c,
            buf: vec![0; c.scope().len()],
            removals: Vec::new(),
        }
    }

    /// Whether positions `j..` can be completed into a satisfying tuple, with position `i`
    /// already set in `buf`.
    fn complete(
        c: &dyn Constraint,
        d: &DomainStore,
        buf: &mut [Value],
        i: usize,
        j: usize,
    ) -> bool {
        let scope = c.scope();
        if j == scope.len() {
            return c.is_satisfied(buf);
        }
        if j == i {
            return Self::complete(c, d, buf, i, j + 1);
        }
        let x = scope[j];
        let mut next = d.min(x);
        while let Some(v) = next {
            buf[j] = v;
            if Self::complete(c, d, buf, i, j + 1) {
                return true;
            }
            next = v.checked_add(1).and_then(|w| d.next_value(x, w));
        }
        false
    }

    fn revise(&mut self, d: &mut DomainStore, i: usize) -> Result<bool, Conflict> {
        d.count_revision();
        let x = self.c.scope()[i];
        self.removals.clear();
        let mut next = d.min(x);
        while let Some(v) = next {
            self.buf[i] = v;
            if !Self::complete(self.c, d, &mut self.buf, i, 0) {
                self.removals.push(v);
            }
            next = v.checked_add(1).and_then(|w| d.next_value(x, w));
        }
        for k in 0..self.removals.len() {
            d.remove(x, self.removals[k])?;
        }
        Ok(!self.removals.is_empty())
    }
}

impl Propagator for GenericPropagator<'_> {
    fn scope(&self) -> &[VarId] {
        self.c.scope()
    }

    fn wake(&self) -> Wake {
        if self.c.scope().len() == 1 {
            Wake::Never
        } else {
            Wake::Change
        }
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        loop {
            let mut changed = false;
            for i in 0..self.c.scope().len() {
                changed |= self.revise(d, i)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        let unfixed = self.c.scope().iter().filter(|&&x| !d.is_fixed(x)).count();
        if unfixed <= 1 {
            self.propagate(d)
        } else {
            Ok(())
        }
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        let scope = self.c.scope();
        if !scope.iter().all(|&x| d.is_fixed(x)) {
            return true;
        }
        for (b, &x) in self.buf.iter_mut().zip(scope) {
            *b = d.value(x).unwrap_or_default();
        }
        self.c.is_satisfied(&self.buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Domain;
    use crate::model::Model;

    #[test]
    fn generic_propagation_matches_the_definition() {
        // x < y as a table-free constraint through the generic propagator.
        #[derive(Debug)]
        struct Less([VarId; 2]);
        impl Constraint for Less {
            fn kind(&self) -> &'static str {
                "less"
            }
            fn scope(&self) -> &[VarId] {
                &self.0
            }
            fn is_satisfied(&self, v: &[Value]) -> bool {
                v[0] < v[1]
            }
            fn describe(&self, n: &dyn Fn(VarId) -> String) -> String {
                format!("{} < {}", n(self.0[0]), n(self.0[1]))
            }
            fn propagator(
                &self,
                _: &crate::propagation::PropagatorOptions,
            ) -> Box<dyn Propagator + '_> {
                Box::new(GenericPropagator::new(self))
            }
        }
        let mut m = Model::new();
        let x = m.new_var("x", 1..=3).unwrap();
        let y = m.new_var("y", 1..=3).unwrap();
        let c = Less([x, y]);
        let mut d = DomainStore::new(&[Domain::range(1, 3), Domain::range(1, 3)]);
        let mut p = GenericPropagator::new(&c);
        p.propagate(&mut d).unwrap();
        assert_eq!(d.iter(x).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(d.iter(y).collect::<Vec<_>>(), vec![2, 3]);
        d.assign(y, 2).unwrap();
        p.forward_check(&mut d, 1).unwrap();
        assert_eq!(d.value(x), Some(1));
        assert!(p.check(&d));
        // Posted on a model, the search uses it like any built-in constraint.
        m.post(Less([x, y])).unwrap();
        assert_eq!(
            crate::Search::new(&m, crate::SearchConfig::default())
                .count(10)
                .count,
            3
        );
    }
}
