//! `csp colour`: k-colouring and chromatic number of a graph file, and the benchmark over a
//! folder of DIMACS instances.

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use csp_colouring::chromatic::{self, Chromatic, KAnswer, Progress, Strategy};
use csp_colouring::{Colouring, Instance, render, verify};
use serde_json::json;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `csp colour` arguments.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct ColourArgs {
    #[command(subcommand)]
    command: Option<ColourCommand>,
    /// The graph: DIMACS `.col`, or YAML (`kind: colouring`).
    #[arg(required = true)]
    file: Option<PathBuf>,
    /// Find a colouring with K colours (or prove there is none).
    #[arg(long, short = 'k', conflicts_with = "chromatic")]
    k: Option<u32>,
    /// Compute the chromatic number with a proof (the default unless the file gives k).
    #[arg(long)]
    chromatic: bool,
    /// Give up after this many seconds (bounds are reported).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Exact search: portfolio (restarts then DSATUR), dsatur, dom/wdeg, dom/wdeg+restarts.
    #[arg(long, default_value = "portfolio")]
    strategy: String,
    /// `csp` (the engine with bounds, local search and reductions) or `sat` (the k-colouring
    /// formula through batsat; for the chromatic number, k descending from DSATUR's bound;
    /// no time limit).
    #[arg(long, default_value = "csp")]
    method: String,
    /// Skip the local search (hybrid evolutionary + TabuCol).
    #[arg(long)]
    no_tabu: bool,
    /// With -k: solve the plain model (one ≠ per edge, no reductions) with this engine
    /// variable order instead (input, mrv, degree, ddeg, mrv-deg, dom/deg, dom/wdeg).
    #[arg(long, value_name = "ORDER", requires = "k")]
    var_order: Option<String>,
    /// With -k and the plain model: the value order (min, max, lcv, random).
    #[arg(long, value_name = "ORDER", requires = "k")]
    val_order: Option<String>,
    /// With -k and the plain model: none, fc, ac3 (default ac3).
    #[arg(long, value_name = "LEVEL", requires = "k")]
    propagation: Option<String>,
    /// Print JSON.
    #[arg(long, conflicts_with = "dimacs")]
    json: bool,
    /// Print DIMACS-style `s col k` / `v vertex colour` lines.
    #[arg(long)]
    dimacs: bool,
    /// Print the coloured graph in Graphviz DOT instead.
    #[arg(long, conflicts_with_all = ["json", "dimacs"])]
    dot: bool,
    /// Write an SVG picture of the coloured graph (small graphs).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum ColourCommand {
    /// Chromatic number of every `.col` file in a folder, against the known values in its
    /// README table.
    Bench(BenchArgs),
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// The folder (default: $CSP_DATA/colouring or ../shared/data/colouring).
    dir: Option<PathBuf>,
    /// Seconds per instance.
    #[arg(long, default_value_t = 60.0)]
    time_limit: f64,
    /// Exact search branching.
    #[arg(long, default_value = "portfolio")]
    strategy: String,
    /// Skip the local search.
    #[arg(long)]
    no_tabu: bool,
    /// Only instances whose file name contains one of these (comma-separated).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Only instances of these README classes (easy, medium, hard, …; comma-separated).
    #[arg(long, value_delimiter = ',')]
    class: Vec<String>,
    /// Print CSV instead of a table.
    #[arg(long)]
    csv: bool,
}

fn strategy(s: &str) -> Result<Strategy> {
    s.parse().map_err(anyhow::Error::msg)
}

fn limit(t: Option<f64>) -> Result<Option<Duration>> {
    match t {
        Some(t) if !(t.is_finite() && t >= 0.0) => {
            bail!("--time-limit: expected seconds ≥ 0, found {t}")
        }
        t => Ok(t.map(Duration::from_secs_f64)),
    }
}

/// Runs `csp colour`.
pub fn run(args: &ColourArgs) -> Result<ExitCode> {
    if let Some(ColourCommand::Bench(b)) = &args.command {
        return bench(b);
    }
    let path = args.file.as_ref().context("a graph file is required")?;
    let inst = csp_colouring::read(path)?;
    let strategy = strategy(&args.strategy)?;
    let time_limit = limit(args.time_limit)?;
    let mut out = std::io::stdout().lock();
    let k = if args.chromatic {
        None
    } else {
        args.k.or(inst.k)
    };
    match args.method.as_str() {
        "csp" => {}
        "sat" => return colour_sat(&inst, k, args, &mut out),
        m => bail!("unknown method `{m}`; expected csp or sat"),
    }
    let (colouring, code) = match k {
        Some(k) => {
            let deadline = time_limit.map(|t| Instant::now() + t);
            let mut effort = chromatic::Effort::default();
            let start = Instant::now();
            let plain =
                args.var_order.is_some() || args.val_order.is_some() || args.propagation.is_some();
            let answer = if plain {
                plain_k_colouring(&inst, k, args, time_limit, &mut effort)?
            } else {
                chromatic::k_colourable(&inst, k, &[], strategy, deadline, &mut effort)
            };
            let elapsed = start.elapsed();
            let status = match &answer {
                KAnswer::Colourable(_) => format!("colourable with {k} colours"),
                KAnswer::NotColourable => format!("not colourable with {k} colours"),
                KAnswer::Unknown => format!("unknown with {k} colours (time limit reached)"),
            };
            let colouring = match answer {
                KAnswer::Colourable(c) => {
                    verify(&inst, Some(k), &c)
                        .context("internal error: the colouring does not verify")?;
                    Some(c)
                }
                _ => None,
            };
            if args.json {
                let mut j = json!({"graph": inst.name, "k": k, "status": match &colouring { Some(_) => "colourable", None if status.starts_with("not") => "not colourable", None => "unknown" }, "nodes": effort.nodes, "failures": effort.failures, "elapsed_ms": elapsed.as_secs_f64() * 1e3});
                if let Some(c) = &colouring {
                    j["colouring"] = colouring_json(&inst, c);
                }
                writeln!(out, "{j}")?;
            } else if !args.dot {
                let c = if args.dimacs { "c " } else { "" };
                writeln!(
                    out,
                    "{c}{}: {status} ({} vertices, {} edges; {} nodes, {:.3} s)",
                    inst.name,
                    inst.graph.len(),
                    inst.graph.edge_count(),
                    effort.nodes,
                    elapsed.as_secs_f64()
                )?;
            }
            let code = if colouring.is_some() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            };
            (colouring, code)
        }
        None => {
            let config = chromatic::Config {
                time_limit,
                strategy,
                tabu: !args.no_tabu,
                ..chromatic::Config::default()
            };
            let r = chromatic::chromatic_number(&inst, &config, &mut progress_line());
            clear_progress();
            verify(&inst, Some(r.ub), &r.colouring)
                .context("internal error: the colouring does not verify")?;
            if args.json {
                let j = json!({
                    "graph": inst.name, "vertices": inst.graph.len(), "edges": inst.graph.edge_count(),
                    "lb": r.lb, "ub": r.ub, "proved": r.proved, "clique": r.clique.iter().map(|&v| inst.graph.name(v)).collect::<Vec<_>>(),
                    "ub_source": r.ub_source, "lb_source": r.lb_source, "nodes": r.effort.nodes, "failures": r.effort.failures,
                    "elapsed_ms": r.elapsed.as_secs_f64() * 1e3, "colouring": colouring_json(&inst, &r.colouring),
                });
                writeln!(out, "{j}")?;
            } else if !args.dot {
                let c = if args.dimacs { "c " } else { "" };
                writeln!(
                    out,
                    "{c}{}: {} ({} vertices, {} edges; lower bound by {}, upper bound by {}, {} nodes, {:.3} s)",
                    inst.name,
                    bounds(&r),
                    inst.graph.len(),
                    inst.graph.edge_count(),
                    r.lb_source,
                    r.ub_source,
                    r.effort.nodes,
                    r.elapsed.as_secs_f64()
                )?;
            }
            (Some(r.colouring), ExitCode::SUCCESS)
        }
    };
    if let Some(c) = &colouring {
        if args.dot {
            write!(out, "{}", render::dot(&inst.graph, Some(c)))?;
        } else if args.dimacs {
            write!(out, "{}", render::dimacs(&inst.graph, c))?;
        } else if !args.json {
            write!(out, "{}", render::text(&inst.graph, c))?;
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
        std::fs::write(
            svg,
            render::svg(&inst.graph, colouring.as_ref(), &inst.name),
        )
        .with_context(|| format!("cannot write {}", svg.display()))?;
    }
    Ok(code)
}

/// `--method sat`: k-colouring or the chromatic number through the SAT formula.
fn colour_sat(
    inst: &csp_colouring::Instance,
    k: Option<u32>,
    args: &ColourArgs,
    out: &mut impl Write,
) -> Result<ExitCode> {
    let start = Instant::now();
    let (colouring, status, stats, code) = match k {
        Some(k) => {
            let (a, stats) = csp_colouring::sat::k_colourable(inst, k);
            match a {
                KAnswer::Colourable(c) => (
                    Some(c),
                    format!("colourable with {k} colours"),
                    stats,
                    ExitCode::SUCCESS,
                ),
                KAnswer::NotColourable => (
                    None,
                    format!("not colourable with {k} colours"),
                    stats,
                    ExitCode::from(1),
                ),
                KAnswer::Unknown => (
                    None,
                    format!("unknown with {k} colours"),
                    stats,
                    ExitCode::from(1),
                ),
            }
        }
        None => {
            let r = csp_colouring::sat::chromatic_number(inst);
            (
                Some(r.colouring),
                format!("chromatic number {} ({} k tested)", r.chromatic, r.searches),
                r.stats,
                ExitCode::SUCCESS,
            )
        }
    };
    if let Some(c) = &colouring {
        verify(inst, None, c).context("internal error: the colouring does not verify")?;
    }
    let elapsed = start.elapsed();
    if args.json {
        let mut j = json!({"graph": inst.name, "method": "sat", "status": status,
            "decisions": stats.decisions, "conflicts": stats.conflicts,
            "elapsed_ms": elapsed.as_secs_f64() * 1e3});
        if let Some(c) = &colouring {
            j["colouring"] = colouring_json(inst, c);
        }
        writeln!(out, "{j}")?;
        return Ok(code);
    }
    let c = if args.dimacs { "c " } else { "" };
    writeln!(
        out,
        "{c}{}: {status} ({} vertices, {} edges; SAT: {} decisions, {} conflicts, {:.3} s)",
        inst.name,
        inst.graph.len(),
        inst.graph.edge_count(),
        stats.decisions,
        stats.conflicts,
        elapsed.as_secs_f64()
    )?;
    if let Some(col) = &colouring {
        if args.dot {
            write!(out, "{}", render::dot(&inst.graph, Some(col)))?;
        } else if args.dimacs {
            write!(out, "{}", render::dimacs(&inst.graph, col))?;
        } else {
            write!(out, "{}", render::text(&inst.graph, col))?;
        }
    }
    Ok(code)
}

/// k-colouring on the plain encoding with any engine strategy (no peeling, no cliques).
fn plain_k_colouring(
    inst: &Instance,
    k: u32,
    args: &ColourArgs,
    time_limit: Option<Duration>,
    effort: &mut chromatic::Effort,
) -> Result<KAnswer> {
    use csp_core::{Outcome, Propagation, Search, SearchConfig};
    let k = k.min(
        (inst.graph.len() as u32)
            .max(inst.precoloured.iter().map(|p| p.1 + 1).max().unwrap_or(0))
            .max(1),
    );
    let enc = csp_colouring::encode(inst, k);
    let mut config = SearchConfig {
        symmetric_values: true,
        ..SearchConfig::default()
    };
    if let Some(v) = &args.var_order {
        config.var_order = v.parse().map_err(anyhow::Error::msg)?;
    }
    if let Some(v) = &args.val_order {
        config.value_order = v.parse().map_err(anyhow::Error::msg)?;
    }
    config.propagation = match args.propagation.as_deref() {
        None | Some("ac3") | Some("mac") => Propagation::ArcConsistency,
        Some("fc") => Propagation::ForwardChecking,
        Some("none") => Propagation::None,
        Some(p) => bail!("unknown propagation `{p}`; expected one of none, fc, ac3"),
    };
    config.limits.time = time_limit;
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

/// A live `lb ≤ χ ≤ ub` line on stderr when it is a terminal.
fn progress_line() -> impl FnMut(&Progress) {
    let tty = std::io::stderr().is_terminal();
    move |p: &Progress| {
        if tty {
            eprint!(
                "\r\x1b[K{} ≤ χ ≤ {}  {}  {:.1} s",
                p.lb,
                p.ub,
                p.phase,
                p.elapsed.as_secs_f64()
            );
        }
    }
}

fn clear_progress() {
    if std::io::stderr().is_terminal() {
        eprint!("\r\x1b[K");
    }
}

/// One row of the data README's table.
struct Known {
    chi: String,
    gc: String,
    class: String,
}

fn read_known(dir: &Path) -> std::collections::HashMap<String, Known> {
    let mut m = std::collections::HashMap::new();
    let Ok(text) = std::fs::read_to_string(dir.join("README.md")) else {
        return m;
    };
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() >= 9 && cells[1].ends_with(".col") {
            m.insert(
                cells[1].trim_end_matches(".col").to_string(),
                Known {
                    chi: cells[5].to_string(),
                    gc: cells[7].to_string(),
                    class: cells[8].to_string(),
                },
            );
        }
    }
    m
}

/// The shared data folder: `$CSP_DATA`, else `../shared/data`.
pub fn data_dir() -> PathBuf {
    std::env::var_os("CSP_DATA").map_or_else(|| PathBuf::from("../shared/data"), PathBuf::from)
}

fn bench(b: &BenchArgs) -> Result<ExitCode> {
    let dir = b
        .dir
        .clone()
        .unwrap_or_else(|| data_dir().join("colouring"));
    let known = read_known(&dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "col"))
        .filter(|p| {
            let name = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            (b.only.is_empty() || b.only.iter().any(|o| name.contains(o.as_str())))
                && (b.class.is_empty()
                    || known.get(&name).is_some_and(|k| {
                        b.class.iter().any(|c| k.class.trim_end_matches('*') == c)
                    }))
        })
        .collect();
    // Smallest first, so a reader sees results early.
    files.sort_by_key(|p| {
        (
            std::fs::metadata(p).map(|m| m.len()).unwrap_or(0),
            p.clone(),
        )
    });
    if files.is_empty() {
        bail!("no .col files to run in {}", dir.display());
    }
    let config = chromatic::Config {
        time_limit: limit(Some(b.time_limit))?,
        strategy: strategy(&b.strategy)?,
        tabu: !b.no_tabu,
        ..chromatic::Config::default()
    };
    let mut out = std::io::stdout().lock();
    if b.csv {
        writeln!(
            out,
            "instance,V,E,lb,ub,proved,seconds,nodes,known,class,gc_cdcl"
        )?;
    } else {
        writeln!(
            out,
            "strategy {}, tabu {}, {} s per instance\n",
            config.strategy, config.tabu, b.time_limit
        )?;
        writeln!(
            out,
            "| instance | V | E | lb | ub | proved | time (s) | nodes | known χ | class | gc-cdcl |"
        )?;
        writeln!(out, "|---|---:|---:|---:|---:|:---:|---:|---:|---|---|---|")?;
    }
    let (mut proved, mut proved_1s, mut total) = (0, 0, 0);
    let mut wrong = Vec::new();
    for f in &files {
        let inst = csp_colouring::dimacs::read(f)?;
        let r = chromatic::chromatic_number(&inst, &config, &mut progress_line());
        clear_progress();
        verify(&inst, Some(r.ub), &r.colouring)
            .with_context(|| format!("{}: colouring does not verify", inst.name))?;
        let k = known.get(&inst.name);
        let (chi, class, gc) = k.map_or(("?", "?", "?"), |k| {
            (k.chi.as_str(), k.class.as_str(), k.gc.as_str())
        });
        // A proved χ that contradicts a known exact value is a bug, loudly.
        if let Ok(c) = chi.parse::<u32>() {
            if r.lb > c || (r.proved && r.ub != c) {
                wrong.push(format!(
                    "{}: ours {}..{} vs known {c}",
                    inst.name, r.lb, r.ub
                ));
            }
        }
        total += 1;
        if r.proved {
            proved += 1;
            if r.elapsed < Duration::from_secs(1) {
                proved_1s += 1;
            }
        }
        let secs = r.elapsed.as_secs_f64();
        let proved_cell = match (b.csv, r.proved) {
            (true, p) => p.to_string(),
            (false, true) => "yes".to_string(),
            (false, false) => String::new(),
        };
        let cells = [
            inst.name.clone(),
            inst.graph.len().to_string(),
            inst.graph.edge_count().to_string(),
            r.lb.to_string(),
            r.ub.to_string(),
            proved_cell,
            format!("{secs:.3}"),
            r.effort.nodes.to_string(),
            chi.to_string(),
            class.to_string(),
            gc.to_string(),
        ];
        if b.csv {
            writeln!(out, "{}", cells.join(","))?;
        } else {
            writeln!(out, "| {} |", cells.join(" | "))?;
        }
        out.flush()?;
    }
    if !b.csv {
        writeln!(
            out,
            "\nproved {proved} of {total} within {} s each ({proved_1s} within 1 s)",
            b.time_limit
        )?;
    }
    if !wrong.is_empty() {
        bail!(
            "results contradict known chromatic numbers: {}",
            wrong.join("; ")
        );
    }
    Ok(ExitCode::SUCCESS)
}
