//! The rows of a study summarised per set and strategy, as a table.

use crate::run::Row;
use crate::spec::Spec;
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
    /// Total seconds.
    pub seconds: f64,
    /// PAR-2: mean seconds, an unsolved run counting twice the time limit.
    pub par2: f64,
}

/// The median of `v` (sorted in place); 0 when empty.
fn median(v: &mut [f64]) -> f64 {
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

/// One line per set and strategy, in the study's order. An unsolved run's PAR-2 time is
/// twice the time limit; without one, twice the longest run of the study.
pub fn summarise(spec: &Spec, rows: &[Row]) -> Vec<Line> {
    let longest = rows.iter().map(|r| r.seconds).fold(0.0, f64::max);
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
                seconds: mine.iter().map(|r| r.seconds).sum(),
                par2: mine
                    .iter()
                    .map(|r| if r.solved() { r.seconds } else { penalty })
                    .sum::<f64>()
                    / mine.len() as f64,
            });
        }
    }
    out
}

/// The summary as Markdown tables, one per set.
pub fn table(spec: &Spec, lines: &[Line]) -> String {
    let mut s = String::new();
    for set in &spec.sets {
        let mine: Vec<&Line> = lines.iter().filter(|l| l.set == set.name).collect();
        if mine.is_empty() {
            continue;
        }
        let _ = writeln!(s, "{} ({})\n", set.name, set.family);
        s.push_str("| strategy | solved | median nodes | mean nodes | total nodes | failures | revisions | propagations | time (s) | PAR-2 (s) |\n");
        s.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for l in mine {
            let _ = writeln!(
                s,
                "| {} | {}/{} | {:.0} | {:.1} | {} | {} | {} | {} | {:.3} | {:.4} |",
                l.strategy,
                l.solved,
                l.runs,
                l.median_nodes,
                l.mean_nodes,
                l.total_nodes,
                l.failures,
                l.revisions,
                l.propagations,
                l.seconds,
                l.par2
            );
        }
        s.push('\n');
    }
    s
}
