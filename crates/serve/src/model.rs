//! The models API: a `kind: csp` YAML model solved or counted with the propagation and the
//! orders chosen, with the engine's statistics and the `csp solve` command that does the
//! same, and on request the search's trace as a page whose levels fold. A solution is checked
//! against every constraint before it is sent.

use crate::error::{ApiError, Body};
use crate::state::AppState;
use crate::work;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use csp_core::{
    Observer, Optimum, Outcome, PropagationLevel, Search, SearchConfig, ValueOrder, VarOrder,
};
use csp_model::output::{solution_json, stats_json};
use csp_model::{CspFile, Status};
use csp_trace::tree::{TreeRecorder, with_model_names};
use serde::Deserialize;
use serde_json::{Value, json};

/// `/api/model`'s request. Choices absent here come from the model's `solve:` section, then
/// the engine's defaults.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelRequest {
    /// The model: YAML with `kind: csp`.
    pub model: String,
    /// A propagation level (`GET /api/model/options` lists them).
    #[serde(default)]
    pub propagation: Option<String>,
    /// A variable order.
    #[serde(default)]
    pub var_order: Option<String>,
    /// A value order.
    #[serde(default)]
    pub val_order: Option<String>,
    /// Count solutions up to this many instead of finding one.
    #[serde(default)]
    pub count: Option<u64>,
    /// Record the search and answer its trace as a page whose levels fold (`trace_html`)
    /// and its tree as a picture in Gist's style (`tree_svg`);
    /// the search stops after [`TRACE_NODES`] nodes then.
    #[serde(default)]
    pub trace: bool,
    /// Seconds (capped by the server's limit).
    #[serde(default)]
    pub time_limit: Option<f64>,
}

/// The most nodes a traced search explores (the recorder keeps every node).
pub const TRACE_NODES: u64 = 20_000;

/// `GET /api/model/options`: the names of the propagation levels and orders.
pub async fn options() -> Json<Value> {
    Json(json!({
        "propagation": PropagationLevel::ALL.map(|l| l.name()),
        "var_order": VarOrder::ALL.map(|o| o.name()),
        "val_order": ValueOrder::ALL.map(|o| o.name()),
    }))
}

/// A choice by name, or a 400 that lists the names.
/// A file name for the model: its name with anything but letters, digits, `-` and `_` as `-`.
fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if stem.is_empty() {
        "model".into()
    } else {
        stem
    }
}

/// The same model as a `csp study` (with the model saved as `NAME.yaml` beside it): the
/// strategy chosen beside three classic ones, each run within the usual limits.
pub fn study_yaml(name: &str, config: &SearchConfig) -> String {
    let value = match config.value_order {
        ValueOrder::InDomainMin => String::new(),
        v => format!("+{v}"),
    };
    let chosen = format!("{}+{}{value}", config.var_order, config.level());
    let mut strategies = vec![
        "input+fc".to_string(),
        "mrv+fc".into(),
        "dom/wdeg+gac".into(),
    ];
    if !strategies.contains(&chosen) {
        strategies.push(chosen);
    }
    let stem = file_stem(name);
    format!(
        "# The model `{stem}` under the strategy chosen in `csp serve` and three classic ones.\n\
         # Save the model as {stem}.yaml beside this file, then run: csp study {stem}-study.yaml\n\
         kind: study\n\
         name: {stem}\n\
         sets:\n  - name: {stem}\n    models: [{stem}.yaml]\n\
         strategies: [{}]\n\
         limits: {{nodes: 2000000, seconds: 20}}\n",
        strategies.join(", ")
    )
}

/// Solves (or counts up to `count`) and answers the outcome, the solution checked against
/// every constraint first.
fn run<O: Observer>(
    file: &CspFile,
    count: Option<u64>,
    search: &mut Search<'_, O>,
) -> Result<Value, ApiError> {
    Ok(match (count, &file.objective) {
        (Some(cap), _) => {
            let c = search.count(cap);
            json!({"status": Status::of_count(&c).name(), "count": c.count, "exact": c.exhausted})
        }
        (None, Some(obj)) => {
            let optimum = search.optimize(obj.var, obj.minimize, |_| {});
            let status = Status::of_optimum(&optimum).name();
            let (best, limit) = match optimum {
                Optimum::Optimal(s) => (s, None),
                Optimum::Best(s, l) => (s, Some(l.to_string())),
                Optimum::Unsatisfiable => return Ok(json!({"status": status})),
                Optimum::Unknown(l) => {
                    return Ok(json!({"status": status, "limit": l.to_string()}));
                }
            };
            let v = file
                .verify(best.values())
                .and_then(|()| file.objective_value(best.values()))
                .map_err(|v| ApiError::internal(format!("the solution found violates {v}")))?;
            let mut j =
                json!({"status": status, "objective": v, "solution": solution_json(file, &best)});
            if let Some(l) = limit {
                j["limit"] = json!(l);
            }
            j
        }
        (None, None) => {
            let outcome = search.solve();
            let status = Status::of_outcome(&outcome).name();
            match outcome {
                Outcome::Satisfiable(s) => {
                    file.verify(s.values()).map_err(|v| {
                        ApiError::internal(format!("the solution found violates {v}"))
                    })?;
                    json!({"status": status, "solution": solution_json(file, &s)})
                }
                Outcome::Unsatisfiable => json!({"status": status}),
                Outcome::Unknown(l) => json!({"status": status, "limit": l.to_string()}),
            }
        }
    })
}

fn choice<T: std::str::FromStr<Err = String>>(
    what: &str,
    name: Option<&str>,
) -> Result<Option<T>, ApiError> {
    name.map(|n| {
        n.parse::<T>()
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("{what}: {e}")))
    })
    .transpose()
}

/// `POST /api/model`: `{"status": "satisfiable" | "optimal" | "unsatisfiable" | "unknown",
/// "solution" | "count", "exact", "stats", "strategy", "command", "study"}`.
pub async fn solve(
    State(state): State<AppState>,
    Body(req): Body<ModelRequest>,
) -> Result<Json<Value>, ApiError> {
    // The model is read on the blocking pool, within the server's time limit (a large model
    // must not hold up the async workers); the file's own limit is known only then.
    let started = std::time::Instant::now();
    let most = work::time_limit(&state, None);
    let server = state.clone();
    work::run(&state, most, move |_| {
        let file = CspFile::parse(&req.model, "model")
            .map_err(|e| ApiError::input("model", e.to_string()))?;
        let level = choice::<PropagationLevel>("propagation", req.propagation.as_deref())?
            .or(file.solve.propagation);
        let var_order =
            choice::<VarOrder>("var_order", req.var_order.as_deref())?.or(file.solve.var_order);
        let val_order =
            choice::<ValueOrder>("val_order", req.val_order.as_deref())?.or(file.solve.value_order);
        let count = req.count.or(file.solve.count);
        let asked = req
            .time_limit
            .or(file.solve.time_limit.map(|t| t.as_secs_f64()));
        let deadline = started + work::time_limit(&server, asked);
        let req_trace = req.trace;
        let mut config = SearchConfig::default();
        if let Some(l) = level {
            config = config.with_level(l);
        }
        if let Some(v) = var_order {
            config.var_order = v;
        }
        if let Some(v) = val_order {
            config.value_order = v;
        }
        if let Some(seed) = file.solve.seed {
            config.seed = seed;
        }
        config.limits.deadline = Some(deadline);
        let strategy = format!(
            "{} + {} + {}",
            config.var_order,
            config.level(),
            config.value_order
        );
        let command = format!(
            "csp solve {}.yaml --propagation {} --var-order {} --val-order {}{}",
            file.name,
            config.level(),
            config.var_order,
            config.value_order,
            count.map_or(String::new(), |n| format!(" --count {n}"))
        ) + if req_trace {
            " --trace-html trace.html"
        } else {
            ""
        };
        let study = study_yaml(&file.name, &config);
        let mut j = if req_trace {
            config.limits.nodes = Some(TRACE_NODES);
            let mut search =
                Search::with_observer(&file.model, config, TreeRecorder::<true>::new());
            let mut j = run(&file, count, &mut search)?;
            let title = format!("{} — {strategy}", file.name);
            let (html, svg) = with_model_names(&file, |names| {
                let tree = search.observer().tree();
                (tree.trace_html(&title, names), tree.svg(&title, names))
            });
            j["trace_html"] = json!(html);
            j["tree_svg"] = json!(svg);
            j["stats"] = stats_json(&search.stats());
            j
        } else {
            let mut search = Search::new(&file.model, config);
            let mut j = run(&file, count, &mut search)?;
            j["stats"] = stats_json(&search.stats());
            j
        };
        j["instance"] = json!(file.name);
        j["strategy"] = json!(strategy);
        j["command"] = json!(command);
        j["study"] = json!(study);
        Ok(Json(j))
    })
    .await
}
