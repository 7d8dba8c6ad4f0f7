//! `csp timetable …`: school weeks and exam sessions (`kind: timetable`) solved, checked,
//! explained and rendered (text grids, HTML, iCalendar, CSV, JSON); `generate` writes
//! realistic instances of any size.

mod bench;

use crate::args::{Input, LimitArgs, OutputArgs};
use crate::report::{self, Status, json_line, secs};
use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use csp_timetabling::answer::{CostReport, Placement, Timetable};
use csp_timetabling::formats::{self, Format, Loaded, Score};
use csp_timetabling::instance::{Date, Instance, Kind, Requirement, ResourceKind};
use csp_timetabling::render::{self, View};
use csp_timetabling::solve::{self, Progress};
use csp_timetabling::{cost, explain, solution, verify, yaml};
use serde_json::{Value as Json, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// `csp timetable …`
#[derive(Args, Debug)]
pub struct TimetableArgs {
    #[command(subcommand)]
    command: TimetableCommand,
}

#[derive(Subcommand, Debug)]
enum TimetableCommand {
    /// Find a timetable and make it as good as time allows: "optimal" when proved; grids per
    /// group on the terminal, files with --out, --html, --ics, --csv.
    Solve(SolveArgs),
    /// Check a timetable file against the instance: every hard rule, and the cost itemised.
    Check(CheckArgs),
    /// Why there is no timetable (a minimal set of requirements that conflict, and what closed
    /// each event's slots); with a timetable, every soft requirement it breaks and its cost.
    Explain(ExplainArgs),
    /// Render a timetable file: text grids, HTML, iCalendar, CSV, JSON.
    Report(ReportArgs),
    /// Write a generated secondary-school week of about N lesson occurrences.
    Generate(GenerateArgs),
    /// Solve every Toronto, ITC 2007 .ctt and .exam instance of a folder against the
    /// literature's reference values: hard violations, cost, gap, time.
    Bench(bench::BenchArgs),
}

/// Runs `csp timetable …`.
pub fn run(args: &TimetableArgs) -> Result<ExitCode> {
    match &args.command {
        TimetableCommand::Solve(a) => run_solve(a),
        TimetableCommand::Check(a) => run_check(a),
        TimetableCommand::Explain(a) => run_explain(a),
        TimetableCommand::Report(a) => run_report(a),
        TimetableCommand::Generate(a) => run_generate(a),
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

#[derive(Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    input: Input,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    render: RenderArgs,
    /// Write the timetable found (`kind: timetable-solution`, readable by check, report,
    /// --pin and --from).
    #[arg(long, short, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Stop at the first valid timetable.
    #[arg(long)]
    first: bool,
    /// Keep every placement of this timetable file as it is.
    #[arg(long, value_name = "SOLUTION")]
    pin: Option<PathBuf>,
    /// Re-solve from this previous timetable, moving as few occurrences as possible (each
    /// moved one costs --move-cost); what moved is listed.
    #[arg(long, value_name = "SOLUTION")]
    from: Option<PathBuf>,
    /// The cost of moving one occurrence with --from.
    #[arg(long, value_name = "COST", default_value_t = 50)]
    move_cost: u64,
    /// Seed of the search's tie-breaks and the local search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The engine's propagation level (to compare; the default is the strongest).
    #[arg(long, value_name = "LEVEL", value_parser = crate::args::propagation(), default_value = "gac")]
    propagation: csp_core::PropagationLevel,
    /// The engine's variable order for the first timetable.
    #[arg(long, value_name = "ORDER", value_parser = crate::args::var_order(), default_value = "dom/wdeg")]
    var_order: csp_core::VarOrder,
    /// Toronto: the number of slots for the proximity objective (default: the instance's
    /// standard number).
    #[arg(long, value_name = "P")]
    slots: Option<usize>,
    /// Toronto: `proximity` (Carter's cost with P slots; the default) or `slots` (the fewest
    /// slots, through the chromatic number of the conflict graph).
    #[arg(long, value_name = "OBJECTIVE", value_parser = ["proximity", "slots"])]
    objective: Option<String>,
}

/// The instance file, required when a timetable file follows it (`-` reads standard input).
#[derive(Args, Debug, Clone)]
struct InstanceFile {
    /// The timetable problem (`kind: timetable`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

#[derive(Args, Debug)]
struct CheckArgs {
    #[command(flatten)]
    input: InstanceFile,
    /// The timetable file.
    #[arg(value_name = "SOLUTION")]
    solution: PathBuf,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args, Debug)]
struct ExplainArgs {
    #[command(flatten)]
    input: Input,
    /// A timetable to analyse (without one, the instance is solved first).
    #[arg(value_name = "SOLUTION")]
    solution: Option<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args, Debug)]
struct ReportArgs {
    #[command(flatten)]
    input: InstanceFile,
    /// The timetable file.
    #[arg(value_name = "SOLUTION")]
    solution: PathBuf,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    render: RenderArgs,
}

#[derive(Args, Debug)]
struct GenerateArgs {
    /// About this many lesson occurrences (26 per class).
    #[arg(long, short = 'n', default_value_t = 500)]
    occurrences: usize,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
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

fn placements_json(inst: &Instance, tt: &Timetable) -> Json {
    Json::Array(
        tt.placements
            .iter()
            .enumerate()
            .map(|(o, p)| {
                let oc = inst.occurrences[o];
                json!({
                    "event": inst.events[oc.event].id,
                    "n": oc.rank + 1,
                    "slot": inst.slot_name(p.start),
                    "room": p.room.map(|r| inst.rooms[r].id.clone()),
                })
            })
            .collect(),
    )
}

fn cost_json(c: &CostReport) -> Json {
    json!({
        "total": c.total,
        "items": c.items.iter().map(|it| json!({
            "requirement": it.path, "type": it.kind, "weight": it.weight,
            "violations": it.violations, "cost": it.cost, "details": it.details,
        })).collect::<Vec<_>>(),
    })
}

/// The cost breakdown in words: each requirement that costs, with its violations.
fn print_cost(out: &mut impl Write, c: &CostReport, limit: usize) -> std::io::Result<()> {
    writeln!(out, "cost {}", c.total)?;
    for it in c.items.iter().filter(|it| it.cost > 0) {
        writeln!(
            out,
            "  {:>6}  {} {} (weight {}): {} violation{}",
            it.cost,
            it.path,
            it.kind,
            it.weight,
            it.violations,
            if it.violations == 1 { "" } else { "s" }
        )?;
        for d in it.details.iter().take(limit) {
            writeln!(out, "            {d}")?;
        }
        if it.details.len() > limit {
            writeln!(out, "            … {} more", it.details.len() - limit)?;
        }
    }
    Ok(())
}

fn chosen_views(inst: &Instance, which: Option<&str>) -> Result<Vec<View>> {
    let groups = render::views(inst, Some(ResourceKind::Group));
    let which = match which {
        Some(w) => w,
        None if groups.len() <= 12 => "groups",
        None => "none",
    };
    let mut out = Vec::new();
    for w in which.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        match w {
            "none" => {}
            "all" => out.extend(render::all_views(inst)),
            "groups" => out.extend(render::views(inst, Some(ResourceKind::Group))),
            "teachers" => out.extend(render::views(inst, Some(ResourceKind::Teacher))),
            "staff" => out.extend(render::views(inst, Some(ResourceKind::Staff))),
            "students" => out.extend(render::views(inst, Some(ResourceKind::Student))),
            "rooms" => out.extend(render::views(inst, None)),
            id => match render::find_view(inst, id) {
                Some(v) => out.push(v),
                None => {
                    let names = inst
                        .resources
                        .iter()
                        .map(|r| r.id.as_str())
                        .chain(inst.rooms.iter().map(|r| r.id.as_str()));
                    let hint = yaml::nearest(id, names)
                        .map(|n| format!("; did you mean `{n}`?"))
                        .unwrap_or_default();
                    bail!(
                        "--view: no resource or room `{id}`{hint} (or groups, teachers, rooms, staff, students, all, none)"
                    );
                }
            },
        }
    }
    Ok(out)
}

/// Prints the chosen grids and writes the requested files.
fn render_all(
    inst: &Instance,
    tt: &Timetable,
    status: &str,
    c: &CostReport,
    r: &RenderArgs,
    json: bool,
) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if !json {
        for v in chosen_views(inst, r.view.as_deref())? {
            write!(out, "\n{}", render::text(inst, tt, v))?;
        }
    }
    if let Some(path) = &r.html {
        let hard = verify(inst, tt);
        csp_model::sink::write_file(path, render::html(inst, tt, status, c, &hard))
            .with_context(|| format!("writing {}", path.display()))?;
        if !json {
            writeln!(out, "wrote {}", path.display())?;
        }
    }
    if let Some(path) = &r.csv {
        csp_model::sink::write_file(path, render::csv(inst, tt))
            .with_context(|| format!("writing {}", path.display()))?;
        if !json {
            writeln!(out, "wrote {}", path.display())?;
        }
    }
    if let Some(dir) = &r.ics {
        let week_of =
            match &r.week_of {
                Some(w) => Some(Date::parse(w).with_context(|| {
                    format!("--week-of: expected a date YYYY-MM-DD, found `{w}`")
                })?),
                None => None,
            };
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let views = render::all_views(inst);
        for v in &views {
            let text = render::ics(inst, tt, *v, week_of, r.weeks)?;
            let id = match *v {
                View::Resource(x) => inst.resources[x].id.clone(),
                View::Room(x) => format!("room-{}", inst.rooms[x].id),
            };
            let safe: String = id
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() || "-_.".contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            let path = dir.join(format!("{safe}.ics"));
            csp_model::sink::write_file(&path, text)
                .with_context(|| format!("writing {}", path.display()))?;
        }
        if !json {
            writeln!(
                out,
                "wrote {} calendar files to {}",
                views.len(),
                dir.display()
            )?;
        }
    }
    Ok(())
}

fn run_solve(a: &SolveArgs) -> Result<ExitCode> {
    let format = Format::of(&a.input.file);
    if format != Format::Toronto && (a.slots.is_some() || a.objective.is_some()) {
        bail!("--slots and --objective are for Toronto instances (.crs/.stu)");
    }
    if format != Format::Yaml && (a.pin.is_some() || a.from.is_some()) {
        bail!("--pin and --from read timetable-solution files: YAML instances only");
    }
    if a.objective.as_deref() == Some("slots") {
        return run_toronto_slots(a);
    }
    let loaded = read_loaded(&a.input.file, a.slots)?;
    let mut inst = loaded.instance().clone();
    let pins = match &a.pin {
        Some(p) => read_solution(&inst, p)?,
        None => Vec::new(),
    };
    let mut old: Option<()> = None;
    if let Some(from) = &a.from {
        let placed = read_solution(&inst, from)?;
        let mut v = vec![None; inst.occurrences.len()];
        for (o, p) in placed {
            v[o] = Some(p);
        }
        inst.soft.push(Requirement {
            kind: Kind::Stay(v),
            weight: a.move_cost,
            path: "--from".into(),
            line: 0,
        });
        old = Some(());
    }
    let inst = Arc::new(inst);
    let json = a.output.json;
    if !json {
        println!("{}", summary(&inst));
    }
    let cfg = solve::Config {
        deadline: a.limits.deadline(),
        node_limit: a.limits.node_limit,
        seed: a.seed,
        pins,
        first_only: a.first,
        propagation: a.propagation,
        var_order: a.var_order,
        ..solve::Config::default()
    };
    let spinner = crate::progress::spinner();
    let r = solve::solve(&inst, &cfg, &mut |p| match p {
        Progress::Improved(c) => spinner.set_message(format!("cost {c}")),
    })
    .map_err(|e| anyhow::anyhow!("{}: {e}", a.input.file.display()))?;
    spinner.finish_and_clear();
    let elapsed = a.limits.started.elapsed();
    let Some(tt) = r.timetable.clone() else {
        let (status, what) = match r.status {
            solve::Status::Infeasible if a.pin.is_some() => (
                Status::Unsatisfiable,
                "no timetable keeps the pinned placements".to_string(),
            ),
            solve::Status::Infeasible => (
                Status::Unsatisfiable,
                format!(
                    "no timetable exists; `csp timetable explain {}` says why",
                    a.input.file.display()
                ),
            ),
            _ => (
                Status::Unknown,
                format!(
                    "no timetable found before the {}",
                    r.limit
                        .as_deref()
                        .map_or("limit".to_string(), |l| l.to_string())
                ),
            ),
        };
        if json {
            json_line(
                &mut std::io::stdout().lock(),
                &json!({"status": status.name(), "seconds": elapsed.as_secs_f64(), "nodes": r.nodes}),
            )?;
        } else {
            println!("{}: {what} ({})", status.name(), secs(elapsed));
        }
        return Ok(status.exit());
    };
    // Every answer checked by the independent verifier before it is printed.
    let violations = verify(&inst, &tt);
    if !violations.is_empty() {
        bail!(
            "internal error: the timetable found breaks {} rule(s), first: {}",
            violations.len(),
            violations[0]
        );
    }
    let c = cost(&inst, &tt);
    if Some(c.total) != r.cost {
        bail!(
            "internal error: the solver's cost {:?} differs from the checker's {}",
            r.cost,
            c.total
        );
    }
    let status = if r.status == solve::Status::Optimal {
        Status::Optimal
    } else {
        Status::Satisfiable
    };
    // What moved: the violations of the `--from` requirement, in words.
    let moves = old.as_ref().map(|_| {
        c.items
            .iter()
            .find(|it| it.path == "--from")
            .map(|it| it.details.clone())
            .unwrap_or_default()
    });
    let score = format_score(&loaded, &tt, c.total)?;
    if score.as_ref().is_some_and(|s| s.hard() > 0) {
        bail!("internal error: the format's checker finds hard violations the verifier does not");
    }
    if let Some(path) = &a.out {
        let text = loaded
            .solution_file(&tt)
            .unwrap_or_else(|| solution::write(&inst, &tt, status.name(), c.total));
        csp_model::sink::write_file(path, text)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if json {
        let mut j = json!({
            "status": status.name(),
            "cost": c.total,
            "seconds": elapsed.as_secs_f64(),
            "first_seconds": r.first.map(|d| d.as_secs_f64()),
            "nodes": r.nodes,
            "moves_tried": r.moves.0,
            "cost_by_time": r.trace.iter().map(|(t, c)| json!([t.as_secs_f64(), c])).collect::<Vec<_>>(),
            "breakdown": cost_json(&c),
            "placements": placements_json(&inst, &tt),
        });
        if let Some(m) = &moves {
            j["moved"] = json!(m);
        }
        json_line(&mut std::io::stdout().lock(), &j)?;
    } else {
        let proved = if status == Status::Optimal {
            " (proved)"
        } else {
            ""
        };
        let stop = match (&r.limit, status) {
            (Some(l), Status::Satisfiable) if l == "interrupt" => "; interrupted".to_string(),
            (Some(l), Status::Satisfiable) => format!("; {l} reached, best found"),
            (None, Status::Satisfiable) if a.first => "; first timetable (--first)".to_string(),
            _ => String::new(),
        };
        println!(
            "{}: cost {}{proved} in {}; first timetable after {}{stop}",
            status.name(),
            c.total,
            secs(elapsed),
            r.first.map_or("-".into(), secs)
        );
        if a.output.stats {
            println!(
                "stats: {} engine nodes, {} local-search moves tried ({} accepted), {} improvements",
                r.nodes,
                r.moves.0,
                r.moves.1,
                r.trace.len()
            );
        }
        match &score {
            Some(sc) => print!("{}", loaded.report(sc)),
            None => print_cost(&mut std::io::stdout().lock(), &c, 5)?,
        }
        if let Some(m) = &moves {
            println!(
                "moved {} of {} occurrences{}",
                m.len(),
                inst.occurrences.len(),
                if m.is_empty() { "" } else { ":" }
            );
            for line in m {
                println!("  {line}");
            }
        }
        if let Some(path) = &a.out {
            println!("wrote {}", path.display());
        }
    }
    render_all(&inst, &tt, status.name(), &c, &a.render, json)?;
    Ok(status.exit())
}

/// The fewest clash-free slots of a Toronto instance: the chromatic number of its conflict
/// graph by the colouring front-end, the colouring checked as a timetable (by the timetabling
/// verifier on the instance with that many slots, and by the students' lists) before it is
/// returned.
pub(crate) fn toronto_slots(
    t: &formats::toronto::Toronto,
    deadline: Option<std::time::Instant>,
    seed: u64,
    progress: &mut dyn FnMut(&csp_colouring::chromatic::Progress),
) -> Result<(csp_colouring::chromatic::Chromatic, Vec<usize>)> {
    use csp_colouring::chromatic;
    let edges = t.conflicts().into_iter().map(|(i, j, _)| (i, j));
    let graph = csp_colouring::Graph::from_edges(t.exams.len(), edges);
    let ginst = csp_colouring::Instance::new(t.name.clone(), graph);
    let config = chromatic::Config {
        time_limit: deadline.map(|d| d.saturating_duration_since(std::time::Instant::now())),
        seed,
        ..chromatic::Config::default()
    };
    let r = chromatic::chromatic_number(&ginst, &config, progress);
    let slot_of: Vec<usize> = r
        .colouring
        .normalised()
        .colours
        .iter()
        .map(|&c| c as usize)
        .collect();
    let k = slot_of.iter().map(|&s| s + 1).max().unwrap_or(0);
    let inst = t.instance(k.max(1)).map_err(|m| anyhow::anyhow!("{m}"))?;
    if !verify(&inst, &t.timetable(&slot_of)).is_empty()
        || t.score(&slot_of).clashes > 0
        || k as u32 != r.ub
    {
        bail!("internal error: the colouring is not a clash-free timetable of {k} slots");
    }
    Ok((r, slot_of))
}

/// Toronto with `--objective slots`: the fewest clash-free slots, as the chromatic number of
/// the conflict graph (the colouring front-end), then checked as a timetable.
fn run_toronto_slots(a: &SolveArgs) -> Result<ExitCode> {
    let t = formats::toronto::read(&a.input.file)?;
    let json = a.output.json;
    if !json {
        println!(
            "{}: {} exams, {} students; fewest slots",
            t.name,
            t.exams.len(),
            t.students.len(),
        );
    }
    let spinner = crate::progress::spinner();
    let (r, slot_of) = toronto_slots(&t, a.limits.deadline(), a.seed, &mut |p| {
        spinner.set_message(format!("{} ≤ χ ≤ {} ({})", p.lb, p.ub, p.phase))
    })?;
    spinner.finish_and_clear();
    let elapsed = a.limits.started.elapsed();
    if let Some(path) = &a.out {
        csp_model::sink::write_file(path, t.write_solution(&slot_of))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let status = if r.proved {
        Status::Optimal
    } else {
        Status::Satisfiable
    };
    if json {
        json_line(
            &mut std::io::stdout().lock(),
            &json!({"status": status.name(), "lb": r.lb, "ub": r.ub, "proved": r.proved,
                "lb_source": r.lb_source, "ub_source": r.ub_source, "seconds": elapsed.as_secs_f64()}),
        )?;
    } else {
        if r.proved {
            println!(
                "χ = {} (proved; lower bound by {}) in {}",
                r.ub,
                r.lb_source,
                secs(elapsed)
            );
        } else {
            println!("{} ≤ χ ≤ {} in {}", r.lb, r.ub, secs(elapsed));
        }
        if let Some(path) = &a.out {
            println!("wrote {}", path.display());
        }
    }
    Ok(status.exit())
}

/// `check` for the benchmark formats: the format's validator report, computed from the
/// file's data, and the timetabling checker's verdict on the same timetable beside it.
fn run_check_format(a: &CheckArgs) -> Result<ExitCode> {
    let loaded = read_loaded(&a.input.file, None)?;
    let inst = loaded.instance();
    let src = csp_model::source::read(&a.solution)?;
    let (score, tt) = loaded
        .read_solution(&src.text, &src.name)?
        .context("YAML instances are checked by run_check")?;
    // The two checkers must agree on validity, and on the cost of a valid timetable.
    let (verdict, cost_total) = match &tt {
        Some(tt) => (
            Some(verify(inst, tt).is_empty()),
            Some(cost(inst, tt).total),
        ),
        None => (None, None),
    };
    if let Some(valid) = verdict
        && (valid != (score.hard() == 0) || (valid && cost_total != Some(score.soft())))
    {
        bail!(
            "internal error: the {} checker ({} hard, cost {}) and the timetable checker (valid: {valid}, cost {:?}) disagree",
            loaded.format().name(),
            score.hard(),
            score.soft(),
            cost_total
        );
    }
    let status = if score.hard() == 0 {
        Status::Satisfiable
    } else {
        Status::Unsatisfiable
    };
    if a.output.json {
        json_line(
            &mut std::io::stdout().lock(),
            &json!({
                "status": if score.hard() == 0 { "valid" } else { "invalid" },
                "hard": score.hard(),
                "cost": score.soft(),
                "components": score.components.iter().map(|c| json!({"name": c.name, "hard": c.hard, "value": c.value})).collect::<Vec<_>>(),
            }),
        )?;
    } else {
        if loaded.format() == Format::Toronto {
            let verdict = if score.hard() == 0 {
                "valid"
            } else {
                "invalid"
            };
            println!("{verdict}: {} clashes", score.hard());
        }
        print!("{}", loaded.report(&score));
    }
    Ok(status.exit())
}

fn run_check(a: &CheckArgs) -> Result<ExitCode> {
    if Format::of(&a.input.file) != Format::Yaml {
        return run_check_format(a);
    }
    let inst = read_instance(&a.input.file)?;
    let tt = read_timetable(&inst, &a.solution)?;
    let v = verify(&inst, &tt);
    let c = cost(&inst, &tt);
    let status = if v.is_empty() {
        Status::Satisfiable
    } else {
        Status::Unsatisfiable
    };
    if a.output.json {
        json_line(
            &mut std::io::stdout().lock(),
            &json!({
                "status": if v.is_empty() { "valid" } else { "invalid" },
                "violations": v.iter().map(|x| json!({"rule": x.rule, "message": x.message})).collect::<Vec<_>>(),
                "breakdown": cost_json(&c),
            }),
        )?;
    } else {
        if v.is_empty() {
            println!("valid: every hard rule holds");
        } else {
            println!(
                "invalid: {} hard violation{}",
                v.len(),
                if v.len() == 1 { "" } else { "s" }
            );
            for x in &v {
                println!("  {x}");
            }
        }
        print_cost(&mut std::io::stdout().lock(), &c, usize::MAX)?;
    }
    Ok(status.exit())
}

fn run_explain(a: &ExplainArgs) -> Result<ExitCode> {
    let inst = Arc::new(read_instance(&a.input.file)?);
    let json = a.output.json;
    // A timetable given: analyse it.
    if let Some(path) = &a.solution {
        let tt = read_timetable(&inst, path)?;
        return analyse(&inst, &tt, json);
    }
    match explain::explain(&inst, a.limits.deadline()) {
        Err(csp_timetabling::encode::EncodeError::TooLarge(e)) => {
            anyhow::bail!("{}: {e}", a.input.file.display())
        }
        Err(csp_timetabling::encode::EncodeError::Stopped) => {
            let msg = format!("unknown: {} before an answer", report::stop_reason());
            if json {
                json_line(&mut std::io::stdout().lock(), &json!({"status": "unknown"}))?;
            } else {
                println!("{msg}");
            }
            Ok(Status::Unknown.exit())
        }
        Ok(Some(e)) => {
            if json {
                json_line(
                    &mut std::io::stdout().lock(),
                    &json!({
                        "status": "unsatisfiable",
                        "minimal": e.minimal,
                        "conflict": e.words,
                        "events": e.events,
                        "solves": e.solves,
                    }),
                )?;
            } else {
                println!("unsatisfiable: no timetable exists.");
                if e.parts.is_empty() {
                    println!(
                        "Even with every requirement switched off the events do not fit: the clashes of shared teachers, groups and rooms alone leave no room for them."
                    );
                } else {
                    let which = if e.minimal {
                        "These requirements cannot all hold; without any one of them a timetable exists"
                    } else {
                        "These requirements cannot all hold (the time limit stopped the search for a smaller set)"
                    };
                    println!("{which}:");
                    for w in &e.words {
                        println!("  - {w}");
                    }
                }
                println!("Where the events involved can go:");
                for w in &e.events {
                    println!("  - {w}");
                }
            }
            Ok(Status::Unsatisfiable.exit())
        }
        Ok(None) => {
            // Feasible: solve, then say what the timetable found costs and why.
            let cfg = solve::Config {
                deadline: a.limits.deadline(),
                ..solve::Config::default()
            };
            let r = solve::solve(&inst, &cfg, &mut |_| {})
                .map_err(|e| anyhow::anyhow!("{}: {e}", a.input.file.display()))?;
            match r.timetable {
                Some(tt) => analyse(&inst, &tt, json),
                None => {
                    println!("unknown: a timetable exists but none was found before the limit");
                    Ok(Status::Unknown.exit())
                }
            }
        }
    }
}

/// Every soft requirement a valid timetable breaks, with its cost ("analyze").
fn analyse(inst: &Instance, tt: &Timetable, json: bool) -> Result<ExitCode> {
    let v = verify(inst, tt);
    let c = cost(inst, tt);
    if json {
        json_line(
            &mut std::io::stdout().lock(),
            &json!({
                "status": if v.is_empty() { "satisfiable" } else { "invalid" },
                "violations": v.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
                "breakdown": cost_json(&c),
            }),
        )?;
    } else {
        if !v.is_empty() {
            println!(
                "invalid: {} hard violation{}",
                v.len(),
                if v.len() == 1 { "" } else { "s" }
            );
            for x in &v {
                println!("  {x}");
            }
        } else {
            println!("a timetable exists; the soft requirements it breaks:");
        }
        print_cost(&mut std::io::stdout().lock(), &c, usize::MAX)?;
    }
    Ok(if v.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn run_report(a: &ReportArgs) -> Result<ExitCode> {
    let inst = read_instance(&a.input.file)?;
    let tt = read_timetable(&inst, &a.solution)?;
    let v = verify(&inst, &tt);
    let c = cost(&inst, &tt);
    let status = if v.is_empty() { "valid" } else { "invalid" };
    if a.output.json {
        json_line(
            &mut std::io::stdout().lock(),
            &json!({
                "status": status,
                "breakdown": cost_json(&c),
                "placements": placements_json(&inst, &tt),
            }),
        )?;
    } else {
        println!("{}", summary(&inst));
        println!("{status}: cost {}", c.total);
        for x in &v {
            println!("  {x}");
        }
    }
    render_all(&inst, &tt, status, &c, &a.render, a.output.json)?;
    Ok(if v.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn run_generate(a: &GenerateArgs) -> Result<ExitCode> {
    if a.occurrences == 0 || a.occurrences > yaml::MAX_OCCURRENCES {
        bail!(
            "--occurrences: expected 1 to {}, found {}",
            yaml::MAX_OCCURRENCES,
            a.occurrences
        );
    }
    let mut out = std::io::stdout().lock();
    out.write_all(csp_timetabling::generate::school(a.occurrences, a.seed).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
