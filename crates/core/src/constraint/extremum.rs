//! `m = max(xs)` and `m = min(xs)` (MiniZinc's `array_int_maximum`, `array_int_minimum`,
//! and the binary `int_max`, `int_min`).

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `m = max(xs)` (or `min`). Bounds consistent: `m` lies between the largest lower bound
/// and the largest upper bound of the `xs`; every `x` is at most `m`; when only one `x` can
/// still reach `m`'s lower bound, it is at least that (and symmetrically for `min`).
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// use csp_core::constraint::Extremum;
/// let mut m = Model::new();
/// let xs = m.new_vars("x", 2, 0..=2).unwrap();
/// let top = m.new_var("m", 1..=1).unwrap();
/// m.post(Extremum::new(top, xs, true).unwrap()).unwrap();
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 3); // 01 10 11
/// ```
#[derive(Debug, Clone)]
pub struct Extremum {
    /// `m`, then the `xs`.
    scope: Vec<VarId>,
    max: bool,
}

impl Extremum {
    /// `m = max(xs)` when `max`, else `m = min(xs)`; `xs` must not be empty.
    pub fn new(m: VarId, xs: Vec<VarId>, max: bool) -> Result<Self, String> {
        if xs.is_empty() {
            return Err("the maximum or minimum of no variable".into());
        }
        let mut scope = vec![m];
        scope.extend(xs);
        Ok(Extremum { scope, max })
    }
}

impl Constraint for Extremum {
    fn kind(&self) -> &'static str {
        if self.max { "maximum" } else { "minimum" }
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, v: &[Value]) -> bool {
        let rest = v[1..].iter().copied();
        let e = if self.max { rest.max() } else { rest.min() };
        e == Some(v[0])
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        format!(
            "{} = {}({})",
            name(self.scope[0]),
            self.kind().get(..3).unwrap_or("max"),
            names(&self.scope[1..], name, ", ")
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

fn bounds(d: &DomainStore, x: VarId) -> Result<(Value, Value), Conflict> {
    match (d.min(x), d.max(x)) {
        (Some(a), Some(b)) => Ok((a, b)),
        _ => Err(Conflict),
    }
}

impl Extremum {
    fn propagate_max(&self, d: &mut DomainStore) -> Result<(), Conflict> {
        let (m, xs) = (self.scope[0], &self.scope[1..]);
        let (mut lo, mut hi) = (Value::MIN, Value::MIN);
        for &x in xs {
            let (a, b) = bounds(d, x)?;
            lo = lo.max(a);
            hi = hi.max(b);
        }
        d.set_min(m, lo)?;
        d.set_max(m, hi)?;
        let (ml, mh) = bounds(d, m)?;
        let mut reach = None;
        let mut reaching = 0;
        for &x in xs {
            d.set_max(x, mh)?;
            if d.max(x).is_some_and(|b| b >= ml) {
                reaching += 1;
                reach = Some(x);
            }
        }
        match (reaching, reach) {
            (0, _) => Err(Conflict),
            (1, Some(x)) => d.set_min(x, ml).map(|_| ()),
            _ => Ok(()),
        }
    }

    fn propagate_min(&self, d: &mut DomainStore) -> Result<(), Conflict> {
        let (m, xs) = (self.scope[0], &self.scope[1..]);
        let (mut lo, mut hi) = (Value::MAX, Value::MAX);
        for &x in xs {
            let (a, b) = bounds(d, x)?;
            lo = lo.min(a);
            hi = hi.min(b);
        }
        d.set_min(m, lo)?;
        d.set_max(m, hi)?;
        let (ml, mh) = bounds(d, m)?;
        let mut reach = None;
        let mut reaching = 0;
        for &x in xs {
            d.set_min(x, ml)?;
            if d.min(x).is_some_and(|a| a <= mh) {
                reaching += 1;
                reach = Some(x);
            }
        }
        match (reaching, reach) {
            (0, _) => Err(Conflict),
            (1, Some(x)) => d.set_max(x, mh).map(|_| ()),
            _ => Ok(()),
        }
    }
}

impl Propagator for Extremum {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        d.count_revisions(self.scope.len() as u64);
        // To its own fixpoint: the engine does not wake a propagator for its own changes.
        let this = &*self;
        crate::propagation::to_fixpoint(d, |d| {
            if this.max {
                this.propagate_max(d)
            } else {
                this.propagate_min(d)
            }
        })
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        super::holds_once_fixed(self, d)
    }
}
