//! The CLI and the server on the same inputs: the same status and cost for a timetable, and
//! the same error at the same line and column for a bad one. Instances are drawn at random,
//! hostile ones among them (unknown ids, no possible slot, seats and weights past their
//! bounds).

use crate::util::csp_stdin;
use axum::body::Body;
use axum::http::{Request, header};
use http_body_util::BodyExt;
use proptest::prelude::*;
use serde_json::{Value, json};
use tower::ServiceExt;

/// What one side said: a status and cost, or an error's position and first line.
#[derive(Debug, PartialEq)]
enum Said {
    Answer(String, Option<u64>),
    Error(Option<(u64, u64)>, String),
}

fn by_cli(yaml: &str) -> Said {
    let o = csp_stdin(
        &["timetable", "solve", "-", "--json", "--time-limit", "20"],
        yaml,
    );
    if o.status.code() == Some(2) {
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        let first = err.lines().next().unwrap_or("").to_string();
        // `error: <stdin>:L:C: message`, or `error: <stdin>: message` without a place.
        let rest = first.trim_start_matches("error: <stdin>:").trim_start();
        let mut parts = rest.splitn(3, ':');
        if let (Some(l), Some(c), Some(m)) = (parts.next(), parts.next(), parts.next())
            && let (Ok(l), Ok(c)) = (l.parse(), c.parse())
        {
            return Said::Error(Some((l, c)), m.trim().to_string());
        }
        return Said::Error(None, rest.to_string());
    }
    let j: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let status = j["status"].as_str().unwrap_or("").to_string();
    Said::Answer(status, j["cost"].as_u64())
}

fn by_server(yaml: &str) -> Said {
    let app = csp_serve::router(csp_serve::Config {
        time_limit: std::time::Duration::from_secs(20),
        ..csp_serve::Config::default()
    });
    let body = json!({"timetable": yaml, "time_limit": 20}).to_string();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let (status, j) = rt.block_on(async {
        let req = Request::builder()
            .method("POST")
            .uri("/api/timetable")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body))
            .unwrap();
        let r = app.oneshot(req).await.unwrap();
        let status = r.status();
        let bytes = r.into_body().collect().await.unwrap().to_bytes();
        (status, serde_json::from_slice::<Value>(&bytes).unwrap())
    });
    if !status.is_success() {
        let msg = j["error"]
            .as_str()
            .unwrap_or("")
            .lines()
            .next()
            .unwrap_or("");
        let at = j["line"].as_u64().zip(j["column"].as_u64());
        // The server names the instance `timetable`; the CLI names the input.
        let msg = msg.trim_start_matches("timetable: ").to_string();
        return Said::Error(at, msg);
    }
    // The server's `feasible` is the CLI's `satisfiable` (one vocabulary is issue work of its own).
    let status = match j["status"].as_str().unwrap_or("") {
        "feasible" => "satisfiable",
        s => s,
    };
    Said::Answer(status.to_string(), j["cost"].as_u64())
}

/// A random small week, in YAML; hostile pieces drawn now and then.
fn week() -> impl Strategy<Value = String> {
    (
        1usize..=3,
        1usize..=3,
        prop::collection::vec((0usize..6, 0u8..4, 1u32..=2), 1..=4),
        prop::sample::select(vec![
            1u64,
            5,
            1_000_000,
            4_611_686_018_427_387_904,
            u64::MAX,
        ]),
        prop::sample::select(vec![10u64, 30, 1_000_000_000, 3_000_000_000]),
        any::<bool>(),
    )
        .prop_map(|(days, periods, events, weight, size, rooms)| {
            let ds: Vec<String> = (0..days).map(|d| format!("D{d}")).collect();
            let ps: Vec<String> = (0..periods).map(|p| format!("{{id: {}}}", p + 1)).collect();
            let mut y = format!(
                "kind: timetable\nname: w\ncalendar:\n  days: [{}]\n  periods: [{}]\nresources:\n  teachers: [{{id: T0}}, {{id: T1, unavailable: [\"D0.*\"]}}]\n  groups: [{{id: G, size: {size}}}]\n",
                ds.join(", "),
                ps.join(", ")
            );
            if rooms {
                y += "  rooms: [{id: R0, capacity: 30}, {id: R1, capacity: 40}]\n";
            }
            y += "events:\n";
            for (i, &(teacher, extra, count)) in events.iter().enumerate() {
                let teacher = if teacher == 5 { "TX".to_string() } else { format!("T{}", teacher % 2) };
                let extra = match extra {
                    0 => ", allowed: []",
                    1 => ", groups: [G]",
                    _ => "",
                };
                y += &format!("  - {{id: e{i}, teachers: [{teacher}], count: {count}{extra}}}\n");
            }
            y += &format!(
                "constraints:\n  soft:\n    - {{type: avoid_slots, events: [e0], slots: [D0.1], weight: {weight}}}\n"
            );
            y
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_cli_and_the_server_say_the_same_of_the_same_timetable(yaml in week()) {
        let (cli, server) = (by_cli(&yaml), by_server(&yaml));
        match (&cli, &server) {
            // A valid timetable may differ; an optimal one's cost may not.
            (Said::Answer(a, x), Said::Answer(b, y)) => {
                prop_assert_eq!(a, b, "{}", yaml);
                if a == "optimal" {
                    prop_assert_eq!(x, y, "{}", yaml);
                }
            }
            _ => prop_assert_eq!(&cli, &server, "{}", yaml),
        }
    }
}
