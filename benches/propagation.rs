//! Strategies compared on n-queens and random binary CSPs (model RB). Ids are
//! `propagation/<instance>/<strategy>`.

use criterion::{Criterion, criterion_group, criterion_main};
use csp_core::{
    AllDifferentStrength, Model, Propagation, Restarts, Search, SearchConfig, VarOrder,
};
use csp_examples::{QueensModel, queens, random_binary};
use std::hint::black_box;

fn strategies() -> Vec<(&'static str, SearchConfig)> {
    let c = |p, a, v| SearchConfig {
        propagation: p,
        all_different: a,
        var_order: v,
        ..SearchConfig::default()
    };
    use AllDifferentStrength::*;
    use Propagation::*;
    vec![
        ("input+bt", c(None, Pairwise, VarOrder::InputOrder)),
        (
            "input+fc",
            c(ForwardChecking, Pairwise, VarOrder::InputOrder),
        ),
        ("mrv+fc", c(ForwardChecking, Pairwise, VarOrder::FirstFail)),
        ("mrv+ac3", c(ArcConsistency, Pairwise, VarOrder::FirstFail)),
        (
            "mrv-deg+ac3",
            c(ArcConsistency, Pairwise, VarOrder::MostConstrained),
        ),
        (
            "dom/wdeg+ac3",
            c(ArcConsistency, Pairwise, VarOrder::DomOverWDeg),
        ),
        (
            "dom/wdeg+gac",
            c(ArcConsistency, Matching, VarOrder::DomOverWDeg),
        ),
        (
            "dom/wdeg+ac3+luby",
            SearchConfig {
                restarts: Some(Restarts::default()),
                ..c(ArcConsistency, Pairwise, VarOrder::DomOverWDeg)
            },
        ),
    ]
}

fn bench_model(c: &mut Criterion, instance: &str, model: &Model, count: bool, skip: &[&str]) {
    let mut g = c.benchmark_group(format!("propagation/{instance}"));
    g.sample_size(10);
    for (name, config) in strategies() {
        if skip.contains(&name) {
            continue;
        }
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut s = Search::new(black_box(model), config.clone());
                if count {
                    s.count(u64::MAX).count
                } else {
                    u64::from(matches!(s.solve(), csp_core::Outcome::Satisfiable(_)))
                }
            })
        });
    }
    g.finish();
}

fn nqueens(c: &mut Criterion) {
    let (q8, _) = queens(8, QueensModel::Binary);
    bench_model(c, "queens-8-all", &q8, true, &["dom/wdeg+ac3+luby"]);
    let (q64, _) = queens(64, QueensModel::Binary);
    bench_model(c, "queens-64-first", &q64, false, &["input+bt", "input+fc"]);
}

fn random_csp(c: &mut Criterion) {
    // Model RB near the phase transition: 30 variables, 10 values, 100 constraints.
    for (t, seed) in [(0.35, 1u64), (0.45, 2)] {
        let m = random_binary(30, 10, 100, t, seed);
        bench_model(c, &format!("rb-30-10-100-t{t}"), &m, false, &["input+bt"]);
    }
}

criterion_group!(benches, nqueens, random_csp);
criterion_main!(benches);
