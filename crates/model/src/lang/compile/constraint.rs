//! Constraints stated at the top level: posted directly where the engine has the relation,
//! clauses over literals otherwise.

use super::{Compiler, Lin, Lit, constant_needed, constant_truth, err};
use crate::lang::LangError;
use crate::lang::ast::{BinOp, Expr, Generator, Kind};
use crate::lang::eval::{Env, Eval, Fail, V};
use crate::lang::scope::Key;
use csp_core::Value;
use csp_core::constraint::{Linear, Reification, Relation};

impl Compiler<'_> {
    /// Posts constraint `e` (a comprehension posts its body for each binding).
    pub fn constraint(&mut self, e: &Expr, env: &mut Env) -> Result<(), LangError> {
        let at = e.at;
        if let Some(v) = self.constant(e, env)? {
            return match v {
                V::Key(Key::Int(c)) if c != 0 => Ok(()),
                V::List(items)
                    if items
                        .iter()
                        .all(|v| matches!(v, V::Key(Key::Int(c)) if *c != 0)) =>
                {
                    Ok(())
                }
                _ => self.fail(at),
            };
        }
        match &e.kind {
            Kind::Comprehension(body, gens) => self.comprehension(body, gens, env),
            Kind::List(items) => items.iter().try_for_each(|i| self.constraint(i, env)),
            Kind::Binary(BinOp::And, a, b) => {
                self.constraint(a, env)?;
                self.constraint(b, env)
            }
            Kind::Binary(op, a, b) if op.is_comparison() => {
                self.comparison_constraint(*op, a, b, at, env)
            }
            Kind::Binary(op @ (BinOp::In | BinOp::NotIn), a, s) => {
                let set = self.set(s, env)?;
                let x = self.lin(a, env)?;
                let x = self.var_of(x, at)?;
                let vals: Vec<Value> = set.iter().collect();
                if *op == BinOp::In {
                    self.model.member(x, &vals)
                } else {
                    self.model.not_member(x, &vals)
                }
                .map_err(|e| err(at, e.to_string()))?;
                Ok(())
            }
            Kind::Binary(BinOp::Or, ..) => {
                let mut lits = Vec::new();
                self.disjuncts(e, env, &mut lits)?;
                self.clause(&lits, at)
            }
            Kind::Binary(BinOp::Implies, a, b) => self.implication(a, b, at, env),
            Kind::Call(f, args) => self.global(f, args, at, env),
            _ => {
                let l = self.lit(e, env)?;
                let v = if l.negated { 0 } else { 1 };
                self.model
                    .member(l.var, &[v])
                    .map_err(|e| err(at, e.to_string()))?;
                Ok(())
            }
        }
    }

    /// At least one of `lits` holds.
    pub(super) fn clause(&mut self, lits: &[Lit], at: usize) -> Result<(), LangError> {
        let mut sum = lits
            .iter()
            .try_fold(Lin::default(), |s, &l| Self::add(s, Self::lit_lin(l), at))?;
        sum.normalise(at)?;
        let (terms, rel, rhs) = Self::ge(sum, 1, at)?;
        if terms.is_empty() {
            // x ∨ ¬x and the like.
            return if constant_truth(rel, rhs) {
                Ok(())
            } else {
                self.fail(at)
            };
        }
        self.post(Linear::new(terms, rel, rhs, Reification::None), at)
    }

    pub(super) fn disjuncts(
        &mut self,
        e: &Expr,
        env: &mut Env,
        out: &mut Vec<Lit>,
    ) -> Result<(), LangError> {
        if let Kind::Binary(BinOp::Or, a, b) = &e.kind {
            self.disjuncts(a, env, out)?;
            return self.disjuncts(b, env, out);
        }
        out.push(self.lit(e, env)?);
        Ok(())
    }

    /// `body for gens`: the body stated once per binding of the generators.
    fn comprehension(
        &mut self,
        body: &Expr,
        gens: &[Generator],
        env: &mut Env,
    ) -> Result<(), LangError> {
        let mut failure = None;
        let r = Eval::constants(self.scope).each(gens, env, &mut |_, env| {
            if let Err(e) = self.constraint(body, env) {
                failure = Some(e);
                return Err(Fail::Undefined(0, String::new()));
            }
            Ok(())
        });
        if let Some(e) = failure {
            return Err(e);
        }
        r.map_err(|f| constant_needed(f, "a loop's range"))
    }

    /// A comparison: `x ≠ y + c` as the engine's own ≠, any other as a linear constraint.
    fn comparison_constraint(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        at: usize,
        env: &mut Env,
    ) -> Result<(), LangError> {
        let (terms, rel, rhs) = self.comparison(op, a, b, env)?;
        if terms.is_empty() {
            return if constant_truth(rel, rhs) {
                Ok(())
            } else {
                self.fail(at)
            };
        }
        if let (Relation::Ne, [(1, x), (-1, y)]) = (rel, terms.as_slice()) {
            // x − y ≠ rhs: the engine's own ≠ with an offset (x ≠ y + rhs).
            let off = self.value_of(rhs, at)?;
            self.model
                .not_equal_offset(*x, *y, off)
                .map_err(|e| err(at, e.to_string()))?;
            return Ok(());
        }
        self.post(Linear::new(terms, rel, rhs, Reification::None), at)
    }

    /// `a -> b`: b holds when a does (b's own constraint, half-reified, if linear).
    fn implication(
        &mut self,
        a: &Expr,
        b: &Expr,
        at: usize,
        env: &mut Env,
    ) -> Result<(), LangError> {
        // a → b: b holds when a does (b's own constraint, half-reified, if linear).
        let x = self.lit(a, env)?;
        if let Kind::Binary(op, l, r) = &b.kind
            && op.is_comparison()
            && !x.negated
        {
            let (terms, rel, rhs) = self.comparison(*op, l, r, env)?;
            if terms.iter().any(|&(_, y)| y == x.var) {
                // The boolean is in the sum: tie the comparison to a literal.
                let y = self.lit(b, env)?;
                return self.clause(&[Lit { negated: true, ..x }, y], at);
            }
            if terms.is_empty() {
                // a → true holds; a → false is ¬a.
                if constant_truth(rel, rhs) {
                    return Ok(());
                }
                self.model
                    .member(x.var, &[0])
                    .map_err(|e| err(at, e.to_string()))?;
                return Ok(());
            }
            return self.post(
                Linear::new(terms, rel, rhs, Reification::Implied(x.var)),
                at,
            );
        }
        let y = self.lit(b, env)?;
        self.clause(
            &[
                Lit {
                    negated: !x.negated,
                    ..x
                },
                y,
            ],
            at,
        )
    }
}
