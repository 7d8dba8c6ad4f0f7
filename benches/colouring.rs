//! Graph colouring: k-colourability proofs per strategy on a few small shared instances, the
//! whole chromatic-number pipeline, a colouring on wide clique all-differents, and the
//! iteration rates of TabuCol, PartialCol and the hybrid search. Ids are
//! `colouring/<instance>/<what>`. Instances are read from `$CSP_DATA/colouring` (default
//! `../shared/data/colouring`), else from the bundled `data/colouring`.

use criterion::{Criterion, criterion_group, criterion_main};
use csp_colouring::chromatic::{self, Config, Effort, KAnswer, Strategy};
use csp_colouring::{Instance, dimacs};
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

fn clique_model(c: &mut Criterion) {
    // DSJR500.5 (ω = 122) with 124 colours on the clique all-differents: 120 variables over
    // 124 colours each, so the matching works on key sets of two words (full set only).
    let Some(inst) = load("DSJR500.5") else {
        return;
    };
    let g = &inst.graph;
    let greedy = csp_colouring::clique::greedy_clique(g, 64);
    let (clique, _) = csp_colouring::clique::max_clique(g, &greedy, 200_000, None);
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

fn tabucol(c: &mut Criterion) {
    // A fixed number of iterations below χ (no proper colouring ends the walk early), from
    // DSATUR, with a fixed seed: the time per iteration of the move scan and table update.
    // queen8_8 (χ = 9) is bundled; DSJC1000.5 (best known 82) is the large case (full set).
    for (name, k, iters) in [("queen8_8", 8, 200_000), ("DSJC1000.5", 84, 50_000)] {
        let Some(inst) = load(name) else { continue };
        let start = csp_colouring::heuristic::dsatur(&inst.graph, &[]);
        let mut g = c.benchmark_group(format!("colouring/{name}"));
        g.sample_size(10);
        g.bench_function(format!("tabucol-{k}/{iters}-iterations"), |b| {
            b.iter(|| {
                let r = csp_colouring::heuristic::tabucol(
                    black_box(&inst.graph),
                    k,
                    &start,
                    iters,
                    1,
                    None,
                );
                assert!(r.is_none());
            })
        });
        g.finish();
    }
}

fn partialcol(c: &mut Criterion) {
    // As for TabuCol: a fixed number of iterations below any colouring the search can find
    // (queen8_8 χ = 9; flat300_28_0 planted 28), from DSATUR's largest classes, fixed seed.
    for (name, k, iters) in [("queen8_8", 8, 200_000), ("flat300_28_0", 20, 200_000)] {
        let Some(inst) = load(name) else { continue };
        let start = csp_colouring::heuristic::dsatur(&inst.graph, &[]).largest_classes_first();
        let mut g = c.benchmark_group(format!("colouring/{name}"));
        g.sample_size(10);
        g.bench_function(format!("partialcol-{k}/{iters}-iterations"), |b| {
            b.iter(|| {
                let r = csp_colouring::heuristic::partialcol(
                    black_box(&inst.graph),
                    k,
                    &start,
                    iters,
                    1,
                    None,
                );
                assert!(r.is_none());
            })
        });
        g.finish();
    }
}

fn hybrid(c: &mut Criterion) {
    // The hybrid evolutionary search for a fixed number of generations below χ or the best
    // known (queen8_8 χ = 9; DSJC250.5 best known 28): crossovers and TabuCol walks.
    for (name, k, per_child, generations) in
        [("queen8_8", 8, 2_000, 20), ("DSJC250.5", 26, 5_000, 10)]
    {
        let Some(inst) = load(name) else { continue };
        let start = csp_colouring::heuristic::dsatur(&inst.graph, &[]);
        let mut g = c.benchmark_group(format!("colouring/{name}"));
        g.sample_size(10);
        g.bench_function(
            format!("hybrid-{k}/{generations}-generations-of-{per_child}"),
            |b| {
                b.iter(|| {
                    let r = csp_colouring::heuristic::hybrid_evolutionary(
                        black_box(&inst.graph),
                        k,
                        &start,
                        per_child,
                        generations,
                        1,
                        None,
                    );
                    assert!(r.is_none());
                })
            },
        );
        g.finish();
    }
}

criterion_group!(
    benches,
    k_colouring,
    chromatic_number,
    clique_model,
    tabucol,
    partialcol,
    hybrid
);
criterion_main!(benches);
