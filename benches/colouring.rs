//! Graph colouring: k-colourability proofs per strategy on a few small shared instances, and
//! the whole chromatic-number pipeline. Ids are `colouring/<instance>/<what>`. Instances are
//! read from `$CSP_DATA/colouring` (default `../shared/data/colouring`), else from the
//! bundled `data/colouring`.

use criterion::{Criterion, criterion_group, criterion_main};
use csp_colouring::chromatic::{self, Config, Effort, KAnswer, Strategy};
use csp_colouring::{Instance, dimacs};
use std::hint::black_box;

fn load(name: &str) -> Option<Instance> {
    let set = csp_testdata::open(&format!("colouring/{name}.col"));
    match dimacs::read(set.path()) {
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

criterion_group!(benches, k_colouring, chromatic_number);
criterion_main!(benches);
