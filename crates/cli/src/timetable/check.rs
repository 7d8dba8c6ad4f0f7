//! `csp timetable check`: a timetable file against the instance, by the timetabling
//! checker and, for the benchmark formats, by the format's own score as well.

use super::{
    InstanceFile, cost_json, print_cost, print_violations, read_instance, read_loaded,
    read_timetable,
};
use crate::args::OutputArgs;
use crate::report::{Status, json_line};
use anyhow::{Context, Result, bail};
use clap::Args;
use csp_timetabling::formats::Format;
use csp_timetabling::{cost, verify};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub(super) struct CheckArgs {
    #[command(flatten)]
    input: InstanceFile,
    /// The timetable file.
    #[arg(value_name = "SOLUTION")]
    solution: PathBuf,
    #[command(flatten)]
    output: OutputArgs,
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
        Status::Valid
    } else {
        Status::Invalid
    };
    if a.output.json {
        json_line(
            &mut std::io::stdout().lock(),
            &json!({
                "instance": inst.name,
                "status": status.name(),
                "hard": score.hard(),
                "cost": score.soft(),
                "components": score.components.iter().map(|c| json!({"name": c.name, "hard": c.hard, "value": c.value})).collect::<Vec<_>>(),
            }),
        )?;
    } else {
        if loaded.format() == Format::Toronto {
            println!("{status}: {} clashes", score.hard());
        }
        print!("{}", loaded.report(&score));
    }
    Ok(status.exit())
}

pub(super) fn run(a: &CheckArgs) -> Result<ExitCode> {
    if Format::of(&a.input.file) == Format::Itc2019 {
        return super::university::check(&a.input.file, &a.solution, a.output.json);
    }
    if Format::of(&a.input.file) != Format::Yaml {
        return run_check_format(a);
    }
    let inst = read_instance(&a.input.file)?;
    let tt = read_timetable(&inst, &a.solution)?;
    let v = verify(&inst, &tt);
    let c = cost(&inst, &tt);
    let status = if v.is_empty() {
        Status::Valid
    } else {
        Status::Invalid
    };
    if a.output.json {
        json_line(
            &mut std::io::stdout().lock(),
            &json!({
                "instance": inst.name,
                "status": status.name(),
                "violations": v.iter().map(|x| json!({"rule": x.rule, "message": x.message})).collect::<Vec<_>>(),
                "breakdown": cost_json(&c),
            }),
        )?;
    } else {
        if v.is_empty() {
            println!("valid: every hard rule holds");
        } else {
            print_violations(&v);
        }
        print_cost(&mut std::io::stdout().lock(), &c, usize::MAX)?;
    }
    Ok(status.exit())
}
