//! `csp colour GRAPH`: a k-colouring or the chromatic number with a proof, by the engine
//! (bounds, local search, exact search) or by SAT; `csp colour bench` runs a folder.

mod bench;

use crate::args::{EngineArgs, LimitArgs, OutputArgs};
use crate::report::{Status, json_line, secs};
use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand, ValueEnum};
use csp_colouring::chromatic::{self, Chromatic, KAnswer, Strategy};
use csp_colouring::{Colouring, Instance, render, verify};
use csp_core::{Outcome, Propagation, Search, SearchConfig};
use csp_model::SolveOptions;
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// How to colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Method {
    /// The engine, with bounds, local search and reductions.
    Csp,
    /// The k-colouring formula through batsat (for χ, k descending from DSATUR's bound).
    Sat,
}

/// `--branching`: the exact search's strategies, named by the colouring library.
pub(crate) fn branching() -> impl clap::builder::TypedValueParser<Value = Strategy> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Strategy::ALL.map(|s| s.name()))
        .try_map(|s| s.parse::<Strategy>())
}

/// `csp colour` arguments.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub(crate) struct ColourArgs {
    #[command(subcommand)]
    command: Option<ColourCommand>,
    /// The graph: DIMACS `.col`, or YAML (`kind: colouring`); `-` (or nothing, when a pipe
    /// is attached) reads standard input.
    #[arg(value_name = "GRAPH", default_value = "-")]
    file: Option<PathBuf>,
    /// Find a colouring with K colours (or prove there is none).
    #[arg(long, short = 'k', conflicts_with = "chromatic")]
    k: Option<u32>,
    /// Compute the chromatic number with a proof (the default unless the file gives k).
    #[arg(long)]
    chromatic: bool,
    /// The exact search's branching (with --method csp).
    #[arg(long, value_name = "BRANCHING", default_value = "portfolio", value_parser = branching())]
    branching: Strategy,
    /// The solver.
    #[arg(long, value_enum, default_value_t = Method::Csp)]
    method: Method,
    /// Skip the local search (hybrid evolutionary + TabuCol).
    #[arg(long)]
    no_tabu: bool,
    /// Threads for the local search of the chromatic number (each from its own seed; the
    /// first colouring found stops the others).
    #[arg(long, value_name = "N", default_value = "1", value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: u16,
    /// Print DIMACS-style `s col k` / `v vertex colour` lines.
    #[arg(long, conflicts_with = "json")]
    dimacs: bool,
    /// Print the coloured graph in Graphviz DOT instead.
    #[arg(long, conflicts_with_all = ["json", "dimacs"])]
    dot: bool,
    /// Write an SVG picture of the coloured graph (small graphs).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// With -k: solve the plain model (one ≠ per edge, no reductions) with these engine
    /// flags instead (propagation none, fc or ac3; default ac3).
    #[command(flatten)]
    engine: EngineArgs,
}

#[derive(Subcommand, Debug)]
enum ColourCommand {
    /// Chromatic number of every `.col` file in a folder, against the known values in its
    /// README table.
    Bench(bench::BenchArgs),
}

/// What a colouring job found.
struct Found {
    status: Status,
    colouring: Option<Colouring>,
    /// The colours the colouring claims to need at most (None: any number).
    k: Option<u32>,
    /// The answer in words, after `name: ` in text.
    what: String,
    /// The effort in words, inside the parentheses.
    effort: String,
    json: serde_json::Value,
}

/// Runs `csp colour`.
pub(crate) fn run(args: &ColourArgs) -> Result<ExitCode> {
    if let Some(ColourCommand::Bench(b)) = &args.command {
        return bench::run(b);
    }
    let path = args.file.as_ref().context("a graph file is required")?;
    let src = crate::input::read(path, "csp colour")?;
    let inst = csp_colouring::parse(&src.text, &src.name, path)?;
    let k = if args.chromatic {
        None
    } else {
        args.k.or(inst.k)
    };
    let plain = args.engine.any();
    if args.limits.node_limit.is_some() && !(plain && k.is_some()) {
        bail!(
            "--node-limit applies to -k with an engine flag (--propagation, --var-order, --val-order)"
        );
    }
    if plain && (k.is_none() || args.method == Method::Sat) {
        bail!(
            "the engine flags (--propagation, --var-order, --val-order) apply to -k with --method csp"
        );
    }
    let start = Instant::now();
    let found = if let Some(why) = inst.precolouring_conflict_words() {
        // No colouring exists with any number of colours: an answer, not an error.
        Found {
            status: Status::Unsatisfiable,
            colouring: None,
            k,
            what: format!("not colourable: {why}"),
            effort: "0 nodes".into(),
            json: json!({"reason": why}),
        }
    } else {
        match (args.method, k) {
            (Method::Sat, k) => colour_sat(&inst, k, args)?,
            (Method::Csp, Some(k)) => k_colouring(&inst, k, args, plain)?,
            (Method::Csp, None) => chromatic_number(&inst, args),
        }
    };
    // The independent check before anything is printed.
    if let Some(c) = &found.colouring {
        verify(&inst, found.k, c).context("internal error: the colouring does not verify")?;
    }
    let elapsed = start.elapsed();
    let mut out = std::io::stdout().lock();
    if args.output.json {
        let mut j = json!({"instance": inst.name, "status": found.status.name(),
            "vertices": inst.graph.len(), "edges": inst.graph.edge_count()});
        if let (Some(h), Some(rest)) = (j.as_object_mut(), found.json.clone().as_object_mut()) {
            h.append(rest);
        }
        j["seconds"] = json!(elapsed.as_secs_f64());
        if let Some(c) = &found.colouring {
            j["colouring"] = colouring_json(&inst, c);
        }
        json_line(&mut out, &j)?;
    } else {
        if !args.dot {
            let c = if args.dimacs { "c " } else { "" };
            writeln!(
                out,
                "{c}{}: {} ({} vertices, {} edges; {}, {})",
                inst.name,
                found.what,
                inst.graph.len(),
                inst.graph.edge_count(),
                found.effort,
                secs(elapsed)
            )?;
        }
        if let Some(c) = &found.colouring {
            if args.dot {
                write!(out, "{}", render::dot(&inst.graph, Some(c)))?;
            } else if args.dimacs {
                write!(out, "{}", render::dimacs(&inst.graph, c))?;
            } else {
                write!(out, "{}", render::text(&inst.graph, c))?;
            }
        }
    }
    if let Some(svg) = &args.svg {
        if inst.graph.len() > 2000 {
            bail!(
                "{}: {} vertices is too many for a picture (at most 2000)",
                path.display(),
                inst.graph.len()
            );
        }
        csp_model::sink::write_file(
            svg,
            render::svg(&inst.graph, found.colouring.as_ref(), &inst.name),
        )
        .with_context(|| format!("cannot write {}", svg.display()))?;
    }
    Ok(found.status.exit())
}

fn k_status(answer: &KAnswer) -> (Status, &'static str) {
    match answer {
        KAnswer::Colourable(_) => (Status::Satisfiable, "colourable"),
        KAnswer::NotColourable => (Status::Unsatisfiable, "not colourable"),
        KAnswer::Unknown => (Status::Unknown, "unknown"),
    }
}

/// `-k K` on the engine: the front-end's model (with reductions), or the plain model with
/// the engine flags.
fn k_colouring(inst: &Instance, k: u32, args: &ColourArgs, plain: bool) -> Result<Found> {
    let mut effort = chromatic::Effort::default();
    let answer = if plain {
        plain_k_colouring(inst, k, args, &mut effort)?
    } else {
        chromatic::k_colourable(
            inst,
            k,
            &[],
            args.branching,
            args.limits.deadline(),
            &mut effort,
        )
    };
    let (status, word) = k_status(&answer);
    let limit = if status == Status::Unknown {
        " (limit reached)"
    } else {
        ""
    };
    Ok(Found {
        status,
        k: Some(k),
        what: format!("{word} with {k} colours{limit}"),
        effort: format!("{} nodes", effort.nodes),
        json: json!({"k": k, "nodes": effort.nodes, "failures": effort.failures}),
        colouring: match answer {
            KAnswer::Colourable(c) => Some(c),
            _ => None,
        },
    })
}

/// The chromatic number on the engine: bounds, local search, exact search.
fn chromatic_number(inst: &Instance, args: &ColourArgs) -> Found {
    let config = chromatic::Config {
        time_limit: args.limits.time_limit,
        strategy: args.branching,
        tabu: !args.no_tabu,
        jobs: usize::from(args.jobs),
        // `--seed` (an engine flag, also the seed of `--val-order random`).
        seed: args
            .engine
            .seed
            .unwrap_or(chromatic::Config::default().seed),
        ..chromatic::Config::default()
    };
    let spinner = crate::progress::spinner(args.limits.time_limit);
    let r = chromatic::chromatic_number(inst, &config, &mut |p: &chromatic::Progress| {
        spinner.set_message(format!("{} ≤ χ ≤ {}  {}", p.lb, p.ub, p.phase));
    });
    spinner.finish_and_clear();
    let status = Status::of_best(r.proved);
    Found {
        status,
        k: Some(r.ub),
        what: bounds(&r),
        effort: format!(
            "lower bound by {}, upper bound by {}, {} nodes",
            r.lb_source, r.ub_source, r.effort.nodes
        ),
        json: json!({"lb": r.lb, "ub": r.ub, "proved": r.proved,
            "clique": r.clique.iter().map(|&v| inst.graph.name(v)).collect::<Vec<_>>(),
            "ub_source": r.ub_source.name(), "lb_source": r.lb_source.name(), "nodes": r.effort.nodes,
            "failures": r.effort.failures}),
        colouring: Some(r.colouring),
    }
}

/// `--method sat`: k-colouring or the chromatic number through the SAT formula.
fn colour_sat(inst: &Instance, k: Option<u32>, args: &ColourArgs) -> Result<Found> {
    let deadline = args.limits.deadline();
    Ok(match k {
        Some(k) => {
            let (a, stats) = csp_colouring::sat::k_colourable_until(inst, k, deadline);
            let (status, word) = k_status(&a);
            Found {
                status,
                k: Some(k),
                what: format!("{word} with {k} colours"),
                effort: if csp_colouring::sat::formula_literals(inst, k)
                    > csp_colouring::sat::MAX_FORMULA_LITERALS
                {
                    format!(
                        "SAT: the formula would have {} literals, more than the {} allowed; try --method csp",
                        csp_colouring::sat::formula_literals(inst, k),
                        csp_colouring::sat::MAX_FORMULA_LITERALS
                    )
                } else {
                    format!(
                        "SAT: {} decisions, {} conflicts",
                        stats.decisions, stats.conflicts
                    )
                },
                json: json!({"k": k, "method": "sat", "decisions": stats.decisions, "conflicts": stats.conflicts}),
                colouring: match a {
                    KAnswer::Colourable(c) => Some(c),
                    _ => None,
                },
            }
        }
        None => {
            let r = csp_colouring::sat::chromatic_number_until(inst, deadline);
            let bounds = if r.proved {
                format!("χ = {} (proved)", r.chromatic)
            } else {
                format!("{} ≤ χ ≤ {}", r.lb, r.chromatic)
            };
            Found {
                status: Status::of_best(r.proved),
                k: Some(r.chromatic),
                what: bounds,
                effort: format!(
                    "SAT: {} k tested, {} decisions, {} conflicts{}",
                    r.searches,
                    r.stats.decisions,
                    r.stats.conflicts,
                    r.too_large.map_or(String::new(), |k| format!(
                        "; stopped at k = {k}: its formula would have {} literals, more than the {} allowed (try --method csp)",
                        csp_colouring::sat::formula_literals(inst, k),
                        csp_colouring::sat::MAX_FORMULA_LITERALS
                    ))
                ),
                json: json!({"method": "sat", "lb": r.lb, "ub": r.chromatic, "proved": r.proved,
                    "decisions": r.stats.decisions, "conflicts": r.stats.conflicts}),
                colouring: Some(r.colouring),
            }
        }
    })
}

/// k-colouring on the plain encoding with any engine strategy (no peeling, no cliques).
fn plain_k_colouring(
    inst: &Instance,
    k: u32,
    args: &ColourArgs,
    effort: &mut chromatic::Effort,
) -> Result<KAnswer> {
    let k = k.min(
        (inst.graph.len() as u32)
            .max(inst.precoloured.iter().map(|p| p.1 + 1).max().unwrap_or(0))
            .max(1),
    );
    let enc = csp_colouring::encode(inst, k);
    let base = SearchConfig {
        symmetric_values: true,
        ..SearchConfig::default().with_level(csp_core::PropagationLevel::ArcConsistency)
    };
    let config = args
        .engine
        .config(base, &SolveOptions::default(), &args.limits);
    if config.propagation == Propagation::ArcConsistency
        && config.level() != csp_core::PropagationLevel::ArcConsistency
    {
        bail!("the plain colouring model has no all-different: use --propagation none, fc or ac3");
    }
    let mut search = Search::new(&enc.model, config);
    let outcome = search.solve();
    effort.nodes += search.stats().nodes;
    effort.failures += search.stats().failures;
    effort.searches += 1;
    Ok(match outcome {
        Outcome::Satisfiable(s) => KAnswer::Colourable(csp_colouring::decode(&enc, &s)),
        Outcome::Unsatisfiable => KAnswer::NotColourable,
        Outcome::Unknown(_) => KAnswer::Unknown,
    })
}

fn bounds(r: &Chromatic) -> String {
    if r.proved {
        format!("χ = {} (proved)", r.ub)
    } else {
        format!("{} ≤ χ ≤ {}", r.lb, r.ub)
    }
}

fn colouring_json(inst: &Instance, c: &Colouring) -> serde_json::Value {
    let mut m = serde_json::Map::new();
    for v in 0..inst.graph.len() {
        m.insert(inst.graph.name(v).to_string(), json!(c.colours[v] + 1));
    }
    serde_json::Value::Object(m)
}
