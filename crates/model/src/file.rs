//! The generic YAML model format (`kind: csp`): variables with domains, constraints by name,
//! optional solve options. Errors name the file, line and column, and what was expected.
//!
//! ```yaml
//! kind: csp
//! name: Australia
//! variables:
//!   - names: [wa, nt, sa]
//!     domain: [red, green, blue]   # a list of integers or of symbols
//!   - name: n
//!     domain: 1..9                 # an inclusive range
//! constraints:
//!   - not_equal: [wa, nt]          # wa ≠ nt
//!   - not_equal: [a, b]
//!     offset: 1                    # a ≠ b + 1
//!   - all_different: [wa, nt, sa]  # optional `offsets: [..]`
//!   - table: [x, y]
//!     tuples: [[1, 2], [2, 3]]     # allowed tuples
//!   - in: n
//!     values: [1, 3, 5]            # also `not_in`
//! solve:                           # every key optional; command-line flags win
//!   propagation: ac3               # none | fc | ac3 | gac
//!   var_order: mrv
//!   value_order: min
//! ```

use crate::source::{self, SourceError};
use csp_core::{Domain, Model, ModelError, PropagationLevel, Value, ValueOrder, VarId, VarOrder};
use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde_saphyr::{Location, Spanned};
use std::collections::HashMap;
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
    variables: Spanned<Vec<RawVar>>,
    #[serde(default)]
    constraints: Vec<Spanned<RawConstraint>>,
    #[serde(default)]
    solve: Option<RawSolve>,
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
}

/// A parsed model file.
#[derive(Debug)]
pub struct CspFile {
    /// The file's path as given.
    pub path: String,
    /// `name:`, or the file stem.
    pub name: String,
    /// `description:`.
    pub description: Option<String>,
    /// The model.
    pub model: Model,
    /// The symbol table: symbol `i` is value `i` of a symbolic variable.
    pub symbols: Vec<String>,
    /// Each variable's kind, by index.
    pub kinds: Vec<VarKind>,
    /// Solve options from the file.
    pub solve: SolveOptions,
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
            symbols: Vec::new(),
            symbol_ids: HashMap::new(),
            kinds: Vec::new(),
        }
        .build(raw)
    }

    /// How `value` of variable `x` is written.
    pub fn show(&self, x: VarId, value: Value) -> String {
        match self.kinds[x.index()] {
            VarKind::Int => value.to_string(),
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
    symbols: Vec<String>,
    symbol_ids: HashMap<String, usize>,
    kinds: Vec<VarKind>,
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
        for v in &raw.variables.value {
            self.variable(v)?;
        }
        if self.model.num_vars() == 0 {
            return Err(self.err(
                &raw.variables.referenced,
                "variables: expected at least one variable",
            ));
        }
        for (i, c) in raw.constraints.iter().enumerate() {
            self.constraint(i, c)?;
        }
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
            symbols: self.symbols,
            kinds: self.kinds,
            solve,
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
        if let Some(&i) = self.symbol_ids.get(s) {
            return i as Value;
        }
        let i = self.symbols.len();
        self.symbols.push(s.to_string());
        self.symbol_ids.insert(s.to_string(), i);
        i as Value
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
            DomainSpec::Range(s) => {
                let parse = |t: &str| t.trim().parse::<i64>().ok();
                let bounds = s
                    .split_once("..")
                    .and_then(|(a, b)| Some((parse(a)?, parse(b.trim_start_matches('='))?)));
                let Some((lo, hi)) = bounds else {
                    return Err(self.err(at, format!(
                        "domain of `{var}`: expected a list of values or a range like 1..9, found `{s}`"
                    )));
                };
                if lo > hi {
                    return Err(self.err(at, format!("domain of `{var}` is empty: {lo} > {hi}")));
                }
                Ok((
                    Domain::range(self.int(at, lo)?, self.int(at, hi)?),
                    VarKind::Int,
                ))
            }
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
            self.model
                .new_var(n.value.clone(), domain)
                .map_err(|e| match e {
                    ModelError::DuplicateName(name) => {
                        self.err(&n.referenced, format!("duplicate variable name `{name}`"))
                    }
                    e => self.err(&n.referenced, e.to_string()),
                })?;
            self.kinds.push(kind);
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
            (VarKind::Int, Item::Int(i)) => self.int(&item.referenced, *i),
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

    fn constraint(&mut self, index: usize, c: &Spanned<RawConstraint>) -> Result<(), SourceError> {
        let r = &c.value;
        let at = &c.referenced;
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
