//! The timetabling API: a `kind: timetable` YAML instance solved within the time limit,
//! optionally keeping some placements pinned (re-solving after a change). The answer is
//! checked against every hard requirement before it is sent, and comes with its soft cost
//! itemised, the placements, the printable HTML page (grids by group, teacher and room) and
//! CSV; an instance with no timetable comes with the requirements that conflict.

use crate::error::{ApiError, Body};
use crate::state::AppState;
use crate::work;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, Sse};
use csp_timetabling::instance::RoomNeed;
use csp_timetabling::solve::{self, Status};
use csp_timetabling::{Instance, Placement, Timetable, check, explain, render, yaml};
use futures_util::Stream;
use serde::Deserialize;
use serde_json::{Value, json};
use std::convert::Infallible;
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
fn pins(inst: &Instance, pins: &[Pin]) -> Result<Pins, ApiError> {
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
            let needs_room = inst.event_of(p.occurrence).room != RoomNeed::None;
            if needs_room != p.room.is_some() {
                return Err(bad(format!(
                    "occurrence {} ({}) {}",
                    p.occurrence,
                    inst.event_of(p.occurrence).id,
                    if needs_room {
                        "needs a room"
                    } else {
                        "takes no room"
                    }
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
    let views = render::all_views(inst);
    tt.placements
        .iter()
        .enumerate()
        .map(|(o, p)| {
            let occ = &inst.occurrences[o];
            let shown: Vec<usize> = (0..views.len())
                .filter(|&v| views[v].shows(inst, tt, o))
                .collect();
            json!({
                "views": shown,
                "duration": inst.events[occ.event].duration,
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

/// Solves within `deadline` keeping `pins`, and answers the timetable checked against every
/// hard requirement, or why there is none; `improved` sees each cheaper timetable's cost.
fn timetable(
    inst: &Arc<Instance>,
    pins: Pins,
    deadline: std::time::Instant,
    improved: &mut dyn FnMut(u64),
) -> Result<Value, ApiError> {
    let pinned = pins.clone();
    let cfg = solve::Config {
        deadline: Some(deadline),
        pins,
        ..solve::Config::default()
    };
    let r = solve::solve(inst, &cfg, &mut |p| match p {
        solve::Progress::Improved(c) => improved(c),
    })
    .map_err(|e| ApiError::input("timetable", format!("timetable: {e}")))?;
    let Some(tt) = r.timetable else {
        let mut j = json!({"instance": inst.name, "limit": r.limit.map(|l| l.to_string())});
        if r.status == Status::Unsatisfiable {
            j["status"] = json!(Status::Unsatisfiable.name());
            if !pinned.is_empty() {
                j["message"] = json!("no timetable keeps the pinned placements");
            } else if let Ok(Some(e)) = explain::explain(inst, Some(deadline)) {
                j["explanation"] =
                    json!({"minimal": e.minimal, "conflict": e.words, "events": e.events});
            }
        } else {
            j["status"] = json!(Status::Unknown.name());
        }
        return Ok(j);
    };
    let hard = check::verify(inst, &tt);
    if let Some(v) = hard.first() {
        return Err(ApiError::internal(format!("the timetable breaks {v}")));
    }
    if let Some((o, _)) = pinned.iter().find(|&&(o, p)| tt.placements[o] != p) {
        return Err(ApiError::internal(format!(
            "the timetable moves the pinned occurrence {o}"
        )));
    }
    let cost = check::cost(inst, &tt);
    let status = r.status.name();
    let costs: Vec<Value> = cost
        .items
        .iter()
        .filter(|i| i.cost > 0)
        .map(|i| json!({"requirement": i.path, "kind": i.kind, "cost": i.cost, "details": i.details}))
        .collect();
    // A calendar file per group, teacher, staff member and room, when the days have dates.
    let mut calendars = Vec::new();
    let mut calendar_error = None;
    for view in render::all_views(inst).into_iter().take(MAX_CALENDARS) {
        match render::ics(inst, &tt, view, None, None) {
            Ok(text) => calendars.push(json!({"view": view.title(inst), "ics": text})),
            Err(e) => {
                calendar_error = Some(e.to_string());
                break;
            }
        }
    }
    Ok(json!({
        "status": status,
        "instance": inst.name,
        "cost": cost.total,
        "costs": costs,
        "calendars": calendars,
        "calendar_error": calendar_error,
        "placements": placements(inst, &tt),
        "views": render::all_views(inst).into_iter().map(|v| v.title(inst)).collect::<Vec<_>>(),
        "days": inst.days.iter().map(|d| d.name.clone()).collect::<Vec<_>>(),
        "periods": inst.periods.iter().map(|p| p.id.clone()).collect::<Vec<_>>(),
        "html": render::html(inst, &tt, status, &cost, &hard),
        "csv": render::csv(inst, &tt),
        "limit": r.limit.map(|l| l.to_string()),
    }))
}

/// Calendar files sent at most (one per view).
const MAX_CALENDARS: usize = 200;

/// Occurrences pinned to placements.
type Pins = Vec<(usize, Placement)>;

/// The instance and pins of a request, read and checked (on the blocking pool, within the
/// request's time: reading a large instance must not hold up the server's async workers).
fn read(req: &TimetableRequest) -> Result<(Arc<Instance>, Pins), ApiError> {
    let inst = yaml::parse(&req.timetable, "timetable")
        .map_err(|e| ApiError::input("timetable", e.to_string()))?;
    let pins = pins(&inst, &req.pins)?;
    Ok((Arc::new(inst), pins))
}

/// `POST /api/timetable`: `{"status": "optimal" | "satisfiable" | "unsatisfiable" | "unknown",
/// "cost", "costs", "placements", "html", "csv", "calendars"}`, or `explanation` when no
/// timetable exists.
pub async fn solve(
    State(state): State<AppState>,
    Body(req): Body<TimetableRequest>,
) -> Result<Json<Value>, ApiError> {
    let limit = work::time_limit(&state, req.time_limit);
    work::run(&state, limit, move |deadline| {
        let (inst, pins) = read(&req)?;
        timetable(&inst, pins, deadline, &mut |_| {}).map(Json)
    })
    .await
}

/// `POST /api/timetable/live`: the same as server-sent events: a `progress` event (`cost`,
/// `elapsed`) per cheaper timetable found, then the `result`.
pub async fn live(
    State(state): State<AppState>,
    Body(req): Body<TimetableRequest>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let limit = work::time_limit(&state, req.time_limit);
    let start = std::time::Instant::now();
    // Read before the stream starts (bad input is a 400), on the blocking pool.
    let (inst, pins) = work::blocking(move || read(&req)).await?;
    // The time limit counts the reading too.
    let limit = limit.saturating_sub(start.elapsed());
    work::events(&state, limit, move |deadline, emit| {
        timetable(&inst, pins, deadline, &mut |c| {
            emit(json!({"cost": c, "elapsed": start.elapsed().as_secs_f64()}));
        })
    })
    .await
}
