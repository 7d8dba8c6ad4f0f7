//! Timetabling: the school week of `problems/` solved to its proved optimum, and the first
//! timetable of generated school weeks. Ids are `timetabling/<instance>/<what>`.

use criterion::{Criterion, criterion_group, criterion_main};
use csp_timetabling::solve::{Config, Status, solve};
use std::hint::black_box;
use std::sync::Arc;

fn school_week(c: &mut Criterion) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../problems/timetabling/school-week.yaml");
    let inst = Arc::new(csp_timetabling::yaml::read(&path).expect("the school week reads"));
    let mut g = c.benchmark_group("timetabling/school-week");
    g.sample_size(10);
    g.bench_function("optimal", |b| {
        b.iter(|| {
            let r = solve(black_box(&inst), &Config::default(), &mut |_| {});
            assert_eq!(r.status, Status::Optimal);
            r.cost
        })
    });
    g.finish();
}

fn generated(c: &mut Criterion) {
    for n in [200, 1000] {
        let text = csp_timetabling::generate::school(n, 1);
        let inst = Arc::new(
            csp_timetabling::yaml::parse(&text, "generated.yaml").expect("generated files read"),
        );
        let mut g = c.benchmark_group(format!("timetabling/generated-{n}"));
        g.sample_size(10);
        g.bench_function("first", |b| {
            b.iter(|| {
                let cfg = Config {
                    first_only: true,
                    ..Config::default()
                };
                let r = solve(black_box(&inst), &cfg, &mut |_| {});
                assert!(r.timetable.is_some());
                r.nodes
            })
        });
        g.finish();
    }
}

criterion_group!(benches, school_week, generated);
criterion_main!(benches);
