//! Runs the built `csp` on the problem files and checks answers independently.

use csp_cli::model_file::CspFile;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn csp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_csp"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("csp runs")
}

fn csp_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_csp"))
        .args(args)
        .current_dir(root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("csp runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("csp runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Parses `name = value` lines into pairs.
fn assignment(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| l.split_once(" = "))
        .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
        .collect()
}

/// Queens check written out directly: rows pairwise different, no shared diagonal.
fn queens_ok(rows: &[i64]) -> bool {
    let n = rows.len();
    (0..n).all(|i| {
        (i + 1..n).all(|j| rows[i] != rows[j] && (rows[i] - rows[j]).abs() != (j - i) as i64)
    })
}

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
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown variable order `fancy`"));
    std::fs::remove_dir_all(&dir).ok();
}

/// The README's `$ csp …` examples, run and compared line by line, so the README never lies.
#[test]
fn readme_examples_print_what_the_readme_shows() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut checked = 0;
    let mut lines = readme.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(cmd) = line.strip_prefix("$ csp ") else {
            continue;
        };
        let mut expected = String::new();
        while let Some(next) = lines.peek() {
            if next.starts_with("$ ") || next.starts_with("```") {
                break;
            }
            expected.push_str(lines.next().unwrap());
            expected.push('\n');
        }
        let args: Vec<&str> = cmd.split_whitespace().collect();
        let out = stdout(&csp(&args));
        // Timings vary: every number with a decimal point becomes `#`.
        let strip = |s: &str| {
            s.lines()
                .map(|l| {
                    let mut out = String::new();
                    let mut run = String::new();
                    for ch in l.chars().chain(std::iter::once(' ')) {
                        if ch.is_ascii_digit() || ch == '.' {
                            run.push(ch);
                        } else {
                            let decimal =
                                run.contains('.') && run.chars().any(|c| c.is_ascii_digit());
                            out.push_str(if decimal { "#" } else { &run });
                            run.clear();
                            out.push(ch);
                        }
                    }
                    out.trim_end().to_string()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(strip(&out), strip(&expected), "README example `csp {cmd}`");
        checked += 1;
    }
    assert!(checked >= 3, "the README shows at least three examples");
}

/// Checks `vertex colour` lines against the graph file's edges, directly.
fn proper(edges: &[(&str, &str)], out: &str) -> bool {
    let colour: std::collections::HashMap<String, String> = out
        .lines()
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            Some((it.next()?.to_string(), it.next()?.to_string()))
        })
        .collect();
    edges
        .iter()
        .all(|(a, b)| colour.contains_key(*a) && colour.get(*a) != colour.get(*b))
}

const PETERSEN: [(&str, &str); 15] = [
    ("o1", "o2"),
    ("o2", "o3"),
    ("o3", "o4"),
    ("o4", "o5"),
    ("o5", "o1"),
    ("o1", "i1"),
    ("o2", "i2"),
    ("o3", "i3"),
    ("o4", "i4"),
    ("o5", "i5"),
    ("i1", "i3"),
    ("i3", "i5"),
    ("i5", "i2"),
    ("i2", "i4"),
    ("i4", "i1"),
];

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
    let o = csp(&["colour", "problems/petersen.yaml", "--strategy", "fastest"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown strategy `fastest`"));
    std::fs::remove_dir_all(&dir).ok();
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
    let o = csp(&[
        "colour",
        "bench",
        dir.to_str().unwrap(),
        "--time-limit",
        "5",
    ]);
    let out = stdout(&o);
    assert!(out.contains("| c5 | 5 | 5 | 3 | 3 | yes |"), "{out}");
    assert!(out.contains("| k4 | 4 | 6 | 4 | 4 | yes |"), "{out}");
    assert!(out.contains("proved 2 of 2"), "{out}");
    // A README claiming a wrong χ is caught.
    std::fs::write(
        dir.join("README.md"),
        "| f | V | E | h | χ | s | g | c |\n| c5.col | 5 | 5 | = | 4 | x | opt | easy |\n",
    )
    .unwrap();
    let o = csp(&[
        "colour",
        "bench",
        dir.to_str().unwrap(),
        "--only",
        "c5",
        "--csv",
    ]);
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

// ---- csp sudoku (issue 4) ----

#[test]
fn sudoku_solve_prints_the_unique_solution_of_the_classic_puzzle() {
    let out = csp(&["sudoku", "solve", "problems/sudoku-classic.txt", "--unique"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.trim(),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179 unique"
    );
}

#[test]
fn sudoku_solve_reads_yaml_and_standard_input() {
    let out = csp(&[
        "sudoku",
        "solve",
        "problems/sudoku-6x6.yaml",
        "--unique",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v[0]["status"], "unique");
    assert_eq!(v[0]["solution"], "123456456123231564564231312645645312");
    let out = csp_stdin(
        &[
            "sudoku",
            "solve",
            "-",
            "--model",
            "graph",
            "--strategy",
            "input+fc",
        ],
        &".".repeat(16),
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim().len(), 16);
}

#[test]
fn sudoku_clash_is_no_solution_with_exit_code_1() {
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "5");
    line.replace_range(80..81, "5");
    line.replace_range(10..11, "5");
    let out = csp_stdin(&["sudoku", "solve"], &line);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("no solution (the givens clash: 5 twice in a box, at r1c1 and r2c2)"),
        "{text}"
    );
}

#[test]
fn sudoku_bad_input_names_line_and_column() {
    let out = csp_stdin(&["sudoku", "solve"], &format!("# x\n{}\n", ".".repeat(79)));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("<stdin>:2:79: found 79 cells"), "{err}");
}

#[test]
fn sudoku_svg_and_bench_run() {
    let dir = std::env::temp_dir().join(format!("csp-sudoku-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("classic.svg");
    let out = csp(&[
        "sudoku",
        "solve",
        "problems/sudoku-classic.txt",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("font-weight=\"bold\"").count(), 30);
    let list = dir.join("list.txt");
    let line: String = std::fs::read_to_string(root().join("problems/sudoku-classic.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with('-'))
        .flat_map(|l| l.chars().filter(|c| c.is_ascii_digit() || *c == '.'))
        .collect();
    std::fs::write(&list, format!("{line}\n{line}\n")).unwrap();
    let out = csp(&[
        "sudoku",
        "bench",
        list.to_str().unwrap(),
        "--strategies",
        "mrv+fc",
        "--models",
        "alldiff",
        "--methods",
        "csp,dlx,sat",
        "--csv",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 6, "{text}");
    for (row, start) in rows[1..].iter().zip([
        "list.txt,csp,alldiff,naive,2,2,2,",
        "list.txt,csp,alldiff,mrv+fc,2,2,2,",
        "list.txt,dlx,exact-cover,dlx,2,2,2,",
        "list.txt,sat,cnf-minimal,batsat,2,2,2,",
        "list.txt,sat,cnf-extended,batsat,2,2,2,",
    ]) {
        assert!(row.starts_with(start), "{text}");
    }
}

// Issue 5: exact cover and SAT beside the engine.

#[test]
fn sudoku_methods_agree_on_the_classic_puzzle() {
    let mut lines = Vec::new();
    for method in [
        &["--method", "csp"][..],
        &["--method", "dlx"],
        &["--method", "sat"],
        &["--method", "sat", "--encoding", "minimal"],
    ] {
        let mut args = vec!["sudoku", "solve", "problems/sudoku-classic.txt", "--unique"];
        args.extend_from_slice(method);
        let o = csp(&args);
        assert_eq!(o.status.code(), Some(0), "{method:?}");
        lines.push(stdout(&o));
    }
    assert!(lines[0].ends_with(" unique\n"), "{}", lines[0]);
    assert!(lines.iter().all(|l| l == &lines[0]), "{lines:?}");
    let o = csp(&[
        "sudoku",
        "solve",
        "problems/sudoku-classic.txt",
        "--method",
        "simplex",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("expected csp, dlx or sat"));
}

#[test]
fn sudoku_cnf_is_solved_by_csp_sat_to_the_same_grid() {
    let o = csp(&["sudoku", "cnf", "problems/sudoku-classic.txt"]);
    assert_eq!(o.status.code(), Some(0));
    let cnf = stdout(&o);
    // 11,988 rules and a unit clause per given (30 in this puzzle).
    assert!(cnf.contains("\np cnf 729 12018\n"), "{}", &cnf[..300]);
    let o = csp(&[
        "sudoku",
        "cnf",
        "problems/sudoku-classic.txt",
        "--encoding",
        "minimal",
    ]);
    assert!(stdout(&o).contains("\np cnf 729 8859\n"));
    let o = csp_stdin(&["sat", "-"], &cnf);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.contains("\ns SATISFIABLE\n"), "{text}");
    let mut grid = [0u8; 81];
    for lit in text
        .lines()
        .filter(|l| l.starts_with("v "))
        .flat_map(|l| l[2..].split_whitespace())
        .map(|t| t.parse::<i64>().unwrap())
        .filter(|&d| d > 0)
    {
        let x = (lit - 1) as usize;
        grid[x / 9] = (x % 9) as u8 + 1;
    }
    let line: String = grid.iter().map(|d| char::from(b'0' + d)).collect();
    let solved = stdout(&csp(&["sudoku", "solve", "problems/sudoku-classic.txt"]));
    assert_eq!(format!("{line}\n"), solved);
}

#[test]
fn csp_sat_reports_unsatisfiable_counts_models_and_names_bad_input() {
    // Pigeonhole: 3 pigeons, 2 holes.
    let php =
        "p cnf 6 9\n1 2 0\n3 4 0\n5 6 0\n-1 -3 0\n-1 -5 0\n-3 -5 0\n-2 -4 0\n-2 -6 0\n-4 -6 0\n";
    for extra in [&[][..], &["--dpll"]] {
        let mut args = vec!["sat", "-"];
        args.extend_from_slice(extra);
        let o = csp_stdin(&args, php);
        assert_eq!(o.status.code(), Some(1), "{extra:?}");
        assert!(stdout(&o).contains("s UNSATISFIABLE"));
    }
    let o = csp_stdin(&["sat", "-", "--count", "10"], "p cnf 2 1\n1 2 0\n");
    assert!(stdout(&o).contains("c models 3\n"), "{}", stdout(&o));
    let o = csp_stdin(&["sat", "-"], "p cnf 2 1\n1 x 0\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("<stdin>:2:3: expected a literal"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
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
    assert!(stdout(&o).contains("chromatic number 3"), "{}", stdout(&o));
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

// Issue 6: human solving.

#[test]
fn explain_hint_rate_and_generate_work_together() {
    let o = csp(&["sudoku", "explain", "problems/sudoku-classic.txt"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(
        text.starts_with("  1. hidden single (1.2): in box 2, 8 fits only in r1c6 → r1c6 = 8\n"),
        "{text}"
    );
    assert!(text.ends_with("solved in 51 steps: 534678912672195348198342567859761423426853791713924856961537284287419635345286179\n"));
    let hints: Vec<String> = ["1", "2", "3"]
        .iter()
        .map(|l| {
            stdout(&csp(&[
                "sudoku",
                "hint",
                "problems/sudoku-classic.txt",
                "--level",
                l,
            ]))
        })
        .collect();
    assert_eq!(
        hints[0],
        "try a hidden single: a digit that fits in only one cell of a unit\n"
    );
    assert!(hints[1].starts_with("try a hidden single involving r1c4"));
    assert!(hints[2].contains("r1c6 = 8"));
    let svg = std::env::temp_dir().join(format!("csp-hint-{}.svg", std::process::id()));
    let o = csp(&[
        "sudoku",
        "hint",
        "problems/sudoku-classic.txt",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let picture = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_file(&svg).ok();
    assert!(
        picture.starts_with("<svg") && picture.contains("#fff3b0") && picture.contains("#138a36")
    );
    let o = csp(&["sudoku", "rate", "problems/sudoku-classic.txt"]);
    assert!(
        stdout(&o).starts_with("1.2/1.2/1.2 easy "),
        "{}",
        stdout(&o)
    );
    // Generated puzzles of a level rate at that level and are unique.
    let o = csp(&[
        "sudoku", "generate", "--count", "3", "--level", "medium", "--seed", "5",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let puzzles = stdout(&o);
    assert_eq!(puzzles.lines().count(), 3);
    let rated = stdout(&csp_stdin(&["sudoku", "rate", "-"], &puzzles));
    assert!(
        rated
            .lines()
            .all(|l| l.split_whitespace().nth(1) == Some("medium")),
        "{rated}"
    );
    let solved = stdout(&csp_stdin(&["sudoku", "solve", "-", "--unique"], &puzzles));
    assert!(solved.lines().all(|l| l.ends_with(" unique")), "{solved}");
}

#[test]
fn pencil_marks_are_accepted_and_bad_ones_named() {
    // Every candidate everywhere (an empty grid), as a 729-character Sukaku string.
    let full: String = "123456789".repeat(81);
    let o = csp_stdin(&["sudoku", "hint", "-"], &full);
    assert_eq!(
        o.status.code(),
        Some(1),
        "an empty grid has no logical step"
    );
    // Nine 81-character puzzles also make 729 characters, but on nine lines: a puzzle list.
    let line =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    let nine = line.repeat(9);
    let o = csp_stdin(&["sudoku", "hint", "-"], &nine);
    assert_eq!(
        stdout(&o),
        "try a hidden single: a digit that fits in only one cell of a unit\n",
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mut bad = full.clone();
    bad.replace_range(0..1, "5");
    let o = csp_stdin(&["sudoku", "hint", "-"], &bad);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("position 1: expected 1 or '.', found '5'"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn sudoku_techniques_lists_every_technique_with_its_rating() {
    let out = stdout(&csp(&["sudoku", "techniques"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        csp_sudoku::human::Technique::ALL.len() + 2,
        "{out}"
    );
    assert!(
        lines[1].contains("1.0") && lines[1].contains("full house"),
        "{out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("8.5") && l.contains("dynamic forcing chain")),
        "{out}"
    );
}
