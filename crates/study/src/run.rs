//! Running a study: every instance of every set with every strategy and repetition, in
//! parallel, one JSON line per run appended to the results file as it ends; runs already in
//! the file are skipped, so an interrupted study resumes.

use crate::instance::{self, Instance, LoadError};
use crate::spec::Spec;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use thiserror::Error;

/// One run's result: a row of the results file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The study's name.
    pub study: String,
    /// The set's name.
    pub set: String,
    /// The instance's id.
    pub instance: String,
    /// The strategy's name.
    pub strategy: String,
    /// The run's seed (the study's seed plus the repetition).
    pub seed: u64,
    /// How the run ended, in the toolkit's status words: `satisfiable` (a solution, checked;
    /// for a chromatic number a colouring not proved fewest), `optimal` (χ proved),
    /// `unsatisfiable` or `unknown` (a limit came first). Files written before the one
    /// vocabulary call it `verdict` (`solved`, `unsat`, `unknown`) and still read.
    #[serde(alias = "verdict")]
    pub status: String,
    /// Search nodes (decisions and refutations).
    pub nodes: u64,
    /// Dead ends.
    pub failures: u64,
    /// Propagator calls.
    pub propagations: u64,
    /// Revisions (arc checks).
    pub revisions: u64,
    /// Deepest decision level.
    pub max_depth: u64,
    /// Restarts.
    pub restarts: u64,
    /// Wall time of the search, in seconds.
    pub seconds: f64,
    /// For a chromatic-number set, the fewest colours found (χ when solved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u64>,
    /// CPU time of the thread that ran the search, in seconds (where the system measures
    /// it; rows written before it was recorded have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_seconds: Option<f64>,
}

impl Row {
    /// Whether the run answered its question: a checked solution or a proof of none, and
    /// for a chromatic number (a row with a `value`) the proof that it is fewest.
    pub fn solved(&self) -> bool {
        match self.status.as_str() {
            "optimal" | "unsatisfiable" => true,
            "satisfiable" => self.value.is_none(),
            _ => false,
        }
    }

    /// Renames a row written before the one vocabulary (`solved`, `unsat`) to its status.
    fn modernised(mut self) -> Row {
        self.status = match (self.status.as_str(), self.value) {
            ("solved", Some(_)) => "optimal".into(),
            ("solved", None) => "satisfiable".into(),
            ("unsat", _) => "unsatisfiable".into(),
            _ => return self,
        };
        self
    }

    /// The run's time in seconds: CPU time where measured, else wall time.
    pub fn time(&self) -> f64 {
        self.cpu_seconds.unwrap_or(self.seconds)
    }

    /// The key that identifies a run across resumptions.
    fn key(&self) -> (String, String, String, u64) {
        (
            self.set.clone(),
            self.instance.clone(),
            self.strategy.clone(),
            self.seed,
        )
    }
}

/// Why a study could not run.
#[derive(Debug, Error)]
pub enum RunError {
    /// A set's files.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The results file.
    #[error("{file}: {message}")]
    Results {
        /// The file.
        file: String,
        /// What went wrong.
        message: String,
    },
    /// An answer the independent verifier refused (a bug in the engine: never counted).
    #[error("internal error: {0}")]
    Wrong(String),
    /// Too many runs.
    #[error("{0} runs; a study may ask for at most {MAX_RUNS}")]
    TooMany(usize),
}

/// The most runs one study may ask for.
pub const MAX_RUNS: usize = 10_000_000;

/// Where the study stands, for a progress display.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    /// Runs done (including those found in the results file).
    pub done: usize,
    /// Runs in all.
    pub total: usize,
}

/// Runs `spec` on `jobs` threads (0: one per core). With `results`, rows found there are kept
/// and their runs skipped, and each new row is appended (and flushed) as its run ends.
/// Returns every row of the study, in order: set, instance, strategy, repetition.
pub fn run(
    spec: &Spec,
    results: Option<&Path>,
    jobs: usize,
    progress: &(dyn Fn(Progress, Option<&Row>) + Sync),
) -> Result<Vec<Row>, RunError> {
    run_part(spec, results, jobs, None, progress)
}

/// The number of runs in `spec` (its sets are read to count their instances).
pub fn count_runs(spec: &Spec) -> Result<usize, RunError> {
    let sets = load_sets(spec)?;
    Ok(runs_in(spec, &sets))
}

/// The runs numbered `part` in the study's order (as [`run`] returns them), without a
/// results file: what one worker of a distributed study does with its share.
pub fn run_range(
    spec: &Spec,
    part: std::ops::Range<usize>,
    jobs: usize,
    progress: &(dyn Fn(Progress, Option<&Row>) + Sync),
) -> Result<Vec<Row>, RunError> {
    run_part(spec, None, jobs, Some(part), progress)
}

fn load_sets(spec: &Spec) -> Result<Vec<Vec<Instance>>, RunError> {
    Ok(spec
        .sets
        .iter()
        .map(instance::load)
        .collect::<Result<_, _>>()?)
}

fn runs_in(spec: &Spec, sets: &[Vec<Instance>]) -> usize {
    let per_instance = spec.strategies.len() * spec.repetitions as usize;
    sets.iter().map(|s| s.len() * per_instance).sum()
}

/// One run of the plan: which set, instance and strategy (indices into the study), its
/// seed, and whether the results file already has it.
#[derive(Debug, Clone, Copy)]
struct Planned {
    set: usize,
    instance: usize,
    strategy: usize,
    seed: u64,
    done: bool,
}

/// The runs of a part of the study (`part` of `all` in the study's order), as named steps:
/// plan, open the results, run what is not done on a pool, and put every row in order.
fn run_part(
    spec: &Spec,
    results: Option<&Path>,
    jobs: usize,
    part: Option<std::ops::Range<usize>>,
    progress: &(dyn Fn(Progress, Option<&Row>) + Sync),
) -> Result<Vec<Row>, RunError> {
    let sets = load_sets(spec)?;
    let all = runs_in(spec, &sets);
    if all > MAX_RUNS {
        return Err(RunError::TooMany(all));
    }
    let part = part.unwrap_or(0..all);
    let total = part.end.min(all).saturating_sub(part.start);
    let earlier = match results {
        Some(p) => read_rows(p, &spec.name)?,
        None => Vec::new(),
    };
    let plan = plan(spec, &sets, &part, &earlier);
    let writer = open_results(results)?;
    let done = AtomicUsize::new(plan.iter().filter(|p| p.done).count());
    progress(
        Progress {
            done: done.load(Ordering::Relaxed),
            total,
        },
        None,
    );
    let one = |p: &Planned| -> Result<Row, RunError> {
        let row = run_one(spec, &sets, p)?;
        if let (Some(w), Some(path)) = (&writer, results) {
            append_row(w, path, &row)?;
        }
        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
        progress(Progress { done: d, total }, Some(&row));
        Ok(row)
    };
    let todo: Vec<_> = plan.iter().filter(|p| !p.done).collect();
    let fresh: Vec<Row> = pool(jobs)?.install(|| {
        use rayon::prelude::*;
        todo.par_iter().map(|p| one(p)).collect::<Result<_, _>>()
    })?;
    Ok(in_plan_order(spec, &sets, &plan, earlier, fresh))
}

/// Every run of `part`, in the study's order; those with a row in `earlier` marked done.
fn plan(
    spec: &Spec,
    sets: &[Vec<Instance>],
    part: &std::ops::Range<usize>,
    earlier: &[Row],
) -> Vec<Planned> {
    let have: HashSet<_> = earlier.iter().map(Row::key).collect();
    let mut plan = Vec::with_capacity(part.len().min(MAX_RUNS));
    let mut index = 0;
    for (si, set) in spec.sets.iter().enumerate() {
        for (ii, inst) in sets[si].iter().enumerate() {
            for (ki, st) in spec.strategies.iter().enumerate() {
                for r in 0..spec.repetitions {
                    let seed = spec.seed + u64::from(r);
                    let key = (set.name.clone(), inst.id.clone(), st.name.clone(), seed);
                    if part.contains(&index) {
                        plan.push(Planned {
                            set: si,
                            instance: ii,
                            strategy: ki,
                            seed,
                            done: have.contains(&key),
                        });
                    }
                    index += 1;
                }
            }
        }
    }
    plan
}

/// The results file opened for appending (a line cut short by an interruption dropped first).
fn open_results(results: Option<&Path>) -> Result<Option<Mutex<std::fs::File>>, RunError> {
    let Some(p) = results else {
        return Ok(None);
    };
    drop_cut_line(p)?;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(p)
        .map_err(|e| RunError::Results {
            file: p.display().to_string(),
            message: e.to_string(),
        })?;
    Ok(Some(Mutex::new(file)))
}

/// One run: the strategy's configuration with the run's seed and the study's limits, timed
/// on the wall and on the thread's CPU.
fn run_one(spec: &Spec, sets: &[Vec<Instance>], p: &Planned) -> Result<Row, RunError> {
    let set = &spec.sets[p.set];
    let inst = &sets[p.set][p.instance];
    let st = &spec.strategies[p.strategy];
    let mut config = st.config.clone();
    config.seed = p.seed;
    config.limits.nodes = spec.limits.nodes;
    config.limits.time = spec.limits.seconds.map(Duration::from_secs_f64);
    let t0 = Instant::now();
    let cpu0 = crate::machine::thread_cpu_time();
    let (status, stats, value) =
        instance::solve(inst, st.method, config).map_err(RunError::Wrong)?;
    Ok(Row {
        study: spec.name.clone(),
        set: set.name.clone(),
        instance: inst.id.clone(),
        strategy: st.name.clone(),
        seed: p.seed,
        status: status.name().into(),
        nodes: stats.nodes,
        failures: stats.failures,
        propagations: stats.propagations,
        revisions: stats.revisions,
        max_depth: stats.max_depth,
        restarts: stats.restarts,
        seconds: t0.elapsed().as_secs_f64(),
        value,
        cpu_seconds: cpu0
            .zip(crate::machine::thread_cpu_time())
            .map(|(a, b)| b.saturating_sub(a).as_secs_f64()),
    })
}

/// Appends `row` as one JSON line and flushes it, so an interruption loses no finished run.
fn append_row(writer: &Mutex<std::fs::File>, path: &Path, row: &Row) -> Result<(), RunError> {
    let line = serde_json::to_string(row).expect("a row serialises");
    let mut f = writer.lock().unwrap_or_else(|e| e.into_inner());
    writeln!(f, "{line}")
        .and_then(|()| f.flush())
        .map_err(|e| RunError::Results {
            file: path.display().to_string(),
            message: e.to_string(),
        })
}

/// The pool the runs share: at most one thread per core, since runs are CPU-bound and timed,
/// so more threads only cost their start-up and skew the times (`--jobs 100000` spawned them
/// all).
fn pool(jobs: usize) -> Result<rayon::ThreadPool, RunError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = if jobs == 0 { cores } else { jobs.min(cores) };
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| RunError::Results {
            file: "threads".into(),
            message: e.to_string(),
        })
}

/// Every row in the plan's order (earlier rows of runs no longer in the study are dropped).
fn in_plan_order(
    spec: &Spec,
    sets: &[Vec<Instance>],
    plan: &[Planned],
    earlier: Vec<Row>,
    fresh: Vec<Row>,
) -> Vec<Row> {
    let mut by_key: std::collections::HashMap<_, Row> = earlier
        .into_iter()
        .chain(fresh)
        .map(|r| (r.key(), r))
        .collect();
    plan.iter()
        .filter_map(|p| {
            by_key.remove(&(
                spec.sets[p.set].name.clone(),
                sets[p.set][p.instance].id.clone(),
                spec.strategies[p.strategy].name.clone(),
                p.seed,
            ))
        })
        .collect()
}

/// How a row's line starts (the study's name is the first field written): a last line cut
/// short by an interruption is recognised by it, anything else is not a results file's.
const ROW_START: &str = "{\"study\":";

/// Refuses a results path that exists but is not a plain file (a folder, a device, a pipe,
/// or a link to one): rows are only ever appended to, or cut from, a file of rows.
fn plain_file(path: &Path) -> Result<(), RunError> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(RunError::Results {
            file: path.display().to_string(),
            message: "not a plain file; results go to a file of their own".into(),
        }),
        _ => Ok(()),
    }
}

/// Empties a results file to start a study afresh (`--fresh`): only a plain file whose every
/// line is a result row (of any study) is emptied; anything else is an error and left as it
/// is.
pub fn empty_results(path: &Path) -> Result<(), RunError> {
    plain_file(path)?;
    if !path.exists() {
        return Ok(());
    }
    rows_of(path, None)?;
    csp_model::sink::write_file(path, "").map_err(|e| RunError::Results {
        file: path.display().to_string(),
        message: e.to_string(),
    })
}

/// The rows of `study` in a results file (none when it does not exist yet). A last line cut
/// short by an interruption is ignored; any other line that is not a row is an error.
pub fn read_rows(path: &Path, study: &str) -> Result<Vec<Row>, RunError> {
    rows_of(path, Some(study))
}

/// The rows of a results file (of `study` only, when given).
fn rows_of(path: &Path, study: Option<&str>) -> Result<Vec<Row>, RunError> {
    plain_file(path)?;
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(RunError::Results {
                file: path.display().to_string(),
                message: e.to_string(),
            });
        }
    };
    // Lines of text: a binary file is refused here (invalid UTF-8), before anything is cut.
    let lines: Vec<String> = std::io::BufReader::new(file)
        .lines()
        .collect::<Result<_, _>>()
        .map_err(|e| RunError::Results {
            file: path.display().to_string(),
            message: e.to_string(),
        })?;
    let mut rows = Vec::new();
    let n = lines.len();
    for (i, l) in lines.iter().enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Row>(l) {
            Ok(r) if study.is_none_or(|s| r.study == s) => rows.push(r.modernised()),
            Ok(_) => {}
            Err(_) if i + 1 == n && l.starts_with(ROW_START) => {}
            Err(e) => {
                return Err(RunError::Results {
                    file: format!("{}:{}", path.display(), i + 1),
                    message: format!("not a result row ({e})"),
                });
            }
        }
    }
    Ok(rows)
}

/// The default results file of a study file: `NAME.results.jsonl` beside it.
pub fn results_path(spec_file: &Path) -> PathBuf {
    let stem = spec_file
        .file_stem()
        .map_or("study".into(), |s| s.to_string_lossy().into_owned());
    spec_file.with_file_name(format!("{stem}.results.jsonl"))
}

/// Cuts a last line left unfinished by an interruption (no line end), so that appended rows
/// start on a line of their own.
fn drop_cut_line(path: &Path) -> Result<(), RunError> {
    let err = |e: std::io::Error| RunError::Results {
        file: path.display().to_string(),
        message: e.to_string(),
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(err(e)),
    };
    if bytes.last().is_some_and(|&b| b != b'\n') {
        let keep = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let f = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(err)?;
        f.set_len(keep as u64).map_err(err)?;
    }
    Ok(())
}
