//! Bin packing with loads: items of fixed weights put in bins, each bin's load the sum of
//! its items' weights (MiniZinc's `bin_packing_load`).

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `load[b] = Σ { w[i] : bin[i] = b + offset }` for every bin `b`, each item in a bin, the
/// weights fixed and not negative. Propagated by Shaw's (2004) rules on bounds: a load lies
/// between the weight already in its bin and the weight that could still join it, and
/// within what the total weight leaves after the other bins; an item too heavy for what a
/// bin can still take leaves that bin, and an item a bin cannot do without is put in it.
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// use csp_core::constraint::BinPackingLoad;
/// let mut m = Model::new();
/// let load = m.new_vars("load", 2, 0..=3).unwrap();
/// let bin = m.new_vars("bin", 3, 1..=2).unwrap();
/// m.post(BinPackingLoad::new(load, bin, vec![1, 2, 2], 1).unwrap()).unwrap();
/// // Weights 1, 2, 2 into two bins of at most 3: the 2s apart, the 1 with either.
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 4);
/// ```
#[derive(Debug, Clone)]
pub struct BinPackingLoad {
    /// The loads, then the items' bins.
    scope: Vec<VarId>,
    bins: usize,
    weights: Vec<i64>,
    offset: Value,
}

impl BinPackingLoad {
    /// Items of `weights` in `bin` (bins numbered from `offset`), `load` per bin.
    pub fn new(
        load: Vec<VarId>,
        bin: Vec<VarId>,
        weights: Vec<i64>,
        offset: Value,
    ) -> Result<Self, String> {
        if bin.len() != weights.len() {
            return Err(format!("{} items but {} weights", bin.len(), weights.len()));
        }
        // Bounded so that every sum of weights fits 64 bits.
        if weights
            .iter()
            .any(|&w| !(0..=i64::from(Value::MAX)).contains(&w))
        {
            return Err(format!("a weight outside 0..={}", Value::MAX));
        }
        let bins = load.len();
        let mut scope = load;
        scope.extend(bin);
        Ok(BinPackingLoad {
            scope,
            bins,
            weights,
            offset,
        })
    }

    fn loads(&self) -> &[VarId] {
        &self.scope[..self.bins]
    }

    fn items(&self) -> &[VarId] {
        &self.scope[self.bins..]
    }

    fn label(&self, b: usize) -> Option<Value> {
        Value::try_from(i64::from(self.offset) + b as i64).ok()
    }

    fn pass(&self, d: &mut DomainStore) -> Result<(), Conflict> {
        let (loads, items) = (self.loads(), self.items());
        let m = loads.len();
        d.count_revisions(self.scope.len() as u64);
        if m == 0 {
            return if items.is_empty() {
                Ok(())
            } else {
                Err(Conflict)
            };
        }
        let (lo, hi) = (
            self.label(0).ok_or(Conflict)?,
            self.label(m - 1).ok_or(Conflict)?,
        );
        for &x in items {
            d.set_min(x, lo)?;
            d.set_max(x, hi)?;
        }
        // Weight in each bin (required) and that could still join it (possible).
        let mut required = vec![0i64; m];
        let mut possible = vec![0i64; m];
        for (&x, &w) in items.iter().zip(&self.weights) {
            match d.value(x) {
                Some(v) => required[(i64::from(v) - i64::from(self.offset)) as usize] += w,
                None => {
                    for v in d.iter(x) {
                        possible[(i64::from(v) - i64::from(self.offset)) as usize] += w;
                    }
                }
            }
        }
        let total: i64 = self.weights.iter().sum();
        for b in 0..m {
            let l = loads[b];
            d.set_min(l, clamp(required[b]))?;
            d.set_max(l, clamp(required[b] + possible[b]))?;
        }
        // What the other bins leave of the total.
        let (mut sum_min, mut sum_max) = (0i64, 0i64);
        for &l in loads {
            sum_min += i64::from(d.min(l).ok_or(Conflict)?);
            sum_max += i64::from(d.max(l).ok_or(Conflict)?);
        }
        for &l in loads {
            let (a, z) = (
                i64::from(d.min(l).ok_or(Conflict)?),
                i64::from(d.max(l).ok_or(Conflict)?),
            );
            d.set_min(l, clamp(total - (sum_max - z)))?;
            d.set_max(l, clamp(total - (sum_min - a)))?;
        }
        // Items: out of a bin they would overfill, into a bin that needs them.
        for (&x, &w) in items.iter().zip(&self.weights) {
            if d.is_fixed(x) || w == 0 {
                continue;
            }
            let candidates: Vec<Value> = d.iter(x).collect();
            for v in candidates {
                let b = (i64::from(v) - i64::from(self.offset)) as usize;
                let l = loads[b];
                if required[b] + w > i64::from(d.max(l).ok_or(Conflict)?) {
                    d.remove(x, v)?;
                } else if required[b] + possible[b] - w < i64::from(d.min(l).ok_or(Conflict)?) {
                    d.assign(x, v)?;
                    break;
                }
            }
        }
        Ok(())
    }
}

/// A weight sum as a domain bound (sums past the values' range are clamped: they bound
/// nothing a value can reach).
fn clamp(v: i64) -> Value {
    v.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value
}

impl Constraint for BinPackingLoad {
    fn kind(&self) -> &'static str {
        "bin_packing_load"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, s: &[Value]) -> bool {
        let (loads, bins) = s.split_at(self.bins);
        let mut sum = vec![0i64; loads.len()];
        for (&b, &w) in bins.iter().zip(&self.weights) {
            let k = i64::from(b) - i64::from(self.offset);
            match usize::try_from(k).ok().filter(|&k| k < loads.len()) {
                Some(k) => sum[k] += w,
                None => return false,
            }
        }
        loads.iter().zip(&sum).all(|(&l, &s)| i64::from(l) == s)
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        format!(
            "bin_packing_load([{}], [{}])",
            names(self.loads(), name, ", "),
            names(self.items(), name, ", ")
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

impl Propagator for BinPackingLoad {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn wake(&self) -> Wake {
        if self.scope.is_empty() {
            Wake::Never
        } else {
            Wake::Change
        }
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
