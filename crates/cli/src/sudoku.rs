//! `csp sudoku solve` and `csp sudoku bench`.

use crate::colour::data_dir;
use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use csp_core::{SearchConfig, VarOrder};
use csp_sudoku::{Answer, Encoded, ModelKind, Puzzle, Shape, Solver, encode, verify};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;
use std::collections::HashMap;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `csp sudoku …`
#[derive(Args, Debug)]
pub struct SudokuArgs {
    #[command(subcommand)]
    command: SudokuCommand,
}

#[derive(Subcommand, Debug)]
enum SudokuCommand {
    /// Solve one puzzle or a file of many (one solution line per puzzle).
    Solve(SolveArgs),
    /// Benchmark strategies and models on puzzle lists: puzzles/s, nodes and failures per
    /// puzzle, against the naive backtracker.
    Bench(BenchArgs),
}

/// How to search: the model and the strategy.
#[derive(Args, Debug, Clone)]
struct StrategyArgs {
    /// The model: `graph` (a ≠ per edge of the sudoku graph) or `alldiff` (an all-different
    /// per row, column and box).
    #[arg(long, default_value = "alldiff")]
    model: String,
    /// `VARORDER+PROPAGATION` (e.g. `dom/wdeg+counting`, `mrv+fc`, `dom/wdeg+gac`) or `naive`
    /// (input order, check on assignment). Propagations: none, fc, ac3, counting (ac3 with
    /// hidden singles), gac (all-different by matching).
    #[arg(long, default_value = "dom/wdeg+counting")]
    strategy: String,
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// The puzzle file (`-` or nothing: standard input).
    file: Option<PathBuf>,
    /// Count solutions up to N (prints the count after each solution).
    #[arg(long, value_name = "N", conflicts_with = "unique")]
    count: Option<u64>,
    /// Check uniqueness (count up to 2).
    #[arg(long)]
    unique: bool,
    #[command(flatten)]
    strategy: StrategyArgs,
    /// Print totals: puzzles, solved, unique, time, puzzles/s, nodes and failures per puzzle.
    #[arg(long)]
    stats: bool,
    /// JSON output (one array of results).
    #[arg(long, conflicts_with = "pretty")]
    json: bool,
    /// Print each solution as a grid.
    #[arg(long)]
    pretty: bool,
    /// Threads (default: all cores).
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    /// Write the (single) puzzle and its solution as an SVG picture.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Puzzle lists (default: the four sets in $CSP_DATA/sudoku or ../shared/data/sudoku).
    files: Vec<PathBuf>,
    /// Comma-separated strategies; the naive backtracker always comes first.
    #[arg(
        long,
        default_value = "input+fc,mrv+fc,mrv+ac3,mrv+counting,mrv+gac,dom/wdeg+counting,dom/wdeg+gac"
    )]
    strategies: String,
    /// Comma-separated models.
    #[arg(long, default_value = "graph,alldiff")]
    models: String,
    /// At most this many puzzles per set.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Stop a row after this many seconds and report the puzzles done.
    #[arg(long, value_name = "S", default_value_t = 10.0)]
    max_seconds: f64,
    /// Give up a puzzle after this many nodes (it counts as not solved).
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    node_limit: u64,
    /// Threads (default 1: the single-core figures).
    #[arg(long, value_name = "N", default_value_t = 1)]
    jobs: usize,
    /// CSV instead of the table.
    #[arg(long)]
    csv: bool,
}

/// The search configuration of a strategy name.
fn strategy(s: &str) -> Result<SearchConfig> {
    if s == "naive" {
        return Ok(SearchConfig::naive());
    }
    let Some((var, prop)) = s.rsplit_once('+') else {
        bail!("unknown strategy `{s}`; expected VARORDER+PROPAGATION (e.g. mrv+counting) or naive");
    };
    let var_order: VarOrder = var.parse().map_err(anyhow::Error::msg)?;
    let (propagation, all_different) = crate::parse_propagation(prop)?;
    Ok(SearchConfig {
        var_order,
        propagation,
        all_different,
        ..SearchConfig::default()
    })
}

fn model(s: &str) -> Result<ModelKind> {
    s.parse().map_err(anyhow::Error::msg)
}

/// Reads puzzles from a file or standard input.
fn load(file: Option<&Path>) -> Result<Vec<Puzzle>> {
    match file {
        Some(p) if p != Path::new("-") => Ok(csp_sudoku::parse::read(p)?),
        _ => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text)?;
            Ok(csp_sudoku::parse::parse(&text, "<stdin>")?)
        }
    }
}

/// One encoding per shape present.
fn encodings(puzzles: &[Puzzle], kind: ModelKind) -> HashMap<Shape, Encoded> {
    let mut encs = HashMap::new();
    for p in puzzles {
        let s = p.grid.shape();
        encs.entry(s).or_insert_with(|| encode(s, kind));
    }
    encs
}

/// Solves every puzzle in parallel (input order kept), with a progress bar on a terminal.
fn solve_all(
    puzzles: &[Puzzle],
    encs: &HashMap<Shape, Encoded>,
    config: &SearchConfig,
    cap: u64,
    progress: bool,
) -> Vec<Answer> {
    let bar = if progress && puzzles.len() >= 200 && std::io::stderr().is_terminal() {
        let bar =
            ProgressBar::with_draw_target(Some(puzzles.len() as u64), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Some(bar)
    } else {
        None
    };
    let answers = puzzles
        .par_iter()
        .map_init(
            HashMap::new,
            |solvers: &mut HashMap<Shape, Solver<'_>>, p| {
                let shape = p.grid.shape();
                let solver = solvers
                    .entry(shape)
                    .or_insert_with(|| Solver::new(&encs[&shape], config.clone()));
                let a = solver.solve(&p.grid, cap);
                if let Some(b) = &bar {
                    b.inc(1);
                }
                a
            },
        )
        .collect();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    answers
}

fn pool(jobs: Option<usize>) -> Result<rayon::ThreadPool> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(j) = jobs {
        if j == 0 {
            bail!("--jobs must be at least 1");
        }
        b = b.num_threads(j);
    }
    Ok(b.build()?)
}

/// Runs `csp sudoku …`.
pub fn run(args: &SudokuArgs) -> Result<ExitCode> {
    match &args.command {
        SudokuCommand::Solve(a) => solve(a),
        SudokuCommand::Bench(b) => bench(b),
    }
}

fn status(a: &Answer, cap: u64) -> String {
    match (a.count, a.exhausted) {
        (0, true) => "no solution".into(),
        (0, false) => "unknown".into(),
        (1, true) if cap >= 2 => "unique".into(),
        (_, false) if cap == 1 => "solved".into(),
        (c, true) => format!("{c} solutions"),
        (c, false) => format!("{c}+ solutions"),
    }
}

fn solve(args: &SolveArgs) -> Result<ExitCode> {
    let puzzles = load(args.file.as_deref())?;
    let kind = model(&args.strategy.model)?;
    let config = strategy(&args.strategy.strategy)?;
    let cap = if args.unique {
        2
    } else {
        args.count.unwrap_or(1)
    };
    let counting = args.unique || args.count.is_some();
    if args.svg.is_some() && puzzles.len() != 1 {
        bail!("--svg draws one puzzle; the input holds {}", puzzles.len());
    }
    let encs = encodings(&puzzles, kind);
    let start = Instant::now();
    let answers = pool(args.jobs)?.install(|| solve_all(&puzzles, &encs, &config, cap, true));
    let elapsed = start.elapsed();
    // The independent check of every answer.
    for (p, a) in puzzles.iter().zip(&answers) {
        if let Some(s) = &a.solution {
            verify(&p.grid, s).map_err(|v| {
                anyhow::anyhow!(
                    "internal error: the solution of the puzzle on line {} fails verification: {v}",
                    p.line
                )
            })?;
        }
    }
    let name = args
        .file
        .as_ref()
        .map_or("<stdin>".to_string(), |f| f.display().to_string());
    let mut out = std::io::stdout().lock();
    if args.json {
        let items: Vec<_> = puzzles
            .iter()
            .zip(&answers)
            .map(|(p, a)| {
                json!({
                    "line": p.line,
                    "name": p.name,
                    "puzzle": p.grid.to_line(),
                    "solution": a.solution.as_ref().map(|s| s.to_line()),
                    "count": a.count,
                    "exhausted": a.exhausted,
                    "status": status(a, cap),
                    "clash": p.grid.clash().map(|c| clash_text(p, &c)),
                    "nodes": a.stats.nodes,
                    "failures": a.stats.failures,
                })
            })
            .collect();
        serde_json::to_writer_pretty(&mut out, &items)?;
        writeln!(out)?;
    } else {
        for (i, (p, a)) in puzzles.iter().zip(&answers).enumerate() {
            let why = if a.count == 0 && a.exhausted {
                p.grid
                    .clash()
                    .map(|c| format!(" ({})", clash_text(p, &c)))
                    .unwrap_or_default()
            } else {
                String::new()
            };
            if args.pretty {
                let title = p
                    .name
                    .clone()
                    .unwrap_or_else(|| format!("{name}:{}", p.line));
                if i > 0 {
                    writeln!(out)?;
                }
                writeln!(out, "{title}: {}{why}", status(a, cap))?;
                if let Some(s) = &a.solution {
                    write!(out, "{}", s.pretty())?;
                }
            } else {
                match &a.solution {
                    Some(s) if counting => writeln!(out, "{} {}", s.to_line(), status(a, cap))?,
                    Some(s) => writeln!(out, "{}", s.to_line())?,
                    None => writeln!(out, "{}{why}", status(a, cap))?,
                }
            }
        }
    }
    if args.stats {
        let n = puzzles.len().max(1) as f64;
        let solved = answers.iter().filter(|a| a.count > 0).count();
        let unique = answers.iter().filter(|a| a.is_unique()).count();
        let nodes: u64 = answers.iter().map(|a| a.stats.nodes).sum();
        let failures: u64 = answers.iter().map(|a| a.stats.failures).sum();
        let propagations: u64 = answers.iter().map(|a| a.stats.propagations).sum();
        let mut err = std::io::stderr().lock();
        writeln!(
            err,
            "{} puzzles, {solved} solved{}, {:.3} s, {:.0} puzzles/s, {:.1} nodes/puzzle, {:.1} failures/puzzle, {:.0} propagations/puzzle ({} model, {})",
            puzzles.len(),
            if cap >= 2 {
                format!(", {unique} unique")
            } else {
                String::new()
            },
            elapsed.as_secs_f64(),
            puzzles.len() as f64 / elapsed.as_secs_f64().max(1e-9),
            nodes as f64 / n,
            failures as f64 / n,
            propagations as f64 / n,
            kind,
            args.strategy.strategy,
        )?;
    }
    if let Some(path) = &args.svg {
        let svg = csp_sudoku::render::svg(&puzzles[0].grid, answers[0].solution.as_ref());
        std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))?;
    }
    let all = answers.iter().all(|a| a.count > 0);
    Ok(if all {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn clash_text(p: &Puzzle, c: &csp_sudoku::Clash) -> String {
    let n = p.grid.shape().size();
    let rc = |i: usize| format!("r{}c{}", i / n + 1, i % n + 1);
    format!(
        "the givens clash: {} twice in a {}, at {} and {}",
        csp_sudoku::grid::symbol_char(c.symbol),
        c.unit,
        rc(c.cells.0),
        rc(c.cells.1)
    )
}

/// One bench row.
struct Row {
    set: String,
    model: ModelKind,
    strategy: String,
    puzzles: usize,
    solved: usize,
    unique: usize,
    seconds: f64,
    nodes: u64,
    failures: u64,
}

fn bench(b: &BenchArgs) -> Result<ExitCode> {
    let files = if b.files.is_empty() {
        let dir = data_dir().join("sudoku");
        [
            "puzzles2_17_clue",
            "puzzles3_magictour_top1465",
            "puzzles6_forum_hardest_1106_shared301",
            "puzzles7_serg_benchmark",
        ]
        .iter()
        .map(|f| dir.join(f))
        .collect()
    } else {
        b.files.clone()
    };
    let mut strategies = vec!["naive".to_string()];
    strategies.extend(
        b.strategies
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "naive")
            .map(String::from),
    );
    for s in &strategies {
        strategy(s)?;
    }
    let models: Vec<ModelKind> = b
        .models
        .split(',')
        .map(|m| model(m.trim()))
        .collect::<Result<_>>()?;
    let pool = pool(Some(b.jobs))?;
    let budget = Duration::from_secs_f64(b.max_seconds.max(0.0));
    let mut out = std::io::stdout().lock();
    if b.csv {
        writeln!(
            out,
            "set,model,strategy,puzzles,solved,unique,seconds,puzzles_per_s,nodes_per_puzzle,failures_per_puzzle"
        )?;
    } else {
        writeln!(
            out,
            "uniqueness check (count up to 2), {} thread(s), at most {} s per row, {} nodes per puzzle\n",
            b.jobs, b.max_seconds, b.node_limit
        )?;
        writeln!(
            out,
            "{:<40} {:<8} {:<18} {:>7} {:>7} {:>7} {:>11} {:>12} {:>12}",
            "set",
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
    for file in &files {
        let mut puzzles = csp_sudoku::parse::read(file)?;
        if let Some(l) = b.limit {
            puzzles.truncate(l);
        }
        let set = file.file_name().map_or_else(
            || file.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        for &kind in &models {
            let encs = encodings(&puzzles, kind);
            for s in &strategies {
                let mut config = strategy(s)?;
                config.limits.nodes = Some(b.node_limit);
                // Small chunks, so that a slow strategy stops near the time budget.
                let start = Instant::now();
                let mut row = Row {
                    set: set.clone(),
                    model: kind,
                    strategy: s.clone(),
                    puzzles: 0,
                    solved: 0,
                    unique: 0,
                    seconds: 0.0,
                    nodes: 0,
                    failures: 0,
                };
                for chunk in puzzles.chunks(16 * b.jobs) {
                    let answers = pool.install(|| solve_all(chunk, &encs, &config, 2, false));
                    for (p, a) in chunk.iter().zip(&answers) {
                        if let Some(sol) = &a.solution {
                            verify(&p.grid, sol).map_err(|v| {
                                anyhow::anyhow!(
                                    "{set} line {}: {s} returned a wrong solution: {v}",
                                    p.line
                                )
                            })?;
                        }
                        row.puzzles += 1;
                        row.solved += usize::from(a.count > 0);
                        row.unique += usize::from(a.is_unique());
                        row.nodes += a.stats.nodes;
                        row.failures += a.stats.failures;
                    }
                    if start.elapsed() >= budget {
                        break;
                    }
                }
                row.seconds = start.elapsed().as_secs_f64();
                print_row(&mut out, &row, b.csv)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn print_row(out: &mut impl Write, r: &Row, csv: bool) -> Result<()> {
    let n = r.puzzles.max(1) as f64;
    let rate = r.puzzles as f64 / r.seconds.max(1e-9);
    if csv {
        writeln!(
            out,
            "{},{},{},{},{},{},{:.3},{:.1},{:.2},{:.2}",
            r.set,
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
            "{:<40} {:<8} {:<18} {:>7} {:>7} {:>7} {:>11.0} {:>12.1} {:>12.1}",
            r.set,
            r.model.to_string(),
            r.strategy,
            r.puzzles,
            r.solved,
            r.unique,
            rate,
            r.nodes as f64 / n,
            r.failures as f64 / n
        )?;
    }
    Ok(())
}
