//! Lexicographic order: one array of variables no greater than another, read as words
//! (MiniZinc's `lex_lesseq`, the usual symmetry breaking between rows of a matrix).

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// `xs ≤lex ys`: at the first position where they differ, `xs` is smaller; a proper prefix
/// is smaller than the longer word. Propagated on bounds at the first position not yet fixed
/// equal (`α`): `x_α ≤ y_α`, and `x_α < y_α` when the rest is already bound to be
/// greater (Frisch, Hnich, Kiziltan, Miguel & Walsh 2002, with bounds for the domains).
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// use csp_core::constraint::LexLessEq;
/// let mut m = Model::new();
/// let x = m.new_vars("x", 2, 0..=1).unwrap();
/// let y = m.new_vars("y", 2, 0..=1).unwrap();
/// m.post(LexLessEq::new(x, y)).unwrap();
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 10); // 4·5/2
/// ```
#[derive(Debug, Clone)]
pub struct LexLessEq {
    /// `xs`, then `ys`.
    scope: Vec<VarId>,
    n: usize,
}

impl LexLessEq {
    /// `xs ≤lex ys`.
    pub fn new(xs: Vec<VarId>, ys: Vec<VarId>) -> Self {
        let n = xs.len();
        let mut scope = xs;
        scope.extend(ys);
        LexLessEq { scope, n }
    }

    fn xs(&self) -> &[VarId] {
        &self.scope[..self.n]
    }

    fn ys(&self) -> &[VarId] {
        &self.scope[self.n..]
    }

    /// Whether the words from position `from` on are bound to compare greater (`xs` part
    /// above `ys` part): each position is at least equal, until one is surely greater, or
    /// `xs` outlasts `ys`.
    fn rest_greater(&self, d: &DomainStore, from: usize) -> Result<bool, Conflict> {
        let (xs, ys) = (self.xs(), self.ys());
        for i in from..xs.len().min(ys.len()) {
            let (xl, yh) = (d.min(xs[i]).ok_or(Conflict)?, d.max(ys[i]).ok_or(Conflict)?);
            if xl > yh {
                return Ok(true);
            }
            if xl < yh {
                return Ok(false);
            }
        }
        Ok(xs.len() > ys.len())
    }

    fn pass(&self, d: &mut DomainStore) -> Result<(), Conflict> {
        let (xs, ys) = (self.xs(), self.ys());
        d.count_revisions(self.scope.len() as u64);
        for i in 0..xs.len().min(ys.len()) {
            let (x, y) = (xs[i], ys[i]);
            if let (Some(a), Some(b)) = (d.value(x), d.value(y)) {
                if a < b {
                    return Ok(()); // decided: smaller here
                }
                if a > b {
                    return Err(Conflict);
                }
                continue; // equal: the next position decides
            }
            // The first open position: x ≤ y there, strictly when the rest cannot help.
            let strict = self.rest_greater(d, i + 1)?;
            let (xl, yh) = (d.min(x).ok_or(Conflict)?, d.max(y).ok_or(Conflict)?);
            let gap = Value::from(strict);
            if i64::from(yh) - i64::from(gap) < i64::from(Value::MIN)
                || i64::from(xl) + i64::from(gap) > i64::from(Value::MAX)
            {
                return Err(Conflict);
            }
            d.set_max(x, yh - gap)?;
            d.set_min(y, xl + gap)?;
            return Ok(());
        }
        // Equal on the common length: the shorter word is the smaller.
        if xs.len() > ys.len() {
            return Err(Conflict);
        }
        Ok(())
    }
}

impl Constraint for LexLessEq {
    fn kind(&self) -> &'static str {
        "lex_lesseq"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, s: &[Value]) -> bool {
        let (x, y) = s.split_at(self.n);
        x <= y
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        format!(
            "[{}] ≤lex [{}]",
            names(self.xs(), name, ", "),
            names(self.ys(), name, ", ")
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(self.clone())
    }
}

impl Propagator for LexLessEq {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn wake(&self) -> Wake {
        Wake::Change
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
