//! `csp`: solve, count and trace constraint-satisfaction problems from the command line.

mod colour;
mod sat;
mod sudoku;

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};
use csp_cli::model_file::{CspFile, SolveOptions};
use csp_cli::output::{solution_json, solution_text, stats_json};
use csp_cli::trace::Trace;
use csp_core::{
    AllDifferentStrength, Limits, Observer, Outcome, Propagation, Restarts, Search, SearchConfig,
    Stats, ValueOrder, VarOrder,
};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const EXIT_CODES: &str = "Exit codes: 0 solved (a solution found or counted), 1 unsatisfiable or a \
limit reached first, 2 error (bad input, bad arguments).";

/// A constraint-satisfaction toolkit: model, solve and study combinatorial problems.
#[derive(Parser, Debug)]
#[command(name = "csp", version, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve a YAML model (`kind: csp`): first solution, count, or all solutions.
    #[command(after_help = EXIT_CODES)]
    Solve(SolveArgs),
    /// Colour a graph: k-colouring, or the chromatic number with a proof; `colour bench DIR`
    /// runs the benchmark.
    #[command(after_help = EXIT_CODES, alias = "color")]
    Colour(colour::ColourArgs),
    /// Sudoku of any box size: `sudoku solve [FILE|-]` one puzzle or a list;
    /// `sudoku bench FILES…` compares strategies and models.
    #[command(after_help = EXIT_CODES)]
    Sudoku(sudoku::SudokuArgs),
    /// Solve a DIMACS CNF formula (SAT competition output: `s SATISFIABLE` and `v … 0`
    /// lines); `--dpll` uses the small teaching solver, `--count N` counts models.
    #[command(after_help = EXIT_CODES)]
    Sat(sat::SatArgs),
    /// Show a model's constraint graph: a degree summary, or Graphviz DOT with --dot.
    Graph {
        /// The model file.
        file: PathBuf,
        /// Print the graph in Graphviz DOT.
        #[arg(long)]
        dot: bool,
    },
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// The model file (YAML, `kind: csp`).
    file: PathBuf,
    /// Count solutions up to N (the count is exact when below N).
    #[arg(long, value_name = "N", conflicts_with = "all")]
    count: Option<u64>,
    /// Print every solution.
    #[arg(long)]
    all: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Print search statistics.
    #[arg(long)]
    stats: bool,
    /// Print each decision, pruning, conflict and backtrack (for learning; can be long).
    #[arg(long)]
    trace: bool,
    #[command(flatten)]
    strategy: StrategyArgs,
}

/// Search strategy flags shared by the solving commands.
#[derive(Args, Debug, Clone)]
struct StrategyArgs {
    /// Propagation: none (plain backtracking), fc (forward checking), ac3 (maintained arc
    /// consistency, all-different pairwise), counting (ac3, all-different by counting: hidden
    /// singles), gac (ac3 with all-different by matching).
    #[arg(long, value_name = "LEVEL")]
    propagation: Option<String>,
    /// Variable order: input, mrv, degree, ddeg, mrv-deg, dom/deg, dom/wdeg.
    #[arg(long, value_name = "ORDER")]
    var_order: Option<String>,
    /// Value order: min, max, lcv, random.
    #[arg(long, alias = "value-order", value_name = "ORDER")]
    val_order: Option<String>,
    /// Run AC-3 once before search (with --propagation none or fc).
    #[arg(long)]
    root_ac: bool,
    /// Luby restarts for the first solution, this many failures per unit.
    #[arg(long, value_name = "SCALE", num_args = 0..=1, default_missing_value = "100")]
    restarts: Option<u64>,
    /// Seed for --val-order random.
    #[arg(long)]
    seed: Option<u64>,
    /// Give up after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Give up after this many nodes.
    #[arg(long, value_name = "N")]
    node_limit: Option<u64>,
    /// Give up after this many failures.
    #[arg(long, value_name = "N")]
    fail_limit: Option<u64>,
}

pub(crate) fn parse_propagation(s: &str) -> Result<(Propagation, AllDifferentStrength)> {
    Ok(match s {
        "none" | "check" | "bt" => (Propagation::None, AllDifferentStrength::Pairwise),
        "fc" | "forward-checking" => (Propagation::ForwardChecking, AllDifferentStrength::Pairwise),
        "ac3" | "mac" => (Propagation::ArcConsistency, AllDifferentStrength::Pairwise),
        "counting" | "ac3+count" => (Propagation::ArcConsistency, AllDifferentStrength::Counting),
        "gac" => (Propagation::ArcConsistency, AllDifferentStrength::Matching),
        _ => bail!("unknown propagation `{s}`; expected one of none, fc, ac3, counting, gac"),
    })
}

impl StrategyArgs {
    fn config(&self, file: &SolveOptions) -> Result<SearchConfig> {
        let mut c = SearchConfig::default();
        if let Some(p) = self.propagation.as_ref().or(file.propagation.as_ref()) {
            (c.propagation, c.all_different) = parse_propagation(p)?;
        }
        if let Some(v) = self.var_order.as_ref().or(file.var_order.as_ref()) {
            c.var_order = v.parse::<VarOrder>().map_err(anyhow::Error::msg)?;
        }
        if let Some(v) = self.val_order.as_ref().or(file.value_order.as_ref()) {
            c.value_order = v.parse::<ValueOrder>().map_err(anyhow::Error::msg)?;
        }
        c.root_arc_consistency = self.root_ac;
        c.seed = self.seed.or(file.seed).unwrap_or(0);
        c.restarts = self.restarts.map(|scale| Restarts {
            scale: scale.max(1),
        });
        let time = self.time_limit.or(file.time_limit);
        if let Some(t) = time {
            if !(t.is_finite() && t >= 0.0) {
                bail!("--time-limit: expected a number of seconds ≥ 0, found {t}");
            }
        }
        c.limits = Limits {
            nodes: self.node_limit,
            failures: self.fail_limit,
            time: time.map(Duration::from_secs_f64),
        };
        Ok(c)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        // A closed pipe (`csp … | head`) is the reader's choice, not an error.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Colour(args) => colour::run(&args),
        Command::Sudoku(args) => sudoku::run(&args),
        Command::Sat(args) => sat::run(&args),
        Command::Graph { file, dot } => {
            let f = CspFile::load(&file)?;
            let g = f.model.constraint_graph();
            let mut out = std::io::stdout().lock();
            if dot {
                write!(out, "{}", g.to_dot())?;
            } else {
                writeln!(
                    out,
                    "{}: {} variables, {} constraints, {} edges",
                    f.name,
                    f.model.num_vars(),
                    f.model.num_constraints(),
                    g.edge_count()
                )?;
                for x in f.model.vars() {
                    writeln!(out, "  {:<12} degree {}", f.model.name(x), g.degree(x))?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

enum Mode {
    First,
    Count(u64),
    All,
}

fn solve(args: &SolveArgs) -> Result<ExitCode> {
    let file = CspFile::load(&args.file)?;
    let config = args
        .strategy
        .config(&file.solve)
        .context("invalid search options")?;
    let mode = match (
        args.count.or(file.solve.count),
        args.all || file.solve.all == Some(true),
    ) {
        (_, true) if args.count.is_none() => Mode::All,
        (Some(n), _) => Mode::Count(n),
        _ => Mode::First,
    };
    let stdout = std::io::stdout();
    if args.trace {
        let trace = Trace::new(&file, stdout.lock());
        let mut search = Search::with_observer(&file.model, config, trace);
        let code = report(&mut stdout.lock(), &file, args, &mode, &mut search)?;
        search.observer_mut().flush();
        Ok(code)
    } else {
        let mut search = Search::new(&file.model, config);
        report(&mut stdout.lock(), &file, args, &mode, &mut search)
    }
}

fn print_stats(out: &mut dyn Write, args: &SolveArgs, stats: &Stats) -> std::io::Result<()> {
    if args.stats && !args.json {
        writeln!(out, "stats: {stats}")?;
    }
    Ok(())
}

fn report<O: Observer>(
    out: &mut dyn Write,
    file: &CspFile,
    args: &SolveArgs,
    mode: &Mode,
    search: &mut Search<'_, O>,
) -> Result<ExitCode> {
    let with_stats = |mut j: serde_json::Value, s: &Stats| {
        if args.stats {
            j["stats"] = stats_json(s);
        }
        j
    };
    match mode {
        Mode::First => {
            let outcome = search.solve();
            let stats = search.stats();
            let (status, code) = match &outcome {
                Outcome::Satisfiable(_) => ("satisfiable".to_string(), ExitCode::SUCCESS),
                Outcome::Unsatisfiable => ("unsatisfiable".to_string(), ExitCode::from(1)),
                Outcome::Unknown(l) => (format!("unknown ({l} reached)"), ExitCode::from(1)),
            };
            if args.json {
                let mut j = json!({ "problem": file.name, "status": status.split(' ').next() });
                if let Outcome::Satisfiable(s) = &outcome {
                    j["solution"] = solution_json(file, s);
                }
                if let Outcome::Unknown(l) = &outcome {
                    j["limit"] = json!(l.to_string());
                }
                writeln!(out, "{}", with_stats(j, &stats))?;
            } else {
                writeln!(out, "{}: {status}", file.name)?;
                if let Outcome::Satisfiable(s) = &outcome {
                    write!(out, "{}", solution_text(file, s))?;
                }
                print_stats(out, args, &stats)?;
            }
            Ok(code)
        }
        Mode::Count(cap) => {
            let c = search.count(*cap);
            let stats = search.stats();
            let exact = c.exhausted;
            if args.json {
                let mut j = json!({ "problem": file.name, "count": c.count, "exact": exact });
                if let Some(l) = c.limit {
                    j["limit"] = json!(l.to_string());
                }
                writeln!(out, "{}", with_stats(j, &stats))?;
            } else {
                let qualifier = match (exact, c.limit) {
                    (true, _) => String::new(),
                    (false, Some(l)) => format!(" at least ({l} reached)"),
                    (false, None) => format!(" at least (stopped at --count {cap})"),
                };
                let noun = if c.count == 1 {
                    "solution"
                } else {
                    "solutions"
                };
                writeln!(out, "{}: {} {noun}{qualifier}", file.name, c.count)?;
                print_stats(out, args, &stats)?;
            }
            Ok(if c.count > 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Mode::All => {
            let mut n = 0u64;
            let mut all = Vec::new();
            for s in search.solutions() {
                n += 1;
                if args.json {
                    all.push(solution_json(file, &s));
                } else {
                    writeln!(out, "solution {n}:")?;
                    write!(out, "{}", solution_text(file, &s))?;
                }
            }
            let limit = search.limit_reached();
            let stats = search.stats();
            if args.json {
                let mut j = json!({ "problem": file.name, "count": n, "exact": limit.is_none(), "solutions": all });
                if let Some(l) = limit {
                    j["limit"] = json!(l.to_string());
                }
                writeln!(out, "{}", with_stats(j, &stats))?;
            } else {
                let noun = if n == 1 { "solution" } else { "solutions" };
                match limit {
                    None => writeln!(out, "{}: {n} {noun}", file.name)?,
                    Some(l) => writeln!(out, "{}: {n} {noun} at least ({l} reached)", file.name)?,
                }
                print_stats(out, args, &stats)?;
            }
            Ok(if n > 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
    }
}
