//! `csp timetable report`: a timetable file rendered.

use super::{
    InstanceFile, RenderArgs, cost_json, placements_json, read_instance, read_timetable,
    render_all, summary,
};
use crate::args::OutputArgs;
use crate::report::{Status, json_line};
use anyhow::Result;
use clap::Args;
use csp_timetabling::{cost, verify};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub(super) struct ReportArgs {
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

pub(super) fn run(a: &ReportArgs) -> Result<ExitCode> {
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
    render_all(&inst, &tt, status.name(), &c, &a.render, a.output.json)?;
    Ok(status.exit())
}
