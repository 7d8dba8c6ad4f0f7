//! Linear constraints `Σ aᵢ·xᵢ ⋈ c` with `⋈` one of `≤`, `=`, `≠`, plain, reified
//! (`b ↔ Σ aᵢ·xᵢ ⋈ c`) or half-reified (`b → Σ aᵢ·xᵢ ⋈ c`): sums, comparisons, and (over
//! 0/1 variables) clauses, conjunctions and counts.

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// The relation between the sum and the constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Relation {
    /// `Σ ≤ c`.
    Le,
    /// `Σ = c`.
    Eq,
    /// `Σ ≠ c`.
    Ne,
}

/// How a boolean (a 0/1 variable) is tied to the relation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reification {
    /// The relation holds.
    None,
    /// `b = 1` exactly when the relation holds.
    Equiv(VarId),
    /// `b = 1` implies the relation (half-reification).
    Implied(VarId),
}

/// `Σ aᵢ·xᵢ ⋈ c`, possibly reified. Propagated on bounds: for `≤`, each term is bounded by
/// what the others leave at their least (`aᵢ·xᵢ ≤ c − Σⱼ≠ᵢ min(aⱼ·xⱼ)`), which is bounds
/// consistency; `=` is both inequalities; `≠` removes the one value left to a last free
/// variable. Reified, the boolean is set once the relation is entailed or refuted by the
/// bounds, and the relation (or its negation) is enforced once the boolean is fixed. Sums
/// are taken in 128 bits: no overflow for any coefficients and values.
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// use csp_core::constraint::{Linear, Relation, Reification};
/// let mut m = Model::new();
/// let x = m.new_var("x", 0..=9).unwrap();
/// let y = m.new_var("y", 0..=9).unwrap();
/// m.post(Linear::new(vec![(2, x), (3, y)], Relation::Eq, 12, Reification::None).unwrap()).unwrap();
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 3); // (0,4) (3,2) (6,0)
/// ```
#[derive(Debug, Clone)]
pub struct Linear {
    /// The sum's variables, then the reifying boolean (if any).
    scope: Vec<VarId>,
    coeffs: Vec<i64>,
    relation: Relation,
    rhs: i64,
    reif: Reification,
}

impl Linear {
    /// `Σ a·x ⋈ rhs` over the `(a, x)` terms. A variable named twice has its coefficients
    /// added; zero coefficients are dropped. Refuses a boolean that is also in the sum.
    pub fn new(
        terms: Vec<(i64, VarId)>,
        relation: Relation,
        rhs: i64,
        reif: Reification,
    ) -> Result<Self, String> {
        let mut merged: Vec<(VarId, i64)> = Vec::with_capacity(terms.len());
        for (a, x) in terms {
            match merged.iter_mut().find(|(y, _)| *y == x) {
                Some((_, b)) => {
                    *b = b.checked_add(a).ok_or("a coefficient past 64 bits")?;
                }
                None => merged.push((x, a)),
            }
        }
        merged.retain(|&(_, a)| a != 0);
        let (mut scope, coeffs): (Vec<VarId>, Vec<i64>) = merged.into_iter().unzip();
        if let Reification::Equiv(b) | Reification::Implied(b) = reif {
            if scope.contains(&b) {
                return Err("the reifying boolean is also in the sum".into());
            }
            scope.push(b);
        }
        Ok(Linear {
            scope,
            coeffs,
            relation,
            rhs,
            reif,
        })
    }

    fn terms(&self) -> usize {
        self.coeffs.len()
    }

    fn holds(&self, sum: i128) -> bool {
        let c = i128::from(self.rhs);
        match self.relation {
            Relation::Le => sum <= c,
            Relation::Eq => sum == c,
            Relation::Ne => sum != c,
        }
    }
}

impl Constraint for Linear {
    fn kind(&self) -> &'static str {
        "linear"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, v: &[Value]) -> bool {
        let sum: i128 = self
            .coeffs
            .iter()
            .zip(v)
            .map(|(&a, &x)| i128::from(a) * i128::from(x))
            .sum();
        let holds = self.holds(sum);
        match self.reif {
            Reification::None => holds,
            Reification::Equiv(_) => (v[self.terms()] != 0) == holds,
            Reification::Implied(_) => v[self.terms()] == 0 || holds,
        }
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        let mut s = String::new();
        for (i, (&a, &x)) in self.coeffs.iter().zip(&self.scope).enumerate() {
            let (sign, m) = if a < 0 {
                ("-", a.unsigned_abs())
            } else {
                ("+", a as u64)
            };
            if i == 0 {
                s.push_str(if a < 0 { "-" } else { "" });
            } else {
                s.push_str(&format!(" {sign} "));
            }
            if m != 1 {
                s.push_str(&format!("{m}·"));
            }
            s.push_str(&name(x));
        }
        if s.is_empty() {
            s.push('0');
        }
        let op = match self.relation {
            Relation::Le => "≤",
            Relation::Eq => "=",
            Relation::Ne => "≠",
        };
        let rel = format!("{s} {op} {}", self.rhs);
        match self.reif {
            Reification::None => rel,
            Reification::Equiv(b) => format!("{} ↔ ({rel})", names(&[b], name, "")),
            Reification::Implied(b) => format!("{} → ({rel})", names(&[b], name, "")),
        }
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(LinearPropagator { c: self })
    }
}

#[derive(Debug)]
struct LinearPropagator<'a> {
    c: &'a Linear,
}

/// A term's least and greatest value, `a·x` over `x`'s bounds.
#[inline]
fn term_range(d: &DomainStore, a: i64, x: VarId) -> Result<(i128, i128), Conflict> {
    let (Some(lo), Some(hi)) = (d.min(x), d.max(x)) else {
        return Err(Conflict);
    };
    let (p, q) = (
        i128::from(a) * i128::from(lo),
        i128::from(a) * i128::from(hi),
    );
    Ok(if a > 0 { (p, q) } else { (q, p) })
}

/// `⌊p / q⌋` and `⌈p / q⌉` for `q ≠ 0`.
fn floor_div(p: i128, q: i128) -> i128 {
    let (p, q) = if q < 0 { (-p, -q) } else { (p, q) };
    p.div_euclid(q)
}

impl LinearPropagator<'_> {
    /// The sum's least and greatest value over the current bounds.
    fn range(&self, d: &DomainStore) -> Result<(i128, i128), Conflict> {
        let (mut lo, mut hi) = (0i128, 0i128);
        for (&a, &x) in self.c.coeffs.iter().zip(&self.c.scope) {
            let (p, q) = term_range(d, a, x)?;
            lo += p;
            hi += q;
        }
        Ok((lo, hi))
    }

    /// Bounds consistency for `sign·Σ aᵢ·xᵢ ≤ rhs` (`sign` ±1). `Ok(true)` when a bound moved.
    fn at_most(&self, d: &mut DomainStore, sign: i64, rhs: i128) -> Result<bool, Conflict> {
        let c = self.c;
        let mut least = 0i128;
        for (&a, &x) in c.coeffs.iter().zip(&c.scope) {
            least += term_range(d, sign * a, x)?.0;
        }
        if least > rhs {
            return Err(Conflict);
        }
        let slack = rhs - least;
        let mut changed = false;
        for (&a, &x) in c.coeffs.iter().zip(&c.scope) {
            let a = i128::from(sign * a);
            let (Some(lo), Some(hi)) = (d.min(x), d.max(x)) else {
                return Err(Conflict);
            };
            d.count_revision();
            // a·x may grow by `slack` above its least: x ≤ lo + slack/a, or x ≥ hi − slack/|a|.
            if a > 0 {
                let bound = i128::from(lo) + floor_div(slack, a);
                if bound < i128::from(hi) {
                    changed |= d.set_max(x, bound as Value)?;
                }
            } else {
                let bound = i128::from(hi) - floor_div(slack, -a);
                if bound > i128::from(lo) {
                    changed |= d.set_min(x, bound as Value)?;
                }
            }
        }
        Ok(changed)
    }

    /// `Σ = rhs` as both inequalities, to their common fixpoint (a sum with no integer
    /// solution, `2x − 2y = 1`, walks its bounds in until they cross).
    fn equal(&self, d: &mut DomainStore, rhs: i128) -> Result<(), Conflict> {
        crate::propagation::to_fixpoint(d, |d| {
            self.at_most(d, 1, rhs)?;
            self.at_most(d, -1, -rhs).map(|_| ())
        })
    }

    /// `Σ ≠ rhs`: with one variable left free, its one forbidden value goes; all fixed, a test.
    fn not_equal(&self, d: &mut DomainStore, rhs: i128) -> Result<(), Conflict> {
        let c = self.c;
        let mut free = None;
        let mut fixed_sum = 0i128;
        for (&a, &x) in c.coeffs.iter().zip(&c.scope) {
            match d.value(x) {
                Some(v) => fixed_sum += i128::from(a) * i128::from(v),
                None if free.is_none() => free = Some((a, x)),
                None => return Ok(()),
            }
        }
        match free {
            None if fixed_sum == rhs => Err(Conflict),
            None => Ok(()),
            Some((a, x)) => {
                let rest = rhs - fixed_sum;
                let a = i128::from(a);
                if rest % a == 0
                    && let Ok(v) = Value::try_from(rest / a)
                {
                    d.count_revision();
                    d.remove(x, v)?;
                }
                Ok(())
            }
        }
    }

    /// Enforces the relation (`positive`) or its negation.
    fn enforce(&self, d: &mut DomainStore, positive: bool) -> Result<(), Conflict> {
        let rhs = i128::from(self.c.rhs);
        match (self.c.relation, positive) {
            (Relation::Le, true) => self.at_most(d, 1, rhs).map(|_| ()),
            // ¬(Σ ≤ c) is Σ ≥ c + 1, that is −Σ ≤ −c − 1.
            (Relation::Le, false) => self.at_most(d, -1, -rhs - 1).map(|_| ()),
            (Relation::Eq, true) | (Relation::Ne, false) => self.equal(d, rhs),
            (Relation::Eq, false) | (Relation::Ne, true) => self.not_equal(d, rhs),
        }
    }

    /// Whether the bounds make the relation certain (`Some(true)`), impossible
    /// (`Some(false)`), or neither.
    fn entailed(&self, d: &DomainStore) -> Result<Option<bool>, Conflict> {
        let (lo, hi) = self.range(d)?;
        let c = i128::from(self.c.rhs);
        Ok(match self.c.relation {
            Relation::Le if hi <= c => Some(true),
            Relation::Le if lo > c => Some(false),
            Relation::Eq | Relation::Ne if lo == hi => Some(self.c.holds(lo)),
            Relation::Eq if c < lo || c > hi => Some(false),
            Relation::Ne if c < lo || c > hi => Some(true),
            _ => None,
        })
    }
}

impl Propagator for LinearPropagator<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.scope
    }

    fn wake(&self) -> Wake {
        // On one variable, one run at the root enforces it completely (bounds of a single
        // term are exact), as the engine expects of unary constraints.
        if self.c.scope.len() < 2 {
            Wake::Never
        } else {
            Wake::Change
        }
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let b = match self.c.reif {
            Reification::None => return self.enforce(d, true),
            Reification::Equiv(b) | Reification::Implied(b) => b,
        };
        let implied = matches!(self.c.reif, Reification::Implied(_));
        match super::member::truth(d, b) {
            Some(false) if implied => Ok(()),
            Some(v) => self.enforce(d, v),
            None => match self.entailed(d)? {
                Some(true) if !implied => d.remove(b, 0).map(|_| ()),
                Some(false) => d.retain(b, |v| v == 0).map(|_| ()),
                _ => Ok(()),
            },
        }
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        super::holds_once_fixed(self.c, d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::GenericPropagator;
    use crate::{Domain, Model, Search, SearchConfig};

    #[test]
    fn describes_itself_readably() {
        let (x, y, b) = (VarId::new(0), VarId::new(1), VarId::new(2));
        let c = Linear::new(
            vec![(1, x), (-2, y), (1, x)],
            Relation::Le,
            7,
            Reification::Equiv(b),
        )
        .unwrap();
        let name = |v: VarId| ["x", "y", "b"][v.index()].to_string();
        assert_eq!(c.describe(&name), "b ↔ (2·x - 2·y ≤ 7)");
        assert!(Linear::new(vec![(1, b)], Relation::Le, 0, Reification::Implied(b)).is_err());
    }

    #[test]
    fn a_sum_too_large_for_64_bits_is_still_exact() {
        let mut m = Model::new();
        let x = m
            .new_var("x", Domain::range(i32::MAX - 1, i32::MAX))
            .unwrap();
        let y = m
            .new_var("y", Domain::range(i32::MAX - 1, i32::MAX))
            .unwrap();
        let big = i64::MAX / 2;
        m.post(
            Linear::new(
                vec![(big, x), (big, y)],
                Relation::Le,
                big * 2 - 1,
                Reification::None,
            )
            .unwrap(),
        )
        .unwrap();
        // 2^62·(x + y) ≤ 2^63 − 1 has no solution with x, y near 2^31.
        assert_eq!(Search::new(&m, SearchConfig::default()).count(10).count, 0);
        let _ = GenericPropagator::new(m.constraint(crate::ConstraintId::new(0)));
    }
}
