//! Global cardinality: how many of the variables take each of several values, counted by
//! variables (MiniZinc's `global_cardinality`, and the counts of one array that models such
//! as the magic sequence state value by value).

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `counts[k] = |{ i : xs[i] = values[k] }|` for distinct `values`. Propagated as the counts
/// one by one are (each count between the variables fixed to its value and those that can
/// take it; a count reached removes the value elsewhere, a count that needs every candidate
/// fixes them), in one pass over the variables instead of one per value, and with what the
/// counts imply together: their sum lies between the variables that must take one of the
/// values and those that can, which bounds each count by the others' (the implied constraint
/// `Σ counts = n` that makes the magic sequence easy).
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// use csp_core::constraint::Cardinality;
/// let mut m = Model::new();
/// let x = m.new_vars("x", 3, 0..=2).unwrap();
/// // Exactly one 0 and two 1s among three variables: 3 ways.
/// let c = vec![m.new_var("zeros", 1..=1).unwrap(), m.new_var("ones", 2..=2).unwrap()];
/// m.post(Cardinality::new(x, vec![0, 1], c).unwrap()).unwrap();
/// let mut s = Search::new(&m, SearchConfig::default());
/// assert_eq!(s.count(100).count, 3);
/// ```
#[derive(Debug, Clone)]
pub struct Cardinality {
    /// The variables, then the counts.
    scope: Vec<VarId>,
    values: Vec<Value>,
}

impl Cardinality {
    /// The number of `xs` equal to `values[k]` is `counts[k]`; the values distinct.
    pub fn new(xs: Vec<VarId>, values: Vec<Value>, counts: Vec<VarId>) -> Result<Self, String> {
        if values.len() != counts.len() {
            return Err(format!(
                "{} values but {} counts",
                values.len(),
                counts.len()
            ));
        }
        let mut sorted = values.clone();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err("a value is counted twice".into());
        }
        let mut scope = xs;
        scope.extend(counts);
        Ok(Cardinality { scope, values })
    }

    fn n(&self) -> usize {
        self.scope.len() - self.values.len()
    }

    fn xs(&self) -> &[VarId] {
        &self.scope[..self.n()]
    }

    fn counts(&self) -> &[VarId] {
        &self.scope[self.n()..]
    }
}

impl Constraint for Cardinality {
    fn kind(&self) -> &'static str {
        "global_cardinality"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, s: &[Value]) -> bool {
        let (xs, counts) = s.split_at(self.n());
        self.values
            .iter()
            .zip(counts)
            .all(|(&v, &c)| xs.iter().filter(|&&x| x == v).count() as i64 == i64::from(c))
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        let pairs: Vec<String> = self
            .values
            .iter()
            .zip(self.counts())
            .map(|(v, &c)| format!("{v}: {}", name(c)))
            .collect();
        format!(
            "global_cardinality([{}], {{{}}})",
            names(self.xs(), name, ", "),
            pairs.join(", ")
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(Counting {
            c: self,
            fixed: vec![0; self.values.len()],
            possible: vec![0; self.values.len()],
        })
    }
}

#[derive(Debug)]
struct Counting<'a> {
    c: &'a Cardinality,
    fixed: Vec<i64>,
    possible: Vec<i64>,
}

fn bounds(d: &DomainStore, x: VarId) -> Result<(i64, i64), Conflict> {
    match (d.min(x), d.max(x)) {
        (Some(a), Some(b)) => Ok((i64::from(a), i64::from(b))),
        _ => Err(Conflict),
    }
}

/// `v` as a count (counts are at most the number of variables, far below 2³¹).
fn count(v: i64) -> Value {
    v.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value
}

impl Counting<'_> {
    fn pass(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let c = self.c;
        self.fixed.iter_mut().for_each(|f| *f = 0);
        self.possible.iter_mut().for_each(|p| *p = 0);
        // Variables that can take one of the values, and those that must.
        let (mut can, mut must) = (0i64, 0i64);
        for &x in c.xs() {
            let mut hits = 0u32;
            for (k, &v) in c.values.iter().enumerate() {
                if d.contains(x, v) {
                    self.possible[k] += 1;
                    hits += 1;
                    if d.value(x) == Some(v) {
                        self.fixed[k] += 1;
                    }
                }
            }
            can += i64::from(hits > 0);
            must += i64::from(hits > 0 && hits == d.size(x));
        }
        d.count_revisions((c.xs().len() * c.values.len()) as u64);
        for (k, &y) in c.counts().iter().enumerate() {
            d.set_min(y, count(self.fixed[k]))?;
            d.set_max(y, count(self.possible[k]))?;
        }
        // Σ counts ∈ [must, can]: each count within what the others leave.
        let (mut lo_sum, mut hi_sum) = (0i64, 0i64);
        for &y in c.counts() {
            let (lo, hi) = bounds(d, y)?;
            lo_sum += lo;
            hi_sum += hi;
        }
        if lo_sum > can || hi_sum < must {
            return Err(Conflict);
        }
        for &y in c.counts() {
            let (lo, hi) = bounds(d, y)?;
            d.set_max(y, count(can - (lo_sum - lo)))?;
            d.set_min(y, count(must - (hi_sum - hi)))?;
        }
        // A count reached, or needing every candidate.
        for (k, &y) in c.counts().iter().enumerate() {
            let v = c.values[k];
            let (lo, hi) = bounds(d, y)?;
            let (fixed, possible) = (self.fixed[k], self.possible[k]);
            if possible == fixed {
                continue;
            }
            if hi == fixed {
                for &x in c.xs() {
                    if d.value(x) != Some(v) {
                        d.remove(x, v)?;
                    }
                }
            } else if lo == possible {
                for &x in c.xs() {
                    if d.contains(x, v) {
                        d.assign(x, v)?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl Propagator for Counting<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.scope
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        crate::propagation::to_fixpoint(d, |d| self.pass(d))
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        super::holds_once_fixed(self.c, d)
    }
}
