//! `x + d ≤ y`: linear precedence (a task of length `d` starting at `x` ends before `y`).

use super::Constraint;
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `x + d ≤ y`. Propagated on bounds, which for a linear inequality of two variables is arc
/// consistency: `y ≥ min x + d` and `x ≤ max y − d`.
///
/// ```
/// use csp_core::{Domain, Model, Search, SearchConfig};
/// let mut m = Model::new();
/// let x = m.new_var("x", Domain::range(0, 5)).unwrap();
/// let y = m.new_var("y", Domain::range(0, 5)).unwrap();
/// m.precedence(x, y, 3).unwrap();
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 6);
/// ```
#[derive(Debug, Clone)]
pub struct Precedence {
    scope: [VarId; 2],
    d: Value,
}

impl Precedence {
    /// `x + d ≤ y`.
    pub fn new(x: VarId, y: VarId, d: Value) -> Self {
        Precedence { scope: [x, y], d }
    }
}

impl Constraint for Precedence {
    fn kind(&self) -> &'static str {
        "precedence"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, v: &[Value]) -> bool {
        i64::from(v[0]) + i64::from(self.d) <= i64::from(v[1])
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        let (x, y) = (name(self.scope[0]), name(self.scope[1]));
        match self.d {
            0 => format!("{x} ≤ {y}"),
            d if d > 0 => format!("{x} + {d} ≤ {y}"),
            d => format!("{x} - {} ≤ {y}", -i64::from(d)),
        }
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

/// A bound computed in 64 bits, as a value: beyond the values' range, the nearest end, which
/// removes no more than the exact bound would (sound).
pub(crate) fn clamp(v: i64) -> Value {
    v.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value
}

impl Propagator for Precedence {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let [x, y] = self.scope;
        d.count_revisions(2);
        let (Some(lo), Some(hi)) = (d.min(x), d.max(y)) else {
            return Err(Conflict);
        };
        let dd = i64::from(self.d);
        d.set_min(y, clamp(i64::from(lo) + dd))?;
        d.set_max(x, clamp(i64::from(hi) - dd))?;
        Ok(())
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        match (d.value(self.scope[0]), d.value(self.scope[1])) {
            (Some(a), Some(b)) => self.is_satisfied(&[a, b]),
            _ => true,
        }
    }
}
