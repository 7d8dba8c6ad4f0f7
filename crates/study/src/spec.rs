//! The study file (`kind: study`): sets of instances, strategies, limits, repetitions.
//!
//! ```yaml
//! kind: study
//! name: sudoku-textbook
//! sets:
//!   - name: top1465
//!     sudoku: sudoku/top1465.txt      # a puzzle list (one file or a list of files)
//!     limit: 200                      # at most this many instances
//!   - name: queens
//!     models: [nqueens-6.yaml, nqueens-8.yaml]
//!   - name: weeks
//!     timetables: [school-week.yaml]     # a first timetable breaking no hard rule
//!   - name: myciel
//!     colouring: [myciel3.col, myciel4.col]
//!     k: 5                            # colour with 5 colours (or one per graph: [4, 5],
//!                                     # or `chi`: find and prove each chromatic number)
//! strategies: [naive, mrv+fc, mrv+ac3]  # VARORDER+PROPAGATION[+VALUEORDER][+restarts],
//!                                      # or dlx / sat (sudoku sets only)
//! grid:                                # and/or every combination of these
//!   var_order: [mrv, dom/wdeg]
//!   propagation: [counting, gac]
//! limits: {nodes: 2000000, seconds: 10}
//! repetitions: 1
//! seed: 1
//! scatter: [naive, mrv+ac3]             # the report's scatter pair (default: first, last)
//! ```
//!
//! Paths are relative to the study file's folder; a path that is not there is looked up in
//! the data folder (`$CSP_DATA`, else `../shared/data`, else the bundled `data/`).

use csp_core::{PropagationLevel, Restarts, SearchConfig, ValueOrder, VarOrder};
use csp_model::SourceError;
use csp_model::source::from_yaml;
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// A study, checked and with its paths resolved.
#[derive(Debug, Clone)]
pub struct Spec {
    /// The study's name (the file's stem when not given).
    pub name: String,
    /// The sets of instances.
    pub sets: Vec<Set>,
    /// The strategies, in the file's order (the list first, then the grid), without repeats.
    pub strategies: Vec<Strategy>,
    /// What each run may spend.
    pub limits: RunLimits,
    /// Runs per instance and strategy (with seeds `seed`, `seed + 1`, …).
    pub repetitions: u32,
    /// The first repetition's seed.
    pub seed: u64,
    /// The two strategies the report's scatter plots compare (default: the first and the
    /// last).
    pub scatter: Option<[String; 2]>,
}

/// One set of instances of one family.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Set {
    /// The set's name in tables.
    pub name: String,
    /// What the files hold.
    pub family: Family,
    /// The files, resolved.
    pub files: Vec<PathBuf>,
    /// The files as the study names them (instance ids use these, so results files read
    /// the same on every machine).
    pub labels: Vec<String>,
    /// At most this many instances (the first ones).
    pub limit: Option<usize>,
    /// For a colouring set, the number of colours of each file (empty otherwise, and for
    /// `k: chi`).
    pub colours: Vec<usize>,
    /// A colouring set with `k: chi`: each graph's chromatic number, found with the strategy.
    pub chromatic: bool,
}

impl Set {
    /// The family with its colours: `sudoku`, `colouring (k = 5)`, `colouring (k = 7, 9)`.
    pub fn describe(&self) -> String {
        let mut ks = self.colours.clone();
        ks.dedup();
        if self.chromatic {
            format!("{} (χ)", self.family)
        } else if ks.is_empty() {
            self.family.to_string()
        } else {
            let ks: Vec<String> = ks.iter().map(|k| k.to_string()).collect();
            format!("{} (k = {})", self.family, ks.join(", "))
        }
    }
}

/// What a set's files hold and what a run asks of each instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Sudoku puzzle lists: find the solution (the all-different model).
    Sudoku,
    /// `kind: csp` models: find a solution.
    Model,
    /// Graphs (DIMACS `.col` or YAML): find a colouring with the set's `k` colours (one
    /// number, or one per graph: [`Set::colours`]).
    Colouring,
    /// Timetables (`kind: timetable` YAML): find a first timetable that breaks no hard rule.
    Timetable,
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Family::Sudoku => f.write_str("sudoku"),
            Family::Model => f.write_str("model"),
            Family::Colouring => f.write_str("colouring"),
            Family::Timetable => f.write_str("timetable"),
        }
    }
}

/// A search strategy: a name (`mrv+fc`, `dom/wdeg+gac+lcv+restarts`, `naive`, `dlx`,
/// `sat`) and the method and engine configuration it stands for.
#[derive(Debug, Clone, PartialEq)]
pub struct Strategy {
    /// The canonical name: `VARORDER+PROPAGATION`, then `+VALUEORDER` when not `min`, then
    /// `+restarts` with restarts; or the method's name.
    pub name: String,
    /// The configuration (limits and seed are set per run; the engine's only).
    pub config: SearchConfig,
    /// What solves: the engine with `config`, or a reduction.
    pub method: Method,
}

/// What solves an instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The engine with the strategy's configuration.
    Engine,
    /// Sudoku as exact cover, by dancing links (nodes: rows tried).
    Dlx,
    /// Sudoku as SAT, by a CDCL solver (nodes: its decisions).
    Sat,
}

impl Strategy {
    /// Reads `naive` or `VARORDER+PROPAGATION[+VALUEORDER][+restarts]`.
    ///
    /// ```
    /// use csp_study::spec::Strategy;
    /// let s: Strategy = "mrv+fc+lcv".parse().unwrap();
    /// assert_eq!(s.name, "mrv+fc+lcv");
    /// assert!("mrv".parse::<Strategy>().is_err());
    /// ```
    pub fn new(var: VarOrder, level: PropagationLevel, value: ValueOrder, restarts: bool) -> Self {
        let mut name = format!("{var}+{level}");
        if value != ValueOrder::InDomainMin {
            name.push_str(&format!("+{value}"));
        }
        if restarts {
            name.push_str("+restarts");
        }
        Strategy {
            name,
            config: SearchConfig {
                var_order: var,
                value_order: value,
                restarts: restarts.then(Restarts::default),
                ..SearchConfig::default().with_level(level)
            },
            method: Method::Engine,
        }
    }
}

impl std::str::FromStr for Strategy {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let whole = |method| {
            Ok(Strategy {
                name: s.into(),
                config: SearchConfig::naive(),
                method,
            })
        };
        match s {
            "naive" => return whole(Method::Engine),
            "dlx" => return whole(Method::Dlx),
            "sat" => return whole(Method::Sat),
            _ => {}
        }
        let parts: Vec<&str> = s.split('+').collect();
        if parts.len() < 2 || parts.len() > 4 {
            return Err(format!(
                "unknown strategy `{s}`; expected `naive`, `dlx`, `sat` or VARORDER+PROPAGATION[+VALUEORDER][+restarts] (e.g. mrv+fc, dom/wdeg+gac+lcv)"
            ));
        }
        let var: VarOrder = parts[0].parse()?;
        let level: PropagationLevel = parts[1].parse()?;
        let (mut value, mut restarts) = (ValueOrder::InDomainMin, false);
        for p in &parts[2..] {
            if *p == "restarts" {
                restarts = true;
            } else {
                value = p.parse()?;
            }
        }
        Ok(Strategy::new(var, level, value, restarts))
    }
}

/// What one run may spend.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RunLimits {
    /// Search nodes.
    pub nodes: Option<u64>,
    /// Seconds of wall time.
    pub seconds: Option<f64>,
}

impl fmt::Display for RunLimits {
    /// `200000 nodes, 10 s`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut v = Vec::new();
        if let Some(n) = self.nodes {
            v.push(format!("{n} nodes"));
        }
        if let Some(s) = self.seconds {
            v.push(format!("{s} s"));
        }
        f.write_str(&v.join(", "))
    }
}

impl RunLimits {
    /// The time that counts as the cost of an unsolved run in the PAR-2 score: twice the
    /// time limit (or, without one, twice the longest time observed — see
    /// [`crate::summary`]).
    pub fn par2_penalty(&self) -> Option<f64> {
        self.seconds.map(|s| 2.0 * s)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpec {
    kind: String,
    name: Option<String>,
    sets: Vec<RawSet>,
    #[serde(default)]
    strategies: Vec<String>,
    grid: Option<RawGrid>,
    #[serde(default)]
    limits: RawLimits,
    repetitions: Option<u32>,
    seed: Option<u64>,
    scatter: Option<[String; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSet {
    name: String,
    sudoku: Option<OneOrMany>,
    models: Option<OneOrMany>,
    colouring: Option<OneOrMany>,
    timetables: Option<OneOrMany>,
    k: Option<Colours>,
    limit: Option<usize>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Colours {
    One(usize),
    Many(Vec<usize>),
    Word(String),
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawGrid {
    #[serde(default)]
    var_order: Vec<String>,
    #[serde(default)]
    propagation: Vec<String>,
    #[serde(default)]
    value_order: Vec<String>,
    #[serde(default)]
    restarts: Vec<bool>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawLimits {
    nodes: Option<u64>,
    seconds: Option<f64>,
}

/// The most runs a study may ask for (sets × instances × strategies × repetitions is
/// checked once the instances are counted, see [`crate::run`]); the most strategies.
pub const MAX_STRATEGIES: usize = 1_000;

/// The longest time limit a run may have, in seconds (a week): far past any study, and well
/// within what a deadline can hold.
pub const MAX_SECONDS: f64 = 604_800.0;

/// The values of `list` parsed by `parse`, each once, in the file's order.
fn distinct<S, T: PartialEq, E>(
    list: &[S],
    parse: impl Fn(&S) -> Result<T, E>,
) -> Result<Vec<T>, E> {
    let mut out: Vec<T> = Vec::new();
    for x in list {
        let t = parse(x)?;
        if !out.contains(&t) {
            out.push(t);
        }
    }
    Ok(out)
}

impl Spec {
    /// Reads a study file; `data` is where paths not found beside it are looked up.
    pub fn load(path: &Path, data: &Path) -> Result<Spec, SourceError> {
        let src = csp_model::source::read(path)?;
        // A file named without a folder (`study.yaml`) has the empty parent: the current one.
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        Spec::parse(&src.text, &src.name, dir, data)
    }

    /// Parses a study's text; `file` names it in errors, relative paths are looked up in
    /// `dir`, then in `data`.
    ///
    /// ```
    /// use csp_study::spec::{Family, Spec};
    /// use std::path::Path;
    /// let yaml = "kind: study\nsets:\n  - {name: q, models: nqueens-8.yaml}\nstrategies: [naive, mrv+fc]\nlimits: {nodes: 1000}\n";
    /// let s = Spec::parse(yaml, "s.yaml", Path::new("../../problems"), Path::new("../../data")).unwrap();
    /// assert_eq!(s.sets[0].family, Family::Model);
    /// assert_eq!(s.strategies.len(), 2);
    /// ```
    pub fn parse(text: &str, file: &str, dir: &Path, data: &Path) -> Result<Spec, SourceError> {
        let mut raw: RawSpec = from_yaml(text, file)?;
        let at = At { text, file };
        if raw.kind != "study" {
            return Err(at.err(
                "kind",
                format!(
                    "`kind: {}` is not a study; expected `kind: study`",
                    raw.kind
                ),
            ));
        }
        if raw.sets.is_empty() {
            return Err(at.err("sets", "a study needs at least one set".into()));
        }
        let mut sets: Vec<Set> = Vec::new();
        for (i, s) in std::mem::take(&mut raw.sets).into_iter().enumerate() {
            let set = at.set(i, s, dir, data)?;
            if sets.iter().any(|x| x.name == set.name) {
                return Err(at.err(
                    &set.name,
                    format!("sets[{i}]: the name `{}` is used twice", set.name),
                ));
            }
            sets.push(set);
        }
        let strategies = at.strategies(&raw, &sets)?;
        at.limits(&raw.limits)?;
        let repetitions = raw.repetitions.unwrap_or(1);
        if repetitions == 0 {
            return Err(at.err("repetitions", "repetitions: expected at least 1".into()));
        }
        Ok(Spec {
            name: raw.name.unwrap_or_else(|| {
                Path::new(file)
                    .file_stem()
                    .map_or("study".into(), |s| s.to_string_lossy().into_owned())
            }),
            sets,
            strategies,
            limits: RunLimits {
                nodes: raw.limits.nodes,
                seconds: raw.limits.seconds,
            },
            repetitions,
            seed: raw.seed.unwrap_or(1),
            scatter: raw.scatter,
        })
    }
}

/// The study file being read: errors found after parsing point at the key's line (the first
/// line holding it).
struct At<'t> {
    text: &'t str,
    file: &'t str,
}

impl At<'_> {
    fn err(&self, key: &str, message: String) -> SourceError {
        let (line, column) = self
            .text
            .lines()
            .enumerate()
            .find_map(|(i, l)| l.find(key).map(|c| (i as u32 + 1, c as u32 + 1)))
            .unwrap_or((0, 0));
        SourceError::at(self.file, self.text, line, column, message)
    }

    /// Set `i`: one family of files, found beside the study or in the data folder; `k:` for
    /// colouring sets.
    fn set(&self, i: usize, mut s: RawSet, dir: &Path, data: &Path) -> Result<Set, SourceError> {
        let given: Vec<(&str, OneOrMany)> = [
            ("sudoku", s.sudoku.take()),
            ("models", s.models.take()),
            ("colouring", s.colouring.take()),
            ("timetables", s.timetables.take()),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k, v)))
        .collect();
        let [(key, files)] = <[_; 1]>::try_from(given).map_err(|g| {
            self.err(
                &s.name,
                format!(
                    "sets[{i}] (`{}`): expected exactly one of `sudoku:`, `models:`, `colouring:` or `timetables:`, found {}",
                    s.name,
                    g.len()
                ),
            )
        })?;
        let family = match key {
            "sudoku" => Family::Sudoku,
            "models" => Family::Model,
            "timetables" => Family::Timetable,
            _ => Family::Colouring,
        };
        if s.k.is_some() && key != "colouring" {
            return Err(self.err(
                &s.name,
                format!("sets[{i}] (`{}`): `k:` is for colouring sets", s.name),
            ));
        }
        let names = match files {
            OneOrMany::One(f) => vec![f],
            OneOrMany::Many(v) => v,
        };
        if names.is_empty() {
            return Err(self.err(&s.name, format!("sets[{i}] (`{}`): no files", s.name)));
        }
        let (colours, chromatic) = self.colours(i, &s, family, names.len())?;
        let files = names
            .iter()
            .map(|n| {
                let p = Path::new(n);
                [dir.join(p), data.join(p)]
                    .into_iter()
                    .find(|c| c.exists())
                    .ok_or_else(|| {
                        self.err(
                            n,
                            format!(
                                "sets[{i}] (`{}`): `{n}` found neither in {} nor in {}",
                                s.name,
                                dir.display(),
                                data.display()
                            ),
                        )
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Set {
            name: s.name,
            family,
            files,
            labels: names,
            limit: s.limit,
            colours,
            chromatic,
        })
    }

    /// A set's `k:`: the colours per graph, or `chi` (the chromatic number).
    fn colours(
        &self,
        i: usize,
        s: &RawSet,
        family: Family,
        graphs: usize,
    ) -> Result<(Vec<usize>, bool), SourceError> {
        let colours = match (&s.k, family) {
            (None, Family::Colouring) => {
                return Err(self.err(
                    &s.name,
                    format!(
                        "sets[{i}] (`{}`): `colouring:` needs `k:` (the number of colours, or a list with one per graph)",
                        s.name
                    ),
                ));
            }
            (None, _) => Vec::new(),
            (Some(Colours::One(k)), _) => vec![*k; graphs],
            (Some(Colours::Many(ks)), _) => ks.clone(),
            (Some(Colours::Word(w)), _) if w == "chi" || w == "χ" => Vec::new(),
            (Some(Colours::Word(w)), _) => {
                return Err(self.err(
                    "k:",
                    format!(
                        "sets[{i}] (`{}`): `k: {w}`: expected a number of colours, a list with one per graph, or `chi` (the chromatic number)",
                        s.name
                    ),
                ));
            }
        };
        let chromatic = matches!(&s.k, Some(Colours::Word(_)));
        if family == Family::Colouring
            && !chromatic
            && (colours.len() != graphs || colours.contains(&0))
        {
            return Err(self.err(
                "k:",
                format!(
                    "sets[{i}] (`{}`): `k:` needs a number of colours of at least 1, or one per graph ({} graphs, {} numbers)",
                    s.name,
                    graphs,
                    colours.len()
                ),
            ));
        }
        Ok((colours, chromatic))
    }

    /// The strategies listed and the grid's, each once, at most [`MAX_STRATEGIES`]; the
    /// methods other than the engine only on sudoku sets; `scatter:` among them.
    fn strategies(&self, raw: &RawSpec, sets: &[Set]) -> Result<Vec<Strategy>, SourceError> {
        let mut strategies: Vec<Strategy> = Vec::new();
        for (i, s) in raw.strategies.iter().enumerate() {
            let st: Strategy = s
                .parse()
                .map_err(|e: String| self.err(s, format!("strategies[{i}]: {e}")))?;
            if !strategies.iter().any(|x| x.name == st.name) {
                strategies.push(st);
            }
        }
        if let Some(g) = &raw.grid {
            self.grid(g, &mut strategies)?;
        }
        for st in &strategies {
            if st.method != Method::Engine
                && let Some(set) = sets.iter().find(|s| s.family != Family::Sudoku)
            {
                return Err(self.err(
                    &st.name,
                    format!(
                        "strategy `{}` solves sudoku sets only; set `{}` is {}",
                        st.name,
                        set.name,
                        set.describe()
                    ),
                ));
            }
        }
        if let Some(pair) = &raw.scatter {
            for n in pair {
                if !strategies.iter().any(|s| s.name == *n) {
                    return Err(self.err(
                        "scatter",
                        format!("scatter: `{n}` is not one of the study's strategies"),
                    ));
                }
            }
        }
        if strategies.is_empty() {
            return Err(self.err(
                "kind",
                "no strategies: give `strategies:` (e.g. [naive, mrv+fc]) or a `grid:`".into(),
            ));
        }
        if strategies.len() > MAX_STRATEGIES {
            return Err(self.err(
                "grid",
                format!(
                    "{} strategies; a study may compare at most {MAX_STRATEGIES}",
                    strategies.len()
                ),
            ));
        }
        Ok(strategies)
    }

    /// The grid's strategies, after the listed ones: each list parsed and without repeats
    /// first, and the grid's size checked before it is expanded (a grid of 300⁴ names must
    /// not be walked to be refused).
    fn grid(&self, g: &RawGrid, strategies: &mut Vec<Strategy>) -> Result<(), SourceError> {
        let list = |v: &[String], what: &str| -> Result<Vec<String>, SourceError> {
            if v.is_empty() {
                Err(self.err("grid", format!("grid: `{what}:` needs at least one value")))
            } else {
                Ok(v.to_vec())
            }
        };
        let vars = list(&g.var_order, "var_order")?;
        let levels = list(&g.propagation, "propagation")?;
        let values = if g.value_order.is_empty() {
            vec!["min".to_string()]
        } else {
            g.value_order.clone()
        };
        let restarts = if g.restarts.is_empty() {
            vec![false]
        } else {
            g.restarts.clone()
        };
        let vars = distinct(&vars, |v| {
            v.parse::<VarOrder>()
                .map_err(|e| self.err(v, format!("grid: {e}")))
        })?;
        let levels = distinct(&levels, |l| {
            l.parse::<PropagationLevel>()
                .map_err(|e| self.err(l, format!("grid: {e}")))
        })?;
        let values = distinct(&values, |v| {
            v.parse::<ValueOrder>()
                .map_err(|e| self.err(v, format!("grid: {e}")))
        })?;
        let restarts = distinct(&restarts, |&r| Ok::<bool, SourceError>(r))?;
        let size = [vars.len(), levels.len(), values.len(), restarts.len()]
            .iter()
            .fold(1usize, |a, &b| a.saturating_mul(b));
        if strategies.len().saturating_add(size) > MAX_STRATEGIES {
            return Err(self.err(
                "grid",
                format!(
                    "{} strategies in the grid; a study may compare at most {MAX_STRATEGIES}",
                    size
                ),
            ));
        }
        for &var in &vars {
            for &level in &levels {
                for &value in &values {
                    for &r in &restarts {
                        let st = Strategy::new(var, level, value, r);
                        if !strategies.iter().any(|x| x.name == st.name) {
                            strategies.push(st);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// `limits:`: nodes or seconds (a study must end), seconds within [`MAX_SECONDS`].
    fn limits(&self, limits: &RawLimits) -> Result<(), SourceError> {
        if let Some(s) = limits.seconds
            && !(s.is_finite() && s > 0.0 && s <= MAX_SECONDS)
        {
            return Err(self.err(
                "seconds",
                format!(
                    "limits.seconds: expected a positive number of seconds up to {MAX_SECONDS}, found {s}"
                ),
            ));
        }
        if limits.nodes.is_none() && limits.seconds.is_none() {
            return Err(self.err(
                "kind",
                "no limits: give `limits: {nodes: N}` or `{seconds: S}` (a study must end)".into(),
            ));
        }
        Ok(())
    }
}
