//! Inverse: two arrays of variables that are each other's inverse functions (MiniZinc's
//! `inverse`), a channelling between the two views of a permutation or a matching.

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `f[i] = j + g_offset ⇔ g[j] = i + f_offset`: `f` (indexed from `f_offset`) and `g`
/// (indexed from `g_offset`) are inverse functions, so both are permutations between their
/// index sets. Propagated to arc consistency on every pair: a value `v` stays in `f[i]` only
/// while `g[v − g_offset]` can still point back at `i`, and the other way round.
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// use csp_core::constraint::Inverse;
/// let mut m = Model::new();
/// let f = m.new_vars("f", 3, 1..=3).unwrap();
/// let g = m.new_vars("g", 3, 1..=3).unwrap();
/// m.post(Inverse::new(f, 1, g, 1)).unwrap();
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 6); // 3! permutations
/// ```
#[derive(Debug, Clone)]
pub struct Inverse {
    /// `f`, then `g`.
    scope: Vec<VarId>,
    n: usize,
    f_offset: Value,
    g_offset: Value,
}

impl Inverse {
    /// `f` and `g` inverse, indexed from `f_offset` and `g_offset`.
    pub fn new(f: Vec<VarId>, f_offset: Value, g: Vec<VarId>, g_offset: Value) -> Self {
        let n = f.len();
        let mut scope = f;
        scope.extend(g);
        Inverse {
            scope,
            n,
            f_offset,
            g_offset,
        }
    }

    fn f(&self) -> &[VarId] {
        &self.scope[..self.n]
    }

    fn g(&self) -> &[VarId] {
        &self.scope[self.n..]
    }

    /// One direction: `a[i] = j + b_offset` only if `b[j]` can be `i + a_offset`.
    fn channel(
        d: &mut DomainStore,
        a: &[VarId],
        a_offset: Value,
        b: &[VarId],
        b_offset: Value,
    ) -> Result<(), Conflict> {
        let hi = i64::from(b_offset) + b.len() as i64 - 1;
        for (i, &x) in a.iter().enumerate() {
            if b.is_empty() || hi > i64::from(Value::MAX) {
                return Err(Conflict);
            }
            d.set_min(x, b_offset)?;
            d.set_max(x, hi as Value)?;
            let back = (i64::from(a_offset) + i as i64) as Value;
            let gone: Vec<Value> = d
                .iter(x)
                .filter(|&v| !d.contains(b[(i64::from(v) - i64::from(b_offset)) as usize], back))
                .collect();
            for v in gone {
                d.remove(x, v)?;
            }
            d.count_revision();
        }
        Ok(())
    }
}

/// `xs[i]` pointing into `ys`, each back.
fn inverse_holds(xs: &[Value], x_offset: Value, ys: &[Value], y_offset: Value) -> bool {
    xs.iter().enumerate().all(|(i, &v)| {
        let k = i64::from(v) - i64::from(y_offset);
        usize::try_from(k)
            .ok()
            .and_then(|k| ys.get(k))
            .is_some_and(|&w| i64::from(w) == i64::from(x_offset) + i as i64)
    })
}

impl Constraint for Inverse {
    fn kind(&self) -> &'static str {
        "inverse"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, s: &[Value]) -> bool {
        let (f, g) = s.split_at(self.n);
        inverse_holds(f, self.f_offset, g, self.g_offset)
            && inverse_holds(g, self.g_offset, f, self.f_offset)
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        format!(
            "inverse([{}], [{}])",
            names(self.f(), name, ", "),
            names(self.g(), name, ", ")
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

impl Propagator for Inverse {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let this = &*self;
        crate::propagation::to_fixpoint(d, |d| {
            Self::channel(d, this.f(), this.f_offset, this.g(), this.g_offset)?;
            Self::channel(d, this.g(), this.g_offset, this.f(), this.f_offset)
        })
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        super::holds_once_fixed(self, d)
    }
}
