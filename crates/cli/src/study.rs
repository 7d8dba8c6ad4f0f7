//! `csp study SPEC.yaml`: a grid of strategies over sets of instances (see
//! [`csp_study`]): runs in parallel with a progress bar, appends each run to a results file
//! (a re-run skips what is done), and prints one table per set (or CSV / JSON Lines rows).

use crate::report::{csv_field, json_line};
use anyhow::Result;
use clap::Args;
use csp_study::{run, spec::Spec, summary};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `csp study …`
#[derive(Args, Debug)]
pub(crate) struct StudyArgs {
    /// The study file (`kind: study`; see docs/study.md). Without it, the flags below make a
    /// one-set study.
    #[arg(required_unless_present_any = ["sudoku", "models", "colouring"])]
    spec: Option<PathBuf>,
    /// Flag form: a sudoku puzzle list to study.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["spec", "models", "colouring"])]
    sudoku: Vec<PathBuf>,
    /// Flag form: `kind: csp` model files to study.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["spec", "colouring"])]
    models: Vec<PathBuf>,
    /// Flag form: graphs to colour with --k colours.
    #[arg(long, value_name = "FILE", num_args = 1.., requires = "k", conflicts_with = "spec")]
    colouring: Vec<PathBuf>,
    /// Flag form: the number of colours for --colouring.
    #[arg(long, value_name = "K")]
    k: Option<usize>,
    /// Flag form: the strategies, comma-separated (e.g. naive,mrv+fc,mrv+gac).
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        conflicts_with = "spec"
    )]
    strategies: Vec<String>,
    /// Flag form: search nodes per run.
    #[arg(long, value_name = "N", conflicts_with = "spec")]
    nodes: Option<u64>,
    /// Flag form: seconds per run.
    #[arg(long, value_name = "S", conflicts_with = "spec")]
    seconds: Option<f64>,
    /// Flag form: at most this many instances.
    #[arg(long, value_name = "N", conflicts_with = "spec")]
    limit: Option<usize>,
    /// Flag form: runs per instance and strategy.
    #[arg(long, value_name = "R", conflicts_with = "spec")]
    repetitions: Option<u32>,
    /// The results file, one JSON line per run, appended as runs end; runs already in it
    /// are skipped (default: SPEC's name with `.results.jsonl`, beside it).
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
    /// Start afresh: empty the results file first.
    #[arg(long)]
    fresh: bool,
    /// Threads (default: one per core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    jobs: usize,
    /// Print every run's row as CSV instead of the tables.
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// Print every run's row as JSON Lines instead of the tables.
    #[arg(long)]
    json: bool,
    /// Where to write the report: the plots as SVG and index.html holding the tables and
    /// plots (default: SPEC's name with `.report`, beside it).
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
    /// Write no report.
    #[arg(long, conflicts_with = "report")]
    no_report: bool,
}

/// Runs `csp study`.
pub(crate) fn run(a: &StudyArgs) -> Result<ExitCode> {
    // A study may name only its own files: without a data folder, `data` is named in errors.
    let data = crate::data::dir("").unwrap_or_else(|_| PathBuf::from("data"));
    let (spec, results, report) = match &a.spec {
        Some(file) => {
            let stem = file
                .file_stem()
                .map_or("study".into(), |s| s.to_string_lossy().into_owned());
            (
                Spec::load(file, &data)?,
                Some(a.results.clone().unwrap_or_else(|| run::results_path(file))),
                a.report
                    .clone()
                    .or_else(|| Some(file.with_file_name(format!("{stem}.report")))),
            )
        }
        None => (
            Spec::parse(&flag_spec(a), "the command line", Path::new("."), &data)?,
            a.results.clone(),
            a.report.clone(),
        ),
    };
    if let Some(results) = &results
        && a.fresh
    {
        run::empty_results(results)?;
    }
    let machine = csp_study::machine::Machine::here();
    let bar = std::sync::Mutex::new(None::<indicatif::ProgressBar>);
    let rows = run::run(&spec, results.as_deref(), a.jobs, &|p, _| {
        let mut b = bar.lock().unwrap_or_else(|e| e.into_inner());
        let b = b.get_or_insert_with(|| crate::progress::bar(p.total as u64, "runs"));
        b.set_position(p.done as u64);
    })?;
    if let Some(b) = bar.into_inner().unwrap_or_else(|e| e.into_inner()) {
        b.finish_and_clear();
    }
    let mut out = std::io::stdout().lock();
    if a.json {
        for r in &rows {
            json_line(&mut out, &serde_json::to_value(r)?)?;
        }
    } else if a.csv {
        writeln!(
            out,
            "set,instance,strategy,seed,status,nodes,failures,propagations,revisions,max_depth,restarts,seconds,cpu_seconds,value"
        )?;
        for r in &rows {
            writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{},{},{:.6},{},{}",
                csv_field(&r.set),
                csv_field(&r.instance),
                csv_field(&r.strategy),
                r.seed,
                r.status,
                r.nodes,
                r.failures,
                r.propagations,
                r.revisions,
                r.max_depth,
                r.restarts,
                r.seconds,
                r.cpu_seconds.map_or(String::new(), |c| format!("{c:.6}")),
                r.value.map_or(String::new(), |v| v.to_string())
            )?;
        }
    } else {
        let lines = summary::summarise(&spec, &rows);
        write!(out, "{}", summary::table(&spec, &lines))?;
        write!(
            out,
            "{} runs ({} strategies, limits: {})",
            rows.len(),
            spec.strategies.len(),
            spec.limits,
        )?;
        match &results {
            Some(r) => writeln!(out, "; rows in {}", r.display())?,
            None => writeln!(out)?,
        }
    }
    if let Some(dir) = report.filter(|_| !a.no_report) {
        let files = csp_study::report::report(&spec, &rows, &machine)
            .map_err(|e| anyhow::anyhow!("the report: {e}"))?;
        csp_study::report::write(&dir, &files).map_err(|e| anyhow::anyhow!("the report: {e}"))?;
        if !a.json && !a.csv {
            writeln!(
                out,
                "report: {} ({} plots)",
                dir.join("index.html").display(),
                files.len() - 1
            )?;
        }
    }
    if !a.json && !a.csv {
        writeln!(out, "machine: {machine}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The study the flags describe, as a study file's text (so it is checked as one).
fn flag_spec(a: &StudyArgs) -> String {
    let q = |p: &Path| serde_json::Value::from(p.to_string_lossy()).to_string();
    let list = |v: &[PathBuf]| v.iter().map(|p| q(p)).collect::<Vec<_>>().join(", ");
    let (key, files) = if !a.sudoku.is_empty() {
        ("sudoku", &a.sudoku)
    } else if !a.models.is_empty() {
        ("models", &a.models)
    } else {
        ("colouring", &a.colouring)
    };
    let name = files
        .first()
        .and_then(|f| f.file_stem())
        .map_or("set".into(), |s| s.to_string_lossy().into_owned());
    let mut s = format!(
        "kind: study\nname: study\nsets:\n  - name: {}\n    {key}: [{}]\n",
        serde_json::Value::from(name),
        list(files)
    );
    if let Some(k) = a.k {
        s.push_str(&format!("    k: {k}\n"));
    }
    if let Some(l) = a.limit {
        s.push_str(&format!("    limit: {l}\n"));
    }
    let strategies: Vec<String> = if a.strategies.is_empty() {
        vec!["naive".into(), "mrv+fc".into(), "mrv+gac".into()]
    } else {
        a.strategies.clone()
    };
    s.push_str(&format!(
        "strategies: [{}]\n",
        strategies
            .iter()
            .map(|x| serde_json::Value::from(x.as_str()).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let mut limits = Vec::new();
    if let Some(n) = a.nodes {
        limits.push(format!("nodes: {n}"));
    }
    if let Some(t) = a.seconds {
        limits.push(format!("seconds: {t}"));
    }
    if limits.is_empty() {
        limits.push("nodes: 1000000".into());
    }
    s.push_str(&format!("limits: {{{}}}\n", limits.join(", ")));
    if let Some(r) = a.repetitions {
        s.push_str(&format!("repetitions: {r}\n"));
    }
    s
}
