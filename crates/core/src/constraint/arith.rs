//! `z = x ∘ y` for the integer operations a model needs beyond sums: product, quotient,
//! remainder, power, minimum and maximum (MiniZinc's `int_times`, `int_div`, `int_mod`,
//! `int_pow`, `int_min`, `int_max`).

use super::Constraint;
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// Pairs `(x, y)` walked to filter by supports, at most: below it the propagator is domain
/// consistent, above it it reasons on bounds.
const SUPPORT_PAIRS: u64 = 4096;

/// The operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    /// `x · y`.
    Times,
    /// `x / y` rounded toward zero; `y ≠ 0`.
    Div,
    /// `x − y · (x / y)`, the sign of `x`; `y ≠ 0`.
    Mod,
    /// `x` to the power `y`; `y ≥ 0`.
    Pow,
    /// The smaller.
    Min,
    /// The larger.
    Max,
}

impl Op {
    /// The result, when defined and a value.
    pub fn apply(self, x: Value, y: Value) -> Option<Value> {
        let (a, b) = (i64::from(x), i64::from(y));
        let r = match self {
            Op::Times => a * b,
            Op::Div => a.checked_div(b)?,
            Op::Mod => a.checked_rem(b)?,
            Op::Pow => {
                let e = u32::try_from(b).ok()?;
                a.checked_pow(e.min(64))
                    .filter(|_| e <= 64 || a.abs() <= 1)?
            }
            Op::Min => a.min(b),
            Op::Max => a.max(b),
        };
        Value::try_from(r).ok()
    }

    fn symbol(self) -> &'static str {
        match self {
            Op::Times => "·",
            Op::Div => "div",
            Op::Mod => "mod",
            Op::Pow => "^",
            Op::Min => "min",
            Op::Max => "max",
        }
    }
}

/// `z = x ∘ y`. Domain consistent (every value left has a support) while the domains of `x`
/// and `y` have at most `SUPPORT_PAIRS` (4,096) pairs; beyond, `z` is bounded by the operation over
/// the bounds of `x` and `y` (and, for min, max and products of sign-definite factors, `x`
/// and `y` by `z`'s), and a fixed `x` and `y` fix `z`.
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// use csp_core::constraint::{Arith, Op};
/// let mut m = Model::new();
/// let x = m.new_var("x", 1..=6).unwrap();
/// let y = m.new_var("y", 1..=6).unwrap();
/// let z = m.new_var("z", 12..=12).unwrap();
/// m.post(Arith::new(Op::Times, x, y, z)).unwrap();
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 4); // 2·6 3·4 4·3 6·2
/// ```
#[derive(Debug, Clone)]
pub struct Arith {
    op: Op,
    scope: [VarId; 3],
}

impl Arith {
    /// `z = x op y`.
    pub fn new(op: Op, x: VarId, y: VarId, z: VarId) -> Self {
        Arith {
            op,
            scope: [x, y, z],
        }
    }
}

impl Constraint for Arith {
    fn kind(&self) -> &'static str {
        "arith"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, v: &[Value]) -> bool {
        self.op.apply(v[0], v[1]) == Some(v[2])
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        let [x, y, z] = self.scope.map(name);
        match self.op {
            Op::Min | Op::Max => format!("{z} = {}({x}, {y})", self.op.symbol()),
            op => format!("{z} = {x} {} {y}", op.symbol()),
        }
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(ArithPropagator {
            c: self,
            xs: Vec::new(),
            ys: Vec::new(),
            zs: Vec::new(),
        })
    }
}

#[derive(Debug)]
struct ArithPropagator<'a> {
    c: &'a Arith,
    /// Supported values found in the last walk.
    xs: Vec<Value>,
    ys: Vec<Value>,
    zs: Vec<Value>,
}

fn bounds(d: &DomainStore, x: VarId) -> Result<(i64, i64), Conflict> {
    match (d.min(x), d.max(x)) {
        (Some(a), Some(b)) => Ok((i64::from(a), i64::from(b))),
        _ => Err(Conflict),
    }
}

/// Moves `x`'s bounds inside `lo..=hi` (a conflict when they cross).
fn narrow(d: &mut DomainStore, x: VarId, lo: i64, hi: i64) -> Result<(), Conflict> {
    if lo > hi {
        return Err(Conflict);
    }
    let clamp = |v: i64| v.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value;
    d.set_min(x, clamp(lo))?;
    d.set_max(x, clamp(hi))?;
    Ok(())
}

impl ArithPropagator<'_> {
    /// Domain consistency by walking every pair.
    fn supports(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let [x, y, z] = self.c.scope;
        let (xs, ys, zs) = (&mut self.xs, &mut self.ys, &mut self.zs);
        xs.clear();
        ys.clear();
        zs.clear();
        // A variable in several places takes one value in a support.
        let (xy, xz, yz) = (x == y, x == z, y == z);
        for a in d.iter(x) {
            let mut any = false;
            for b in d.iter(y) {
                if xy && b != a {
                    continue;
                }
                if let Some(r) = self.c.op.apply(a, b)
                    && d.contains(z, r)
                    && (!xz || r == a)
                    && (!yz || r == b)
                {
                    any = true;
                    ys.push(b);
                    zs.push(r);
                }
            }
            if any {
                xs.push(a);
            }
        }
        ys.sort_unstable();
        ys.dedup();
        zs.sort_unstable();
        zs.dedup();
        d.count_revisions(3);
        d.retain(x, |v| xs.binary_search(&v).is_ok())?;
        d.retain(y, |v| ys.binary_search(&v).is_ok())?;
        d.retain(z, |v| zs.binary_search(&v).is_ok())?;
        Ok(())
    }

    /// Bounds reasoning, for wide domains.
    fn on_bounds(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let [x, y, z] = self.c.scope;
        d.count_revisions(3);
        if let (Some(a), Some(b)) = (d.value(x), d.value(y)) {
            let r = self.c.op.apply(a, b).ok_or(Conflict)?;
            d.assign(z, r)?;
            return Ok(());
        }
        let ((xl, xh), (yl, yh)) = (bounds(d, x)?, bounds(d, y)?);
        let (zl, zh) = bounds(d, z)?;
        match self.c.op {
            Op::Min => {
                narrow(d, z, xl.min(yl), xh.min(yh))?;
                // Both are at least z.
                narrow(d, x, zl, xh)?;
                narrow(d, y, zl, yh)?;
            }
            Op::Max => {
                narrow(d, z, xl.max(yl), xh.max(yh))?;
                narrow(d, x, xl, zh)?;
                narrow(d, y, yl, zh)?;
            }
            Op::Times => {
                let c = [xl * yl, xl * yh, xh * yl, xh * yh];
                narrow(
                    d,
                    z,
                    *c.iter().min().unwrap_or(&0),
                    *c.iter().max().unwrap_or(&0),
                )?;
                // x within z / y when y keeps one sign (and the same for y).
                for (u, (vl, vh)) in [(x, (yl, yh)), (y, (xl, xh))] {
                    if vl > 0 || vh < 0 {
                        let q = [
                            zl as f64 / vl as f64,
                            zl as f64 / vh as f64,
                            zh as f64 / vl as f64,
                            zh as f64 / vh as f64,
                        ];
                        let lo = q.iter().copied().fold(f64::INFINITY, f64::min).floor() as i64;
                        let hi = q.iter().copied().fold(f64::NEG_INFINITY, f64::max).ceil() as i64;
                        let (ul, uh) = bounds(d, u)?;
                        narrow(d, u, ul.max(lo), uh.min(hi))?;
                    }
                }
            }
            Op::Div => {
                // Extremes of x / y lie at y's bounds or at ±1 (the divisors nearest zero).
                let mut ds: Vec<i64> = vec![yl, yh];
                if yl <= 1 && 1 <= yh {
                    ds.push(1);
                }
                if yl <= -1 && -1 <= yh {
                    ds.push(-1);
                }
                let qs: Vec<i64> = ds
                    .iter()
                    .filter(|&&v| v != 0)
                    .flat_map(|&v| [xl / v, xh / v])
                    .collect();
                match (qs.iter().min(), qs.iter().max()) {
                    (Some(&lo), Some(&hi)) => narrow(d, z, lo, hi)?,
                    _ => return Err(Conflict),
                }
                d.remove(y, 0)?;
            }
            Op::Mod => {
                let m = yl.abs().max(yh.abs()) - 1;
                let lo = if xl < 0 { -m.min(xl.abs()) } else { 0 };
                let hi = if xh > 0 { m.min(xh) } else { 0 };
                narrow(d, z, lo, hi)?;
                d.remove(y, 0)?;
            }
            Op::Pow => {
                d.set_min(y, 0)?;
            }
        }
        Ok(())
    }
}

impl Propagator for ArithPropagator<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.scope
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let [x, y, _] = self.c.scope;
        // To its own fixpoint: the engine does not wake a propagator for its own changes.
        crate::propagation::to_fixpoint(d, |d| {
            if u64::from(d.size(x)) * u64::from(d.size(y)) <= SUPPORT_PAIRS {
                self.supports(d)
            } else {
                self.on_bounds(d)
            }
        })
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        match self.c.scope.map(|x| d.value(x)) {
            [Some(a), Some(b), Some(c)] => self.c.is_satisfied(&[a, b, c]),
            _ => true,
        }
    }
}
