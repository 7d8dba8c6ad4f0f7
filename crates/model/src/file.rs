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

use crate::data::{self, DataValue, Entries};
use crate::lang::ast::{Expr, Kind};
use crate::lang::compile::Compiler;
use crate::lang::eval::{Eval, V};
use crate::lang::scope::{Array, IndexSet, Key, Named, Scope};
use crate::lang::{self, LangError};
use crate::source::{self, SourceError};
use csp_core::domain::Representation;
use csp_core::{Domain, Model, ModelError, PropagationLevel, Value, ValueOrder, VarId, VarOrder};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::{Location, Spanned};
use std::fmt;
use std::path::Path;
use std::time::Duration;

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

impl<'de> Deserialize<'de> for Item {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Item;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an integer or a symbol")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Item, E> {
                Ok(Item::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Item, E> {
                i64::try_from(v)
                    .map(Item::Int)
                    .map_err(|_| E::custom("integer out of range"))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Item, E> {
                Ok(Item::Sym(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Item, E> {
                Ok(Item::Sym(v.to_string()))
            }
        }
        d.deserialize_any(V)
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

impl<'de> Deserialize<'de> for DomainSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = DomainSpec;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of values or a range like 1..9")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<DomainSpec, E> {
                Ok(DomainSpec::Range(v.to_string()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<DomainSpec, A::Error> {
                let mut items = Vec::new();
                while let Some(i) = seq.next_element::<Item>()? {
                    items.push(i);
                }
                Ok(DomainSpec::List(items))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    kind: Spanned<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    data: Option<Entries<DataValue>>,
    variables: Spanned<RawVariables>,
    #[serde(default)]
    constraints: Vec<Spanned<RawEntry>>,
    #[serde(default)]
    objective: Option<Spanned<String>>,
    #[serde(default)]
    solve: Option<RawSolve>,
}

/// `variables:` as a list of entries (`name`/`names` and `domain`) or as a map from a name
/// (`x`, `q[1..8]`, `s[jobs, 1..6]`) to a domain.
#[derive(Debug)]
enum RawVariables {
    List(Vec<RawVar>),
    Map(Vec<(Spanned<String>, Spanned<DomainSpec>)>),
}

impl RawVariables {
    fn is_empty(&self) -> bool {
        match self {
            RawVariables::List(v) => v.is_empty(),
            RawVariables::Map(v) => v.is_empty(),
        }
    }
}

impl<'de> Deserialize<'de> for RawVariables {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawVariables;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map from names to domains (`x: 1..9`), or a list of `name`/`names` with `domain`")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawVariables, A::Error> {
                let mut items = Vec::new();
                while let Some(v) = seq.next_element::<RawVar>()? {
                    items.push(v);
                }
                Ok(RawVariables::List(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawVariables, A::Error> {
                let mut items = Vec::new();
                while let Some(e) = map.next_entry::<Spanned<String>, Spanned<DomainSpec>>()? {
                    items.push(e);
                }
                Ok(RawVariables::Map(items))
            }
        }
        d.deserialize_any(V)
    }
}

/// A constraint: text (`x + y <= 3`) or the older named form (`not_equal: [x, y]`).
#[derive(Debug)]
enum RawEntry {
    Text(String),
    Named(Box<RawConstraint>),
}

impl<'de> Deserialize<'de> for RawEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawEntry;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a constraint as text (`x + y <= 3`) or by name (`all_different: [x, y]`)",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawEntry, E> {
                Ok(RawEntry::Text(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<RawEntry, E> {
                Ok(RawEntry::Text(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawEntry, A::Error> {
                RawConstraint::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(|c| RawEntry::Named(Box::new(c)))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSolve {
    propagation: Option<Spanned<String>>,
    var_order: Option<Spanned<String>>,
    value_order: Option<Spanned<String>>,
    count: Option<Spanned<u64>>,
    all: Option<bool>,
    time_limit: Option<Spanned<f64>>,
    seed: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVar {
    #[serde(default)]
    name: Option<Spanned<String>>,
    #[serde(default)]
    names: Option<Vec<Spanned<String>>>,
    domain: Spanned<DomainSpec>,
}

type Names = Spanned<Vec<Spanned<String>>>;
type Items = Spanned<Vec<Spanned<Item>>>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConstraint {
    #[serde(default)]
    not_equal: Option<Names>,
    #[serde(default)]
    all_different: Option<Names>,
    #[serde(default)]
    table: Option<Names>,
    #[serde(default, rename = "in")]
    member: Option<Spanned<String>>,
    #[serde(default)]
    not_in: Option<Spanned<String>>,
    #[serde(default)]
    offset: Option<Spanned<i64>>,
    #[serde(default)]
    offsets: Option<Spanned<Vec<i64>>>,
    #[serde(default)]
    tuples: Option<Spanned<Vec<Items>>>,
    #[serde(default)]
    values: Option<Items>,
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

struct Builder<'t> {
    text: &'t str,
    file: &'t str,
    model: Model,
    scope: Scope,
    kinds: Vec<VarKind>,
    shown: Vec<Shown>,
    checks: Vec<Check>,
}

impl Builder<'_> {
    fn err(&self, at: &Location, message: impl Into<String>) -> SourceError {
        SourceError::at(
            self.file,
            self.text,
            at.line() as u32,
            at.column() as u32,
            message,
        )
    }

    fn build(mut self, raw: RawFile) -> Result<CspFile, SourceError> {
        if raw.kind.value != "csp" {
            return Err(self.err(
                &raw.kind.referenced,
                format!("kind: expected `csp`, found `{}`", raw.kind.value),
            ));
        }
        for (name, value) in raw.data.as_ref().map_or(&[][..], |d| &d.0[..]) {
            self.datum(name, value)?;
        }
        match &raw.variables.value {
            RawVariables::List(vs) => {
                for v in vs {
                    self.variable(v)?;
                }
            }
            RawVariables::Map(vs) => {
                for (key, domain) in vs {
                    self.declared(key, domain)?;
                }
            }
        }
        if raw.variables.value.is_empty() {
            return Err(self.err(
                &raw.variables.referenced,
                "variables: expected at least one variable",
            ));
        }
        for (i, c) in raw.constraints.iter().enumerate() {
            match &c.value {
                RawEntry::Named(r) => self.constraint(i, r, &c.referenced)?,
                RawEntry::Text(t) => self.text_constraint(t, &c.referenced)?,
            }
        }
        let objective = match &raw.objective {
            Some(o) => Some(self.objective(o)?),
            None => None,
        };
        let solve = self.solve(raw.solve.unwrap_or_default())?;
        let name = raw.name.unwrap_or_else(|| {
            Path::new(self.file).file_stem().map_or_else(
                || self.file.to_string(),
                |s| s.to_string_lossy().into_owned(),
            )
        });
        Ok(CspFile {
            path: self.file.to_string(),
            name,
            description: raw.description,
            model: self.model,
            symbols: self.scope.symbols().to_vec(),
            kinds: self.kinds,
            shown: self.shown,
            objective,
            solve,
            scope: self.scope,
            checks: self.checks,
        })
    }

    fn solve(&self, raw: RawSolve) -> Result<SolveOptions, SourceError> {
        fn named<T: std::str::FromStr<Err = String>>(
            b: &Builder<'_>,
            key: &str,
            v: Option<Spanned<String>>,
        ) -> Result<Option<T>, SourceError> {
            v.map(|v| {
                v.value
                    .parse::<T>()
                    .map_err(|e| b.err(&v.referenced, format!("solve.{key}: {e}")))
            })
            .transpose()
        }
        Ok(SolveOptions {
            propagation: named(self, "propagation", raw.propagation)?,
            var_order: named(self, "var_order", raw.var_order)?,
            value_order: named(self, "value_order", raw.value_order)?,
            count: raw
                .count
                .map(|c| match c.value {
                    0 => Err(self.err(
                        &c.referenced,
                        "solve.count: expected at least 1 (the number of solutions to count up to)",
                    )),
                    n => Ok(n),
                })
                .transpose()?,
            all: raw.all,
            time_limit: raw
                .time_limit
                .map(|t| {
                    time_limit(t.value)
                        .map_err(|e| self.err(&t.referenced, format!("solve.time_limit: {e}")))
                })
                .transpose()?,
            seed: raw.seed,
        })
    }

    fn symbol(&mut self, s: &str) -> Value {
        self.scope.symbol(s) as Value
    }

    fn int(&self, at: &Location, i: i64) -> Result<Value, SourceError> {
        Value::try_from(i).map_err(|_| {
            self.err(
                at,
                format!("value {i} is out of range; expected a 32-bit integer"),
            )
        })
    }

    fn domain(
        &mut self,
        spec: &Spanned<DomainSpec>,
        var: &str,
    ) -> Result<(Domain, VarKind), SourceError> {
        let at = &spec.referenced;
        match &spec.value {
            DomainSpec::Range(s) => self.domain_text(s, at, var),
            DomainSpec::List(items) => {
                if items.is_empty() {
                    return Err(self.err(
                        at,
                        format!("domain of `{var}` is empty; expected at least one value"),
                    ));
                }
                let syms = items.iter().filter(|i| matches!(i, Item::Sym(_))).count();
                if syms != 0 && syms != items.len() {
                    return Err(self.err(at, format!(
                        "domain of `{var}` mixes integers and symbols; expected one or the other"
                    )));
                }
                if syms > 0 {
                    let vals: Vec<Value> = items
                        .iter()
                        .map(|i| match i {
                            Item::Sym(s) => self.symbol(s),
                            Item::Int(_) => 0,
                        })
                        .collect();
                    Ok((Domain::from_values(vals), VarKind::Sym))
                } else {
                    let mut vals = Vec::with_capacity(items.len());
                    for i in items {
                        if let Item::Int(i) = i {
                            vals.push(self.int(at, *i)?);
                        }
                    }
                    Ok((Domain::from_values(vals), VarKind::Int))
                }
            }
        }
    }

    /// A domain written as text: `bool`, a range `lo..hi` of constant expressions, or an
    /// expression giving a list or a set (`colours`, `[1, 3, 5]`).
    fn domain_text(
        &mut self,
        s: &str,
        at: &Location,
        var: &str,
    ) -> Result<(Domain, VarKind), SourceError> {
        if s.trim() == "bool" {
            return Ok((Domain::range(0, 1), VarKind::Bool));
        }
        // `1..=9` is read as `1..9`, as before the expression language.
        let text = s.replace("..=", "..");
        let expected = "expected `bool`, a range like 1..9, a list of values or a set's name";
        let in_domain = |mut e: LangError| {
            e.message = format!("domain of `{var}`: {}; {expected}", e.message);
            e
        };
        let expr = lang::parse(&text).map_err(|e| self.lang_err(at, &text, in_domain(e)))?;
        let ev = |b: &Self, e: &Expr| {
            Eval::constants(&b.scope)
                .int(e, &mut Vec::new())
                .map_err(|f| b.lang_err(at, &text, in_domain(fail_error(f, "a domain"))))
        };
        if let Kind::Range(a, b) = &expr.kind {
            let (lo, hi) = (ev(self, a)?, ev(self, b)?);
            if lo > hi {
                return Err(self.err(at, format!("domain of `{var}` is empty: {lo} > {hi}")));
            }
            return Ok((
                Domain::range(self.int(at, lo)?, self.int(at, hi)?),
                VarKind::Int,
            ));
        }
        let items = match Eval::constants(&self.scope).value(&expr, &mut Vec::new()) {
            Ok(V::List(items)) if !items.is_empty() => items,
            Ok(_) => {
                return Err(self.err(at, format!(
                    "domain of `{var}`: expected `bool`, a range like 1..9, a list of values or a set's name, found `{s}`"
                )));
            }
            Err(f) => return Err(self.lang_err(at, &text, in_domain(fail_error(f, "a domain")))),
        };
        let mut ints = Vec::new();
        let mut syms = Vec::new();
        for v in items {
            match v {
                V::Key(Key::Int(i)) => ints.push(self.int(at, i)?),
                V::Key(Key::Sym(y)) => syms.push(y as Value),
                V::List(_) => {
                    return Err(self.err(at, format!("domain of `{var}`: a list of lists")));
                }
            }
        }
        match (ints.is_empty(), syms.is_empty()) {
            (false, true) => Ok((Domain::from_values(ints), VarKind::Int)),
            (true, false) => Ok((Domain::from_values(syms), VarKind::Sym)),
            _ => Err(self.err(
                at,
                format!("domain of `{var}` mixes integers and symbols; expected one or the other"),
            )),
        }
    }

    /// Declares variable `name` over `domain`, as a bitset or (when wide) an interval.
    fn new_var(
        &mut self,
        name: &str,
        domain: Domain,
        kind: VarKind,
        at: &Location,
    ) -> Result<VarId, SourceError> {
        let repr = if domain.span() > BITSET_DOMAIN_SPAN {
            Representation::Bounds
        } else {
            Representation::Bits
        };
        let x = self
            .model
            .new_var_as(name, domain, repr)
            .map_err(|e| match e {
                ModelError::DuplicateName(name) => {
                    self.err(at, format!("duplicate variable name `{name}`"))
                }
                e => self.err(at, e.to_string()),
            })?;
        self.kinds.push(kind);
        Ok(x)
    }

    /// A `data:` entry.
    fn datum(
        &mut self,
        name: &Spanned<String>,
        value: &Spanned<DataValue>,
    ) -> Result<(), SourceError> {
        let n = &name.value;
        if !is_identifier(n) {
            return Err(self.err(
                &name.referenced,
                format!("`{n}`: a datum's name is letters, digits and `_`, starting with a letter"),
            ));
        }
        let what = data::meaning(&value.value, &mut self.scope)
            .map_err(|m| self.err(&value.referenced, format!("data `{n}`: {m}")))?;
        if !self.scope.define(n, what) {
            return Err(self.err(&name.referenced, format!("`{n}` is defined twice")));
        }
        Ok(())
    }

    /// A `variables:` map entry: `x: DOMAIN` or `q[SET, …]: DOMAIN`.
    fn declared(
        &mut self,
        key: &Spanned<String>,
        domain: &Spanned<DomainSpec>,
    ) -> Result<(), SourceError> {
        let at = &key.referenced;
        let expr = lang::parse(&key.value).map_err(|e| self.lang_err(at, &key.value, e))?;
        let expected = || {
            format!(
                "`{}`: expected a name (`x`) or an array (`q[1..8]`, `s[jobs, 1..3]`)",
                key.value
            )
        };
        let (name, sets) = match &expr.kind {
            Kind::Name(n) => (n.clone(), None),
            Kind::Index(a, idx) => match &a.kind {
                Kind::Name(n) => (n.clone(), Some(idx)),
                _ => return Err(self.err(at, expected())),
            },
            _ => return Err(self.err(at, expected())),
        };
        if self.scope.contains(&name) {
            return Err(self.err(at, format!("`{name}` is defined twice")));
        }
        let (dom, kind) = self.domain(domain, &name)?;
        let Some(sets) = sets else {
            let x = self.new_var(&name, dom, kind, at)?;
            self.scope.define(&name, Named::Var(x));
            self.shown.push(Shown::Var(x));
            return Ok(());
        };
        let mut index = Vec::with_capacity(sets.len());
        for s in sets {
            index.push(self.index_set(s, at, &key.value)?);
        }
        let total = index.iter().try_fold(1usize, |n, s| n.checked_mul(s.len()));
        if total.is_none_or(|t| t > MAX_ARRAY) {
            return Err(self.err(at, format!("`{name}` has more than {MAX_ARRAY} variables")));
        }
        let mut arr = Array {
            index,
            items: Vec::new(),
        };
        for p in 0..total.unwrap_or(0) {
            let keys: Vec<String> = arr
                .keys(p)
                .into_iter()
                .map(|k| self.scope.show(k))
                .collect();
            let x = self.new_var(
                &format!("{name}[{}]", keys.join(",")),
                dom.clone(),
                kind,
                at,
            )?;
            arr.items.push(x);
        }
        self.scope.define(&name, Named::VarArray(arr.clone()));
        self.shown.push(Shown::Array(name, arr));
        Ok(())
    }

    /// An array's index set: a range of constants, or a set of symbols.
    fn index_set(&self, e: &Expr, at: &Location, text: &str) -> Result<IndexSet, SourceError> {
        let value = Eval::constants(&self.scope)
            .value(e, &mut Vec::new())
            .map_err(|f| self.lang_err(at, text, fail_error(f, "an index set")))?;
        let V::List(items) = value else {
            return Err(self.lang_err(
                at,
                text,
                LangError::new(
                    e.at,
                    "expected an index set: a range like 1..8 or a set of symbols",
                ),
            ));
        };
        let ints: Vec<i64> = items
            .iter()
            .filter_map(|v| match v {
                V::Key(Key::Int(i)) => Some(*i),
                _ => None,
            })
            .collect();
        let syms: Vec<usize> = items
            .iter()
            .filter_map(|v| match v {
                V::Key(Key::Sym(y)) => Some(*y),
                _ => None,
            })
            .collect();
        if ints.len() == items.len() && ints.windows(2).all(|w| w[1] == w[0] + 1) {
            return Ok(IndexSet::Range(
                ints.first().copied().unwrap_or(1),
                ints.last().copied().unwrap_or(0),
            ));
        }
        if syms.len() == items.len() {
            return Ok(IndexSet::Syms(syms));
        }
        Err(self.lang_err(
            at,
            text,
            LangError::new(
                e.at,
                "expected an index set: a range like 1..8 or a set of symbols",
            ),
        ))
    }

    /// A constraint written as text.
    fn text_constraint(&mut self, text: &str, at: &Location) -> Result<(), SourceError> {
        let expr = lang::parse(text).map_err(|e| self.lang_err(at, text, e))?;
        Compiler::new(&mut self.model, &self.scope)
            .constraint(&expr, &mut Vec::new())
            .map_err(|e| self.lang_err(at, text, e))?;
        self.kinds.resize(self.model.num_vars(), VarKind::Int);
        self.checks.push(Check {
            expr,
            text: text.to_string(),
            line: at.line() as u32,
        });
        Ok(())
    }

    /// `objective: minimize EXPR` or `maximize EXPR`.
    fn objective(&mut self, o: &Spanned<String>) -> Result<Objective, SourceError> {
        let at = &o.referenced;
        let t = o.value.trim_start();
        let (minimize, rest) = if let Some(r) = t.strip_prefix("minimize ") {
            (true, r)
        } else if let Some(r) = t.strip_prefix("maximize ") {
            (false, r)
        } else {
            return Err(self.err(
                at,
                format!(
                    "objective: expected `minimize EXPR` or `maximize EXPR`, found `{}`",
                    o.value
                ),
            ));
        };
        // Offsets in errors count from the start of the whole value.
        let skip = o.value.len() - rest.len();
        let expr = lang::parse(rest).map_err(|mut e| {
            e.at += skip;
            self.lang_err(at, &o.value, e)
        })?;
        let var = Compiler::new(&mut self.model, &self.scope)
            .objective(&expr)
            .map_err(|mut e| {
                e.at += skip;
                self.lang_err(at, &o.value, e)
            })?;
        self.kinds.resize(self.model.num_vars(), VarKind::Int);
        Ok(Objective {
            var,
            minimize,
            text: rest.trim().to_string(),
            expr,
        })
    }

    /// An error in expression `text`, written at `at` in the file: its line and column
    /// are those of the offending part when the text sits on one line as written.
    fn lang_err(&self, at: &Location, text: &str, e: LangError) -> SourceError {
        let (line, col) = (at.line() as u32, at.column() as u32);
        let src = self
            .text
            .lines()
            .nth(line.saturating_sub(1) as usize)
            .unwrap_or("");
        let start = src
            .char_indices()
            .nth(col.saturating_sub(1) as usize)
            .map_or(src.len(), |(i, _)| i);
        let rest = &src[start..];
        let quoted = rest.starts_with('"') || rest.starts_with('\'');
        let body = if quoted { &rest[1..] } else { rest };
        let prefix = text.get(..e.at).unwrap_or(text);
        let column = if body.starts_with(prefix) {
            col + u32::from(quoted) + prefix.chars().count() as u32
        } else {
            col
        };
        SourceError::at(self.file, self.text, line, column, e.message)
    }

    fn variable(&mut self, v: &RawVar) -> Result<(), SourceError> {
        let names: Vec<&Spanned<String>> = match (&v.name, &v.names) {
            (Some(n), None) => vec![n],
            (None, Some(ns)) if !ns.is_empty() => ns.iter().collect(),
            (Some(n), Some(_)) => {
                return Err(self.err(
                    &n.referenced,
                    "a variable entry has `name` or `names`, not both",
                ));
            }
            _ => {
                return Err(self.err(
                    &v.domain.referenced,
                    "variable entry: expected `name: NAME` or `names: [NAME, …]` beside `domain`",
                ));
            }
        };
        for n in names {
            let (domain, kind) = self.domain(&v.domain, &n.value)?;
            if self
                .scope
                .get(&n.value)
                .is_some_and(|m| !matches!(m, Named::Var(_)))
            {
                return Err(self.err(&n.referenced, format!("`{}` is defined twice", n.value)));
            }
            let x = self.new_var(&n.value, domain, kind, &n.referenced)?;
            self.scope.define(&n.value, Named::Var(x));
            self.shown.push(Shown::Var(x));
        }
        Ok(())
    }

    fn var(&self, n: &Spanned<String>) -> Result<VarId, SourceError> {
        self.model.var_by_name(&n.value).ok_or_else(|| {
            self.err(
                &n.referenced,
                format!(
                    "unknown variable `{}`; declare it under `variables`",
                    n.value
                ),
            )
        })
    }

    fn vars(&self, ns: &Names) -> Result<Vec<VarId>, SourceError> {
        ns.value.iter().map(|n| self.var(n)).collect()
    }

    /// The engine value of `item` for variable `x`.
    fn value(&mut self, x: VarId, item: &Spanned<Item>) -> Result<Value, SourceError> {
        match (self.kinds[x.index()], &item.value) {
            (VarKind::Int | VarKind::Bool, Item::Int(i)) => self.int(&item.referenced, *i),
            (VarKind::Bool, Item::Sym(s)) if s == "true" || s == "false" => {
                Ok(Value::from(s == "true"))
            }
            (VarKind::Bool, Item::Sym(s)) => Err(self.err(
                &item.referenced,
                format!("`{}` is a boolean; found symbol `{s}`", self.model.name(x)),
            )),
            (VarKind::Sym, Item::Sym(s)) => Ok(self.symbol(s)),
            (VarKind::Int, Item::Sym(s)) => Err(self.err(
                &item.referenced,
                format!(
                    "`{}` takes integers, found symbol `{s}`",
                    self.model.name(x)
                ),
            )),
            (VarKind::Sym, Item::Int(i)) => Err(self.err(
                &item.referenced,
                format!("`{}` takes symbols, found integer {i}", self.model.name(x)),
            )),
        }
    }

    fn constraint(
        &mut self,
        index: usize,
        r: &RawConstraint,
        at: &Location,
    ) -> Result<(), SourceError> {
        let kinds: Vec<&str> = [
            ("not_equal", r.not_equal.is_some()),
            ("all_different", r.all_different.is_some()),
            ("table", r.table.is_some()),
            ("in", r.member.is_some()),
            ("not_in", r.not_in.is_some()),
        ]
        .into_iter()
        .filter_map(|(k, present)| present.then_some(k))
        .collect();
        let kind = match kinds.as_slice() {
            [k] => *k,
            [] => {
                return Err(self.err(at, format!(
                    "constraints[{index}]: expected one of not_equal, all_different, table, in, not_in"
                )));
            }
            many => {
                return Err(self.err(
                    at,
                    format!(
                        "constraints[{index}]: one constraint per entry, found {}",
                        many.join(" and ")
                    ),
                ));
            }
        };
        // Parameters that do not belong to this kind.
        let params = [
            (
                "offset",
                r.offset.as_ref().map(|s| &s.referenced),
                kind == "not_equal",
            ),
            (
                "offsets",
                r.offsets.as_ref().map(|s| &s.referenced),
                kind == "all_different",
            ),
            (
                "tuples",
                r.tuples.as_ref().map(|s| &s.referenced),
                kind == "table",
            ),
            (
                "values",
                r.values.as_ref().map(|s| &s.referenced),
                kind == "in" || kind == "not_in",
            ),
        ];
        for (p, loc, ok) in params {
            if let (Some(loc), false) = (loc, ok) {
                return Err(self.err(
                    loc,
                    format!("`{p}` does not apply to a `{kind}` constraint"),
                ));
            }
        }
        let invalid = |b: &Self, e: ModelError| b.err(at, format!("constraints[{index}]: {e}"));
        match kind {
            "not_equal" => {
                let ns = r.not_equal.as_ref().expect("kind present");
                let vs = self.vars(ns)?;
                let [x, y] = vs[..] else {
                    return Err(self.err(
                        &ns.referenced,
                        format!("not_equal takes two variables, found {}", vs.len()),
                    ));
                };
                self.same_kind(&vs, &ns.referenced)?;
                let offset = match &r.offset {
                    None => 0,
                    Some(o) => {
                        if self.kinds[x.index()] == VarKind::Sym {
                            return Err(
                                self.err(&o.referenced, "an offset needs integer variables")
                            );
                        }
                        self.int(&o.referenced, o.value)?
                    }
                };
                self.model
                    .not_equal_offset(x, y, offset)
                    .map_err(|e| invalid(self, e))?;
            }
            "all_different" => {
                let ns = r.all_different.as_ref().expect("kind present");
                let vs = self.vars(ns)?;
                self.same_kind(&vs, &ns.referenced)?;
                match &r.offsets {
                    None => self.model.all_different(&vs),
                    Some(o) => {
                        if vs
                            .first()
                            .is_some_and(|x| self.kinds[x.index()] == VarKind::Sym)
                        {
                            return Err(self.err(&o.referenced, "offsets need integer variables"));
                        }
                        if o.value.len() != vs.len() {
                            return Err(self.err(
                                &o.referenced,
                                format!(
                                    "expected {} offsets (one per variable), found {}",
                                    vs.len(),
                                    o.value.len()
                                ),
                            ));
                        }
                        let offs = o
                            .value
                            .iter()
                            .map(|&i| self.int(&o.referenced, i))
                            .collect::<Result<Vec<_>, _>>()?;
                        self.model.all_different_offset(&vs, &offs)
                    }
                }
                .map_err(|e| invalid(self, e))?;
            }
            "table" => {
                let ns = r.table.as_ref().expect("kind present");
                let vs = self.vars(ns)?;
                let Some(tuples) = &r.tuples else {
                    return Err(
                        self.err(at, "a table needs `tuples: [[…], …]`, the allowed tuples")
                    );
                };
                let mut rows = Vec::with_capacity(tuples.value.len());
                for t in &tuples.value {
                    if t.value.len() != vs.len() {
                        return Err(self.err(
                            &t.referenced,
                            format!(
                                "tuple has {} values; expected {} (one per variable)",
                                t.value.len(),
                                vs.len()
                            ),
                        ));
                    }
                    let mut row = Vec::with_capacity(vs.len());
                    for (&x, item) in vs.iter().zip(&t.value) {
                        row.push(self.value(x, item)?);
                    }
                    rows.push(row);
                }
                self.model.table(&vs, rows).map_err(|e| invalid(self, e))?;
            }
            _ => {
                let (n, allowed) = match (&r.member, &r.not_in) {
                    (Some(n), _) => (n, true),
                    (_, Some(n)) => (n, false),
                    _ => unreachable!("kind is in or not_in"),
                };
                let x = self.var(n)?;
                let Some(values) = &r.values else {
                    return Err(self.err(at, format!("`{kind}` needs `values: [...]`")));
                };
                let mut vals = Vec::with_capacity(values.value.len());
                for item in &values.value {
                    vals.push(self.value(x, item)?);
                }
                if allowed {
                    self.model.member(x, &vals)
                } else {
                    self.model.not_member(x, &vals)
                }
                .map_err(|e| invalid(self, e))?;
            }
        }
        Ok(())
    }

    fn same_kind(&self, vs: &[VarId], at: &Location) -> Result<(), SourceError> {
        if let Some(first) = vs.first() {
            let k = self.kinds[first.index()];
            if let Some(other) = vs.iter().find(|x| self.kinds[x.index()] != k) {
                return Err(self.err(
                    at,
                    format!(
                        "`{}` and `{}` cannot be compared: one takes integers, the other symbols",
                        self.model.name(*first),
                        self.model.name(*other)
                    ),
                ));
            }
        }
        Ok(())
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
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<CspFile, SourceError> {
        CspFile::parse(s, "t.yaml")
    }

    #[test]
    fn symbols_and_ranges_parse() {
        let f = parse(
            "kind: csp\nvariables:\n  - names: [a, b]\n    domain: [red, green]\n  - name: n\n    domain: 1..3\nconstraints:\n  - not_equal: [a, b]\n  - in: n\n    values: [2, 3]\n",
        )
        .unwrap();
        assert_eq!(f.model.num_vars(), 3);
        assert_eq!(f.symbols, vec!["red", "green"]);
        assert_eq!(f.show(VarId::new(0), 1), "green");
        assert_eq!(f.model.domain(VarId::new(2)).len(), 3);
    }
}
