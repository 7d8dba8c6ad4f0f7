//! Unary constraints: `x ∈ S` and `x ∉ S`.

use super::Constraint;
use crate::domain::{Domain, DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `x ∈ S` (`allowed`) or `x ∉ S`. Applied once before search (node consistency), in every
/// propagation mode.
#[derive(Debug, Clone)]
pub struct InSet {
    scope: [VarId; 1],
    values: Domain,
    allowed: bool,
}

impl InSet {
    /// `x ∈ values` when `allowed`, else `x ∉ values`.
    pub fn new(x: VarId, values: impl IntoIterator<Item = Value>, allowed: bool) -> Self {
        InSet {
            scope: [x],
            values: Domain::from_values(values),
            allowed,
        }
    }
}

impl Constraint for InSet {
    fn kind(&self) -> &'static str {
        if self.allowed { "in" } else { "not_in" }
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, v: &[Value]) -> bool {
        self.values.contains(v[0]) == self.allowed
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        let op = if self.allowed { "∈" } else { "∉" };
        format!("{} {op} {}", name(self.scope[0]), self.values)
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

impl Propagator for InSet {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn wake(&self) -> Wake {
        Wake::Never
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        d.count_revision();
        let (values, allowed) = (&self.values, self.allowed);
        d.retain(self.scope[0], |v| values.contains(v) == allowed)?;
        Ok(())
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        d.value(self.scope[0])
            .is_none_or(|v| self.values.contains(v) == self.allowed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_and_not_in_filter_once() {
        let mut d = DomainStore::new(&[Domain::range(1, 6)]);
        let x = VarId::new(0);
        InSet::new(x, [2, 4, 6, 8], true).propagate(&mut d).unwrap();
        InSet::new(x, [4], false).propagate(&mut d).unwrap();
        assert_eq!(d.iter(x).collect::<Vec<_>>(), vec![2, 6]);
        assert_eq!(InSet::new(x, [1], true).propagate(&mut d), Err(Conflict));
        let c = InSet::new(x, [1, 2, 3], false);
        assert_eq!(c.describe(&|_| "x".into()), "x ∉ {1..3}");
        assert_eq!(c.wake(), Wake::Never);
    }
}
