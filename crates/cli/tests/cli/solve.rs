//! `csp solve` and `csp graph`: model files, counts, limits, JSON, the trace.

use crate::util::*;
use csp_model::CspFile;

#[test]
fn eight_queens_count_reports_92() {
    let o = csp(&["solve", "problems/nqueens-8.yaml", "--count", "100"]);
    assert_eq!(stdout(&o), "8-queens: 92 solutions\n");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn count_stopped_by_the_cap_says_at_least() {
    let o = csp(&["solve", "problems/nqueens-8.yaml", "--count", "10"]);
    assert_eq!(
        stdout(&o),
        "8-queens: 10 solutions at least (stopped at --count 10)\n"
    );
}

#[test]
fn six_queens_all_prints_four_valid_distinct_solutions() {
    let o = csp(&["solve", "problems/nqueens-6.yaml", "--all"]);
    let out = stdout(&o);
    assert!(out.ends_with("6-queens: 4 solutions\n"), "{out}");
    let blocks: Vec<&str> = out.split("solution ").skip(1).collect();
    assert_eq!(blocks.len(), 4);
    let mut seen = std::collections::HashSet::new();
    for b in blocks {
        let rows: Vec<i64> = assignment(b)
            .iter()
            .map(|(_, v)| v.parse().unwrap())
            .collect();
        assert_eq!(rows.len(), 6);
        assert!(queens_ok(&rows), "{rows:?}");
        assert!(seen.insert(rows));
    }
}

#[test]
fn every_strategy_counts_the_same_on_every_problem() {
    let expected = [
        ("problems/nqueens-6.yaml", "4 solutions"),
        ("problems/nqueens-8.yaml", "92 solutions"),
        ("problems/australia.yaml", "18 solutions"),
        ("problems/workshop.yaml", "40 solutions"),
        ("problems/pigeonhole-5-4.yaml", "0 solutions"),
    ];
    for (file, answer) in expected {
        for p in ["none", "fc", "ac3", "gac"] {
            for v in ["input", "mrv", "dom/wdeg", "mrv-deg"] {
                let o = csp(&[
                    "solve",
                    file,
                    "--count",
                    "1000",
                    "--propagation",
                    p,
                    "--var-order",
                    v,
                ]);
                assert!(
                    stdout(&o).ends_with(&format!(": {answer}\n")),
                    "{file} {p} {v}: {}",
                    stdout(&o)
                );
            }
        }
    }
}

#[test]
fn problem_counts_match_brute_force() {
    for (file, n) in [
        ("problems/australia.yaml", 18),
        ("problems/workshop.yaml", 40),
        ("problems/pigeonhole-5-4.yaml", 0),
    ] {
        let f = CspFile::load(&root().join(file)).unwrap();
        assert_eq!(csp_core::testing::brute_force(&f.model).len(), n, "{file}");
    }
}

#[test]
fn australia_colouring_respects_every_border() {
    let o = csp(&["solve", "problems/australia.yaml"]);
    let out = stdout(&o);
    assert!(out.starts_with("australia: satisfiable\n"));
    let colour: std::collections::HashMap<_, _> = assignment(&out).into_iter().collect();
    assert_eq!(colour.len(), 7);
    let borders = [
        ("WA", "NT"),
        ("WA", "SA"),
        ("NT", "SA"),
        ("NT", "Q"),
        ("SA", "Q"),
        ("SA", "NSW"),
        ("SA", "V"),
        ("Q", "NSW"),
        ("NSW", "V"),
    ];
    for (a, b) in borders {
        assert_ne!(colour[a], colour[b], "{a} and {b}");
    }
    assert!(
        colour
            .values()
            .all(|c| ["red", "green", "blue"].contains(&c.as_str()))
    );
}

#[test]
fn workshop_solution_satisfies_the_rules() {
    let o = csp(&["solve", "problems/workshop.yaml", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(j["status"], "satisfiable");
    let s = &j["solution"];
    let get = |k: &str| s[k].as_str().unwrap().to_string();
    let talks = ["keynote", "solver_intro", "hands_on", "panel", "lightning"];
    let all: std::collections::HashSet<_> = talks.iter().map(|t| get(t)).collect();
    assert_eq!(all.len(), 5, "no two talks share a room and time");
    assert!(get("keynote").starts_with("hall@"));
    assert!(["lab@11", "lab@14"].contains(&get("hands_on").as_str()));
    assert!(get("panel").starts_with("hall@"));
    let time = |t: &str| get(t).split('@').nth(1).unwrap().to_string();
    assert_ne!(time("keynote"), time("hands_on"));
    assert_ne!(time("solver_intro"), time("panel"));
}

#[test]
fn unsatisfiable_exits_1_and_says_so() {
    let o = csp(&["solve", "problems/pigeonhole-5-4.yaml"]);
    assert_eq!(stdout(&o), "pigeonhole-5-4: unsatisfiable\n");
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn node_limit_reports_unknown() {
    let o = csp(&[
        "solve",
        "problems/pigeonhole-5-4.yaml",
        "--propagation",
        "none",
        "--node-limit",
        "5",
    ]);
    assert_eq!(stdout(&o), "pigeonhole-5-4: unknown (node limit reached)\n");
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn json_count_and_stats() {
    let o = csp(&[
        "solve",
        "problems/nqueens-6.yaml",
        "--count",
        "10",
        "--json",
        "--stats",
    ]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(j["count"], 4);
    assert_eq!(j["exact"], true);
    assert!(j["stats"]["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn trace_shows_decisions_prunings_conflicts_and_solutions() {
    let o = csp(&[
        "solve",
        "problems/nqueens-6.yaml",
        "--trace",
        "--propagation",
        "fc",
        "--var-order",
        "input",
    ]);
    let out = stdout(&o);
    assert!(
        out.starts_with("decide q1 = 1\n  all_different(q1, q2, q3, q4, q5, q6) ⇒ q2 ≠ 1, q3 ≠ 1"),
        "{out}"
    );
    assert!(out.contains("q1 ≠ q2 - 1 ⇒ q2 ≠ 2"));
    assert!(out.contains("conflict: "));
    assert!(out.contains("refute q"));
    assert_eq!(
        out.matches("  solution 1: q1=2 q2=4 q3=6 q4=1 q5=3 q6=5")
            .count(),
        1,
        "{out}"
    );
    assert!(out.lines().count() < 200, "readable length");
    let all = stdout(&csp(&[
        "solve",
        "problems/nqueens-6.yaml",
        "--all",
        "--trace",
    ]));
    assert_eq!(all.matches("  solution ").count(), 4);
}

#[test]
fn graph_dot_has_every_edge() {
    let o = csp(&["graph", "problems/australia.yaml", "--dot"]);
    let out = stdout(&o);
    assert!(out.starts_with("graph constraints {"));
    assert_eq!(out.matches(" -- ").count(), 9);
}

#[test]
fn bad_files_exit_2_with_the_place_named() {
    let dir = std::env::temp_dir().join(format!("csp-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.yaml");
    std::fs::write(&f, "kind: csp\nvariables:\n  - name: a\n    domain: 1..3\nconstraints:\n  - not_equal: [a, b]\n").unwrap();
    let o = csp(&["solve", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.yaml:6:"), "{err}");
    assert!(err.contains("unknown variable `b`"), "{err}");
    let o = csp(&["solve", "no/such/file.yaml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no/such/file.yaml"));
    let o = csp(&["solve", "problems/australia.yaml", "--var-order", "fancy"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("fancy") && err.contains("possible values: input, mrv"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_job_shop_prints_its_improvements_then_the_proved_optimum() {
    // ft06's optimum, 55, is from the literature (Fisher and Thompson 1963).
    let o = csp(&["solve", "problems/jobshop-ft06.yaml"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let improvements: Vec<i64> = out
        .lines()
        .filter_map(|l| l.strip_prefix("ft06: makespan = "))
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(!improvements.is_empty(), "{out}");
    assert!(improvements.windows(2).all(|w| w[1] < w[0]), "{out}");
    assert_eq!(improvements.last(), Some(&55), "{out}");
    assert!(
        out.contains("ft06: optimal (proved), makespan = 55\n"),
        "{out}"
    );
    assert!(out.contains("start    = [["), "{out}");
}

#[test]
fn an_optimum_in_json_has_its_status_objective_and_solution() {
    let o = csp(&["solve", "problems/knapsack.yaml", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(j["status"], "optimal");
    assert_eq!(j["objective"], 51);
    let take: Vec<bool> = j["solution"]["take"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_bool().unwrap())
        .collect();
    let (w, v) = ([12, 7, 11, 8, 9], [24, 13, 23, 15, 16]);
    let weight: i64 = (0..5).filter(|&i| take[i]).map(|i| w[i]).sum();
    let value: i64 = (0..5).filter(|&i| take[i]).map(|i| v[i]).sum();
    assert!(weight <= 26);
    assert_eq!(value, 51);
}

#[test]
fn text_constraint_errors_point_into_the_expression() {
    let yaml = "kind: csp\nvariables:\n  x: 0..3\nconstraints:\n  - x + y <= 2\n";
    let o = csp_stdin(&["solve", "-"], yaml);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("<stdin>:5:9: unknown name `y`"), "{err}");
}
