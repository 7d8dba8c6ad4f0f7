//! `b ↔ x ∈ S` and `b → x ∈ S` for a constant set `S` (MiniZinc's `set_in_reif`,
//! `set_in_imp`; plain membership is [`InSet`](super::InSet)).

use super::Constraint;
use crate::domain::{Domain, DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `b ↔ x ∈ S` (or, half-reified, `b → x ∈ S`), with `b ≠ 0` standing for true. Domain
/// consistent: a fixed `b` keeps `x` in (or out of) `S`; `x` entirely in `S` (or outside it)
/// fixes `b`. On an interval, "entirely" is judged on its bounds against the set's ranges.
///
/// ```
/// use csp_core::{Domain, Model, Search, SearchConfig};
/// use csp_core::constraint::MemberReif;
/// let mut m = Model::new();
/// let x = m.new_var("x", 0..=9).unwrap();
/// let b = m.new_var("b", 0..=1).unwrap();
/// m.post(MemberReif::new(x, Domain::from_values([2, 3, 5, 7]), b, false)).unwrap();
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 10);
/// ```
#[derive(Debug, Clone)]
pub struct MemberReif {
    scope: [VarId; 2],
    set: Domain,
    implied: bool,
}

impl MemberReif {
    /// `b ↔ x ∈ set`, or `b → x ∈ set` when `implied`.
    pub fn new(x: VarId, set: Domain, b: VarId, implied: bool) -> Self {
        MemberReif {
            scope: [x, b],
            set,
            implied,
        }
    }

    /// Whether every value of `x` is in the set, and whether some is.
    fn status(&self, d: &DomainStore, x: VarId) -> (bool, bool) {
        if d.is_interval(x) {
            // On the bounds alone: "all" only when every integer between them is in the
            // set, "some" when a set value lies between them (sound either way).
            let (Some(lo), Some(hi)) = (d.min(x), d.max(x)) else {
                return (true, false);
            };
            let inside = self
                .set
                .iter()
                .skip_while(|&v| v < lo)
                .take_while(|&v| v <= hi)
                .count() as u64;
            return (
                inside == (i64::from(hi) - i64::from(lo) + 1) as u64,
                inside > 0,
            );
        }
        let (mut all, mut any) = (true, false);
        for v in d.iter(x) {
            if self.set.contains(v) {
                any = true;
            } else {
                all = false;
            }
        }
        (all, any)
    }
}

impl Constraint for MemberReif {
    fn kind(&self) -> &'static str {
        "member_reif"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, v: &[Value]) -> bool {
        let inside = self.set.contains(v[0]);
        if self.implied {
            v[1] == 0 || inside
        } else {
            (v[1] != 0) == inside
        }
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        let op = if self.implied { "→" } else { "↔" };
        format!(
            "{} {op} {} ∈ {}",
            name(self.scope[1]),
            name(self.scope[0]),
            self.set
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

/// What a reifying variable says: `Some(true)` when 0 is not in its domain, `Some(false)`
/// when only 0 is, `None` while both are possible.
pub(crate) fn truth(d: &DomainStore, b: VarId) -> Option<bool> {
    if !d.contains(b, 0) {
        Some(true)
    } else if d.is_fixed(b) {
        Some(false)
    } else {
        None
    }
}

impl Propagator for MemberReif {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let [x, b] = self.scope;
        d.count_revisions(2);
        match truth(d, b) {
            Some(false) if self.implied => Ok(()),
            Some(want) => {
                let set = &self.set;
                d.retain(x, |w| set.contains(w) == want).map(|_| ())
            }
            None => {
                let (all, any) = self.status(d, x);
                if all && !self.implied {
                    d.remove(b, 0).map(|_| ())
                } else if !any {
                    d.retain(b, |v| v == 0).map(|_| ())
                } else {
                    Ok(())
                }
            }
        }
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
