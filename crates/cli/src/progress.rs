//! The one progress display of long jobs (batches, benchmarks, generation): an indicatif bar
//! or spinner on standard error, shown only on a terminal so that pipes and files get the
//! answers alone.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar over `len` items of `what` (hidden when standard error is not a terminal
/// or the job is too small to need one).
pub(crate) fn bar(len: u64, what: &str) -> ProgressBar {
    if len < 2 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what}, {{per_sec}}, eta {{eta}} {{msg}}"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// A spinner with a message that the job updates (e.g. `lb ≤ χ ≤ ub`).
pub(crate) fn spinner() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let s = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    s.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    s.enable_steady_tick(std::time::Duration::from_millis(120));
    s
}

/// A count of items done, for a batch of unknown length (a streamed list), on a terminal.
pub(crate) fn counter(what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let c = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    c.set_style(
        ProgressStyle::with_template(&format!("{{spinner}} {{pos}} {what}, {{per_sec}} {{msg}}"))
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    c
}
