//! The independent checker: every constraint of a [`FlatZinc`] model evaluated on an
//! assignment by its definition in MiniZinc's library, and the objective recomputed. It
//! shares nothing with the engine (no propagator, no encoding), so an answer it accepts
//! is right whatever the solver did.

use crate::model::{Arg, FlatZinc, Goal, IntSet};
use std::fmt;

/// Why an assignment is not a solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The constraint (index into [`FlatZinc::constraints`]) or `None` for a variable's
    /// domain or alias.
    pub constraint: Option<usize>,
    /// What is wrong, with the values involved.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The predicates [`check`] can evaluate: FlatZinc's built-ins and the globals csp's MiniZinc
/// library passes through (`csp minizinc install`).
pub const CHECKED: &[&str] = &[
    "int_abs",
    "int_div",
    "int_mod",
    "int_times",
    "int_plus",
    "int_pow",
    "int_min",
    "int_max",
    "int_eq",
    "int_ne",
    "int_le",
    "int_lt",
    "int_eq_reif",
    "int_ne_reif",
    "int_le_reif",
    "int_lt_reif",
    "int_eq_imp",
    "int_ne_imp",
    "int_le_imp",
    "int_lt_imp",
    "int_lin_eq",
    "int_lin_ne",
    "int_lin_le",
    "int_lin_eq_reif",
    "int_lin_ne_reif",
    "int_lin_le_reif",
    "int_lin_eq_imp",
    "int_lin_ne_imp",
    "int_lin_le_imp",
    "array_int_element",
    "array_var_int_element",
    "array_bool_element",
    "array_var_bool_element",
    "array_int_maximum",
    "array_int_minimum",
    "set_in",
    "set_in_reif",
    "set_in_imp",
    "bool2int",
    "bool_eq",
    "bool_ne",
    "bool_le",
    "bool_lt",
    "bool_not",
    "bool_eq_reif",
    "bool_ne_reif",
    "bool_le_reif",
    "bool_lt_reif",
    "bool_eq_imp",
    "bool_ne_imp",
    "bool_le_imp",
    "bool_lt_imp",
    "bool_and",
    "bool_or",
    "bool_xor",
    "bool_and_imp",
    "bool_or_imp",
    "bool_xor_imp",
    "bool_clause",
    "bool_clause_reif",
    "bool_clause_imp",
    "array_bool_and",
    "array_bool_or",
    "array_bool_xor",
    "array_bool_and_imp",
    "array_bool_or_imp",
    "bool_lin_eq",
    "bool_lin_le",
    "fzn_all_different_int",
    "fzn_cumulative",
    "fzn_disjunctive",
    "fzn_disjunctive_strict",
    "csp_disjunctive",
    "fzn_table_int",
    "csp_table_int_negative",
    "fzn_global_cardinality",
    "fzn_global_cardinality_closed",
    "fzn_count_eq",
    "csp_count_eq",
    "fzn_among",
    "csp_circuit",
    "csp_subcircuit",
    "csp_inverse",
    "fzn_lex_lesseq_int",
    "csp_lex_lesseq_int",
    "csp_bin_packing_load",
    "fzn_regular",
    "csp_regular",
];

/// Checks `values` (one per variable of `fzn`, booleans as 0/1) against every declared
/// domain, alias and constraint.
pub fn check(fzn: &FlatZinc, values: &[i64]) -> Result<(), Violation> {
    if values.len() != fzn.vars.len() {
        return Err(Violation {
            constraint: None,
            message: format!("{} values for {} variables", values.len(), fzn.vars.len()),
        });
    }
    let ev = Eval { values };
    for (i, v) in fzn.vars.iter().enumerate() {
        let x = values[i];
        if let Some(d) = &v.domain
            && !d.contains(x)
        {
            return Err(Violation {
                constraint: None,
                message: format!("{} = {x} is outside its domain {d}", v.name),
            });
        }
        if let Some(e) = &v.equals
            && ev.int(e) != Some(i128::from(x))
        {
            return Err(Violation {
                constraint: None,
                message: format!(
                    "{} = {x} differs from the value it is declared equal to",
                    v.name
                ),
            });
        }
    }
    for (k, c) in fzn.constraints.iter().enumerate() {
        match ev.holds(&c.name, &c.args) {
            Some(true) => {}
            Some(false) => {
                return Err(Violation {
                    constraint: Some(k),
                    message: format!(
                        "constraint {} (line {}) is violated: {}",
                        c.name,
                        c.pos.line,
                        describe(fzn, &c.args, values)
                    ),
                });
            }
            None => {
                return Err(Violation {
                    constraint: Some(k),
                    message: format!(
                        "constraint {} (line {}) cannot be checked: unknown predicate or wrong arguments",
                        c.name, c.pos.line
                    ),
                });
            }
        }
    }
    Ok(())
}

/// The objective's value under `values`, or `None` for a satisfaction problem.
pub fn objective(fzn: &FlatZinc, values: &[i64]) -> Option<i64> {
    let ev = Eval { values };
    match &fzn.solve.goal {
        Goal::Satisfy => None,
        Goal::Minimize(a) | Goal::Maximize(a) => ev.int(a).and_then(|v| i64::try_from(v).ok()),
    }
}

fn describe(fzn: &FlatZinc, args: &[Arg], values: &[i64]) -> String {
    fn one(fzn: &FlatZinc, a: &Arg, values: &[i64], out: &mut String) {
        match a {
            Arg::Var(v) => out.push_str(&format!("{}={}", fzn.vars[*v].name, values[*v])),
            Arg::Array(xs) => {
                out.push('[');
                for (i, x) in xs.iter().take(20).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    one(fzn, x, values, out);
                }
                if xs.len() > 20 {
                    out.push_str(", …");
                }
                out.push(']');
            }
            Arg::Int(i) => out.push_str(&i.to_string()),
            Arg::Bool(b) => out.push_str(&b.to_string()),
            Arg::Float(f) => out.push_str(&f.to_string()),
            Arg::Set(s) => out.push_str(&s.to_string()),
        }
    }
    let mut out = String::new();
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        one(fzn, a, values, &mut out);
    }
    out
}

struct Eval<'v> {
    values: &'v [i64],
}

impl Eval<'_> {
    /// A base test on exactly its own arguments.
    fn base_test(&self, base: &str, a: &[Arg]) -> Option<bool> {
        let i = |k: usize| a.get(k).and_then(|x| self.int(x));
        let b = |k: usize| a.get(k).and_then(|x| self.bool(x));
        let arr = |k: usize| a.get(k).and_then(|x| self.ints(x));
        let lin = || -> Option<(i128, i128)> {
            let (c, x) = (arr(0)?, arr(1)?);
            (c.len() == x.len()).then_some(())?;
            Some((c.iter().zip(&x).map(|(c, x)| c * x).sum(), i(2)?))
        };
        Some(match base {
            "int_eq" | "bool_eq" => i(0)? == i(1)?,
            "int_ne" | "bool_ne" => i(0)? != i(1)?,
            "int_le" | "bool_le" => i(0)? <= i(1)?,
            "int_lt" | "bool_lt" => i(0)? < i(1)?,
            "int_lin_eq" => lin().map(|(s, c)| s == c)?,
            "int_lin_ne" => lin().map(|(s, c)| s != c)?,
            "int_lin_le" => lin().map(|(s, c)| s <= c)?,
            "set_in" => self.set(a.get(1)?)?.contains(i64::try_from(i(0)?).ok()?),
            "bool_and" => b(0)? && b(1)?,
            "bool_or" => b(0)? || b(1)?,
            "bool_xor" => b(0)? != b(1)?,
            "bool_clause" => arr(0)?.iter().any(|&v| v != 0) || arr(1)?.contains(&0),
            "array_bool_and" => arr(0)?.iter().all(|&v| v != 0),
            "array_bool_or" => arr(0)?.iter().any(|&v| v != 0),
            _ => return None,
        })
    }

    /// An integer (or boolean as 0/1) argument's value.
    fn int(&self, a: &Arg) -> Option<i128> {
        match a {
            Arg::Int(i) => Some(i128::from(*i)),
            Arg::Bool(b) => Some(i128::from(*b)),
            Arg::Var(v) => self.values.get(*v).map(|&x| i128::from(x)),
            _ => None,
        }
    }

    fn bool(&self, a: &Arg) -> Option<bool> {
        self.int(a).map(|v| v != 0)
    }

    fn ints(&self, a: &Arg) -> Option<Vec<i128>> {
        a.as_array()?.iter().map(|x| self.int(x)).collect()
    }

    fn set<'a>(&self, a: &'a Arg) -> Option<&'a IntSet> {
        match a {
            Arg::Set(s) => Some(s),
            _ => None,
        }
    }

    /// Whether the constraint holds; `None` when the predicate or its arguments are unknown.
    fn holds(&self, name: &str, a: &[Arg]) -> Option<bool> {
        let n = a.len();
        // Reified (`_reif`: r ↔ c) and half-reified (`_imp`: r → c) forms of a base test,
        // the boolean last; `bool_and(a, b, r)` and `array_bool_or(as, r)` are reified by
        // definition.
        let (base, form) = if let Some(s) = name.strip_suffix("_reif") {
            (s, Form::Reif)
        } else if let Some(s) = name.strip_suffix("_imp") {
            (s, Form::Imp)
        } else {
            (name, Form::Plain)
        };
        if let Some(arity) = base_arity(base) {
            let form = match form {
                Form::Plain if n == arity + 1 && IMPLICITLY_REIFIED.contains(&base) => Form::Reif,
                f => f,
            };
            if form == Form::Plain {
                return (n == arity).then(|| self.base_test(base, a)).flatten();
            }
            if n != arity + 1 {
                return None;
            }
            let r = a.get(arity).and_then(|x| self.bool(x))?;
            let c = self.base_test(base, &a[..arity])?;
            return Some(if form == Form::Imp { !r || c } else { r == c });
        }
        let args = Args { eval: self, a };
        functional(name, &args).or_else(|| global(name, &args))
    }
}

/// One constraint's arguments read on the assignment, by position.
struct Args<'e, 'v> {
    eval: &'e Eval<'v>,
    a: &'e [Arg],
}

impl Args<'_, '_> {
    fn n(&self) -> usize {
        self.a.len()
    }

    fn int(&self, k: usize) -> Option<i128> {
        self.a.get(k).and_then(|x| self.eval.int(x))
    }

    fn bool(&self, k: usize) -> Option<bool> {
        self.a.get(k).and_then(|x| self.eval.bool(x))
    }

    fn ints(&self, k: usize) -> Option<Vec<i128>> {
        self.a.get(k).and_then(|x| self.eval.ints(x))
    }

    fn set(&self, k: usize) -> Option<&IntSet> {
        self.a.get(k).and_then(|x| self.eval.set(x))
    }

    /// `(Σ c·x, rhs)` for `lin(c, x, rhs)`, or `None` when the arrays differ in length.
    fn linear(&self) -> Option<(i128, i128)> {
        let (c, x) = (self.ints(0)?, self.ints(1)?);
        (c.len() == x.len()).then_some(())?;
        Some((c.iter().zip(&x).map(|(c, x)| c * x).sum(), self.int(2)?))
    }
}

/// Arithmetic, booleans, element and extremum, by their definitions; `None` when the
/// predicate is not one of them or an argument is unknown.
fn functional(name: &str, args: &Args<'_, '_>) -> Option<bool> {
    Some(match name {
        "int_abs" => args.n() == 2 && args.int(1)? == args.int(0)?.abs(),
        "int_plus" => args.n() == 3 && args.int(2)? == args.int(0)? + args.int(1)?,
        "int_times" => args.n() == 3 && args.int(2)? == args.int(0)? * args.int(1)?,
        "int_div" => {
            args.n() == 3 && args.int(1)? != 0 && args.int(2)? == args.int(0)? / args.int(1)?
        }
        "int_mod" => {
            args.n() == 3 && args.int(1)? != 0 && args.int(2)? == args.int(0)? % args.int(1)?
        }
        "int_min" => args.n() == 3 && args.int(2)? == args.int(0)?.min(args.int(1)?),
        "int_max" => args.n() == 3 && args.int(2)? == args.int(0)?.max(args.int(1)?),
        "int_pow" => args.n() == 3 && pow(args.int(0)?, args.int(1)?) == Some(args.int(2)?),
        "bool2int" => args.n() == 2 && args.int(0)? == args.int(1)?,
        "bool_not" => args.n() == 2 && args.bool(0)? != args.bool(1)?,
        "array_bool_xor" => {
            args.n() == 1 && args.ints(0)?.iter().filter(|&&v| v != 0).count() % 2 == 1
        }
        "array_int_element"
        | "array_var_int_element"
        | "array_bool_element"
        | "array_var_bool_element" => {
            let (k, xs, c) = (args.int(0)?, args.ints(1)?, args.int(2)?);
            args.n() == 3 && k >= 1 && (k as usize) <= xs.len() && xs[k as usize - 1] == c
        }
        "array_int_maximum" => {
            args.n() == 2
                && args
                    .ints(1)?
                    .iter()
                    .max()
                    .is_some_and(|&m| m == args.int(0).unwrap_or(i128::MIN))
        }
        "array_int_minimum" => {
            args.n() == 2
                && args
                    .ints(1)?
                    .iter()
                    .min()
                    .is_some_and(|&m| m == args.int(0).unwrap_or(i128::MIN))
        }
        "bool_lin_eq" => args.n() == 3 && args.linear().map(|(s, c)| s == c)?,
        "bool_lin_le" => args.n() == 3 && args.linear().map(|(s, c)| s <= c)?,
        _ => return None,
    })
}

/// The global constraints, by their definitions in MiniZinc's library.
fn global(name: &str, args: &Args<'_, '_>) -> Option<bool> {
    Some(match name {
        "fzn_all_different_int" => args.n() == 1 && all_different(&args.ints(0)?),
        "fzn_cumulative" | "csp_cumulative" => {
            args.n() == 4
                && cumulative(&args.ints(0)?, &args.ints(1)?, &args.ints(2)?, args.int(3)?)?
        }
        "fzn_disjunctive" | "fzn_disjunctive_strict" | "csp_disjunctive" => {
            let (s, d) = (args.ints(0)?, args.ints(1)?);
            args.n() == 2 && s.len() == d.len() && d.iter().all(|&d| d >= 0) && {
                let strict = name == "fzn_disjunctive_strict";
                (0..s.len()).all(|p| {
                    (p + 1..s.len()).all(|q| {
                        (!strict && (d[p] == 0 || d[q] == 0))
                            || s[p] + d[p] <= s[q]
                            || s[q] + d[q] <= s[p]
                    })
                })
            }
        }
        "fzn_table_int" | "csp_table_int_negative" => {
            let (x, t) = (args.ints(0)?, args.ints(1)?);
            let found = !x.is_empty()
                && t.len() % x.len() == 0
                && t.chunks(x.len()).any(|row| row == x.as_slice());
            args.n() == 2 && (found == (name == "fzn_table_int"))
        }
        "fzn_global_cardinality" | "fzn_global_cardinality_closed" => {
            let (x, cover, counts) = (args.ints(0)?, args.ints(1)?, args.ints(2)?);
            args.n() == 3
                && cover.len() == counts.len()
                && cover
                    .iter()
                    .zip(&counts)
                    .all(|(v, c)| x.iter().filter(|&&y| y == *v).count() as i128 == *c)
                && (name == "fzn_global_cardinality" || x.iter().all(|y| cover.contains(y)))
        }
        "fzn_count_eq" | "csp_count_eq" => {
            args.n() == 3
                && args
                    .ints(0)?
                    .iter()
                    .filter(|&&v| v == args.int(1).unwrap_or(i128::MIN))
                    .count() as i128
                    == args.int(2)?
        }
        "fzn_among" => {
            let s = args.set(2)?;
            args.n() == 3
                && args
                    .ints(1)?
                    .iter()
                    .filter(|&&v| i64::try_from(v).is_ok_and(|v| s.contains(v)))
                    .count() as i128
                    == args.int(0)?
        }
        "csp_circuit" | "csp_subcircuit" => {
            args.n() == 2 && circuit(&args.ints(0)?, args.int(1)?, name == "csp_subcircuit")
        }
        "csp_inverse" => {
            let (f, fo, g, go) = (args.ints(0)?, args.int(1)?, args.ints(2)?, args.int(3)?);
            args.n() == 4 && inverse(&f, fo, &g, go) && inverse(&g, go, &f, fo)
        }
        "fzn_lex_lesseq_int" | "csp_lex_lesseq_int" => {
            args.n() == 2 && args.ints(0)? <= args.ints(1)?
        }
        "csp_bin_packing_load" => {
            let (load, bin, w, off) = (args.ints(0)?, args.ints(1)?, args.ints(2)?, args.int(3)?);
            args.n() == 4 && bin.len() == w.len() && {
                let mut sum = vec![0i128; load.len()];
                bin.iter().zip(&w).all(|(&b, &w)| {
                    let k = b - off;
                    (0..load.len() as i128).contains(&k) && {
                        sum[k as usize] += w;
                        true
                    }
                }) && sum == load
            }
        }
        "fzn_regular" | "csp_regular" => {
            let (x, q, s, d, q0) = (
                args.ints(0)?,
                args.int(1)?,
                args.int(2)?,
                args.ints(3)?,
                args.int(4)?,
            );
            let f = args.set(5)?;
            args.n() == 6 && d.len() as i128 == q * s && {
                let mut state = q0;
                for &c in &x {
                    if state < 1 || state > q || c < 1 || c > s {
                        state = 0;
                        break;
                    }
                    state = d[((state - 1) * s + c - 1) as usize];
                }
                state >= 1 && i64::try_from(state).is_ok_and(|st| f.contains(st))
            }
        }
        _ => return None,
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    Plain,
    Reif,
    Imp,
}

/// The tests that come in reified forms, with the arity of their plain form.
fn base_arity(base: &str) -> Option<usize> {
    Some(match base {
        "int_lin_eq" | "int_lin_ne" | "int_lin_le" => 3,
        "set_in" | "int_eq" | "int_ne" | "int_le" | "int_lt" | "bool_eq" | "bool_ne"
        | "bool_le" | "bool_lt" | "bool_clause" | "bool_and" | "bool_or" | "bool_xor" => 2,
        "array_bool_and" | "array_bool_or" => 1,
        _ => return None,
    })
}

/// Predicates whose plain form carries its result as a last boolean.
const IMPLICITLY_REIFIED: &[&str] = &[
    "bool_and",
    "bool_or",
    "bool_xor",
    "array_bool_and",
    "array_bool_or",
];

fn pow(a: i128, b: i128) -> Option<i128> {
    if b < 0 {
        return None;
    }
    let mut r: i128 = 1;
    for _ in 0..b.min(200) {
        r = r.checked_mul(a)?;
    }
    (b <= 200 || a.abs() <= 1).then_some(r)
}

fn all_different(x: &[i128]) -> bool {
    let mut v = x.to_vec();
    v.sort_unstable();
    v.windows(2).all(|w| w[0] != w[1])
}

/// MiniZinc's task decomposition: at every start of a task that runs (d, r > 0), the tasks
/// running then use at most `b`; durations and uses are non-negative.
fn cumulative(s: &[i128], d: &[i128], r: &[i128], b: i128) -> Option<bool> {
    if s.len() != d.len() || s.len() != r.len() {
        return None;
    }
    if d.iter().chain(r).any(|&v| v < 0) {
        return Some(false);
    }
    let active: Vec<usize> = (0..s.len()).filter(|&i| d[i] > 0 && r[i] > 0).collect();
    if active.is_empty() {
        return Some(s.is_empty() || b >= 0);
    }
    Some(active.iter().all(|&j| {
        let t = s[j];
        active
            .iter()
            .filter(|&&i| s[i] <= t && t < s[i] + d[i])
            .map(|&i| r[i])
            .sum::<i128>()
            <= b
    }))
}

/// `x[i] = j` means "i's successor is j" (indices from `off`): one cycle through every node
/// (circuit), or through the nodes not pointing at themselves (subcircuit).
fn circuit(x: &[i128], off: i128, sub: bool) -> bool {
    let n = x.len();
    if !x.iter().all(|&v| (off..off + n as i128).contains(&v)) || !all_different(x) {
        return false;
    }
    let next = |i: usize| (x[i] - off) as usize;
    let inside: Vec<usize> = (0..n).filter(|&i| next(i) != i).collect();
    if !sub && inside.len() != n {
        return false; // circuit forbids x[i] = i, even for one node
    }
    let Some(&start) = inside.first() else {
        return true;
    };
    let (mut at, mut len) = (start, 0);
    loop {
        at = next(at);
        len += 1;
        if at == start {
            return len == inside.len();
        }
        if len > n {
            return false;
        }
    }
}

/// `f[i] = j → g[j] = i`, indices from `fo` and `go`.
fn inverse(f: &[i128], fo: i128, g: &[i128], go: i128) -> bool {
    f.iter().enumerate().all(|(i, &j)| {
        let k = j - go;
        (0..g.len() as i128).contains(&k) && g[k as usize] == i as i128 + fo
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn run(fzn: &str, values: &[i64]) -> Result<(), Violation> {
        check(&parse(fzn, "t.fzn").unwrap(), values)
    }

    #[test]
    fn linear_reified_and_domains_are_evaluated_by_definition() {
        let m = "var 0..5: x;\nvar 0..5: y;\nvar bool: b;\nconstraint int_lin_le_reif([1, 2], [x, y], 7, b);\nsolve satisfy;\n";
        assert!(run(m, &[1, 3, 1]).is_ok());
        assert!(run(m, &[1, 3, 0]).is_err());
        assert!(run(m, &[2, 3, 0]).is_ok());
        let e = run(m, &[6, 0, 0]).unwrap_err();
        assert!(e.message.contains("outside its domain"), "{e}");
    }

    #[test]
    fn implied_and_implicitly_reified_booleans() {
        let m = "var bool: a;\nvar bool: b;\nvar bool: r;\nconstraint bool_and(a, b, r);\nsolve satisfy;\n";
        assert!(run(m, &[1, 1, 1]).is_ok() && run(m, &[1, 0, 0]).is_ok());
        assert!(run(m, &[1, 0, 1]).is_err());
        let m = "var 0..3: x;\nvar bool: r;\nconstraint int_eq_imp(x, 2, r);\nsolve satisfy;\n";
        assert!(run(m, &[1, 0]).is_ok() && run(m, &[2, 1]).is_ok());
        assert!(run(m, &[1, 1]).is_err());
    }

    #[test]
    fn globals_follow_minizinc_decompositions() {
        assert!(circuit(&[2, 3, 1], 1, false));
        assert!(!circuit(&[2, 1, 3], 1, false));
        assert!(circuit(&[2, 1, 3], 1, true));
        assert!(circuit(&[1, 2, 3], 1, true), "the empty subcircuit");
        assert!(!circuit(&[2, 1, 4, 3], 1, true), "two cycles");
        assert!(!circuit(&[1], 1, false) && circuit(&[1, 2, 0], 0, false));
        assert_eq!(cumulative(&[0, 1], &[2, 2], &[1, 1], 1), Some(false));
        assert_eq!(cumulative(&[0, 2], &[2, 2], &[1, 1], 1), Some(true));
        assert_eq!(
            cumulative(&[0, 0], &[0, 2], &[5, 1], 1),
            Some(true),
            "a zero-length task uses nothing"
        );
        assert!(inverse(&[2, 1], 1, &[2, 1], 1) && !inverse(&[1, 1], 1, &[1, 2], 1));
        let m = "array [1..4] of int: d = [2, 1, 1, 2];\nvar 1..2: a;\nvar 1..2: b;\nconstraint fzn_regular([a, b], 2, 2, d, 1, {2});\nsolve satisfy;\n";
        // 1 -a=1-> 2 -b=2-> 2: accepted; 1 -1-> 2 -1-> 1: rejected.
        assert!(run(m, &[1, 2]).is_ok() && run(m, &[1, 1]).is_err());
    }

    #[test]
    fn an_unknown_predicate_is_never_accepted() {
        let m = "var 0..3: x;\nconstraint mystery(x);\nsolve satisfy;\n";
        assert!(
            run(m, &[0])
                .unwrap_err()
                .message
                .contains("cannot be checked")
        );
    }
}
