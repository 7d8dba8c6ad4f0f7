//! `csp fzn FILE.fzn`: the FlatZinc solver MiniZinc calls, with its standard flags and
//! output (every answer checked by csp-flatzinc's checker before it is printed).

use anyhow::{Result, bail};
use clap::Args;
use csp_core::{LimitReached, Optimum, Outcome, Restarts, Search, SearchConfig, Stats};
use csp_flatzinc::encode::{Encoded, encode};
use csp_flatzinc::{FlatZinc, check, output, parse};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Failures between two restarts, per unit of the Luby sequence, in the default search.
const RESTART_SCALE: u64 = 100;

/// `csp fzn …` (the flags are MiniZinc's standard ones).
#[derive(Args, Debug)]
pub struct FznArgs {
    /// The FlatZinc file; `-` reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    file: PathBuf,
    /// Satisfaction: print every solution. Optimisation: every improving solution (printed
    /// anyway).
    #[arg(short = 'a', long = "all-solutions")]
    all: bool,
    /// Print intermediate solutions of an optimisation (they always are).
    #[arg(short = 'i', long = "intermediate")]
    intermediate: bool,
    /// Free search: ignore the model's search annotations (csp's own search is used).
    #[arg(short = 'f', long = "free-search")]
    free: bool,
    /// Stop after N solutions.
    #[arg(short = 'n', long = "num-solutions", value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    solutions: Option<u64>,
    /// Stop after this many milliseconds.
    #[arg(short = 't', long = "time-limit", value_name = "MS")]
    time_ms: Option<u64>,
    /// Print statistics as `%%%mzn-stat:` lines.
    #[arg(short = 's', long = "statistics")]
    statistics: bool,
    /// Threads (one search runs today; more are accepted and not used).
    #[arg(short = 'p', long = "parallel", value_name = "N", default_value_t = 1)]
    threads: usize,
    /// Seed of the random choices.
    #[arg(
        short = 'r',
        long = "random-seed",
        value_name = "SEED",
        default_value_t = 0
    )]
    seed: u64,
}

/// Runs `csp fzn`.
pub fn run(args: &FznArgs) -> Result<ExitCode> {
    let start = Instant::now();
    let src = crate::input::read(&args.file, "csp fzn")?;
    let fzn = parse(&src.text, &src.name)?;
    let enc = encode(&fzn, &src.name, &src.text)?;
    let config = SearchConfig {
        seed: args.seed,
        restarts: Some(Restarts {
            scale: RESTART_SCALE,
        }),
        limits: csp_core::Limits {
            time: args
                .time_ms
                .map(|ms| Duration::from_millis(ms).saturating_sub(start.elapsed())),
            ..csp_core::Limits::default()
        },
        ..SearchConfig::default()
    };
    let mut out = std::io::stdout().lock();
    let mut search = Search::new(&enc.model, config.clone());
    let stats = match enc.objective {
        Some(obj) => {
            let mut failed = None;
            let mut best = None;
            let result = search.optimize(obj.var, obj.minimize, |s| {
                if failed.is_some() {
                    return;
                }
                match checked(&fzn, &enc, s) {
                    Ok(text) => {
                        let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
                        best = csp_flatzinc::check::objective(&fzn, &enc.values(s));
                    }
                    Err(e) => failed = Some(e),
                }
            });
            if let Some(e) = failed {
                bail!("{e}");
            }
            match result {
                Optimum::Optimal(_) => writeln!(out, "{}", output::COMPLETE)?,
                Optimum::Unsatisfiable => writeln!(out, "{}", output::UNSATISFIABLE)?,
                Optimum::Unknown(_) => writeln!(out, "{}", output::UNKNOWN)?,
                Optimum::Best(..) => {}
            }
            let mut st = search.stats();
            st.solutions = st.solutions.max(u64::from(best.is_some()));
            (st, best)
        }
        None if args.all || args.solutions.is_some() => {
            // Every solution: no restarts (they would find some twice).
            let config = SearchConfig {
                restarts: None,
                ..config
            };
            search = Search::new(&enc.model, config);
            let cap = args
                .solutions
                .unwrap_or(if args.all { u64::MAX } else { 1 });
            let mut found = 0u64;
            for s in search.solutions() {
                out.write_all(checked(&fzn, &enc, &s)?.as_bytes())?;
                out.flush()?;
                found += 1;
                if found >= cap {
                    break;
                }
            }
            let end = search.limit_reached();
            let exhausted = found < cap && end.is_none();
            if exhausted {
                writeln!(
                    out,
                    "{}",
                    if found == 0 {
                        output::UNSATISFIABLE
                    } else {
                        output::COMPLETE
                    }
                )?;
            } else if found == 0 {
                writeln!(out, "{}", output::UNKNOWN)?;
            }
            (search.stats(), None)
        }
        None => {
            match search.solve() {
                Outcome::Satisfiable(s) => out.write_all(checked(&fzn, &enc, &s)?.as_bytes())?,
                Outcome::Unsatisfiable => writeln!(out, "{}", output::UNSATISFIABLE)?,
                Outcome::Unknown(_) => writeln!(out, "{}", output::UNKNOWN)?,
            }
            (search.stats(), None)
        }
    };
    if args.statistics {
        write_stats(
            &mut out,
            &stats.0,
            stats.1,
            start.elapsed(),
            search.limit_reached(),
        )?;
    }
    out.flush()?;
    let _ = (args.free, args.intermediate, args.threads);
    Ok(ExitCode::SUCCESS)
}

/// A solution in FlatZinc's output format, after the independent checker accepted it.
fn checked(fzn: &FlatZinc, enc: &Encoded, s: &csp_core::Solution) -> Result<String> {
    let values = enc.values(s);
    if let Err(v) = check::check(fzn, &values) {
        bail!(
            "internal error: the solver's answer fails the FlatZinc checker ({v}); nothing is printed for it"
        );
    }
    Ok(output::solution(fzn, &values))
}

fn write_stats(
    out: &mut impl Write,
    s: &Stats,
    objective: Option<i64>,
    elapsed: Duration,
    limit: Option<LimitReached>,
) -> Result<()> {
    writeln!(out, "%%%mzn-stat: nodes={}", s.nodes)?;
    writeln!(out, "%%%mzn-stat: failures={}", s.failures)?;
    writeln!(out, "%%%mzn-stat: restarts={}", s.restarts)?;
    writeln!(out, "%%%mzn-stat: peakDepth={}", s.max_depth)?;
    writeln!(out, "%%%mzn-stat: propagations={}", s.propagations)?;
    writeln!(out, "%%%mzn-stat: solutions={}", s.solutions)?;
    if let Some(o) = objective {
        writeln!(out, "%%%mzn-stat: objective={o}")?;
    }
    writeln!(out, "%%%mzn-stat: solveTime={:.3}", elapsed.as_secs_f64())?;
    if let Some(l) = limit {
        writeln!(out, "%%%mzn-stat: limit=\"{l}\"")?;
    }
    writeln!(out, "%%%mzn-stat-end")?;
    Ok(())
}
