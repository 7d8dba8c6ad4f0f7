//! Truth values as 0/1 literals: comparisons, membership and connectives reified.

use super::{Compiler, Lin, Lit, constant_truth, err};
use crate::lang::LangError;
use crate::lang::ast::{BinOp, Expr, Kind, UnOp};
use crate::lang::eval::{Env, V};
use crate::lang::scope::{Key, Named};
use csp_core::constraint::{Linear, MemberReif, Reification, Relation};
use csp_core::{Domain, Value, VarId};

impl Compiler<'_> {
    pub(super) fn lit_lin(l: Lit) -> Lin {
        if l.negated {
            Lin {
                terms: vec![(-1, l.var)],
                c: 1,
            }
        } else {
            Self::lin_of(l.var)
        }
    }

    /// `e`, a truth value, as a 0/1 variable (or its negation).
    pub(super) fn lit(&mut self, e: &Expr, env: &mut Env) -> Result<Lit, LangError> {
        let at = e.at;
        if let Some(v) = self.constant(e, env)? {
            let V::Key(Key::Int(c)) = v else {
                return Err(err(at, "expected true or false"));
            };
            return Ok(Lit {
                var: self.fixed(i64::from(c != 0), at)?,
                negated: false,
            });
        }
        match &e.kind {
            Kind::Unary(UnOp::Not, a) => {
                let l = self.lit(a, env)?;
                Ok(Lit {
                    negated: !l.negated,
                    ..l
                })
            }
            Kind::Binary(op, a, b) if op.is_comparison() => {
                let (terms, rel, rhs) = self.comparison(*op, a, b, env)?;
                if terms.is_empty() {
                    let v = i64::from(constant_truth(rel, rhs));
                    return Ok(Lit {
                        var: self.fixed(v, at)?,
                        negated: false,
                    });
                }
                let b_ = self.new_aux(0, 1, at)?;
                self.post(Linear::new(terms, rel, rhs, Reification::Equiv(b_)), at)?;
                Ok(Lit {
                    var: b_,
                    negated: false,
                })
            }
            Kind::Binary(op @ (BinOp::In | BinOp::NotIn), a, s) => {
                let set = self.set(s, env)?;
                let x = self.lin(a, env)?;
                let x = self.var_of(x, at)?;
                let b_ = self.new_aux(0, 1, at)?;
                self.post(Ok(MemberReif::new(x, set, b_, false)), at)?;
                Ok(Lit {
                    var: b_,
                    negated: *op == BinOp::NotIn,
                })
            }
            Kind::Binary(op @ (BinOp::And | BinOp::Or | BinOp::Implies | BinOp::Iff), a, c) => {
                self.connective(*op, a, c, at, env)
            }
            Kind::Name(n) => match self.scope.get(n) {
                Some(Named::Var(x)) => self.boolean(*x, n, at),
                _ => Err(err(at, format!("`{n}` is not a boolean"))),
            },
            Kind::Index(..) => {
                let l = self.lin(e, env)?;
                match (l.terms.as_slice(), l.c) {
                    (&[(1, x)], 0) => self.boolean(x, "this", at),
                    _ => Err(err(at, "expected a boolean")),
                }
            }
            Kind::Call(f, _)
                if matches!(
                    f.as_str(),
                    "all_different"
                        | "no_overlap"
                        | "disjunctive"
                        | "cumulative"
                        | "circuit"
                        | "subcircuit"
                        | "inverse"
                        | "lex_lesseq"
                        | "table"
                        | "forbidden"
                ) =>
            {
                let hint = if f == "table" {
                    " (tuples to avoid: `forbidden(xs, tuples)`)"
                } else {
                    ""
                };
                Err(err(
                    at,
                    format!(
                        "`{f}` cannot be used inside `or`, `not`, `->`, `<->` or a sum; state it as a constraint of its own{hint}"
                    ),
                ))
            }
            _ => Err(err(
                at,
                "expected a truth value (a comparison, a boolean, `and`, `or`, …)",
            )),
        }
    }

    pub(super) fn boolean(&self, x: VarId, n: &str, at: usize) -> Result<Lit, LangError> {
        let d = self.model.domain(x);
        if d.min().is_some_and(|v| v >= 0) && d.max().is_some_and(|v| v <= 1) {
            Ok(Lit {
                var: x,
                negated: false,
            })
        } else {
            Err(err(
                at,
                format!("`{n}` is not a boolean (its domain is not within 0..1)"),
            ))
        }
    }

    pub(super) fn set(&mut self, s: &Expr, env: &mut Env) -> Result<Domain, LangError> {
        // A range is an interval, whatever its width (never listed value by value).
        if let Kind::Range(a, b) = &s.kind {
            let lo = self.constant_int(a, env, "the set after `in`")?;
            let hi = self.constant_int(b, env, "the set after `in`")?;
            let clamp = |v: i64| v.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value;
            return Ok(Domain::range(clamp(lo), clamp(hi)));
        }
        let vals = self.constant_ints(s, env, "the set after `in`")?;
        let vals = vals
            .into_iter()
            .filter_map(|v| Value::try_from(v).ok())
            .collect::<Vec<_>>();
        Ok(Domain::from_values(vals))
    }

    /// Posts a constraint that never holds.
    pub(super) fn fail(&mut self, at: usize) -> Result<(), LangError> {
        let zero = self.fixed(0, at)?;
        self.model
            .member(zero, &[1])
            .map_err(|e| err(at, e.to_string()))?;
        Ok(())
    }

    /// `and`, `or`, `->`, `<->` reified over the literals' 0/1 forms.
    fn connective(
        &mut self,
        op: BinOp,
        a: &Expr,
        c: &Expr,
        at: usize,
        env: &mut Env,
    ) -> Result<Lit, LangError> {
        let x = self.lit(a, env)?;
        let y = self.lit(c, env)?;
        let b_ = self.new_aux(0, 1, at)?;
        // Over the literals' 0/1 forms: and is x + y ≥ 2, or is x + y ≥ 1, a → c is
        // ¬a ∨ c, a ↔ c is x − y = 0.
        let (x, y) = (Self::lit_lin(x), Self::lit_lin(y));
        let (terms, rel, rhs) = match op {
            BinOp::And => Self::ge(Self::add(x, y, at)?, 2, at)?,
            BinOp::Or => Self::ge(Self::add(x, y, at)?, 1, at)?,
            BinOp::Implies => {
                let nx = Self::add(
                    Self::scale(x, -1, at)?,
                    Lin {
                        terms: vec![],
                        c: 1,
                    },
                    at,
                )?;
                Self::ge(Self::add(nx, y, at)?, 1, at)?
            }
            _ => {
                let d = Self::add(x, Self::scale(y, -1, at)?, at)?;
                (d.terms, Relation::Eq, -d.c)
            }
        };
        self.post(Linear::new(terms, rel, rhs, Reification::Equiv(b_)), at)?;
        Ok(Lit {
            var: b_,
            negated: false,
        })
    }
}
