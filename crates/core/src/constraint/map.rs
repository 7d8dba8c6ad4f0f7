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
        // Preimages by a counting sort over the distinct images (few: a day, a slot), in
        // O(pairs) rather than sorting every pair: setting up a large model stays linear.
        let mut ys: Vec<Value> = Vec::new();
        for &(_, w) in &self.table {
            if ys.last() != Some(&w)
                && let Err(i) = ys.binary_search(&w)
            {
                ys.insert(i, w);
            }
        }
        let mut start = vec![0usize; ys.len() + 1];
        let slot = |w: Value| ys.binary_search(&w).unwrap_or(0);
        let mut last = (Value::MIN, 0usize);
        let mut index_of = |w: Value| {
            if last.0 != w {
                last = (w, slot(w));
            }
            last.1
        };
        for &(_, w) in &self.table {
            start[index_of(w) + 1] += 1;
        }
        for k in 0..ys.len() {
            start[k + 1] += start[k];
        }
        let mut fill = start.clone();
        let mut pre = vec![0; self.table.len()];
        for &(v, w) in &self.table {
            let k = index_of(w);
            pre[fill[k]] = v;
            fill[k] += 1;
        }
        // A direct table when x's values are not spread much wider than the pairs.
        let (mut dense, mut x0) = (Vec::new(), 0);
        if let (Some(&(lo, _)), Some(&(hi, _))) = (self.table.first(), self.table.last()) {
            let span = i64::from(hi) - i64::from(lo) + 1;
            if span <= 4 * self.table.len() as i64 + 64 {
                x0 = lo;
                dense = vec![None; span as usize];
                for &(a, b) in &self.table {
                    dense[(i64::from(a) - i64::from(lo)) as usize] = Some(b);
                }
            }
        }
        Box::new(MapPropagator {
            c: self,
            ys,
            start,
            pre,
            orphans: Vec::new(),
            removals: Vec::new(),
            dense,
            x0,
        })
    }
}

/// The propagator of [`Map`]: the preimage of each image value, so that each call costs
/// about `|D(y)|` plus the values it removes, not `|D(x)|` (a room-and-slot place has
/// hundreds of values, its slot tens).
#[derive(Debug)]
struct MapPropagator<'c> {
    c: &'c Map,
    /// The images, sorted.
    ys: Vec<Value>,
    /// `pre[start[k]..start[k + 1]]`: the values of `x` whose image is `ys[k]`.
    start: Vec<usize>,
    pre: Vec<Value>,
    /// Values of `x`'s initial domain with no image, removed at every call.
    orphans: Vec<Value>,
    /// Scratch: values of `x` to remove.
    removals: Vec<Value>,
    /// `f(x)` by `x − x0` when the table is dense enough.
    dense: Vec<Option<Value>>,
    x0: Value,
}

impl MapPropagator<'_> {
    #[inline]
    fn image(&self, v: Value) -> Option<Value> {
        if self.dense.is_empty() {
            return self.c.image(v);
        }
        let i = i64::from(v) - i64::from(self.x0);
        if i < 0 || i >= self.dense.len() as i64 {
            return None;
        }
        self.dense[i as usize]
    }
}

impl Propagator for MapPropagator<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.scope
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn prepare(&mut self, d: &DomainStore) {
        let x = self.c.scope[0];
        self.orphans = d.iter(x).filter(|&v| self.image(v).is_none()).collect();
        self.removals = Vec::with_capacity(d.size(x) as usize);
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let [x, y] = self.c.scope;
        d.count_revisions(2);
        for &v in &self.orphans {
            if d.contains(x, v) {
                d.remove(x, v)?;
            }
        }
        // x loses the preimages of the images y has lost: by walking those preimages, or x's
        // values when they are fewer (a placed lesson keeps a few rooms of hundreds).
        let lost = self.ys.iter().filter(|&&w| !d.contains(y, w)).count();
        if lost > 0 {
            let per_image = self.pre.len() / self.ys.len().max(1);
            if (d.size(x) as usize) * 8 < lost * per_image {
                self.removals.clear();
                for v in d.iter(x) {
                    if !self.image(v).is_some_and(|w| d.contains(y, w)) {
                        self.removals.push(v);
                    }
                }
                for &v in &self.removals {
                    d.remove(x, v)?;
                }
            } else {
                for k in 0..self.ys.len() {
                    if !d.contains(y, self.ys[k]) {
                        for &v in &self.pre[self.start[k]..self.start[k + 1]] {
                            if d.contains(x, v) {
                                d.remove(x, v)?;
                            }
                        }
                    }
                }
            }
        }
        // y keeps the images with a preimage left in x.
        let mut next = d.min(y);
        while let Some(w) = next {
            let supported = match self.ys.binary_search(&w) {
                Ok(k) => self.pre[self.start[k]..self.start[k + 1]]
                    .iter()
                    .any(|&v| d.contains(x, v)),
                Err(_) => false,
            };
            if !supported {
                d.remove(y, w)?;
            }
            next = w.checked_add(1).and_then(|v| d.next_value(y, v));
        }
        Ok(())
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        match (d.value(self.c.scope[0]), d.value(self.c.scope[1])) {
            (Some(a), Some(b)) => self.c.is_satisfied(&[a, b]),
            _ => true,
        }
    }
}
