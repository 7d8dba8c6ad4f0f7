//! The one progress display of long jobs (batches, benchmarks, generation): an indicatif bar
//! or spinner on standard error, shown only on a terminal so that pipes and files get the
//! answers alone.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;

/// A rate as people read it: `21,867/s`, `8.5/s` (indicatif's own prints four decimals).
fn rate(per_sec: f64) -> String {
    if !per_sec.is_finite() || per_sec <= 0.0 {
        return "–/s".into();
    }
    if per_sec < 10.0 {
        return format!("{per_sec:.1}/s");
    }
    let digits = format!("{per_sec:.0}");
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{grouped}/s")
}

/// `style` with `{rate}` drawn by [`rate`].
fn with_rate(style: ProgressStyle) -> ProgressStyle {
    style.with_key(
        "rate",
        |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = w.write_str(&rate(state.per_sec()));
        },
    )
}

/// A bar on standard error with `template` (and `{rate}`), of `len` items when known.
fn styled_bar(len: Option<u64>, template: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(template)
            .map(with_rate)
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// A progress bar over `len` items of `what` (hidden when standard error is not a terminal
/// or the job is too small to need one).
pub(crate) fn bar(len: u64, what: &str) -> ProgressBar {
    if len < 2 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    styled_bar(
        Some(len),
        &format!("{{bar:40}} {{pos}}/{{len}} {what}, {{rate}}, eta {{eta}} {{msg}}"),
    )
}

/// A spinner with a message that the job updates (e.g. `lb ≤ χ ≤ ub`), and the time limit
/// beside the time spent when there is one (`12s of 60s`).
pub(crate) fn spinner(limit: Option<std::time::Duration>) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let s = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let template = match limit {
        Some(l) => format!(
            "{{spinner}} {{elapsed}} of {}s {{msg}}",
            l.as_secs_f64().ceil()
        ),
        None => "{spinner} {elapsed} {msg}".to_string(),
    };
    s.set_style(
        ProgressStyle::with_template(&template)
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    s.enable_steady_tick(std::time::Duration::from_millis(120));
    s
}

/// A bar over a streamed list whose total is estimated as it is read (`set_length` as the
/// estimate firms up): done, `~`total, rate and ETA.
pub(crate) fn estimated(what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    styled_bar(
        None,
        &format!("{{bar:40}} {{pos}}/~{{len}} {what}, {{rate}}, eta {{eta}} {{msg}}"),
    )
}

/// A count of items done, for a batch of unknown length (a streamed list), on a terminal.
pub(crate) fn counter(what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let c = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    c.set_style(
        ProgressStyle::with_template(&format!("{{spinner}} {{pos}} {what}, {{rate}} {{msg}}"))
            .map(with_rate)
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    c
}

#[cfg(test)]
mod tests {
    use super::rate;

    #[test]
    fn rates_are_rounded_and_grouped() {
        assert_eq!(rate(21_866.865_5), "21,867/s");
        assert_eq!(rate(1_234_567.4), "1,234,567/s");
        assert_eq!(rate(999.6), "1,000/s");
        assert_eq!(rate(8.46), "8.5/s");
        assert_eq!(rate(0.0), "–/s");
        assert_eq!(rate(f64::NAN), "–/s");
    }
}
