//! `y = f(x)` for a function given by its table: a channelling constraint, the "view" that
//! maps a start slot to its day or a (room, slot) place to its slot.

use super::Constraint;
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `y = f(x)`, with `f` a finite function given as `(x, f(x))` pairs; values of `x` outside
/// its table are not allowed. Propagated to arc consistency: `x` keeps the values whose image
/// is in `y`'s domain, `y` the values that are the image of some value of `x`.
///
/// With `y` an auxiliary variable for the day of a start slot, an all-different over the
/// days of several lessons is posted directly (and propagated by matching), instead of its
/// quadratic decomposition on slots.
///
/// ```
/// use csp_core::{Domain, Model, Search, SearchConfig};
/// let mut m = Model::new();
/// let slot = m.new_vars("slot", 2, Domain::range(0, 5)).unwrap(); // 2 days × 3 periods
/// let day = m.new_vars("day", 2, Domain::range(0, 1)).unwrap();
/// for i in 0..2 {
///     m.map(slot[i], day[i], (0..6).map(|s| (s, s / 3)).collect()).unwrap();
/// }
/// m.all_different(&day).unwrap(); // the two lessons on different days
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 18);
/// ```
#[derive(Debug, Clone)]
pub struct Map {
    scope: [VarId; 2],
    /// Sorted by `x`, one pair per `x`.
    table: Vec<(Value, Value)>,
    /// Scratch: the images seen, sorted and deduplicated.
    seen: Vec<Value>,
    /// Scratch: values of `x` to remove.
    removals: Vec<Value>,
}

impl Map {
    /// `y = f(x)` with `f` given by `pairs`; when a value of `x` appears twice, the first pair
    /// counts.
    pub fn new(x: VarId, y: VarId, mut pairs: Vec<(Value, Value)>) -> Self {
        pairs.sort_by_key(|p| p.0);
        pairs.dedup_by_key(|p| p.0);
        Map {
            scope: [x, y],
            table: pairs,
            seen: Vec::new(),
            removals: Vec::new(),
        }
    }

    fn image(&self, x: Value) -> Option<Value> {
        self.table
            .binary_search_by_key(&x, |p| p.0)
            .ok()
            .map(|i| self.table[i].1)
    }
}

impl Constraint for Map {
    fn kind(&self) -> &'static str {
        "map"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, v: &[Value]) -> bool {
        self.image(v[0]) == Some(v[1])
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        let (x, y) = (name(self.scope[0]), name(self.scope[1]));
        format!("{y} = f({x}) over {} pairs", self.table.len())
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

impl Propagator for Map {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn prepare(&mut self, d: &DomainStore) {
        self.seen = Vec::with_capacity(d.size(self.scope[0]) as usize);
        self.removals = Vec::with_capacity(d.size(self.scope[0]) as usize);
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let [x, y] = self.scope;
        d.count_revisions(2);
        let table = &self.table;
        let image = |v: Value| {
            table
                .binary_search_by_key(&v, |p| p.0)
                .ok()
                .map(|i| table[i].1)
        };
        // x: keep values whose image y can still take.
        self.removals.clear();
        for v in d.iter(x) {
            if !image(v).is_some_and(|w| d.contains(y, w)) {
                self.removals.push(v);
            }
        }
        for &v in &self.removals {
            d.remove(x, v)?;
        }
        // y: keep the images of x's values.
        self.seen.clear();
        for v in d.iter(x) {
            if let Some(w) = image(v) {
                self.seen.push(w);
            }
        }
        self.seen.sort_unstable();
        self.seen.dedup();
        if self.seen.len() < d.size(y) as usize {
            let seen = &self.seen;
            d.retain(y, |w| seen.binary_search(&w).is_ok())?;
        }
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
