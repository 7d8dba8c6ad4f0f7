//! The bundled examples the page's menus offer, one table per tab: graphs from `data/` and
//! `problems/`, models and timetables from `problems/`, compiled in so that the page works
//! offline. `GET /api/examples` lists them; `GET /api/examples/{tab}/{name}` gives one's text.

use crate::error::ApiError;
use axum::Json;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// One example: the tab that opens it, a name for the URL, a line for the menu, its text.
#[derive(Debug)]
pub struct Example {
    pub tab: &'static str,
    pub name: &'static str,
    pub title: &'static str,
    pub text: &'static str,
}

macro_rules! example {
    ($tab:literal, $name:literal, $title:literal, $file:literal) => {
        Example {
            tab: $tab,
            name: $name,
            title: $title,
            text: include_str!(concat!("../../../", $file)),
        }
    };
}

/// Every example, in menu order within a tab.
pub const EXAMPLES: &[Example] = &[
    example!(
        "colour",
        "petersen",
        "Petersen graph (χ = 3)",
        "problems/petersen.yaml"
    ),
    example!(
        "colour",
        "exams-small",
        "six exams, three slots (YAML, a pinned vertex)",
        "problems/exams-small.yaml"
    ),
    example!(
        "colour",
        "myciel4",
        "Mycielski graph 4: no triangle, χ = 5",
        "data/colouring/myciel4.col"
    ),
    example!(
        "colour",
        "myciel5",
        "Mycielski graph 5: no triangle, χ = 6",
        "data/colouring/myciel5.col"
    ),
    example!(
        "colour",
        "queen5_5",
        "queen graph 5×5 (a board layout)",
        "data/colouring/queen5_5.col"
    ),
    example!(
        "colour",
        "queen6_6",
        "queen graph 6×6",
        "data/colouring/queen6_6.col"
    ),
    example!(
        "colour",
        "queen8_8",
        "queen graph 8×8",
        "data/colouring/queen8_8.col"
    ),
    example!(
        "colour",
        "1-Insertions_4",
        "1-Insertions_4: hard to prove, bounds live",
        "data/colouring/1-Insertions_4.col"
    ),
    example!(
        "colour",
        "anna",
        "anna: characters of Anna Karenina",
        "data/colouring/anna.col"
    ),
    example!(
        "colour",
        "miles250",
        "miles250: US cities within 250 miles",
        "data/colouring/miles250.col"
    ),
    example!(
        "model",
        "australia",
        "map of Australia, three colours",
        "problems/australia.yaml"
    ),
    example!(
        "model",
        "send-more-money",
        "SEND + MORE = MONEY",
        "problems/send-more-money.yaml"
    ),
    example!(
        "model",
        "send-most-money",
        "SEND + MOST = MONEY, maximised",
        "problems/send-most-money.yaml"
    ),
    example!("model", "nqueens-8", "8 queens", "problems/nqueens-8.yaml"),
    example!(
        "model",
        "pigeonhole-5-4",
        "five pigeons, four holes (unsatisfiable)",
        "problems/pigeonhole-5-4.yaml"
    ),
    example!(
        "model",
        "knapsack",
        "knapsack, maximised",
        "problems/knapsack.yaml"
    ),
    example!(
        "model",
        "workshop",
        "a workshop's talks, rooms and times",
        "problems/workshop.yaml"
    ),
    example!(
        "model",
        "jobshop-ft06",
        "job shop ft06 (makespan 55)",
        "problems/jobshop-ft06.yaml"
    ),
    example!(
        "model",
        "rcpsp-j30",
        "project scheduling j30",
        "problems/rcpsp-j30.yaml"
    ),
    example!(
        "model",
        "cumulative-energy",
        "cumulative with energy",
        "problems/cumulative-energy.yaml"
    ),
    example!(
        "timetable",
        "school-week",
        "a school week (three classes)",
        "problems/timetabling/school-week.yaml"
    ),
    example!(
        "timetable",
        "secondary-school",
        "a secondary school (larger)",
        "problems/timetabling/secondary-school.yaml"
    ),
    example!(
        "timetable",
        "exam-session",
        "an exam session",
        "problems/timetabling/exam-session.yaml"
    ),
    example!(
        "timetable",
        "infeasible-week",
        "a week that cannot be timetabled (explained)",
        "problems/timetabling/infeasible-week.yaml"
    ),
];

/// `GET /api/examples`: per tab, the examples' names and titles.
pub async fn list() -> Json<Value> {
    let mut tabs = serde_json::Map::new();
    for e in EXAMPLES {
        let entry = tabs
            .entry(e.tab)
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = entry {
            list.push(json!({"name": e.name, "title": e.title}));
        }
    }
    Json(Value::Object(tabs))
}

/// `GET /api/examples/{tab}/{name}`: the example's text.
pub async fn text(Path((tab, name)): Path<(String, String)>) -> Result<Response, ApiError> {
    let e = EXAMPLES
        .iter()
        .find(|e| e.tab == tab && e.name == name)
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, format!("no example {tab}/{name}")))?;
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        e.text,
    )
        .into_response())
}
