//! `csp colour`: chromatic numbers, k-colourings, precolouring, outputs, bench, SAT.

use crate::util::*;

#[test]
fn colour_proves_the_chromatic_number_of_petersen() {
    let o = csp(&["colour", "problems/petersen.yaml"]);
    let out = stdout(&o);
    assert!(out.starts_with("petersen: χ = 3 (proved)"), "{out}");
    assert!(proper(&PETERSEN, &out));
    assert_eq!(o.status.code(), Some(0));
    let o = csp(&["colour", "problems/petersen.yaml", "-k", "2"]);
    assert!(stdout(&o).starts_with("petersen: not colourable with 2 colours"));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn colour_respects_precolouring_and_k_from_the_file() {
    let o = csp(&["colour", "problems/exams-small.yaml", "--dimacs"]);
    let out = stdout(&o);
    assert!(
        out.starts_with("c exams-small: colourable with 3 colours"),
        "{out}"
    );
    assert!(
        out.contains("\ns col 3\n") && out.contains("\nv biology 1\n"),
        "{out}"
    );
    let edges = [
        ("algebra", "biology"),
        ("algebra", "chemistry"),
        ("biology", "chemistry"),
        ("chemistry", "drama"),
        ("drama", "economics"),
        ("economics", "french"),
        ("french", "algebra"),
        ("biology", "economics"),
    ];
    let body: String = out
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(proper(&edges, &body), "{body}");
}

#[test]
fn colour_json_svg_and_dot() {
    let o = csp(&["colour", "problems/petersen.yaml", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (j["lb"].as_u64(), j["ub"].as_u64(), j["proved"].as_bool()),
        (Some(3), Some(3), Some(true))
    );
    for (a, b) in PETERSEN {
        assert_ne!(j["colouring"][a], j["colouring"][b]);
    }
    let svg = std::env::temp_dir().join(format!("petersen-{}.svg", std::process::id()));
    let o = csp(&[
        "colour",
        "problems/petersen.yaml",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let pic = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(
        (pic.matches("<circle").count(), pic.matches("<line").count()),
        (10, 15)
    );
    std::fs::remove_file(&svg).ok();
    let dot = stdout(&csp(&["colour", "problems/petersen.yaml", "--dot"]));
    assert_eq!(dot.matches(" -- ").count(), 15);
    assert_eq!(dot.matches("fillcolor=\"#").count(), 10);
}

#[test]
fn colour_reports_bad_graph_files_with_their_place() {
    let dir = std::env::temp_dir().join(format!("csp-colour-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.col");
    std::fs::write(&f, "c test\np edge 3 2\ne 1 2\ne 2 9\n").unwrap();
    let o = csp(&["colour", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.col:4:5: vertex 9 is out of range"),
        "{err}"
    );
    let o = csp(&["colour", "problems/petersen.yaml", "--branching", "fastest"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("fastest") && err.contains("possible values: portfolio, dsatur"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn colour_takes_a_seed_and_every_seed_gives_a_checked_answer() {
    // le450_5a's 5-colouring comes from local search (DSATUR's has more colours): each
    // seed walks its own way, and each reaches the proved χ = 5 with a checked colouring.
    // The seed reaches the search: the same seed gives the same colouring, another seed
    // another one.
    let mut colourings = Vec::new();
    for seed in ["1", "1", "2", "18446744073709551615"] {
        let o = csp(&[
            "colour",
            "data/colouring/le450_5a.col",
            "--seed",
            seed,
            "--json",
        ]);
        assert_eq!(o.status.code(), Some(0), "seed {seed}: {o:?}");
        let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(
            (
                j["ub"].as_u64(),
                j["proved"].as_bool(),
                j["ub_source"].as_str()
            ),
            (Some(5), Some(true), Some("local search"))
        );
        colourings.push(j["colouring"].clone());
    }
    assert_eq!(colourings[0], colourings[1]);
    assert_ne!(colourings[0], colourings[2]);
    assert_ne!(colourings[2], colourings[3]);
    let o = csp(&["colour", "problems/petersen.yaml", "--seed", "-1"]);
    assert_eq!(o.status.code(), Some(2));
    let bench = |json: bool| {
        let mut args = vec![
            "colour",
            "bench",
            "data/colouring",
            "--only",
            "myciel3",
            "--seed",
            "5",
        ];
        args.extend(json.then_some("--json"));
        stdout(&csp(&args))
    };
    let out = bench(false);
    assert!(out.contains("seed 5,"), "{out}");
    let out = bench(true);
    let summary: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(
        (summary["seed"].as_u64(), summary["jobs"].as_u64()),
        (Some(5), Some(1))
    );
}

#[test]
fn colour_bench_runs_on_a_folder_and_checks_known_values() {
    let dir = std::env::temp_dir().join(format!("csp-colour-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("c5.col"),
        "p edge 5 5\ne 1 2\ne 2 3\ne 3 4\ne 4 5\ne 5 1\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("k4.col"),
        "p edge 4 6\ne 1 2\ne 1 3\ne 1 4\ne 2 3\ne 2 4\ne 3 4\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("README.md"),
        "| file | V | E | header E | χ | source | gc | class |\n|---|---|---|---|---|---|---|---|\n| c5.col | 5 | 5 | = | 3 | x | opt 3 | easy |\n| k4.col | 4 | 6 | = | 4 | x | opt 4 | easy |\n",
    )
    .unwrap();
    let bench = |extra: &[&str]| {
        let mut args = vec!["colour", "bench", dir.to_str().unwrap()];
        args.extend_from_slice(extra);
        csp(&args)
    };
    let o = bench(&["--time-limit", "5"]);
    let out = stdout(&o);
    assert!(out.contains("| c5 | 5 | 5 | 3 | 3 | yes |"), "{out}");
    assert!(out.contains("| k4 | 4 | 6 | 4 | 4 | yes |"), "{out}");
    assert!(out.contains("proved 2 of 2 within"), "{out}");
    // Several seeds: a row per run, then a table over seeds; the JSON summary has them too.
    let o = bench(&["--time-limit", "5", "--seed", "4", "--seeds", "2"]);
    let out = stdout(&o);
    assert!(out.contains("seeds 4–5, 5 s per instance"), "{out}");
    assert!(out.contains("| c5 | 4 | 5 | 5 | 3 | 3 | yes |"), "{out}");
    assert!(out.contains("| c5 | 5 | 5 | 5 | 3 | 3 | yes |"), "{out}");
    assert!(out.contains("over seeds 4–5:"), "{out}");
    assert!(
        out.contains("| k4 | 2 | 2 | 4 ×2 (seeds 4, 5) | 2 of 2 | 4 |"),
        "{out}"
    );
    assert!(out.contains("proved 4 of 4 runs within"), "{out}");
    assert!(
        out.contains("upper bounds: 4 at the best known, 0 one above, 0 further"),
        "{out}"
    );
    let o = bench(&["--only", "c5", "--seeds", "3", "--json"]);
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{out}");
    let seeds: Vec<_> = lines[..3].iter().map(|l| l["seed"].as_u64()).collect();
    assert_eq!(seeds, [Some(1), Some(2), Some(3)]);
    let c5 = &lines[3]["over_seeds"]["c5"];
    assert_eq!(
        (
            c5["runs"].as_u64(),
            c5["proved"].as_u64(),
            c5["at_best_known"].as_u64()
        ),
        (Some(3), Some(3), Some(3))
    );
    assert_eq!(c5["ub_seeds"]["3"], serde_json::json!([1, 2, 3]));
    assert_eq!(
        (lines[3]["runs"].as_u64(), lines[3]["seeds"].as_u64()),
        (Some(3), Some(3))
    );
    let o = bench(&["--seeds", "0"]);
    assert_eq!(o.status.code(), Some(2));
    // Seeds past u64::MAX are an error, not fewer runs than asked.
    let o = bench(&["--seed", "18446744073709551615", "--seeds", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--seeds 2"));
    // A README claiming a wrong χ is caught.
    std::fs::write(
        dir.join("README.md"),
        "| f | V | E | h | χ | s | g | c |\n| c5.col | 5 | 5 | = | 4 | x | opt | easy |\n",
    )
    .unwrap();
    let o = bench(&["--only", "c5", "--csv"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("contradict known chromatic numbers"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn colour_with_any_engine_strategy_agrees() {
    for p in ["none", "fc", "ac3"] {
        for v in ["input", "mrv", "dom/wdeg", "mrv-deg"] {
            let o = csp(&[
                "colour",
                "problems/petersen.yaml",
                "-k",
                "3",
                "--propagation",
                p,
                "--var-order",
                v,
            ]);
            let out = stdout(&o);
            assert!(
                out.starts_with("petersen: colourable with 3 colours"),
                "{p} {v}: {out}"
            );
            assert!(proper(&PETERSEN, &out));
            let o = csp(&[
                "colour",
                "problems/petersen.yaml",
                "-k",
                "2",
                "--propagation",
                p,
                "--var-order",
                v,
            ]);
            assert!(
                stdout(&o).starts_with("petersen: not colourable with 2 colours"),
                "{p} {v}"
            );
        }
    }
}

#[test]
fn colour_by_sat_agrees_with_the_engine() {
    let o = csp(&[
        "colour",
        "problems/petersen.yaml",
        "--chromatic",
        "--method",
        "sat",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("χ = 3 (proved)"), "{}", stdout(&o));
    let o = csp(&[
        "colour",
        "problems/petersen.yaml",
        "-k",
        "2",
        "--method",
        "sat",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("not colourable with 2 colours"));
}
