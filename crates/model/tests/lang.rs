//! The expression language against brute force: random constraints and objectives over a
//! few small variables, compiled and solved by the engine, compared with the evaluator's
//! verdict on every assignment; and the bundled problems' known results.

use csp_core::{Optimum, Search, SearchConfig, Solution, Value};
use csp_model::CspFile;
use std::collections::BTreeSet;
use std::path::Path;

/// csp-core's generator, seeded, so that a failure names its seed.
struct Rng(csp_core::heuristics::SplitMix64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0.index(n as usize) as u64
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u64) as usize]
    }
}

const INTS: [&str; 5] = ["x", "y", "z", "a[2]", "a[x]"];

fn int_expr(r: &mut Rng, depth: u32) -> String {
    if depth == 0 || r.below(3) == 0 {
        return match r.below(3) {
            0 => (r.below(7) as i64 - 3).to_string(),
            _ => r.pick(&INTS).to_string(),
        };
    }
    let (a, b) = (int_expr(r, depth - 1), int_expr(r, depth - 1));
    match r.below(14) {
        12 => format!("[{a}, 2, {b}][{}]", r.pick(&["x", "z + 1", "y", "2"])),
        13 => format!("[i * x for i in 1..2][{}]", r.pick(&["z", "1"])),
        0 => format!("{a} + {b}"),
        1 => format!("{a} - {b}"),
        2 => format!("({a}) * ({b})"),
        3 => format!("({a}) div ({b})"),
        4 => format!("({a}) mod ({b})"),
        5 => format!("abs({a})"),
        6 => format!("min({a}, {b})"),
        7 => "max(a)".to_string(),
        8 => "sum(a[i] * i for i in 1..3)".to_string(),
        9 => format!("-({a})"),
        10 => format!("({})", bool_expr(r, depth - 1)),
        _ => format!("{} * ({a})", r.below(5) as i64 - 2),
    }
}

fn bool_expr(r: &mut Rng, depth: u32) -> String {
    if depth == 0 || r.below(4) == 0 {
        let (a, b) = (int_expr(r, 0), int_expr(r, 0));
        let op = r.pick(&["==", "!=", "<", "<=", ">", ">="]);
        return match r.below(6) {
            0 => "b".to_string(),
            1 => format!("{a} in [-1, 0, 2]"),
            2 => format!("{a} not in 0..1"),
            _ => format!("{a} {op} {b}"),
        };
    }
    let (p, q) = (bool_expr(r, depth - 1), bool_expr(r, depth - 1));
    match r.below(7) {
        0 => format!("({p}) and ({q})"),
        1 => format!("({p}) or ({q})"),
        2 => format!("({p}) -> ({q})"),
        3 => format!("({p}) <-> ({q})"),
        4 => format!("not ({p})"),
        5 => format!("sum([{p}, {q}, b]) >= 2"),
        _ => {
            let (a, b) = (int_expr(r, depth - 1), int_expr(r, depth - 1));
            let op = r.pick(&["==", "!=", "<", "<=", ">", ">="]);
            format!("{a} {op} {b}")
        }
    }
}

fn model(r: &mut Rng, objective: bool) -> String {
    let mut yaml = String::from(
        "kind: csp\nvariables:\n  x: -2..2\n  y: -1..3\n  z: 0..2\n  b: bool\n  a[1..3]: 0..2\nconstraints:\n",
    );
    for _ in 0..1 + r.below(3) {
        let c = if r.below(6) == 0 {
            r.pick(&[
                "all_different([x, y, z])",
                "all_different(a[i] + i for i in 1..3)",
                "circuit([a[1] + 1, a[2] + 1, a[3] + 1])",
                "subcircuit([a[i] + 1 for i in 1..3])",
                "inverse([a[1] + 1, a[2] + 1, a[3] + 1], [z + 1, x + 1, y])",
                "lex_lesseq([x, y], [z, a[1]])",
                "lex_lesseq([x, y, b], [z, a[1]])",
                "table([x, z], [[0, 0], [1, 2], [-2, 1]])",
                "cumulative([x, y, z], [2, 1, 2], [1, 2, 1], z + 1)",
                "cumulative([a[1], a[2], a[3]], [1, 1, 1], [1, 1, 1], 2)",
                "table([a[1], a[2] + y], [[i, 2 - i] for i in 0..2])",
                "forbidden([x, z], [[0, 0], [1, 2], [-2, 1], [2, 0]])",
                "forbidden([a[1], a[2]], [[i, j] for i in 0..2 for j in 0..1])",
            ])
            .to_string()
        } else {
            bool_expr(r, 3)
        };
        yaml.push_str(&format!("  - \"{c}\"\n"));
    }
    if objective {
        let dir = r.pick(&["minimize", "maximize"]);
        // Over a variable at least: a constant objective is refused.
        yaml.push_str(&format!("objective: \"{dir} y + {}\"\n", int_expr(r, 2)));
    }
    yaml
}

/// Every assignment of the declared variables (x, y, z, b, a[1..3], in that order).
fn assignments() -> Vec<Vec<Value>> {
    let ranges: [(Value, Value); 7] = [(-2, 2), (-1, 3), (0, 2), (0, 1), (0, 2), (0, 2), (0, 2)];
    let mut out = vec![vec![]];
    for (lo, hi) in ranges {
        out = out
            .into_iter()
            .flat_map(|p: Vec<Value>| {
                (lo..=hi).map(move |v| {
                    let mut q = p.clone();
                    q.push(v);
                    q
                })
            })
            .collect();
    }
    out
}

/// The declared variables' values in a full solution.
fn declared(s: &Solution) -> Vec<Value> {
    s.values()[..7].to_vec()
}

#[test]
fn random_constraints_agree_with_the_evaluator() {
    let all = assignments();
    let mut checked = 0;
    for seed in 1..=400u64 {
        let mut r = Rng(csp_core::heuristics::SplitMix64::new(seed));
        let yaml = model(&mut r, false);
        let file = CspFile::parse(&yaml, "random.yaml")
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{yaml}"));
        // The evaluator's verdict: assignments of the declared variables satisfying every
        // constraint (only the text ones here).
        let expected: BTreeSet<Vec<Value>> = all
            .iter()
            .filter(|v| file.holds_declared(v))
            .cloned()
            .collect();
        for level in ["fc", "ac3", "gac"] {
            let config = SearchConfig::default().with_level(level.parse().unwrap());
            let mut search = Search::new(&file.model, config);
            let mut found = BTreeSet::new();
            for s in search.solutions() {
                file.verify(s.values())
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{yaml}"));
                assert!(
                    found.insert(declared(&s)),
                    "seed {seed}: a solution twice\n{yaml}"
                );
            }
            let missing: Vec<_> = expected.difference(&found).take(5).collect();
            let extra: Vec<_> = found.difference(&expected).take(5).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "seed {seed} at {level}: not found {missing:?}; found but false {extra:?}\n{yaml}"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 400);
}

#[test]
fn random_objectives_reach_the_brute_force_optimum() {
    let all = assignments();
    for seed in 1..=200u64 {
        let mut r = Rng(csp_core::heuristics::SplitMix64::new(
            seed ^ 0xD1B5_4A32_D192_ED03,
        ));
        let yaml = model(&mut r, true);
        let file = match CspFile::parse(&yaml, "random.yaml") {
            Ok(f) => f,
            // A constant division by zero is refused when the file is read, with its place.
            Err(e) if e.message() == "division by zero" => continue,
            Err(e) => panic!("seed {seed}: {e}\n{yaml}"),
        };
        let obj = file.objective.as_ref().unwrap();
        let values: Vec<i64> = all
            .iter()
            .filter(|v| file.holds_declared(v))
            .filter_map(|v| file.objective_declared(v))
            .collect();
        let best = if obj.minimize {
            values.iter().min()
        } else {
            values.iter().max()
        };
        let config = SearchConfig {
            restarts: Some(csp_core::Restarts { scale: 4 }),
            ..SearchConfig::default()
        };
        let mut search = Search::new(&file.model, config);
        match (search.optimize(obj.var, obj.minimize, |_| {}), best) {
            (Optimum::Optimal(s), Some(&b)) => {
                file.verify(s.values())
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{yaml}"));
                assert_eq!(
                    file.objective_value(s.values()).unwrap(),
                    b,
                    "seed {seed}:\n{yaml}"
                );
            }
            (Optimum::Unsatisfiable, None) => {}
            (o, b) => panic!("seed {seed}: {o:?} but brute force says {b:?}\n{yaml}"),
        }
    }
}

fn problem(name: &str) -> CspFile {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../problems");
    CspFile::load(&root.join(name)).unwrap()
}

#[test]
fn the_compact_queens_has_the_92_solutions_of_eight_queens() {
    let f = problem("queens.yaml");
    assert_eq!(
        Search::new(&f.model, SearchConfig::default())
            .count(1000)
            .count,
        92
    );
}

#[test]
fn ft06_reaches_its_known_optimum_55() {
    // Fisher and Thompson (1963); the optimum 55 is from the literature (proved by 1989).
    let f = problem("jobshop-ft06.yaml");
    let obj = f.objective.as_ref().unwrap();
    let config = SearchConfig {
        restarts: Some(csp_core::Restarts { scale: 100 }),
        ..SearchConfig::default()
    };
    let Optimum::Optimal(s) = Search::new(&f.model, config).optimize(obj.var, obj.minimize, |_| {})
    else {
        panic!("not proved")
    };
    f.verify(s.values()).unwrap();
    assert_eq!(f.objective_value(s.values()).unwrap(), 55);
}

#[test]
fn a_makespan_bound_by_energy_alone_is_proved_in_few_nodes() {
    // The file's tasks on capacity 5: no schedule ends before ⌈Σ length·use / 5⌉, and one
    // reaches it; edge finding proves it at once, time-tabling alone would search for minutes.
    let (length, usage) = (
        [2, 2, 2, 4, 3, 7, 7, 4, 4, 6, 3, 6],
        [1, 3, 3, 1, 2, 3, 2, 3, 3, 2, 3, 2],
    );
    let energy: i64 = length.iter().zip(usage).map(|(l, u)| l * u).sum();
    let f = problem("cumulative-energy.yaml");
    let obj = f.objective.as_ref().unwrap();
    let config = SearchConfig {
        limits: csp_core::Limits {
            nodes: Some(10_000),
            ..csp_core::Limits::default()
        },
        ..SearchConfig::default()
    };
    let Optimum::Optimal(s) = Search::new(&f.model, config).optimize(obj.var, obj.minimize, |_| {})
    else {
        panic!("not proved in 10,000 nodes")
    };
    f.verify(s.values()).unwrap();
    assert_eq!(f.objective_value(s.values()).unwrap(), (energy + 4) / 5);
}

#[test]
fn the_knapsack_optimum_is_the_brute_force_one() {
    let f = problem("knapsack.yaml");
    let (w, v) = ([12, 7, 11, 8, 9], [24, 13, 23, 15, 16]);
    let best = (0..32u32)
        .filter(|m| {
            (0..5)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| w[i])
                .sum::<i32>()
                <= 26
        })
        .map(|m| {
            (0..5)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| v[i])
                .sum::<i32>()
        })
        .max()
        .unwrap();
    let obj = f.objective.as_ref().unwrap();
    let Optimum::Optimal(s) =
        Search::new(&f.model, SearchConfig::default()).optimize(obj.var, obj.minimize, |_| {})
    else {
        panic!("not proved")
    };
    assert_eq!(f.objective_value(s.values()).unwrap(), i64::from(best));
}

#[test]
fn a_long_chain_compiles_and_checks_and_a_longer_one_is_refused() {
    // 450 links: the compiler and the evaluator recurse that deep without trouble.
    let chain = vec!["x"; 450].join(" + ");
    let yaml = format!("kind: csp\nvariables:\n  x: 0..3\nconstraints:\n  - {chain} == 900\n");
    let f = CspFile::parse(&yaml, "chain.yaml").unwrap();
    let csp_core::Outcome::Satisfiable(s) = Search::new(&f.model, SearchConfig::default()).solve()
    else {
        panic!("x = 2 is a solution")
    };
    f.verify(s.values()).unwrap();
    assert_eq!(s.values()[0], 2);
    let longer = vec!["x"; 5000].join(" + ");
    let yaml = format!("kind: csp\nvariables:\n  x: 0..3\nconstraints:\n  - {longer} == 1\n");
    let e = CspFile::parse(&yaml, "chain.yaml").unwrap_err();
    assert!(e.message().contains("operators chained"), "{e}");
}

#[test]
fn a_wide_range_after_in_is_an_interval_not_a_list() {
    let yaml = "kind: csp\nvariables:\n  x: 0..2000000000\nconstraints:\n  - x in 1500000000..1999999999\n  - x not in 1500000000..1600000000\n";
    let f = CspFile::parse(yaml, "wide.yaml").unwrap();
    let csp_core::Outcome::Satisfiable(s) = Search::new(&f.model, SearchConfig::default()).solve()
    else {
        panic!("satisfiable")
    };
    f.verify(s.values()).unwrap();
    assert!(s.values()[0] > 1_600_000_000);
}
