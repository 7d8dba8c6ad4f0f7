//! `csp timetable bench [DIR]`: every Toronto, ITC 2007 `.ctt` and `.exam` and ITC 2019
//! `.xml` instance of a folder (and its subfolders) solved with a time limit each, every
//! answer checked (twice for the formats with a timetabling instance: the verifier and the
//! format's own scoring), against the literature's reference values.

mod summary;

use super::format_score;
use super::solve::toronto_slots;
use crate::report::{Status, csv_field, json_line};
use anyhow::{Context, Result, bail};
use clap::Args;
use csp_timetabling::formats::{self, Format};
use csp_timetabling::solve;
use csp_timetabling::{cost, verify};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};
use summary::{Gaps, OverSeeds, gap_text, number};

/// `csp timetable bench …`
#[derive(Args, Debug)]
pub(super) struct BenchArgs {
    /// The folder, searched with its subfolders (default: $CSP_DATA/timetabling, else
    /// ../shared/data/timetabling, else the bundled data/timetabling).
    dir: Option<PathBuf>,
    /// Seconds per instance and objective.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = crate::args::seconds)]
    time_limit: Duration,
    /// Seed of every run (the first, with --seeds).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Runs per instance and objective, with seeds --seed, --seed + 1, …, one after another;
    /// a table over seeds follows the runs, and the gaps are taken from each instance's mean.
    #[arg(long, value_name = "N", default_value = "1", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    seeds: u32,
    /// Only instances whose file name contains one of these (comma-separated).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Toronto objectives to run: `slots`, `proximity` or both (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "slots,proximity", value_parser = ["slots", "proximity"])]
    objective: Vec<String>,
    /// Print CSV instead of a table.
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// Print JSON Lines: one object per run, then a summary.
    #[arg(long)]
    json: bool,
}

/// The reference value of a run, with where it comes from: the best reported in the
/// literature for the objective (only shown, for the gap; never used to solve).
fn reference(name: &str, objective: &str) -> Option<(f64, &'static str)> {
    const CARTER: &str = "Carter et al. 1996";
    const BEST: &str = "best reported (Qu et al. 2009 and later)";
    const CTT: &str = "best known (Ceschia et al. 2023)";
    const ITC: &str = "ITC 2007 winner";
    let r = match (objective, name) {
        // Slots: Carter, Laporte & Lee 1996 (the values later papers compare with).
        ("slots", "car-f-92") => (28.0, CARTER),
        ("slots", "car-s-91") => (28.0, CARTER),
        ("slots", "ear-f-83") => (22.0, CARTER),
        ("slots", "hec-s-92") => (17.0, CARTER),
        ("slots", "kfu-s-93") => (19.0, CARTER),
        ("slots", "lse-f-91") => (17.0, CARTER),
        ("slots", "pur-s-93") => (33.0, "Qu et al. 2009"),
        ("slots", "rye-s-93") => (21.0, CARTER),
        ("slots", "sta-f-83") => (13.0, CARTER),
        ("slots", "uta-s-92") => (32.0, CARTER),
        ("slots", "ute-s-92") => (10.0, CARTER),
        // Proximity with the standard P: the best values reported since (version I files).
        ("proximity", "car-f-92") => (3.9, BEST),
        ("proximity", "car-s-91") => (4.5, BEST),
        ("proximity", "ear-f-83") => (32.5, BEST),
        ("proximity", "hec-s-92") => (10.0, BEST),
        ("proximity", "kfu-s-93") => (12.9, BEST),
        ("proximity", "lse-f-91") => (9.8, BEST),
        ("proximity", "pur-s-93") => (4.5, BEST),
        ("proximity", "rye-s-93") => (8.0, BEST),
        ("proximity", "sta-f-83") => (157.03, BEST),
        ("proximity", "uta-s-92") => (3.1, BEST),
        ("proximity", "ute-s-92") => (24.8, BEST),
        // CB-CTT UD2: the best known (Ceschia, Di Gaspero & Schaerf 2023, table 13; comp03's
        // is not given there to the unit, so it has none here).
        ("ud2", "comp01") => (5.0, CTT),
        ("ud2", "comp02") => (24.0, CTT),
        ("ud2", "comp04") => (35.0, CTT),
        ("ud2", "comp05") => (284.0, CTT),
        ("ud2", "comp06") => (27.0, CTT),
        ("ud2", "comp08") => (37.0, CTT),
        ("ud2", "comp09") => (96.0, CTT),
        ("ud2", "comp11") => (0.0, CTT),
        ("ud2", "comp12") => (294.0, CTT),
        ("ud2", "comp13") => (59.0, CTT),
        ("ud2", "comp15") => (62.0, CTT),
        ("ud2", "comp16") => (18.0, CTT),
        ("ud2", "comp17") => (56.0, CTT),
        ("ud2", "comp19") => (57.0, CTT),
        ("ud2", "comp20") => (4.0, CTT),
        // Exams: the ITC 2007 winner (Müller 2009); later papers report lower.
        ("itc2007", "exam_comp_set1") => (4370.0, ITC),
        ("itc2007", "exam_comp_set2") => (400.0, ITC),
        ("itc2007", "exam_comp_set3") => (10049.0, ITC),
        ("itc2007", "exam_comp_set4") => (18141.0, ITC),
        ("itc2007", "exam_comp_set5") => (2988.0, ITC),
        ("itc2007", "exam_comp_set6") => (26585.0, ITC),
        ("itc2007", "exam_comp_set7") => (4213.0, ITC),
        ("itc2007", "exam_comp_set8") => (7742.0, ITC),
        _ => return None,
    };
    Some(r)
}

/// An instance the bench cannot run (a file it cannot read, or a feature not supported yet):
/// reported in its row, and the bench goes on with the others.
#[derive(Debug)]
struct NotRun(String);

impl std::fmt::Display for NotRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotRun {}

/// One run's row.
struct Row {
    instance: String,
    objective: &'static str,
    size: String,
    /// Hard violations of the timetable found (`None`: none found).
    hard: Option<u64>,
    ours: f64,
    shown: String,
    reference: Option<(f64, &'static str)>,
    seconds: f64,
    seed: u64,
    /// Whether the cost is proved least (Toronto's slots).
    proved: bool,
}

impl Row {
    fn gap(&self) -> Option<f64> {
        self.reference.map(|(r, _)| summary::gap(self.ours, r))
    }

    fn status(&self) -> Status {
        match self.hard {
            Some(0) if self.proved => Status::Optimal,
            Some(0) => Status::Satisfiable,
            _ => Status::Unknown,
        }
    }
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out)?;
        } else if matches!(
            Format::of(&p),
            Format::Toronto | Format::Ctt | Format::Exam | Format::Itc2019
        ) && p.extension().is_some_and(|e| e != "stu")
        {
            out.push(p);
        }
    }
    Ok(())
}

/// Runs `csp timetable bench`.
pub(super) fn run(b: &BenchArgs) -> Result<ExitCode> {
    let dir = match &b.dir {
        Some(d) => d.clone(),
        None => crate::data::dir("timetabling")?,
    };
    let mut all = Vec::new();
    files(&dir, &mut all)?;
    all.retain(|p| {
        let name = p
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        b.only.is_empty() || b.only.iter().any(|o| name.contains(o.as_str()))
    });
    if all.is_empty() {
        bail!("no .crs, .ctt, .exam or .xml files in {}", dir.display());
    }
    let last = crate::args::last_seed(b.seed, b.seeds)?;
    let mut out = std::io::stdout().lock();
    if b.csv {
        writeln!(
            out,
            "instance,objective,size,hard,ours,reference,gap_percent,seconds,seed,source"
        )?;
    } else if !b.json {
        writeln!(
            out,
            "| instance | objective | size | hard | ours | reference | gap | time (s) | seed |"
        )?;
        writeln!(out, "|---|---|---|---:|---:|---:|---:|---:|---:|")?;
    }
    let mut rows = Vec::new();
    let mut not_run = 0;
    let total = all.len();
    for (k, path) in all.iter().enumerate() {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let objectives: Vec<&'static str> = match Format::of(path) {
            Format::Toronto => ["slots", "proximity"]
                .into_iter()
                .filter(|o| b.objective.iter().any(|x| x == o))
                .collect(),
            Format::Ctt => vec!["ud2"],
            Format::Itc2019 => vec!["itc2019"],
            _ => vec!["itc2007"],
        };
        for objective in objectives {
            for seed in b.seed..=last {
                eprintln!(
                    "[{}/{total}] {name} ({objective}, {} s, seed {seed})…",
                    k + 1,
                    b.time_limit.as_secs_f64()
                );
                match run_one(path, &name, objective, b, seed) {
                    Ok(row) => {
                        print_row(&mut out, &row, b)?;
                        rows.push(row);
                    }
                    Err(e) => {
                        let why = e.downcast::<NotRun>()?;
                        eprintln!("error: {why}");
                        print_not_run(&mut out, &name, objective, &why, b)?;
                        not_run += 1;
                        // A file that cannot be read fails the same way for every seed.
                        break;
                    }
                }
            }
        }
    }
    summarise(&mut out, &rows, not_run, b, last)?;
    // An instance that could not be run is bad input: the others were still run.
    Ok(if not_run > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// After the runs: with several seeds a table over them, then the counts and, per objective,
/// the mean and median gap to the references (JSON: one summary object; CSV: nothing).
fn summarise(
    out: &mut impl Write,
    rows: &[Row],
    not_run: usize,
    b: &BenchArgs,
    last: u64,
) -> Result<()> {
    let several = b.seeds > 1;
    let over = OverSeeds::of(rows);
    let gaps = Gaps::of(&over);
    let valid = rows.iter().filter(|r| r.hard == Some(0)).count();
    if b.json {
        let mut j = json!({"status": Status::Done.name(), "runs": rows.len(), "valid": valid,
            "not_run": not_run, "seconds_per_instance": b.time_limit.as_secs_f64(),
            "seed": b.seed, "seeds": b.seeds,
            "gaps": gaps.iter().map(|g| (g.objective.to_string(), g.json())).collect::<serde_json::Map<_, _>>()});
        if several {
            j["over_seeds"] = over.iter().map(OverSeeds::json).collect();
        }
        json_line(out, &j)?;
        return Ok(());
    }
    if b.csv {
        return Ok(());
    }
    if several {
        writeln!(out, "\nover seeds {}–{last}:\n", b.seed)?;
        writeln!(
            out,
            "| instance | objective | runs | valid | best | mean | worst | reference | gap of best | gap of mean |"
        )?;
        writeln!(out, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")?;
        for g in &over {
            let gap_of =
                |c: Option<f64>| gap_text(c.zip(g.reference).map(|(c, r)| summary::gap(c, r)));
            writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                g.instance,
                g.objective,
                g.runs,
                g.costs.len(),
                number(g.best()),
                number(g.mean()),
                number(g.worst()),
                number(g.reference),
                gap_of(g.best()),
                gap_of(g.mean())
            )?;
        }
    }
    let within = |p: f64| {
        rows.iter()
            .filter(|r| r.hard == Some(0) && r.gap().is_some_and(|g| g <= p))
            .count()
    };
    let with_ref = rows.iter().filter(|r| r.reference.is_some()).count();
    writeln!(
        out,
        "\n{} runs, {valid} without hard violations; at or better than the reference: {}, within 3 %: {} (of {with_ref} with one){}",
        rows.len(),
        within(0.0),
        within(3.0),
        if not_run > 0 {
            format!("; {not_run} not run")
        } else {
            String::new()
        }
    )?;
    for g in &gaps {
        writeln!(out, "{}", g.line(several))?;
    }
    Ok(())
}

/// The row of an instance that was not run, and why.
fn print_not_run(
    out: &mut impl Write,
    name: &str,
    objective: &str,
    why: &NotRun,
    b: &BenchArgs,
) -> Result<()> {
    let reference = reference(name, objective);
    if b.json {
        json_line(
            out,
            &json!({"instance": name, "objective": objective, "not_run": why.0,
                "reference": reference.map(|x| x.0), "source": reference.map(|x| x.1), "seed": b.seed}),
        )?;
    } else if b.csv {
        writeln!(
            out,
            "{},{objective},,,{},{},,,{},{}",
            csv_field(name),
            csv_field(&format!("not run: {why}")),
            reference.map_or(String::new(), |x| x.0.to_string()),
            b.seed,
            csv_field(reference.map_or("", |x| x.1))
        )?;
    } else {
        writeln!(
            out,
            "| {name} | {objective} | - | - | not run: {why} | {} | - | - | {} |",
            reference.map_or("-".to_string(), |x| x.0.to_string()),
            b.seed
        )?;
    }
    out.flush()?;
    Ok(())
}

fn print_row(out: &mut impl Write, r: &Row, b: &BenchArgs) -> Result<()> {
    let gap = r.gap();
    if b.json {
        json_line(
            out,
            &json!({"instance": r.instance, "objective": r.objective, "status": r.status().name(), "size": r.size, "hard": r.hard,
                "ours": r.ours, "reference": r.reference.map(|x| x.0), "source": r.reference.map(|x| x.1),
                "gap_percent": gap.filter(|g| g.is_finite()), "seconds": r.seconds, "seed": r.seed}),
        )?;
    } else if b.csv {
        writeln!(
            out,
            "{},{},{},{},{},{},{},{:.3},{},{}",
            csv_field(&r.instance),
            r.objective,
            csv_field(&r.size),
            r.hard.map_or(String::new(), |h| h.to_string()),
            csv_field(&r.shown),
            r.reference.map_or(String::new(), |x| x.0.to_string()),
            gap.filter(|g| g.is_finite())
                .map_or(String::new(), |g| format!("{g:.2}")),
            r.seconds,
            r.seed,
            csv_field(r.reference.map_or("", |x| x.1))
        )?;
    } else {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {:.1} | {} |",
            r.instance,
            r.objective,
            r.size,
            r.hard.map_or("-".to_string(), |h| h.to_string()),
            r.shown,
            r.reference.map_or("-".to_string(), |x| x.0.to_string()),
            gap_text(gap),
            r.seconds,
            r.seed
        )?;
    }
    out.flush()?;
    Ok(())
}

fn run_one(
    path: &Path,
    name: &str,
    objective: &'static str,
    b: &BenchArgs,
    seed: u64,
) -> Result<Row> {
    let started = Instant::now();
    let deadline = started + b.time_limit;
    if objective == "slots" {
        let t = formats::toronto::read(path).map_err(|e| NotRun(e.to_string()))?;
        let (r, _) = toronto_slots(&t, Some(deadline), seed, &mut |_| {})?;
        return Ok(Row {
            instance: name.to_string(),
            objective,
            size: format!("{} exams", t.exams.len()),
            hard: Some(0),
            ours: f64::from(r.ub),
            shown: if r.proved {
                format!("{} (proved)", r.ub)
            } else {
                format!("{}..{}", r.lb, r.ub)
            },
            reference: reference(name, objective),
            seconds: started.elapsed().as_secs_f64(),
            seed,
            proved: r.proved,
        });
    }
    if objective == "itc2019" {
        return run_itc2019(path, name, started, b, seed);
    }
    let loaded = formats::read(path, None).map_err(|e| NotRun(e.to_string()))?;
    let inst = Arc::new(loaded.instance().clone());
    let cfg = solve::Config {
        deadline: Some(deadline),
        seed,
        ..solve::Config::default()
    };
    let r = solve::solve(&inst, &cfg, &mut |_| {})
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let seconds = started.elapsed().as_secs_f64();
    let size = format!(
        "{} events, {} occurrences",
        inst.events.len(),
        inst.occurrences.len()
    );
    let Some(tt) = r.timetable else {
        return Ok(Row {
            instance: name.to_string(),
            objective,
            size,
            hard: None,
            ours: f64::INFINITY,
            shown: "none found".into(),
            reference: reference(name, objective),
            seconds,
            seed,
            proved: false,
        });
    };
    let v = verify(&inst, &tt);
    if !v.is_empty() {
        bail!(
            "internal error: {name}: the timetable found breaks {}",
            v[0]
        );
    }
    let c = cost(&inst, &tt).total;
    let score = format_score(&loaded, &tt, c)?.context("a benchmark format has a score")?;
    let ours = loaded.objective(c);
    let shown = match loaded.format() {
        Format::Toronto => format!("{ours:.3}"),
        _ => c.to_string(),
    };
    Ok(Row {
        instance: name.to_string(),
        objective,
        size,
        hard: Some(score.hard()),
        ours,
        shown,
        reference: reference(name, objective),
        seconds,
        seed,
        proved: false,
    })
}

/// An ITC 2019 run: the university search, its answer checked by the validator.
fn run_itc2019(path: &Path, name: &str, started: Instant, b: &BenchArgs, seed: u64) -> Result<Row> {
    let p = super::university::read(path).map_err(|e| NotRun(format!("{e:#}")))?;
    let size = format!("{} classes, {} students", p.classes.len(), p.students.len());
    let s = super::university::solve_checked(p, started + b.time_limit, seed)?;
    let (hard, ours, shown) = match &s.evaluation {
        Some(e) => {
            let c = super::university::total(&s.p, e);
            (Some(e.hard()), c as f64, c.to_string())
        }
        None => (
            None,
            f64::INFINITY,
            format!("none found ({} hard left)", s.outcome.hard_left),
        ),
    };
    Ok(Row {
        instance: name.to_string(),
        objective: "itc2019",
        size,
        hard,
        ours,
        shown,
        reference: reference(name, "itc2019"),
        seconds: started.elapsed().as_secs_f64(),
        seed,
        proved: false,
    })
}
