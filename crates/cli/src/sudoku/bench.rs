//! `csp sudoku bench`: methods, models and strategies side by side on puzzle lists, every
//! answer verified, the naive backtracker first.

use super::{ModelName, pool, solve::solve_all, strategy};
use crate::args::LimitArgs;
use crate::report::{Status, json_line};
use anyhow::{Result, bail};
use clap::Args;
use csp_core::Limits;
use csp_sudoku::method::{Method, Prepared, PuzzleSolver};
use csp_sudoku::sat::Encoding;
use csp_sudoku::verify;
use csp_sudoku::{Answer, Shape};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `csp sudoku bench …`
#[derive(Args, Debug)]
pub(super) struct BenchArgs {
    /// Puzzle lists (default: the four sets in $CSP_DATA/sudoku or ../shared/data/sudoku,
    /// else the bundled samples in data/sudoku).
    files: Vec<PathBuf>,
    /// Comma-separated engine strategies, each `VARORDER+PROPAGATION` (e.g. mrv+counting);
    /// the naive backtracker always comes first.
    #[arg(
        long,
        value_name = "LIST",
        default_value = "mrv+fc,mrv+ac3,mrv+counting,dom/wdeg+counting,dom/wdeg+gac"
    )]
    strategies: String,
    /// Comma-separated models for the engine.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "graph,alldiff"
    )]
    models: Vec<ModelName>,
    /// Comma-separated methods: `csp` (every model × strategy), `dlx`, `sat` (both
    /// encodings).
    #[arg(long, value_enum, value_delimiter = ',', default_value = "csp")]
    methods: Vec<super::MethodName>,
    /// At most this many puzzles per set.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Stop a row after this many seconds and report the puzzles done.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = crate::args::seconds)]
    max_seconds: Duration,
    /// Pass over each set again until its row has solved for this long (as tdoku's
    /// `run_benchmark -t`), so that small sets give steady rates; each pass is verified.
    #[arg(long, value_name = "SECONDS", default_value = "0", value_parser = crate::args::seconds)]
    repeat_seconds: Duration,
    /// Give up a puzzle after this many nodes (it counts as not solved).
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    node_limit: u64,
    /// Threads (default 1: the single-core figures).
    #[arg(long, value_name = "N", default_value_t = 1)]
    jobs: usize,
    /// CSV instead of the table.
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// JSON Lines: one object per row.
    #[arg(long)]
    json: bool,
}

/// One bench row.
struct Row {
    set: String,
    method: &'static str,
    model: String,
    strategy: String,
    puzzles: usize,
    solved: usize,
    unique: usize,
    /// Solver calls, repeated passes included (the rate and the means are per call).
    solves: usize,
    seconds: f64,
    nodes: u64,
    failures: u64,
}

/// The default puzzle lists: the full sets if present, else the bundled samples.
fn default_files() -> Result<Vec<PathBuf>> {
    let dir = crate::data::dir("sudoku")?;
    Ok([
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles6_forum_hardest_1106_shared301",
        "puzzles7_serg_benchmark",
    ]
    .iter()
    .map(|f| dir.join(f))
    .collect())
}

/// One row to run on every set: the method's name, the method, the strategy's label.
type Plan = (&'static str, Method, String);

/// Runs `csp sudoku bench`: every plan on every set, a row each, printed as it ends.
pub(super) fn run(b: &BenchArgs) -> Result<ExitCode> {
    let files = if b.files.is_empty() {
        default_files()?
    } else {
        b.files.clone()
    };
    let plans = plans(b)?;
    let pool = pool(Some(b.jobs))?;
    let mut out = std::io::stdout().lock();
    print_header(&mut out, b)?;
    let limits = LimitArgs {
        time_limit: None,
        node_limit: Some(b.node_limit),
        started: Instant::now(),
    };
    let bar = crate::progress::bar((files.len() * plans.len()) as u64, "rows");
    for file in &files {
        let mut puzzles = super::load(file)?;
        if let Some(l) = b.limit {
            puzzles.truncate(l);
        }
        let set = file.file_name().map_or_else(
            || file.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        for plan in &plans {
            let row = run_row(b, &pool, &limits, &set, &puzzles, plan)?;
            bar.inc(1);
            bar.suspend(|| print_row(&mut out, &row, b))?;
        }
    }
    bar.finish_and_clear();
    Ok(ExitCode::SUCCESS)
}

/// Every row to run: the naive backtracker first, then each model × strategy for `csp`, and
/// the other methods.
fn plans(b: &BenchArgs) -> Result<Vec<Plan>> {
    let mut strategies = vec!["naive".to_string()];
    strategies.extend(
        b.strategies
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "naive")
            .map(String::from),
    );
    let mut plans: Vec<Plan> = Vec::new();
    for m in &b.methods {
        match m {
            super::MethodName::Csp => {
                for &kind in &b.models {
                    for s in &strategies {
                        let mut config = strategy(s)?;
                        config.limits.nodes = Some(b.node_limit);
                        plans.push(("csp", Method::Engine(kind.into(), config), s.clone()));
                    }
                }
            }
            super::MethodName::Dlx => plans.push(("dlx", Method::Dlx, "dlx".into())),
            super::MethodName::Fast => plans.push(("fast", Method::Fast, "triads".into())),
            super::MethodName::Sat => {
                for e in Encoding::ALL {
                    plans.push(("sat", Method::Sat(e), "batsat".into()));
                }
            }
        }
    }
    if plans.is_empty() {
        bail!("no method to run");
    }
    Ok(plans)
}

/// The CSV header, or the table's conditions and column names (JSON Lines have none).
fn print_header(out: &mut impl Write, b: &BenchArgs) -> Result<()> {
    if b.csv {
        writeln!(
            out,
            "set,method,model,strategy,puzzles,solved,unique,seconds,puzzles_per_s,nodes_per_puzzle,failures_per_puzzle"
        )?;
    } else if !b.json {
        writeln!(
            out,
            "uniqueness check (count up to 2), {} thread(s), at most {} s per row, {} nodes per puzzle (csp)\n",
            b.jobs,
            b.max_seconds.as_secs_f64(),
            b.node_limit
        )?;
        writeln!(
            out,
            "{:<38} {:<6} {:<14} {:<18} {:>7} {:>7} {:>7} {:>11} {:>12} {:>12}",
            "set",
            "method",
            "model",
            "strategy",
            "puzzles",
            "solved",
            "unique",
            "puzzles/s",
            "nodes/puz",
            "fails/puz"
        )?;
    }
    Ok(())
}

/// Puzzles solved between two readings of the clock on one thread: few enough that a row
/// stops near its time budget, many enough that reading the clock costs nothing.
const SEQUENTIAL_CHUNK: usize = 256;

/// One plan on one set's puzzles, in chunks, pass after pass until `--repeat-seconds` of
/// solving or the row's time is up; every answer verified, and only the solving timed.
fn run_row(
    b: &BenchArgs,
    pool: &rayon::ThreadPool,
    limits: &LimitArgs,
    set: &str,
    puzzles: &[csp_sudoku::Puzzle],
    (name, method, label): &Plan,
) -> Result<Row> {
    let prepared = Prepared::new(method, puzzles.iter().map(|p| p.grid.shape()));
    let start = Instant::now();
    let mut row = Row {
        set: set.to_string(),
        method: name,
        model: method.model(),
        strategy: label.clone(),
        puzzles: 0,
        solves: 0,
        solved: 0,
        unique: 0,
        seconds: 0.0,
        nodes: 0,
        failures: 0,
    };
    // One thread solves in a plain loop with one solver per shape for the whole row, so that
    // the figure is the solver's and not the thread pool's (a fast solver's puzzle takes a
    // few microseconds).
    // A list, not a map: a set has one shape or a few, and hashing a shape per puzzle costs
    // more than comparing it.
    let mut solvers: Vec<(Shape, Box<dyn PuzzleSolver + '_>)> = Vec::new();
    let hidden = indicatif::ProgressBar::hidden();
    // Only the solving is timed: the verification of every answer below is not the
    // method's work (and costs more than a fast solver's search on easy sets).
    let mut solving = Duration::ZERO;
    let chunk_size = if b.jobs == 1 {
        SEQUENTIAL_CHUNK
    } else {
        16 * b.jobs
    };
    // The answers of a chunk, reused from chunk to chunk (a solver may write into them).
    let mut answers: Vec<Answer> = Vec::new();
    'passes: for pass in 0.. {
        for chunk in puzzles.chunks(chunk_size) {
            let t = Instant::now();
            if b.jobs == 1 {
                answers.resize_with(chunk.len(), Answer::default);
                for (p, answer) in chunk.iter().zip(answers.iter_mut()) {
                    let shape = p.grid.shape();
                    let at = match solvers.iter().position(|(s, _)| *s == shape) {
                        Some(at) => at,
                        None => {
                            let mut solver = prepared.solver(shape);
                            solver.set_limits(Limits {
                                nodes: limits.node_limit,
                                ..Limits::default()
                            });
                            solvers.push((shape, solver));
                            solvers.len() - 1
                        }
                    };
                    solvers[at].1.solve_into(&p.grid, 2, answer);
                }
            } else {
                answers = pool.install(|| solve_all(chunk, &prepared, 2, limits, None, &hidden));
            }
            solving += t.elapsed();
            for (p, a) in chunk.iter().zip(&answers) {
                if let Some(sol) = &a.solution {
                    verify(&p.grid, sol).map_err(|v| {
                        anyhow::anyhow!(
                            "{set} line {}: {name} {label} returned a wrong solution: {v}",
                            p.line
                        )
                    })?;
                }
                row.solves += 1;
                if pass == 0 {
                    row.puzzles += 1;
                    row.solved += usize::from(a.count > 0);
                    row.unique += usize::from(a.is_unique());
                }
                row.nodes += a.stats.nodes;
                row.failures += a.stats.failures;
            }
            if start.elapsed() >= b.max_seconds {
                break 'passes;
            }
        }
        // An empty list (`--limit 0`) never adds solving time: one pass is all there is.
        if puzzles.is_empty() || solving >= b.repeat_seconds {
            break;
        }
    }
    row.seconds = solving.as_secs_f64();
    Ok(row)
}

fn print_row(out: &mut impl Write, r: &Row, b: &BenchArgs) -> Result<()> {
    let n = r.solves.max(1) as f64;
    let rate = r.solves as f64 / r.seconds.max(1e-9);
    if b.json {
        json_line(
            out,
            &json!({"status": Status::Done.name(), "set": r.set, "method": r.method, "model": r.model,
                "strategy": r.strategy, "puzzles": r.puzzles, "solves": r.solves, "solved": r.solved, "unique": r.unique,
                "seconds": r.seconds, "puzzles_per_second": rate, "nodes_per_puzzle": r.nodes as f64 / n,
                "failures_per_puzzle": r.failures as f64 / n}),
        )?;
    } else if b.csv {
        writeln!(
            out,
            "{},{},{},{},{},{},{},{:.3},{:.1},{:.2},{:.2}",
            r.set,
            r.method,
            r.model,
            r.strategy,
            r.puzzles,
            r.solved,
            r.unique,
            r.seconds,
            rate,
            r.nodes as f64 / n,
            r.failures as f64 / n
        )?;
    } else {
        writeln!(
            out,
            "{:<38} {:<6} {:<14} {:<18} {:>7} {:>7} {:>7} {:>11.0} {:>12.1} {:>12.1}",
            r.set,
            r.method,
            r.model,
            r.strategy,
            r.puzzles,
            r.solved,
            r.unique,
            rate,
            r.nodes as f64 / n,
            r.failures as f64 / n
        )?;
    }
    out.flush()?;
    Ok(())
}
