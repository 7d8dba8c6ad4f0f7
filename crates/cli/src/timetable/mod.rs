//! `csp timetable …`: school weeks and exam sessions (`kind: timetable`) solved, checked,
//! explained and rendered (text grids, HTML, iCalendar, CSV, JSON); `generate` writes
//! realistic instances of any size.

mod bench;
mod check;
mod explain;
mod generate;
mod output;
mod report;
mod solve;
mod university;

use anyhow::{Result, bail};
use clap::{Args, Subcommand};
use csp_timetabling::answer::{Placement, Timetable};
use csp_timetabling::formats::{self, Format, Loaded, Score};
use csp_timetabling::instance::Instance;
use csp_timetabling::{solution, yaml};
use output::{cost_json, placements_json, print_cost, print_violations, render_all};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `csp timetable …`
#[derive(Args, Debug)]
pub(crate) struct TimetableArgs {
    #[command(subcommand)]
    command: TimetableCommand,
}

#[derive(Subcommand, Debug)]
enum TimetableCommand {
    /// Find a timetable and make it as good as time allows: "optimal" when proved; grids per
    /// group on the terminal, files with --out, --html, --ics, --csv. An ITC 2019 problem
    /// (.xml) runs 60 s unless --time-limit says otherwise; --out writes its solution file.
    Solve(solve::SolveArgs),
    /// Check a timetable file against the instance: every hard rule, and the cost itemised.
    Check(check::CheckArgs),
    /// Why there is no timetable (a minimal set of requirements that conflict, and what closed
    /// each event's slots); with a timetable, every soft requirement it breaks and its cost.
    Explain(explain::ExplainArgs),
    /// Render a timetable file: text grids, HTML, iCalendar, CSV, JSON.
    Report(report::ReportArgs),
    /// Write a generated secondary-school week of about N lesson occurrences.
    Generate(generate::GenerateArgs),
    /// Solve every Toronto, ITC 2007 .ctt and .exam and ITC 2019 .xml instance of a folder
    /// against the literature's reference values: hard violations, cost, gap, time.
    Bench(bench::BenchArgs),
}

/// Runs `csp timetable …`.
pub(crate) fn run(args: &TimetableArgs) -> Result<ExitCode> {
    match &args.command {
        TimetableCommand::Solve(a) => solve::run(a),
        TimetableCommand::Check(a) => check::run(a),
        TimetableCommand::Explain(a) => explain::run(a),
        TimetableCommand::Report(a) => report::run(a),
        TimetableCommand::Generate(a) => generate::run(a),
        TimetableCommand::Bench(a) => bench::run(a),
    }
}

/// Where and how to render a timetable.
#[derive(Args, Debug, Clone, Default)]
struct RenderArgs {
    /// Text grids to print: `groups` (the default when there are at most 12), `teachers`,
    /// `rooms`, `staff`, `students`, `all`, `none`, or ids (comma-separated).
    #[arg(long, value_name = "WHICH")]
    view: Option<String>,
    /// Write one self-contained HTML page (tabs by group, teacher and room; the cost).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Write an iCalendar file per group, teacher, staff member and room into DIR.
    #[arg(long, value_name = "DIR")]
    ics: Option<PathBuf>,
    /// Dates for calendars whose days have none: the date of the first day (YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    week_of: Option<String>,
    /// Repeat the week in the calendar files this many weeks.
    #[arg(long, value_name = "N")]
    weeks: Option<u32>,
    /// Write one CSV row per occurrence.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
}

/// The instance file, required when a timetable file follows it (`-` reads standard input).
#[derive(Args, Debug, Clone)]
struct InstanceFile {
    /// The timetable problem (`kind: timetable`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

fn read_instance(path: &Path) -> Result<Instance> {
    let src = crate::input::read(path, "csp timetable solve")?;
    let inst = yaml::parse(&src.text, &src.name)?;
    csp_timetabling::encode::check_size(&inst).map_err(|e| anyhow::anyhow!("{}: {e}", src.name))?;
    Ok(inst)
}

/// Reads an instance in the format its extension names (YAML, Toronto, ITC 2007).
fn read_loaded(path: &Path, slots: Option<usize>) -> Result<Loaded> {
    let loaded = match Format::of(path) {
        Format::Yaml => Loaded::Yaml(read_instance(path)?),
        _ => formats::read(path, slots)?,
    };
    csp_timetabling::encode::check_size(loaded.instance())
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    Ok(loaded)
}

/// The format's own score of a timetable of its instance, checked against the timetabling
/// checker's verdict and cost (two independent computations of the same definitions).
fn format_score(loaded: &Loaded, tt: &Timetable, cost_total: u64) -> Result<Option<Score>> {
    let Some(score) = loaded.score(tt) else {
        return Ok(None);
    };
    if score.soft() != cost_total {
        bail!(
            "internal error: the {} score {} differs from the checker's cost {cost_total}",
            loaded.format().name(),
            score.soft()
        );
    }
    Ok(Some(score))
}

fn read_solution(inst: &Instance, path: &Path) -> Result<Vec<(usize, Placement)>> {
    let src = csp_model::source::read(path)?;
    Ok(solution::parse(inst, &src.text, &src.name)?)
}

fn read_timetable(inst: &Instance, path: &Path) -> Result<Timetable> {
    let placed = read_solution(inst, path)?;
    solution::complete(inst, &placed).map_err(|missing| {
        anyhow::anyhow!(
            "{}: {} occurrence{} not placed: {}",
            path.display(),
            missing.len(),
            if missing.len() == 1 { " is" } else { "s are" },
            missing
                .iter()
                .take(8)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

fn summary(inst: &Instance) -> String {
    inst.summary()
}
