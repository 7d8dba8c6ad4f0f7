//! `csp sat FILE.cnf`: solve any DIMACS CNF formula, with SAT competition output (or JSON).

use crate::args::{Input, OutputArgs};
use crate::report::{Status, json_line, secs};
use anyhow::{Result, bail};
use clap::Args;
use csp_sat::{Solver, dimacs, dpll::dpll_until, solver::count_until};
use serde_json::json;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `csp sat …`
#[derive(Args, Debug)]
pub(crate) struct SatArgs {
    #[command(flatten)]
    input: Input,
    /// Solve with the small teaching DPLL (no clause learning) instead of batsat.
    #[arg(long)]
    dpll: bool,
    /// Count models up to N (batsat with blocking clauses) and print `c models N`.
    #[arg(long, value_name = "N", conflicts_with = "dpll", value_parser = clap::value_parser!(u64).range(1..))]
    count: Option<u64>,
    /// Give up after this many seconds (`s UNKNOWN`, exit code 1).
    #[arg(long, value_name = "SECONDS", value_parser = crate::args::seconds)]
    time_limit: Option<Duration>,
    #[command(flatten)]
    output: OutputArgs,
}

/// Runs `csp sat`.
pub(crate) fn run(args: &SatArgs) -> Result<ExitCode> {
    let src = crate::input::read(&args.input.file, "csp sat")?;
    let cnf = dimacs::parse(&src.text, &src.name)?;
    let name = csp_model::source::stem(&src.name);
    let file = &src.name;
    let deadline = args.time_limit.map(|t| Instant::now() + t);
    let start = Instant::now();
    let (model, status, counted, stats) = if args.dpll {
        let (answer, s) = dpll_until(&cnf, deadline);
        let (m, status) = match answer {
            Some(Some(m)) => (Some(m), Status::Satisfiable),
            Some(None) => (None, Status::Unsatisfiable),
            None => (None, Status::Unknown),
        };
        (
            m,
            status,
            None,
            ("dpll", s.decisions, s.propagations, s.conflicts),
        )
    } else if let Some(cap) = args.count {
        let c = count_until(&cnf, None, cap, deadline);
        let s = c.stats;
        let status = match (c.count, c.exhausted) {
            (1.., _) => Status::Satisfiable,
            (0, true) => Status::Unsatisfiable,
            // `--count 0`, or the deadline before the first model: nothing is known.
            (0, false) => Status::Unknown,
        };
        (
            c.first.clone(),
            status,
            Some(c),
            ("batsat", s.decisions, s.propagations, s.conflicts),
        )
    } else {
        let mut solver = Solver::new(&cnf);
        solver.set_deadline(deadline);
        let r = solver.solve(&[]);
        let s = solver.stats();
        let stats = ("batsat", s.decisions, s.propagations, s.conflicts);
        match r {
            Some(true) => (Some(solver.model()), Status::Satisfiable, None, stats),
            Some(false) => (None, Status::Unsatisfiable, None, stats),
            None => (None, Status::Unknown, None, stats),
        }
    };
    let elapsed = start.elapsed();
    // The independent check before anything is claimed.
    if let Some(m) = &model
        && !cnf.is_satisfied_by(m)
    {
        bail!("internal error: the model found does not satisfy {file}");
    }
    let lits = |m: &[bool]| -> Vec<i64> {
        m.iter()
            .enumerate()
            .map(|(v, &b)| if b { v as i64 + 1 } else { -(v as i64 + 1) })
            .collect()
    };
    let mut out = std::io::stdout().lock();
    if args.output.json {
        let mut j = json!({"instance": name, "status": status.name(), "variables": cnf.num_vars(),
            "clauses": cnf.num_clauses(), "seconds": elapsed.as_secs_f64()});
        if let Some(m) = &model {
            j["model"] = json!(lits(m));
        }
        if let Some(c) = &counted {
            j["count"] = json!(c.count);
            j["exact"] = json!(c.exhausted);
        }
        if args.output.stats {
            j["stats"] = json!({"solver": stats.0, "decisions": stats.1, "propagations": stats.2, "conflicts": stats.3});
        }
        json_line(&mut out, &j)?;
        return Ok(status.exit());
    }
    writeln!(
        out,
        "c {file}: {} variables, {} clauses",
        cnf.num_vars(),
        cnf.num_clauses()
    )?;
    if args.output.stats {
        writeln!(
            out,
            "c {}: {} decisions, {} propagations, {} conflicts",
            stats.0, stats.1, stats.2, stats.3
        )?;
        writeln!(out, "c time {}", secs(elapsed))?;
    }
    if let Some(c) = &counted {
        let more = if c.exhausted { "" } else { "+" };
        writeln!(out, "c models {}{more}", c.count)?;
    }
    match (&model, status) {
        (Some(m), _) => {
            writeln!(out, "s SATISFIABLE")?;
            let mut line = String::from("v");
            for lit in lits(m) {
                let word = format!(" {lit}");
                if line.len() + word.len() > 78 {
                    writeln!(out, "{line}")?;
                    line = String::from("v");
                }
                line.push_str(&word);
            }
            writeln!(out, "{line} 0")?;
        }
        (None, Status::Unknown) => writeln!(out, "s UNKNOWN")?,
        (None, _) => writeln!(out, "s UNSATISFIABLE")?,
    }
    Ok(status.exit())
}
