//! Solving like a person: `rate`, `explain`, `hint`, `generate` and `techniques`.

use super::clash_text;
use crate::args::Input;
use crate::report::{Status, json_line, secs};
use anyhow::{Context, Result};
use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use csp_sudoku::generate::{Generator, Symmetry};
use csp_sudoku::human::{self, Candidates, Step, rating};
use csp_sudoku::method::{Method, NotProper, Prepared, unique_solution};
use csp_sudoku::{Grid, Puzzle, Shape};
use rayon::prelude::*;
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// `csp sudoku generate …`
#[derive(Args, Debug)]
pub(super) struct GenerateArgs {
    /// How many puzzles.
    #[arg(long, short = 'n', default_value_t = 1)]
    number: usize,
    /// Clues removed together.
    #[arg(long, default_value = "none", value_parser = PossibleValuesParser::new(["none", "rot180", "rot90", "mirror", "diagonal"]).try_map(|s| s.parse::<Symmetry>()))]
    symmetry: Symmetry,
    /// Only puzzles of this level, by their rating.
    #[arg(long, value_parser = PossibleValuesParser::new(rating::Level::ALL.map(|l| l.name())).try_map(|s| s.parse::<rating::Level>()))]
    level: Option<rating::Level>,
    /// Random seed: the same seed gives the same puzzles; each puzzle prints the seed that
    /// makes it first. Default: a fresh seed every run.
    #[arg(long)]
    seed: Option<u64>,
    /// Rate each puzzle (Sudoku Explainer's ER/EP/ED and the level): `auto` up to 9×9, where
    /// it costs a fraction of a millisecond; 16×16 ratings take seconds each.
    #[arg(long, value_enum, default_value_t = RateChoice::Auto)]
    rate: RateChoice,
    /// Box size: 3 for 9×9, 2 for 4×4, 4 for 16×16, 5 for 25×25.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(2..=5))]
    r#box: u8,
    /// Print one JSON object per puzzle (JSON Lines).
    #[arg(long)]
    json: bool,
    /// Print the number of puzzles tried and puzzles/s after the puzzles.
    #[arg(long)]
    stats: bool,
    /// Stop after this many seconds with the puzzles made so far (exit code 1 if fewer than
    /// asked).
    #[arg(long, value_name = "SECONDS", value_parser = crate::args::seconds)]
    time_limit: Option<std::time::Duration>,
}

/// Whether `generate` rates its puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum RateChoice {
    /// Up to 9×9.
    Auto,
    /// Always.
    Yes,
    /// Never.
    No,
}

/// The largest side `--rate auto` rates: 9×9 ratings take well under a millisecond, 16×16
/// ones seconds.
const AUTO_RATE_MAX_SIDE: usize = 9;

/// A seed that differs from run to run: the clock and the process, mixed.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    csp_core::heuristics::SplitMix64::new(nanos ^ u64::from(std::process::id()) << 32).next_u64()
}

/// The seed of the attempt after the one seeded `seed`.
fn next_seed(seed: u64) -> u64 {
    csp_core::heuristics::SplitMix64::new(seed).next_u64()
}

/// Puzzles generated in a row without one of the level asked, before giving up: a level the
/// box size cannot reach (no 4×4 puzzle needs a forcing chain) would otherwise never end.
const MAX_MISSES: usize = 20_000;

/// `csp sudoku rate …`
#[derive(Args, Debug)]
pub(super) struct RateArgs {
    #[command(flatten)]
    input: Input,
    /// Print one JSON object per puzzle (JSON Lines).
    #[arg(long)]
    json: bool,
    /// Give up after this many seconds for the whole input: puzzles not rated by then are
    /// `unknown`, with the hardest step so far (exit code 1).
    #[arg(long, value_name = "SECONDS", value_parser = crate::args::seconds)]
    time_limit: Option<std::time::Duration>,
    #[arg(skip = std::time::Instant::now())]
    started: std::time::Instant,
}

/// `csp sudoku explain …`
#[derive(Args, Debug)]
pub(super) struct ExplainArgs {
    /// A puzzle (its first one is used), or a 729-character pencil-mark grid; `-` or nothing:
    /// standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    file: PathBuf,
    /// Print JSON (the steps as objects).
    #[arg(long)]
    json: bool,
    /// Draw every step as SVG into this folder (`step-001.svg`, …; created if missing).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// Show only the steps rated at least this (2.4 hides the singles); all are applied.
    #[arg(long, value_name = "RATING", default_value_t = 0.0)]
    min_rating: f64,
}

/// `csp sudoku hint …`
#[derive(Args, Debug)]
pub(super) struct HintArgs {
    /// A puzzle (its first one is used), or a 729-character pencil-mark grid; `-` or nothing:
    /// standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    file: PathBuf,
    /// 1: the technique only; 2: and where to look; 3: the whole step.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    level: u8,
    /// Also draw the step (pattern shaded, eliminations red, placements green) as SVG.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// `csp sudoku techniques …`
#[derive(Args, Debug)]
pub(super) struct TechniquesArgs {
    /// Print one JSON object per technique (JSON Lines).
    #[arg(long)]
    json: bool,
}

/// Runs `csp sudoku techniques`.
pub(super) fn techniques(args: &TechniquesArgs) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    if args.json {
        for t in human::Technique::ALL {
            json_line(
                &mut out,
                &json!({"status": Status::Done.name(), "technique": t.name(),
                    "rating": rating::base_difficulty(t), "looks_for": t.description()}),
            )?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "rating  technique                      looks for")?;
    for t in human::Technique::ALL {
        writeln!(
            out,
            "{:>6.1}  {:<30} {}",
            rating::base_difficulty(t),
            t.name(),
            t.description()
        )?;
    }
    writeln!(
        out,
        "(pointing, claiming and hidden pairs and triples rate 1.7, 1.9, 2.0 and 2.5 when they at once leave a hidden single; chains add a tenth or more as they grow)"
    )?;
    Ok(ExitCode::SUCCESS)
}

/// "a digit that fits in only one cell of a unit": a description inside a sentence.
fn in_sentence(description: &str) -> String {
    let mut chars = description.trim_end_matches('.').chars();
    chars
        .next()
        .map(|first| first.to_lowercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Runs `csp sudoku generate`.
pub(super) fn generate(args: &GenerateArgs) -> Result<ExitCode> {
    let shape = Shape::square(usize::from(args.r#box))
        .with_context(|| format!("--box {} is not a box size from 2 to 5", args.r#box))?;
    let start = Instant::now();
    let run_seed = args.seed.unwrap_or_else(fresh_seed);
    let rate = match args.rate {
        RateChoice::Auto => shape.size() <= AUTO_RATE_MAX_SIDE,
        RateChoice::Yes => true,
        RateChoice::No => false,
    };
    let dlx = Prepared::new(&Method::Dlx, [shape]);
    let mut out = std::io::stdout().lock();
    let bar = crate::progress::bar(args.number as u64, "puzzles");
    let deadline = args.time_limit.map(|t| start + t);
    // Each attempt has its own seed, the next drawn from it: a puzzle's seed given back to
    // `--seed` makes that puzzle first.
    let mut seed = run_seed;
    let mut tried = 0usize;
    let mut made = 0usize;
    let mut misses = 0usize;
    let mut gave_up = None;
    while made < args.number {
        if csp_core::termination::past(deadline) {
            gave_up = Some(crate::report::stop_reason().to_string());
            break;
        }
        if misses >= MAX_MISSES {
            gave_up = Some(format!(
                "{MAX_MISSES} puzzles in a row were not {}: that level looks out of reach for box {}",
                args.level.map_or("", |l| l.name()),
                args.r#box
            ));
            break;
        }
        let this_seed = seed;
        seed = next_seed(seed);
        let mut g = Generator::new(shape, args.symmetry, this_seed);
        g.set_deadline(deadline);
        let Some(p) = g.puzzle_until() else {
            gave_up = Some(crate::report::stop_reason().to_string());
            break;
        };
        tried += 1;
        let mut rated = None;
        if let Some(l) = args.level {
            // Rated only up to the level's ceiling: no chain is searched for an easy puzzle.
            match rating::rate_within(&p, l.ceiling()) {
                Some(r) if rating::Level::of(r.er) == l => rated = Some(r),
                _ => {
                    misses += 1;
                    continue;
                }
            }
        } else if rate {
            // When the time limit comes inside the rating, the puzzle is printed unrated.
            if let Some(Ok(r)) = rating::rate_until(&p, deadline) {
                rated = Some(r);
            }
        }
        misses = 0;
        // The independent check before printing: dancing links (not the engine the generator
        // used) find exactly one solution.
        let check = dlx.solver(shape).solve(&p, 2);
        anyhow::ensure!(
            check.is_unique(),
            "internal error: a generated puzzle is not unique by dancing links: {}",
            p.to_line()
        );
        bar.suspend(|| -> std::io::Result<()> {
            if args.json {
                let mut j = json!({"status": Status::Done.name(), "puzzle": p.to_line(), "givens": p.num_givens(),
                    "seed": this_seed});
                if let Some(r) = &rated {
                    j["er"] = json!(r.er);
                    j["ep"] = json!(r.ep);
                    j["ed"] = json!(r.ed);
                    j["level"] = json!(rating::Level::of(r.er).name());
                }
                json_line(&mut out, &j)
            } else {
                // A comment line the puzzle readers skip: `generate | solve` still works.
                match &rated {
                    Some(r) => writeln!(
                        out,
                        "# seed {this_seed}: {:.1}/{:.1}/{:.1} {}, {} givens",
                        r.er,
                        r.ep,
                        r.ed,
                        rating::Level::of(r.er).name(),
                        p.num_givens()
                    )?,
                    None => writeln!(out, "# seed {this_seed}: {} givens", p.num_givens())?,
                }
                writeln!(out, "{}", p.to_line())
            }
        })?;
        bar.inc(1);
        made += 1;
    }
    bar.finish_and_clear();
    if let Some(why) = &gave_up {
        if args.json {
            json_line(
                &mut out,
                &json!({"status": Status::Unknown.name(), "puzzles": made, "asked": args.number, "reason": why}),
            )?;
        } else {
            eprintln!("stopped after {made} of {} puzzles: {why}", args.number);
        }
    }
    if args.stats {
        let t = start.elapsed();
        let per_second = made as f64 / t.as_secs_f64().max(1e-9);
        if args.json {
            json_line(
                &mut out,
                &json!({"status": Status::Done.name(), "puzzles": made, "generated": tried,
                    "seconds": t.as_secs_f64(), "puzzles_per_second": per_second, "seed": run_seed}),
            )?;
        } else {
            writeln!(
                out,
                "{} ({tried} generated), {}, {per_second:.1} puzzles/s, seed {run_seed}",
                csp_timetabling::instance::count(made, "puzzle", "puzzles"),
                secs(t)
            )?;
        }
    }
    Ok(if gave_up.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The result of reading a puzzle for the human solver: candidates and the unique solution
/// (none for a pencil-mark grid, whose candidates are the puzzle), or why there is nothing
/// to explain.
type Checked = std::result::Result<(Candidates, Option<Grid>), (String, NotProper)>;

/// The candidates of the first puzzle of a file (checked by the engine to have exactly one
/// solution), or of a pencil-mark grid. A puzzle with no or several solutions is an answer:
/// said, with exit code 1.
fn candidates(file: &Path) -> Result<Checked> {
    let (c, p) = read_candidates(file)?;
    let Some(p) = p else {
        return Ok(Ok((c, None)));
    };
    Ok(match unique_solution(&p.grid, None) {
        Some(Ok(s)) => {
            // The reference every step is checked against is itself checked first.
            csp_sudoku::verify(&p.grid, &s).map_err(|v| {
                anyhow::anyhow!("internal error: the solver's solution is wrong: {v}")
            })?;
            Ok((c, Some(s)))
        }
        Some(Err(why)) => Err((p.grid.to_line(), why)),
        None => anyhow::bail!("interrupted before the puzzle was checked"),
    })
}

/// The final grid of a logical path, checked: against the unique solution when there is a
/// puzzle, else against the rules.
fn check_final(c: &Candidates, solution: Option<&Grid>) -> Result<()> {
    let g = c.grid();
    let ok = match solution {
        Some(s) => g == *s,
        None => csp_sudoku::verify(&g, &g).is_ok(),
    };
    anyhow::ensure!(
        ok,
        "internal error: the logical path ends in a grid that is not the solution: {}",
        g.to_line()
    );
    Ok(())
}

/// The candidates of the first puzzle of a file, or of a pencil-mark grid.
fn read_candidates(file: &Path) -> Result<(Candidates, Option<Puzzle>)> {
    let src = crate::input::read(file, "csp sudoku solve")?;
    let (text, name) = (src.text, src.name);
    // Pencil marks are one line of 729 characters (a list of nine 81-character puzzles has
    // as many characters, on nine lines: that is a puzzle list).
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if let [line] = lines[..]
        && line.chars().count() == 729
    {
        return Candidates::from_pencil_marks(line)
            .map(|c| (c, None))
            .map_err(|e| anyhow::anyhow!("{name}: {e}"));
    }
    let puzzles = csp_sudoku::parse::parse(&text, &name)?;
    let p = puzzles.first().context("no puzzle in the input")?;
    let c = Candidates::new(&p.grid).ok_or_else(|| {
        anyhow::anyhow!(
            "{name}:{}: {}",
            p.line,
            p.grid
                .clash()
                .map(|c| clash_text(p, &c))
                .unwrap_or_default()
        )
    })?;
    Ok((c, Some(p.clone())))
}

/// Says that a puzzle has no logical path to explain (no or several solutions); exit code 1
/// either way, since there is nothing to explain.
fn no_path(json: bool, (puzzle, why): (String, NotProper)) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    if json {
        json_line(
            &mut out,
            &json!({"status": why.status().name(), "unique": false, "puzzle": puzzle,
                "reason": why.to_string()}),
        )?;
    } else {
        writeln!(out, "{puzzle}: {why}")?;
    }
    Ok(ExitCode::from(1))
}

fn step_json(c: &Candidates, step: &Step) -> serde_json::Value {
    let pair = |&(x, d): &(usize, u8)| json!({"cell": c.name(x), "digit": d});
    json!({
        "technique": step.technique.name(),
        "rating": rating::difficulty(c, step),
        "pattern": step.pattern.iter().map(|&x| c.name(x)).collect::<Vec<_>>(),
        "placements": step.placements.iter().map(pair).collect::<Vec<_>>(),
        "eliminations": step.eliminations.iter().map(pair).collect::<Vec<_>>(),
        "explanation": step.explanation,
    })
}

fn step_effect(c: &Candidates, step: &Step) -> String {
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|&(x, d)| format!("{} = {d}", c.name(x)))
        .collect();
    if !step.eliminations.is_empty() {
        let list: Vec<String> = step
            .eliminations
            .iter()
            .map(|&(x, d)| format!("{}≠{d}", c.name(x)))
            .collect();
        parts.push(list.join(", "));
    }
    parts.join("; ")
}

/// A puzzle's rating: none when the givens clash, not proper, or stopped first (the hardest
/// step so far, when the logic had begun).
enum Rating {
    Clash,
    NotProper(NotProper),
    Rated(rating::Rating),
    Stopped(Option<f64>),
}

/// Runs `csp sudoku rate`: a list is read, rated (in parallel) and printed in chunks, so
/// memory stays bounded and ratings appear as they are found.
pub(super) fn rate(args: &RateArgs) -> Result<ExitCode> {
    let deadline = args.time_limit.map(|t| args.started + t);
    let mut stream = super::open(&args.input.file, "csp sudoku rate")?;
    let bar = stream.progress("puzzles");
    let mut parsed = 0u64;
    let mut out = std::io::stdout().lock();
    // A puzzle without exactly one solution gets no rating, and exit code 1; so does one
    // the time limit stopped.
    let mut all_rated = true;
    loop {
        let mut puzzles = Vec::new();
        let mut error = None;
        for p in stream.reader.by_ref().take(super::solve::CHUNK) {
            match p {
                Ok(p) => puzzles.push(p),
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        parsed += puzzles.len() as u64;
        if let Some(total) = stream.estimate(parsed) {
            bar.set_length(total);
        }
        let ratings: Vec<Rating> = puzzles
            .par_iter()
            .map(|p| {
                let r = if p.grid.clash().is_some() {
                    Rating::Clash
                } else {
                    match unique_solution(&p.grid, deadline) {
                        None => Rating::Stopped(None),
                        Some(Err(why)) => Rating::NotProper(why),
                        Some(Ok(_)) => match rating::rate_until(&p.grid, deadline) {
                            None => Rating::Clash,
                            Some(Ok(r)) => Rating::Rated(r),
                            Some(Err(er)) => Rating::Stopped(Some(er)),
                        },
                    }
                };
                bar.inc(1);
                r
            })
            .collect();
        for (p, r) in puzzles.iter().zip(&ratings) {
            all_rated &= matches!(r, Rating::Rated(_));
            print_rating(args, p, r, &mut out)?;
        }
        out.flush()?;
        if let Some(e) = error {
            bar.finish_and_clear();
            return Err(e.into());
        }
        if puzzles.len() < super::solve::CHUNK {
            break;
        }
    }
    bar.finish_and_clear();
    Ok(if all_rated {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// One line (or JSON object) of `csp sudoku rate`.
fn print_rating(args: &RateArgs, p: &Puzzle, r: &Rating, out: &mut impl Write) -> Result<()> {
    let line = p.grid.to_line();
    match r {
        Rating::NotProper(why) => {
            if args.json {
                json_line(
                    out,
                    &json!({"instance": p.name, "line": p.line, "status": why.status().name(), "unique": false,
                        "puzzle": line, "error": why.to_string()}),
                )?;
            } else {
                writeln!(out, "0.0/0.0/0.0 invalid ({why}) {line}")?;
            }
        }
        Rating::Rated(r) => {
            let level = rating::Level::of(r.er);
            let hardest = r
                .hardest
                .map_or("beyond the implemented techniques", |t| t.name());
            if args.json {
                json_line(
                    out,
                    &json!({"instance": p.name, "line": p.line, "status": Status::Done.name(), "puzzle": line,
                        "er": r.er, "ep": r.ep, "ed": r.ed, "level": level.name(), "hardest": hardest,
                        "solved_by_logic": r.solved_by_logic, "steps": r.steps}),
                )?;
            } else {
                writeln!(
                    out,
                    "{:.1}/{:.1}/{:.1} {:<7} {}{} {line}",
                    r.er,
                    r.ep,
                    r.ed,
                    level.name(),
                    hardest,
                    if r.solved_by_logic { "" } else { " (estimate)" },
                )?;
            }
        }
        Rating::Stopped(er) => {
            let why = crate::report::stop_reason();
            if args.json {
                json_line(
                    out,
                    &json!({"instance": p.name, "line": p.line, "status": Status::Unknown.name(), "puzzle": line,
                        "er_at_least": er, "error": why}),
                )?;
            } else {
                let bound = er.map_or("?".to_string(), |er| format!("≥{er:.1}"));
                writeln!(out, "{bound} unknown ({why}) {line}")?;
            }
        }
        Rating::Clash => {
            if args.json {
                json_line(
                    out,
                    &json!({"instance": p.name, "line": p.line, "status": Status::Unsatisfiable.name(),
                        "puzzle": line, "error": "the givens clash"}),
                )?;
            } else {
                writeln!(out, "0.0/0.0/0.0 invalid (the givens clash) {line}")?;
            }
        }
    }
    Ok(())
}

/// Runs `csp sudoku explain`.
pub(super) fn explain(args: &ExplainArgs) -> Result<ExitCode> {
    let (mut c, solution) = match candidates(&args.file)? {
        Ok(x) => x,
        Err(why) => return no_path(args.json, why),
    };
    if let Some(dir) = &args.svg {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut out = std::io::stdout().lock();
    let mut steps = Vec::new();
    let mut k = 0;
    while !c.is_solved() {
        let Some(step) = human::next_step(&c) else {
            break;
        };
        k += 1;
        let difficulty = rating::difficulty(&c, &step);
        if difficulty < args.min_rating {
            c.apply(&step);
            continue;
        }
        if let Some(dir) = &args.svg {
            let path = dir.join(format!("step-{k:03}.svg"));
            csp_model::sink::write_file(&path, csp_sudoku::render::step_svg(&c, &step))
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        if args.json {
            steps.push(step_json(&c, &step));
        } else {
            writeln!(
                out,
                "{k:>3}. {} ({difficulty:.1}): {} → {}",
                step.technique,
                step.explanation,
                step_effect(&c, &step)
            )?;
        }
        c.apply(&step);
    }
    let solved = c.is_solved();
    if solved {
        check_final(&c, solution.as_ref())?;
    }
    let status = if solved {
        Status::Satisfiable
    } else {
        Status::Unknown
    };
    if args.json {
        let j = json!({"status": status.name(), "steps": steps, "solved": solved, "grid": c.grid().to_line()});
        json_line(&mut out, &j)?;
    } else if solved {
        writeln!(out, "solved in {k} steps: {}", c.grid().to_line())?;
    } else {
        writeln!(
            out,
            "stuck after {k} steps: no implemented technique applies (the puzzle needs search or a technique not yet here): {}",
            c.grid().to_line()
        )?;
    }
    Ok(status.exit())
}

/// Runs `csp sudoku hint`.
pub(super) fn hint(args: &HintArgs) -> Result<ExitCode> {
    let c = match candidates(&args.file)? {
        Ok((c, _)) => c,
        Err(why) => return no_path(args.json, why),
    };
    let mut out = std::io::stdout().lock();
    if c.is_solved() {
        if args.json {
            json_line(
                &mut out,
                &json!({"status": Status::Satisfiable.name(), "solved": true}),
            )?;
        } else {
            writeln!(out, "the grid is already solved")?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let Some(step) = human::next_step(&c) else {
        if args.json {
            json_line(
                &mut out,
                &json!({"status": Status::Unknown.name(), "solved": false}),
            )?;
        } else {
            writeln!(out, "no implemented technique applies here")?;
        }
        return Ok(ExitCode::from(1));
    };
    if let Some(path) = &args.svg {
        csp_model::sink::write_file(path, csp_sudoku::render::step_svg(&c, &step))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if args.json {
        let mut j = step_json(&c, &step);
        if let Some(o) = j.as_object_mut() {
            o.insert("status".into(), json!(Status::Done.name()));
            if args.level < 3 {
                o.remove("placements");
                o.remove("eliminations");
                o.remove("explanation");
                if args.level < 2 {
                    o.remove("pattern");
                }
            }
        }
        json_line(&mut out, &j)?;
        return Ok(ExitCode::SUCCESS);
    }
    match args.level {
        1 => writeln!(
            out,
            "try a {}: {}",
            step.technique,
            in_sentence(step.technique.description())
        )?,
        2 => writeln!(
            out,
            "try a {} involving {}",
            step.technique,
            step.pattern
                .iter()
                .map(|&x| c.name(x))
                .collect::<Vec<_>>()
                .join(", ")
        )?,
        _ => writeln!(
            out,
            "{} ({:.1}): {} → {}",
            step.technique,
            rating::difficulty(&c, &step),
            step.explanation,
            step_effect(&c, &step)
        )?,
    }
    Ok(ExitCode::SUCCESS)
}
