//! `csp sudoku …`: solving (`solve`, `bench`, `cnf`) by the engine, dancing links or SAT, and
//! solving like a person (`rate`, `explain`, `hint`, `generate`, `techniques`).

mod bench;
mod human;
mod solve;

use crate::args::EngineArgs;
use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand, ValueEnum};
use csp_core::SearchConfig;
use csp_sudoku::method::Method;
use csp_sudoku::sat::Encoding;
use csp_sudoku::{ModelKind, Puzzle};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// `csp sudoku …`
#[derive(Args, Debug)]
pub(crate) struct SudokuArgs {
    #[command(subcommand)]
    command: SudokuCommand,
}

#[derive(Subcommand, Debug)]
enum SudokuCommand {
    /// Solve one puzzle or a file of many (one solution line per puzzle).
    Solve(solve::SolveArgs),
    /// Benchmark methods, strategies and models on puzzle lists: puzzles/s, nodes and
    /// failures per puzzle, against the naive backtracker.
    Bench(bench::BenchArgs),
    /// Write a puzzle as a DIMACS CNF formula (the rules, and a unit clause per given).
    Cnf(solve::CnfArgs),
    /// Rate puzzles on Sudoku Explainer's scale: one line per puzzle with ER/EP/ED, the level
    /// and the hardest technique.
    Rate(human::RateArgs),
    /// The whole logical solving path, easiest step first, each step explained.
    Explain(human::ExplainArgs),
    /// The next logical step, in three levels of detail.
    Hint(human::HintArgs),
    /// Generate minimal puzzles with a unique solution, one per line.
    Generate(human::GenerateArgs),
    /// List the techniques in the order they are tried, with their base rating and what each
    /// looks for.
    Techniques(human::TechniquesArgs),
}

/// Runs `csp sudoku …`.
pub(crate) fn run(args: &SudokuArgs) -> Result<ExitCode> {
    match &args.command {
        SudokuCommand::Solve(a) => solve::run(a),
        SudokuCommand::Bench(b) => bench::run(b),
        SudokuCommand::Cnf(c) => solve::cnf(c),
        SudokuCommand::Rate(r) => human::rate(r),
        SudokuCommand::Explain(e) => human::explain(e),
        SudokuCommand::Hint(h) => human::hint(h),
        SudokuCommand::Generate(g) => human::generate(g),
        SudokuCommand::Techniques(t) => human::techniques(t),
    }
}

/// The solver family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum MethodName {
    /// The constraint engine.
    Csp,
    /// Exact cover by dancing links.
    Dlx,
    /// CNF through batsat.
    Sat,
    /// The dedicated 9×9 triad solver (other sizes: the engine).
    Fast,
}

/// The SAT encodings, for `--encoding`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EncodingName {
    /// 8,829 clauses for 9×9.
    Minimal,
    /// 11,988: minimal plus at most one digit per cell and each digit at least once per unit.
    Extended,
}

impl From<EncodingName> for Encoding {
    fn from(e: EncodingName) -> Self {
        match e {
            EncodingName::Minimal => Encoding::Minimal,
            EncodingName::Extended => Encoding::Extended,
        }
    }
}

/// The sudoku models, for `--model`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ModelName {
    /// A ≠ per edge of the sudoku graph.
    Graph,
    /// An all-different per row, column and box.
    Alldiff,
}

impl From<ModelName> for ModelKind {
    fn from(m: ModelName) -> Self {
        match m {
            ModelName::Graph => ModelKind::Graph,
            ModelName::Alldiff => ModelKind::AllDifferent,
        }
    }
}

/// `--method`, `--model`, `--encoding` and the engine flags.
#[derive(Args, Debug, Clone)]
pub(crate) struct MethodArgs {
    /// The solver (default: fast, the dedicated 9×9 solver, for 9×9 puzzles; the engine for
    /// other sizes, or when --model or an engine flag is given).
    #[arg(long, value_enum)]
    method: Option<MethodName>,
    /// The engine's model (with --method csp; default: alldiff).
    #[arg(long, value_enum)]
    model: Option<ModelName>,
    /// The SAT encoding (with --method sat).
    #[arg(long, value_enum, default_value_t = EncodingName::Extended)]
    encoding: EncodingName,
    /// The engine's strategy (default: dom/wdeg, all-different by counting).
    #[command(flatten)]
    engine: EngineArgs,
}

impl MethodArgs {
    /// The method, with the engine's limits.
    pub(crate) fn method(&self, limits: &crate::args::LimitArgs) -> Result<Method> {
        let engine_asked = self.engine.any() || self.model.is_some();
        let method = self.method.unwrap_or(if engine_asked {
            MethodName::Csp
        } else {
            MethodName::Fast
        });
        if method != MethodName::Csp && engine_asked {
            bail!("--model, --propagation, --var-order and --val-order apply to --method csp");
        }
        Ok(match method {
            MethodName::Csp => {
                let (_, base) = Method::default_engine();
                let config = self
                    .engine
                    .config(base, &csp_model::SolveOptions::default(), limits);
                Method::Engine(self.model.unwrap_or(ModelName::Alldiff).into(), config)
            }
            MethodName::Dlx => Method::Dlx,
            MethodName::Sat => Method::Sat(self.encoding.into()),
            MethodName::Fast => Method::Fast,
        })
    }
}

/// The engine configuration of a bench strategy label: `VARORDER+PROPAGATION` or `naive`.
pub(crate) fn strategy(s: &str) -> Result<SearchConfig> {
    if s == "naive" {
        return Ok(SearchConfig::naive());
    }
    let Some((var, prop)) = s.rsplit_once('+') else {
        bail!("unknown strategy `{s}`; expected VARORDER+PROPAGATION (e.g. mrv+counting) or naive");
    };
    Ok(SearchConfig {
        var_order: var.parse().map_err(anyhow::Error::msg)?,
        ..SearchConfig::default().with_level(prop.parse().map_err(anyhow::Error::msg)?)
    })
}

/// Reads the puzzles of a file or standard input.
pub(crate) fn load(file: &Path) -> Result<Vec<Puzzle>> {
    let src = crate::input::read(file, "csp sudoku solve")?;
    // A YAML puzzle (`kind: sudoku`) is recognised by its text.
    Ok(csp_sudoku::parse::parse(&src.text, &src.name)?)
}

/// A streamed puzzle list, and how much of its file has been read: a progress bar estimates
/// the whole list from the puzzles read so far and the share of the file they took.
pub(crate) struct Stream {
    pub(crate) reader: csp_sudoku::parse::Reader<Box<dyn std::io::BufRead>>,
    size: Option<u64>,
    read: Arc<AtomicU64>,
}

impl Stream {
    /// The puzzles the whole list holds, estimated from `parsed` read so far (`None` for a
    /// pipe, whose size is unknown).
    pub(crate) fn estimate(&self, parsed: u64) -> Option<u64> {
        let size = self.size?;
        let read = self.read.load(Ordering::Relaxed).max(1);
        Some(if read >= size {
            parsed
        } else {
            (u128::from(parsed) * u128::from(size) / u128::from(read)) as u64
        })
        .map(|n| n.max(parsed))
    }

    /// A progress display for the list: a bar with an estimated total and ETA for a file, a
    /// count for a pipe.
    pub(crate) fn progress(&self, what: &str) -> indicatif::ProgressBar {
        if self.size.is_some() {
            crate::progress::estimated(what)
        } else {
            crate::progress::counter(what)
        }
    }
}

/// Counts the bytes read from the file, before any decompression.
struct Counted<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: std::io::Read> std::io::Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// The puzzles of `file` (or standard input for `-`) one at a time, read as they are solved
/// (see [`csp_sudoku::parse::Reader`]); a file plainly of another kind is refused first.
pub(crate) fn open(file: &Path, here: &str) -> Result<Stream> {
    use std::io::{BufRead, IsTerminal};
    let read = Arc::new(AtomicU64::new(0));
    let (name, raw, size): (String, Box<dyn std::io::Read>, Option<u64>) =
        if file.as_os_str() == "-" {
            if std::io::stdin().is_terminal() {
                bail!("no input: give a FILE, or pipe one to standard input (`-`)");
            }
            ("<stdin>".into(), Box::new(std::io::stdin()), None)
        } else {
            let name = file.display().to_string();
            if file.is_dir() {
                bail!("{name}: is a folder, not a file");
            }
            let f = std::fs::File::open(file).map_err(|e| csp_model::SourceError::io(&name, &e))?;
            let size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
            let counted = Counted {
                inner: f,
                read: Arc::clone(&read),
            };
            (name, Box::new(counted), size)
        };
    // A compressed list (`puzzles.txt.gz`) is read through its decoder, still streamed.
    let (_, mut input) =
        csp_model::compressed::open(raw).map_err(|e| csp_model::SourceError::io(&name, &e))?;
    // The start of the input tells a file of another kind.
    let head = input
        .fill_buf()
        .map_err(|e| csp_model::SourceError::io(&name, &e))?;
    let valid = match std::str::from_utf8(head) {
        Ok(t) => t,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default(),
    };
    let src = csp_model::Source {
        name: name.clone(),
        text: valid.to_string(),
    };
    crate::input::expect(&src, file, here)?;
    Ok(Stream {
        reader: csp_sudoku::parse::Reader::new(input, &name),
        size,
        read,
    })
}

/// The first puzzle of a file.
pub(crate) fn first(file: &Path) -> Result<Puzzle> {
    load(file)?
        .into_iter()
        .next()
        .context("no puzzle in the input")
}

/// A thread pool of `jobs` threads (default: all cores), at most one per core: the work is
/// CPU-bound, so more threads only cost their start-up (`--jobs 100000` once took 20 s).
pub(crate) fn pool(jobs: Option<usize>) -> Result<rayon::ThreadPool> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(j) = jobs {
        if j == 0 {
            bail!("--jobs must be at least 1");
        }
        b = b.num_threads(j.min(cores));
    }
    Ok(b.build()?)
}

/// "the givens clash: 5 twice in a row, at r1c1 and r1c4".
pub(crate) fn clash_text(p: &Puzzle, c: &csp_sudoku::Clash) -> String {
    c.describe(p.grid.shape().size())
}
