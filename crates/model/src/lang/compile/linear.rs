//! Arithmetic as linear forms `Σ aᵢ·xᵢ + c`; products, divisions and the like through
//! auxiliary variables; comparisons as `Σ terms rel rhs`.

use super::{Comparison, Compiler, constant_needed, err};
use crate::lang::LangError;
use crate::lang::ast::{BinOp, Expr, Kind, UnOp};
use crate::lang::eval::{Env, Eval, Fail, V};
use crate::lang::scope::{Key, Named};
use csp_core::VarId;
use csp_core::constraint::{Arith, Linear, Op, Reification, Relation};

/// `Σ aᵢ·xᵢ + c`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lin {
    pub(super) terms: Vec<(i64, VarId)>,
    pub(super) c: i64,
}

impl Lin {
    /// Each variable once, with its coefficients added; no zero coefficient.
    pub(super) fn normalise(&mut self, at: usize) -> Result<(), LangError> {
        let mut merged: Vec<(i64, VarId)> = Vec::with_capacity(self.terms.len());
        for &(a, x) in &self.terms {
            match merged.iter_mut().find(|(_, y)| *y == x) {
                Some((b, _)) => {
                    *b = b
                        .checked_add(a)
                        .ok_or_else(|| err(at, "a coefficient past 64 bits"))?
                }
                None => merged.push((a, x)),
            }
        }
        merged.retain(|&(a, _)| a != 0);
        self.terms = merged;
        Ok(())
    }
}

impl Compiler<'_> {
    pub(super) fn bounds(&self, l: &Lin) -> (i128, i128) {
        let (mut lo, mut hi) = (i128::from(l.c), i128::from(l.c));
        for &(a, x) in &l.terms {
            let d = self.model.domain(x);
            let (dl, dh) = (
                i128::from(d.min().unwrap_or(0)),
                i128::from(d.max().unwrap_or(0)),
            );
            let (p, q) = (i128::from(a) * dl, i128::from(a) * dh);
            lo += p.min(q);
            hi += p.max(q);
        }
        (lo, hi)
    }

    /// A variable equal to `l`: the variable itself when `l` is one, else a new one.
    pub(super) fn var_of(&mut self, l: Lin, at: usize) -> Result<VarId, LangError> {
        if l.c == 0 && l.terms.len() == 1 && l.terms[0].0 == 1 {
            return Ok(l.terms[0].1);
        }
        if l.terms.is_empty() {
            return self.fixed(l.c, at);
        }
        let (lo, hi) = self.bounds(&l);
        let fit =
            |v: i128| i64::try_from(v).map_err(|_| err(at, "the expression's values pass 64 bits"));
        let z = self.new_aux(fit(lo)?, fit(hi)?, at)?;
        let mut terms = l.terms;
        terms.push((-1, z));
        self.post(
            Linear::new(terms, Relation::Eq, -l.c, Reification::None),
            at,
        )?;
        Ok(z)
    }

    pub(super) fn lin_of(x: VarId) -> Lin {
        Lin {
            terms: vec![(1, x)],
            c: 0,
        }
    }

    pub(super) fn scale(l: Lin, k: i64, at: usize) -> Result<Lin, LangError> {
        let o = || err(at, "a coefficient past 64 bits");
        Ok(Lin {
            terms: l
                .terms
                .into_iter()
                .map(|(a, x)| a.checked_mul(k).map(|a| (a, x)).ok_or_else(o))
                .collect::<Result<_, _>>()?,
            c: l.c.checked_mul(k).ok_or_else(o)?,
        })
    }

    pub(super) fn add(mut a: Lin, b: Lin, at: usize) -> Result<Lin, LangError> {
        a.terms.extend(b.terms);
        a.c =
            a.c.checked_add(b.c)
                .ok_or_else(|| err(at, "a constant past 64 bits"))?;
        Ok(a)
    }

    /// `e` as a linear form (integer context; a boolean counts 1 when true).
    pub fn lin(&mut self, e: &Expr, env: &mut Env) -> Result<Lin, LangError> {
        let at = e.at;
        if let Some(v) = self.constant(e, env)? {
            return match v {
                V::Key(Key::Int(c)) => Ok(Lin { terms: vec![], c }),
                V::Key(Key::Sym(s)) => Ok(Lin {
                    terms: vec![],
                    c: s as i64,
                }),
                V::List(_) => Err(err(at, "expected one value, found a list")),
            };
        }
        match &e.kind {
            Kind::Name(n) => match self.scope.get(n) {
                Some(Named::Var(x)) => Ok(Self::lin_of(*x)),
                Some(Named::VarArray(_)) => Err(err(
                    at,
                    format!("`{n}` is an array; expected one value (index it, or sum it)"),
                )),
                _ => Err(err(at, format!("unknown name `{n}`"))),
            },
            Kind::Index(a, idx) => self.index(a, idx, at, env),
            Kind::Call(f, args) => self.call_value(f, args, at, env),
            Kind::Unary(UnOp::Neg, a) => {
                let l = self.lin(a, env)?;
                Self::scale(l, -1, at)
            }
            Kind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let x = self.lin(a, env)?;
                let mut y = self.lin(b, env)?;
                if *op == BinOp::Sub {
                    y = Self::scale(y, -1, at)?;
                }
                Self::add(x, y, at)
            }
            Kind::Binary(BinOp::Mul, a, b) => {
                let x = self.lin(a, env)?;
                let y = self.lin(b, env)?;
                match (x.terms.is_empty(), y.terms.is_empty()) {
                    (true, _) => Self::scale(y, x.c, at),
                    (_, true) => Self::scale(x, y.c, at),
                    _ => self.arith(Op::Times, x, y, at),
                }
            }
            Kind::Binary(op @ (BinOp::Div | BinOp::Mod), a, b) => {
                let x = self.lin(a, env)?;
                let y = self.lin(b, env)?;
                self.arith(if *op == BinOp::Div { Op::Div } else { Op::Mod }, x, y, at)
            }
            Kind::Unary(UnOp::Not, _) | Kind::Binary(..) | Kind::Bool(_) => {
                let l = self.lit(e, env)?;
                Ok(Self::lit_lin(l))
            }
            Kind::Int(_) | Kind::List(_) | Kind::Comprehension(..) | Kind::Range(..) => {
                Err(err(at, "expected one value, found a list"))
            }
        }
    }

    /// `z = x ∘ y` with a new `z` bounded by the operation on the bounds' corners.
    pub(super) fn arith(&mut self, op: Op, x: Lin, y: Lin, at: usize) -> Result<Lin, LangError> {
        let (xl, xh) = self.bounds(&x);
        let (yl, yh) = self.bounds(&y);
        let corners = [(xl, yl), (xl, yh), (xh, yl), (xh, yh)];
        let (lo, hi) = match op {
            Op::Times => {
                let p = corners.map(|(a, b)| a * b);
                (*p.iter().min().unwrap_or(&0), *p.iter().max().unwrap_or(&0))
            }
            Op::Div => {
                let m = xl.abs().max(xh.abs());
                (-m, m)
            }
            Op::Mod => {
                let m = (yl.abs().max(yh.abs()) - 1)
                    .max(0)
                    .min(xl.abs().max(xh.abs()));
                (if xl < 0 { -m } else { 0 }, if xh > 0 { m } else { 0 })
            }
            Op::Min => (xl.min(yl), xh.min(yh)),
            Op::Max => (xl.max(yl), xh.max(yh)),
            Op::Pow => return Err(err(at, "no power operator")),
        };
        let fit =
            |v: i128| i64::try_from(v).map_err(|_| err(at, "the expression's values pass 64 bits"));
        let (xv, yv) = (self.var_of(x, at)?, self.var_of(y, at)?);
        let z = self.new_aux(fit(lo)?, fit(hi)?, at)?;
        self.post(Ok(Arith::new(op, xv, yv, z)), at)?;
        Ok(Self::lin_of(z))
    }

    /// The linear forms of a list's items (an array, a list, a comprehension, a range).
    pub fn items(&mut self, e: &Expr, env: &mut Env) -> Result<Vec<Lin>, LangError> {
        if let Some(v) = self.constant(e, env)? {
            let V::List(items) = v else {
                return Err(err(e.at, "expected a list, an array or a comprehension"));
            };
            return items
                .into_iter()
                .map(|v| match v {
                    V::Key(Key::Int(c)) => Ok(Lin { terms: vec![], c }),
                    V::Key(Key::Sym(s)) => Ok(Lin {
                        terms: vec![],
                        c: s as i64,
                    }),
                    V::List(_) => Err(err(e.at, "a list of lists")),
                })
                .collect();
        }
        match &e.kind {
            Kind::Name(n) => match self.scope.get(n) {
                Some(Named::VarArray(a)) => Ok(a.items.iter().map(|&x| Self::lin_of(x)).collect()),
                _ => Err(err(e.at, format!("`{n}` is not an array"))),
            },
            Kind::List(items) => items.iter().map(|i| self.lin(i, env)).collect(),
            Kind::Comprehension(body, gens) => {
                let mut out = Vec::new();
                let mut failure = None;
                let r = Eval::constants(self.scope).each(gens, env, &mut |_, env| {
                    match self.lin(body, env) {
                        Ok(l) => out.push(l),
                        Err(e) => {
                            failure = Some(e);
                            return Err(Fail::Undefined(0, String::new()));
                        }
                    }
                    Ok(())
                });
                if let Some(e) = failure {
                    return Err(e);
                }
                r.map_err(|f| constant_needed(f, "a loop's range"))?;
                Ok(out)
            }
            _ => Err(err(e.at, "expected a list, an array or a comprehension")),
        }
    }

    /// `l ≥ k` as `−l ≤ −k`.
    pub(super) fn ge(l: Lin, k: i64, at: usize) -> Result<Comparison, LangError> {
        let n = Self::scale(l, -1, at)?;
        let rhs = (-k)
            .checked_sub(n.c)
            .ok_or_else(|| err(at, "a constant past 64 bits"))?;
        Ok((n.terms, Relation::Le, rhs))
    }

    /// `a op b` as `Σ terms rel rhs`.
    pub(super) fn comparison(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        env: &mut Env,
    ) -> Result<Comparison, LangError> {
        let at = a.at;
        let x = self.lin(a, env)?;
        let y = self.lin(b, env)?;
        // d = x − y, compared with 0, each variable once.
        let mut d = Self::add(x, Self::scale(y, -1, at)?, at)?;
        d.normalise(at)?;
        let neg_c = |c: i64| {
            c.checked_neg()
                .ok_or_else(|| err(at, "a constant past 64 bits"))
        };
        Ok(match op {
            BinOp::Eq => (d.terms, Relation::Eq, neg_c(d.c)?),
            BinOp::Ne => (d.terms, Relation::Ne, neg_c(d.c)?),
            BinOp::Le => (d.terms, Relation::Le, neg_c(d.c)?),
            BinOp::Lt => (
                d.terms,
                Relation::Le,
                neg_c(d.c)?
                    .checked_sub(1)
                    .ok_or_else(|| err(at, "a constant past 64 bits"))?,
            ),
            BinOp::Ge => Self::ge(d, 0, at)?,
            _ => Self::ge(d, 1, at)?,
        })
    }
}
