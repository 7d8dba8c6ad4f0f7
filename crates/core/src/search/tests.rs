use super::*;
use crate::Model;
use crate::heuristics::VarOrder;
use crate::propagation::Propagation;
use std::time::Duration;

fn queens(n: usize) -> Model {
    let mut m = Model::new();
    let q = m.new_vars("q", n, 1..=n as i32).unwrap();
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as i32;
            m.not_equal(q[i], q[j]).unwrap();
            m.not_equal_offset(q[i], q[j], d).unwrap();
            m.not_equal_offset(q[i], q[j], -d).unwrap();
        }
    }
    m
}

#[test]
fn a_deadline_passed_ends_the_search_with_the_time_limit() {
    // 12 pigeons, 11 holes, plain backtracking: hopeless, so only the deadline ends it.
    let mut m = Model::new();
    let xs = m.new_vars("p", 12, 1..=11).unwrap();
    for i in 0..12 {
        for j in i + 1..12 {
            m.not_equal(xs[i], xs[j]).unwrap();
        }
    }
    let deadline = Instant::now() + Duration::from_millis(50);
    let config = SearchConfig {
        limits: Limits {
            deadline: Some(deadline),
            ..Limits::default()
        },
        ..SearchConfig::naive()
    };
    let mut search = Search::new(&m, config);
    assert_eq!(search.solve(), Outcome::Unknown(LimitReached::Time));
    assert!(Instant::now() < deadline + Duration::from_millis(200));
}

#[test]
fn a_deadline_that_passes_while_the_engine_is_built_ends_with_the_limit_not_an_answer() {
    // Unsatisfiable (4 values, 5 pairwise-different variables), with more constraints
    // than one poll covers: a partly built engine must not claim anything.
    let mut m = Model::new();
    let xs = m.new_vars("x", 5, 1..=4).unwrap();
    for _ in 0..300 {
        for i in 0..xs.len() {
            for j in i + 1..xs.len() {
                m.not_equal(xs[i], xs[j]).unwrap();
            }
        }
    }
    let config = SearchConfig {
        limits: Limits {
            deadline: Some(Instant::now()),
            ..Limits::default()
        },
        ..SearchConfig::default()
    };
    let mut search = Search::new(&m, config);
    search.reset(&[]);
    assert_eq!(search.solve(), Outcome::Unknown(LimitReached::Time));
    let mut search = Search::new(&m, SearchConfig::default());
    assert_eq!(search.solve(), Outcome::Unsatisfiable);
}

#[test]
fn luby_sequence_starts_as_published() {
    let seq: Vec<u64> = (1..=15).map(luby).collect();
    assert_eq!(seq, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
}

#[test]
fn eight_queens_has_92_solutions_at_every_level() {
    let m = queens(8);
    for p in [
        Propagation::None,
        Propagation::ForwardChecking,
        Propagation::ArcConsistency,
    ] {
        let config = SearchConfig {
            propagation: p,
            ..SearchConfig::default()
        };
        let c = Search::new(&m, config).count(1000);
        assert_eq!((c.count, c.exhausted), (92, true), "{p:?}");
    }
}

#[test]
fn every_enumerated_solution_verifies_and_is_distinct() {
    let m = queens(6);
    let mut s = Search::new(&m, SearchConfig::naive());
    let all: Vec<Solution> = s.solutions().collect();
    assert_eq!(all.len(), 4);
    for sol in &all {
        assert_eq!(m.verify(sol.values()), Ok(()));
    }
    let set: std::collections::HashSet<_> = all.iter().collect();
    assert_eq!(set.len(), 4);
}

#[test]
fn node_limit_gives_unknown() {
    let m = queens(12);
    let config = SearchConfig {
        limits: Limits {
            nodes: Some(3),
            ..Limits::default()
        },
        propagation: Propagation::None,
        var_order: VarOrder::InputOrder,
        ..SearchConfig::default()
    };
    let mut s = Search::new(&m, config);
    assert_eq!(s.solve(), Outcome::Unknown(LimitReached::Nodes));
    assert_eq!(s.stats().nodes, 3);
}

/// Every node limit is honoured exactly: refutations are nodes too, and one that would
/// pass the limit is not posted (it was, by one, when it came after a dead end).
#[test]
fn the_node_limit_is_never_passed_by_a_refutation() {
    let m = queens(8);
    for p in [Propagation::None, Propagation::ForwardChecking] {
        for limit in 1..300 {
            let config = SearchConfig {
                limits: Limits {
                    nodes: Some(limit),
                    ..Limits::default()
                },
                propagation: p,
                var_order: VarOrder::InputOrder,
                ..SearchConfig::default()
            };
            let mut s = Search::new(&m, config);
            let _ = s.count(1000);
            assert!(
                s.stats().nodes <= limit,
                "{p:?} {limit}: {}",
                s.stats().nodes
            );
        }
    }
}

#[test]
fn unsatisfiable_pigeonhole_is_proved_by_matching_at_the_root() {
    let mut m = Model::new();
    let v = m.new_vars("p", 4, 1..=3).unwrap();
    m.all_different(&v).unwrap();
    let mut s = Search::new(&m, SearchConfig::default());
    assert_eq!(s.solve(), Outcome::Unsatisfiable);
    assert_eq!(s.stats().nodes, 0);
    let mut naive = Search::new(&m, SearchConfig::naive());
    assert_eq!(naive.solve(), Outcome::Unsatisfiable);
    assert!(naive.stats().nodes > 0);
}

#[test]
fn symmetric_values_count_colourings_up_to_renaming() {
    // A path of three vertices with three colours: 12 colourings, 2 up to renaming
    // (ends equal or different).
    let mut m = Model::new();
    let v = m.new_vars("v", 3, 0..=2).unwrap();
    m.not_equal(v[0], v[1]).unwrap();
    m.not_equal(v[1], v[2]).unwrap();
    assert_eq!(
        Search::new(&m, SearchConfig::default()).count(100).count,
        12
    );
    for p in [
        Propagation::None,
        Propagation::ForwardChecking,
        Propagation::ArcConsistency,
    ] {
        let config = SearchConfig {
            symmetric_values: true,
            propagation: p,
            var_order: VarOrder::InputOrder,
            ..SearchConfig::default()
        };
        assert_eq!(Search::new(&m, config).count(100).count, 2, "{p:?}");
    }
}

#[test]
fn a_shared_bound_at_the_optimum_leaves_nothing_better() {
    // Minimise the first queen's row on 8 queens: 1. Told that 1 is known, the search
    // restarts into an empty root: nothing better, which proves the shared one optimal.
    let m = queens(8);
    let config = SearchConfig {
        restarts: Some(Restarts { scale: 1 }),
        ..SearchConfig::default()
    };
    let mut alone = Search::new(&m, config.clone());
    let Optimum::Optimal(s) = alone.optimize(VarId::new(0), true, |_| {}) else {
        panic!("8 queens has solutions");
    };
    assert_eq!(s.value(VarId::new(0)), 1);
    let mut told = Search::new(&m, config);
    told.set_shared_bound(|| Some(1));
    let mut found = 0;
    let r = told.optimize(VarId::new(0), true, |_| found += 1);
    assert!(
        matches!(r, Optimum::Unsatisfiable | Optimum::Optimal(_)),
        "{r:?}"
    );
    assert!(
        found <= 1,
        "at most the first solution before the first restart"
    );
}

#[test]
fn restarts_still_find_a_solution() {
    let m = queens(20);
    let config = SearchConfig {
        restarts: Some(Restarts { scale: 1 }),
        ..SearchConfig::default()
    };
    let mut s = Search::new(&m, config);
    match s.solve() {
        Outcome::Satisfiable(sol) => assert_eq!(m.verify(sol.values()), Ok(())),
        o => panic!("{o:?}"),
    }
}
