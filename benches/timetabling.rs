//! Timetabling: the school week of `problems/` solved to its proved optimum, the first
//! timetable of generated school weeks, and one move's price on a benchmark instance of each
//! format (Kempe chains on Toronto and ITC 2007 exams, the units' local search on ITC 2007
//! course timetabling, and the course annealer's). Ids are `timetabling/<instance>/<what>`.

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
            let r = solve(black_box(&inst), &Config::default(), &mut |_| {}).expect("small enough");
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
                let r = solve(black_box(&inst), &cfg, &mut |_| {}).expect("small enough");
                assert!(r.timetable.is_some());
                r.nodes
            })
        });
        g.finish();
    }
}

fn data(rel: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../data/timetabling")
        .join(rel)
}

/// A valid first timetable of `inst` (the engine's).
fn first(inst: &Arc<csp_timetabling::Instance>) -> csp_timetabling::Timetable {
    let cfg = Config {
        first_only: true,
        ..Config::default()
    };
    solve(inst, &cfg, &mut |_| {})
        .expect("small enough")
        .timetable
        .expect("a first timetable")
}

fn formats(c: &mut Criterion) {
    use csp_timetabling::formats::{self, Loaded};
    use csp_timetabling::kempe::{SlotModel, price_moves};
    for (name, rel) in [
        ("toronto-sta-f-83", "toronto/sta-f-83.crs"),
        ("exam-set6", "itc2007/exam_comp_set6.exam"),
    ] {
        let loaded = formats::read(&data(rel), None).expect("bundled instances read");
        let inst = Arc::new(loaded.instance().clone());
        let start: Vec<usize> = first(&inst).placements.iter().map(|p| p.start).collect();
        let m = SlotModel::new(&inst).expect("a slot model");
        let mut g = c.benchmark_group(format!("timetabling/{name}"));
        g.bench_function("kempe-move-x1000", |b| {
            b.iter(|| price_moves(black_box(&m), &start, 7, 1000))
        });
        // The baseline a delta saves: evaluating the whole timetable.
        g.bench_function("full-cost", |b| b.iter(|| black_box(&m).cost(&start)));
        g.finish();
    }
    let loaded = formats::read(&data("itc2007/comp01.ctt"), None).expect("comp01 reads");
    let Loaded::Ctt(..) = &loaded else {
        unreachable!("a .ctt file")
    };
    let inst = Arc::new(loaded.instance().clone());
    let tt = first(&inst);
    let enc = csp_timetabling::encode::encode(&inst).expect("small enough");
    let mut g = c.benchmark_group("timetabling/ctt-comp01");
    g.sample_size(20);
    g.bench_function("local-search-5000-moves", |b| {
        b.iter(|| {
            let mut ls = csp_timetabling::solve::LocalSearch::new(&inst, &enc, tt.clone(), &[], 3);
            ls.patience = Some(5000);
            ls.max_moves = Some(5000);
            ls.run(None, &mut |_, _| {});
            ls.tried
        })
    });
    g.bench_function("cost", |b| {
        b.iter(|| csp_timetabling::cost(black_box(&inst), &tt).total)
    });
    // The course annealer's inner step: a move made, priced and undone.
    let m = csp_timetabling::course::CourseModel::new(&inst).expect("comp01 is a course model");
    let at = m
        .state_of(&tt)
        .expect("the engine's timetable fits the model");
    g.bench_function("course-move-x1000", |b| {
        b.iter(|| csp_timetabling::course::price_moves(black_box(&m), &at, 7, 1000))
    });
    g.finish();
}

criterion_group!(benches, school_week, generated, formats);
criterion_main!(benches);
