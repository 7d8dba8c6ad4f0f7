//! Count: how many variables of an array take a given value (MiniZinc's `count_eq`, and
//! through it `count`, `among` of one value and `global_cardinality`).

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `c = #{ i : xs[i] = v }` for a constant `v`. Propagated on the counts: between the
/// variables fixed to `v` and those that can still take it lies `c`; when `c` can be no more
/// than the fixed ones, `v` leaves every other variable, and when it must be all that can,
/// they all take it. `c` may be one of the `xs` (a magic sequence's `count(x, i, x[i])`).
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// use csp_core::constraint::Count;
/// let mut m = Model::new();
/// let xs = m.new_vars("x", 3, 0..=1).unwrap();
/// let c = m.new_var("c", 2..=2).unwrap();
/// m.post(Count::new(xs, 1, c)).unwrap();
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 3); // two 1s of three
/// ```
#[derive(Debug, Clone)]
pub struct Count {
    /// The `xs`, then `c`.
    scope: Vec<VarId>,
    value: Value,
}

impl Count {
    /// `c` counts the `xs` equal to `value`.
    pub fn new(xs: Vec<VarId>, value: Value, c: VarId) -> Self {
        let mut scope = xs;
        scope.push(c);
        Count { scope, value }
    }

    fn xs(&self) -> &[VarId] {
        &self.scope[..self.scope.len() - 1]
    }

    fn c(&self) -> VarId {
        self.scope[self.scope.len() - 1]
    }

    fn pass(&self, d: &mut DomainStore) -> Result<(), Conflict> {
        let v = self.value;
        let (mut fixed, mut possible) = (0i64, 0i64);
        for &x in self.xs() {
            if d.contains(x, v) {
                possible += 1;
                if d.value(x) == Some(v) {
                    fixed += 1;
                }
            }
        }
        d.count_revisions(self.scope.len() as u64);
        let c = self.c();
        // Counts fit a Value: at most the number of variables, which is far below 2³¹.
        d.set_min(c, fixed as Value)?;
        d.set_max(c, possible as Value)?;
        let (lo, hi) = match (d.min(c), d.max(c)) {
            (Some(a), Some(b)) => (i64::from(a), i64::from(b)),
            _ => return Err(Conflict),
        };
        if hi == fixed && possible > fixed {
            for &x in self.xs() {
                if d.value(x) != Some(v) {
                    d.remove(x, v)?;
                }
            }
        } else if lo == possible && possible > fixed {
            for &x in self.xs() {
                if d.contains(x, v) {
                    d.assign(x, v)?;
                }
            }
        }
        Ok(())
    }
}

impl Constraint for Count {
    fn kind(&self) -> &'static str {
        "count"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, s: &[Value]) -> bool {
        let (xs, c) = s.split_at(s.len() - 1);
        xs.iter().filter(|&&x| x == self.value).count() as i64 == i64::from(c[0])
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        format!(
            "{} = count([{}], {})",
            name(self.c()),
            names(self.xs(), name, ", "),
            self.value
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

impl Propagator for Count {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let this = &*self;
        crate::propagation::to_fixpoint(d, |d| this.pass(d))
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        super::holds_once_fixed(self, d)
    }
}
