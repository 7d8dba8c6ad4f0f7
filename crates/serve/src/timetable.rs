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
use csp_timetabling::encode;
use csp_timetabling::instance::{ResourceKind, RoomNeed};
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
                "event_index": occ.event,
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
/// hard requirement, or why there is none; `improved` sees each cheaper timetable.
fn timetable(
    inst: &Arc<Instance>,
    pins: Pins,
    deadline: std::time::Instant,
    improved: &mut dyn FnMut(solve::Progress<'_>),
) -> Result<Value, ApiError> {
    let pinned = pins.clone();
    let cfg = solve::Config {
        deadline: Some(deadline),
        pins,
        ..solve::Config::default()
    };
    let r = solve::solve(inst, &cfg, &mut |p| improved(p))
        .map_err(|e| ApiError::input("timetable", format!("timetable: {e}")))?;
    let Some(tt) = r.timetable else {
        let mut j = json!({"instance": inst.name, "limit": r.limit.map(|l| l.to_string())});
        if r.status != Status::Unsatisfiable {
            j["status"] = json!(Status::Unknown.name());
            return Ok(j);
        }
        j["status"] = json!(Status::Unsatisfiable.name());
        if !pinned.is_empty() {
            // A refused move: what, with the pins kept, leaves no timetable.
            j["message"] = json!("no timetable keeps the pinned placements");
            if let Ok(Some(e)) = explain::explain_pinned(inst, &pinned, Some(deadline)) {
                j["explanation"] = explanation_json(&e);
            }
        } else if let Ok(Some(e)) = explain::explain(inst, Some(deadline)) {
            j["explanation"] = explanation_json(&e);
            // What can be placed when the conflict's requirements give way.
            let off = e.parts.iter().copied().collect();
            if let Ok(Some(tt)) = explain::relaxed(inst, &off, Some(deadline)) {
                j["relaxed"] = relaxed_json(inst, &tt, &e);
            }
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
    let mut j = grid_json(inst, &tt);
    for (k, v) in [
        ("status", json!(status)),
        ("instance", json!(inst.name)),
        ("cost", json!(cost.total)),
        ("costs", json!(costs_json(&cost))),
        ("calendars", json!(calendars)),
        ("calendar_error", json!(calendar_error)),
        ("html", json!(render::html(inst, &tt, status, &cost, &hard))),
        ("csv", json!(render::csv(inst, &tt))),
        ("limit", json!(r.limit.map(|l| l.to_string()))),
    ] {
        j[k] = v;
    }
    Ok(j)
}

/// What the page's week grid draws: the placements, the views, the calendar, per event its
/// subject, teachers and groups and the start slots closed to it (with why), and per view
/// the slots its resource cannot be used.
fn grid_json(inst: &Instance, tt: &Timetable) -> Value {
    let views = render::all_views(inst);
    let none = std::collections::HashSet::new();
    let named = |e: &csp_timetabling::instance::Event, kind: ResourceKind| -> Vec<String> {
        e.named
            .iter()
            .map(|&r| &inst.resources[r])
            .filter(|r| r.kind == kind)
            .map(|r| r.name.clone())
            .collect()
    };
    let events: Vec<Value> = inst
        .events
        .iter()
        .enumerate()
        .map(|(e, ev)| {
            let closed: serde_json::Map<String, Value> = (0..inst.num_slots())
                .filter_map(|s| {
                    encode::open_start(inst, e, s, &none)
                        .err()
                        .map(|c| (s.to_string(), json!(explain::closed_words(inst, e, &c))))
                })
                .collect();
            json!({
                "id": ev.id,
                "subject": ev.subject,
                "teachers": named(ev, ResourceKind::Teacher),
                "groups": named(ev, ResourceKind::Group),
                "duration": ev.duration,
                "closed": closed,
            })
        })
        .collect();
    let slots_of = |set: &[bool]| -> Vec<usize> { (0..set.len()).filter(|&s| set[s]).collect() };
    let unavailable: Vec<Vec<usize>> = views
        .iter()
        .map(|v| match *v {
            render::View::Resource(r) => slots_of(&inst.resources[r].unavailable),
            render::View::Room(r) => slots_of(&inst.rooms[r].unavailable),
        })
        .collect();
    json!({
        "placements": placements(inst, tt),
        "views": views.iter().map(|v| v.title(inst)).collect::<Vec<_>>(),
        "days": inst.days.iter().map(|d| d.name.clone()).collect::<Vec<_>>(),
        "periods": inst.periods.iter().map(|p| p.id.clone()).collect::<Vec<_>>(),
        "events": events,
        "blocked": slots_of(&inst.blocked),
        "unavailable": unavailable,
    })
}

/// A conflict: its requirements in words, whether proved minimal, the events it is about.
fn explanation_json(e: &explain::Explanation) -> Value {
    json!({"minimal": e.minimal, "conflict": e.words, "events": e.events})
}

/// The timetable with the conflict's requirements switched off, for the grid, with the rules
/// it breaks and, per event the conflict is about, where it can start: what could not be
/// placed with every requirement kept.
fn relaxed_json(inst: &Instance, tt: &Timetable, e: &explain::Explanation) -> Value {
    let mut j = grid_json(inst, tt);
    j["breaks"] = json!(
        check::verify(inst, tt)
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
    );
    j["unplaced"] = json!(
        e.involved
            .iter()
            .zip(&e.events)
            .map(|(&ev, words)| json!({"event": inst.events[ev].id, "why": words}))
            .collect::<Vec<_>>()
    );
    j
}

/// The soft requirements that cost something, each with its path, kind, cost and details.
fn costs_json(cost: &csp_timetabling::CostReport) -> Vec<Value> {
    cost.items
        .iter()
        .filter(|i| i.cost > 0)
        .map(|i| json!({"requirement": i.path, "kind": i.kind, "cost": i.cost, "details": i.details}))
        .collect()
}

/// How often at most a live solve sends the cost by requirement (costing a timetable takes
/// time on a large instance; the total goes with every improvement).
const BREAKDOWN_EVERY: std::time::Duration = std::time::Duration::from_millis(200);

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

/// `/api/timetable/parse`'s request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParseRequest {
    /// The instance: YAML with `kind: timetable`.
    pub timetable: String,
}

/// `POST /api/timetable/parse`: `{"document"}`, the YAML file as JSON (what the page's forms
/// edit), once it reads as a timetable; bad input is a 400 with its position.
pub async fn parse(Body(req): Body<ParseRequest>) -> Result<Json<Value>, ApiError> {
    work::blocking(move || {
        yaml::parse(&req.timetable, "timetable")
            .map_err(|e| ApiError::input("timetable", e.to_string()))?;
        let document: Value = csp_model::source::from_yaml(&req.timetable, "timetable")
            .map_err(|e| ApiError::input("timetable", e.to_string()))?;
        Ok(Json(json!({"document": document})))
    })
    .await
}

/// `POST /api/timetable/live`: the same as server-sent events: a `progress` event (`cost`,
/// `elapsed`, and at most every 0.2 s `costs`, by requirement) per cheaper
/// timetable found, then the `result`.
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
        let mut last: Option<std::time::Instant> = None;
        let inst2 = Arc::clone(&inst);
        timetable(&inst, pins, deadline, &mut |p| {
            let mut event = json!({"cost": p.cost(), "elapsed": start.elapsed().as_secs_f64()});
            if let solve::Progress::Better(_, tt) = p
                && last.is_none_or(|t| t.elapsed() >= BREAKDOWN_EVERY)
            {
                last = Some(std::time::Instant::now());
                event["costs"] = json!(costs_json(&check::cost(&inst2, tt)));
            }
            emit(event);
        })
    })
    .await
}
