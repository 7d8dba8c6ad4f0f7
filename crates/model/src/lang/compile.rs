//! From expressions to the engine's constraints. Arithmetic becomes linear forms
//! `Σ aᵢ·xᵢ + c` (so `x + 2*y <= z` is one linear constraint, not three), products,
//! divisions, `abs`, `min`, `max` and variable indices become auxiliary variables with their
//! own propagators, comparisons inside `or`, `not`, `->`, `<->` or a sum become 0/1
//! variables tied to them (reification), and the globals map to the engine's own.

use super::LangError;
use super::ast::{BinOp, Expr, Kind, UnOp};
use super::eval::{Env, Eval, Fail, V};
use super::scope::{IndexSet, Key, Named, Scope};
use csp_core::constraint::{
    Arith, Cumulative, Element, Extremum, LexLessEq, Linear, MemberReif, NegativeTable, Op,
    Reification, Relation, Table,
};
use csp_core::domain::Representation;
use csp_core::{Domain, Model, Value, VarId};
use std::collections::HashMap;

/// Auxiliary variables spanning fewer values than this are bitsets, wider ones intervals.
pub const BITSET_SPAN: i64 = 256;

/// `Σ aᵢ·xᵢ + c`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lin {
    terms: Vec<(i64, VarId)>,
    c: i64,
}

impl Lin {
    /// Each variable once, with its coefficients added; no zero coefficient.
    fn normalise(&mut self, at: usize) -> Result<(), LangError> {
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

/// Whether `0 rel rhs` holds (a comparison whose variables cancelled out).
fn constant_truth(rel: Relation, rhs: i64) -> bool {
    match rel {
        Relation::Le => 0 <= rhs,
        Relation::Eq => rhs == 0,
        Relation::Ne => rhs != 0,
    }
}

/// `Σ terms rel rhs`.
type Comparison = (Vec<(i64, VarId)>, Relation, i64);

/// A 0/1 variable, or its negation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Lit {
    var: VarId,
    negated: bool,
}

/// Compiles constraints and expressions into a model.
#[derive(Debug)]
pub struct Compiler<'m> {
    model: &'m mut Model,
    scope: &'m Scope,
    fixed: HashMap<i64, VarId>,
    aux: usize,
}

fn err(at: usize, m: impl Into<String>) -> LangError {
    LangError::new(at, m)
}

/// A failure of constant evaluation as an error (a decision variable where a constant is
/// needed says so).
fn constant_needed(f: Fail, what: &str) -> LangError {
    match f {
        Fail::NotConstant(at) => err(
            at,
            format!("{what} must be a constant; this is a decision variable"),
        ),
        Fail::Undefined(at, m) => err(at, m),
        Fail::Error(e) => e,
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

    fn constant(&self, e: &Expr, env: &mut Env) -> Result<Option<V>, LangError> {
        match Eval::constants(self.scope).value(e, env) {
            Ok(v) => Ok(Some(v)),
            Err(Fail::NotConstant(_)) => Ok(None),
            Err(Fail::Undefined(at, m)) => Err(err(at, m)),
            Err(Fail::Error(e)) => Err(e),
        }
    }

    fn constant_int(&self, e: &Expr, env: &mut Env, what: &str) -> Result<i64, LangError> {
        Eval::constants(self.scope)
            .int(e, env)
            .map_err(|f| constant_needed(f, what))
    }

    fn constant_ints(&self, e: &Expr, env: &mut Env, what: &str) -> Result<Vec<i64>, LangError> {
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

    fn post<C: csp_core::Constraint + 'static>(
        &mut self,
        c: Result<C, String>,
        at: usize,
    ) -> Result<(), LangError> {
        let c = c.map_err(|m| err(at, m))?;
        self.model.post(c).map_err(|e| err(at, e.to_string()))?;
        Ok(())
    }

    fn value_of(&self, v: i64, at: usize) -> Result<Value, LangError> {
        Value::try_from(v).map_err(|_| err(at, format!("{v} is past the engine's 32-bit values")))
    }

    /// A new variable over `lo..=hi`.
    fn new_aux(&mut self, lo: i64, hi: i64, at: usize) -> Result<VarId, LangError> {
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
    fn fixed(&mut self, v: i64, at: usize) -> Result<VarId, LangError> {
        if let Some(&x) = self.fixed.get(&v) {
            return Ok(x);
        }
        let x = self.new_aux(v, v, at)?;
        self.fixed.insert(v, x);
        Ok(x)
    }

    fn bounds(&self, l: &Lin) -> (i128, i128) {
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
    fn var_of(&mut self, l: Lin, at: usize) -> Result<VarId, LangError> {
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

    fn lin_of(x: VarId) -> Lin {
        Lin {
            terms: vec![(1, x)],
            c: 0,
        }
    }

    fn scale(l: Lin, k: i64, at: usize) -> Result<Lin, LangError> {
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

    fn add(mut a: Lin, b: Lin, at: usize) -> Result<Lin, LangError> {
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

    fn lit_lin(l: Lit) -> Lin {
        if l.negated {
            Lin {
                terms: vec![(-1, l.var)],
                c: 1,
            }
        } else {
            Self::lin_of(l.var)
        }
    }

    /// `z = x ∘ y` with a new `z` bounded by the operation on the bounds' corners.
    fn arith(&mut self, op: Op, x: Lin, y: Lin, at: usize) -> Result<Lin, LangError> {
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

    fn vars_of(&mut self, e: &Expr, env: &mut Env) -> Result<Vec<VarId>, LangError> {
        let items = self.items(e, env)?;
        items.into_iter().map(|l| self.var_of(l, e.at)).collect()
    }

    fn index(
        &mut self,
        a: &Expr,
        idx: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<Lin, LangError> {
        if matches!(a.kind, Kind::List(_) | Kind::Comprehension(..)) {
            return self.index_list(a, idx, at, env);
        }
        let Kind::Name(n) = &a.kind else {
            return Err(err(at, "only an array or a list can be indexed"));
        };
        // Constant indices pick one item.
        let mut keys = Vec::new();
        for i in idx {
            match self.constant(i, env)? {
                Some(V::Key(k)) => keys.push(k),
                Some(V::List(_)) => return Err(err(i.at, "an index is one value, not a list")),
                None => break,
            }
        }
        let named = self.scope.get(n).cloned();
        if keys.len() == idx.len() {
            return match named {
                Some(Named::VarArray(arr)) => {
                    let p = arr.position(&keys).ok_or_else(|| {
                        let shown: Vec<String> = keys.iter().map(|&k| self.scope.show(k)).collect();
                        err(
                            at,
                            format!("`{n}[{}]` is out of its index set", shown.join(", ")),
                        )
                    })?;
                    Ok(Self::lin_of(arr.items[p]))
                }
                _ => Err(err(at, format!("`{n}` is not an array"))),
            };
        }
        // A variable index: an element constraint over a one-dimensional array.
        let (lo, items): (i64, Vec<Lin>) = match named {
            Some(Named::VarArray(arr)) if arr.index.len() == 1 => match arr.index[0] {
                super::scope::IndexSet::Range(lo, _) => {
                    (lo, arr.items.iter().map(|&x| Self::lin_of(x)).collect())
                }
                _ => {
                    return Err(err(
                        at,
                        format!("`{n}` is indexed by symbols; a variable index needs integers"),
                    ));
                }
            },
            Some(Named::ConstArray(arr)) if arr.index.len() == 1 => match arr.index[0] {
                super::scope::IndexSet::Range(lo, _) => (
                    lo,
                    arr.items
                        .iter()
                        .map(|k| match k {
                            Key::Int(c) => Ok(Lin {
                                terms: vec![],
                                c: *c,
                            }),
                            Key::Sym(s) => Ok(Lin {
                                terms: vec![],
                                c: *s as i64,
                            }),
                        })
                        .collect::<Result<_, LangError>>()?,
                ),
                _ => {
                    return Err(err(
                        at,
                        format!("`{n}` is indexed by symbols; a variable index needs integers"),
                    ));
                }
            },
            Some(Named::VarArray(_) | Named::ConstArray(_)) => {
                return Err(err(
                    at,
                    format!("a variable index works on one-dimensional arrays; `{n}` has more"),
                ));
            }
            _ => return Err(err(at, format!("`{n}` is not an array"))),
        };
        if items.is_empty() {
            return Err(err(at, format!("`{n}` is empty")));
        }
        self.element(items, lo, &idx[0], at, env)
    }

    /// `[a, b, c][i]`: a list indexed from 1.
    fn index_list(
        &mut self,
        a: &Expr,
        idx: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<Lin, LangError> {
        if idx.len() != 1 {
            return Err(err(at, format!("a list has 1 index, found {}", idx.len())));
        }
        let items = self.items(a, env)?;
        match self.constant(&idx[0], env)? {
            Some(V::Key(Key::Int(k))) => usize::try_from(k)
                .ok()
                .and_then(|k| k.checked_sub(1))
                .and_then(|k| items.get(k).cloned())
                .ok_or_else(|| {
                    err(
                        at,
                        format!("index {k} is outside the list's 1..{}", items.len()),
                    )
                }),
            Some(_) => Err(err(idx[0].at, "a list's index is an integer")),
            None if items.is_empty() => Err(err(at, "the list is empty")),
            None => self.element(items, 1, &idx[0], at, env),
        }
    }

    /// `items[i]` for a variable index `i`, the first item at index `lo`: an element
    /// constraint and the variable it defines.
    fn element(
        &mut self,
        items: Vec<Lin>,
        lo: i64,
        i: &Expr,
        at: usize,
        env: &mut Env,
    ) -> Result<Lin, LangError> {
        let i = self.lin(i, env)?;
        let i = self.var_of(i, at)?;
        let offset = self.value_of(lo, at)?;
        let (mut zl, mut zh) = (i128::MAX, i128::MIN);
        for l in &items {
            let (a, b) = self.bounds(l);
            zl = zl.min(a);
            zh = zh.max(b);
        }
        let xs = items
            .into_iter()
            .map(|l| self.var_of(l, at))
            .collect::<Result<Vec<_>, _>>()?;
        let fit = |v: i128| i64::try_from(v).map_err(|_| err(at, "values past 64 bits"));
        let z = self.new_aux(fit(zl)?, fit(zh)?, at)?;
        self.post(Ok(Element::new(i, xs, offset, z)), at)?;
        Ok(Self::lin_of(z))
    }

    fn call_value(
        &mut self,
        f: &str,
        args: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<Lin, LangError> {
        match f {
            "sum" if args.len() == 1 => {
                let mut total = Lin::default();
                for l in self.items(&args[0], env)? {
                    total = Self::add(total, l, at)?;
                }
                Ok(total)
            }
            "min" | "max" if !args.is_empty() => {
                let xs = if args.len() == 1 {
                    self.vars_of(&args[0], env)?
                } else {
                    let mut xs = Vec::new();
                    for a in args {
                        let l = self.lin(a, env)?;
                        xs.push(self.var_of(l, at)?);
                    }
                    xs
                };
                if xs.is_empty() {
                    return Err(err(at, format!("`{f}` of an empty list")));
                }
                let (mut lo, mut hi) = (i64::MAX, i64::MIN);
                let pick = |a: i64, b: i64| if f == "max" { a.max(b) } else { a.min(b) };
                for (k, &x) in xs.iter().enumerate() {
                    let d = self.model.domain(x);
                    let (l, h) = (
                        i64::from(d.min().unwrap_or(0)),
                        i64::from(d.max().unwrap_or(0)),
                    );
                    if k == 0 {
                        (lo, hi) = (l, h);
                    } else {
                        (lo, hi) = (pick(lo, l), pick(hi, h));
                    }
                }
                let m = self.new_aux(lo, hi, at)?;
                self.post(Extremum::new(m, xs, f == "max"), at)?;
                Ok(Self::lin_of(m))
            }
            "abs" if args.len() == 1 => {
                let x = self.lin(&args[0], env)?;
                let neg = Self::scale(x.clone(), -1, at)?;
                self.arith(Op::Max, x, neg, at)
            }
            "all_different" | "no_overlap" | "disjunctive" | "cumulative" | "circuit"
            | "subcircuit" | "inverse" | "lex_lesseq" | "table" | "forbidden" => Err(err(
                at,
                format!(
                    "`{f}` is a constraint of its own; it cannot be used inside an expression, `or`, `not` or `->`"
                ),
            )),
            "sum" | "min" | "max" | "abs" | "len" => {
                Err(err(at, format!("`{f}`: wrong number of arguments")))
            }
            _ => Err(err(
                at,
                format!("unknown function `{f}`; expected sum, min, max, abs, len"),
            )),
        }
    }

    /// `e`, a truth value, as a 0/1 variable (or its negation).
    fn lit(&mut self, e: &Expr, env: &mut Env) -> Result<Lit, LangError> {
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

    fn boolean(&self, x: VarId, n: &str, at: usize) -> Result<Lit, LangError> {
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

    /// `l ≥ k` as `−l ≤ −k`.
    fn ge(l: Lin, k: i64, at: usize) -> Result<Comparison, LangError> {
        let n = Self::scale(l, -1, at)?;
        let rhs = (-k)
            .checked_sub(n.c)
            .ok_or_else(|| err(at, "a constant past 64 bits"))?;
        Ok((n.terms, Relation::Le, rhs))
    }

    /// `a op b` as `Σ terms rel rhs`.
    fn comparison(
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

    fn set(&mut self, s: &Expr, env: &mut Env) -> Result<Domain, LangError> {
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
    fn fail(&mut self, at: usize) -> Result<(), LangError> {
        let zero = self.fixed(0, at)?;
        self.model
            .member(zero, &[1])
            .map_err(|e| err(at, e.to_string()))?;
        Ok(())
    }

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
            Kind::Comprehension(body, gens) => {
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
            Kind::List(items) => items.iter().try_for_each(|i| self.constraint(i, env)),
            Kind::Binary(BinOp::And, a, b) => {
                self.constraint(a, env)?;
                self.constraint(b, env)
            }
            Kind::Binary(op, a, b) if op.is_comparison() => {
                let (terms, rel, rhs) = self.comparison(*op, a, b, env)?;
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
            Kind::Binary(BinOp::Implies, a, b) => {
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
    fn clause(&mut self, lits: &[Lit], at: usize) -> Result<(), LangError> {
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

    fn disjuncts(&mut self, e: &Expr, env: &mut Env, out: &mut Vec<Lit>) -> Result<(), LangError> {
        if let Kind::Binary(BinOp::Or, a, b) = &e.kind {
            self.disjuncts(a, env, out)?;
            return self.disjuncts(b, env, out);
        }
        out.push(self.lit(e, env)?);
        Ok(())
    }

    fn global(
        &mut self,
        f: &str,
        args: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<(), LangError> {
        let arity = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(err(
                    at,
                    format!("`{f}` takes {n} argument(s), found {}", args.len()),
                ))
            }
        };
        match f {
            "all_different" => {
                arity(1)?;
                let items = self.items(&args[0], env)?;
                // x + c items keep their offsets: the engine's all-different takes them.
                let mut vars = Vec::with_capacity(items.len());
                let mut offsets = Vec::with_capacity(items.len());
                for l in items {
                    if let [(1, x)] = l.terms.as_slice() {
                        vars.push(*x);
                        offsets.push(self.value_of(l.c, at)?);
                    } else {
                        vars.push(self.var_of(l, at)?);
                        offsets.push(0);
                    }
                }
                if offsets.iter().all(|&o| o == 0) {
                    self.model.all_different(&vars)
                } else {
                    self.model.all_different_offset(&vars, &offsets)
                }
                .map_err(|e| err(at, e.to_string()))?;
                Ok(())
            }
            "no_overlap" | "disjunctive" => {
                arity(2)?;
                let starts = self.vars_of(&args[0], env)?;
                let durations = self.constant_ints(&args[1], env, "the durations")?;
                let durations = durations
                    .into_iter()
                    .map(|d| {
                        u32::try_from(d).map_err(|_| {
                            err(
                                args[1].at,
                                format!("a duration of {d}; expected 0 to {}", u32::MAX),
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                self.model
                    .no_overlap(&starts, &durations)
                    .map_err(|e| err(at, e.to_string()))?;
                Ok(())
            }
            "circuit" | "subcircuit" => {
                arity(1)?;
                let succ = self.vars_of(&args[0], env)?;
                let offset = self.index_base(&args[0], at)?;
                self.model
                    .circuit(&succ, offset, f == "subcircuit")
                    .map_err(|e| err(at, e.to_string()))?;
                Ok(())
            }
            "inverse" => {
                arity(2)?;
                let fs = self.vars_of(&args[0], env)?;
                let gs = self.vars_of(&args[1], env)?;
                let (fo, go) = (
                    self.index_base(&args[0], at)?,
                    self.index_base(&args[1], at)?,
                );
                self.model
                    .inverse(&fs, fo, &gs, go)
                    .map_err(|e| err(at, e.to_string()))?;
                Ok(())
            }
            "lex_lesseq" => {
                arity(2)?;
                let xs = self.vars_of(&args[0], env)?;
                let ys = self.vars_of(&args[1], env)?;
                self.post(Ok(LexLessEq::new(xs, ys)), at)
            }
            "table" | "forbidden" => {
                arity(2)?;
                let xs = self.vars_of(&args[0], env)?;
                let rows = Eval::constants(self.scope)
                    .rows(&args[1], env, xs.len())
                    .map_err(|f| constant_needed(f, "the tuples"))?;
                let tuples = rows
                    .into_iter()
                    .map(|r| r.into_iter().map(|v| self.value_of(v, at)).collect())
                    .collect::<Result<Vec<Vec<Value>>, _>>()?;
                if f == "table" {
                    self.post(Table::new(xs, tuples), at)
                } else {
                    self.post(NegativeTable::new(xs, tuples), at)
                }
            }
            "cumulative" => {
                arity(4)?;
                let starts = self.vars_of(&args[0], env)?;
                let durations = self.constant_ints(&args[1], env, "the durations")?;
                let uses = self.constant_ints(&args[2], env, "the uses")?;
                match self.constant(&args[3], env)? {
                    Some(_) => {
                        let capacity = self.constant_int(&args[3], env, "the capacity")?;
                        self.post(Cumulative::new(starts, durations, uses, capacity), at)
                    }
                    None => {
                        let l = self.lin(&args[3], env)?;
                        let capacity = self.var_of(l, at)?;
                        let c = Cumulative::with_capacity_var(starts, durations, uses, capacity);
                        self.post(c, at)
                    }
                }
            }
            _ => {
                let l = self.lit(
                    &Expr {
                        kind: Kind::Call(f.to_string(), args.to_vec()),
                        at,
                    },
                    env,
                )?;
                let v = if l.negated { 0 } else { 1 };
                self.model
                    .member(l.var, &[v])
                    .map_err(|e| err(at, e.to_string()))?;
                Ok(())
            }
        }
    }

    /// The first index of a list argument: an array's own (`x[0..4]` starts at 0), 1 for a
    /// list written out (as MiniZinc).
    fn index_base(&self, e: &Expr, at: usize) -> Result<Value, LangError> {
        match &e.kind {
            Kind::Name(n) => match self.scope.get(n) {
                Some(Named::VarArray(a)) if a.index.len() == 1 => match a.index[0] {
                    IndexSet::Range(lo, _) => self.value_of(lo, at),
                    IndexSet::Syms(_) => Err(err(
                        at,
                        format!("`{n}` is indexed by symbols; successors are integers"),
                    )),
                },
                _ => Ok(1),
            },
            _ => Ok(1),
        }
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
