//! `csp timetable explain`: why there is no timetable, or what a valid one costs.

use super::{cost_json, print_cost, print_violations, read_instance, read_timetable};
use crate::args::{Input, LimitArgs, OutputArgs};
use crate::report::{self, Status, json_line};
use anyhow::Result;
use clap::Args;
use csp_timetabling::answer::Timetable;
use csp_timetabling::instance::Instance;
use csp_timetabling::solve::{self};
use csp_timetabling::{cost, explain, verify};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Args, Debug)]
pub(super) struct ExplainArgs {
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

pub(super) fn run(a: &ExplainArgs) -> Result<ExitCode> {
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
                json_line(
                    &mut std::io::stdout().lock(),
                    &json!({"instance": inst.name, "status": Status::Unknown.name()}),
                )?;
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
                        "instance": inst.name,
                        "status": Status::Unsatisfiable.name(),
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
                "instance": inst.name,
                "status": if v.is_empty() { Status::Satisfiable } else { Status::Invalid }.name(),
                "violations": v.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
                "breakdown": cost_json(&c),
            }),
        )?;
    } else {
        if !v.is_empty() {
            print_violations(&v);
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
