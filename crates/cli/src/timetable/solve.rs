//! `csp timetable solve`: a timetable as good as time allows, verified, then rendered;
//! Toronto's fewest slots through the colouring front-end.

use super::{
    RenderArgs, cost_json, format_score, placements_json, print_cost, read_loaded, read_solution,
    render_all, summary,
};
use crate::args::{Input, LimitArgs, OutputArgs};
use crate::report::{Status, json_line, secs};
use anyhow::{Context, Result, bail};
use clap::Args;
use csp_timetabling::answer::{CostReport, Placement, Timetable};
use csp_timetabling::formats::{self, Format};
use csp_timetabling::instance::{Instance, Kind, Requirement};
use csp_timetabling::solve;
use csp_timetabling::{cost, solution, verify};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Args, Debug)]
pub(super) struct SolveArgs {
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

pub(super) fn run(a: &SolveArgs) -> Result<ExitCode> {
    let format = Format::of(&a.input.file);
    if format == Format::Itc2019 {
        return run_itc2019(a);
    }
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
    let (inst, pins) = instance_and_pins(a, loaded.instance())?;
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
    let spinner = crate::progress::spinner(a.limits.time_limit);
    let r = solve::solve(&inst, &cfg, &mut |p| {
        spinner.set_message(format!("cost {}", p.cost()))
    })
    .map_err(|e| anyhow::anyhow!("{}: {e}", a.input.file.display()))?;
    spinner.finish_and_clear();
    let elapsed = a.limits.started.elapsed();
    let Some(tt) = r.timetable.clone() else {
        return no_timetable(a, &inst.name, &r);
    };
    // Every answer checked by the independent verifier before it is printed.
    let c = checked(&inst, &tt, &r)?;
    let status = r.status;
    // What moved: the violations of the `--from` requirement, in words.
    let moves = a.from.as_ref().map(|_| {
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
    let answer = Answer {
        inst: &inst,
        tt: &tt,
        report: &r,
        cost: &c,
        status,
        moves: moves.as_deref(),
        elapsed,
    };
    if json {
        answer.print_json()?;
    } else {
        answer.print_text(a)?;
        if let Some(sc) = &score {
            print!("{}", loaded.report(sc));
        } else {
            print_cost(&mut std::io::stdout().lock(), &c, 5)?;
        }
        answer.print_moves();
        if let Some(path) = &a.out {
            println!("wrote {}", path.display());
        }
    }
    render_all(&inst, &tt, status.name(), &c, &a.render, json)?;
    Ok(status.exit())
}

/// An ITC 2019 problem: the university search, then the validator.
fn run_itc2019(a: &SolveArgs) -> Result<ExitCode> {
    if a.slots.is_some() || a.objective.is_some() || a.pin.is_some() || a.from.is_some() {
        bail!("--slots, --objective, --pin and --from do not apply to ITC 2019 problems");
    }
    let limit = a
        .limits
        .time_limit
        .unwrap_or(std::time::Duration::from_secs(
            super::university::DEFAULT_SECONDS,
        ));
    super::university::solve(
        &a.input.file,
        a.limits.started + limit,
        a.seed,
        a.out.as_deref(),
        a.output.json,
        a.output.stats,
    )
}

/// Occurrences kept at their placements.
type Pins = Vec<(usize, Placement)>;

/// The instance to solve (with `--from`'s price of moving) and the placements `--pin` keeps.
fn instance_and_pins(a: &SolveArgs, inst: &Instance) -> Result<(Arc<Instance>, Pins)> {
    let mut inst = inst.clone();
    let pins = match &a.pin {
        Some(p) => read_solution(&inst, p)?,
        None => Vec::new(),
    };
    if let Some(from) = &a.from {
        let mut previous = vec![None; inst.occurrences.len()];
        for (o, p) in read_solution(&inst, from)? {
            previous[o] = Some(p);
        }
        inst.soft.push(Requirement {
            kind: Kind::Stay(previous),
            weight: a.move_cost,
            path: "--from".into(),
            line: 0,
        });
    }
    Ok((Arc::new(inst), pins))
}

/// The answer without a timetable: infeasible (with or without pins) or stopped.
fn no_timetable(a: &SolveArgs, name: &str, r: &solve::Report) -> Result<ExitCode> {
    let elapsed = a.limits.started.elapsed();
    let (status, what) = match r.status {
        solve::Status::Unsatisfiable if a.pin.is_some() => (
            Status::Unsatisfiable,
            "no timetable keeps the pinned placements".to_string(),
        ),
        solve::Status::Unsatisfiable => (
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
                r.limit.map_or("limit".to_string(), |l| l.to_string())
            ),
        ),
    };
    if a.output.json {
        json_line(
            &mut std::io::stdout().lock(),
            &json!({"instance": name, "status": status.name(), "seconds": elapsed.as_secs_f64(), "nodes": r.nodes}),
        )?;
    } else {
        println!("{}: {what} ({})", status.name(), secs(elapsed));
    }
    Ok(status.exit())
}

/// The timetable's cost, after the independent verifier found it valid and the checker's
/// cost equal to the solver's.
fn checked(inst: &Instance, tt: &Timetable, r: &solve::Report) -> Result<CostReport> {
    let violations = verify(inst, tt);
    if !violations.is_empty() {
        bail!(
            "internal error: the timetable found breaks {} rule(s), first: {}",
            violations.len(),
            violations[0]
        );
    }
    let c = cost(inst, tt);
    if Some(c.total) != r.cost {
        bail!(
            "internal error: the solver's cost {:?} differs from the checker's {}",
            r.cost,
            c.total
        );
    }
    Ok(c)
}

/// A verified timetable and what to say about it.
struct Answer<'a> {
    inst: &'a Instance,
    tt: &'a Timetable,
    report: &'a solve::Report,
    cost: &'a CostReport,
    status: Status,
    /// What moved, with `--from`.
    moves: Option<&'a [String]>,
    /// The time to the answer (before it was checked).
    elapsed: std::time::Duration,
}

impl Answer<'_> {
    fn print_json(&self) -> Result<()> {
        let r = self.report;
        let mut j = json!({
            "instance": self.inst.name,
            "status": self.status.name(),
            "cost": self.cost.total,
            "seconds": self.elapsed.as_secs_f64(),
            "first_seconds": r.first.map(|d| d.as_secs_f64()),
            "nodes": r.nodes,
            "moves_tried": r.moves.0,
            "phases": r.phases.iter().map(|p| p.name()).collect::<Vec<_>>(),
            "cost_by_time": r.trace.iter().map(|(t, c)| json!([t.as_secs_f64(), c])).collect::<Vec<_>>(),
            "breakdown": cost_json(self.cost),
            "placements": placements_json(self.inst, self.tt),
        });
        if let Some(m) = self.moves {
            j["moved"] = json!(m);
        }
        json_line(&mut std::io::stdout().lock(), &j)?;
        Ok(())
    }

    /// The headline (status, cost, times, why it stopped) and, with --stats, the counts.
    fn print_text(&self, a: &SolveArgs) -> Result<()> {
        let (r, status) = (self.report, self.status);
        let proved = if status == Status::Optimal {
            " (proved)"
        } else {
            ""
        };
        let stop = match (r.limit, status) {
            (Some(csp_core::LimitReached::Interrupted), Status::Satisfiable) => {
                "; interrupted".to_string()
            }
            (Some(l), Status::Satisfiable) => format!("; {l} reached, best found"),
            (None, Status::Satisfiable) if a.first => "; first timetable (--first)".to_string(),
            _ => String::new(),
        };
        println!(
            "{}: cost {}{proved} in {}; first timetable after {}{stop}",
            status.name(),
            self.cost.total,
            secs(self.elapsed),
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
            let phases: Vec<&str> = r.phases.iter().map(|p| p.name()).collect();
            println!("phases: {}", phases.join(", "));
        }
        Ok(())
    }

    /// With `--from`: what moved.
    fn print_moves(&self) {
        if let Some(m) = self.moves {
            println!(
                "moved {} of {} occurrences{}",
                m.len(),
                self.inst.occurrences.len(),
                if m.is_empty() { "" } else { ":" }
            );
            for line in m {
                println!("  {line}");
            }
        }
    }
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
    let spinner = crate::progress::spinner(a.limits.time_limit);
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
                "lb_source": r.lb_source.name(), "ub_source": r.ub_source.name(), "seconds": elapsed.as_secs_f64()}),
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
