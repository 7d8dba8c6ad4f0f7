//! The generic YAML model format (`kind: csp`): data, variables (alone or in arrays),
//! constraints written as text or by name, an optional objective, and solve options. Errors
//! name the file, line and column, and what was expected.
//!
//! ```yaml
//! kind: csp
//! name: knapsack
//! data:
//!   weight: [12, 7, 11, 8, 9]        # arrays of data are indexed from 1
//!   value: [24, 13, 23, 15, 16]
//! variables:
//!   take[1..5]: bool                 # an array of booleans (0..1)
//!   n: 0..5                          # a range, a list of values, or a set's name
//! constraints:
//!   - sum(weight[i] * take[i] for i in 1..5) <= 26
//!   - n == sum(take)
//! objective: maximize sum(value[i] * take[i] for i in 1..5)
//! ```
//!
//! The older form is read too: `variables:` as a list of `name`/`names` with `domain`, and
//! constraints by name:
//!
//! ```yaml
//! kind: csp
//! variables:
//!   - names: [wa, nt, sa]
//!     domain: [red, green, blue]   # a list of integers or of symbols
//! constraints:
//!   - not_equal: [wa, nt]          # wa ≠ nt (`offset: 1`: wa ≠ nt + 1)
//!   - all_different: [wa, nt, sa]  # optional `offsets: [..]`
//!   - table: [wa, nt]
//!     tuples: [[red, green], [green, blue]]
//!   - in: wa
//!     values: [red, green]         # also `not_in`
//! solve:                           # every key optional; command-line flags win
//!   propagation: ac3               # none | fc | ac3 | gac
//!   var_order: mrv
//!   value_order: min
//! ```
//!
//! The expression language is in [`crate::lang`] and `docs/modelling.md`.

use crate::lang::ast::Expr;
use crate::lang::eval::Eval;
use crate::lang::scope::{Array, Key, Scope};
use crate::lang::{self, LangError};
use crate::source::{self, SourceError};
use csp_core::{Model, PropagationLevel, Value, ValueOrder, VarId, VarOrder};
use std::fmt;
use std::path::Path;
use std::time::Duration;

mod build;
mod named;
mod raw;
mod variables;

use build::Builder;
use raw::RawFile;

/// A value in a model file: an integer or a symbol.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Item {
    /// An integer.
    Int(i64),
    /// A symbol such as `red`.
    Sym(String),
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Int(i) => write!(f, "{i}"),
            Item::Sym(s) => write!(f, "{s}"),
        }
    }
}

/// A domain as written: a list of values, or an inclusive range `lo..hi`.
#[derive(Debug, Clone)]
pub enum DomainSpec {
    /// A list of values.
    List(Vec<Item>),
    /// A range, as written.
    Range(String),
}

/// Solve options a file may carry (`solve:`), checked when the file is read; each is
/// optional, and the command line wins.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// `none`, `fc`, `ac3`, `counting` or `gac`.
    pub propagation: Option<PropagationLevel>,
    /// A variable order (`input`, `mrv`, `dom/wdeg`, …).
    pub var_order: Option<VarOrder>,
    /// A value order (`min`, `max`, `lcv`, `random`).
    pub value_order: Option<ValueOrder>,
    /// Count solutions up to this many.
    pub count: Option<u64>,
    /// Enumerate all solutions.
    pub all: Option<bool>,
    /// The time limit (`time_limit:` in seconds).
    pub time_limit: Option<Duration>,
    /// Seed for random choices.
    pub seed: Option<u64>,
}

/// The longest time limit accepted: a year (a longer one is a typo, and would overflow).
pub const MAX_TIME_LIMIT_SECS: f64 = 365.0 * 24.0 * 3600.0;

/// `seconds` as a time limit, or what was expected.
pub fn time_limit(seconds: f64) -> Result<Duration, String> {
    if seconds.is_finite() && (0.0..=MAX_TIME_LIMIT_SECS).contains(&seconds) {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(format!(
            "expected a number of seconds from 0 to {MAX_TIME_LIMIT_SECS} (a year), found {seconds}"
        ))
    }
}

/// Whether a variable's values are integers or symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VarKind {
    /// Integer values, used as they are.
    Int,
    /// Symbols, numbered in order of first appearance in the file.
    Sym,
    /// `bool`: 0 and 1, shown as `false` and `true`.
    Bool,
}

/// What a solution shows: the variables the file declares, alone or as arrays (the
/// auxiliary variables of expressions are not shown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// One variable.
    Var(VarId),
    /// An array of variables, by name.
    Array(String, Array<VarId>),
}

/// `objective: minimize EXPR` or `maximize EXPR`.
#[derive(Debug, Clone)]
pub struct Objective {
    /// A variable equal to the expression.
    pub var: VarId,
    /// Minimize (else maximize).
    pub minimize: bool,
    /// The expression as written.
    pub text: String,
    expr: Expr,
}

/// A text constraint, kept for the independent check of every solution.
#[derive(Debug, Clone)]
struct Check {
    expr: Expr,
    text: String,
    line: u32,
}

/// Declared variables spanning more values than this are intervals (bounds, with holes
/// where declared) rather than bitsets.
pub const BITSET_DOMAIN_SPAN: u64 = 1 << 16;

/// A parsed model file.
#[derive(Debug)]
pub struct CspFile {
    /// The file's path as given.
    pub path: String,
    /// `name:`, or the file stem.
    pub name: String,
    /// `description:`.
    pub description: Option<String>,
    /// The model (with the auxiliary variables of expressions).
    pub model: Model,
    /// The symbol table: symbol `i` is value `i` of a symbolic variable.
    pub symbols: Vec<String>,
    /// Each variable's kind, by index.
    pub kinds: Vec<VarKind>,
    /// The declared variables and arrays, in the file's order.
    pub shown: Vec<Shown>,
    /// The objective, if any.
    pub objective: Option<Objective>,
    /// Solve options from the file.
    pub solve: SolveOptions,
    scope: Scope,
    checks: Vec<Check>,
}

impl CspFile {
    /// Reads and parses `path`.
    pub fn load(path: &Path) -> Result<Self, SourceError> {
        let src = source::read(path)?;
        Self::parse(&src.text, &src.name)
    }

    /// Parses `text`; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Self, SourceError> {
        let raw: RawFile = source::from_yaml(text, file)?;
        Builder {
            text,
            file,
            model: Model::new(),
            scope: Scope::default(),
            kinds: Vec::new(),
            shown: Vec::new(),
            checks: Vec::new(),
        }
        .build(raw)
    }

    /// Checks a solution (values of every variable, auxiliary ones included) against the
    /// file: every text constraint evaluated on the declared variables by the language's own
    /// evaluator (no engine code), the named ones by their definitions, and the objective's
    /// variable against its expression. The error says which constraint fails, and where.
    pub fn verify(&self, values: &[Value]) -> Result<(), String> {
        self.model.verify(values).map_err(|v| format!("{v:?}"))?;
        let value = |x: VarId| self.key(x, values[x.index()]);
        let mut ev = Eval::on(&self.scope, &value);
        for c in &self.checks {
            match ev.holds(&c.expr, &mut Vec::new()) {
                Ok(true) => {}
                Ok(false) => return Err(format!("line {}: `{}` does not hold", c.line, c.text)),
                Err(e) => {
                    return Err(format!(
                        "line {}: `{}` cannot be evaluated: {e:?}",
                        c.line, c.text
                    ));
                }
            }
        }
        if let Some(o) = &self.objective {
            let v = self.objective_value(values)?;
            if v != i64::from(values[o.var.index()]) {
                return Err(format!(
                    "the objective `{}` is {v}, not {}",
                    o.text,
                    values[o.var.index()]
                ));
            }
        }
        Ok(())
    }

    /// The objective's value on a solution, by the evaluator.
    pub fn objective_value(&self, values: &[Value]) -> Result<i64, String> {
        let o = self.objective.as_ref().ok_or("no objective")?;
        let value = |x: VarId| self.key(x, values[x.index()]);
        Eval::on(&self.scope, &value)
            .int(&o.expr, &mut Vec::new())
            .map_err(|e| format!("the objective `{}` cannot be evaluated: {e:?}", o.text))
    }

    /// Whether every text constraint holds on `values` of the declared variables alone (the
    /// evaluator only; the named constraints are not looked at). For brute-force checks.
    pub fn holds_declared(&self, values: &[Value]) -> bool {
        let value = |x: VarId| self.key(x, values.get(x.index()).copied().unwrap_or(0));
        let mut ev = Eval::on(&self.scope, &value);
        self.checks
            .iter()
            .all(|c| ev.holds(&c.expr, &mut Vec::new()).unwrap_or(false))
    }

    /// The objective on `values` of the declared variables alone; `None` where undefined.
    pub fn objective_declared(&self, values: &[Value]) -> Option<i64> {
        let o = self.objective.as_ref()?;
        let value = |x: VarId| self.key(x, values.get(x.index()).copied().unwrap_or(0));
        Eval::on(&self.scope, &value)
            .int(&o.expr, &mut Vec::new())
            .ok()
    }

    fn key(&self, x: VarId, v: Value) -> Key {
        match self.kinds[x.index()] {
            VarKind::Sym => Key::Sym(v as usize),
            _ => Key::Int(i64::from(v)),
        }
    }

    /// How `value` of variable `x` is written.
    pub fn show(&self, x: VarId, value: Value) -> String {
        match self.kinds[x.index()] {
            VarKind::Int => value.to_string(),
            VarKind::Bool => (value != 0).to_string(),
            VarKind::Sym => self
                .symbols
                .get(value as usize)
                .cloned()
                .unwrap_or_else(|| value.to_string()),
        }
    }
}

/// The most variables one array may have.
pub const MAX_ARRAY: usize = 10_000_000;

fn is_identifier(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// An evaluation failure while computing a constant, as an error.
fn fail_error(f: lang::eval::Fail, what: &str) -> LangError {
    match f {
        lang::eval::Fail::NotConstant(at) => LangError::new(
            at,
            format!("{what} must be a constant; this is a decision variable"),
        ),
        lang::eval::Fail::Undefined(at, m) => LangError::new(at, m),
        lang::eval::Fail::Error(e) => e,
    }
}

#[cfg(test)]
mod tests;
