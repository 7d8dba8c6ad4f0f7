//! The colouring API: a graph's chromatic number, proved when the time allows, else
//! bracketed, with the colouring (checked against the graph before it is sent) and a
//! picture.

use crate::error::{ApiError, Body};
use crate::state::AppState;
use crate::work;
use axum::Json;
use axum::extract::State;
use axum::response::sse::{Event, Sse};
use csp_colouring::Instance;
use csp_colouring::chromatic::{self, Config, Progress};
use csp_colouring::render;
use futures_util::Stream;
use serde::Deserialize;
use serde_json::{Value, json};
use std::convert::Infallible;
use std::time::Instant;

/// Graphs drawn in the answer up to this many vertices (the force layout is quadratic).
const MAX_PICTURE: usize = 300;

/// `/api/colour`'s request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColourRequest {
    /// The graph: DIMACS (`p edge V E`, `e u v`) or YAML (`kind: colouring`).
    pub graph: String,
    /// Seconds (capped by the server's limit).
    #[serde(default)]
    pub time_limit: Option<f64>,
}

/// The graph of a request, read (errors with their line and column).
fn read(req: &ColourRequest) -> Result<Instance, ApiError> {
    csp_colouring::parse(&req.graph, "graph", std::path::Path::new("graph"))
        .map_err(|e| ApiError::input("graph", e.to_string()))
}

/// Runs the chromatic-number search until `deadline` and answers with the colouring checked
/// against the graph; `progress` sees the bounds as they tighten.
fn colour(
    inst: &Instance,
    deadline: Instant,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Value, ApiError> {
    let config = Config {
        time_limit: Some(deadline.saturating_duration_since(Instant::now())),
        ..Config::default()
    };
    let r = chromatic::chromatic_number(inst, &config, progress);
    csp_colouring::verify(inst, Some(r.ub), &r.colouring)
        .map_err(|v| ApiError::internal(format!("the colouring is wrong: {v}")))?;
    // The picture, and what the page needs to draw it itself (positions, edges, names).
    let g = &inst.graph;
    let drawn = (g.len() <= MAX_PICTURE).then(|| {
        let pos = render::layout(g, render::LAYOUT_ITERATIONS, render::LAYOUT_SEED);
        let svg = render::svg_at(g, Some(&r.colouring), &inst.name, &pos);
        let round = |x: f64| (x * 1000.0).round() / 1000.0;
        let positions: Vec<[f64; 2]> = pos.iter().map(|&(x, y)| [round(x), round(y)]).collect();
        let edges: Vec<[usize; 2]> = g.edges().map(|(u, v)| [u + 1, v + 1]).collect();
        let names: Vec<&str> = (0..g.len()).map(|v| g.name(v)).collect();
        (svg, positions, edges, names)
    });
    let (svg, positions, edge_list, names) = match drawn {
        Some((s, p, e, n)) => (Some(s), Some(p), Some(e), Some(n)),
        None => (None, None, None, None),
    };
    Ok(json!({
        "status": csp_model::Status::of_best(r.proved).name(),
        "instance": inst.name,
        "vertices": inst.graph.len(),
        "edges": inst.graph.edge_count(),
        "lb": r.lb,
        "ub": r.ub,
        "proved": r.proved,
        "lb_source": r.lb_source.name(),
        "ub_source": r.ub_source.name(),
        "colouring": r.colouring.colours.iter().map(|&c| c + 1).collect::<Vec<_>>(),
        "clique": r.clique.iter().map(|&v| v + 1).collect::<Vec<_>>(),
        "elapsed": r.elapsed.as_secs_f64(),
        "svg": svg,
        "positions": positions,
        "edge_list": edge_list,
        "names": names,
        // The CLI's colours, so that the page draws the same picture.
        "palette": render::PALETTE,
    }))
}

/// `POST /api/colour`: `{"lb", "ub", "proved", "colouring": [colour per vertex, from 1],
/// "clique", "svg", "positions", "edge_list", "names"}` (the last four up to
/// `MAX_PICTURE` vertices); `status` is `optimal` when χ is proved, else `unknown`.
pub async fn chromatic(
    State(state): State<AppState>,
    Body(req): Body<ColourRequest>,
) -> Result<Json<Value>, ApiError> {
    let limit = work::time_limit(&state, req.time_limit);
    // Read on the blocking pool too: a large graph must not hold up the async workers.
    work::run(&state, limit, move |deadline| {
        let inst = read(&req)?;
        colour(&inst, deadline, &mut |_| {}).map(Json)
    })
    .await
}

/// `POST /api/colour/live`: the same search as server-sent events: `progress` events
/// (`lb`, `ub`, `phase`, `elapsed`) each time the bounds or the phase change, then one
/// `result` event with [`chromatic()`]'s answer, or an `error` event. Closing the connection
/// stops the search.
pub async fn live(
    State(state): State<AppState>,
    Body(req): Body<ColourRequest>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    // Read before the stream starts (bad input is a 400), on the blocking pool.
    let t0 = std::time::Instant::now();
    let (inst, asked) = work::blocking(move || read(&req).map(|i| (i, req.time_limit))).await?;
    // The time limit counts the reading too.
    let limit = work::time_limit(&state, asked).saturating_sub(t0.elapsed());
    work::events(&state, limit, move |deadline, emit| {
        let mut last = None;
        colour(&inst, deadline, &mut |p: &Progress| {
            let now = (p.lb, p.ub, p.phase.clone());
            if last.as_ref() != Some(&now) {
                last = Some(now);
                emit(json!({"lb": p.lb, "ub": p.ub, "phase": p.phase, "elapsed": p.elapsed.as_secs_f64()}));
            }
        })
    })
    .await
}
