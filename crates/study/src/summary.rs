//! The rows of a study summarised per set and strategy, as a table, and per instance (the
//! median over repetitions) for the plots.

use crate::run::Row;
use crate::spec::Spec;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One strategy on one set.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The set.
    pub set: String,
    /// The strategy.
    pub strategy: String,
    /// Runs.
    pub runs: usize,
    /// Runs with an answer (a checked solution or a proof of none).
    pub solved: usize,
    /// Median nodes over the runs (unsolved runs count what they spent).
    pub median_nodes: f64,
    /// Mean nodes.
    pub mean_nodes: f64,
    /// Total nodes.
    pub total_nodes: u64,
    /// Total failures.
    pub failures: u64,
    /// Total revisions.
    pub revisions: u64,
    /// Total propagator calls.
    pub propagations: u64,
    /// Total seconds ([`Row::time`]: CPU time where measured).
    pub seconds: f64,
    /// PAR-2: mean seconds, an unsolved run counting twice the time limit.
    pub par2: f64,
    /// With repetitions: the median over instances of the spread of nodes over the
    /// repetitions, `(max − min) / median`; `None` with one repetition.
    pub spread: Option<f64>,
}

/// The median of `v` (sorted in place); 0 when empty.
pub fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// One instance under one strategy, over its repetitions.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The instance's id.
    pub instance: String,
    /// Solved in at least half of the repetitions (so the medians below are finite).
    pub solved: bool,
    /// Median nodes over the repetitions, unsolved runs counting as infinitely many.
    pub nodes: f64,
    /// Median seconds ([`Row::time`]) likewise.
    pub seconds: f64,
    /// Nodes spent by the median run, solved or not (for plots of effort).
    pub spent: f64,
}

/// The outcomes of `strategy` on `set`, one per instance in the rows' order.
pub fn outcomes(rows: &[Row], set: &str, strategy: &str) -> Vec<Outcome> {
    let mut by: BTreeMap<&str, (usize, Vec<&Row>)> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        if r.set == set && r.strategy == strategy {
            by.entry(&r.instance).or_insert((i, Vec::new())).1.push(r);
        }
    }
    let mut v: Vec<(usize, Outcome)> = by
        .into_iter()
        .map(|(id, (first, runs))| {
            let cost = |f: &dyn Fn(&Row) -> f64| {
                let mut x: Vec<f64> = runs
                    .iter()
                    .map(|r| if r.solved() { f(r) } else { f64::INFINITY })
                    .collect();
                median(&mut x)
            };
            let nodes = cost(&|r| r.nodes as f64);
            let mut spent: Vec<f64> = runs.iter().map(|r| r.nodes as f64).collect();
            (
                first,
                Outcome {
                    instance: id.to_string(),
                    solved: nodes.is_finite(),
                    nodes,
                    seconds: cost(&|r| r.time()),
                    spent: median(&mut spent),
                },
            )
        })
        .collect();
    v.sort_by_key(|(i, _)| *i);
    v.into_iter().map(|(_, o)| o).collect()
}

/// One line per set and strategy, in the study's order. An unsolved run's PAR-2 time is
/// twice the time limit; without one, twice the longest run of the study.
pub fn summarise(spec: &Spec, rows: &[Row]) -> Vec<Line> {
    let longest = rows.iter().map(Row::time).fold(0.0, f64::max);
    let penalty = spec.limits.par2_penalty().unwrap_or(2.0 * longest);
    let mut out = Vec::new();
    for set in &spec.sets {
        for st in &spec.strategies {
            let mine: Vec<&Row> = rows
                .iter()
                .filter(|r| r.set == set.name && r.strategy == st.name)
                .collect();
            if mine.is_empty() {
                continue;
            }
            let mut nodes: Vec<f64> = mine.iter().map(|r| r.nodes as f64).collect();
            let total_nodes: u64 = mine.iter().map(|r| r.nodes).sum();
            out.push(Line {
                set: set.name.clone(),
                strategy: st.name.clone(),
                runs: mine.len(),
                solved: mine.iter().filter(|r| r.solved()).count(),
                median_nodes: median(&mut nodes),
                mean_nodes: total_nodes as f64 / mine.len() as f64,
                total_nodes,
                failures: mine.iter().map(|r| r.failures).sum(),
                revisions: mine.iter().map(|r| r.revisions).sum(),
                propagations: mine.iter().map(|r| r.propagations).sum(),
                seconds: mine.iter().map(|r| r.time()).sum(),
                par2: mine
                    .iter()
                    .map(|r| if r.solved() { r.time() } else { penalty })
                    .sum::<f64>()
                    / mine.len() as f64,
                spread: (spec.repetitions > 1).then(|| spread(&mine)),
            });
        }
    }
    out
}

/// The median over instances of `(max − min) / median` of nodes over repetitions.
fn spread(runs: &[&Row]) -> f64 {
    let mut by: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for r in runs {
        by.entry(&r.instance).or_default().push(r.nodes as f64);
    }
    let mut s: Vec<f64> = by
        .into_values()
        .map(|mut v| {
            let m = median(&mut v);
            let (lo, hi) = (v[0], v[v.len() - 1]);
            if m > 0.0 { (hi - lo) / m } else { 0.0 }
        })
        .collect();
    median(&mut s)
}

/// The columns of a summary table (with `spread` last when the study repeats its runs).
pub const COLUMNS: [&str; 11] = [
    "strategy",
    "solved",
    "median nodes",
    "mean nodes",
    "total nodes",
    "failures",
    "revisions",
    "propagations",
    "time (s)",
    "PAR-2 (s)",
    "spread",
];

impl Line {
    /// The line's cells under [`COLUMNS`] (the spread only when there is one).
    pub fn cells(&self) -> Vec<String> {
        let mut v = vec![
            self.strategy.clone(),
            format!("{}/{}", self.solved, self.runs),
            format!("{:.0}", self.median_nodes),
            format!("{:.1}", self.mean_nodes),
            self.total_nodes.to_string(),
            self.failures.to_string(),
            self.revisions.to_string(),
            self.propagations.to_string(),
            format!("{:.3}", self.seconds),
            format!("{:.4}", self.par2),
        ];
        if let Some(x) = self.spread {
            v.push(format!("{:.0} %", 100.0 * x));
        }
        v
    }
}

/// The summary as Markdown tables, one per set (a spread column when the study repeats
/// its runs).
pub fn table(spec: &Spec, lines: &[Line]) -> String {
    let mut s = String::new();
    let columns = if spec.repetitions > 1 { 11 } else { 10 };
    for set in &spec.sets {
        let mine: Vec<&Line> = lines.iter().filter(|l| l.set == set.name).collect();
        if mine.is_empty() {
            continue;
        }
        let _ = writeln!(s, "{} ({})\n", set.name, set.describe());
        let _ = writeln!(s, "| {} |", COLUMNS[..columns].join(" | "));
        let _ = writeln!(s, "|---|{}", "---:|".repeat(columns - 1));
        for l in mine {
            let _ = writeln!(s, "| {} |", l.cells().join(" | "));
        }
        s.push('\n');
    }
    s
}
