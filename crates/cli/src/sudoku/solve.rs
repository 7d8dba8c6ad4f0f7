//! `csp sudoku solve` (one puzzle or a list, in parallel, every answer verified) and
//! `csp sudoku cnf`.

use super::{EncodingName, MethodArgs, clash_text, first, pool};
use crate::args::{Input, LimitArgs, OutputArgs};
use crate::report::{Status, json_line, secs};
use anyhow::{Context, Result};
use clap::Args;
use csp_core::Limits;
use csp_sudoku::method::Prepared;
use csp_sudoku::sat::Encoding;
use csp_sudoku::{Answer, Puzzle, Shape, verify};
use rayon::prelude::*;
use serde_json::json;
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// `csp sudoku solve …`
#[derive(Args, Debug)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    input: Input,
    /// Count solutions up to N (prints the count after each solution).
    #[arg(long, value_name = "N", conflicts_with = "unique", value_parser = clap::value_parser!(u64).range(1..))]
    count: Option<u64>,
    /// Check uniqueness (count up to 2).
    #[arg(long)]
    unique: bool,
    #[command(flatten)]
    method: MethodArgs,
    /// Print each solution as a grid.
    #[arg(long, conflicts_with = "json")]
    pretty: bool,
    /// Threads (default: all cores).
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    /// Write the (single) puzzle and its solution as an SVG picture.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    output: OutputArgs,
    /// The time limit is for the whole input; the node limit for each puzzle.
    #[command(flatten)]
    limits: LimitArgs,
}

/// `csp sudoku cnf …`
#[derive(Args, Debug)]
pub(super) struct CnfArgs {
    #[command(flatten)]
    input: Input,
    /// The encoding.
    #[arg(long, value_enum, default_value_t = EncodingName::Extended)]
    encoding: EncodingName,
    /// Print JSON: the counts and the clauses as lists of literals.
    #[arg(long)]
    json: bool,
}

fn words(a: &Answer, cap: u64) -> String {
    match (a.count, a.exhausted) {
        (0, true) => "no solution".into(),
        (0, false) => "unknown".into(),
        (1, true) if cap >= 2 => "unique".into(),
        (_, false) if cap == 1 => "solved".into(),
        (c, true) => format!("{c} solutions"),
        (c, false) => format!("{c}+ solutions"),
    }
}

/// Solves every puzzle in parallel (input order kept), each search given the time left of
/// the whole job, with a progress bar on a terminal.
pub(super) fn solve_all(
    puzzles: &[Puzzle],
    prepared: &Prepared,
    cap: u64,
    limits: &LimitArgs,
    deadline: Option<Instant>,
    bar: &indicatif::ProgressBar,
) -> Vec<Answer> {
    puzzles
        .par_iter()
        .map_init(HashMap::new, |solvers: &mut HashMap<Shape, _>, p| {
            let shape = p.grid.shape();
            let solver = solvers
                .entry(shape)
                .or_insert_with(|| prepared.solver(shape));
            let a = if csp_core::termination::past(deadline) {
                Answer {
                    count: 0,
                    exhausted: false,
                    solution: None,
                    stats: Default::default(),
                }
            } else {
                solver.set_limits(Limits {
                    nodes: limits.node_limit,
                    deadline,
                    ..Limits::default()
                });
                solver.solve(&p.grid, cap)
            };
            bar.inc(1);
            a
        })
        .collect()
}

/// Puzzles solved at a time, at most: a list is read, solved (in parallel) and printed in
/// chunks (growing from 256 to this many), so memory stays bounded and answers appear as
/// they are found.
pub(super) const CHUNK: usize = 1 << 14;

/// Totals over the chunks.
#[derive(Default)]
struct Totals {
    puzzles: usize,
    solved: usize,
    unique: usize,
    nodes: u64,
    failures: u64,
    propagations: u64,
    status: Option<Status>,
}

/// Runs `csp sudoku solve`.
pub(super) fn run(args: &SolveArgs) -> Result<ExitCode> {
    let start = Instant::now();
    let deadline = args.limits.deadline();
    let mut stream = super::open(&args.input.file, "csp sudoku solve")?;
    let method = args.method.method(&args.limits)?;
    let cap = if args.unique {
        2
    } else {
        args.count.unwrap_or(1)
    };
    let pool = pool(args.jobs)?;
    let bar = stream.progress("puzzles");
    let mut parsed = 0u64;
    let mut out = std::io::stdout().lock();
    let mut totals = Totals::default();
    let mut first_chunk = true;
    // Small chunks first, so the first answers come at once.
    let mut chunk = 256;
    loop {
        let mut puzzles = Vec::with_capacity(chunk);
        let mut error = None;
        for p in stream.reader.by_ref().take(chunk) {
            match p {
                Ok(p) => puzzles.push(p),
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        if first_chunk && args.svg.is_some() && puzzles.len() != 1 {
            if let Some(e) = error {
                return Err(e.into());
            }
            anyhow::bail!("--svg draws one puzzle; the input holds more than one");
        }
        parsed += puzzles.len() as u64;
        if let Some(total) = stream.estimate(parsed) {
            bar.set_length(total);
        }
        if !puzzles.is_empty() {
            let prepared = Prepared::new(&method, puzzles.iter().map(|p| p.grid.shape()));
            let answers =
                pool.install(|| solve_all(&puzzles, &prepared, cap, &args.limits, deadline, &bar));
            // The independent check of every answer, before any is printed.
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
            print_answers(args, &puzzles, &answers, cap, totals.puzzles, &mut out)?;
            out.flush()?;
            for a in &answers {
                totals.puzzles += 1;
                totals.solved += usize::from(a.count > 0);
                totals.unique += usize::from(a.is_unique());
                totals.nodes += a.stats.nodes;
                totals.failures += a.stats.failures;
                totals.propagations += a.stats.propagations;
                let s = a.status();
                totals.status = Some(totals.status.map_or(s, |t| Status::all([t, s])));
            }
            if first_chunk && let Some(path) = &args.svg {
                let svg = csp_sudoku::render::svg(&puzzles[0].grid, answers[0].solution.as_ref());
                csp_model::sink::write_file(path, svg)
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
        }
        first_chunk = false;
        if let Some(e) = error {
            bar.finish_and_clear();
            return Err(e.into());
        }
        if puzzles.len() < chunk {
            break;
        }
        chunk = (2 * chunk).min(CHUNK);
    }
    bar.finish_and_clear();
    let elapsed = start.elapsed();
    let status = totals.status.unwrap_or(Status::Done);
    if args.output.stats {
        print_stats(args, &totals, cap, &method, elapsed, &mut out)?;
    }
    Ok(status.exit())
}

/// Prints one chunk's answers; `before` puzzles were printed earlier.
fn print_answers(
    args: &SolveArgs,
    puzzles: &[Puzzle],
    answers: &[Answer],
    cap: u64,
    before: usize,
    out: &mut impl Write,
) -> Result<()> {
    let name = args.input.file.display().to_string();
    let counting = args.unique || args.count.is_some();
    for (i, (p, a)) in puzzles.iter().zip(answers).enumerate() {
        // Only an unsolved puzzle can have clashing givens.
        let clash = if a.count == 0 {
            p.grid.clash().map(|c| clash_text(p, &c))
        } else {
            None
        };
        if args.output.json {
            json_line(
                out,
                &json!({
                    "line": p.line,
                    "instance": p.name,
                    "status": a.status().name(),
                    "puzzle": p.grid.to_line(),
                    "solution": a.solution.as_ref().map(|s| s.to_line()),
                    "count": a.count,
                    "exact": a.exhausted,
                    "unique": a.is_unique(),
                    "clash": clash,
                    "nodes": a.stats.nodes,
                    "failures": a.stats.failures,
                    "seconds": a.stats.elapsed.as_secs_f64(),
                }),
            )?;
            continue;
        }
        let why = match (&clash, a.count == 0 && a.exhausted) {
            (Some(c), true) => format!(" ({c})"),
            _ => String::new(),
        };
        if args.pretty {
            let title = p
                .name
                .clone()
                .unwrap_or_else(|| format!("{name}:{}", p.line));
            if before + i > 0 {
                writeln!(out)?;
            }
            writeln!(out, "{title}: {}{why}", words(a, cap))?;
            if let Some(s) = &a.solution {
                write!(out, "{}", s.pretty())?;
            }
        } else {
            match &a.solution {
                Some(s) if counting => writeln!(out, "{} {}", s.to_line(), words(a, cap))?,
                Some(s) => writeln!(out, "{}", s.to_line())?,
                None => writeln!(out, "{}{why}", words(a, cap))?,
            }
        }
    }
    Ok(())
}

/// The `--stats` summary.
fn print_stats(
    args: &SolveArgs,
    t: &Totals,
    cap: u64,
    method: &csp_sudoku::method::Method,
    elapsed: std::time::Duration,
    out: &mut impl Write,
) -> Result<()> {
    let n = t.puzzles.max(1) as f64;
    let rate = t.puzzles as f64 / elapsed.as_secs_f64().max(1e-9);
    let status = t.status.unwrap_or(Status::Done);
    if args.output.json {
        json_line(
            out,
            &json!({"status": status.name(), "puzzles": t.puzzles, "solved": t.solved,
                "unique": if cap >= 2 { Some(t.unique) } else { None }, "seconds": elapsed.as_secs_f64(),
                "puzzles_per_second": rate, "nodes_per_puzzle": t.nodes as f64 / n,
                "failures_per_puzzle": t.failures as f64 / n, "propagations_per_puzzle": t.propagations as f64 / n,
                "model": method.model(), "method": method.to_string()}),
        )?;
    } else {
        writeln!(
            out,
            "{} puzzles, {} solved{}, {}, {rate:.0} puzzles/s, {:.1} nodes/puzzle, {:.1} failures/puzzle, {:.0} propagations/puzzle ({})",
            t.puzzles,
            t.solved,
            if cap >= 2 {
                format!(", {} unique", t.unique)
            } else {
                String::new()
            },
            secs(elapsed),
            t.nodes as f64 / n,
            t.failures as f64 / n,
            t.propagations as f64 / n,
            method,
        )?;
    }
    Ok(())
}

/// Runs `csp sudoku cnf`.
pub(super) fn cnf(args: &CnfArgs) -> Result<ExitCode> {
    let p = first(&args.input.file)?;
    let encoding: Encoding = args.encoding.into();
    let f = csp_sudoku::sat::puzzle_cnf(&p.grid, encoding);
    let n = p.grid.shape().size();
    let comments = [
        format!(
            "sudoku {}: {}",
            p.name.as_deref().unwrap_or("puzzle"),
            p.grid.to_line()
        ),
        format!(
            "{encoding} encoding, {n}x{n}; DIMACS variable {}*row + {n}*col + digit (row, col from 0)",
            n * n
        ),
    ];
    let comments: Vec<&str> = comments.iter().map(String::as_str).collect();
    let mut out = std::io::stdout().lock();
    if args.json {
        let clauses: Vec<Vec<i64>> = f
            .clauses()
            .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
            .collect();
        json_line(
            &mut out,
            &json!({"status": Status::Done.name(), "puzzle": p.grid.to_line(), "encoding": encoding.name(),
                "variables": f.num_vars(), "clauses": clauses, "comments": comments}),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    csp_sat::dimacs::write(&f, &comments, &mut out)?;
    Ok(ExitCode::SUCCESS)
}
