//! `csp serve`: the toolkit in a browser. A local web server (axum on tokio) with a JSON API
//! and one page, embedded in the binary, that uses it: play sudoku with pencil marks and
//! hints that teach, colour a graph with the chromatic number proved, solve a model, build a
//! timetable.
//!
//! - [`router`] builds the whole application (page, [`assets`] and API) over a [`Config`]; tests
//!   call it without a network ([`tower::ServiceExt::oneshot`](https://docs.rs/tower)).
//! - [`serve`] binds it (to localhost unless told otherwise) and runs until Ctrl-C.
//! - [`work`] is how a handler runs a solver: on a blocking thread, under a cap on
//!   concurrent solves (503 with `Retry-After` beyond it), a per-request time limit, and a
//!   cancel flag raised when the client goes away.
//! - [`error`] turns every failure into a JSON body with a status, and a position for bad
//!   input.
//! - [`sudoku`], [`colour`], [`model`] and [`timetable`] hold the handlers; `docs/serve.md`
//!   lists the endpoints.
//!
//! ```
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! use csp_serve::{Config, router};
//! let app = router(Config::default());
//! # drop(app);
//! # });
//! ```

pub mod assets;
pub mod colour;
pub mod error;
pub mod examples;
pub mod model;
pub mod state;
pub mod sudoku;
pub mod timetable;
pub mod work;

pub use state::{AppState, Config, MAX_JOBS};

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{get, post};
use std::net::SocketAddr;

/// The whole application: the page at `/`, its assets, and the API under `/api`.
pub fn router(config: Config) -> Router {
    let limit = config.body_limit;
    let state = AppState::new(config);
    assets::routes(Router::new())
        .route("/api/health", get(health))
        .route("/api/sudoku/solve", post(sudoku::solve))
        .route("/api/sudoku/check", post(sudoku::check))
        .route("/api/sudoku/hint", post(sudoku::hint))
        .route("/api/sudoku/path", post(sudoku::path))
        .route("/api/sudoku/rate", post(sudoku::rate))
        .route("/api/sudoku/generate", post(sudoku::generate))
        .route("/api/colour", post(colour::chromatic))
        .route("/api/colour/live", post(colour::live))
        .route("/api/model", post(model::solve))
        .route("/api/model/options", get(model::options))
        .route("/api/timetable", post(timetable::solve))
        .route("/api/timetable/live", post(timetable::live))
        .route("/api/timetable/parse", post(timetable::parse))
        .route("/api/timetable/example", get(timetable::example))
        .route("/api/examples", get(examples::list))
        .route("/api/examples/{tab}/{name}", get(examples::text))
        .fallback(|| async { error::ApiError::new(StatusCode::NOT_FOUND, "no such endpoint") })
        .with_state(state)
        .layer(DefaultBodyLimit::max(limit))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            error::panic_response,
        ))
}

async fn health() -> axum::Json<serde_json::Value> {
    axum::Json(serde_json::json!({"status": "ok", "version": env!("CARGO_PKG_VERSION")}))
}

/// Binds `addr` and serves [`router`] until Ctrl-C; `ready` is called with the address bound
/// (the port is the system's choice when `addr`'s is 0).
pub async fn serve(
    addr: SocketAddr,
    config: Config,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    ready(listener.local_addr()?);
    axum::serve(listener, router(config))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}

/// [`serve`] on a runtime of its own, for a caller that has none (the `csp` binary).
pub fn serve_blocking(
    addr: SocketAddr,
    config: Config,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(addr, config, ready))
}
