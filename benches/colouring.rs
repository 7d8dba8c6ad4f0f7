//! Graph colouring: k-colourability proofs per strategy on a few small shared instances, the
//! whole chromatic-number pipeline, a colouring on wide clique all-differents, the
//! iteration rates of TabuCol, PartialCol and the hybrid search, and the transversal cover
//! on queens graphs. Ids are
//! `colouring/<instance>/<what>`. Instances are read from `$CSP_DATA/colouring` (default
//! `../shared/data/colouring`), else from the bundled `data/colouring`.

use criterion::{Criterion, criterion_group, criterion_main};
use csp_colouring::chromatic::{self, Config, Effort, KAnswer, Strategy};
use csp_colouring::{Colouring, Graph, Instance, dimacs, heuristic, transversal};
use std::hint::black_box;

/// The instance from the full set, else the bundled sample; `None` (skipped, said on
/// standard error) when neither has it.
fn load(name: &str) -> Option<Instance> {
    let rel = format!("colouring/{name}.col");
    let path = if csp_testdata::sample_dir().join(&rel).is_file() {
        csp_testdata::open(&rel).path().to_path_buf()
    } else {
        csp_testdata::full(&rel, &format!("the {name} benches"))?
    };
    match dimacs::read(&path) {
        Ok(i) => Some(i),
        Err(e) => {
            eprintln!("skipping {name}: {e}");
            None
        }
    }
}

fn k_colouring(c: &mut Criterion) {
    // (instance, k to refute): χ - 1, so each run is a full proof.
    for (name, k) in [("myciel4", 4), ("queen6_6", 6), ("1-FullIns_3", 3)] {
        let Some(inst) = load(name) else { continue };
        let mut g = c.benchmark_group(format!("colouring/{name}"));
        g.sample_size(10);
        for s in Strategy::ALL {
            for cliques in [false, true] {
                let id = format!("refute-{k}/{s}{}", if cliques { "+cliques" } else { "" });
                g.bench_function(id, |b| {
                    b.iter(|| {
                        let mut e = Effort::default();
                        let r = chromatic::k_colourable_with(
                            black_box(&inst),
                            k,
                            &[],
                            s,
                            cliques,
                            None,
                            &mut e,
                        );
                        assert_eq!(r, KAnswer::NotColourable);
                        e.nodes
                    })
                });
            }
        }
        g.finish();
    }
}

fn chromatic_number(c: &mut Criterion) {
    for name in ["myciel5", "queen8_12", "DSJC125.1", "le450_25a"] {
        let Some(inst) = load(name) else { continue };
        let mut g = c.benchmark_group(format!("colouring/{name}"));
        g.sample_size(10);
        g.bench_function("chromatic", |b| {
            b.iter(|| {
                let r =
                    chromatic::chromatic_number(black_box(&inst), &Config::default(), &mut |_| {});
                assert!(r.proved);
                r.ub
            })
        });
        g.finish();
    }
}

/// `name`'s instance (skipped when the file is absent) and a maximum clique of it.
fn load_with_clique(name: &str) -> Option<(Instance, Vec<usize>)> {
    let inst = load(name)?;
    let greedy = csp_colouring::clique::greedy_clique(&inst.graph, 64);
    let (clique, _) = csp_colouring::clique::max_clique(&inst.graph, &greedy, 200_000, None);
    Some((inst, clique))
}

fn clique_model(c: &mut Criterion) {
    // DSJR500.5 (ω = 122) with 124 colours on the clique all-differents: 120 variables over
    // 124 colours each, so the matching works on key sets of two words (full set only).
    let Some((inst, clique)) = load_with_clique("DSJR500.5") else {
        return;
    };
    let mut group = c.benchmark_group("colouring/DSJR500.5");
    group.sample_size(10);
    group.bench_function("colour-124/dsatur+cliques", |b| {
        b.iter(|| {
            let mut e = Effort::default();
            let r = chromatic::k_colourable_with(
                black_box(&inst),
                124,
                &clique,
                Strategy::Dsatur,
                true,
                None,
                &mut e,
            );
            assert!(matches!(r, KAnswer::Colourable(_)));
            e.nodes
        })
    });
    group.finish();
}

/// Benches `search` on `name` (skipped when the file is absent) from `start`'s colouring of
/// its graph, under `label`: a local search run below any colouring it can find, for a fixed
/// budget with a fixed seed, so that it always runs to the end of that budget.
fn failing_search(
    c: &mut Criterion,
    name: &str,
    label: String,
    start: fn(&Graph) -> Colouring,
    search: impl Fn(&Graph, &Colouring) -> Option<Colouring>,
) {
    let Some(inst) = load(name) else { return };
    let start = start(&inst.graph);
    let mut g = c.benchmark_group(format!("colouring/{name}"));
    g.sample_size(10);
    g.bench_function(label, |b| {
        b.iter(|| assert!(search(black_box(&inst.graph), &start).is_none()))
    });
    g.finish();
}

fn dsatur(g: &Graph) -> Colouring {
    heuristic::dsatur(g, &[])
}

fn tabucol(c: &mut Criterion) {
    // A fixed number of iterations below χ (no proper colouring ends the walk early), from
    // DSATUR, with a fixed seed: the time per iteration of the move scan and table update.
    // queen8_8 (χ = 9) is bundled; DSJC1000.5 (best known 82) is the large case (full set).
    // DSJC500.5 with 47 colours (the best known) is the size and density of the residual
    // graph that DSJC1000.5's extraction leaves, where the hybrid search spends its time.
    for (name, k, iters) in [
        ("queen8_8", 8, 200_000),
        ("DSJC1000.5", 84, 50_000),
        ("DSJC500.5", 47, 200_000),
    ] {
        let label = format!("tabucol-{k}/{iters}-iterations");
        failing_search(c, name, label, dsatur, |g, start| {
            heuristic::tabucol(g, k, start, iters, 1, None)
        });
    }
}

fn partialcol(c: &mut Criterion) {
    // As for TabuCol: a fixed number of iterations below any colouring the search can find
    // (queen8_8 χ = 9; flat300_28_0 planted 28), from DSATUR's largest classes, fixed seed;
    // and on flat300_28_0 at 28 colours, where the schedule runs it, with a handful of
    // vertices uncoloured (its successes there come after millions of iterations, none
    // within these 500,000 from this seed).
    for (name, k, iters) in [
        ("queen8_8", 8, 200_000),
        ("flat300_28_0", 20, 200_000),
        ("flat300_28_0", 28, 500_000),
    ] {
        let label = format!("partialcol-{k}/{iters}-iterations");
        let start = |g: &Graph| dsatur(g).largest_classes_first();
        failing_search(c, name, label, start, |g, start| {
            heuristic::partialcol(g, k, start, iters, 1, None)
        });
    }
}

fn hybrid(c: &mut Criterion) {
    // The hybrid evolutionary search for a fixed number of generations below χ or the best
    // known (queen8_8 χ = 9; DSJC250.5 best known 28): crossovers and TabuCol walks.
    for (name, k, per_child, generations) in
        [("queen8_8", 8, 2_000, 20), ("DSJC250.5", 26, 5_000, 10)]
    {
        let label = format!("hybrid-{k}/{generations}-generations-of-{per_child}");
        failing_search(c, name, label, dsatur, |g, start| {
            heuristic::hybrid_evolutionary(g, k, start, per_child, generations, 1, None)
        });
    }
}

fn anchored(c: &mut Criterion) {
    // DSJR500.5 (ω = χ = 122) with 124 colours: TabuCol anchored on the clique finds it
    // (fixed seed), where plain TabuCol from DSATUR's 132 colours does not within 200,000
    // iterations (it stalls at 125).
    let Some((inst, clique)) = load_with_clique("DSJR500.5") else {
        return;
    };
    let g = &inst.graph;
    let mut group = c.benchmark_group("colouring/DSJR500.5");
    group.sample_size(10);
    group.bench_function("anchored-tabucol-124", |b| {
        b.iter(|| {
            let c = heuristic::anchored_tabucol(black_box(g), 124, &clique, u64::MAX, 1, None);
            assert!(c.is_some());
        })
    });
    group.finish();
    failing_search(
        c,
        "DSJR500.5",
        "tabucol-124/200000-iterations".into(),
        dsatur,
        |g, s| heuristic::tabucol(g, 124, s, 200_000, 1, None),
    );
}

fn transversals(c: &mut Criterion) {
    // The transversal cover deciding k = n on the n × n queens graphs: the partition from
    // the edge clique cover, the n-queens solutions listed, the cover search counting on
    // the diagonals. queen8_8 and queen10_10 have no n-colouring (the search is
    // exhausted); queen11_11 and queen12_12 have one (seed 1).
    for (name, n, colourable) in [
        ("queen8_8", 8, false),
        ("queen10_10", 10, false),
        ("queen11_11", 11, true),
        ("queen12_12", 12, true),
    ] {
        let Some(inst) = load(name) else { continue };
        let g = &inst.graph;
        let mut group = c.benchmark_group(format!("colouring/{name}"));
        // queen12_12 takes seconds per run.
        group.sample_size(if n >= 12 { 10 } else { 20 });
        group.bench_function(format!("transversals-{n}"), |b| {
            b.iter(|| {
                let cover = chromatic::edge_clique_cover(g, &vec![true; g.len()]);
                let parts = transversal::clique_partition(g, n, &cover, 100_000)
                    .expect("rows and columns partition the board");
                let answer = transversal::k_colour_by_transversals(
                    g,
                    n,
                    &parts,
                    &cover,
                    usize::MAX,
                    1,
                    None,
                );
                assert_eq!(
                    matches!(answer, transversal::Transversals::Colourable(_)),
                    colourable
                );
                black_box(answer)
            })
        });
        group.finish();
    }
}

criterion_group!(
    benches,
    k_colouring,
    chromatic_number,
    clique_model,
    tabucol,
    partialcol,
    hybrid,
    anchored,
    transversals
);
criterion_main!(benches);
