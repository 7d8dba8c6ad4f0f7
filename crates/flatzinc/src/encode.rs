//! FlatZinc to the engine: one engine variable per class of variables declared equal
//! (aliases, `int_eq`, `bool2int`), its domain the intersection of theirs; each constraint
//! posted as the engine's own (sums and boolean connectives as [`Linear`], the rest as
//! their dedicated propagators); constants folded in. [`Encoded::values`] decodes.

use crate::model::{Arg, Constraint, FlatZinc, Goal, IntSet};
use csp_core::constraint::{
    Arith, Automaton, BinPackingLoad, Cardinality, Count, Cumulative, Element, Extremum, LexLessEq,
    Linear, MemberReif, Op, Regular, Reification, Relation,
};
use csp_core::domain::Representation;
use csp_core::{Domain, Model, Solution, Value, VarId};
use csp_model::SourceError;
use std::collections::HashMap;

/// The bounds given to `var int` declared without any: MiniZinc leaves them to the solver;
/// these keep every sum of a few such variables far from overflow.
pub const DEFAULT_BOUND: i64 = 1_000_000_000;

/// Domains spanning at most this many values are bitsets (every removal exact); wider ones
/// are intervals (bounds, holes only where declared).
pub const BITSET_SPAN: u64 = 256;

/// Where a FlatZinc variable's value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    /// An engine variable.
    Var(VarId),
    /// A constant.
    Const(i64),
}

/// The objective: an engine variable to minimise or maximise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Objective {
    /// The variable.
    pub var: VarId,
    /// Least (true) or greatest.
    pub minimize: bool,
}

/// A FlatZinc model as an engine model.
#[derive(Debug)]
pub struct Encoded {
    /// The engine's model.
    pub model: Model,
    /// Per FlatZinc variable, its engine variable or constant.
    pub terms: Vec<Term>,
    /// The objective, for optimisation problems.
    pub objective: Option<Objective>,
}

impl Encoded {
    /// The value of every FlatZinc variable (booleans as 0/1) in `solution`.
    pub fn values(&self, solution: &Solution) -> Vec<i64> {
        self.terms
            .iter()
            .map(|t| match t {
                Term::Var(x) => i64::from(solution.value(*x)),
                Term::Const(c) => *c,
            })
            .collect()
    }
}

/// Encodes `fzn` (read from `file`, whose `text` errors quote).
pub fn encode(fzn: &FlatZinc, file: &str, text: &str) -> Result<Encoded, SourceError> {
    let mut e = Encoder {
        fzn,
        file,
        text,
        model: Model::new(),
        terms: Vec::new(),
        consts: HashMap::new(),
        aux: 0,
    };
    let mut consumed = e.variables()?;
    e.cardinalities(&mut consumed)?;
    for (k, c) in fzn.constraints.iter().enumerate() {
        if !consumed[k] {
            e.constraint(c)?;
        }
    }
    let objective = match &fzn.solve.goal {
        Goal::Satisfy => None,
        Goal::Minimize(a) | Goal::Maximize(a) => {
            let t = e.term(a).map_err(|m| e.err(fzn.solve.pos, m))?;
            let var = e.var_of(t).map_err(|m| e.err(fzn.solve.pos, m))?;
            Some(Objective {
                var,
                minimize: matches!(fzn.solve.goal, Goal::Minimize(_)),
            })
        }
    };
    Ok(Encoded {
        model: e.model,
        terms: e.terms,
        objective,
    })
}

struct Encoder<'f> {
    fzn: &'f FlatZinc,
    file: &'f str,
    text: &'f str,
    model: Model,
    terms: Vec<Term>,
    consts: HashMap<i64, VarId>,
    aux: usize,
}

/// How a relation is tied to a boolean argument.
#[derive(Debug, Clone, Copy)]
enum Reif {
    None,
    Equiv(Term),
    Implied(Term),
}

type Msg = String;

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

impl Encoder<'_> {
    fn err(&self, pos: crate::ast::Pos, message: impl Into<String>) -> SourceError {
        SourceError::at(self.file, self.text, pos.line, pos.column, message)
    }

    /// Classes of equal variables and their domains; the engine's variables. Returns which
    /// constraints the classes already express.
    fn variables(&mut self) -> Result<Vec<bool>, SourceError> {
        let fzn = self.fzn;
        let n = fzn.vars.len();
        let mut parent: Vec<usize> = (0..n).collect();
        let mut consumed = vec![false; fzn.constraints.len()];
        let union = |parent: &mut Vec<usize>, a: usize, b: usize| {
            let (ra, rb) = (find(parent, a), find(parent, b));
            if ra != rb {
                parent[ra.max(rb)] = ra.min(rb);
            }
        };
        for (i, v) in fzn.vars.iter().enumerate() {
            if let Some(Arg::Var(w)) = v.equals {
                union(&mut parent, i, w);
            }
        }
        for (k, c) in fzn.constraints.iter().enumerate() {
            if let ("int_eq" | "bool_eq" | "bool2int", [Arg::Var(a), Arg::Var(b)]) =
                (c.name.as_str(), c.args.as_slice())
            {
                union(&mut parent, *a, *b);
                consumed[k] = true;
            }
        }
        // Each class's domain: the intersection of its members' (and of their constants).
        let mut domain: Vec<Option<IntSet>> = vec![None; n];
        let restrict = |root: usize, s: &IntSet, domain: &mut Vec<Option<IntSet>>| {
            domain[root] = Some(match &domain[root] {
                None => s.clone(),
                Some(d) => d.intersect(s),
            });
        };
        for (i, v) in fzn.vars.iter().enumerate() {
            let r = find(&mut parent, i);
            if let Some(d) = &v.domain {
                restrict(r, d, &mut domain);
            }
            match v.equals {
                Some(Arg::Int(c)) => restrict(r, &IntSet::range(c, c), &mut domain),
                Some(Arg::Bool(b)) => restrict(r, &IntSet::range(b as i64, b as i64), &mut domain),
                _ => {}
            }
        }
        for (k, c) in fzn.constraints.iter().enumerate() {
            if let ("set_in", [Arg::Var(x), Arg::Set(s)]) = (c.name.as_str(), c.args.as_slice()) {
                let r = find(&mut parent, *x);
                restrict(r, s, &mut domain);
                consumed[k] = true;
            }
        }
        let mut engine_var: Vec<Option<VarId>> = vec![None; n];
        for i in 0..n {
            let r = find(&mut parent, i);
            if engine_var[r].is_none() {
                let d = domain[r]
                    .clone()
                    .unwrap_or_else(|| IntSet::range(-DEFAULT_BOUND, DEFAULT_BOUND));
                let v = &fzn.vars[r];
                let (lo, hi) = match (d.min(), d.max()) {
                    (Some(lo), Some(hi)) => (lo, hi),
                    _ => {
                        // No value: the model has no solution; say so through the engine.
                        let x = self.fresh(Domain::range(0, 0))?;
                        self.model
                            .post(
                                Linear::new(vec![], Relation::Le, -1, Reification::None)
                                    .map_err(|m| self.err(v.pos, m))?,
                            )
                            .map_err(|m| self.err(v.pos, m.to_string()))?;
                        engine_var[r] = Some(x);
                        continue;
                    }
                };
                if lo < i64::from(Value::MIN) || hi > i64::from(Value::MAX) {
                    return Err(self.err(
                        v.pos,
                        format!(
                            "`{}` has values past ±2³¹ ({}); csp's values are 32-bit integers",
                            v.name, d
                        ),
                    ));
                }
                let domain = if d.ranges().len() == 1 {
                    Domain::range(lo as Value, hi as Value)
                } else if d.len() <= 1 << 22 {
                    Domain::from_values(d.iter().map(|x| x as Value))
                } else {
                    return Err(self.err(v.pos, format!("`{}` has a domain of {} values in {} pieces; at most 4,194,304 values are kept with holes", v.name, d.len(), d.ranges().len())));
                };
                let repr = if d.max().unwrap_or(0) - d.min().unwrap_or(0) < BITSET_SPAN as i64 {
                    Representation::Bits
                } else {
                    Representation::Bounds
                };
                let x = self
                    .model
                    .new_var_as(v.name.clone(), domain, repr)
                    .map_err(|m| self.err(v.pos, m.to_string()))?;
                engine_var[r] = Some(x);
            }
        }
        self.terms = (0..n)
            .map(|i| {
                let r = find(&mut parent, i);
                Term::Var(engine_var[r].expect("every class has its variable"))
            })
            .collect();
        Ok(consumed)
    }

    /// A fresh engine variable (an auxiliary of a decomposition).
    fn fresh(&mut self, d: Domain) -> Result<VarId, SourceError> {
        self.aux += 1;
        self.model
            .new_var(format!("(aux {})", self.aux), d)
            .map_err(|m| self.err(self.fzn.solve.pos, m.to_string()))
    }

    fn term(&self, a: &Arg) -> Result<Term, Msg> {
        match a {
            Arg::Var(v) => Ok(self.terms[*v]),
            Arg::Int(c) => Ok(Term::Const(*c)),
            Arg::Bool(b) => Ok(Term::Const(i64::from(*b))),
            _ => Err("expected an integer or boolean, variable or constant".into()),
        }
    }

    fn terms_of(&self, a: &Arg) -> Result<Vec<Term>, Msg> {
        a.as_array()
            .ok_or("expected an array")?
            .iter()
            .map(|x| self.term(x))
            .collect()
    }

    fn ints(&self, a: &Arg) -> Result<Vec<i64>, Msg> {
        a.as_array()
            .ok_or("expected an array of constants")?
            .iter()
            .map(|x| match x {
                Arg::Int(c) => Ok(*c),
                Arg::Bool(b) => Ok(i64::from(*b)),
                _ => Err("expected an array of constants".to_string()),
            })
            .collect()
    }

    fn constant(&self, a: &Arg) -> Result<i64, Msg> {
        match self.term(a)? {
            Term::Const(c) => Ok(c),
            Term::Var(_) => Err("expected a constant".into()),
        }
    }

    fn value(c: i64) -> Result<Value, Msg> {
        Value::try_from(c)
            .map_err(|_| format!("the constant {c} is past ±2³¹; csp's values are 32-bit"))
    }

    /// An engine variable for a term (a constant gets a fixed variable, one per value).
    fn var_of(&mut self, t: Term) -> Result<VarId, Msg> {
        match t {
            Term::Var(x) => Ok(x),
            Term::Const(c) => {
                if let Some(&x) = self.consts.get(&c) {
                    return Ok(x);
                }
                let v = Self::value(c)?;
                let x = self
                    .model
                    .new_var(format!("({c})"), Domain::range(v, v))
                    .map_err(|e| e.to_string())?;
                self.consts.insert(c, x);
                Ok(x)
            }
        }
    }

    /// `Σ a·t ⋈ rhs`, reified as asked; constants folded into the right-hand side.
    fn linear(
        &mut self,
        terms: Vec<(i64, Term)>,
        rel: Relation,
        rhs: i64,
        reif: Reif,
    ) -> Result<(), Msg> {
        let past = || "a sum's constants past 64 bits".to_string();
        let mut rhs = rhs;
        let mut vars = Vec::with_capacity(terms.len());
        for (a, t) in terms {
            match t {
                Term::Var(x) => vars.push((a, x)),
                Term::Const(c) => {
                    rhs = rhs
                        .checked_sub(a.checked_mul(c).ok_or_else(past)?)
                        .ok_or_else(past)?
                }
            }
        }
        let reification = match reif {
            Reif::None => Reification::None,
            Reif::Equiv(Term::Const(0)) => {
                // The relation is false: post its negation.
                let (vars, rel, rhs) = match rel {
                    Relation::Le => (
                        vars.into_iter().map(|(a, x)| (-a, x)).collect(),
                        Relation::Le,
                        rhs.checked_neg()
                            .and_then(|r| r.checked_sub(1))
                            .ok_or_else(past)?,
                    ),
                    Relation::Eq => (vars, Relation::Ne, rhs),
                    Relation::Ne => (vars, Relation::Eq, rhs),
                };
                return self.post(Linear::new(vars, rel, rhs, Reification::None)?);
            }
            Reif::Implied(Term::Const(0)) => return Ok(()),
            Reif::Equiv(Term::Const(_)) | Reif::Implied(Term::Const(_)) => Reification::None,
            Reif::Equiv(Term::Var(b)) => Reification::Equiv(b),
            Reif::Implied(Term::Var(b)) => Reification::Implied(b),
        };
        // A boolean inside its own sum: through a copy.
        let reification = match reification {
            Reification::Equiv(b) | Reification::Implied(b)
                if vars.iter().any(|&(_, x)| x == b) =>
            {
                let copy = self.fresh(Domain::range(0, 1)).map_err(|e| e.to_string())?;
                self.post(Linear::new(
                    vec![(1, b), (-1, copy)],
                    Relation::Eq,
                    0,
                    Reification::None,
                )?)?;
                match reification {
                    Reification::Equiv(_) => Reification::Equiv(copy),
                    _ => Reification::Implied(copy),
                }
            }
            r => r,
        };
        self.post(Linear::new(vars, rel, rhs, reification)?)
    }

    /// The counts of distinct values over one array (`csp_count_eq(xs, v, c)` for several
    /// `v`, as a global cardinality or a magic sequence compiles) posted as one global
    /// cardinality, which also knows that the counts share the variables.
    fn cardinalities(&mut self, consumed: &mut [bool]) -> Result<(), SourceError> {
        let fzn = self.fzn;
        let mut groups: HashMap<Vec<usize>, Vec<usize>> = HashMap::new();
        for (k, c) in fzn.constraints.iter().enumerate() {
            if consumed[k] || c.name != "csp_count_eq" || c.args.len() != 3 {
                continue;
            }
            let (Some(xs), Arg::Int(_)) = (c.args[0].as_array(), &c.args[1]) else {
                continue;
            };
            let vars: Option<Vec<usize>> = xs
                .iter()
                .map(|a| match a {
                    Arg::Var(v) => Some(*v),
                    _ => None,
                })
                .collect();
            if let Some(vars) = vars {
                groups.entry(vars).or_default().push(k);
            }
        }
        let mut groups: Vec<Vec<usize>> = groups.into_values().filter(|g| g.len() > 1).collect();
        groups.sort_unstable();
        for group in groups {
            let first = &fzn.constraints[group[0]];
            let value = |k: usize| match fzn.constraints[k].args.get(1) {
                Some(Arg::Int(v)) => *v,
                _ => unreachable!("grouped on a constant value"),
            };
            let mut values: Vec<i64> = group.iter().map(|&k| value(k)).collect();
            values.sort_unstable();
            if values.windows(2).any(|w| w[0] == w[1]) {
                continue;
            }
            let r = (|| -> Result<(), Msg> {
                let xs = self.terms_of(&first.args[0])?;
                let xs = xs
                    .into_iter()
                    .map(|t| self.var_of(t))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut values = Vec::with_capacity(group.len());
                let mut counts = Vec::with_capacity(group.len());
                for &k in &group {
                    values.push(Self::value(value(k))?);
                    let c = self.term(&fzn.constraints[k].args[2])?;
                    counts.push(self.var_of(c)?);
                }
                self.post(Cardinality::new(xs, values, counts)?)
            })();
            r.map_err(|m| self.err(first.pos, format!("constraint `{}`: {m}", first.name)))?;
            for k in group {
                consumed[k] = true;
            }
        }
        Ok(())
    }

    fn post(&mut self, c: impl csp_core::Constraint + 'static) -> Result<(), Msg> {
        self.model.post(c).map(|_| ()).map_err(|e| e.to_string())
    }

    fn constraint(&mut self, c: &Constraint) -> Result<(), SourceError> {
        self.constraint_inner(c)
            .map_err(|m| self.err(c.pos, format!("constraint `{}`: {m}", c.name)))
    }

    fn constraint_inner(&mut self, c: &Constraint) -> Result<(), Msg> {
        let a = &c.args;
        let arity = |k: usize| -> Result<(), Msg> {
            if a.len() == k {
                Ok(())
            } else {
                Err(format!("expected {k} arguments, found {}", a.len()))
            }
        };
        let (base, form) = match c.name.as_str() {
            n if n.ends_with("_reif") => (&n[..n.len() - 5], 1),
            n if n.ends_with("_imp") => (&n[..n.len() - 4], 2),
            n => (n, 0),
        };
        // The reifying boolean sits after the base arguments.
        let reif = |this: &Self, k: usize| -> Result<Reif, Msg> {
            Ok(match form {
                0 => Reif::None,
                1 => Reif::Equiv(this.term(a.get(k).ok_or("missing the boolean")?)?),
                _ => Reif::Implied(this.term(a.get(k).ok_or("missing the boolean")?)?),
            })
        };
        let extra = usize::from(form != 0);
        match base {
            "int_lin_eq" | "int_lin_le" | "int_lin_ne" | "bool_lin_eq" | "bool_lin_le" => {
                arity(3 + extra)?;
                let (coeffs, xs) = (self.ints(&a[0])?, self.terms_of(&a[1])?);
                if coeffs.len() != xs.len() {
                    return Err("coefficients and variables differ in number".into());
                }
                let rhs = match self.term(&a[2])? {
                    Term::Const(c) => c,
                    Term::Var(_) => return Err("expected a constant right-hand side".into()),
                };
                let rel = match &base[base.len() - 2..] {
                    "eq" => Relation::Eq,
                    "le" => Relation::Le,
                    _ => Relation::Ne,
                };
                let r = reif(self, 3)?;
                self.linear(coeffs.into_iter().zip(xs).collect(), rel, rhs, r)
            }
            "int_eq" | "int_ne" | "int_le" | "int_lt" | "bool_eq" | "bool_ne" | "bool_le" | "bool_lt" => {
                arity(2 + extra)?;
                let (x, y) = (self.term(&a[0])?, self.term(&a[1])?);
                let (rel, rhs) = match &base[base.len() - 2..] {
                    "eq" => (Relation::Eq, 0),
                    "ne" => (Relation::Ne, 0),
                    "le" => (Relation::Le, 0),
                    _ => (Relation::Le, -1),
                };
                let r = reif(self, 2)?;
                self.linear(vec![(1, x), (-1, y)], rel, rhs, r)
            }
            "bool2int" => {
                arity(2)?;
                let (x, y) = (self.term(&a[0])?, self.term(&a[1])?);
                self.linear(vec![(1, x), (-1, y)], Relation::Eq, 0, Reif::None)
            }
            "bool_not" => {
                arity(2)?;
                let (x, y) = (self.term(&a[0])?, self.term(&a[1])?);
                self.linear(vec![(1, x), (1, y)], Relation::Eq, 1, Reif::None)
            }
            "bool_and" | "bool_or" | "bool_xor" => {
                let (x, y) = (self.term(&a.first().ok_or("missing arguments")?.clone())?, self.term(a.get(1).ok_or("missing arguments")?)?);
                // bool_xor(a, b) with two arguments is a constraint; with three, reified.
                let r = match (form, a.len()) {
                    (0, 2) if base == "bool_xor" => Reif::None,
                    (0, 3) => Reif::Equiv(self.term(&a[2])?),
                    (2, 3) => Reif::Implied(self.term(&a[2])?),
                    _ => return Err(format!("expected 2 or 3 arguments, found {}", a.len())),
                };
                match base {
                    "bool_and" => self.linear(vec![(-1, x), (-1, y)], Relation::Le, -2, r),
                    "bool_or" => self.linear(vec![(-1, x), (-1, y)], Relation::Le, -1, r),
                    _ => self.linear(vec![(1, x), (-1, y)], Relation::Ne, 0, r),
                }
            }
            "bool_clause" => {
                arity(2 + extra)?;
                let (pos, neg) = (self.terms_of(&a[0])?, self.terms_of(&a[1])?);
                let k = neg.len() as i64;
                let mut terms: Vec<(i64, Term)> = pos.into_iter().map(|t| (-1, t)).collect();
                terms.extend(neg.into_iter().map(|t| (1, t)));
                let r = reif(self, 2)?;
                self.linear(terms, Relation::Le, k - 1, r)
            }
            "array_bool_and" | "array_bool_or" => {
                let xs = self.terms_of(a.first().ok_or("missing arguments")?)?;
                let r = match (form, a.len()) {
                    (0, 2) => Reif::Equiv(self.term(&a[1])?),
                    (2, 2) => Reif::Implied(self.term(&a[1])?),
                    (0, 1) => Reif::None,
                    _ => return Err(format!("expected 1 or 2 arguments, found {}", a.len())),
                };
                let need = if base == "array_bool_and" { xs.len() as i64 } else { 1 };
                self.linear(xs.into_iter().map(|t| (-1, t)).collect(), Relation::Le, -need, r)
            }
            "array_bool_xor" => {
                arity(1)?;
                let xs = self.terms_of(&a[0])?;
                // Parity as a chain: p ↔ (p' ≠ x), the last p true.
                let mut p = Term::Const(0);
                for x in xs {
                    let q = Term::Var(self.fresh(Domain::range(0, 1)).map_err(|e| e.to_string())?);
                    self.linear(vec![(1, p), (-1, x)], Relation::Ne, 0, Reif::Equiv(q))?;
                    p = q;
                }
                self.linear(vec![(1, p)], Relation::Eq, 1, Reif::None)
            }
            "int_plus" => {
                arity(3)?;
                let (x, y, z) = (self.term(&a[0])?, self.term(&a[1])?, self.term(&a[2])?);
                self.linear(vec![(1, x), (1, y), (-1, z)], Relation::Eq, 0, Reif::None)
            }
            "int_times" | "int_div" | "int_mod" | "int_pow" | "int_min" | "int_max" => {
                arity(3)?;
                let op = match base {
                    "int_times" => Op::Times,
                    "int_div" => Op::Div,
                    "int_mod" => Op::Mod,
                    "int_pow" => Op::Pow,
                    "int_min" => Op::Min,
                    _ => Op::Max,
                };
                let (x, y, z) = (self.term(&a[0])?, self.term(&a[1])?, self.term(&a[2])?);
                let (x, y, z) = (self.var_of(x)?, self.var_of(y)?, self.var_of(z)?);
                self.post(Arith::new(op, x, y, z))
            }
            "int_abs" => {
                arity(2)?;
                // |x| = max(x, −x).
                let (x, y) = (self.term(&a[0])?, self.term(&a[1])?);
                let x = self.var_of(x)?;
                let (lo, hi) = {
                    let d = self.model.domain(x);
                    (d.min().unwrap_or(0), d.max().unwrap_or(0))
                };
                let neg = self.fresh(Domain::range(hi.saturating_neg(), lo.saturating_neg())).map_err(|e| e.to_string())?;
                self.post(Linear::new(vec![(1, x), (1, neg)], Relation::Eq, 0, Reification::None)?)?;
                let y = self.var_of(y)?;
                self.post(Arith::new(Op::Max, x, neg, y))
            }
            "array_int_element" | "array_bool_element" => {
                arity(3)?;
                let (i, table, z) = (self.term(&a[0])?, self.ints(&a[1])?, self.term(&a[2])?);
                match i {
                    Term::Const(k) => match k.checked_sub(1).and_then(|k| usize::try_from(k).ok()).and_then(|k| table.get(k)) {
                        Some(&v) => self.linear(vec![(1, z)], Relation::Eq, v, Reif::None),
                        // An index outside the array: the constraint is false.
                        None => self.linear(vec![], Relation::Le, -1, Reif::None),
                    },
                    Term::Var(i) => {
                        let pairs = table
                            .iter()
                            .enumerate()
                            .map(|(k, &v)| Ok((Self::value(k as i64 + 1)?, Self::value(v)?)))
                            .collect::<Result<Vec<_>, Msg>>()?;
                        let z = self.var_of(z)?;
                        if z == i {
                            // z = table[z]: the fixed points.
                            let fixed: Vec<Value> = pairs.iter().filter(|p| p.0 == p.1).map(|p| p.0).collect();
                            return self.model.member(i, &fixed).map(|_| ()).map_err(|e| e.to_string());
                        }
                        self.model.map(i, z, pairs).map(|_| ()).map_err(|e| e.to_string())
                    }
                }
            }
            "array_var_int_element" | "array_var_bool_element" => {
                arity(3)?;
                let (i, xs, z) = (self.term(&a[0])?, self.terms_of(&a[1])?, self.term(&a[2])?);
                match i {
                    Term::Const(k) => match k.checked_sub(1).and_then(|k| usize::try_from(k).ok()).and_then(|k| xs.get(k)) {
                        Some(&x) => self.linear(vec![(1, x), (-1, z)], Relation::Eq, 0, Reif::None),
                        None => self.linear(vec![], Relation::Le, -1, Reif::None),
                    },
                    Term::Var(i) => {
                        let xs = xs.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                        let z = self.var_of(z)?;
                        self.post(Element::new(i, xs, 1, z))
                    }
                }
            }
            "array_int_maximum" | "array_int_minimum" => {
                arity(2)?;
                let (m, xs) = (self.term(&a[0])?, self.terms_of(&a[1])?);
                let m = self.var_of(m)?;
                let xs = xs.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                self.post(Extremum::new(m, xs, base == "array_int_maximum")?)
            }
            "set_in" => {
                arity(2 + extra)?;
                let x = self.term(&a[0])?;
                let Arg::Set(s) = &a[1] else {
                    return Err("expected a constant set".into());
                };
                let r = reif(self, 2)?;
                let set = if s.ranges().len() == 1 {
                    Domain::range(Self::value(s.min().unwrap_or(0))?, Self::value(s.max().unwrap_or(-1))?)
                } else {
                    Domain::from_values(s.iter().map(Self::value).collect::<Result<Vec<_>, _>>()?)
                };
                match (x, r) {
                    (x, Reif::None) => {
                        let x = self.var_of(x)?;
                        let values: Vec<Value> = set.iter().collect();
                        self.model.member(x, &values).map(|_| ()).map_err(|e| e.to_string())
                    }
                    (x, Reif::Equiv(b) | Reif::Implied(b)) => {
                        let x = self.var_of(x)?;
                        let b = self.var_of(b)?;
                        self.post(MemberReif::new(x, set, b, matches!(r, Reif::Implied(_))))
                    }
                }
            }
            "fzn_all_different_int" => {
                arity(1)?;
                let xs = self.terms_of(&a[0])?;
                let xs = xs.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                // One variable (or constant) twice: no assignment satisfies it.
                let mut sorted = xs.clone();
                sorted.sort_unstable();
                if sorted.windows(2).any(|w| w[0] == w[1]) {
                    return self.linear(vec![], Relation::Le, -1, Reif::None);
                }
                self.model.all_different(&xs).map(|_| ()).map_err(|e| e.to_string())
            }
            "csp_circuit" | "csp_subcircuit" => {
                arity(2)?;
                let xs = self.terms_of(&a[0])?;
                let offset = self.constant(&a[1])?;
                let xs = xs.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                // One variable twice: two nodes with one successor, never all different.
                if has_duplicate(&xs) {
                    return self.linear(vec![], Relation::Le, -1, Reif::None);
                }
                self.model
                    .circuit(&xs, Self::value(offset)?, base == "csp_subcircuit")
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
            "csp_inverse" => {
                arity(4)?;
                let f = self.terms_of(&a[0])?;
                let g = self.terms_of(&a[2])?;
                let (fo, go) = (self.constant(&a[1])?, self.constant(&a[3])?);
                let f = f.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                let g = g.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                // One variable twice on a side: two indices with one image, never inverse.
                if has_duplicate(&f) || has_duplicate(&g) {
                    return self.linear(vec![], Relation::Le, -1, Reif::None);
                }
                self.model
                    .inverse(&f, Self::value(fo)?, &g, Self::value(go)?)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
            "csp_lex_lesseq_int" => {
                arity(2)?;
                let (x, y) = (self.terms_of(&a[0])?, self.terms_of(&a[1])?);
                let x = x.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                let y = y.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                self.post(LexLessEq::new(x, y))
            }
            "csp_regular" => {
                arity(6)?;
                let xs = self.terms_of(&a[0])?;
                let (q, s) = (self.constant(&a[1])?, self.constant(&a[2])?);
                let delta = self.ints(&a[3])?;
                let q0 = self.constant(&a[4])?;
                let Arg::Set(f) = &a[5] else {
                    return Err("expected a set of accepting states".into());
                };
                // States and symbols are counts: refuse what no automaton has, before any
                // allocation sized by them.
                let size = |v: i64, what: &str| {
                    usize::try_from(v)
                        .ok()
                        .filter(|&n| n <= MAX_AUTOMATON)
                        .ok_or(format!("{v} {what}; expected 0 to {MAX_AUTOMATON}"))
                };
                let (q, s) = (size(q, "states")?, size(s, "symbols")?);
                let state = |v: i64| usize::try_from(v).unwrap_or(usize::MAX);
                let delta = delta.into_iter().map(state).collect();
                let accepting: Vec<usize> = f
                    .ranges()
                    .iter()
                    .flat_map(|&(lo, hi)| lo.max(1)..=hi.min(q as i64))
                    .map(state)
                    .collect();
                // The propagator keeps a state set per position.
                if (xs.len() + 1).saturating_mul(q + 1) > MAX_AUTOMATON {
                    return Err(format!(
                        "{} positions × {q} states; at most {MAX_AUTOMATON} in all",
                        xs.len()
                    ));
                }
                let automaton = Automaton::new(q, s, delta, state(q0), &accepting)?;
                let xs = xs.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                self.post(Regular::new(xs, automaton))
            }
            "csp_disjunctive" => {
                arity(2)?;
                let starts = self.terms_of(&a[0])?;
                let durations = self
                    .ints(&a[1])?
                    .into_iter()
                    .map(|d| u32::try_from(d).map_err(|_| format!("a duration of {d}; expected 0 to {}", u32::MAX)))
                    .collect::<Result<Vec<_>, _>>()?;
                let starts = starts.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                self.model
                    .no_overlap(&starts, &durations)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
            "csp_bin_packing_load" => {
                arity(4)?;
                let (load, bin) = (self.terms_of(&a[0])?, self.terms_of(&a[1])?);
                let w = self.ints(&a[2])?;
                let offset = Self::value(self.constant(&a[3])?)?;
                let load = load.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                let bin = bin.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                self.post(BinPackingLoad::new(load, bin, w, offset)?)
            }
            "csp_count_eq" => {
                arity(3)?;
                let xs = self.terms_of(&a[0])?;
                let v = Self::value(self.constant(&a[1])?)?;
                let c = self.term(&a[2])?;
                let xs = xs.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                let c = self.var_of(c)?;
                self.post(Count::new(xs, v, c))
            }
            "csp_cumulative" => {
                arity(4)?;
                let starts = self.terms_of(&a[0])?;
                let (durations, uses) = (self.ints(&a[1])?, self.ints(&a[2])?);
                let capacity = self.term(&a[3])?;
                let starts = starts.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                match capacity {
                    Term::Const(b) => self.post(Cumulative::new(starts, durations, uses, b)?),
                    Term::Var(b) => {
                        self.post(Cumulative::with_capacity_var(starts, durations, uses, b)?)
                    }
                }
            }
            "fzn_table_int" | "csp_table_int_negative" => {
                arity(2)?;
                let xs = self.terms_of(&a[0])?;
                let flat = self.ints(&a[1])?;
                if xs.is_empty() || flat.len() % xs.len() != 0 {
                    return Err("the table's length is not a multiple of the arity".into());
                }
                let xs = xs.into_iter().map(|t| self.var_of(t)).collect::<Result<Vec<_>, _>>()?;
                let rows = flat
                    .chunks(xs.len())
                    .map(|r| r.iter().map(|&v| Self::value(v)).collect::<Result<Vec<_>, _>>())
                    .collect::<Result<Vec<_>, _>>()?;
                let posted = if base == "fzn_table_int" {
                    self.model.table(&xs, rows)
                } else {
                    self.model.negative_table(&xs, rows)
                };
                posted.map(|_| ()).map_err(|e| e.to_string())
            }
            _ => Err(
                "csp does not support this predicate; compile the model with csp's library (`csp minizinc install`, then `minizinc --solver csp`) so that MiniZinc decomposes what csp lacks"
                    .into(),
            ),
        }
    }
}

/// The most states or symbols of an automaton (`regular`), and of positions × states.
const MAX_AUTOMATON: usize = 1 << 24;

/// Whether a variable appears twice.
fn has_duplicate(xs: &[VarId]) -> bool {
    let mut sorted = xs.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).any(|w| w[0] == w[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(text: &str) -> Result<Encoded, SourceError> {
        encode(&crate::parse(text, "e.fzn").unwrap(), "e.fzn", text)
    }

    #[test]
    fn extreme_constants_are_false_or_refused_never_a_panic() {
        // An index at the least 64-bit integer: outside the array, so the constraint is false.
        let m = encoded("var 1..2: x;\nconstraint array_int_element(-9223372036854775808, [1, 2], x);\nsolve satisfy;\n").unwrap();
        assert!(
            csp_core::Search::new(&m.model, csp_core::SearchConfig::default()).solve()
                == csp_core::Outcome::Unsatisfiable
        );
        // A duration past 32 bits is refused where it is written.
        let e = encoded("var 0..9: s;\nconstraint csp_cumulative([s], [9223372036854775807], [1], 1);\nsolve satisfy;\n").unwrap_err();
        assert_eq!(e.position(), Some((2, 1)));
        assert!(e.message().contains("past"), "{e}");
    }
}
