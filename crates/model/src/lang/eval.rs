//! The independent evaluator: an expression's value on an assignment, by the language's
//! definition alone (no engine code). It checks every solution before it is printed, and
//! with no assignment it computes the constants the compiler needs (data, indices, loop
//! ranges).

use super::LangError;
use super::ast::{BinOp, Expr, Generator, Kind, UnOp};
use super::scope::{Array, IndexSet, Key, Named, Scope};
use csp_core::VarId;

/// The most steps (loop iterations and list items) one evaluation takes: a model that
/// expands further is an error, not a hang.
pub const MAX_STEPS: u64 = 20_000_000;

/// The longest range listed value by value (in a loop or a list): about 100 MB of values.
pub const MAX_RANGE: u64 = 1 << 22;

/// A value: a constant (booleans are 0 and 1) or a list.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum V {
    /// An integer or a symbol.
    Key(Key),
    /// A list of values.
    List(Vec<V>),
}

/// Why an evaluation stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fail {
    /// A decision variable was met while computing a constant (at this offset).
    NotConstant(usize),
    /// The value is undefined on this assignment: a division by zero, an index out of its
    /// set, an overflow. A constraint whose value is undefined does not hold.
    Undefined(usize, String),
    /// The expression is wrong whatever the assignment.
    Error(LangError),
}

impl From<LangError> for Fail {
    fn from(e: LangError) -> Self {
        Fail::Error(e)
    }
}

/// Loop variables in scope, innermost last.
pub type Env = Vec<(String, Key)>;

/// An evaluator over a scope and (optionally) an assignment.
#[allow(
    missing_debug_implementations,
    reason = "it borrows closures, which have no Debug"
)]
pub struct Eval<'a> {
    scope: &'a Scope,
    value: Option<&'a dyn Fn(VarId) -> Key>,
    steps: u64,
}

fn err(at: usize, m: impl Into<String>) -> Fail {
    Fail::Error(LangError::new(at, m))
}

fn truth(b: bool) -> V {
    V::Key(Key::Int(i64::from(b)))
}

impl<'a> Eval<'a> {
    /// Constants only: a decision variable is [`Fail::NotConstant`].
    pub fn constants(scope: &'a Scope) -> Self {
        Eval {
            scope,
            value: None,
            steps: 0,
        }
    }

    /// On an assignment: `value(x)` is the value of variable `x`.
    pub fn on(scope: &'a Scope, value: &'a dyn Fn(VarId) -> Key) -> Self {
        Eval {
            scope,
            value: Some(value),
            steps: 0,
        }
    }

    fn step(&mut self, at: usize) -> Result<(), Fail> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(err(
                at,
                format!("the model expands to more than {MAX_STEPS} items"),
            ));
        }
        Ok(())
    }

    fn var(&self, x: VarId, at: usize) -> Result<Key, Fail> {
        match self.value {
            Some(f) => Ok(f(x)),
            None => Err(Fail::NotConstant(at)),
        }
    }

    /// Whether a constraint holds: its value is true (every item of a comprehension), and
    /// not undefined.
    pub fn holds(&mut self, e: &Expr, env: &mut Env) -> Result<bool, Fail> {
        match self.value(e, env) {
            Ok(v) => Ok(all_true(&v)),
            Err(Fail::Undefined(..)) => Ok(false),
            Err(f) => Err(f),
        }
    }

    /// An integer (a symbol is an error).
    pub fn int(&mut self, e: &Expr, env: &mut Env) -> Result<i64, Fail> {
        match self.value(e, env)? {
            V::Key(Key::Int(i)) => Ok(i),
            V::Key(Key::Sym(s)) => Err(err(
                e.at,
                format!(
                    "expected an integer, found the symbol `{}`",
                    self.scope.show(Key::Sym(s))
                ),
            )),
            V::List(_) => Err(err(e.at, "expected an integer, found a list")),
        }
    }

    /// A constant or a variable's value.
    pub fn key(&mut self, e: &Expr, env: &mut Env) -> Result<Key, Fail> {
        match self.value(e, env)? {
            V::Key(k) => Ok(k),
            V::List(_) => Err(err(e.at, "expected one value, found a list")),
        }
    }

    /// A list's items.
    pub fn list(&mut self, e: &Expr, env: &mut Env) -> Result<Vec<V>, Fail> {
        match self.value(e, env)? {
            V::List(items) => Ok(items),
            V::Key(_) => Err(err(e.at, "expected a list, an array or a range")),
        }
    }

    /// Calls `body` once for each binding of the generators, in order.
    pub fn each(
        &mut self,
        gens: &[Generator],
        env: &mut Env,
        body: &mut dyn FnMut(&mut Self, &mut Env) -> Result<(), Fail>,
    ) -> Result<(), Fail> {
        let Some((g, rest)) = gens.split_first() else {
            return body(self, env);
        };
        let over = match self.value(&g.over, env) {
            Ok(V::List(items)) => items,
            Ok(V::Key(_)) => {
                return Err(err(
                    g.over.at,
                    "expected a range, a list, an array or a set after `in`",
                ));
            }
            Err(Fail::NotConstant(at)) => {
                return Err(err(
                    at,
                    "a loop ranges over constants; this is a decision variable",
                ));
            }
            Err(f) => return Err(f),
        };
        for item in over {
            self.step(g.at)?;
            let V::Key(k) = item else {
                return Err(err(g.over.at, "a loop over a list of lists"));
            };
            env.push((g.name.clone(), k));
            let keep = match &g.only_if {
                None => Ok(true),
                Some(c) => self.bool(c, env),
            };
            let r = match keep {
                Ok(true) => self.each(rest, env, body),
                Ok(false) => Ok(()),
                Err(Fail::NotConstant(at)) => Err(err(
                    at,
                    "an `if` in a loop takes constants; this is a decision variable",
                )),
                Err(f) => Err(f),
            };
            env.pop();
            r?;
        }
        Ok(())
    }

    fn bool(&mut self, e: &Expr, env: &mut Env) -> Result<bool, Fail> {
        Ok(self.int(e, env)? != 0)
    }

    /// The value of `e`.
    pub fn value(&mut self, e: &Expr, env: &mut Env) -> Result<V, Fail> {
        let at = e.at;
        match &e.kind {
            Kind::Int(n) => Ok(V::Key(Key::Int(*n))),
            Kind::Bool(b) => Ok(truth(*b)),
            Kind::Name(n) => self.name(n, at, env),
            Kind::Index(a, idx) => {
                let mut keys = Vec::with_capacity(idx.len());
                for i in idx {
                    keys.push(self.key(i, env)?);
                }
                if matches!(a.kind, Kind::List(_) | Kind::Comprehension(..)) {
                    return self.index_list(a, &keys, at, env);
                }
                self.index(a, &keys, at)
            }
            Kind::Call(f, args) => self.call(f, args, at, env),
            Kind::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for i in items {
                    out.push(self.value(i, env)?);
                }
                Ok(V::List(out))
            }
            Kind::Comprehension(body, gens) => {
                let mut out = Vec::new();
                self.each(gens, env, &mut |ev, env| {
                    out.push(ev.value(body, env)?);
                    Ok(())
                })?;
                Ok(V::List(out))
            }
            Kind::Range(a, b) => {
                let (lo, hi) = (self.int(a, env)?, self.int(b, env)?);
                let n = (i128::from(hi) - i128::from(lo) + 1).max(0);
                if n > i128::from(MAX_RANGE) {
                    return Err(err(
                        at,
                        format!("the range {lo}..{hi} is longer than {MAX_RANGE} values to list"),
                    ));
                }
                self.steps += n as u64;
                self.step(at)?;
                Ok(V::List((lo..=hi).map(|i| V::Key(Key::Int(i))).collect()))
            }
            Kind::Unary(UnOp::Neg, a) => {
                let v = self.int(a, env)?;
                v.checked_neg()
                    .map(|v| V::Key(Key::Int(v)))
                    .ok_or_else(|| Fail::Undefined(at, "overflow".into()))
            }
            Kind::Unary(UnOp::Not, a) => Ok(truth(!self.bool(a, env)?)),
            Kind::Binary(op, a, b) => self.binary(*op, a, b, at, env),
        }
    }

    fn name(&mut self, n: &str, at: usize, env: &mut Env) -> Result<V, Fail> {
        if let Some((_, k)) = env.iter().rev().find(|(m, _)| m == n) {
            return Ok(V::Key(*k));
        }
        match self.scope.get(n) {
            Some(Named::Var(x)) => Ok(V::Key(self.var(*x, at)?)),
            Some(Named::Const(k)) => Ok(V::Key(*k)),
            Some(Named::VarArray(a)) => {
                let mut out = Vec::with_capacity(a.items.len());
                for &x in &a.items {
                    out.push(V::Key(self.var(x, at)?));
                }
                Ok(V::List(out))
            }
            Some(Named::ConstArray(a)) => Ok(V::List(a.items.iter().map(|&k| V::Key(k)).collect())),
            Some(Named::Set(s)) => Ok(V::List(s.iter().map(|&y| V::Key(Key::Sym(y))).collect())),
            None => match self.scope.known_symbol(n) {
                Some(s) => Ok(V::Key(Key::Sym(s))),
                None => Err(err(at, format!("unknown name `{n}`"))),
            },
        }
    }

    /// `[a, b, c][k]`: the list's items from 1.
    fn index_list(&mut self, a: &Expr, keys: &[Key], at: usize, env: &mut Env) -> Result<V, Fail> {
        let [Key::Int(k)] = keys else {
            return Err(err(at, "a list has one integer index"));
        };
        let V::List(items) = self.value(a, env)? else {
            return Err(err(at, "expected a list"));
        };
        let n = items.len();
        usize::try_from(*k)
            .ok()
            .and_then(|k| k.checked_sub(1))
            .and_then(|k| items.into_iter().nth(k))
            .ok_or_else(|| Fail::Undefined(at, format!("index {k} is outside the list's 1..{n}")))
    }

    fn index(&mut self, a: &Expr, keys: &[Key], at: usize) -> Result<V, Fail> {
        let Kind::Name(n) = &a.kind else {
            return Err(err(at, "only an array or a list can be indexed"));
        };
        fn pick<T: Copy>(
            a: &Array<T>,
            keys: &[Key],
            n: &str,
            s: &Scope,
            at: usize,
        ) -> Result<T, Fail> {
            if keys.len() != a.index.len() {
                return Err(err(
                    at,
                    format!("`{n}` has {} indices, found {}", a.index.len(), keys.len()),
                ));
            }
            a.position(keys).map(|p| a.items[p]).ok_or_else(|| {
                let shown: Vec<String> = keys.iter().map(|&k| s.show(k)).collect();
                Fail::Undefined(
                    at,
                    format!("`{n}[{}]` is out of its index set", shown.join(", ")),
                )
            })
        }
        match self.scope.get(n) {
            Some(Named::VarArray(arr)) => {
                let x = pick(arr, keys, n, self.scope, at)?;
                Ok(V::Key(self.var(x, at)?))
            }
            Some(Named::ConstArray(arr)) => Ok(V::Key(pick(arr, keys, n, self.scope, at)?)),
            Some(_) => Err(err(at, format!("`{n}` is not an array"))),
            None => Err(err(at, format!("unknown array `{n}`"))),
        }
    }

    /// The first index of a list argument: an array's own, 1 for any other list.
    fn base(&self, e: &Expr) -> i64 {
        match &e.kind {
            Kind::Name(n) => match self.scope.get(n) {
                Some(Named::VarArray(a)) => match a.index.first() {
                    Some(IndexSet::Range(lo, _)) => *lo,
                    _ => 1,
                },
                Some(Named::ConstArray(a)) => match a.index.first() {
                    Some(IndexSet::Range(lo, _)) => *lo,
                    _ => 1,
                },
                _ => 1,
            },
            _ => 1,
        }
    }

    fn ints(&mut self, e: &Expr, env: &mut Env) -> Result<Vec<i64>, Fail> {
        self.list(e, env)?
            .into_iter()
            .map(|v| match v {
                V::Key(Key::Int(i)) => Ok(i),
                _ => Err(err(e.at, "expected a list of integers")),
            })
            .collect()
    }

    /// The tuples of `table(xs, tuples)`, each `width` integers: a list of lists, or a data
    /// table (two indices) `width` wide.
    pub fn rows(&mut self, e: &Expr, env: &mut Env, width: usize) -> Result<Vec<Vec<i64>>, Fail> {
        let wrong = || err(e.at, format!("expected tuples of {width} integers"));
        let int = |v: V| match v {
            V::Key(Key::Int(i)) => Ok(i),
            _ => Err(wrong()),
        };
        let items = self.list(e, env)?;
        if items.iter().all(|v| matches!(v, V::List(_))) {
            return items
                .into_iter()
                .map(|row| match row {
                    V::List(r) if r.len() == width => r.into_iter().map(int).collect(),
                    _ => Err(wrong()),
                })
                .collect();
        }
        let table_width = match &e.kind {
            Kind::Name(n) => match self.scope.get(n) {
                Some(Named::ConstArray(a)) if a.index.len() == 2 => {
                    a.items.len().checked_div(a.index[0].len()).unwrap_or(0)
                }
                _ => 0,
            },
            _ => 0,
        };
        if table_width != width || width == 0 {
            return Err(wrong());
        }
        let flat: Vec<i64> = items.into_iter().map(int).collect::<Result<_, _>>()?;
        Ok(flat.chunks(width).map(<[i64]>::to_vec).collect())
    }

    /// A function's value: the arithmetic ones here, the globals' truth in [`Self::global`].
    fn call(&mut self, f: &str, args: &[Expr], at: usize, env: &mut Env) -> Result<V, Fail> {
        let int = |v: i64| Ok(V::Key(Key::Int(v)));
        let overflow = || Fail::Undefined(at, "overflow".into());
        let arity = |n: usize| arity(f, args, at, n);
        match f {
            "sum" => {
                arity(1)?;
                let xs = self.ints(&args[0], env)?;
                xs.iter()
                    .try_fold(0i64, |s, &x| s.checked_add(x))
                    .map_or_else(|| Err(overflow()), int)
            }
            "min" | "max" => {
                let xs = if args.len() == 1 {
                    self.ints(&args[0], env)?
                } else {
                    let mut xs = Vec::new();
                    for a in args {
                        xs.push(self.int(a, env)?);
                    }
                    xs
                };
                let m = if f == "min" {
                    xs.iter().min()
                } else {
                    xs.iter().max()
                };
                m.map_or_else(
                    || Err(err(at, format!("`{f}` of an empty list"))),
                    |&m| int(m),
                )
            }
            "abs" => {
                arity(1)?;
                self.int(&args[0], env)?
                    .checked_abs()
                    .map_or_else(|| Err(overflow()), int)
            }
            "len" => {
                arity(1)?;
                // An array's length is that of its first dimension (its rows for a table).
                if let Kind::Name(n) = &args[0].kind {
                    let dims = match self.scope.get(n) {
                        Some(Named::VarArray(a)) => Some(a.index[0].len()),
                        Some(Named::ConstArray(a)) => Some(a.index[0].len()),
                        _ => None,
                    };
                    if let Some(d) = dims {
                        return int(d as i64);
                    }
                }
                int(self.list(&args[0], env)?.len() as i64)
            }
            _ => self.global(f, args, at, env),
        }
    }

    /// Whether a global constraint holds, by its definition.
    fn global(&mut self, f: &str, args: &[Expr], at: usize, env: &mut Env) -> Result<V, Fail> {
        let arity = |n: usize| arity(f, args, at, n);
        match f {
            "all_different" => {
                arity(1)?;
                let mut xs: Vec<V> = self.list(&args[0], env)?;
                let n = xs.len();
                xs.sort();
                xs.dedup();
                Ok(truth(xs.len() == n))
            }
            "no_overlap" | "disjunctive" => {
                arity(2)?;
                let (s, d) = (self.ints(&args[0], env)?, self.ints(&args[1], env)?);
                if s.len() != d.len() {
                    return Err(err(
                        at,
                        format!("{} starts but {} durations", s.len(), d.len()),
                    ));
                }
                let clash = (0..s.len()).any(|i| {
                    (i + 1..s.len())
                        .any(|j| d[i] > 0 && d[j] > 0 && s[i] < s[j] + d[j] && s[j] < s[i] + d[i])
                });
                Ok(truth(!clash))
            }
            "circuit" | "subcircuit" => {
                arity(1)?;
                let base = self.base(&args[0]);
                let succ = self.ints(&args[0], env)?;
                Ok(truth(circuit(&succ, base, f == "subcircuit")))
            }
            "inverse" => {
                arity(2)?;
                let (fb, gb) = (self.base(&args[0]), self.base(&args[1]));
                let (fs, gs) = (self.ints(&args[0], env)?, self.ints(&args[1], env)?);
                Ok(truth(
                    inverse(&fs, fb, &gs, gb) && inverse(&gs, gb, &fs, fb),
                ))
            }
            "lex_lesseq" => {
                arity(2)?;
                let (xs, ys) = (self.ints(&args[0], env)?, self.ints(&args[1], env)?);
                Ok(truth(xs <= ys))
            }
            "table" | "forbidden" => {
                arity(2)?;
                let xs = self.ints(&args[0], env)?;
                let rows = self.rows(&args[1], env, xs.len())?;
                Ok(truth(rows.contains(&xs) == (f == "table")))
            }
            "cumulative" => {
                arity(4)?;
                let s = self.ints(&args[0], env)?;
                let d = self.ints(&args[1], env)?;
                let r = self.ints(&args[2], env)?;
                let cap = self.int(&args[3], env)?;
                if s.len() != d.len() || s.len() != r.len() {
                    return Err(err(at, "starts, durations and uses differ in number"));
                }
                // The load is highest at some task's start: check there.
                let over = (0..s.len()).filter(|&i| d[i] > 0).any(|i| {
                    let t = s[i];
                    let load: i128 = (0..s.len())
                        .filter(|&j| d[j] > 0 && s[j] <= t && t < s[j] + d[j])
                        .map(|j| i128::from(r[j]))
                        .sum();
                    load > i128::from(cap)
                });
                Ok(truth(!over))
            }
            _ => Err(err(at, format!("unknown function `{f}`"))),
        }
    }

    fn binary(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        at: usize,
        env: &mut Env,
    ) -> Result<V, Fail> {
        let overflow = || Fail::Undefined(at, "overflow".into());
        match op {
            // Both sides always: an undefined part (an index out of its array, a division
            // by zero) makes the whole constraint false wherever it is, as compiled.
            BinOp::And => {
                let (x, y) = (self.bool(a, env)?, self.bool(b, env)?);
                Ok(truth(x && y))
            }
            BinOp::Or => {
                let (x, y) = (self.bool(a, env)?, self.bool(b, env)?);
                Ok(truth(x || y))
            }
            BinOp::Implies => {
                let (x, y) = (self.bool(a, env)?, self.bool(b, env)?);
                Ok(truth(!x || y))
            }
            BinOp::Iff => Ok(truth(self.bool(a, env)? == self.bool(b, env)?)),
            BinOp::In | BinOp::NotIn => {
                let x = self.key(a, env)?;
                // A range is tested by its bounds, never listed.
                let inside = if let Kind::Range(lo, hi) = &b.kind {
                    let (lo, hi) = (self.int(lo, env)?, self.int(hi, env)?);
                    matches!(x, Key::Int(v) if lo <= v && v <= hi)
                } else {
                    self.list(b, env)?.contains(&V::Key(x))
                };
                Ok(truth(inside == (op == BinOp::In)))
            }
            BinOp::Eq | BinOp::Ne => {
                let (x, y) = (self.key(a, env)?, self.key(b, env)?);
                Ok(truth((x == y) == (op == BinOp::Eq)))
            }
            _ => {
                let (x, y) = (self.int(a, env)?, self.int(b, env)?);
                let v = match op {
                    BinOp::Lt => Some(i64::from(x < y)),
                    BinOp::Le => Some(i64::from(x <= y)),
                    BinOp::Gt => Some(i64::from(x > y)),
                    BinOp::Ge => Some(i64::from(x >= y)),
                    BinOp::Add => x.checked_add(y),
                    BinOp::Sub => x.checked_sub(y),
                    BinOp::Mul => x.checked_mul(y),
                    BinOp::Div | BinOp::Mod if y == 0 => {
                        return Err(Fail::Undefined(at, "division by zero".into()));
                    }
                    BinOp::Div => x.checked_div(y),
                    _ => x.checked_rem(y),
                };
                v.map(|v| V::Key(Key::Int(v))).ok_or_else(overflow)
            }
        }
    }
}

/// `succ[i] − base` is node `i`'s successor: one cycle through every node (`circuit`), or
/// through the nodes that are not their own successor (`subcircuit`; none at all is one).
fn circuit(succ: &[i64], base: i64, sub: bool) -> bool {
    let n = succ.len();
    let next: Option<Vec<usize>> = succ
        .iter()
        .map(|&v| {
            usize::try_from(v.checked_sub(base)?)
                .ok()
                .filter(|&k| k < n)
        })
        .collect();
    let Some(next) = next else {
        return false;
    };
    let mut hit = vec![false; n];
    for &j in &next {
        if std::mem::replace(&mut hit[j], true) {
            return false;
        }
    }
    let on: Vec<usize> = (0..n).filter(|&i| next[i] != i).collect();
    if !sub && on.len() != n {
        return false;
    }
    let Some(&start) = on.first() else {
        return true;
    };
    let (mut at, mut steps) = (next[start], 1);
    while at != start {
        at = next[at];
        steps += 1;
    }
    steps == on.len()
}

/// `f[i] − g_base` names an index of `g`, whose value there is `i + f_base`.
fn inverse(f: &[i64], f_base: i64, g: &[i64], g_base: i64) -> bool {
    f.iter().enumerate().all(|(i, &v)| {
        v.checked_sub(g_base)
            .and_then(|k| usize::try_from(k).ok())
            .and_then(|k| g.get(k))
            .is_some_and(|&w| Some(w) == f_base.checked_add(i as i64))
    })
}

/// Whether a constraint's value holds: true, or a list of values that all hold.
fn all_true(v: &V) -> bool {
    match v {
        V::Key(Key::Int(i)) => *i != 0,
        V::Key(Key::Sym(_)) => false,
        V::List(items) => items.iter().all(all_true),
    }
}

/// Exactly `n` arguments, or an error naming the function.
fn arity(f: &str, args: &[Expr], at: usize, n: usize) -> Result<(), Fail> {
    if args.len() == n {
        Ok(())
    } else {
        Err(err(
            at,
            format!("`{f}` takes {n} argument(s), found {}", args.len()),
        ))
    }
}
