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

use csp_core::{Domain, Model, ModelError, Value, VarId};
use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde_saphyr::{Location, Spanned};
use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use thiserror::Error;

/// What is wrong with a model file.
#[derive(Debug, Error)]
pub enum SpecError {
    /// The file could not be read.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// A problem at a place in the file (YAML syntax, a wrong type, an unknown name, …).
    #[error("{file}:{line}:{column}: {message}{snippet}")]
    At {
        /// The file.
        file: String,
        /// 1-based line (0 when unknown).
        line: u32,
        /// 1-based column (0 when unknown).
        column: u32,
        /// What was expected and what was found.
        message: String,
        /// The source line with a caret under the column, for people.
        snippet: String,
    },
}

impl SpecError {
    /// The message without the location and snippet.
    pub fn message(&self) -> String {
        match self {
            SpecError::Io { source, .. } => source.to_string(),
            SpecError::At { message, .. } => message.clone(),
        }
    }

    /// `(line, column)` when known.
    pub fn position(&self) -> Option<(u32, u32)> {
        match self {
            SpecError::At { line, column, .. } if *line > 0 => Some((*line, *column)),
            _ => None,
        }
    }
}

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
    solve: Option<SolveOptions>,
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

/// Solve options a file may carry (`solve:`); each is optional, and the command line wins.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveOptions {
    /// `none`, `fc`, `ac3`, `counting` or `gac`.
    pub propagation: Option<String>,
    /// A variable order name (`input`, `mrv`, `dom/wdeg`, …).
    pub var_order: Option<String>,
    /// A value order name (`min`, `max`, `lcv`, `random`).
    pub value_order: Option<String>,
    /// Count solutions up to this many.
    pub count: Option<u64>,
    /// Enumerate all solutions.
    pub all: Option<bool>,
    /// Seconds.
    pub time_limit: Option<f64>,
    /// Seed for random choices.
    pub seed: Option<u64>,
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
    pub fn load(path: &Path) -> Result<Self, SpecError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| SpecError::Io {
            file: file.clone(),
            source,
        })?;
        Self::parse(&text, &file)
    }

    /// Parses `text`; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Self, SpecError> {
        let raw: RawFile = serde_saphyr::from_str(text).map_err(|e| yaml_error(e, file))?;
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

fn yaml_error(e: serde_saphyr::Error, file: &str) -> SpecError {
    let rendered = e.to_string().replace("<input>", file);
    let mut lines = rendered.lines();
    let first = lines.next().unwrap_or_default();
    // "error: line L column C: message" → "message"
    let message = first
        .strip_prefix("error: ")
        .unwrap_or(first)
        .split_once(": ")
        .filter(|(head, _)| head.starts_with("line "))
        .map_or(first, |(_, m)| m)
        .to_string();
    let snippet: Vec<&str> = lines.collect();
    let (line, column) = e
        .location()
        .map_or((0, 0), |l| (l.line() as u32, l.column() as u32));
    SpecError::At {
        file: file.to_string(),
        line,
        column,
        message,
        snippet: if snippet.is_empty() {
            String::new()
        } else {
            format!("\n{}", snippet.join("\n"))
        },
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
    fn err(&self, at: &Location, message: impl Into<String>) -> SpecError {
        let (line, column) = (at.line() as u32, at.column() as u32);
        let snippet = self
            .text
            .lines()
            .nth(line.saturating_sub(1) as usize)
            .filter(|_| line > 0)
            .map(|src| {
                let pad = " ".repeat(column.saturating_sub(1) as usize);
                format!("\n  {line:>4} | {src}\n       | {pad}^")
            })
            .unwrap_or_default();
        SpecError::At {
            file: self.file.to_string(),
            line,
            column,
            message: message.into(),
            snippet,
        }
    }

    fn build(mut self, raw: RawFile) -> Result<CspFile, SpecError> {
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
            solve: raw.solve.unwrap_or_default(),
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

    fn int(&self, at: &Location, i: i64) -> Result<Value, SpecError> {
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
    ) -> Result<(Domain, VarKind), SpecError> {
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

    fn variable(&mut self, v: &RawVar) -> Result<(), SpecError> {
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

    fn var(&self, n: &Spanned<String>) -> Result<VarId, SpecError> {
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

    fn vars(&self, ns: &Names) -> Result<Vec<VarId>, SpecError> {
        ns.value.iter().map(|n| self.var(n)).collect()
    }

    /// The engine value of `item` for variable `x`.
    fn value(&mut self, x: VarId, item: &Spanned<Item>) -> Result<Value, SpecError> {
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

    fn constraint(&mut self, index: usize, c: &Spanned<RawConstraint>) -> Result<(), SpecError> {
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

    fn same_kind(&self, vs: &[VarId], at: &Location) -> Result<(), SpecError> {
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

    fn parse(s: &str) -> Result<CspFile, SpecError> {
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
