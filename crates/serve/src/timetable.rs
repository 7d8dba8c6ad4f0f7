//! The timetabling API: a `kind: timetable` YAML instance solved within the time limit,
//! optionally keeping some placements pinned (re-solving after a change). The answer is
//! checked against every hard requirement before it is sent, and comes with its soft cost
//! itemised, the placements, the printable HTML page (grids by group, teacher and room) and
//! CSV; an instance with no timetable comes with the requirements that conflict.

use crate::AppState;
use crate::error::{ApiError, Body};
use crate::work;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use csp_timetabling::solve::{self, Status};
use csp_timetabling::{Instance, Placement, Timetable, check, explain, render, yaml};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// A placement to keep: an occurrence (numbered as in the answers) at a start slot and room.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pin {
    /// The occurrence.
    pub occurrence: usize,
    /// Its start slot (day × periods + period).
    pub slot: usize,
    /// Its room (index), when the event needs one.
    #[serde(default)]
    pub room: Option<usize>,
}

/// `/api/timetable`'s request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimetableRequest {
    /// The instance: YAML with `kind: timetable`.
    pub timetable: String,
    /// Placements to keep.
    #[serde(default)]
    pub pins: Vec<Pin>,
    /// Seconds (capped by the server's limit).
    #[serde(default)]
    pub time_limit: Option<f64>,
}

/// The school week of `problems/`, for the page's example.
const EXAMPLE: &str = include_str!("../../../problems/timetabling/school-week.yaml");

/// `GET /api/timetable/example`: a school week to start from (YAML).
pub async fn example() -> ([(axum::http::HeaderName, &'static str); 1], &'static str) {
    (
        [(axum::http::header::CONTENT_TYPE, "text/yaml; charset=utf-8")],
        EXAMPLE,
    )
}

/// The pins, checked against the instance.
fn pins(inst: &Instance, pins: &[Pin]) -> Result<Vec<(usize, Placement)>, ApiError> {
    let slots = inst.days.len() * inst.periods.len();
    pins.iter()
        .map(|p| {
            let bad =
                |what: String| ApiError::new(StatusCode::BAD_REQUEST, format!("pins: {what}"));
            if p.occurrence >= inst.occurrences.len() {
                return Err(bad(format!(
                    "occurrence {} (the instance has {})",
                    p.occurrence,
                    inst.occurrences.len()
                )));
            }
            if p.slot >= slots {
                return Err(bad(format!("slot {} (the calendar has {slots})", p.slot)));
            }
            if p.room.is_some_and(|r| r >= inst.rooms.len()) {
                return Err(bad(format!(
                    "room {:?} (the instance has {})",
                    p.room,
                    inst.rooms.len()
                )));
            }
            Ok((
                p.occurrence,
                Placement {
                    start: p.slot,
                    room: p.room,
                },
            ))
        })
        .collect()
}

fn placements(inst: &Instance, tt: &Timetable) -> Vec<Value> {
    tt.placements
        .iter()
        .enumerate()
        .map(|(o, p)| {
            let occ = &inst.occurrences[o];
            json!({
                "occurrence": o,
                "event": inst.events[occ.event].id,
                "rank": occ.rank,
                "slot": p.start,
                "day": inst.days[inst.day_of(p.start)].name,
                "period": inst.periods[inst.period_of(p.start)].id,
                "room": p.room,
                "room_name": p.room.map(|r| inst.rooms[r].id.clone()),
            })
        })
        .collect()
}

/// `POST /api/timetable`: `{"status": "optimal" | "feasible" | "unsatisfiable" | "unknown",
/// "cost", "costs", "placements", "html", "csv"}`, or `explanation` when no timetable exists.
pub async fn solve(
    State(state): State<AppState>,
    Body(req): Body<TimetableRequest>,
) -> Result<Json<Value>, ApiError> {
    let inst = yaml::parse(&req.timetable, "timetable")
        .map_err(|e| ApiError::input("timetable", e.to_string()))?;
    let pins = pins(&inst, &req.pins)?;
    let pinned = !pins.is_empty();
    let inst = Arc::new(inst);
    let limit = work::time_limit(&state, req.time_limit);
    work::run(&state, limit, move |deadline| {
        let cfg = solve::Config {
            deadline: Some(deadline),
            pins,
            ..solve::Config::default()
        };
        let r = solve::solve(&inst, &cfg, &mut |_| {});
        let Some(tt) = r.timetable else {
            let mut j = json!({"name": inst.name, "limit": r.limit});
            if r.status == Status::Infeasible {
                j["status"] = json!("unsatisfiable");
                if pinned {
                    j["message"] = json!("no timetable keeps the pinned placements");
                } else if let Ok(Some(e)) = explain::explain(&inst, Some(deadline)) {
                    j["explanation"] = json!({"minimal": e.minimal, "conflict": e.words, "events": e.events});
                }
            } else {
                j["status"] = json!("unknown");
            }
            return Ok(Json(j));
        };
        let hard = check::verify(&inst, &tt);
        if !hard.is_empty() {
            return Err(ApiError::internal(format!("the timetable breaks {}", hard[0])));
        }
        let cost = check::cost(&inst, &tt);
        let status = if r.status == Status::Optimal { "optimal" } else { "feasible" };
        Ok(Json(json!({
            "status": status,
            "name": inst.name,
            "cost": cost.total,
            "costs": cost.items.iter().filter(|i| i.cost > 0).map(|i| json!({"requirement": i.path, "kind": i.kind, "cost": i.cost, "details": i.details})).collect::<Vec<_>>(),
            "placements": placements(&inst, &tt),
            "html": render::html(&inst, &tt, status, &cost, &hard),
            "csv": render::csv(&inst, &tt),
            "limit": r.limit,
        })))
    })
    .await
}
