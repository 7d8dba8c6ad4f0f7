//! The colouring API: a graph's chromatic number, proved when the time allows, else
//! bracketed, with the colouring (checked against the graph before it is sent) and a
//! picture.

use crate::AppState;
use crate::error::{ApiError, Body};
use crate::work;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use csp_colouring::chromatic::{self, Config};
use serde::Deserialize;
use serde_json::{Value, json};

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

/// `POST /api/colour`: `{"lb", "ub", "proved", "colouring": [colour per vertex, from 1],
/// "clique", "svg"}`; `status` is `optimal` when χ is proved, else `unknown`.
pub async fn chromatic(
    State(state): State<AppState>,
    Body(req): Body<ColourRequest>,
) -> Result<Json<Value>, ApiError> {
    let inst = csp_colouring::parse(&req.graph, "graph", std::path::Path::new("graph"))
        .map_err(|e| ApiError::input("graph", e.to_string()))?;
    let limit = work::time_limit(&state, req.time_limit);
    work::run(&state, limit, move |deadline| {
        let config = Config {
            time_limit: Some(deadline.saturating_duration_since(std::time::Instant::now())),
            ..Config::default()
        };
        let r = chromatic::chromatic_number(&inst, &config, &mut |_| {});
        csp_colouring::verify(&inst, Some(r.ub), &r.colouring).map_err(|v| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal error: the colouring is wrong: {v}"),
            )
        })?;
        let svg = (inst.graph.len() <= MAX_PICTURE)
            .then(|| csp_colouring::render::svg(&inst.graph, Some(&r.colouring), &inst.name));
        Ok(Json(json!({
            "status": if r.proved { "optimal" } else { "unknown" },
            "name": inst.name,
            "vertices": inst.graph.len(),
            "edges": inst.graph.edge_count(),
            "lb": r.lb,
            "ub": r.ub,
            "proved": r.proved,
            "lb_source": r.lb_source,
            "ub_source": r.ub_source,
            "colouring": r.colouring.colours.iter().map(|&c| c + 1).collect::<Vec<_>>(),
            "clique": r.clique.iter().map(|&v| v + 1).collect::<Vec<_>>(),
            "elapsed": r.elapsed.as_secs_f64(),
            "svg": svg,
        })))
    })
    .await
}
