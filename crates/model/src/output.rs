//! Text and JSON renderings of solutions and statistics.

use crate::CspFile;
use csp_core::{Solution, Stats};
use serde_json::{Map, Value as Json, json};

/// The widest name column the text output aligns to.
const MAX_ALIGN: usize = 48;

/// The solution as `name = value` lines.
pub fn solution_text(file: &CspFile, s: &Solution) -> String {
    // Names are aligned up to a sensible width (a formatting width is at most 65,535, and a
    // very long name would not be worth aligning to anyway).
    let width = file
        .model
        .vars()
        .map(|x| file.model.name(x).len())
        .max()
        .unwrap_or(0)
        .min(MAX_ALIGN);
    let mut out = String::new();
    for x in file.model.vars() {
        out.push_str(&format!(
            "{:<width$} = {}\n",
            file.model.name(x),
            file.show(x, s.value(x))
        ));
    }
    out
}

/// The solution as a JSON object from names to values (integers or symbols).
pub fn solution_json(file: &CspFile, s: &Solution) -> Json {
    let mut m = Map::new();
    for x in file.model.vars() {
        let v = s.value(x);
        let j = match file.kinds[x.index()] {
            crate::VarKind::Int => json!(v),
            crate::VarKind::Sym => json!(file.show(x, v)),
        };
        m.insert(file.model.name(x).to_string(), j);
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
