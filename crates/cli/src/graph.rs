//! `csp graph FILE`: a model's constraint graph, as a degree summary or Graphviz DOT.

use crate::args::{Input, OutputArgs};
use crate::report::{Status, json_line};
use anyhow::Result;
use clap::Args;
use csp_model::CspFile;
use serde_json::json;
use std::io::Write;
use std::process::ExitCode;

/// `csp graph …`
#[derive(Args, Debug)]
pub(crate) struct GraphArgs {
    #[command(flatten)]
    input: Input,
    /// Print the graph in Graphviz DOT.
    #[arg(long, conflicts_with = "json")]
    dot: bool,
    #[command(flatten)]
    output: OutputArgs,
}

/// Runs `csp graph`.
pub(crate) fn run(args: &GraphArgs) -> Result<ExitCode> {
    let src = crate::input::read(&args.input.file, "csp solve")?;
    let f = CspFile::parse(&src.text, &src.name)?;
    let g = f.model.constraint_graph();
    let mut out = std::io::stdout().lock();
    if args.dot {
        write!(out, "{}", g.to_dot())?;
    } else if args.output.json {
        let degrees: serde_json::Map<String, serde_json::Value> = f
            .model
            .vars()
            .map(|x| (f.model.name(x).to_string(), json!(g.degree(x))))
            .collect();
        json_line(
            &mut out,
            &json!({"instance": f.name, "status": Status::Done.name(), "variables": f.model.num_vars(),
                "constraints": f.model.num_constraints(), "edges": g.edge_count(), "degrees": degrees}),
        )?;
    } else {
        writeln!(
            out,
            "{}: {} variables, {} constraints, {} edges",
            f.name,
            f.model.num_vars(),
            f.model.num_constraints(),
            g.edge_count()
        )?;
        for x in f.model.vars() {
            writeln!(out, "  {:<12} degree {}", f.model.name(x), g.degree(x))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
