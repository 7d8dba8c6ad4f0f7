//! `x ≠ y + c`: binary disequality with an offset.

use super::Constraint;
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `x ≠ y + c`. Arc consistency on a disequality prunes only when one side is fixed, so the
/// propagator wakes on fix events and does `O(1)` work per event.
#[derive(Debug, Clone)]
pub struct NotEqual {
    scope: [VarId; 2],
    c: Value,
}

impl NotEqual {
    /// `x ≠ y + c`.
    pub fn new(x: VarId, y: VarId, c: Value) -> Self {
        NotEqual { scope: [x, y], c }
    }
}

/// `a + b` when it is a representable value.
#[inline]
fn shifted(a: Value, b: i64) -> Option<Value> {
    Value::try_from(i64::from(a) + b).ok()
}

impl Constraint for NotEqual {
    fn kind(&self) -> &'static str {
        "not_equal"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, v: &[Value]) -> bool {
        i64::from(v[0]) != i64::from(v[1]) + i64::from(self.c)
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        let (x, y) = (name(self.scope[0]), name(self.scope[1]));
        match self.c {
            0 => format!("{x} ≠ {y}"),
            c if c > 0 => format!("{x} ≠ {y} + {c}"),
            c => format!("{x} ≠ {y} - {}", -i64::from(c)),
        }
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

impl Propagator for NotEqual {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn wake(&self) -> Wake {
        Wake::Fix
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        for i in 0..2 {
            if d.is_fixed(self.scope[i]) {
                self.forward_check(d, i)?;
            }
        }
        Ok(())
    }

    #[inline]
    fn forward_check(&mut self, d: &mut DomainStore, i: usize) -> Result<(), Conflict> {
        let [x, y] = self.scope;
        d.count_revision();
        if i == 0 {
            let Some(v) = d.value(x) else { return Ok(()) };
            if let Some(w) = shifted(v, -i64::from(self.c)) {
                d.remove(y, w)?;
            }
        } else {
            let Some(w) = d.value(y) else { return Ok(()) };
            if let Some(v) = shifted(w, i64::from(self.c)) {
                d.remove(x, v)?;
            }
        }
        Ok(())
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        match (d.value(self.scope[0]), d.value(self.scope[1])) {
            (Some(a), Some(b)) => self.is_satisfied(&[a, b]),
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Domain;

    #[test]
    fn definition_and_description_use_the_offset() {
        let c = NotEqual::new(VarId::new(0), VarId::new(1), -2);
        assert!(!c.is_satisfied(&[1, 3]));
        assert!(c.is_satisfied(&[3, 3]));
        let name = |x: VarId| format!("v{}", x.index());
        assert_eq!(c.describe(&name), "v0 ≠ v1 - 2");
    }

    #[test]
    fn fixing_one_side_removes_the_shifted_value_from_the_other() {
        let mut d = DomainStore::new(&[Domain::range(1, 3), Domain::range(1, 3)]);
        let mut p = NotEqual::new(VarId::new(0), VarId::new(1), 1); // x ≠ y + 1
        d.assign(VarId::new(0), 3).unwrap();
        p.forward_check(&mut d, 0).unwrap();
        assert_eq!(d.iter(VarId::new(1)).collect::<Vec<_>>(), vec![1, 3]);
        d.assign(VarId::new(1), 1).unwrap();
        assert!(p.check(&d));
        assert_eq!(p.forward_check(&mut d, 1), Ok(()));
    }

    #[test]
    fn extreme_offsets_do_not_overflow() {
        let mut d =
            DomainStore::new(&[Domain::range(i32::MAX - 1, i32::MAX), Domain::range(-1, 0)]);
        let mut p = NotEqual::new(VarId::new(0), VarId::new(1), i32::MIN);
        d.assign(VarId::new(0), i32::MAX).unwrap();
        assert_eq!(p.forward_check(&mut d, 0), Ok(()));
        assert_eq!(d.size(VarId::new(1)), 2);
    }
}
