//! The page and its files, compiled into the binary so that it works offline: one table of
//! paths, types and texts, served as they are (no build step; the scripts are ES modules that
//! import each other by these paths).

use axum::Router;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// A file of the page: where it is served, its media type, its text.
#[derive(Debug)]
pub struct Asset {
    pub path: &'static str,
    pub kind: &'static str,
    pub body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

macro_rules! asset {
    ($path:literal, $kind:expr, $file:literal) => {
        Asset {
            path: $path,
            kind: $kind,
            body: include_str!(concat!("../assets/", $file)),
        }
    };
}

/// Every file of the page. Browsers ask for `/favicon.ico` whatever the page links: it is
/// the SVG too.
pub const ASSETS: &[Asset] = &[
    asset!("/", HTML, "index.html"),
    asset!("/style.css", CSS, "style.css"),
    asset!("/favicon.svg", SVG, "favicon.svg"),
    asset!("/favicon.ico", SVG, "favicon.svg"),
    asset!("/js/main.js", JS, "js/main.js"),
    asset!("/js/common.js", JS, "js/common.js"),
    asset!("/js/sudoku.js", JS, "js/sudoku.js"),
    asset!("/js/sudoku-game.js", JS, "js/sudoku-game.js"),
    asset!("/js/sudoku-board.js", JS, "js/sudoku-board.js"),
    asset!("/js/sudoku-keys.js", JS, "js/sudoku-keys.js"),
    asset!("/js/sudoku-history.js", JS, "js/sudoku-history.js"),
    asset!("/js/colour.js", JS, "js/colour.js"),
    asset!("/js/model.js", JS, "js/model.js"),
    asset!("/js/timetable.js", JS, "js/timetable.js"),
    asset!("/js/timetable-grid.js", JS, "js/timetable-grid.js"),
    asset!("/js/timetable-forms.js", JS, "js/timetable-forms.js"),
];

fn respond(a: &'static Asset) -> Response {
    (
        [
            (header::CONTENT_TYPE, a.kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        a.body,
    )
        .into_response()
}

/// `router` with a `GET` route for each of [`ASSETS`].
pub fn routes<S: Clone + Send + Sync + 'static>(router: Router<S>) -> Router<S> {
    ASSETS.iter().fold(router, |r, a| {
        r.route(a.path, get(move || async move { respond(a) }))
    })
}
