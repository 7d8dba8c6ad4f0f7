//! `csp fzn FILE.fzn`: the FlatZinc solver MiniZinc calls, with its standard flags and
//! output (every answer checked by csp-flatzinc's checker before it is printed).

use anyhow::{Result, bail};
use clap::Args;
use csp_core::termination::Flag;
use csp_core::{Optimum, Outcome, Search, SearchConfig, Stats, Value};
use csp_flatzinc::encode::{Encoded, encode};
use csp_flatzinc::search::portfolio_member;
use csp_flatzinc::{FlatZinc, check, output, parse};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// `csp fzn …` (the flags are MiniZinc's standard ones).
#[derive(Args, Debug)]
pub(crate) struct FznArgs {
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
    /// Free search: ignore the model's search annotations (csp's own search only).
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
    /// Threads: a portfolio of differently configured searches sharing the best objective
    /// (at most one per core).
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
pub(crate) fn run(args: &FznArgs) -> Result<ExitCode> {
    let start = Instant::now();
    let src = crate::input::read(&args.file, "csp fzn")?;
    let fzn = parse(&src.text, &src.name)?;
    let enc = encode(&fzn, &src.name, &src.text)?;
    let time = args
        .time_ms
        .map(|ms| Duration::from_millis(ms).saturating_sub(start.elapsed()));
    let mut out = std::io::stdout().lock();
    let every = args.all || args.solutions.is_some();
    let (stats, objective) = if enc.objective.is_none() && every {
        enumerate(args, &fzn, &enc, time, &mut out)?
    } else {
        drop(out);
        let r = portfolio(args, &fzn, &enc, time)?;
        out = std::io::stdout().lock();
        r
    };
    if args.statistics {
        write_stats(&mut out, &stats, objective, start.elapsed())?;
    }
    out.flush()?;
    let _ = args.intermediate;
    Ok(ExitCode::SUCCESS)
}

/// What the threads share: the best objective printed, and the output.
struct Printer {
    best: Option<i64>,
    printed: u64,
    failure: Option<anyhow::Error>,
}

/// One answer (satisfaction) or the best (optimisation) by `-p` threads racing: each solution
/// better than every one printed is checked and printed; a proof by any thread ends them all.
fn portfolio(
    args: &FznArgs,
    fzn: &FlatZinc,
    enc: &Encoded,
    time: Option<Duration>,
) -> Result<(Stats, Option<i64>)> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = args.threads.clamp(1, cores);
    let plan = &csp_flatzinc::search::plan(fzn, enc);
    let printer = Mutex::new(Printer {
        best: None,
        printed: 0,
        failure: None,
    });
    // The best objective as the searches read it at their restarts.
    let best = Arc::new(AtomicI64::new(i64::MIN));
    let has_best = Arc::new(AtomicBool::new(false));
    let stop = Flag::default();
    let results: Vec<(Stats, Answer)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let (printer, best, has_best, stop) =
                    (&printer, best.clone(), has_best.clone(), stop.clone());
                scope.spawn(move || {
                    let mut search = Search::new(
                        &enc.model,
                        portfolio_member(k, plan, args.free, args.seed, time),
                    );
                    search.set_termination(stop.clone());
                    let answer = match enc.objective {
                        Some(obj) => {
                            if threads > 1 {
                                let (b, h) = (best.clone(), has_best.clone());
                                search.set_shared_bound(move || {
                                    h.load(Ordering::Acquire)
                                        .then(|| b.load(Ordering::Acquire) as Value)
                                });
                            }
                            let r = search.optimize(obj.var, obj.minimize, |s| {
                                offer(fzn, enc, s, printer, obj.minimize, &best, &has_best);
                            });
                            match r {
                                Optimum::Optimal(_) | Optimum::Unsatisfiable => Answer::Proved,
                                _ => Answer::Open,
                            }
                        }
                        None => match search.solve() {
                            Outcome::Satisfiable(s) => {
                                offer(fzn, enc, &s, printer, true, &best, &has_best);
                                Answer::Proved
                            }
                            Outcome::Unsatisfiable => Answer::Proved,
                            Outcome::Unknown(_) => Answer::Open,
                        },
                    };
                    if answer == Answer::Proved {
                        stop.raise();
                    }
                    (search.stats(), answer)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a search thread panicked"))
            .collect()
    });
    let mut p = printer.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = p.failure.take() {
        return Err(e);
    }
    let proved = results.iter().any(|r| r.1 == Answer::Proved);
    let mut out = std::io::stdout().lock();
    match (proved, p.printed) {
        (true, 0) => writeln!(out, "{}", output::UNSATISFIABLE)?,
        (true, _) if enc.objective.is_some() => writeln!(out, "{}", output::COMPLETE)?,
        (false, 0) => writeln!(out, "{}", output::UNKNOWN)?,
        _ => {}
    }
    let mut total = Stats::default();
    for (s, _) in &results {
        total.nodes += s.nodes;
        total.failures += s.failures;
        total.restarts += s.restarts;
        total.propagations += s.propagations;
        total.max_depth = total.max_depth.max(s.max_depth);
    }
    total.solutions = p.printed;
    Ok((total, p.best))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    /// A proof: optimal, unsatisfiable, or (satisfaction) a solution.
    Proved,
    Open,
}

/// A thread's solution: printed if it beats every one printed (any one, for satisfaction),
/// after the checker accepted it.
fn offer(
    fzn: &FlatZinc,
    enc: &Encoded,
    s: &csp_core::Solution,
    printer: &Mutex<Printer>,
    minimize: bool,
    best: &AtomicI64,
    has_best: &AtomicBool,
) {
    let mut p = printer.lock().unwrap_or_else(|e| e.into_inner());
    if p.failure.is_some() {
        return;
    }
    let values = enc.values(s);
    let value = check::objective(fzn, &values);
    let better = match (enc.objective, value, p.best) {
        (None, _, _) => p.printed == 0,
        (Some(_), Some(v), Some(b)) => {
            if minimize {
                v < b
            } else {
                v > b
            }
        }
        (Some(_), _, None) => true,
        (Some(_), None, Some(_)) => false,
    };
    if !better {
        return;
    }
    match checked(fzn, enc, s) {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                p.failure = Some(e.into());
                return;
            }
            p.printed += 1;
            p.best = value;
            if let Some(v) = value {
                best.store(v, Ordering::Release);
                has_best.store(true, Ordering::Release);
            }
        }
        Err(e) => p.failure = Some(e),
    }
}

/// Every solution of a satisfaction problem (`-a`, `-n N`), by one search without restarts
/// (which would find some twice).
fn enumerate(
    args: &FznArgs,
    fzn: &FlatZinc,
    enc: &Encoded,
    time: Option<Duration>,
    out: &mut impl Write,
) -> Result<(Stats, Option<i64>)> {
    let plan = csp_flatzinc::search::plan(fzn, enc);
    let config = SearchConfig {
        restarts: None,
        ..portfolio_member(0, &plan, args.free, args.seed, time)
    };
    let mut search = Search::new(&enc.model, config);
    let cap = args.solutions.unwrap_or(u64::MAX);
    let mut found = 0u64;
    for s in search.solutions() {
        out.write_all(checked(fzn, enc, &s)?.as_bytes())?;
        out.flush()?;
        found += 1;
        if found >= cap {
            break;
        }
    }
    let exhausted = found < cap && search.limit_reached().is_none();
    if exhausted {
        let end = if found == 0 {
            output::UNSATISFIABLE
        } else {
            output::COMPLETE
        };
        writeln!(out, "{end}")?;
    } else if found == 0 {
        writeln!(out, "{}", output::UNKNOWN)?;
    }
    let mut stats = search.stats();
    stats.solutions = found;
    Ok((stats, None))
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
    writeln!(out, "%%%mzn-stat-end")?;
    Ok(())
}
