//! Text and JSON renderings of solutions and statistics.

use crate::file::Shown;
use crate::lang::scope::{Array, IndexSet, Key};
use crate::{CspFile, VarKind};
use csp_core::{Solution, Stats, Value, VarId};
use serde_json::{Map, Value as Json, json};

/// The widest name column the text output aligns to.
const MAX_ALIGN: usize = 48;

fn shown_name(file: &CspFile, s: &Shown) -> String {
    match s {
        Shown::Var(x) => file.model.name(*x).to_string(),
        Shown::Array(n, _) => n.clone(),
    }
}

/// The solution as `name = value` lines; an array on one line (`q = [1, 5, 8]`), a table
/// row by row, arrays indexed by symbols as `name[index] = value` lines.
pub fn solution_text(file: &CspFile, s: &Solution) -> String {
    // Names are aligned up to a sensible width (a formatting width is at most 65,535, and a
    // very long name would not be worth aligning to anyway).
    let width = file
        .shown
        .iter()
        .map(|v| shown_name(file, v).len())
        .max()
        .unwrap_or(0)
        .min(MAX_ALIGN);
    let mut out = String::new();
    for v in &file.shown {
        let name = shown_name(file, v);
        match v {
            Shown::Var(x) => {
                out.push_str(&format!(
                    "{name:<width$} = {}\n",
                    file.show(*x, s.value(*x))
                ));
            }
            Shown::Array(_, a)
                if a.index.iter().all(|i| matches!(i, IndexSet::Range(..)))
                    && a.index.len() <= 2 =>
            {
                let row_len = if a.index.len() == 2 {
                    a.index[1].len().max(1)
                } else {
                    a.items.len().max(1)
                };
                let rows: Vec<String> = a
                    .items
                    .chunks(row_len)
                    .map(|r| {
                        format!(
                            "[{}]",
                            r.iter()
                                .map(|&x| file.show(x, s.value(x)))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    })
                    .collect();
                if a.index.len() == 1 {
                    out.push_str(&format!(
                        "{name:<width$} = {}\n",
                        rows.first().map_or("[]", |r| r.as_str())
                    ));
                } else {
                    out.push_str(&format!(
                        "{name:<width$} = [{}]\n",
                        rows.join(&format!(",\n{:width$}    ", ""))
                    ));
                }
            }
            Shown::Array(_, a) => {
                for &x in &a.items {
                    out.push_str(&format!(
                        "{:<width$} = {}\n",
                        file.model.name(x),
                        file.show(x, s.value(x))
                    ));
                }
            }
        }
    }
    out
}

fn value_json(file: &CspFile, x: VarId, v: Value) -> Json {
    match file.kinds[x.index()] {
        VarKind::Int => json!(v),
        VarKind::Bool => json!(v != 0),
        VarKind::Sym => json!(file.show(x, v)),
    }
}

/// Dimension `d` of an array from item `first`: a list over a range, an object over symbols.
fn nested(file: &CspFile, s: &Solution, a: &Array<VarId>, d: usize, first: usize) -> Json {
    let Some(set) = a.index.get(d) else {
        let x = a.items[first];
        return value_json(file, x, s.value(x));
    };
    let stride: usize = a.index[d + 1..].iter().map(IndexSet::len).product();
    let parts = (0..set.len()).map(|p| nested(file, s, a, d + 1, first + p * stride));
    match set {
        IndexSet::Range(..) => Json::Array(parts.collect()),
        IndexSet::Syms(_) => {
            let mut m = Map::new();
            for (p, j) in parts.enumerate() {
                m.insert(
                    file.symbols
                        .get(match set.key(p) {
                            Key::Sym(y) => y,
                            Key::Int(_) => 0,
                        })
                        .cloned()
                        .unwrap_or_default(),
                    j,
                );
            }
            Json::Object(m)
        }
    }
}

/// The solution as a JSON object from names to values (integers, booleans or symbols;
/// arrays as lists, or objects when indexed by symbols).
pub fn solution_json(file: &CspFile, s: &Solution) -> Json {
    let mut m = Map::new();
    for v in &file.shown {
        let j = match v {
            Shown::Var(x) => value_json(file, *x, s.value(*x)),
            Shown::Array(_, a) => nested(file, s, a, 0, 0),
        };
        m.insert(shown_name(file, v), j);
    }
    Json::Object(m)
}

/// The counters as a JSON object.
pub fn stats_json(s: &Stats) -> Json {
    json!({
        "nodes": s.nodes,
        "failures": s.failures,
        "backtracks": s.backtracks,
        "propagations": s.propagations,
        "revisions": s.revisions,
        "max_depth": s.max_depth,
        "solutions": s.solutions,
        "restarts": s.restarts,
        "seconds": s.elapsed.as_secs_f64(),
    })
}
