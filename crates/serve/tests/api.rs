//! The API against the router, without a network: answers checked independently of the
//! server (the engine, the rules), errors with their positions, and the server's limits.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use csp_serve::{Config, router};
use csp_sudoku::{Grid, ModelKind, Solver, encode, parse};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::time::Duration;
use tower::ServiceExt;

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

async fn send(app: &Router, method: &str, path: &str, body: &str) -> (StatusCode, Value) {
    let (status, _, text) = send_raw(app, method, path, body).await;
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
    // Every answer speaks the one status vocabulary (the health check's "ok" aside).
    if let Some(s) = v.get("status").filter(|_| path != "/api/health") {
        let s = s.as_str().unwrap_or_default();
        assert!(
            csp_model::Status::from_name(s).is_some(),
            "{path}: status {s}"
        );
    }
    (status, v)
}

async fn send_raw(
    app: &Router,
    method: &str,
    path: &str,
    body: &str,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let req = Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let r = app.clone().oneshot(req).await.unwrap();
    let status = r.status();
    let headers = r.headers().clone();
    let bytes = r.into_body().collect().await.unwrap().to_bytes();
    (status, headers, String::from_utf8(bytes.to_vec()).unwrap())
}

async fn post(app: &Router, path: &str, body: Value) -> (StatusCode, Value) {
    send(app, "POST", path, &body.to_string()).await
}

fn grid(line: &str) -> Grid {
    parse::parse(line, "test").unwrap().remove(0).grid
}

/// The engine's count up to 2 and first solution: the reference, not the server's solver.
fn engine(g: &Grid) -> (u64, Option<Grid>) {
    let enc = encode(g.shape(), ModelKind::AllDifferent);
    let a = Solver::new(&enc, csp_core::SearchConfig::default()).solve(g, 2);
    (a.count, a.solution)
}

/// Every file under `assets/` is served, and every path the page and its modules name (`src`,
/// `href`, `from "./…"`) answers: a module added or renamed cannot be forgotten.
#[tokio::test]
async fn every_asset_is_served_and_every_reference_resolves() {
    use csp_serve::assets::ASSETS;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut files = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                files.push(std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    for text in &files {
        assert!(
            ASSETS.iter().any(|a| a.body == text),
            "a file under assets/ is not in ASSETS: {}",
            &text[..text.len().min(80)]
        );
    }
    let app = router(Config::default());
    for a in ASSETS {
        let base = &a.path[..a.path.rfind('/').unwrap() + 1];
        for (open, close) in [("src=\"", '"'), ("href=\"", '"'), ("from \"", '"')] {
            for piece in a.body.split(open).skip(1) {
                let target = &piece[..piece.find(close).unwrap()];
                let path = match target.strip_prefix("./") {
                    Some(rest) => format!("{base}{rest}"),
                    None if target.starts_with('/') => target.to_string(),
                    None => continue,
                };
                let (status, _, _) = send_raw(&app, "GET", &path, "").await;
                assert_eq!(status, StatusCode::OK, "{} names {path}", a.path);
            }
        }
    }
}

/// Every example the menus offer is served and read by its tab's endpoint without an error.
#[tokio::test]
async fn every_example_is_listed_served_and_read() {
    let app = router(Config::default());
    let (status, list) = send(&app, "GET", "/api/examples", "").await;
    assert_eq!(status, StatusCode::OK);
    let mut seen = 0;
    for (tab, endpoint, field) in [
        ("colour", "/api/colour", "graph"),
        ("model", "/api/model", "model"),
        ("timetable", "/api/timetable", "timetable"),
    ] {
        for e in list[tab].as_array().unwrap() {
            let name = e["name"].as_str().unwrap();
            let (status, _, text) =
                send_raw(&app, "GET", &format!("/api/examples/{tab}/{name}"), "").await;
            assert_eq!(status, StatusCode::OK, "{tab}/{name}");
            let (status, v) = post(&app, endpoint, json!({field: text, "time_limit": 0.5})).await;
            assert_eq!(status, StatusCode::OK, "{tab}/{name}: {v}");
            seen += 1;
        }
    }
    assert_eq!(seen, csp_serve::examples::EXAMPLES.len());
    let (status, _) = send(&app, "GET", "/api/examples/colour/nothing", "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_page_its_assets_and_unknown_paths() {
    let app = router(Config::default());
    for (path, kind, needle) in [
        ("/", "text/html", "<title>"),
        ("/js/sudoku.js", "text/javascript", "/api/sudoku/hint"),
        ("/style.css", "text/css", ".board"),
        ("/favicon.ico", "image/svg+xml", "<svg"),
        ("/favicon.svg", "image/svg+xml", "<svg"),
    ] {
        let (status, headers, text) = send_raw(&app, "GET", path, "").await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(
            headers[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with(kind)
        );
        assert!(text.contains(needle), "{path}");
    }
    let (status, v) = send(&app, "GET", "/api/health", "").await;
    assert_eq!((status, v["status"].as_str()), (StatusCode::OK, Some("ok")));
    let (status, v) = send(&app, "GET", "/api/nothing", "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(v["error"].is_string());
}

#[tokio::test]
async fn solve_answers_are_checked_and_say_how_many() {
    let app = router(Config::default());
    let (status, v) = post(&app, "/api/sudoku/solve", json!({"puzzle": PUZZLE})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (&v["status"], &v["unique"]),
        (&json!("satisfiable"), &json!(true))
    );
    let (count, solution) = engine(&grid(PUZZLE));
    assert_eq!(count, 1);
    assert_eq!(v["solution"], solution.unwrap().to_line());
    // An empty 4×4 grid has many solutions; two 1s in a row have none.
    let (_, v) = post(&app, "/api/sudoku/solve", json!({"puzzle": ".".repeat(16)})).await;
    assert_eq!(
        (&v["status"], &v["unique"], &v["count"]),
        (&json!("satisfiable"), &json!(false), &json!(2))
    );
    csp_sudoku::verify(
        &grid(&".".repeat(16)),
        &grid(v["solution"].as_str().unwrap()),
    )
    .unwrap();
    let clash = format!("11{}", ".".repeat(79));
    let (_, v) = post(&app, "/api/sudoku/solve", json!({"puzzle": clash})).await;
    assert_eq!(v["status"], "unsatisfiable");
    assert!(v["solution"].is_null());
}

#[tokio::test]
async fn bad_input_gets_a_json_error_with_its_position() {
    let app = router(Config::default());
    // A puzzle that is not one: the reader's position.
    let (status, v) = post(&app, "/api/sudoku/solve", json!({"puzzle": "12x"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(1), Some(3))
    );
    // Malformed JSON (400) and JSON of the wrong shape (422): serde's position.
    let (status, v) = send(&app, "POST", "/api/sudoku/solve", "{\n  \"puzzle\": ,").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(2), Some(13))
    );
    let (status, v) = send(&app, "POST", "/api/sudoku/solve", "{\"puzzle\": 5}").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(1), Some(12))
    );
    // A field the API does not know is refused, not ignored.
    let (status, v) = post(
        &app,
        "/api/sudoku/solve",
        json!({"puzzle": PUZZLE, "pzzle": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().contains("pzzle"), "{v}");
    // A graph with a vertex out of range: line and column.
    let (status, v) = post(&app, "/api/colour", json!({"graph": "p edge 2 1\ne 1 3\n"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(2), Some(5))
    );
    // A grid that changes a given; a bad hint level; bad marks.
    let mut changed = PUZZLE.to_string();
    changed.replace_range(0..1, "5");
    let (status, v) = post(
        &app,
        "/api/sudoku/hint",
        json!({"puzzle": PUZZLE, "grid": changed}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("r1c1"));
    let (status, _) = post(
        &app,
        "/api/sudoku/hint",
        json!({"puzzle": PUZZLE, "level": 4}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, v) = post(
        &app,
        "/api/sudoku/hint",
        json!({"puzzle": PUZZLE, "marks": "123"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("729"), "{v}");
}

#[tokio::test]
async fn a_body_over_the_limit_is_refused() {
    let app = router(Config {
        body_limit: 1000,
        ..Config::default()
    });
    let big = json!({"puzzle": ".".repeat(2000)}).to_string();
    let (status, _, _) = send_raw(&app, "POST", "/api/sudoku/solve", &big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn check_finds_conflicts_wrong_entries_and_the_end() {
    let app = router(Config::default());
    let solution = engine(&grid(PUZZLE)).1.unwrap();
    // r1c2 gets the solution's digit of r1c3 (wrong, and maybe a conflict); r1c3 is right.
    let mut cells: Vec<u8> = grid(PUZZLE).cells().to_vec();
    cells[1] = solution.cells()[2];
    cells[2] = solution.cells()[2];
    let line: String = cells
        .iter()
        .map(|&d| csp_sudoku::grid::symbol_char(d))
        .collect();
    let (status, v) = post(
        &app,
        "/api/sudoku/check",
        json!({"puzzle": PUZZLE, "grid": line}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let cells_of = |key: &str| -> Vec<u64> {
        v[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["cell"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(cells_of("wrong"), vec![1]);
    assert_eq!(cells_of("conflicts"), vec![1, 2]);
    assert_eq!(v["solved"], false);
    let (_, v) = post(
        &app,
        "/api/sudoku/check",
        json!({"puzzle": PUZZLE, "grid": solution.to_line()}),
    )
    .await;
    assert_eq!(
        (v["solved"].as_bool(), v["complete"].as_bool()),
        (Some(true), Some(true))
    );
}

/// Applies a level-3 hint to the grid and the marks, as the page does.
fn apply(cells: &mut [u8], marks: &mut [Vec<bool>], hint: &Value, n: usize) {
    for p in hint["placements"].as_array().unwrap() {
        cells[p["cell"].as_u64().unwrap() as usize] = p["digit"].as_u64().unwrap() as u8;
    }
    for e in hint["eliminations"].as_array().unwrap() {
        let (cell, d) = (
            e["cell"].as_u64().unwrap() as usize,
            e["digit"].as_u64().unwrap() as usize,
        );
        if !marks[cell].contains(&true) {
            // Marks never written start from the candidates the step was found on.
            let before = hint["marks"].as_str().unwrap();
            for (i, ch) in before[cell * n..(cell + 1) * n].chars().enumerate() {
                marks[cell][i] = ch != '.';
            }
        }
        marks[cell][d - 1] = false;
    }
}

fn marks_line(marks: &[Vec<bool>]) -> String {
    let mut s = String::new();
    for m in marks {
        for (i, &on) in m.iter().enumerate() {
            s.push(if on {
                csp_sudoku::grid::symbol_char(i as u8 + 1)
            } else {
                '.'
            });
        }
    }
    s
}

/// Generated puzzles (easy and medium, seeded), played to the end with hints only: every
/// hint at level 1 names the technique, level 2 adds where to look, level 3 the step (the
/// CLI's order); the grid ends at the engine's solution.
#[tokio::test]
async fn generated_puzzles_are_played_to_the_end_with_hints_only() {
    let app = router(Config::default());
    for (level, seed) in [("easy", 5), ("medium", 7)] {
        let (status, g) = post(
            &app,
            "/api/sudoku/generate",
            json!({"level": level, "seed": seed}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{g}");
        assert_eq!(g["rating"]["level"], level);
        let puzzle = g["puzzle"].as_str().unwrap().to_string();
        let (count, solution) = engine(&grid(&puzzle));
        assert_eq!(count, 1, "generated puzzles are unique");
        let solution = solution.unwrap();
        let mut cells = grid(&puzzle).cells().to_vec();
        let mut marks = vec![vec![false; 9]; 81];
        let mut hints = 0;
        loop {
            let line: String = cells
                .iter()
                .map(|&d| csp_sudoku::grid::symbol_char(d))
                .collect();
            let ask = |level: u8| json!({"puzzle": puzzle, "grid": line, "marks": marks_line(&marks), "level": level});
            let (_, h1) = post(&app, "/api/sudoku/hint", ask(1)).await;
            if h1["kind"] == "solved" {
                break;
            }
            assert_eq!(h1["kind"], "step", "{h1}");
            assert!(h1["technique"].is_string() && h1["description"].is_string());
            assert!(h1.get("where").is_none(), "level 1 does not say where");
            let (_, h2) = post(&app, "/api/sudoku/hint", ask(2)).await;
            assert!(h2["where"].as_str().unwrap().starts_with("look at"));
            assert!(h2["technique"] == h1["technique"] && h2.get("explanation").is_none());
            let (_, h3) = post(&app, "/api/sudoku/hint", ask(3)).await;
            assert_eq!(h3["technique"], h2["technique"]);
            apply(&mut cells, &mut marks, &h3, 9);
            hints += 1;
            assert!(hints < 500, "hints must make progress");
        }
        assert_eq!(cells, solution.cells(), "{level}");
    }
}

#[tokio::test]
async fn hints_point_out_mistakes_first() {
    let app = router(Config::default());
    let solution = engine(&grid(PUZZLE)).1.unwrap();
    let mut cells = grid(PUZZLE).cells().to_vec();
    cells[1] = solution.cells()[1] % 9 + 1;
    let line: String = cells
        .iter()
        .map(|&d| csp_sudoku::grid::symbol_char(d))
        .collect();
    let (_, v) = post(
        &app,
        "/api/sudoku/hint",
        json!({"puzzle": PUZZLE, "grid": line}),
    )
    .await;
    assert_eq!(v["kind"], "mistake");
    assert_eq!(v["cells"][0]["name"], "r1c2");
    // "Explain all" answers the same mistake, with the cells (no API path in the message).
    let (status, p) = post(
        &app,
        "/api/sudoku/path",
        json!({"puzzle": PUZZLE, "grid": line}),
    )
    .await;
    assert_eq!(
        (status, &p["kind"]),
        (StatusCode::OK, &json!("mistake")),
        "{p}"
    );
    assert_eq!(p["cells"], v["cells"]);
    assert!(!p["message"].as_str().unwrap().contains("/api"), "{p}");
    // Marks that cross out the right digit are a mistake too.
    let mut marks = vec![vec![false; 9]; 81];
    let right = usize::from(solution.cells()[1]);
    marks[1][right % 9] = true;
    let (_, v) = post(
        &app,
        "/api/sudoku/hint",
        json!({"puzzle": PUZZLE, "marks": marks_line(&marks)}),
    )
    .await;
    assert_eq!(v["kind"], "mistake", "{v}");
    assert!(v["message"].as_str().unwrap().contains("r1c2"));
}

#[tokio::test]
async fn the_path_rating_and_generator_agree_with_the_library() {
    let app = router(Config::default());
    let (_, v) = post(&app, "/api/sudoku/path", json!({"puzzle": PUZZLE})).await;
    assert_eq!(v["solved"], true, "{v}");
    let (_, r) = post(&app, "/api/sudoku/rate", json!({"puzzle": PUZZLE})).await;
    let lib = csp_sudoku::human::rating::rate(&grid(PUZZLE)).unwrap();
    assert_eq!(r["rating"]["er"].as_f64(), Some(lib.er));
    assert_eq!(v["hardest"].as_f64(), Some(lib.er));
    assert_eq!(v["steps"].as_array().unwrap().len(), lib.steps);
    // The same seed gives the same puzzle; a 4×4 one is 4×4.
    let ask = json!({"seed": 11, "box": 2});
    let (_, a) = post(&app, "/api/sudoku/generate", ask.clone()).await;
    let (_, b) = post(&app, "/api/sudoku/generate", ask).await;
    assert_eq!(a["puzzle"], b["puzzle"]);
    assert_eq!(a["puzzle"].as_str().unwrap().len(), 16);
    let (status, _) = post(&app, "/api/sudoku/generate", json!({"level": "impossible"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = post(&app, "/api/sudoku/generate", json!({"box": 7})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// A chain's candidates and links come with the step, as the CLI's `--svg` draws them: each
/// link joins consecutive candidates, strong first, then alternating.
#[tokio::test]
async fn a_chain_step_carries_its_links() {
    let app = router(Config::default());
    let puzzle =
        "......5.94....2.8....5..64..4..1..93.9.2.4.1.38..5..6..39..8....6.1....87.8......";
    let (_, v) = post(&app, "/api/sudoku/path", json!({"puzzle": puzzle})).await;
    let steps = v["steps"].as_array().unwrap();
    let aic = steps
        .iter()
        .find(|s| s["technique"] == "alternating inference chain")
        .expect("the path has an AIC");
    let (chain, links) = (
        aic["chain"].as_array().unwrap(),
        aic["links"].as_array().unwrap(),
    );
    assert!(chain.len() >= 4, "{aic}");
    assert_eq!(links.len(), chain.len() - 1);
    for (i, l) in links.iter().enumerate() {
        assert_eq!(l["from"], chain[i]);
        assert_eq!(l["to"], chain[i + 1]);
        assert_eq!(l["kind"], if i % 2 == 0 { "strong" } else { "weak" });
    }
    // A single's step has neither.
    assert!(steps[0]["links"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn colouring_is_proved_and_checked() {
    let app = router(Config::default());
    let petersen = "p edge 10 15\ne 1 2\ne 2 3\ne 3 4\ne 4 5\ne 5 1\ne 1 6\ne 2 7\ne 3 8\ne 4 9\ne 5 10\ne 6 8\ne 8 10\ne 10 7\ne 7 9\ne 9 6\n";
    let (status, v) = post(&app, "/api/colour", json!({"graph": petersen})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (v["ub"].as_u64(), v["proved"].as_bool()),
        (Some(3), Some(true))
    );
    // The colouring, checked here on the edges.
    let colours: Vec<u64> = v["colouring"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    for line in petersen.lines().filter(|l| l.starts_with('e')) {
        let w: Vec<usize> = line[2..].split(' ').map(|x| x.parse().unwrap()).collect();
        assert_ne!(colours[w[0] - 1], colours[w[1] - 1], "{line}");
    }
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
}

/// A graph whose chromatic number is not proved in minutes (1-Insertions_4, χ = 5).
fn hard_graph() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/colouring/1-Insertions_4.col");
    std::fs::read_to_string(path).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn busy_slots_answer_503_and_a_client_that_leaves_frees_its_slot() {
    let app = router(Config {
        jobs: 1,
        queue: 0,
        time_limit: Duration::from_secs(60),
        ..Config::default()
    });
    let body = json!({"graph": hard_graph(), "time_limit": 60}).to_string();
    // A client that asks for a long search and goes away after 300 ms.
    let long = send_raw(&app, "POST", "/api/colour", &body);
    let gone = tokio::time::timeout(Duration::from_millis(300), long).await;
    assert!(gone.is_err(), "the search is still running");
    // Its slot is busy until the search notices the cancel flag, then free again: well
    // before the 60 s the search was allowed.
    let start = std::time::Instant::now();
    let mut saw_busy = false;
    loop {
        let (status, headers, _) = send_raw(
            &app,
            "POST",
            "/api/sudoku/solve",
            &json!({"puzzle": PUZZLE}).to_string(),
        )
        .await;
        if status == StatusCode::SERVICE_UNAVAILABLE {
            saw_busy = true;
            assert_eq!(headers[header::RETRY_AFTER], "1");
        } else {
            assert_eq!(status, StatusCode::OK);
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the cancelled search still holds its slot"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let _ = saw_busy; // the search may have noticed the flag before the first retry
}

#[tokio::test]
async fn a_request_never_gets_more_time_than_the_server_allows() {
    let app = router(Config {
        time_limit: Duration::from_millis(300),
        ..Config::default()
    });
    // Asked for an hour, given 300 ms: the hard graph stays unproved.
    let (status, v) = post(
        &app,
        "/api/colour",
        json!({"graph": hard_graph(), "time_limit": 3600}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["status"], "satisfiable");
    assert!(v["lb"].as_u64() < v["ub"].as_u64());
}

#[tokio::test]
async fn a_panicking_job_is_answered_500_and_the_server_goes_on() {
    let state = csp_serve::AppState::new(Config::default());
    let r: Result<(), _> = csp_serve::work::run(&state, Duration::from_secs(1), |_| {
        panic!("a bug in a solver")
    })
    .await;
    assert_eq!(r.unwrap_err().status, StatusCode::INTERNAL_SERVER_ERROR);
    // The slot came back.
    let r = csp_serve::work::run(&state, Duration::from_secs(1), |_| Ok(1)).await;
    assert_eq!(r.unwrap(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_beyond_the_slots_wait_in_the_queue() {
    let app = router(Config {
        jobs: 1,
        queue: 4,
        ..Config::default()
    });
    // Four solves at once on one slot: each waits its turn, none is refused.
    let body = json!({"puzzle": PUZZLE}).to_string();
    let all = futures_join(
        (0..4)
            .map(|_| {
                let (app, body) = (app.clone(), body.clone());
                async move { send_raw(&app, "POST", "/api/sudoku/solve", &body).await }
            })
            .collect(),
    )
    .await;
    for (status, _, text) in all {
        assert_eq!(status, StatusCode::OK, "{text}");
    }
}

/// Runs the futures concurrently on the runtime and gathers their outputs in order.
async fn futures_join<F: std::future::Future + Send + 'static>(futures: Vec<F>) -> Vec<F::Output>
where
    F::Output: Send + 'static,
{
    let handles: Vec<_> = futures.into_iter().map(tokio::spawn).collect();
    let mut out = Vec::new();
    for h in handles {
        out.push(h.await.unwrap());
    }
    out
}

/// The events of a server-sent-event body: `(name, data)`.
fn events(text: &str) -> Vec<(String, Value)> {
    text.split("\n\n")
        .filter_map(|block| {
            let mut name = String::new();
            let mut data = String::new();
            for line in block.lines() {
                if let Some(n) = line.strip_prefix("event: ").or(line.strip_prefix("event:")) {
                    name = n.trim().to_string();
                } else if let Some(d) = line.strip_prefix("data: ").or(line.strip_prefix("data:")) {
                    data.push_str(d);
                }
            }
            (!name.is_empty()).then(|| (name, serde_json::from_str(&data).unwrap()))
        })
        .collect()
}

#[tokio::test]
async fn the_live_colouring_shows_the_bounds_tighten_then_the_answer() {
    let app = router(Config::default());
    // A hard graph for half a second: progress first, bounds never crossing, then the result.
    let body = json!({"graph": hard_graph(), "time_limit": 0.5}).to_string();
    let (status, headers, text) = send_raw(&app, "POST", "/api/colour/live", &body).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let ev = events(&text);
    let (last, progress) = ev.split_last().unwrap();
    assert!(!progress.is_empty(), "{text}");
    for (name, p) in progress {
        assert_eq!(name, "progress");
        assert!(p["lb"].as_u64() <= p["ub"].as_u64(), "{p}");
    }
    assert_eq!(last.0, "result");
    let r = &last.1;
    assert!(r["lb"].as_u64() <= r["ub"].as_u64());
    let (first_ub, final_ub) = (progress[0].1["ub"].as_u64(), r["ub"].as_u64());
    assert!(final_ub <= first_ub, "the upper bound only tightens");
    // Bad input is refused before the stream starts.
    let (status, _, _) = send_raw(
        &app,
        "POST",
        "/api/colour/live",
        &json!({"graph": "p edge x"}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

const AUSTRALIA: &str = "kind: csp\nname: australia\nvariables:\n  - names: [WA, NT, SA, Q, NSW, V, T]\n    domain: [red, green, blue]\nconstraints:\n  - not_equal: [WA, NT]\n  - not_equal: [WA, SA]\n  - not_equal: [NT, SA]\n  - not_equal: [NT, Q]\n  - not_equal: [SA, Q]\n  - not_equal: [SA, NSW]\n  - not_equal: [SA, V]\n  - not_equal: [Q, NSW]\n  - not_equal: [NSW, V]\n";

#[tokio::test]
async fn models_are_solved_and_counted_with_the_strategy_chosen() {
    let app = router(Config::default());
    // 18 colourings of the map, whatever the strategy (Russell & Norvig).
    for (prop, var) in [("fc", "input"), ("ac3", "mrv"), ("gac", "dom/wdeg")] {
        let (status, v) = post(
            &app,
            "/api/model",
            json!({"model": AUSTRALIA, "count": 100, "propagation": prop, "var_order": var}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(
            (v["count"].as_u64(), v["exact"].as_bool()),
            (Some(18), Some(true)),
            "{prop} {var}"
        );
        assert!(
            v["command"]
                .as_str()
                .unwrap()
                .contains(&format!("--propagation {prop}")),
            "{v}"
        );
    }
    let (_, v) = post(&app, "/api/model", json!({"model": AUSTRALIA})).await;
    assert_eq!(v["status"], "satisfiable");
    let s = &v["solution"];
    for line in AUSTRALIA
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- not_equal: ["))
    {
        let pair: Vec<&str> = line.trim_end_matches(']').split(", ").collect();
        assert_ne!(s[pair[0]], s[pair[1]], "{line}");
    }
    assert!(v["stats"]["nodes"].as_u64().is_some());
    // Two colours: none.
    let two = AUSTRALIA.replace("[red, green, blue]", "[red, green]");
    let (_, v) = post(&app, "/api/model", json!({"model": two})).await;
    assert_eq!(v["status"], "unsatisfiable");
    // A bad choice lists the good ones; a bad model says where.
    let (status, v) = post(
        &app,
        "/api/model",
        json!({"model": AUSTRALIA, "propagation": "magic"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("gac"), "{v}");
    let broken = AUSTRALIA.replace("not_equal: [WA, NT]", "not_equal: [WA, XX]");
    let (status, v) = post(&app, "/api/model", json!({"model": broken})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["line"].as_u64(), Some(7), "{v}");
    // The trace: a page whose levels fold, one fold for the root and one per node.
    for count in [None, Some(100)] {
        let (_, v) = post(
            &app,
            "/api/model",
            json!({"model": AUSTRALIA, "trace": true, "count": count}),
        )
        .await;
        let page = v["trace_html"].as_str().unwrap();
        assert_eq!(
            page.matches("<details").count() as u64,
            v["stats"]["nodes"].as_u64().unwrap() + 1,
            "{count:?}"
        );
        // The tree's picture, with a solution drawn (green diamond) when one was found.
        let svg = v["tree_svg"].as_str().unwrap();
        assert!(svg.starts_with("<svg"), "{count:?}");
        assert!(
            svg.contains("#2ca02c"),
            "{count:?}: a solution's green diamond"
        );
    }
    let (_, v) = post(
        &app,
        "/api/model",
        json!({"model": AUSTRALIA, "trace": true}),
    )
    .await;
    assert!(
        v["command"]
            .as_str()
            .unwrap()
            .ends_with("--trace-html trace.html")
    );
    // The study: with the model saved beside it, it reads as a study of four strategies.
    let dir = std::env::temp_dir().join(format!("csp-serve-study-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("australia.yaml"), AUSTRALIA).unwrap();
    let (_, v) = post(
        &app,
        "/api/model",
        json!({"model": AUSTRALIA, "propagation": "ac3", "var_order": "mrv-deg", "val_order": "lcv"}),
    )
    .await;
    let text = v["study"].as_str().unwrap();
    let spec = csp_study::spec::Spec::parse(text, "australia-study.yaml", &dir, &dir).unwrap();
    let names: Vec<&str> = spec.strategies.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        ["input+fc", "mrv+fc", "dom/wdeg+gac", "mrv-deg+ac3+lcv"],
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    let (_, o) = send(&app, "GET", "/api/model/options", "").await;
    assert!(
        o["var_order"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x == "mrv")
    );
}

#[tokio::test]
async fn a_time_limit_of_zero_answers_unknown_at_once() {
    let app = router(Config::default());
    // A puzzle whose uniqueness takes a search (answers found by propagation alone, in
    // microseconds, are given even at a limit of zero).
    let hardest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/sudoku/puzzles6_forum_hardest_1106_shared301");
    let hard = parse::read(&hardest).unwrap()[0].grid.to_line();
    for path in [
        "/api/sudoku/hint",
        "/api/sudoku/path",
        "/api/sudoku/check",
        "/api/sudoku/rate",
    ] {
        let (status, v) = post(&app, path, json!({"puzzle": hard, "time_limit": 0})).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(v["status"], "unknown", "{path}: {v}");
    }
    let (_, v) = post(
        &app,
        "/api/sudoku/generate",
        json!({"seed": 1, "time_limit": 0}),
    )
    .await;
    assert_eq!(v["status"], "unknown", "{v}");
}

fn problem(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../problems/timetabling")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

/// The timetable of an answer, checked here by the library's verifier.
fn checked_timetable(yaml: &str, v: &Value) -> csp_timetabling::Timetable {
    let inst = csp_timetabling::yaml::parse(yaml, "test").unwrap();
    let placements: Vec<csp_timetabling::Placement> = v["placements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| csp_timetabling::Placement {
            start: p["slot"].as_u64().unwrap() as usize,
            room: p["room"].as_u64().map(|r| r as usize),
        })
        .collect();
    assert_eq!(placements.len(), inst.occurrences.len());
    let tt = csp_timetabling::Timetable { placements };
    assert!(csp_timetabling::verify(&inst, &tt).is_empty());
    assert_eq!(
        v["cost"].as_u64(),
        Some(csp_timetabling::cost(&inst, &tt).total)
    );
    tt
}

#[tokio::test]
async fn timetables_are_solved_pinned_and_explained() {
    let app = router(Config::default());
    let week = problem("school-week.yaml");
    let (_, _, example) = send_raw(&app, "GET", "/api/timetable/example", "").await;
    assert_eq!(example, week, "the page's example is the school week");
    let (status, v) = post(
        &app,
        "/api/timetable",
        json!({"timetable": week, "time_limit": 5}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(
        v["status"] == "optimal" || v["status"] == "satisfiable",
        "{v}"
    );
    checked_timetable(&week, &v);
    assert!(v["html"].as_str().unwrap().contains("<table"));
    assert!(v["csv"].as_str().unwrap().lines().count() > 1);
    // A calendar per group, teacher and room (the week has dates), each with its lessons.
    let calendars = v["calendars"].as_array().unwrap();
    assert!(
        calendars
            .iter()
            .any(|c| c["view"].as_str().unwrap().starts_with("teacher"))
    );
    for c in calendars {
        let ics = c["ics"].as_str().unwrap();
        assert!(
            ics.starts_with("BEGIN:VCALENDAR") && ics.contains("BEGIN:VEVENT"),
            "{}",
            c["view"]
        );
    }
    // Every occurrence pinned in turn to each other slot until one re-solves: the answer
    // keeps the pin (and stays valid).
    let first = &v["placements"][0];
    let slots = 5 * 8; // at most: the week's days × periods
    let mut moved = None;
    for slot in (0..slots).filter(|&s| Some(s) != first["slot"].as_u64()) {
        let pin = json!({"occurrence": 0, "slot": slot, "room": first["room"]});
        let (status, w) = post(
            &app,
            "/api/timetable",
            json!({"timetable": week, "pins": [pin], "time_limit": 5}),
        )
        .await;
        if status == StatusCode::OK && w["placements"].is_array() {
            moved = Some((slot, w));
            break;
        }
    }
    let (slot, w) = moved.expect("the first lesson fits somewhere else");
    checked_timetable(&week, &w);
    assert_eq!(w["placements"][0]["slot"].as_u64(), Some(slot));
    // A pin no timetable keeps (the assembly is fixed to Monday's first period) is answered
    // unsatisfiable, never a timetable without it.
    let assembly = v["placements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["event"] == "assembly")
        .unwrap();
    let elsewhere = (assembly["slot"].as_u64().unwrap() + 1) % 30;
    let (_, w) = post(
        &app,
        "/api/timetable",
        json!({"timetable": week, "pins": [{"occurrence": assembly["occurrence"], "slot": elsewhere, "room": assembly["room"]}]}),
    )
    .await;
    assert_eq!(w["status"], "unsatisfiable", "{w}");
    assert_eq!(w["message"], "no timetable keeps the pinned placements");
    // A pin without the room its lesson needs is refused, saying so.
    let (status, e) = post(
        &app,
        "/api/timetable",
        json!({"timetable": week, "pins": [{"occurrence": 0, "slot": first["slot"]}]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().contains("needs a room"), "{e}");
    // A pin out of range is refused.
    let (status, _) = post(
        &app,
        "/api/timetable",
        json!({"timetable": week, "pins": [{"occurrence": 10_000, "slot": 0}]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // No timetable: the requirements that conflict.
    let (_, v) = post(
        &app,
        "/api/timetable",
        json!({"timetable": problem("infeasible-week.yaml")}),
    )
    .await;
    assert_eq!(v["status"], "unsatisfiable", "{v}");
    assert!(
        !v["explanation"]["conflict"].as_array().unwrap().is_empty(),
        "{v}"
    );
    // A bad file says where.
    let (status, v) = post(
        &app,
        "/api/timetable",
        json!({"timetable": "kind: timetable\ndays: 5\n"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["line"].as_u64().is_some(), "{v}");
}

#[tokio::test]
async fn the_live_timetable_reports_each_cheaper_one_then_the_answer() {
    let app = router(Config::default());
    let week = problem("school-week.yaml");
    let body = json!({"timetable": week, "time_limit": 5}).to_string();
    let (status, _, text) = send_raw(&app, "POST", "/api/timetable/live", &body).await;
    assert_eq!(status, StatusCode::OK);
    let ev = events(&text);
    let (last, progress) = ev.split_last().unwrap();
    assert_eq!(last.0, "result", "{text}");
    checked_timetable(&week, &last.1);
    let costs: Vec<u64> = progress
        .iter()
        .map(|(name, p)| {
            assert_eq!(name, "progress");
            p["cost"].as_u64().unwrap()
        })
        .collect();
    assert!(costs.windows(2).all(|w| w[1] < w[0]), "{costs:?}");
    assert!(costs.last() >= last.1["cost"].as_u64().as_ref());
    // The first improvement comes with the cost by requirement, adding up to its total.
    let first = &progress[0].1;
    let items = first["costs"]
        .as_array()
        .expect("a breakdown with the first");
    let sum: u64 = items.iter().map(|i| i["cost"].as_u64().unwrap()).sum();
    assert_eq!(sum, first["cost"].as_u64().unwrap(), "{first}");
}

/// The page's grid gets, per event, the slots closed to it and why; the forms get the YAML
/// as JSON; a refused move and an infeasible week come with their conflict, the latter with
/// a timetable of what can be placed.
#[tokio::test]
async fn timetables_carry_what_the_grid_and_forms_need() {
    let app = router(Config::default());
    let week = problem("school-week.yaml");
    let (_, j) = post(
        &app,
        "/api/timetable",
        json!({"timetable": week, "time_limit": 5}),
    )
    .await;
    let events = j["events"].as_array().unwrap();
    let math = events.iter().position(|e| e["id"] == "math-7A").unwrap();
    assert_eq!(events[math]["teachers"], json!(["A. Smith"]));
    let periods = j["periods"].as_array().unwrap().len();
    let friday = 4 * periods;
    assert_eq!(
        events[math]["closed"][friday.to_string()],
        "smith's unavailability"
    );
    assert_eq!(j["blocked"], json!([2 * periods + 4, 2 * periods + 5]));
    // A math-7A lesson pinned on Friday: refused, Smith's days named as the conflict.
    let p = j["placements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["event_index"] == math)
        .unwrap();
    let pins = json!([{"occurrence": p["occurrence"], "slot": friday + 1, "room": p["room"]}]);
    let (_, r) = post(
        &app,
        "/api/timetable",
        json!({"timetable": week, "pins": pins, "time_limit": 5}),
    )
    .await;
    assert_eq!(r["status"], "unsatisfiable", "{r}");
    let conflict = r["explanation"]["conflict"].to_string();
    assert!(conflict.contains("smith is unavailable"), "{conflict}");
    // The forms' reading: the YAML as JSON; an error with its line.
    let (status, d) = post(&app, "/api/timetable/parse", json!({"timetable": week})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        d["document"]["resources"]["teachers"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    let (status, d) = post(
        &app,
        "/api/timetable/parse",
        json!({"timetable": "kind: timetable\nname: [\n"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(d["line"].as_u64().is_some(), "{d}");
    // The infeasible week: its conflict, and what can be placed when it gives way.
    let bad = problem("infeasible-week.yaml");
    let (_, r) = post(
        &app,
        "/api/timetable",
        json!({"timetable": bad, "time_limit": 10}),
    )
    .await;
    assert_eq!(r["status"], "unsatisfiable");
    let relaxed = &r["relaxed"];
    assert!(
        !relaxed["breaks"].as_array().unwrap().is_empty(),
        "{relaxed}"
    );
    let unplaced: Vec<&str> = relaxed["unplaced"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["event"].as_str().unwrap())
        .collect();
    assert!(unplaced.contains(&"math-7A"), "{unplaced:?}");
    // Every lesson is on the grid, each of an event listed.
    let placed = relaxed["placements"].as_array().unwrap();
    let known = relaxed["events"].as_array().unwrap().len();
    assert!(!placed.is_empty());
    assert!(
        placed
            .iter()
            .all(|p| p["event_index"].as_u64().unwrap() < known as u64)
    );
}
