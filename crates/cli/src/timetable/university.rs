//! ITC 2019 problems (`.xml`): solved by the university search, checked by the format's
//! validator, written as the competition's solution files.

use crate::report::{Status, json_line, secs};
use anyhow::{Context, Result, bail};
use csp_timetabling::formats::itc2019::{self, Evaluation, Header, Itc2019, Solution};
use csp_timetabling::university;
use serde_json::{Value, json};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The time a solve takes without `--time-limit` (local search never proves it is done).
pub(super) const DEFAULT_SECONDS: u64 = 60;

/// Reads an ITC 2019 problem.
pub(super) fn read(path: &Path) -> Result<Itc2019> {
    Ok(itc2019::read(path)?)
}

/// The cost of an evaluation with the problem's weights.
pub(super) fn total(p: &Itc2019, e: &Evaluation) -> u64 {
    let w = p.weights;
    [
        (w.time, e.time),
        (w.room, e.room),
        (w.distribution, e.distribution),
        (w.student, e.student),
    ]
    .iter()
    .fold(0u64, |acc, &(a, b)| acc.saturating_add(a.saturating_mul(b)))
}

/// The validator's report: hard rules, then each cost part, weighted.
fn report_text(p: &Itc2019, e: &Evaluation) -> String {
    let w = p.weights;
    let mut s = String::new();
    if e.hard() == 0 {
        s.push_str("valid: every hard rule holds\n");
    } else {
        s.push_str(&format!("invalid: {} hard violations\n", e.hard()));
        for (name, v) in [
            ("classes not placed", e.unplaced),
            ("classes in an unavailable room", e.room_unavailable),
            ("pairs of classes in one room at once", e.room_conflicts),
            ("required distributions violated", e.distributions),
            ("students not sectioned by the rules", e.sectioning),
            ("students over class limits", e.over_limit),
        ] {
            if v > 0 {
                s.push_str(&format!("  {v} {name}\n"));
            }
        }
    }
    for (name, v, weight) in [
        ("time", e.time, w.time),
        ("room", e.room, w.room),
        ("distribution", e.distribution, w.distribution),
        ("student", e.student, w.student),
    ] {
        s.push_str(&format!(
            "  {name:<13}{v:>9} × {weight:<3} = {:>9}\n",
            v.saturating_mul(weight)
        ));
    }
    s.push_str(&format!("  total{:>34}\n", total(p, e)));
    s
}

/// The evaluation as JSON fields.
fn report_json(p: &Itc2019, e: &Evaluation) -> Value {
    json!({
        "hard": e.hard(),
        "cost": total(p, e),
        "time": e.time,
        "room": e.room,
        "distribution": e.distribution,
        "student": e.student,
        "violations": {
            "unassigned": e.unplaced,
            "room_unavailable": e.room_unavailable,
            "room_conflicts": e.room_conflicts,
            "required_distributions": e.distributions,
            "sectioning": e.sectioning,
            "class_limit": e.over_limit,
        },
    })
}

/// `csp timetable check PROBLEM.xml SOLUTION.xml`.
pub(super) fn check(problem: &Path, solution: &Path, json: bool) -> Result<ExitCode> {
    let p = read(problem)?;
    let src = csp_model::source::read(solution)?;
    let sol = p.parse_solution(&src.text, &src.name)?;
    let e = p.evaluate(&sol);
    let status = if e.hard() == 0 {
        Status::Valid
    } else {
        Status::Invalid
    };
    if json {
        let mut j = report_json(&p, &e);
        j["instance"] = json!(p.name);
        j["status"] = json!(status.name());
        json_line(&mut std::io::stdout().lock(), &j)?;
    } else {
        print!("{}", report_text(&p, &e));
    }
    Ok(status.exit())
}

/// What a solve gives back, verified.
pub(super) struct Solved {
    pub p: Itc2019,
    pub outcome: university::Outcome,
    /// The validator's judgement of the solution found (when one was).
    pub evaluation: Option<Evaluation>,
    pub elapsed: Duration,
}

/// Solves `p` until `deadline`, and checks the answer with the validator: a solution the
/// search called valid and the validator does not is an internal error.
pub(super) fn solve_checked(p: Itc2019, deadline: Instant, seed: u64) -> Result<Solved> {
    let started = Instant::now();
    let outcome = university::solve(&p, &university::Config { deadline, seed });
    let elapsed = started.elapsed();
    let evaluation = outcome.solution.as_ref().map(|s| p.evaluate(s));
    if let Some(e) = &evaluation
        && e.hard() > 0
    {
        bail!(
            "internal error: the solution found breaks hard rules by the validator:\n{}",
            report_text(&p, e)
        );
    }
    Ok(Solved {
        p,
        outcome,
        evaluation,
        elapsed,
    })
}

/// `csp timetable solve PROBLEM.xml`.
pub(super) fn solve(
    path: &Path,
    deadline: Instant,
    seed: u64,
    out: Option<&Path>,
    json: bool,
    stats: bool,
) -> Result<ExitCode> {
    let s = solve_checked(read(path)?, deadline, seed)?;
    let p = &s.p;
    let status = if s.evaluation.is_some() {
        Status::Satisfiable
    } else {
        Status::Unknown
    };
    if let (Some(path), Some(sol)) = (out, &s.outcome.solution) {
        write(p, sol, path, s.elapsed)?;
    }
    let st = s.outcome.stats;
    if json {
        let mut j = match &s.evaluation {
            Some(e) => report_json(p, e),
            None => {
                let mut j = json!({"hard_left": s.outcome.hard_left});
                if let Some(at) = &s.outcome.stopped_at {
                    j["stopped_at"] = report_json(p, &p.evaluate(at));
                }
                j
            }
        };
        j["instance"] = json!(p.name);
        j["status"] = json!(status.name());
        j["seconds"] = json!(s.elapsed.as_secs_f64());
        j["first_seconds"] = json!(s.outcome.feasible_after.map(|d| d.as_secs_f64()));
        j["moves_tried"] = json!(st.tried);
        json_line(&mut std::io::stdout().lock(), &j)?;
        return Ok(status.exit());
    }
    println!(
        "{}: {} classes, {} rooms, {} distributions, {} students",
        p.name,
        p.classes.len(),
        p.rooms.len(),
        p.distributions.len(),
        p.students.len()
    );
    match &s.evaluation {
        Some(e) => {
            println!(
                "{}: cost {} ({}; every hard rule from {})",
                status.name(),
                total(p, e),
                secs(s.elapsed),
                s.outcome.feasible_after.map_or("-".into(), secs)
            );
            print!("{}", report_text(p, e));
        }
        None => {
            println!(
                "{}: no placement without hard violations before the limit ({})",
                status.name(),
                secs(s.elapsed)
            );
            if let Some(at) = &s.outcome.stopped_at {
                println!("where the search stopped:");
                print!("{}", report_text(p, &p.evaluate(at)));
            }
        }
    }
    if let Some(path) = out
        && s.outcome.solution.is_some()
    {
        println!("wrote {}", path.display());
    }
    if stats {
        println!(
            "moves: {} tried, {} made ({:.0} tried per second)",
            st.tried,
            st.moved,
            st.tried as f64 / s.elapsed.as_secs_f64().max(1e-9)
        );
    }
    Ok(status.exit())
}

/// Writes the competition's solution file.
fn write(p: &Itc2019, sol: &Solution, path: &Path, elapsed: Duration) -> Result<()> {
    let header = Header {
        runtime: elapsed.as_secs_f64(),
        cores: 1,
        technique: "csp: local search".into(),
        ..Header::default()
    };
    csp_model::sink::write_file(path, p.write_solution(sol, &header))
        .with_context(|| format!("writing {}", path.display()))
}
