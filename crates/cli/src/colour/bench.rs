//! `csp colour bench [DIR]`: the chromatic number of every `.col` file of a folder, against
//! the known values of its README table.

use crate::report::{Status, json_line};
use anyhow::{Context, Result, bail};
use clap::Args;
use csp_colouring::chromatic::{self, Strategy};
use csp_colouring::verify;
use serde_json::json;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// `csp colour bench …`
#[derive(Args, Debug)]
pub(super) struct BenchArgs {
    /// The folder (default: $CSP_DATA/colouring, else ../shared/data/colouring, else the
    /// bundled data/colouring).
    dir: Option<PathBuf>,
    /// Seconds per instance.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = crate::args::seconds)]
    time_limit: Duration,
    /// The exact search's branching.
    #[arg(long, value_name = "BRANCHING", default_value = "portfolio", value_parser = super::branching())]
    branching: Strategy,
    /// Skip the local search.
    #[arg(long)]
    no_tabu: bool,
    /// Threads for the local search (default 1: the single-core figures).
    #[arg(long, value_name = "N", default_value = "1", value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: u16,
    /// The local search's seed (the same for every instance).
    #[arg(long, value_name = "N", default_value = "1")]
    seed: u64,
    /// Runs per instance, with seeds --seed, --seed + 1, …, one after another: the results of
    /// a randomized search as rates (a table over seeds follows the runs).
    #[arg(long, value_name = "N", default_value = "1", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    seeds: u32,
    /// Only instances whose file name contains one of these (comma-separated).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Only instances of these README classes (easy, medium, hard, …; comma-separated).
    #[arg(long, value_delimiter = ',')]
    class: Vec<String>,
    /// Print CSV instead of a table.
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// Print JSON Lines: one object per instance, then a summary.
    #[arg(long)]
    json: bool,
}

/// One row of the data README's table.
struct Known {
    chi: String,
    gc: String,
    class: String,
}

fn read_known(dir: &Path) -> HashMap<String, Known> {
    let mut m = HashMap::new();
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

/// The first whole number in a README cell (`best 48 (47 in later papers), χ open` → 48,
/// `≤ 28 (planted)` → 28, `15 (by construction)` → 15): the best known upper bound.
fn best_known(cell: &str) -> Option<u32> {
    let start = cell.find(|c: char| c.is_ascii_digit())?;
    let digits: String = cell[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// gc-cdcl's published run for a graph (the README's `opt 4 in 0.0006s` or `open: 2..5`):
/// `Some(Ok(χ))` when it proved χ, `Some(Err((lb, ub)))` when it stopped with bounds.
fn gc_cdcl(cell: &str) -> Option<Result<u32, (u32, u32)>> {
    if let Some(rest) = cell.strip_prefix("opt ") {
        return best_known(rest).map(Ok);
    }
    let (lb, ub) = cell.strip_prefix("open: ")?.split_once("..")?;
    Some(Err((lb.trim().parse().ok()?, best_known(ub)?)))
}

/// How our result compares with gc-cdcl's: `both proved`, `ours only`, `gc-cdcl only`, or
/// for two open gaps which is tighter (`open: ours tighter` …).
fn versus(ours: (u32, u32), gc: Option<Result<u32, (u32, u32)>>) -> &'static str {
    let proved = ours.0 == ours.1;
    match (proved, gc) {
        (_, None) => "?",
        (true, Some(Ok(_))) => "both proved",
        (true, Some(Err(_))) => "ours only",
        (false, Some(Ok(_))) => "gc-cdcl only",
        (false, Some(Err((lb, ub)))) => {
            match ours.1.saturating_sub(ours.0).cmp(&ub.saturating_sub(lb)) {
                std::cmp::Ordering::Less => "open: ours tighter",
                std::cmp::Ordering::Equal => "open: same gap",
                std::cmp::Ordering::Greater => "open: gc-cdcl tighter",
            }
        }
    }
}

/// One graph's runs over seeds: its upper bound per seed, how many runs proved χ, and the
/// best known upper bound from the README.
struct OverSeeds {
    name: String,
    best: Option<u32>,
    proved: usize,
    /// `(seed, ub)` per run, in seed order.
    ubs: Vec<(u64, u32)>,
}

impl OverSeeds {
    /// Runs whose upper bound is at the best known (or below).
    fn at_best(&self) -> usize {
        self.best
            .map_or(0, |b| self.ubs.iter().filter(|&&(_, ub)| ub <= b).count())
    }

    /// Each upper bound reached, lowest first, with the seeds that reached it.
    fn by_ub(&self) -> Vec<(u32, Vec<u64>)> {
        let mut by: Vec<(u32, Vec<u64>)> = Vec::new();
        for &(seed, ub) in &self.ubs {
            match by.iter_mut().find(|(u, _)| *u == ub) {
                Some((_, seeds)) => seeds.push(seed),
                None => by.push((ub, vec![seed])),
            }
        }
        by.sort_by_key(|(u, _)| *u);
        by
    }

    /// Runs whose upper bound is one above the best known.
    fn one_above(&self) -> usize {
        self.best.map_or(0, |b| {
            self.ubs.iter().filter(|&&(_, ub)| ub == b + 1).count()
        })
    }

    /// The upper bounds more than one above the best known, with their seeds.
    fn beyond(&self) -> Vec<(u32, Vec<u64>)> {
        let Some(best) = self.best else {
            return Vec::new();
        };
        self.by_ub()
            .into_iter()
            .filter(|(ub, _)| *ub > best + 1)
            .collect()
    }

    /// `48 ×8 (seeds 3–10), 49 ×2 (seeds 1, 2)`.
    fn ub_cell(&self) -> String {
        self.by_ub()
            .iter()
            .map(|(ub, seeds)| format!("{ub} ×{} (seeds {})", seeds.len(), seed_list(seeds)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Seeds in increasing order with consecutive runs joined: `1, 3–5, 9`.
fn seed_list(seeds: &[u64]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < seeds.len() {
        let mut j = i;
        while j + 1 < seeds.len() && seeds[j + 1] == seeds[j] + 1 {
            j += 1;
        }
        parts.push(match j - i {
            0 => seeds[i].to_string(),
            1 => format!("{}, {}", seeds[i], seeds[j]),
            _ => format!("{}–{}", seeds[i], seeds[j]),
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// Runs `csp colour bench`: every graph of the folder, for every seed, each colouring
/// verified and each proof held against the known χ; a row per run, then the summary.
pub(super) fn run(b: &BenchArgs) -> Result<ExitCode> {
    let dir = match &b.dir {
        Some(d) => d.clone(),
        None => crate::data::dir("colouring")?,
    };
    let known = read_known(&dir);
    let files = graphs(b, &dir, &known)?;
    // Seeds `seed..=last`; several make every row a (graph, seed) run.
    let last = crate::args::last_seed(b.seed, b.seeds)?;
    let bench = Bench {
        b,
        config: chromatic::Config {
            time_limit: Some(b.time_limit),
            strategy: b.branching,
            tabu: !b.no_tabu,
            jobs: usize::from(b.jobs),
            seed: b.seed,
            ..chromatic::Config::default()
        },
        last,
        several: last > b.seed,
        secs: b.time_limit.as_secs_f64(),
    };
    let mut out = std::io::stdout().lock();
    bench.header(&mut out)?;
    let runs = files.len() as u64 * (last - b.seed + 1);
    let bar = crate::progress::bar(runs, if bench.several { "runs" } else { "graphs" });
    let mut tally = Tally::default();
    for f in &files {
        bench.graph(&mut out, f, &known, &bar, &mut tally)?;
    }
    bar.finish_and_clear();
    bench.summary(&mut out, files.len(), &tally)?;
    if !tally.wrong.is_empty() {
        bail!(
            "results contradict known chromatic numbers: {}",
            tally.wrong.join("; ")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The `.col` files of `dir` that `--only` and `--class` keep, smallest first (a reader
/// sees results early).
fn graphs(b: &BenchArgs, dir: &Path, known: &HashMap<String, Known>) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
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
    files.sort_by_key(|p| {
        (
            std::fs::metadata(p).map(|m| m.len()).unwrap_or(0),
            p.clone(),
        )
    });
    if files.is_empty() {
        bail!("no .col files to run in {}", dir.display());
    }
    Ok(files)
}

/// A bench run's settings.
struct Bench<'a> {
    b: &'a BenchArgs,
    config: chromatic::Config,
    /// The last seed (the first is `b.seed`).
    last: u64,
    /// Whether several seeds run.
    several: bool,
    /// Seconds per run.
    secs: f64,
}

/// What the runs add up to.
#[derive(Default)]
struct Tally {
    total: usize,
    proved_1s: usize,
    /// The comparison with gc-cdcl's runs, by verdict.
    versus: Vec<(&'static str, usize)>,
    /// Proofs that contradict a known χ.
    wrong: Vec<String>,
    /// Each graph's runs; the upper bounds against the best known are counted from them.
    over_seeds: Vec<OverSeeds>,
}

/// One run's row: the graph's known values beside the result.
struct Row<'r> {
    inst: &'r csp_colouring::Instance,
    seed: u64,
    r: &'r chromatic::Chromatic,
    chi: &'r str,
    class: &'r str,
    gc: &'r str,
    vs: &'static str,
}

impl Bench<'_> {
    /// The table's head (text), the CSV header, or nothing (JSON).
    fn header(&self, out: &mut impl Write) -> Result<()> {
        let b = self.b;
        if b.csv {
            writeln!(
                out,
                "instance,V,E,lb,ub,proved,seconds,nodes,known,class,gc_cdcl,vs_gc_cdcl,seed"
            )?;
        } else if !b.json {
            let seeds = if self.several {
                format!("seeds {}–{}", b.seed, self.last)
            } else {
                format!("seed {}", b.seed)
            };
            writeln!(
                out,
                "branching {}, tabu {}, {} local-search thread(s), {seeds}, {} s per instance\n",
                self.config.strategy, self.config.tabu, self.config.jobs, self.secs
            )?;
            let seed_head = if self.several {
                ("seed | ", "---:|")
            } else {
                ("", "")
            };
            writeln!(
                out,
                "| instance | {}V | E | lb | ub | proved | time (s) | nodes | known χ | class | gc-cdcl | vs gc-cdcl |",
                seed_head.0
            )?;
            writeln!(
                out,
                "|---|{}---:|---:|---:|---:|:---:|---:|---:|---|---|---|---|",
                seed_head.1
            )?;
        }
        Ok(())
    }

    /// Every seed's run on one graph: verified, held against the known χ, counted, printed.
    fn graph(
        &self,
        out: &mut impl Write,
        f: &Path,
        known: &HashMap<String, Known>,
        bar: &indicatif::ProgressBar,
        tally: &mut Tally,
    ) -> Result<()> {
        let inst = csp_colouring::dimacs::read(f)?;
        let k = known.get(&inst.name);
        let (chi, class, gc) = k.map_or(("?", "?", "?"), |k| {
            (k.chi.as_str(), k.class.as_str(), k.gc.as_str())
        });
        let mut graph = OverSeeds {
            name: inst.name.clone(),
            best: best_known(chi),
            proved: 0,
            ubs: Vec::new(),
        };
        for seed in self.b.seed..=self.last {
            bar.set_message(inst.name.clone());
            let config = chromatic::Config {
                seed,
                ..self.config
            };
            let r = chromatic::chromatic_number(&inst, &config, &mut |p: &chromatic::Progress| {
                bar.set_message(format!("{}: {} ≤ χ ≤ {}", inst.name, p.lb, p.ub));
            });
            bar.inc(1);
            verify(&inst, Some(r.ub), &r.colouring).with_context(|| {
                format!("{} (seed {seed}): colouring does not verify", inst.name)
            })?;
            // A proved χ that contradicts a known exact value is a bug, loudly.
            if let Ok(c) = chi.parse::<u32>()
                && (r.lb > c || (r.proved && r.ub != c))
            {
                tally.wrong.push(format!(
                    "{} (seed {seed}): ours {}..{} vs known {c}",
                    inst.name, r.lb, r.ub
                ));
            }
            tally.total += 1;
            graph.ubs.push((seed, r.ub));
            if r.proved {
                graph.proved += 1;
                if r.elapsed < Duration::from_secs(1) {
                    tally.proved_1s += 1;
                }
            }
            let vs = versus((r.lb, r.ub), gc_cdcl(gc));
            match tally.versus.iter_mut().find(|(v, _)| *v == vs) {
                Some((_, n)) => *n += 1,
                None => tally.versus.push((vs, 1)),
            }
            let row = Row {
                inst: &inst,
                seed,
                r: &r,
                chi,
                class,
                gc,
                vs,
            };
            bar.suspend(|| self.row(out, &row))?;
        }
        tally.over_seeds.push(graph);
        Ok(())
    }

    /// One run's row, as JSON, CSV or a table row.
    fn row(&self, out: &mut impl Write, row: &Row<'_>) -> Result<()> {
        let (b, inst, r, seed) = (self.b, row.inst, row.r, row.seed);
        let seconds = r.elapsed.as_secs_f64();
        if b.json {
            let status = Status::of_best(r.proved);
            json_line(
                out,
                &json!({"instance": inst.name, "seed": seed, "status": status.name(), "vertices": inst.graph.len(),
                    "edges": inst.graph.edge_count(), "lb": r.lb, "ub": r.ub, "proved": r.proved,
                    "seconds": seconds, "nodes": r.effort.nodes, "known": row.chi, "class": row.class, "gc_cdcl": row.gc,
                    "vs_gc_cdcl": row.vs}),
            )?;
        } else {
            let proved_cell = match (b.csv, r.proved) {
                (true, p) => p.to_string(),
                (false, true) => "yes".to_string(),
                (false, false) => String::new(),
            };
            let mut cells = vec![inst.name.clone()];
            if self.several && !b.csv {
                cells.push(seed.to_string());
            }
            cells.extend([
                inst.graph.len().to_string(),
                inst.graph.edge_count().to_string(),
                r.lb.to_string(),
                r.ub.to_string(),
                proved_cell,
                format!("{seconds:.3}"),
                r.effort.nodes.to_string(),
                row.chi.to_string(),
                row.class.to_string(),
                row.gc.to_string(),
                row.vs.to_string(),
            ]);
            if b.csv {
                cells.push(seed.to_string());
                writeln!(out, "{}", cells.join(","))?;
            } else {
                writeln!(out, "| {} |", cells.join(" | "))?;
            }
        }
        out.flush()?;
        Ok(())
    }

    /// The summary: proofs, upper bounds against the best known (the runs more than one
    /// above, by graph and bound, with their seeds when there are several), gc-cdcl.
    fn summary(&self, out: &mut impl Write, instances: usize, tally: &Tally) -> Result<()> {
        let (b, several, secs) = (self.b, self.several, self.secs);
        let over_seeds = &tally.over_seeds;
        let versus_text = tally
            .versus
            .iter()
            .map(|(v, n)| format!("{v} {n}"))
            .collect::<Vec<_>>()
            .join("; ");
        let items = if several { " runs" } else { "" };
        let proved: usize = over_seeds.iter().map(|g| g.proved).sum();
        let at_best: usize = over_seeds.iter().map(OverSeeds::at_best).sum();
        let plus_one: usize = over_seeds.iter().map(OverSeeds::one_above).sum();
        let mut beyond = 0;
        let mut beyond_list = Vec::new();
        for g in over_seeds {
            for (ub, seeds) in g.beyond() {
                let best = g.best.unwrap_or_default();
                beyond += seeds.len();
                beyond_list.push(if several {
                    format!(
                        "{} {ub} at seeds {} (best {best})",
                        g.name,
                        seed_list(&seeds)
                    )
                } else {
                    format!("{} {ub} (best {best})", g.name)
                });
            }
        }
        let (total, proved_1s) = (tally.total, tally.proved_1s);
        if b.json {
            let mut summary = json!({"status": Status::Done.name(), "instances": instances, "runs": total, "proved": proved, "proved_within_1s": proved_1s, "seconds_per_instance": secs, "seed": b.seed, "seeds": b.seeds, "jobs": b.jobs,
                "ub_at_best_known": at_best, "ub_best_known_plus_one": plus_one, "ub_beyond": beyond_list,
                "vs_gc_cdcl": tally.versus.iter().map(|(v, n)| (v.to_string(), *n)).collect::<HashMap<_, _>>()});
            if several {
                summary["over_seeds"] = over_seeds_json(over_seeds);
            }
            json_line(out, &summary)?;
        } else if !b.csv {
            if several {
                self.over_seeds_table(out, over_seeds)?;
            }
            writeln!(
                out,
                "\nproved {proved} of {total}{items} within {secs} s each ({proved_1s} within 1 s)"
            )?;
            writeln!(
                out,
                "upper bounds: {at_best} at the best known, {plus_one} one above, {beyond} further{}",
                if beyond_list.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", beyond_list.join(", "))
                }
            )?;
            writeln!(out, "against gc-cdcl's published runs: {versus_text}")?;
        }
        Ok(())
    }

    /// With several seeds: per graph, the upper bound each seed reached.
    fn over_seeds_table(&self, out: &mut impl Write, over_seeds: &[OverSeeds]) -> Result<()> {
        writeln!(out, "\nover seeds {}–{}:\n", self.b.seed, self.last)?;
        writeln!(
            out,
            "| instance | runs | proved | ub per seed | at the best known | best known |"
        )?;
        writeln!(out, "|---|---:|---:|---|---:|---:|")?;
        for g in over_seeds {
            let (at, best) = match g.best {
                Some(best) => (
                    format!("{} of {}", g.at_best(), g.ubs.len()),
                    best.to_string(),
                ),
                None => ("?".to_string(), "?".to_string()),
            };
            writeln!(
                out,
                "| {} | {} | {} | {} | {at} | {best} |",
                g.name,
                g.ubs.len(),
                g.proved,
                g.ub_cell()
            )?;
        }
        Ok(())
    }
}

/// With several seeds, per graph in JSON: runs, proofs, the seeds per upper bound.
fn over_seeds_json(over_seeds: &[OverSeeds]) -> serde_json::Value {
    over_seeds
        .iter()
        .map(|g| {
            let ubs: serde_json::Map<String, serde_json::Value> = g
                .by_ub()
                .into_iter()
                .map(|(ub, seeds)| (ub.to_string(), json!(seeds)))
                .collect();
            (
                g.name.clone(),
                json!({"runs": g.ubs.len(), "proved": g.proved, "ub_seeds": ubs,
                    "best_known": g.best, "at_best_known": g.best.map(|_| g.at_best())}),
            )
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readme_cells_are_read() {
        assert_eq!(best_known("4"), Some(4));
        assert_eq!(best_known("best 48 (47 in later papers), χ open"), Some(48));
        assert_eq!(best_known("≤ 28 (planted; heuristics reach 28)"), Some(28));
        assert_eq!(best_known("ub 6, χ open (lb<6)"), Some(6));
        assert_eq!(best_known("?"), None);
        assert_eq!(gc_cdcl("opt 4 in 417s"), Some(Ok(4)));
        assert_eq!(gc_cdcl("open: 12..34"), Some(Err((12, 34))));
        assert_eq!(gc_cdcl("?"), None);
        assert_eq!(versus((4, 4), Some(Ok(4))), "both proved");
        assert_eq!(versus((5, 5), Some(Err((2, 5)))), "ours only");
        assert_eq!(versus((15, 16), Some(Ok(15))), "gc-cdcl only");
        assert_eq!(versus((12, 31), Some(Err((12, 38)))), "open: ours tighter");
        assert_eq!(
            versus((25, 27), Some(Err((25, 26)))),
            "open: gc-cdcl tighter"
        );
    }

    #[test]
    fn runs_over_seeds_are_summarised_per_upper_bound() {
        assert_eq!(seed_list(&[1, 3, 4, 5, 9, 10]), "1, 3–5, 9, 10");
        assert_eq!(seed_list(&[7]), "7");
        assert_eq!(seed_list(&[]), "");
        let g = OverSeeds {
            name: "DSJC500.5".into(),
            best: Some(48),
            proved: 0,
            ubs: vec![(1, 49), (2, 49), (3, 48), (4, 48), (5, 48), (6, 47)],
        };
        assert_eq!(
            g.by_ub(),
            vec![(47, vec![6]), (48, vec![3, 4, 5]), (49, vec![1, 2])]
        );
        assert_eq!(
            g.ub_cell(),
            "47 ×1 (seeds 6), 48 ×3 (seeds 3–5), 49 ×2 (seeds 1, 2)"
        );
        // At the best known or below; more than one above.
        assert_eq!(g.at_best(), 4);
        assert_eq!(g.one_above(), 2);
        assert_eq!(g.beyond(), vec![]);
        let far = OverSeeds {
            name: "x".into(),
            best: Some(47),
            proved: 0,
            ubs: g.ubs.clone(),
        };
        assert_eq!(far.beyond(), vec![(49, vec![1, 2])]);
        assert_eq!(OverSeeds { best: None, ..g }.at_best(), 0);
    }
}
