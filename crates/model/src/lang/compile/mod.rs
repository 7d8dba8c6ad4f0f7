//! From expressions to the engine's constraints. Arithmetic becomes linear forms
//! `Σ aᵢ·xᵢ + c` (so `x + 2*y <= z` is one linear constraint, not three), products,
//! divisions, `abs`, `min`, `max` and variable indices become auxiliary variables with their
//! own propagators, comparisons inside `or`, `not`, `->`, `<->` or a sum become 0/1
//! variables tied to them (reification), and the globals map to the engine's own.

use crate::lang::LangError;
use crate::lang::ast::Expr;
use crate::lang::eval::{Env, Eval, Fail, V};
use crate::lang::scope::{Key, Scope};
use csp_core::constraint::Relation;
use csp_core::domain::Representation;
use csp_core::{Domain, Model, Value, VarId};
use std::collections::HashMap;

mod constraint;
mod globals;
mod index;
mod linear;
mod truth;

pub use linear::Lin;

/// Auxiliary variables spanning fewer values than this are bitsets, wider ones intervals.
pub const BITSET_SPAN: i64 = 256;

/// `Σ terms rel rhs`.
pub(super) type Comparison = (Vec<(i64, VarId)>, Relation, i64);

/// A 0/1 variable, or its negation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Lit {
    pub(super) var: VarId,
    pub(super) negated: bool,
}

/// Compiles constraints and expressions into a model.
#[derive(Debug)]
pub struct Compiler<'m> {
    model: &'m mut Model,
    scope: &'m Scope,
    fixed: HashMap<i64, VarId>,
    aux: usize,
}

pub(super) fn err(at: usize, m: impl Into<String>) -> LangError {
    LangError::new(at, m)
}

/// A failure of constant evaluation as an error (a decision variable where a constant is
/// needed says so).
pub(super) fn constant_needed(f: Fail, what: &str) -> LangError {
    match f {
        Fail::NotConstant(at) => err(
            at,
            format!("{what} must be a constant; this is a decision variable"),
        ),
        Fail::Undefined(at, m) => err(at, m),
        Fail::Error(e) => e,
    }
}

/// Whether `0 rel rhs` holds (a comparison whose variables cancelled out).
pub(super) fn constant_truth(rel: Relation, rhs: i64) -> bool {
    match rel {
        Relation::Le => 0 <= rhs,
        Relation::Eq => rhs == 0,
        Relation::Ne => rhs != 0,
    }
}

impl<'m> Compiler<'m> {
    /// A compiler adding to `model`, names resolved in `scope`.
    pub fn new(model: &'m mut Model, scope: &'m Scope) -> Self {
        Compiler {
            model,
            scope,
            fixed: HashMap::new(),
            aux: 0,
        }
    }

    pub(super) fn constant(&self, e: &Expr, env: &mut Env) -> Result<Option<V>, LangError> {
        match Eval::constants(self.scope).value(e, env) {
            Ok(v) => Ok(Some(v)),
            Err(Fail::NotConstant(_)) => Ok(None),
            Err(Fail::Undefined(at, m)) => Err(err(at, m)),
            Err(Fail::Error(e)) => Err(e),
        }
    }

    pub(super) fn constant_int(
        &self,
        e: &Expr,
        env: &mut Env,
        what: &str,
    ) -> Result<i64, LangError> {
        Eval::constants(self.scope)
            .int(e, env)
            .map_err(|f| constant_needed(f, what))
    }

    pub(super) fn constant_ints(
        &self,
        e: &Expr,
        env: &mut Env,
        what: &str,
    ) -> Result<Vec<i64>, LangError> {
        let items = Eval::constants(self.scope)
            .list(e, env)
            .map_err(|f| constant_needed(f, what))?;
        items
            .into_iter()
            .map(|v| match v {
                V::Key(Key::Int(i)) => Ok(i),
                _ => Err(err(e.at, format!("{what}: expected integers"))),
            })
            .collect()
    }

    pub(super) fn post<C: csp_core::Constraint + 'static>(
        &mut self,
        c: Result<C, String>,
        at: usize,
    ) -> Result<(), LangError> {
        let c = c.map_err(|m| err(at, m))?;
        self.model.post(c).map_err(|e| err(at, e.to_string()))?;
        Ok(())
    }

    pub(super) fn value_of(&self, v: i64, at: usize) -> Result<Value, LangError> {
        Value::try_from(v).map_err(|_| err(at, format!("{v} is past the engine's 32-bit values")))
    }

    /// A new variable over `lo..=hi`.
    pub(super) fn new_aux(&mut self, lo: i64, hi: i64, at: usize) -> Result<VarId, LangError> {
        let (lo, hi) = (self.value_of(lo, at)?, self.value_of(hi, at)?);
        let repr = if i64::from(hi) - i64::from(lo) < BITSET_SPAN {
            Representation::Bits
        } else {
            Representation::Bounds
        };
        // `#n` cannot be written as a name in an expression; skip any a file declared.
        let mut name = format!("#{}", self.model.num_vars());
        while self.model.var_by_name(&name).is_some() {
            self.aux += 1;
            name = format!("#{}.{}", self.model.num_vars(), self.aux);
        }
        self.model
            .new_var_as(name, Domain::range(lo, hi), repr)
            .map_err(|e| err(at, e.to_string()))
    }

    /// A variable fixed to `v` (one per value).
    pub(super) fn fixed(&mut self, v: i64, at: usize) -> Result<VarId, LangError> {
        if let Some(&x) = self.fixed.get(&v) {
            return Ok(x);
        }
        let x = self.new_aux(v, v, at)?;
        self.fixed.insert(v, x);
        Ok(x)
    }

    /// A variable equal to the objective `e`.
    pub fn objective(&mut self, e: &Expr) -> Result<VarId, LangError> {
        let l = self.lin(e, &mut Vec::new())?;
        if l.terms.is_empty() {
            return Err(err(
                e.at,
                "the objective is a constant; expected an expression over variables",
            ));
        }
        self.var_of(l, e.at)
    }
}
