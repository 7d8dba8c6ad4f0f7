//! `csp sudoku solve`, `csp sudoku cnf` and `csp sudoku bench`: the engine, dancing links and
//! SAT side by side.

use crate::colour::data_dir;
use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use csp_core::{SearchConfig, VarOrder};
use csp_sudoku::exact_cover::DlxSolver;
use csp_sudoku::human::{self, Candidates, Step, rating};
use csp_sudoku::sat::{Encoding, SatEncoded, SatSolver};
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
    /// Benchmark methods, strategies and models on puzzle lists: puzzles/s, nodes and
    /// failures per puzzle, against the naive backtracker.
    Bench(BenchArgs),
    /// Write a puzzle as a DIMACS CNF formula (the rules, and a unit clause per given).
    Cnf(CnfArgs),
    /// Rate puzzles on Sudoku Explainer's scale: one line per puzzle with ER/EP/ED, the level
    /// and the hardest technique.
    Rate(RateArgs),
    /// The whole logical solving path, easiest step first, each step explained.
    Explain(ExplainArgs),
    /// The next logical step, in three levels of detail.
    Hint(HintArgs),
    /// Generate minimal puzzles with a unique solution, one per line.
    Generate(GenerateArgs),
    /// List the techniques in the order they are tried, with their base rating and what each
    /// looks for.
    Techniques,
}

#[derive(Args, Debug)]
struct GenerateArgs {
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// Clues removed together: none, rot180, rot90, mirror, diagonal.
    #[arg(long, default_value = "none")]
    symmetry: String,
    /// Only puzzles of this level (easy, medium, hard, expert, extreme), by their rating.
    #[arg(long)]
    level: Option<String>,
    /// Random seed (the same seed gives the same puzzles).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Box size: 3 for 9×9, 2 for 4×4, 4 for 16×16.
    #[arg(long, default_value_t = 3)]
    r#box: usize,
    /// Print the number of puzzles tried and puzzles/s on standard error.
    #[arg(long)]
    stats: bool,
}

#[derive(Args, Debug)]
struct RateArgs {
    /// The puzzle file (`-` or nothing: standard input).
    file: Option<PathBuf>,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct ExplainArgs {
    /// A puzzle (its first one is used), or a 729-character pencil-mark grid; `-` or nothing:
    /// standard input.
    file: Option<PathBuf>,
    /// JSON output (the steps as objects).
    #[arg(long)]
    json: bool,
    /// Draw every step as SVG into this folder (`step-001.svg`, …; created if missing).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// Show only the steps rated at least this (2.4 hides the singles); all are applied.
    #[arg(long, value_name = "RATING", default_value_t = 0.0)]
    min_rating: f64,
}

#[derive(Args, Debug)]
struct HintArgs {
    /// A puzzle (its first one is used), or a 729-character pencil-mark grid; `-` or nothing:
    /// standard input.
    file: Option<PathBuf>,
    /// 1: the technique only; 2: and where to look; 3: the whole step.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    level: u8,
    /// Also draw the step (pattern shaded, eliminations red, placements green) as SVG.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct CnfArgs {
    /// The puzzle file (`-` or nothing: standard input); its first puzzle is written.
    file: Option<PathBuf>,
    /// `minimal` (8,829 clauses for 9×9) or `extended` (11,988).
    #[arg(long, default_value = "extended")]
    encoding: String,
}

/// How to solve: the method, and for the engine the model and strategy.
#[derive(Args, Debug, Clone)]
struct StrategyArgs {
    /// `csp` (the constraint engine), `dlx` (exact cover by dancing links) or `sat` (CNF
    /// through batsat).
    #[arg(long, default_value = "csp")]
    method: String,
    /// SAT encoding: `minimal` or `extended` (with `--method sat`).
    #[arg(long, default_value = "extended")]
    encoding: String,
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
    /// Comma-separated methods: `csp` (every model × strategy), `dlx`, `sat` (both
    /// encodings).
    #[arg(long, default_value = "csp")]
    methods: String,
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

/// What solves the puzzles.
#[derive(Debug, Clone)]
enum Method {
    /// The engine on a model with a search configuration.
    Csp(ModelKind, SearchConfig),
    /// Dancing links.
    Dlx,
    /// SAT in an encoding.
    Sat(Encoding),
}

impl Method {
    fn parse(args: &StrategyArgs) -> Result<Method> {
        match args.method.as_str() {
            "csp" => Ok(Method::Csp(model(&args.model)?, strategy(&args.strategy)?)),
            "dlx" => Ok(Method::Dlx),
            "sat" => Ok(Method::Sat(
                args.encoding.parse().map_err(anyhow::Error::msg)?,
            )),
            m => bail!("unknown method `{m}`; expected csp, dlx or sat"),
        }
    }

    /// For the summary line and the bench table: the model and the strategy.
    fn describe(&self, strategy: &str) -> (String, String) {
        match self {
            Method::Csp(kind, _) => (kind.to_string(), strategy.to_string()),
            Method::Dlx => ("exact-cover".into(), "dlx".into()),
            Method::Sat(e) => (format!("cnf-{e}"), "batsat".into()),
        }
    }
}

/// The encodings every thread shares, one per shape present.
#[derive(Default)]
struct Shared {
    csp: HashMap<Shape, Encoded>,
    sat: HashMap<Shape, SatEncoded>,
}

fn shared(puzzles: &[Puzzle], method: &Method) -> Shared {
    let mut sh = Shared::default();
    for p in puzzles {
        let s = p.grid.shape();
        match method {
            Method::Csp(kind, _) => {
                sh.csp.entry(s).or_insert_with(|| encode(s, *kind));
            }
            Method::Sat(e) => {
                sh.sat.entry(s).or_insert_with(|| SatEncoded::new(s, *e));
            }
            Method::Dlx => {}
        }
    }
    sh
}

/// One thread's solver for one shape.
enum ThreadSolver<'e> {
    Csp(Box<Solver<'e>>),
    Dlx(Box<DlxSolver>),
    Sat(SatSolver<'e>),
}

impl ThreadSolver<'_> {
    fn solve(&mut self, p: &Puzzle, cap: u64) -> Answer {
        match self {
            ThreadSolver::Csp(s) => s.solve(&p.grid, cap),
            ThreadSolver::Dlx(s) => s.solve(&p.grid, cap),
            ThreadSolver::Sat(s) => s.solve(&p.grid, cap),
        }
    }
}

/// Solves every puzzle in parallel (input order kept), with a progress bar on a terminal.
fn solve_all(
    puzzles: &[Puzzle],
    sh: &Shared,
    method: &Method,
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
            |solvers: &mut HashMap<Shape, ThreadSolver<'_>>, p| {
                let shape = p.grid.shape();
                let solver = solvers.entry(shape).or_insert_with(|| match method {
                    Method::Csp(_, config) => {
                        ThreadSolver::Csp(Box::new(Solver::new(&sh.csp[&shape], config.clone())))
                    }
                    Method::Dlx => ThreadSolver::Dlx(Box::new(DlxSolver::new(shape))),
                    Method::Sat(_) => ThreadSolver::Sat(SatSolver::new(&sh.sat[&shape])),
                });
                let a = solver.solve(p, cap);
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
        SudokuCommand::Cnf(c) => cnf(c),
        SudokuCommand::Rate(r) => rate(r),
        SudokuCommand::Explain(e) => explain(e),
        SudokuCommand::Hint(h) => hint(h),
        SudokuCommand::Generate(g) => generate(g),
        SudokuCommand::Techniques => techniques(),
    }
}

fn techniques() -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
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

fn generate(args: &GenerateArgs) -> Result<ExitCode> {
    use csp_sudoku::generate::{Generator, Symmetry};
    let symmetry: Symmetry = args.symmetry.parse().map_err(anyhow::Error::msg)?;
    let level = args
        .level
        .as_deref()
        .map(|l| {
            [
                rating::Level::Easy,
                rating::Level::Medium,
                rating::Level::Hard,
                rating::Level::Expert,
                rating::Level::Extreme,
            ]
            .into_iter()
            .find(|x| x.name() == l)
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "unknown level `{l}`; expected easy, medium, hard, expert or extreme"
                )
            })
        })
        .transpose()?;
    let shape = Shape::square(args.r#box)
        .filter(|s| s.size() <= 25)
        .with_context(|| format!("--box {} is not a box size from 2 to 5", args.r#box))?;
    let mut g = Generator::new(shape, symmetry, args.seed);
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let mut tried = 0usize;
    let mut made = 0usize;
    while made < args.count {
        let p = g.puzzle();
        tried += 1;
        if let Some(l) = level {
            // Rated only up to the level's ceiling: no chain is searched for an easy puzzle.
            if rating::rate_within(&p, l.ceiling()).is_none_or(|r| rating::Level::of(r.er) != l) {
                continue;
            }
        }
        writeln!(out, "{}", p.to_line())?;
        made += 1;
    }
    if args.stats {
        let t = start.elapsed().as_secs_f64();
        eprintln!(
            "{made} puzzles ({tried} generated), {t:.3} s, {:.1} puzzles/s",
            made as f64 / t.max(1e-9)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The candidates of the first puzzle of a file, or of a pencil-mark grid.
fn candidates(file: Option<&Path>) -> Result<Candidates> {
    let (text, name) = match file {
        Some(p) if p != Path::new("-") => (
            std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))?,
            p.display().to_string(),
        ),
        _ => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text)?;
            (text, "<stdin>".to_string())
        }
    };
    // Pencil marks are one line of 729 characters (a list of nine 81-character puzzles has
    // as many characters, on nine lines: that is a puzzle list).
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if let [line] = lines[..] {
        if line.chars().count() == 729 {
            return Candidates::from_pencil_marks(line).map_err(|e| anyhow::anyhow!("{name}: {e}"));
        }
    }
    let puzzles = csp_sudoku::parse::parse(&text, &name)?;
    let p = puzzles.first().context("no puzzle in the input")?;
    Candidates::new(&p.grid).ok_or_else(|| {
        anyhow::anyhow!(
            "{name}:{}: {}",
            p.line,
            p.grid
                .clash()
                .map(|c| clash_text(p, &c))
                .unwrap_or_default()
        )
    })
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

fn rate(args: &RateArgs) -> Result<ExitCode> {
    let puzzles = load(args.file.as_deref())?;
    let ratings: Vec<Option<rating::Rating>> =
        puzzles.par_iter().map(|p| rating::rate(&p.grid)).collect();
    let mut out = std::io::stdout().lock();
    let mut items = Vec::new();
    for (p, r) in puzzles.iter().zip(&ratings) {
        match r {
            Some(r) => {
                let level = rating::Level::of(r.er);
                let hardest = r
                    .hardest
                    .map_or("beyond the implemented techniques", |t| t.name());
                if args.json {
                    items.push(json!({"line": p.line, "puzzle": p.grid.to_line(), "er": r.er, "ep": r.ep, "ed": r.ed,
                        "level": level.name(), "hardest": hardest, "solved_by_logic": r.solved_by_logic, "steps": r.steps}));
                } else {
                    writeln!(
                        out,
                        "{:.1}/{:.1}/{:.1} {:<7} {}{} {}",
                        r.er,
                        r.ep,
                        r.ed,
                        level.name(),
                        hardest,
                        if r.solved_by_logic { "" } else { " (estimate)" },
                        p.grid.to_line()
                    )?;
                }
            }
            None => {
                if args.json {
                    items.push(json!({"line": p.line, "puzzle": p.grid.to_line(), "error": "the givens clash"}));
                } else {
                    writeln!(
                        out,
                        "0.0/0.0/0.0 invalid (the givens clash) {}",
                        p.grid.to_line()
                    )?;
                }
            }
        }
    }
    if args.json {
        serde_json::to_writer_pretty(&mut out, &items)?;
        writeln!(out)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn explain(args: &ExplainArgs) -> Result<ExitCode> {
    let mut c = candidates(args.file.as_deref())?;
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
            std::fs::write(&path, csp_sudoku::render::step_svg(&c, &step))
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
    if args.json {
        let j = json!({"steps": steps, "solved": solved, "grid": c.grid().to_line()});
        serde_json::to_writer_pretty(&mut out, &j)?;
        writeln!(out)?;
    } else if solved {
        writeln!(out, "solved in {k} steps: {}", c.grid().to_line())?;
    } else {
        writeln!(
            out,
            "stuck after {k} steps: no implemented technique applies (the puzzle needs search or a technique not yet here): {}",
            c.grid().to_line()
        )?;
    }
    Ok(if solved {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn hint(args: &HintArgs) -> Result<ExitCode> {
    let c = candidates(args.file.as_deref())?;
    let mut out = std::io::stdout().lock();
    if c.is_solved() {
        writeln!(out, "the grid is already solved")?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(step) = human::next_step(&c) else {
        writeln!(out, "no implemented technique applies here")?;
        return Ok(ExitCode::from(1));
    };
    if let Some(path) = &args.svg {
        std::fs::write(path, csp_sudoku::render::step_svg(&c, &step))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if args.json {
        let mut j = step_json(&c, &step);
        if args.level < 3 {
            if let Some(o) = j.as_object_mut() {
                o.remove("placements");
                o.remove("eliminations");
                o.remove("explanation");
                if args.level < 2 {
                    o.remove("pattern");
                }
            }
        }
        writeln!(out, "{j}")?;
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

fn cnf(args: &CnfArgs) -> Result<ExitCode> {
    let puzzles = load(args.file.as_deref())?;
    let encoding: Encoding = args.encoding.parse().map_err(anyhow::Error::msg)?;
    let Some(p) = puzzles.first() else {
        bail!("no puzzle in the input");
    };
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
    csp_sat::dimacs::write(&f, &comments, &mut out)?;
    Ok(ExitCode::SUCCESS)
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
    let method = Method::parse(&args.strategy)?;
    let cap = if args.unique {
        2
    } else {
        args.count.unwrap_or(1)
    };
    let counting = args.unique || args.count.is_some();
    if args.svg.is_some() && puzzles.len() != 1 {
        bail!("--svg draws one puzzle; the input holds {}", puzzles.len());
    }
    let sh = shared(&puzzles, &method);
    let start = Instant::now();
    let answers = pool(args.jobs)?.install(|| solve_all(&puzzles, &sh, &method, cap, true));
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
        let (model_name, strategy_name) = method.describe(&args.strategy.strategy);
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
            model_name,
            strategy_name,
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
    method: &'static str,
    model: String,
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
    let models: Vec<ModelKind> = b
        .models
        .split(',')
        .map(|m| model(m.trim()))
        .collect::<Result<_>>()?;
    // Every row to run: (method name, method, strategy label).
    let mut plans: Vec<(&'static str, Method, String)> = Vec::new();
    for m in b
        .methods
        .split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
    {
        match m {
            "csp" => {
                for &kind in &models {
                    for s in &strategies {
                        let mut config = strategy(s)?;
                        config.limits.nodes = Some(b.node_limit);
                        plans.push(("csp", Method::Csp(kind, config), s.clone()));
                    }
                }
            }
            "dlx" => plans.push(("dlx", Method::Dlx, "dlx".into())),
            "sat" => {
                for e in Encoding::ALL {
                    plans.push(("sat", Method::Sat(e), "batsat".into()));
                }
            }
            _ => bail!("unknown method `{m}`; expected csp, dlx or sat"),
        }
    }
    let pool = pool(Some(b.jobs))?;
    let budget = Duration::from_secs_f64(b.max_seconds.max(0.0));
    let mut out = std::io::stdout().lock();
    if b.csv {
        writeln!(
            out,
            "set,method,model,strategy,puzzles,solved,unique,seconds,puzzles_per_s,nodes_per_puzzle,failures_per_puzzle"
        )?;
    } else {
        writeln!(
            out,
            "uniqueness check (count up to 2), {} thread(s), at most {} s per row, {} nodes per puzzle (csp)\n",
            b.jobs, b.max_seconds, b.node_limit
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
    for file in &files {
        let mut puzzles = csp_sudoku::parse::read(file)?;
        if let Some(l) = b.limit {
            puzzles.truncate(l);
        }
        let set = file.file_name().map_or_else(
            || file.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        for (name, method, label) in &plans {
            let sh = shared(&puzzles, method);
            let (model_name, strategy_name) = method.describe(label);
            let start = Instant::now();
            let mut row = Row {
                set: set.clone(),
                method: name,
                model: model_name,
                strategy: strategy_name,
                puzzles: 0,
                solved: 0,
                unique: 0,
                seconds: 0.0,
                nodes: 0,
                failures: 0,
            };
            // Small chunks, so that a slow strategy stops near the time budget.
            for chunk in puzzles.chunks(16 * b.jobs) {
                let answers = pool.install(|| solve_all(chunk, &sh, method, 2, false));
                for (p, a) in chunk.iter().zip(&answers) {
                    if let Some(sol) = &a.solution {
                        verify(&p.grid, sol).map_err(|v| {
                            anyhow::anyhow!(
                                "{set} line {}: {name} {label} returned a wrong solution: {v}",
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
    Ok(ExitCode::SUCCESS)
}

fn print_row(out: &mut impl Write, r: &Row, csv: bool) -> Result<()> {
    let n = r.puzzles.max(1) as f64;
    let rate = r.puzzles as f64 / r.seconds.max(1e-9);
    if csv {
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
    Ok(())
}
