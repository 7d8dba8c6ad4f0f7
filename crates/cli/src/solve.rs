//! `csp solve FILE.yaml`: the first solution, a count, or every solution of a `kind: csp`
//! model, with the statistics and the teaching trace (as text, as a foldable HTML page, or the
//! search tree as an SVG).

use crate::args::{EngineArgs, Input, LimitArgs, OutputArgs};
use crate::report::{self, Status, json_line};
use anyhow::Result;
use clap::Args;
use csp_cli::output::{solution_json, solution_text, stats_json};
use csp_cli::trace::Trace;
use csp_core::{Observer, Optimum, Outcome, Search, SearchConfig, Stats};
use csp_model::CspFile;
use serde_json::json;
use std::io::Write;
use std::process::ExitCode;

/// `csp solve …`
#[derive(Args, Debug)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    input: Input,
    /// Count solutions up to N (the count is exact when below N).
    #[arg(long, value_name = "N", conflicts_with = "all", value_parser = clap::value_parser!(u64).range(1..))]
    count: Option<u64>,
    /// Print every solution.
    #[arg(long)]
    all: bool,
    /// Print each decision, pruning, conflict and backtrack (for learning; can be long).
    #[arg(long)]
    trace: bool,
    /// Draw the search tree as an SVG (Gist style: decisions, failures, solutions; subtrees
    /// without solutions folded); at most 20,000 nodes are searched.
    #[arg(long, value_name = "FILE.svg", conflicts_with = "trace")]
    tree: Option<std::path::PathBuf>,
    /// Write the step trace as an HTML page whose levels fold; at most 20,000 nodes.
    #[arg(long, value_name = "FILE.html", conflicts_with = "trace")]
    trace_html: Option<std::path::PathBuf>,
    /// In --tree, fold a subtree without solutions when it has more than N nodes.
    #[arg(long, value_name = "N", default_value_t = 24, requires = "tree")]
    fold: usize,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    engine: EngineArgs,
}

enum Mode {
    First,
    Count(u64),
    All,
}

/// Runs `csp solve`.
pub(crate) fn run(args: &SolveArgs) -> Result<ExitCode> {
    let src = crate::input::read(&args.input.file, "csp solve")?;
    let file = CspFile::parse(&src.text, &src.name)?;
    // Optimisation restarts by default, as `csp fzn` does: dom/wdeg's weights and the saved
    // phase of the best solution carry over, and the search leaves a bad early subtree.
    let base = SearchConfig {
        restarts: file.objective.as_ref().map(|_| csp_core::Restarts {
            scale: csp_flatzinc::search::RESTART_SCALE,
        }),
        ..SearchConfig::default()
    };
    let config = args.engine.config(base, &file.solve, &args.limits);
    let mode = match (
        args.count.or(file.solve.count),
        args.all || file.solve.all == Some(true),
    ) {
        (_, true) if args.count.is_none() => Mode::All,
        (Some(n), _) => Mode::Count(n),
        _ => Mode::First,
    };
    let stdout = std::io::stdout();
    if args.tree.is_some() || args.trace_html.is_some() {
        let mut config = config;
        config.limits.nodes = Some(
            config
                .limits
                .nodes
                .map_or(TREE_NODES, |n| n.min(TREE_NODES)),
        );
        return if args.trace_html.is_some() {
            pictures::<true>(&file, args, &mode, config)
        } else {
            pictures::<false>(&file, args, &mode, config)
        };
    }
    if args.trace {
        let trace = Trace::new(&file, stdout.lock());
        let mut search = Search::with_observer(&file.model, config, trace);
        let code = report(&mut stdout.lock(), &file, args, &mode, &mut search)?;
        search.observer_mut().flush();
        Ok(code)
    } else {
        let mut search = Search::new(&file.model, config);
        report(&mut stdout.lock(), &file, args, &mode, &mut search)
    }
}

/// The most nodes `--tree` and `--trace-html` search (pictures of larger trees are
/// unreadable, and the recorder keeps every node).
const TREE_NODES: u64 = 20_000;

/// Solves with a [`csp_trace::tree::TreeRecorder`] and writes the tree's SVG and the trace page.
fn pictures<const P: bool>(
    file: &CspFile,
    args: &SolveArgs,
    mode: &Mode,
    config: SearchConfig,
) -> Result<ExitCode> {
    use anyhow::Context;
    use csp_trace::tree::{TreeRecorder, with_model_names};
    let strat = strategy(&config);
    let mut search = Search::with_observer(&file.model, config, TreeRecorder::<P>::new());
    let code = report(&mut std::io::stdout().lock(), file, args, mode, &mut search)?;
    let tree = search.observer().tree();
    let title = format!(
        "{} — {}{}",
        file.name,
        strat,
        if search.limit_reached().is_some() {
            " (stopped at a limit)"
        } else {
            ""
        }
    );
    with_model_names(file, |names| -> Result<()> {
        if let Some(p) = &args.tree {
            csp_model::sink::write_file(p, tree.svg_collapsed(&title, names, args.fold))
                .with_context(|| format!("{}: could not write", p.display()))?;
        }
        if let Some(p) = &args.trace_html {
            csp_model::sink::write_file(p, tree.trace_html(&title, names))
                .with_context(|| format!("{}: could not write", p.display()))?;
        }
        Ok(())
    })?;
    Ok(code)
}

/// `mrv + fc + min`: the strategy for a configuration, for titles.
fn strategy(c: &SearchConfig) -> String {
    format!("{} + {} + {}", c.var_order, c.level(), c.value_order)
}

fn noun(n: u64) -> &'static str {
    if n == 1 { "solution" } else { "solutions" }
}

fn report<O: Observer>(
    out: &mut dyn Write,
    file: &CspFile,
    args: &SolveArgs,
    mode: &Mode,
    search: &mut Search<'_, O>,
) -> Result<ExitCode> {
    let (status, mut j, text) = match mode {
        Mode::First if file.objective.is_some() => optimize(out, file, args, search)?,
        Mode::First => {
            let outcome = search.solve();
            let mut j = json!({});
            let text = match &outcome {
                Outcome::Satisfiable(s) => {
                    // The independent check before anything is claimed.
                    file.verify(s.values()).map_err(|v| {
                        anyhow::anyhow!("internal error: the solution found violates {v}")
                    })?;
                    j["solution"] = solution_json(file, s);
                    format!("{}: satisfiable\n{}", file.name, solution_text(file, s))
                }
                Outcome::Unsatisfiable => format!("{}: unsatisfiable\n", file.name),
                Outcome::Unknown(l) => {
                    j["limit"] = json!(l.to_string());
                    format!("{}: unknown ({})\n", file.name, report::stopped(*l))
                }
            };
            let status = Status::of_outcome(&outcome);
            (status, j, text)
        }
        Mode::Count(cap) => {
            let c = search.count(*cap);
            let mut j = json!({"count": c.count, "exact": c.exhausted});
            let qualifier = match (c.exhausted, c.limit) {
                (true, _) => String::new(),
                (false, Some(l)) => {
                    j["limit"] = json!(l.to_string());
                    format!(" at least ({})", report::stopped(l))
                }
                (false, None) => format!(" at least (stopped at --count {cap})"),
            };
            let status = Status::of_count(&c);
            let text = format!("{}: {} {}{qualifier}\n", file.name, c.count, noun(c.count));
            (status, j, text)
        }
        Mode::All => {
            let mut n = 0u64;
            let mut all = Vec::new();
            let mut text = String::new();
            for s in search.solutions() {
                file.verify(s.values()).map_err(|v| {
                    anyhow::anyhow!("internal error: a solution found violates {v}")
                })?;
                n += 1;
                if args.output.json {
                    all.push(solution_json(file, &s));
                } else {
                    text.push_str(&format!("solution {n}:\n{}", solution_text(file, &s)));
                }
            }
            let limit = search.limit_reached();
            let mut j = json!({"count": n, "exact": limit.is_none(), "solutions": all});
            match limit {
                None => text.push_str(&format!("{}: {n} {}\n", file.name, noun(n))),
                Some(l) => {
                    j["limit"] = json!(l.to_string());
                    text.push_str(&format!(
                        "{}: {n} {} at least ({})\n",
                        file.name,
                        noun(n),
                        report::stopped(l)
                    ));
                }
            }
            let count = csp_core::Count {
                count: n,
                exhausted: limit.is_none(),
                limit,
            };
            (Status::of_count(&count), j, text)
        }
    };
    let stats: Stats = search.stats();
    if args.output.json {
        let mut head = json!({"instance": file.name, "status": status.name()});
        if let (Some(h), Some(rest)) = (head.as_object_mut(), j.as_object_mut()) {
            h.append(rest);
        }
        head["seconds"] = json!(stats.elapsed.as_secs_f64());
        if args.output.stats {
            head["stats"] = stats_json(&stats);
        }
        j = head;
        json_line(out, &j)?;
    } else {
        write!(out, "{text}")?;
        if args.output.stats {
            writeln!(out, "stats: {stats}")?;
        }
    }
    Ok(status.exit())
}

/// Branch and bound on the file's objective: each improving solution's objective printed as
/// it is found (text), the best one in full at the end, "optimal (proved)" when the search
/// completed.
fn optimize<O: Observer>(
    out: &mut dyn Write,
    file: &CspFile,
    args: &SolveArgs,
    search: &mut Search<'_, O>,
) -> Result<(Status, serde_json::Value, String)> {
    let obj = file.objective.as_ref().expect("called with an objective");
    // A named objective is shown by its name, an expression as "objective".
    let label = if obj
        .text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        obj.text.as_str()
    } else {
        "objective"
    };
    let start = std::time::Instant::now();
    let mut improvements: Vec<(f64, i64)> = Vec::new();
    let mut failure: Option<String> = None;
    let outcome = search.optimize(obj.var, obj.minimize, |s| {
        // Every improving solution is checked before its objective is printed.
        match file
            .verify(s.values())
            .and_then(|()| file.objective_value(s.values()))
        {
            Ok(v) => {
                let t = start.elapsed().as_secs_f64();
                improvements.push((t, v));
                if !args.output.json {
                    let _ = writeln!(out, "{}: {label} = {v} after {t:.3} s", file.name);
                    let _ = out.flush();
                }
            }
            Err(e) => {
                failure.get_or_insert(e);
            }
        }
    });
    if let Some(e) = failure {
        anyhow::bail!("internal error: an improving solution violates {e}");
    }
    let mut j = serde_json::json!({
        "improvements": improvements.iter().map(|(t, v)| serde_json::json!([t, v])).collect::<Vec<_>>(),
    });
    let best = |s: &csp_core::Solution, j: &mut serde_json::Value| -> Result<i64> {
        file.verify(s.values())
            .map_err(|v| anyhow::anyhow!("internal error: the solution found violates {v}"))?;
        let v = file
            .objective_value(s.values())
            .map_err(|e| anyhow::anyhow!("internal error: {e}"))?;
        j["objective"] = serde_json::json!(v);
        j["solution"] = solution_json(file, s);
        Ok(v)
    };
    Ok(match outcome {
        Optimum::Optimal(s) => {
            let v = best(&s, &mut j)?;
            let text = format!(
                "{}: optimal (proved), {label} = {v}\n{}",
                file.name,
                solution_text(file, &s)
            );
            (Status::Optimal, j, text)
        }
        Optimum::Best(s, l) => {
            let v = best(&s, &mut j)?;
            j["limit"] = serde_json::json!(l.to_string());
            let text = format!(
                "{}: satisfiable, {label} = {v} (best found; {})\n{}",
                file.name,
                report::stopped(l),
                solution_text(file, &s)
            );
            (Status::Satisfiable, j, text)
        }
        Optimum::Unsatisfiable => (
            Status::Unsatisfiable,
            j,
            format!("{}: unsatisfiable\n", file.name),
        ),
        Optimum::Unknown(l) => {
            j["limit"] = serde_json::json!(l.to_string());
            (
                Status::Unknown,
                j,
                format!("{}: unknown ({})\n", file.name, report::stopped(l)),
            )
        }
    })
}
