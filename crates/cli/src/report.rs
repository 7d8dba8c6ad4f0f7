//! One status vocabulary, one exit-code rule and one way to print JSON, for every
//! subcommand.
//!
//! | status | meaning | exit code |
//! |---|---|---|
//! | `satisfiable` | a solution found (and verified) | 0 |
//! | `optimal` | a solution proved best (χ proved) | 0 |
//! | `unsatisfiable` | proved: no solution | 1 |
//! | `unknown` | a limit stopped the search first (bounds or the best so far are given) | 1 |
//! | `done` | a job that is not a search finished (a listing, a conversion, a report) | 0 |
//!
//! Errors (bad input, bad flags) are exit code 2 with a message on standard error. Times are
//! in seconds everywhere: `{:.3} s` in text, `"seconds"` in JSON.

use serde_json::Value as Json;
use std::io::Write;

pub(crate) use csp_model::Status;

/// Writes `j` on one line (JSON Lines).
pub(crate) fn json_line(out: &mut (impl Write + ?Sized), j: &Json) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, j)?;
    writeln!(out)
}

/// Seconds with three decimals, the text form of every time.
pub(crate) fn secs(d: std::time::Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// Why work with a deadline stopped early: Ctrl-C, or the time limit.
pub(crate) fn stop_reason() -> &'static str {
    if csp_core::termination::stop_requested() {
        "interrupted"
    } else {
        "the time limit was reached"
    }
}

/// What stopped a search, as a phrase: `time limit reached`, `interrupted`, …
pub(crate) fn stopped(limit: csp_core::LimitReached) -> String {
    match limit {
        csp_core::LimitReached::Interrupted => "interrupted".into(),
        l => format!("{l} reached"),
    }
}

/// A CSV field, quoted (RFC 4180) when it holds a comma, a quote or a line break.
pub(crate) fn csv_field(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\"")).into()
    } else {
        s.into()
    }
}
