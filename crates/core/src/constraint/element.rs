//! `z = xs[i]`: the element constraint over an array of variables (MiniZinc's
//! `array_var_int_element`; over constants it is a [`Map`](super::Map) from index to value).

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `z = xs[i − offset]`: the index picks one variable of the array, whose value `z` takes.
/// Propagated as Gecode and Choco do: an index value stays while its variable's bounds meet
/// `z`'s; `z` lies within the bounds of the variables the index may still pick, and holds only
/// values one of them has (when its domain is small); a fixed index makes `z` and its
/// variable equal on bounds and values.
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// use csp_core::constraint::Element;
/// let mut m = Model::new();
/// let xs = m.new_vars("x", 3, 0..=2).unwrap();
/// let i = m.new_var("i", 1..=3).unwrap();
/// let z = m.new_var("z", 2..=2).unwrap();
/// m.post(Element::new(i, xs, 1, z)).unwrap();
/// // i picks one of three variables, which is 2; the other two are free (3·3 each).
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(1000).count, 3 * 9);
/// ```
#[derive(Debug, Clone)]
pub struct Element {
    /// The index, the result, then the array.
    scope: Vec<VarId>,
    offset: Value,
}

/// Values of `z` walked to keep only those some candidate has, at most.
const VALUE_WALK: u32 = 256;

impl Element {
    /// `z = xs[i − offset]` (offset 1 for MiniZinc's arrays, which start at 1).
    pub fn new(i: VarId, xs: Vec<VarId>, offset: Value, z: VarId) -> Self {
        let mut scope = vec![i, z];
        scope.extend(xs);
        Element { scope, offset }
    }

    fn pick(&self, i: Value) -> Option<VarId> {
        let k = i64::from(i) - i64::from(self.offset);
        usize::try_from(k)
            .ok()
            .and_then(|k| self.scope.get(k + 2).copied())
    }
}

impl Constraint for Element {
    fn kind(&self) -> &'static str {
        "element"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, v: &[Value]) -> bool {
        let k = i64::from(v[0]) - i64::from(self.offset);
        usize::try_from(k)
            .ok()
            .and_then(|k| v.get(k + 2))
            .is_some_and(|&x| x == v[1])
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        format!(
            "{} = [{}][{}]",
            name(self.scope[1]),
            names(&self.scope[2..], name, ", "),
            name(self.scope[0])
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(ElementPropagator {
            c: self,
            keep: Vec::new(),
            gone: Vec::new(),
        })
    }
}

#[derive(Debug)]
struct ElementPropagator<'a> {
    c: &'a Element,
    keep: Vec<Value>,
    gone: Vec<Value>,
}

fn bounds(d: &DomainStore, x: VarId) -> Result<(Value, Value), Conflict> {
    match (d.min(x), d.max(x)) {
        (Some(a), Some(b)) => Ok((a, b)),
        _ => Err(Conflict),
    }
}

impl Propagator for ElementPropagator<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.scope
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        // To its own fixpoint: the engine does not wake a propagator for its own changes.
        crate::propagation::to_fixpoint(d, |d| self.pass(d))
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        self.check_fixed_part(d)
    }
}

impl ElementPropagator<'_> {
    fn pass(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let (i, z) = (self.c.scope[0], self.c.scope[1]);
        let n = self.c.scope.len() - 2;
        let lo = i64::from(self.c.offset);
        d.set_min(i, self.c.offset)?;
        d.set_max(
            i,
            (lo + n as i64 - 1).clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value,
        )?;
        // Index values whose variable cannot meet z go; z within the rest's bounds.
        let (zl, zh) = bounds(d, z)?;
        let (mut ul, mut uh) = (Value::MAX, Value::MIN);
        let c = self.c;
        let gone = &mut self.gone;
        gone.clear();
        for k in d.iter(i).take(n) {
            let x = c.pick(k).ok_or(Conflict)?;
            let (xl, xh) = bounds(d, x)?;
            if xh < zl || xl > zh || (d.is_fixed(x) && !d.contains(z, xl)) {
                gone.push(k);
            } else {
                ul = ul.min(xl);
                uh = uh.max(xh);
            }
        }
        d.count_revisions(2);
        for &k in gone.iter() {
            d.remove(i, k)?;
        }
        if ul > uh {
            return Err(Conflict);
        }
        d.set_min(z, ul)?;
        d.set_max(z, uh)?;
        if let Some(k) = d.value(i) {
            // z and the picked variable are one: bounds both ways, values when small.
            let x = c.pick(k).ok_or(Conflict)?;
            let (xl, xh) = bounds(d, x)?;
            d.set_min(z, xl)?;
            d.set_max(z, xh)?;
            let (zl, zh) = bounds(d, z)?;
            d.set_min(x, zl)?;
            d.set_max(x, zh)?;
            if d.size(z) <= VALUE_WALK && d.size(x) <= VALUE_WALK {
                self.keep.clear();
                self.keep.extend(d.iter(z));
                let keep = &self.keep;
                d.retain(x, |v| keep.binary_search(&v).is_ok())?;
                self.keep.clear();
                self.keep.extend(d.iter(x));
                let keep = &self.keep;
                d.retain(z, |v| keep.binary_search(&v).is_ok())?;
            }
        } else if d.size(z) <= VALUE_WALK {
            // Each value of z needs a candidate that has it.
            self.keep.clear();
            for v in d.iter(z) {
                if d.iter(i)
                    .any(|k| c.pick(k).is_some_and(|x| d.contains(x, v)))
                {
                    self.keep.push(v);
                }
            }
            let keep = &self.keep;
            d.retain(z, |v| keep.binary_search(&v).is_ok())?;
        }
        Ok(())
    }

    fn check_fixed_part(&self, d: &DomainStore) -> bool {
        let values: Option<Vec<Value>> = self.c.scope.iter().map(|&x| d.value(x)).collect();
        match values {
            Some(v) => self.c.is_satisfied(&v),
            None => match (d.value(self.c.scope[0]), d.value(self.c.scope[1])) {
                (Some(k), Some(zv)) => self
                    .c
                    .pick(k)
                    .is_some_and(|x| d.value(x).is_none_or(|xv| xv == zv)),
                _ => true,
            },
        }
    }
}
