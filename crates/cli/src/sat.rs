//! `csp sat FILE.cnf`: solve any DIMACS CNF formula, with SAT competition output.

use anyhow::{Result, bail};
use clap::Args;
use csp_sat::{Solver, dimacs, dpll::dpll, solver::count};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// `csp sat …`
#[derive(Args, Debug)]
pub struct SatArgs {
    /// The formula in DIMACS CNF (`-` or nothing: standard input).
    file: Option<PathBuf>,
    /// Solve with the small teaching DPLL (no clause learning) instead of batsat.
    #[arg(long)]
    dpll: bool,
    /// Count models up to N (batsat with blocking clauses) and print `c models N`.
    #[arg(long, value_name = "N", conflicts_with = "dpll")]
    count: Option<u64>,
    /// Print counters (decisions, propagations, conflicts, time) as `c` lines.
    #[arg(long)]
    stats: bool,
}

/// Runs `csp sat`.
pub fn run(args: &SatArgs) -> Result<ExitCode> {
    let (cnf, name) = match &args.file {
        Some(p) if p.as_os_str() != "-" => (dimacs::read(p)?, p.display().to_string()),
        _ => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text)?;
            (dimacs::parse(&text, "<stdin>")?, "<stdin>".to_string())
        }
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "c {name}: {} variables, {} clauses",
        cnf.num_vars(),
        cnf.num_clauses()
    )?;
    let start = Instant::now();
    let (model, counted, stats) = if args.dpll {
        let (m, s) = dpll(&cnf);
        (
            m,
            None,
            format!(
                "c dpll: {} decisions, {} propagations, {} conflicts",
                s.decisions, s.propagations, s.conflicts
            ),
        )
    } else if let Some(cap) = args.count {
        let c = count(&cnf, None, cap);
        let s = c.stats;
        (
            c.first.clone(),
            Some(c),
            format!(
                "c batsat: {} decisions, {} propagations, {} conflicts",
                s.decisions, s.propagations, s.conflicts
            ),
        )
    } else {
        let mut solver = Solver::new(&cnf);
        let r = solver.solve(&[]);
        let s = solver.stats();
        let stats = format!(
            "c batsat: {} decisions, {} propagations, {} conflicts",
            s.decisions, s.propagations, s.conflicts
        );
        match r {
            Some(true) => (Some(solver.model()), None, stats),
            Some(false) => (None, None, stats),
            None => {
                writeln!(out, "s UNKNOWN")?;
                return Ok(ExitCode::from(1));
            }
        }
    };
    let elapsed = start.elapsed();
    if args.stats {
        writeln!(out, "{stats}")?;
        writeln!(out, "c time {:.3} s", elapsed.as_secs_f64())?;
    }
    if let Some(c) = &counted {
        writeln!(
            out,
            "c models {}{}",
            c.count,
            if c.exhausted { "" } else { "+" }
        )?;
    }
    let Some(model) = model else {
        writeln!(out, "s UNSATISFIABLE")?;
        return Ok(ExitCode::from(1));
    };
    // The independent check before anything is claimed.
    if !cnf.is_satisfied_by(&model) {
        bail!("internal error: the model found does not satisfy {name}");
    }
    writeln!(out, "s SATISFIABLE")?;
    let mut line = String::from("v");
    for (v, &b) in model.iter().enumerate() {
        let lit = if b { v as i64 + 1 } else { -(v as i64 + 1) };
        let word = format!(" {lit}");
        if line.len() + word.len() > 78 {
            writeln!(out, "{line}")?;
            line = String::from("v");
        }
        line.push_str(&word);
    }
    line.push_str(" 0");
    writeln!(out, "{line}")?;
    Ok(ExitCode::SUCCESS)
}
