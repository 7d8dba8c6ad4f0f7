//! The local search, LNS and the pipeline against the independent checker.

use super::*;
use crate::check::verify;

/// The bundled school week: course style, double lessons, rooms with features, pins.
fn school_week() -> Arc<Instance> {
    let text = include_str!("../../../../problems/timetabling/school-week.yaml");
    Arc::new(crate::yaml::parse(text, "school-week.yaml").expect("the bundled week reads"))
}

fn first(inst: &Arc<Instance>) -> Timetable {
    let cfg = Config {
        first_only: true,
        ..Config::default()
    };
    solve(inst, &cfg, &mut |_| {}).unwrap().timetable.unwrap()
}

#[test]
fn every_local_search_improvement_is_valid_and_priced_as_the_checker_prices_it() {
    let inst = school_week();
    let enc = crate::encode::encode(&inst).unwrap();
    let start = first(&inst);
    let start_cost = cost(&inst, &start).total;
    for seed in [1, 2, 3] {
        let mut ls = LocalSearch::new(&inst, &enc, start.clone(), &[], seed);
        ls.max_moves = Some(20_000);
        let mut last = start_cost;
        ls.run(None, &mut |c, tt| {
            assert!(verify(&inst, tt).is_empty(), "seed {seed}");
            assert_eq!(c, cost(&inst, tt).total, "seed {seed}");
            assert!(c < last, "seed {seed}: improvements only");
            last = c;
        });
        assert_eq!(ls.tried, 20_000);
        assert!(ls.accepted <= ls.tried);
        // The incremental cost of the final state is the checker's.
        assert!(verify(&inst, &ls.tt).is_empty());
        assert!(cost(&inst, &ls.tt).total >= last);
    }
}

#[test]
fn the_local_search_keeps_pinned_occurrences() {
    let inst = school_week();
    let enc = crate::encode::encode(&inst).unwrap();
    let start = first(&inst);
    let pins: Vec<(usize, Placement)> = (0..inst.occurrences.len())
        .step_by(3)
        .map(|o| (o, start.placements[o]))
        .collect();
    let mut ls = LocalSearch::new(&inst, &enc, start, &pins, 9);
    ls.max_moves = Some(10_000);
    ls.run(None, &mut |_, tt| {
        for &(o, p) in &pins {
            assert_eq!(tt.placements[o], p);
        }
    });
}

#[test]
fn lns_improvements_are_valid_decreasing_and_end_at_the_limit() {
    let inst = school_week();
    let mut enc = crate::encode::encode(&inst).unwrap();
    let mut best = first(&inst);
    let start_cost = cost(&inst, &best).total;
    let limit = Arc::new(AtomicU64::new(start_cost));
    let soft: Vec<(Requirement, Unit)> = inst
        .soft
        .iter()
        .enumerate()
        .flat_map(|(i, r)| units(&inst, r, i).into_iter().map(move |u| (r.clone(), u)))
        .collect();
    let cut = LowerBoundCut::new(&inst, &enc.place, &enc.start, soft, Arc::clone(&limit));
    enc.model.post(cut).unwrap();
    let cfg = Config::default();
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut seen = vec![start_cost];
    let (rounds, _) = lns::lns(
        &inst,
        &enc,
        &cfg,
        &limit,
        &mut best,
        deadline,
        &mut |c, tt| {
            assert!(verify(&inst, tt).is_empty());
            assert_eq!(c, cost(&inst, tt).total);
            assert!(c < *seen.last().unwrap());
            seen.push(c);
        },
    );
    assert!(rounds > 0);
    assert_eq!(limit.load(Ordering::Relaxed), *seen.last().unwrap());
    assert_eq!(cost(&inst, &best).total, *seen.last().unwrap());
}

#[test]
fn sizes_follow_the_limits() {
    assert_eq!(Size::of(10, 60), Size::Small);
    assert_eq!(Size::of(60, 60), Size::Small);
    assert_eq!(Size::of(61, 60), Size::Medium);
    assert_eq!(Size::of(LNS_LIMIT, 60), Size::Medium);
    assert_eq!(Size::of(LNS_LIMIT + 1, 60), Size::Large);
    // An exact limit past the LNS limit keeps branch and bound.
    assert_eq!(Size::of(500, 1000), Size::Small);
}

#[test]
fn phase_deadlines_stay_within_the_solve_deadline() {
    let deadline = Instant::now() + Duration::from_secs(8);
    for size in [Size::Small, Size::Medium, Size::Large] {
        assert!(budget::local_search_deadline(size, Some(deadline)) <= deadline);
        assert!(budget::lns_deadline(size, Some(deadline)) <= deadline);
    }
    assert_eq!(budget::kempe_deadline(Some(deadline)), deadline);
}

/// Each kind of instance takes its own path through the phases (a model that silently
/// stopped applying would otherwise show only in the benchmarks' costs).
#[test]
fn each_kind_of_instance_takes_its_path() {
    let phases = |inst: Arc<Instance>| {
        let cfg = Config {
            deadline: Some(Instant::now() + Duration::from_millis(500)),
            ..Config::default()
        };
        solve(&inst, &cfg, &mut |_| {}).unwrap().phases
    };
    let file = |rel: &str| {
        let data = csp_testdata::open(rel);
        let loaded = crate::formats::read(data.path(), None).unwrap();
        Arc::new(loaded.instance().clone())
    };
    use Phase::*;
    assert_eq!(
        phases(file("timetabling/itc2007/comp01.ctt")),
        [Engine, CourseAnnealing]
    );
    assert_eq!(
        phases(file("timetabling/toronto/hec-s-92.crs")),
        [Engine, SlotAnnealing]
    );
    assert_eq!(
        phases(file("timetabling/itc2007/exam_comp_set6.exam")),
        [Construction, SlotAnnealing]
    );
    // A small week: the engine's path, which can prove a timetable optimal.
    assert_eq!(
        phases(school_week()),
        [Engine, LocalSearch, Lns, BranchAndBound]
    );
}
