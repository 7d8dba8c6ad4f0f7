//! `csp study SPEC.yaml`: a grid of strategies over sets of instances (see
//! [`csp_study`]): runs in parallel with a progress bar, appends each run to a results file
//! (a re-run skips what is done), and prints one table per set (or CSV / JSON Lines rows).

use crate::report::{csv_field, json_line};
use anyhow::{Context, Result};
use clap::Args;
use csp_study::{run, spec::Spec, summary};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// `csp study …`
#[derive(Args, Debug)]
pub struct StudyArgs {
    /// The study file (`kind: study`; see docs/study.md).
    spec: PathBuf,
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
pub fn run(a: &StudyArgs) -> Result<ExitCode> {
    let data = crate::input::data_dir("");
    let spec = Spec::load(&a.spec, &data)?;
    let results = a
        .results
        .clone()
        .unwrap_or_else(|| run::results_path(&a.spec));
    if a.fresh && results.exists() {
        std::fs::remove_file(&results)
            .with_context(|| format!("{}: could not empty it", results.display()))?;
    }
    let machine = csp_study::machine::Machine::here();
    let bar = std::sync::Mutex::new(None::<indicatif::ProgressBar>);
    let rows = run::run(&spec, Some(&results), a.jobs, &|p, _| {
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
            "set,instance,strategy,seed,verdict,nodes,failures,propagations,revisions,max_depth,restarts,seconds,cpu_seconds"
        )?;
        for r in &rows {
            writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{},{},{:.6},{}",
                csv_field(&r.set),
                csv_field(&r.instance),
                csv_field(&r.strategy),
                r.seed,
                r.verdict,
                r.nodes,
                r.failures,
                r.propagations,
                r.revisions,
                r.max_depth,
                r.restarts,
                r.seconds,
                r.cpu_seconds.map_or(String::new(), |c| format!("{c:.6}"))
            )?;
        }
    } else {
        let lines = summary::summarise(&spec, &rows);
        write!(out, "{}", summary::table(&spec, &lines))?;
        writeln!(
            out,
            "{} runs ({} strategies, limits: {}); rows in {}",
            rows.len(),
            spec.strategies.len(),
            spec.limits,
            results.display()
        )?;
    }
    if !a.no_report {
        let dir = a.report.clone().unwrap_or_else(|| {
            let stem = a
                .spec
                .file_stem()
                .map_or("study".into(), |s| s.to_string_lossy().into_owned());
            a.spec.with_file_name(format!("{stem}.report"))
        });
        let files = csp_study::report::report(&spec, &rows, &machine)
            .map_err(|e| anyhow::anyhow!("the report: {e}"))?;
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("{}: could not create the folder", dir.display()))?;
        for f in &files {
            let p = dir.join(&f.name);
            std::fs::write(&p, &f.text)
                .with_context(|| format!("{}: could not write", p.display()))?;
        }
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
