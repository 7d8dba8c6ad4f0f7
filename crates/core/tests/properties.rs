//! Property tests: every strategy finds exactly the brute-force solution set on random small
//! models; propagation never removes a value some solution uses; the trail restores domains.

use csp_core::domain::Representation;
use csp_core::testing::{LEVELS, brute_force, model_spec, propagate_after};
use csp_core::{
    AllDifferentStrength, Domain, DomainStore, Propagation, Search, SearchConfig, ValueOrder,
    VarId, VarOrder,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn configs() -> impl Iterator<Item = SearchConfig> {
    LEVELS.into_iter().flat_map(|(p, a)| {
        VarOrder::ALL.into_iter().flat_map(move |vo| {
            ValueOrder::ALL.into_iter().flat_map(move |val| {
                [false, true].into_iter().map(move |root_ac| SearchConfig {
                    propagation: p,
                    all_different: a,
                    var_order: vo,
                    value_order: val,
                    root_arc_consistency: root_ac && p != Propagation::ArcConsistency,
                    seed: 7,
                    ..SearchConfig::default()
                })
            })
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn every_strategy_finds_exactly_the_brute_force_solutions(
        spec in model_spec(6, 5, 6),
        scale in prop::sample::select(vec![1, 20, 100]),
    ) {
        // A third of the models spread their values over a few words (all-different's
        // several-word path), a third over many (the general paths).
        let spec = spec.scaled(scale);
        let model = spec.build();
        let expected = brute_force(&model);
        for config in configs() {
            let label = format!("{:?}/{:?}/{}/{}", config.propagation, config.all_different,
                config.var_order, config.value_order);
            let mut search = Search::new(&model, config.clone());
            let found: Vec<Vec<i32>> = search.solutions().map(|s| s.values().to_vec()).collect();
            let set: BTreeSet<_> = found.iter().cloned().collect();
            prop_assert_eq!(set.len(), found.len(), "duplicate solutions with {}", label);
            prop_assert_eq!(&set, &expected, "solution set differs with {}", label);
            let count = Search::new(&model, config.clone()).count(u64::MAX);
            prop_assert_eq!(count.count as usize, expected.len(), "count differs with {}", label);
            prop_assert!(count.exhausted);
            let first = Search::new(&model, config).solve();
            match first {
                csp_core::Outcome::Satisfiable(s) => prop_assert!(expected.contains(s.values())),
                csp_core::Outcome::Unsatisfiable => prop_assert!(expected.is_empty()),
                csp_core::Outcome::Unknown(_) => prop_assert!(false, "no limit was set"),
            }
        }
    }

    /// Variables kept as intervals (bounds only, holes of their declared domains kept) give
    /// every strategy the brute-force solutions too, alone or mixed with bitsets.
    #[test]
    fn intervals_find_exactly_the_brute_force_solutions(
        spec in model_spec(5, 5, 5),
        scale in prop::sample::select(vec![1, 100]),
        mask in 0u32..32,
    ) {
        let spec = spec.scaled(scale);
        let expected = brute_force(&spec.build());
        let model = spec.build_as(|i| if mask >> i & 1 == 0 { Representation::Bounds } else { Representation::Bits });
        for config in configs().filter(|c| c.value_order != ValueOrder::LeastConstraining || c.var_order == VarOrder::InputOrder) {
            let label = format!("{:?}/{:?}/{}/{}", config.propagation, config.all_different,
                config.var_order, config.value_order);
            let found: Vec<Vec<i32>> = Search::new(&model, config.clone()).solutions().map(|s| s.values().to_vec()).collect();
            let set: BTreeSet<_> = found.iter().cloned().collect();
            prop_assert_eq!(set.len(), found.len(), "duplicate solutions with {}", label);
            prop_assert_eq!(&set, &expected, "solution set differs with {}", label);
        }
    }

    /// One search reused with `reset` and different root assignments counts exactly the
    /// brute-force solutions that extend each assignment, whatever ran before.
    #[test]
    fn reset_searches_count_the_solutions_extending_the_assignment(
        spec in model_spec(6, 5, 6),
        runs in proptest::collection::vec(
            proptest::collection::vec((0usize..6, 0usize..5), 0..3), 1..4),
    ) {
        let model = spec.build();
        let solutions = brute_force(&model);
        for (level, strength) in LEVELS {
            let config = SearchConfig {
                propagation: level,
                all_different: strength,
                ..SearchConfig::default()
            };
            let mut search = Search::new(&model, config);
            for picks in &runs {
                let fixed: Vec<(VarId, i32)> = picks
                    .iter()
                    .map(|&(i, k)| {
                        let x = VarId::new(i % model.num_vars());
                        let dom: Vec<i32> = model.domain(x).iter().collect();
                        (x, dom[k % dom.len()])
                    })
                    .collect();
                let expected = solutions
                    .iter()
                    .filter(|s| fixed.iter().all(|&(x, v)| s[x.index()] == v))
                    .count();
                search.reset(&fixed);
                let count = search.count(u64::MAX);
                prop_assert_eq!(count.count as usize, expected, "{:?}/{:?} under {:?}", level, strength, fixed);
                prop_assert!(count.exhausted);
            }
        }
    }

    #[test]
    fn propagation_never_removes_a_value_some_solution_uses(
        spec in model_spec(6, 5, 6),
        picks in proptest::collection::vec((0usize..6, 0usize..5), 0..4),
        scale in prop::sample::select(vec![1, 20, 100]),
    ) {
        let spec = spec.scaled(scale);
        let model = spec.build();
        let solutions = brute_force(&model);
        // Decisions drawn from the initial domains.
        let mut assignment = Vec::new();
        for (i, k) in picks {
            let i = i % model.num_vars();
            let dom: Vec<i32> = model.domain(VarId::new(i)).iter().collect();
            let v = dom[k % dom.len()];
            if !assignment.iter().any(|&(j, _)| j == i) {
                assignment.push((i, v));
            }
        }
        let consistent: Vec<&Vec<i32>> = solutions
            .iter()
            .filter(|s| assignment.iter().all(|&(i, v)| s[i] == v))
            .collect();
        for (level, strength) in LEVELS {
            match propagate_after(&model, level, strength, &assignment) {
                None => prop_assert!(
                    consistent.is_empty(),
                    "{:?}/{:?} failed although {} solutions extend {:?}",
                    level, strength, consistent.len(), assignment
                ),
                Some(domains) => {
                    for s in &consistent {
                        for (i, d) in domains.iter().enumerate() {
                            prop_assert!(d.contains(s[i]),
                                "{:?}/{:?} removed v{}={} used by solution {:?}",
                                level, strength, i, s[i], s);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn trail_restores_domains_exactly(
        doms in proptest::collection::vec(proptest::collection::btree_set(-70i32..140, 1..40), 1..6),
        ops in proptest::collection::vec((0usize..6, -70i32..140, 0u8..4), 0..60),
    ) {
        let domains: Vec<Domain> = doms.iter().map(|s| Domain::from_values(s.iter().copied())).collect();
        let mut store = DomainStore::new(&domains);
        let snapshot = |s: &DomainStore| -> Vec<Vec<i32>> {
            (0..s.num_vars()).map(|i| s.iter(VarId::new(i)).collect()).collect()
        };
        let mut marks = vec![(store.mark(), snapshot(&store))];
        for (i, v, op) in ops {
            let x = VarId::new(i % domains.len());
            match op {
                0 => { let _ = store.remove(x, v); }
                1 => { let _ = store.assign(x, v); }
                2 => { let _ = store.retain(x, |w| w % 3 != v.rem_euclid(3)); }
                _ => marks.push((store.mark(), snapshot(&store))),
            }
            for k in 0..store.num_vars() {
                let y = VarId::new(k);
                prop_assert_eq!(store.size(y) as usize, store.iter(y).count());
            }
        }
        while let Some((mark, snap)) = marks.pop() {
            store.undo_to(mark);
            prop_assert_eq!(snapshot(&store), snap);
        }
        prop_assert_eq!(snapshot(&store), doms.iter().map(|s| s.iter().copied().collect::<Vec<_>>()).collect::<Vec<_>>());
    }
}

proptest! {
    // One model in several has a single constraint of a kind tested here.
    #![proptest_config(ProptestConfig { cases: 256, max_global_rejects: 16384, ..ProptestConfig::default() })]

    /// All-different by matching, tables, precedence, cardinality, map and reified
    /// membership reach generalised
    /// arc consistency: after propagating a single such constraint, exactly the values used by
    /// some solution remain.
    #[test]
    fn matching_and_table_propagators_reach_gac(spec in model_spec(6, 5, 1), scale in prop::sample::select(vec![1, 20, 100])) {
        use csp_core::testing::ConstraintSpec;
        let spec = spec.scaled(scale);
        prop_assume!(matches!(
            spec.constraints.as_slice(),
            [ConstraintSpec::AllDifferent(..)]
                | [ConstraintSpec::Table(..)]
                | [ConstraintSpec::Precedence(..)]
                | [ConstraintSpec::AtMost(..)]
                | [ConstraintSpec::Map(..)]
                | [ConstraintSpec::MemberReif(..)]
        ));
        let model = spec.build();
        let solutions = brute_force(&model);
        let got = propagate_after(&model, Propagation::ArcConsistency, AllDifferentStrength::Matching, &[]);
        match got {
            None => prop_assert!(solutions.is_empty()),
            Some(domains) => {
                prop_assert!(!solutions.is_empty(), "GAC must detect an unsatisfiable single constraint");
                for (i, d) in domains.iter().enumerate() {
                    let used: BTreeSet<i32> = solutions.iter().map(|s| s[i]).collect();
                    prop_assert_eq!(d.iter().collect::<BTreeSet<_>>(), used, "variable v{}", i);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// A linear inequality alone is bounds consistent after propagation: each variable's
    /// least and greatest value left belong to some solution.
    #[test]
    fn a_linear_inequality_reaches_bounds_consistency(
        domains in proptest::collection::vec(proptest::collection::btree_set(-3i32..6, 1..6), 1..5),
        coeffs in proptest::collection::vec(-4i64..=4, 4),
        rhs in -10i64..10,
    ) {
        use csp_core::testing::{ConstraintSpec, ModelSpec};
        use csp_core::constraint::Relation;
        let n = domains.len();
        let spec = ModelSpec {
            domains: domains.into_iter().map(|d| d.into_iter().collect()).collect(),
            constraints: vec![ConstraintSpec::Linear(coeffs[..n].iter().copied().zip(0..n).collect(), Relation::Le, rhs, None)],
        };
        let model = spec.build();
        let solutions = brute_force(&model);
        match propagate_after(&model, Propagation::ArcConsistency, AllDifferentStrength::Matching, &[]) {
            None => prop_assert!(solutions.is_empty()),
            Some(domains) => {
                prop_assert!(!solutions.is_empty(), "bounds reasoning detects an infeasible inequality");
                for (i, d) in domains.iter().enumerate() {
                    let used: BTreeSet<i32> = solutions.iter().map(|s| s[i]).collect();
                    prop_assert_eq!(d.min(), used.first().copied(), "least value of v{}", i);
                    prop_assert_eq!(d.max(), used.last().copied(), "greatest value of v{}", i);
                }
            }
        }
    }
}

/// Relabels values in order of first appearance: one representative per renaming class.
fn canonical(s: &[i32]) -> Vec<i32> {
    let mut map = std::collections::HashMap::new();
    s.iter()
        .map(|v| {
            let next = map.len() as i32;
            *map.entry(*v).or_insert(next)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// With symmetric values (graph colouring), every strategy counts exactly one solution
    /// per class of colourings equal up to renaming the colours.
    #[test]
    fn symmetric_values_count_one_solution_per_renaming_class(
        n in 2usize..7,
        k in 1i32..5,
        edges in proptest::collection::vec((0usize..7, 0usize..7), 0..14),
    ) {
        let mut model = csp_core::Model::new();
        let v = model.new_vars("v", n, 0..=k - 1).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for (a, b) in edges {
            let (a, b) = (a % n, b % n);
            if a != b && seen.insert((a.min(b), a.max(b))) {
                model.not_equal(v[a], v[b]).unwrap();
            }
        }
        let classes: BTreeSet<Vec<i32>> = brute_force(&model).iter().map(|s| canonical(s)).collect();
        for mut config in configs() {
            config.symmetric_values = true;
            let label = format!("{:?}/{}/{}", config.propagation, config.var_order, config.value_order);
            let found: Vec<Vec<i32>> = Search::new(&model, config).solutions().map(|s| s.values().to_vec()).collect();
            let got: BTreeSet<Vec<i32>> = found.iter().map(|s| canonical(s)).collect();
            prop_assert_eq!(got.len(), found.len(), "two solutions of one class with {}", label);
            prop_assert_eq!(&got, &classes, "{}", label);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// No-overlap on its own: propagation keeps every start some solution uses, fails only when
    /// there is none, and fixes every task when only one schedule is left.
    #[test]
    fn no_overlap_filters_soundly_and_fails_exactly(
        doms in proptest::collection::vec(proptest::collection::btree_set(0i32..9, 1..6), 2..6),
        durs in proptest::collection::vec(0u32..4, 6),
    ) {
        let mut m = csp_core::Model::new();
        let xs: Vec<VarId> = doms.iter().enumerate()
            .map(|(i, d)| m.new_var(format!("s{i}"), Domain::from_values(d.iter().copied())).unwrap())
            .collect();
        m.no_overlap(&xs, &durs[..xs.len()]).unwrap();
        let solutions = brute_force(&m);
        let got = propagate_after(&m, Propagation::ArcConsistency, AllDifferentStrength::Matching, &[]);
        match got {
            None => prop_assert!(solutions.is_empty()),
            Some(domains) => {
                for s in &solutions {
                    for (i, d) in domains.iter().enumerate() {
                        prop_assert!(d.contains(s[i]));
                    }
                }
                // All fixed: the propagator's own test says whether that is a solution.
                if domains.iter().all(|d| d.len() == 1) {
                    prop_assert_eq!(solutions.len(), 1);
                }
            }
        }
    }
}

/// One change a store is asked for.
#[derive(Debug, Clone)]
enum StoreOp {
    SetMin(i32),
    SetMax(i32),
    Remove(i32),
    Assign(i32),
    Mark,
    Undo,
}

fn store_op() -> impl Strategy<Value = StoreOp> {
    prop_oneof![
        (-80i32..80).prop_map(StoreOp::SetMin),
        (-80i32..80).prop_map(StoreOp::SetMax),
        (-80i32..80).prop_map(StoreOp::Remove),
        (-80i32..80).prop_map(StoreOp::Assign),
        Just(StoreOp::Mark),
        Just(StoreOp::Undo),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// The same changes on a bitset and on an interval of one declared domain: the interval
    /// holds every value the bitset holds (it only ignores removals inside it), agrees with
    /// it exactly while only bounds move, reports its size and bounds truly, and undoing
    /// restores both exactly.
    #[test]
    fn intervals_follow_bitsets_on_the_same_changes(
        values in proptest::collection::btree_set(-70i32..70, 1..40),
        dense in any::<bool>(),
        ops in proptest::collection::vec(store_op(), 1..40),
    ) {
        let domain = if dense {
            Domain::range(*values.first().unwrap(), *values.last().unwrap())
        } else {
            Domain::from_values(values.iter().copied())
        };
        let mut bits = DomainStore::with_reprs(std::slice::from_ref(&domain), &[Representation::Bits]);
        let mut int = DomainStore::with_reprs(std::slice::from_ref(&domain), &[Representation::Bounds]);
        let x = VarId::new(0);
        prop_assert!(int.is_interval(x) && !bits.is_interval(x));
        let (mut marks, mut saved) = (Vec::new(), Vec::new());
        let mut only_bounds = true;
        // After a conflict, the search's next change is an undo.
        let mut failed = false;
        let dom = |s: &DomainStore| s.iter(x).collect::<Vec<_>>();
        for op in ops {
            // A wiped store takes no change but an undo (as in search).
            let wiped = bits.size(x) == 0 || int.size(x) == 0;
            match op {
                StoreOp::Mark if failed => continue,
                StoreOp::Mark => {
                    marks.push((bits.mark(), int.mark()));
                    saved.push((dom(&bits), dom(&int), only_bounds));
                }
                StoreOp::Undo => {
                    let (m, sv) = match (marks.pop(), saved.pop()) {
                        (Some(m), Some(sv)) => (m, sv),
                        _ => ((0, 0), (domain.iter().collect(), domain.iter().collect(), true)),
                    };
                    {
                        let ((a, b), (da, db, ob)) = (m, sv);
                        bits.undo_to(a);
                        int.undo_to(b);
                        prop_assert_eq!(dom(&bits), da);
                        prop_assert_eq!(dom(&int), db);
                        only_bounds = ob;
                        failed = false;
                    }
                    continue;
                }
                _ if wiped || failed => continue,
                StoreOp::SetMin(v) => {
                    let (a, b) = (bits.set_min(x, v), int.set_min(x, v));
                    failed = a.is_err() || b.is_err();
                    if only_bounds {
                        prop_assert_eq!(a.is_err(), b.is_err());
                    }
                }
                StoreOp::SetMax(v) => {
                    let (a, b) = (bits.set_max(x, v), int.set_max(x, v));
                    failed = a.is_err() || b.is_err();
                    if only_bounds {
                        prop_assert_eq!(a.is_err(), b.is_err());
                    }
                }
                StoreOp::Remove(v) => {
                    let inside = int.min(x).is_some_and(|lo| lo < v) && int.max(x).is_some_and(|hi| v < hi);
                    if inside && int.contains(x, v) {
                        only_bounds = false;
                    }
                    let (a, b) = (bits.remove(x, v), int.remove(x, v));
                    failed = a.is_err() || b.is_err();
                }
                StoreOp::Assign(v) => {
                    let (a, b) = (bits.assign(x, v), int.assign(x, v));
                    failed = a.is_err() || b.is_err();
                    if only_bounds {
                        prop_assert_eq!(a.is_ok(), b.is_ok());
                    }
                }
            }
            if failed {
                continue;
            }
            let (db, di) = (dom(&bits), dom(&int));
            prop_assert!(db.iter().all(|v| di.contains(v)), "{:?} ⊄ {:?}", db, di);
            if only_bounds {
                prop_assert_eq!(&db, &di);
            }
            prop_assert_eq!(int.size(x) as usize, di.len());
            prop_assert_eq!(int.min(x), di.first().copied());
            prop_assert_eq!(int.max(x), di.last().copied());
            prop_assert!(di.iter().all(|&v| domain.contains(v) && int.contains(x, v)));
            for k in 0..di.len() as u32 {
                prop_assert_eq!(int.nth_value(x, k), Some(di[k as usize]));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    /// `z = x ∘ y` finds exactly the brute-force solutions with every propagation level,
    /// on small domains (domain consistent) and on wide ones past the support walk (bounds),
    /// bitsets or intervals.
    #[test]
    fn arithmetic_finds_exactly_the_brute_force_solutions(
        op in prop_oneof![Just(csp_core::constraint::Op::Times), Just(csp_core::constraint::Op::Div), Just(csp_core::constraint::Op::Mod), Just(csp_core::constraint::Op::Pow), Just(csp_core::constraint::Op::Min), Just(csp_core::constraint::Op::Max)],
        wide in any::<bool>(),
        x in (-8i32..8, 0i32..8),
        y in (-4i32..4, 0i32..6),
        z in (-20i32..20, 0i32..24),
        reprs in 0u32..8,
        alias in 0u8..5,
    ) {
        use csp_core::constraint::Arith;
        let k = if wide { 14 } else { 1 };
        let mut m = csp_core::Model::new();
        let repr = |i: u32| if reprs >> i & 1 == 1 { Representation::Bounds } else { Representation::Bits };
        let xv = m.new_var_as("x", Domain::range(x.0 * k, (x.0 + x.1) * k), repr(0)).unwrap();
        let yv = m.new_var_as("y", Domain::range(y.0 * k, (y.0 + y.1) * k), repr(1)).unwrap();
        let zv = m.new_var_as("z", Domain::range(z.0, z.0 + z.1), repr(2)).unwrap();
        // One variable in several places (`x = x mod x`) as FlatZinc may write it.
        let (a, b, c) = match alias {
            1 => (xv, xv, zv),
            2 => (xv, yv, xv),
            3 => (xv, yv, yv),
            4 => (xv, xv, xv),
            _ => (xv, yv, zv),
        };
        m.post(Arith::new(op, a, b, c)).unwrap();
        let expected = brute_force(&m);
        for (p, a) in LEVELS {
            let config = SearchConfig { propagation: p, all_different: a, ..SearchConfig::default() };
            let found: BTreeSet<Vec<i32>> = Search::new(&m, config).solutions().map(|s| s.values().to_vec()).collect();
            prop_assert_eq!(&found, &expected, "{:?} {:?}", op, p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    /// `z = xs[i]` over variables finds exactly the brute-force solutions with every
    /// propagation level, the index and the result as bitsets or intervals.
    #[test]
    fn element_finds_exactly_the_brute_force_solutions(
        doms in proptest::collection::vec(proptest::collection::btree_set(-2i32..4, 1..4), 1..4),
        index in proptest::collection::btree_set(-1i32..5, 1..5),
        result in proptest::collection::btree_set(-3i32..5, 1..5),
        reprs in 0u32..4,
    ) {
        use csp_core::constraint::Element;
        let mut m = csp_core::Model::new();
        let repr = |i: u32| if reprs >> i & 1 == 1 { Representation::Bounds } else { Representation::Bits };
        let xs: Vec<_> = doms.iter().enumerate().map(|(k, d)| m.new_var(format!("x{k}"), Domain::from_values(d.iter().copied())).unwrap()).collect();
        let i = m.new_var_as("i", Domain::from_values(index.iter().copied()), repr(0)).unwrap();
        let z = m.new_var_as("z", Domain::from_values(result.iter().copied()), repr(1)).unwrap();
        m.post(Element::new(i, xs, 1, z)).unwrap();
        let expected = brute_force(&m);
        for (p, a) in LEVELS {
            let config = SearchConfig { propagation: p, all_different: a, ..SearchConfig::default() };
            let found: BTreeSet<Vec<i32>> = Search::new(&m, config).solutions().map(|s| s.values().to_vec()).collect();
            prop_assert_eq!(&found, &expected, "{:?}", p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Branch and bound proves the brute-force optimum of any variable, least or greatest,
    /// at every propagation level, with and without restarts; every improving solution it
    /// reports is a solution, each better than the one before.
    #[test]
    fn branch_and_bound_finds_the_brute_force_optimum(
        spec in model_spec(5, 5, 5),
        target in 0usize..5,
        minimize in any::<bool>(),
        restarts in any::<bool>(),
        reprs in 0u32..32,
    ) {
        let model = spec.build_as(|i| if reprs >> i & 1 == 1 { Representation::Bounds } else { Representation::Bits });
        let obj = VarId::new(target % model.num_vars());
        let solutions = brute_force(&model);
        let values = solutions.iter().map(|s| s[obj.index()]);
        let expected = if minimize { values.min() } else { values.max() };
        for (p, a) in LEVELS {
            let config = SearchConfig {
                propagation: p,
                all_different: a,
                restarts: restarts.then_some(csp_core::Restarts { scale: 1 }),
                ..SearchConfig::default()
            };
            let mut seen: Vec<i32> = Vec::new();
            let got = Search::new(&model, config).optimize(obj, minimize, |s| {
                assert!(solutions.contains(s.values()), "a reported solution is not one");
                seen.push(s.value(obj));
            });
            prop_assert!(seen.windows(2).all(|w| if minimize { w[1] < w[0] } else { w[1] > w[0] }), "{:?}", seen);
            match (got, expected) {
                (csp_core::Optimum::Optimal(s), Some(e)) => prop_assert_eq!(s.value(obj), e, "{:?}", p),
                (csp_core::Optimum::Unsatisfiable, None) => {}
                (g, e) => prop_assert!(false, "{:?} {:?} with {:?}", g, e, p),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Cumulative finds exactly the brute-force solutions with every propagation level,
    /// starts as bitsets or intervals, the capacity a constant or a variable.
    #[test]
    fn cumulative_finds_exactly_the_brute_force_solutions(
        tasks in proptest::collection::vec((proptest::collection::btree_set(0i32..6, 1..4), 0i64..4, 0i64..4), 1..5),
        capacity in -1i64..5,
        reprs in 0u32..256,
        variable in any::<bool>(),
    ) {
        use csp_core::constraint::Cumulative;
        let mut m = csp_core::Model::new();
        let repr = |i: usize| if reprs >> i & 1 == 1 { Representation::Bounds } else { Representation::Bits };
        let starts: Vec<_> = tasks.iter().enumerate().map(|(i, (d, _, _))| m.new_var_as(format!("s{i}"), Domain::from_values(d.iter().copied()), repr(i)).unwrap()).collect();
        let durations = tasks.iter().map(|t| t.1).collect();
        let uses = tasks.iter().map(|t| t.2).collect();
        if variable {
            // The capacity a variable over capacity-1..=capacity+1.
            let cap = m.new_var_as("cap", Domain::range(capacity as i32 - 1, capacity as i32 + 1), repr(7)).unwrap();
            m.post(Cumulative::with_capacity_var(starts, durations, uses, cap).unwrap()).unwrap();
        } else {
            m.post(Cumulative::new(starts, durations, uses, capacity).unwrap()).unwrap();
        }
        let expected = brute_force(&m);
        for (p, a) in LEVELS {
            let config = SearchConfig { propagation: p, all_different: a, ..SearchConfig::default() };
            let found: BTreeSet<Vec<i32>> = Search::new(&m, config).solutions().map(|s| s.values().to_vec()).collect();
            prop_assert_eq!(&found, &expected, "{:?}", p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Circuit and subcircuit find exactly the brute-force solutions with every propagation
    /// level, successors numbered from an offset, as bitsets or intervals.
    #[test]
    fn circuits_find_exactly_the_brute_force_solutions(
        doms in proptest::collection::vec(proptest::collection::btree_set(-1i32..6, 1..5), 1..6),
        offset in -1i32..2,
        sub in any::<bool>(),
        reprs in 0u32..64,
    ) {
        let mut m = csp_core::Model::new();
        let repr = |i: usize| if reprs >> i & 1 == 1 { Representation::Bounds } else { Representation::Bits };
        let succ: Vec<_> = doms.iter().enumerate().map(|(i, d)| m.new_var_as(format!("s{i}"), Domain::from_values(d.iter().map(|v| v + offset)), repr(i)).unwrap()).collect();
        m.circuit(&succ, offset, sub).unwrap();
        let expected = brute_force(&m);
        for (p, a) in LEVELS {
            let config = SearchConfig { propagation: p, all_different: a, ..SearchConfig::default() };
            let found: BTreeSet<Vec<i32>> = Search::new(&m, config).solutions().map(|s| s.values().to_vec()).collect();
            prop_assert_eq!(&found, &expected, "{:?}", p);
        }
    }
}

#[test]
fn circuit_counts_match_the_known_numbers() {
    // Hamiltonian cycles of the complete graph: (n − 1)!; subcircuits: Σ over k ≥ 2 of
    // C(n, k)·(k − 1)!, plus the empty one.
    for (n, circuits, subcircuits) in [(3usize, 2u64, 6u64), (4, 6, 21), (5, 24, 85)] {
        for (sub, expected) in [(false, circuits), (true, subcircuits)] {
            let mut m = csp_core::Model::new();
            let s = m.new_vars("s", n, 1..=n as i32).unwrap();
            m.circuit(&s, 1, sub).unwrap();
            assert_eq!(
                Search::new(&m, SearchConfig::default()).count(1000).count,
                expected,
                "n {n} sub {sub}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Inverse finds exactly the brute-force solutions with every propagation level, with
    /// offsets, arrays of different lengths, bitsets or intervals.
    #[test]
    fn inverse_finds_exactly_the_brute_force_solutions(
        fd in proptest::collection::vec(proptest::collection::btree_set(-1i32..5, 1..4), 0..4),
        gd in proptest::collection::vec(proptest::collection::btree_set(-1i32..5, 1..4), 0..4),
        offsets in (-1i32..2, -1i32..2),
        reprs in 0u32..256,
    ) {
        use csp_core::constraint::Inverse;
        let mut m = csp_core::Model::new();
        let repr = |i: usize| if reprs >> i & 1 == 1 { Representation::Bounds } else { Representation::Bits };
        let f: Vec<_> = fd.iter().enumerate().map(|(i, d)| m.new_var_as(format!("f{i}"), Domain::from_values(d.iter().copied()), repr(i)).unwrap()).collect();
        let g: Vec<_> = gd.iter().enumerate().map(|(i, d)| m.new_var_as(format!("g{i}"), Domain::from_values(d.iter().copied()), repr(4 + i)).unwrap()).collect();
        m.post(Inverse::new(f, offsets.0, g, offsets.1)).unwrap();
        let expected = brute_force(&m);
        for (p, a) in LEVELS {
            let config = SearchConfig { propagation: p, all_different: a, ..SearchConfig::default() };
            let found: BTreeSet<Vec<i32>> = Search::new(&m, config).solutions().map(|s| s.values().to_vec()).collect();
            prop_assert_eq!(&found, &expected, "{:?}", p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Count finds exactly the brute-force solutions with every propagation level, the count
    /// a variable of its own or one of the counted (as in a magic sequence).
    #[test]
    fn count_finds_exactly_the_brute_force_solutions(
        doms in proptest::collection::vec(proptest::collection::btree_set(-1i32..4, 1..4), 1..5),
        cd in proptest::collection::btree_set(-1i32..5, 1..5),
        value in -1i32..3,
        alias in 0usize..6,
        reprs in 0u32..64,
    ) {
        use csp_core::constraint::Count;
        let mut m = csp_core::Model::new();
        let repr = |i: usize| if reprs >> i & 1 == 1 { Representation::Bounds } else { Representation::Bits };
        let xs: Vec<_> = doms.iter().enumerate().map(|(i, d)| m.new_var_as(format!("x{i}"), Domain::from_values(d.iter().copied()), repr(i)).unwrap()).collect();
        let c = match xs.get(alias) {
            Some(&x) => x,
            None => m.new_var_as("c", Domain::from_values(cd.iter().copied()), repr(5)).unwrap(),
        };
        m.post(Count::new(xs, value, c)).unwrap();
        let expected = brute_force(&m);
        for (p, a) in LEVELS {
            let config = SearchConfig { propagation: p, all_different: a, ..SearchConfig::default() };
            let found: BTreeSet<Vec<i32>> = Search::new(&m, config).solutions().map(|s| s.values().to_vec()).collect();
            prop_assert_eq!(&found, &expected, "{:?}", p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Global cardinality finds exactly the brute-force solutions with every propagation
    /// level, each count a variable of its own or one of the counted (as in a magic sequence).
    #[test]
    fn cardinality_finds_exactly_the_brute_force_solutions(
        doms in proptest::collection::vec(proptest::collection::btree_set(-1i32..4, 1..4), 1..5),
        values in proptest::collection::btree_set(-1i32..3, 1..4),
        cds in proptest::collection::vec(proptest::collection::btree_set(0i32..5, 1..4), 3),
        aliases in proptest::collection::vec(0usize..8, 3),
        reprs in 0u32..256,
    ) {
        use csp_core::constraint::Cardinality;
        let mut m = csp_core::Model::new();
        let repr = |i: usize| if reprs >> i & 1 == 1 { Representation::Bounds } else { Representation::Bits };
        let xs: Vec<_> = doms.iter().enumerate().map(|(i, d)| m.new_var_as(format!("x{i}"), Domain::from_values(d.iter().copied()), repr(i)).unwrap()).collect();
        let values: Vec<i32> = values.into_iter().collect();
        let counts: Vec<_> = (0..values.len()).map(|k| match xs.get(aliases[k]) {
            Some(&x) => x,
            None => m.new_var_as(format!("c{k}"), Domain::from_values(cds[k].iter().copied()), repr(5 + k)).unwrap(),
        }).collect();
        m.post(Cardinality::new(xs, values, counts).unwrap()).unwrap();
        let expected = brute_force(&m);
        for (p, a) in LEVELS {
            let config = SearchConfig { propagation: p, all_different: a, ..SearchConfig::default() };
            let found: BTreeSet<Vec<i32>> = Search::new(&m, config).solutions().map(|s| s.values().to_vec()).collect();
            prop_assert_eq!(&found, &expected, "{:?}", p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A negative table finds exactly the brute-force solutions with every propagation level,
    /// most combinations forbidden (so that values lose all support), a variable repeated in
    /// the scope, bitsets or intervals.
    #[test]
    fn negative_table_finds_exactly_the_brute_force_solutions(
        doms in proptest::collection::vec(proptest::collection::btree_set(-1i32..3, 1..4), 1..4),
        tuples in proptest::collection::vec(proptest::collection::vec(-1i32..3, 4), 0..40),
        repeat in 0usize..6,
        reprs in 0u32..16,
    ) {
        use csp_core::constraint::NegativeTable;
        let mut m = csp_core::Model::new();
        let repr = |i: usize| if reprs >> i & 1 == 1 { Representation::Bounds } else { Representation::Bits };
        let mut xs: Vec<_> = doms.iter().enumerate().map(|(i, d)| m.new_var_as(format!("x{i}"), Domain::from_values(d.iter().copied()), repr(i)).unwrap()).collect();
        if let Some(&x) = xs.get(repeat) {
            xs.push(x);
        }
        let rows: Vec<Vec<i32>> = tuples.into_iter().map(|t| t[..xs.len()].to_vec()).collect();
        m.post(NegativeTable::new(xs, rows).unwrap()).unwrap();
        let expected = brute_force(&m);
        for (p, a) in LEVELS {
            let config = SearchConfig { propagation: p, all_different: a, ..SearchConfig::default() };
            let found: BTreeSet<Vec<i32>> = Search::new(&m, config).solutions().map(|s| s.values().to_vec()).collect();
            prop_assert_eq!(&found, &expected, "{:?}", p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Lexicographic order finds exactly the brute-force solutions with every propagation
    /// level, words of different lengths, a variable in both words, bitsets or intervals.
    #[test]
    fn lex_lesseq_finds_exactly_the_brute_force_solutions(
        xd in proptest::collection::vec(proptest::collection::btree_set(-1i32..3, 1..4), 0..4),
        yd in proptest::collection::vec(proptest::collection::btree_set(-1i32..3, 1..4), 0..4),
        share in 0usize..5,
        reprs in 0u32..256,
    ) {
        use csp_core::constraint::LexLessEq;
        let mut m = csp_core::Model::new();
        let repr = |i: usize| if reprs >> i & 1 == 1 { Representation::Bounds } else { Representation::Bits };
        let xs: Vec<_> = xd.iter().enumerate().map(|(i, d)| m.new_var_as(format!("x{i}"), Domain::from_values(d.iter().copied()), repr(i)).unwrap()).collect();
        let mut ys: Vec<_> = yd.iter().enumerate().map(|(i, d)| m.new_var_as(format!("y{i}"), Domain::from_values(d.iter().copied()), repr(4 + i)).unwrap()).collect();
        if let (Some(&x), Some(y)) = (xs.get(share), ys.get_mut(share.saturating_sub(1))) {
            *y = x;
        }
        m.post(LexLessEq::new(xs, ys)).unwrap();
        let expected = brute_force(&m);
        for (p, a) in LEVELS {
            let config = SearchConfig { propagation: p, all_different: a, ..SearchConfig::default() };
            let found: BTreeSet<Vec<i32>> = Search::new(&m, config).solutions().map(|s| s.values().to_vec()).collect();
            prop_assert_eq!(&found, &expected, "{:?}", p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Regular finds exactly the brute-force solutions with every propagation level, on
    /// random automata (missing transitions, unreachable and dead states), a variable
    /// repeated, bitsets or intervals.
    #[test]
    fn regular_finds_exactly_the_brute_force_solutions(
        doms in proptest::collection::vec(proptest::collection::btree_set(0i32..4, 1..4), 0..5),
        delta in proptest::collection::vec(0usize..4, 9),
        start in 0usize..4,
        accepting in proptest::collection::vec(0usize..5, 0..3),
        repeat in 0usize..6,
        reprs in 0u32..64,
    ) {
        use csp_core::constraint::{Automaton, Regular};
        let mut m = csp_core::Model::new();
        let repr = |i: usize| if reprs >> i & 1 == 1 { Representation::Bounds } else { Representation::Bits };
        let mut xs: Vec<_> = doms.iter().enumerate().map(|(i, d)| m.new_var_as(format!("x{i}"), Domain::from_values(d.iter().copied()), repr(i)).unwrap()).collect();
        if repeat < xs.len() && !xs.is_empty() {
            let first = xs[0];
            xs[repeat] = first;
        }
        // Three states, three symbols (0 and a symbol past 3 are not symbols).
        let a = Automaton::new(3, 3, delta, start, &accepting).unwrap();
        m.post(Regular::new(xs, a)).unwrap();
        let expected = brute_force(&m);
        for (p, a) in LEVELS {
            let config = SearchConfig { propagation: p, all_different: a, ..SearchConfig::default() };
            let found: BTreeSet<Vec<i32>> = Search::new(&m, config).solutions().map(|s| s.values().to_vec()).collect();
            prop_assert_eq!(&found, &expected, "{:?}", p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Bin packing with loads finds exactly the brute-force solutions with every propagation
    /// level: bins numbered from an offset, items that may name no bin, weights of 0,
    /// bitsets or intervals.
    #[test]
    fn bin_packing_load_finds_exactly_the_brute_force_solutions(
        loads in proptest::collection::vec(proptest::collection::btree_set(0i32..6, 1..4), 0..3),
        items in proptest::collection::vec((proptest::collection::btree_set(-1i32..3, 1..4), 0i64..4), 0..4),
        offset in -1i32..2,
        reprs in 0u32..128,
    ) {
        use csp_core::constraint::BinPackingLoad;
        let mut m = csp_core::Model::new();
        let repr = |i: usize| if reprs >> i & 1 == 1 { Representation::Bounds } else { Representation::Bits };
        let load: Vec<_> = loads.iter().enumerate().map(|(i, d)| m.new_var_as(format!("l{i}"), Domain::from_values(d.iter().copied()), repr(i)).unwrap()).collect();
        let bin: Vec<_> = items.iter().enumerate().map(|(i, (d, _))| m.new_var_as(format!("b{i}"), Domain::from_values(d.iter().copied()), repr(3 + i)).unwrap()).collect();
        let w = items.iter().map(|t| t.1).collect();
        m.post(BinPackingLoad::new(load, bin, w, offset).unwrap()).unwrap();
        let expected = brute_force(&m);
        for (p, a) in LEVELS {
            let config = SearchConfig { propagation: p, all_different: a, ..SearchConfig::default() };
            let found: BTreeSet<Vec<i32>> = Search::new(&m, config).solutions().map(|s| s.values().to_vec()).collect();
            prop_assert_eq!(&found, &expected, "{:?}", p);
        }
    }
}
