//! The one CLI layer: every subcommand takes `-` for standard input, prints JSON with a
//! `status`, honours `--time-limit`, names a file of another kind with the command for it,
//! and says an I/O error once.

use crate::util::*;
use std::time::{Duration, Instant};

/// A formula no solver refutes quickly: 11 pigeons in 10 holes.
fn pigeonhole_cnf(pigeons: usize, holes: usize) -> String {
    let var = |p: usize, h: usize| p * holes + h + 1;
    let mut clauses = Vec::new();
    for p in 0..pigeons {
        clauses.push(
            (0..holes)
                .map(|h| var(p, h).to_string())
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    for h in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                clauses.push(format!("-{} -{}", var(p, h), var(q, h)));
            }
        }
    }
    let mut text = format!("p cnf {} {}\n", pigeons * holes, clauses.len());
    for c in clauses {
        text.push_str(&c);
        text.push_str(" 0\n");
    }
    text
}

/// The same as a model: `pigeons` variables over `holes` values, pairwise different.
fn pigeonhole_yaml(pigeons: usize, holes: usize) -> String {
    let names: Vec<String> = (0..pigeons).map(|p| format!("p{p}")).collect();
    let mut text = format!(
        "kind: csp\nname: pigeonhole\nvariables:\n  - names: [{}]\n    domain: 1..{holes}\nconstraints:\n",
        names.join(", ")
    );
    for p in 0..pigeons {
        for q in p + 1..pigeons {
            text.push_str(&format!("  - not_equal: [p{p}, p{q}]\n"));
        }
    }
    text
}

fn json_lines(o: &std::process::Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn every_subcommand_prints_json_with_a_status() {
    let classic = "problems/sudoku-classic.txt";
    let runs: Vec<Vec<&str>> = vec![
        vec!["solve", "problems/australia.yaml"],
        vec!["solve", "problems/nqueens-6.yaml", "--count", "10"],
        vec!["solve", "problems/nqueens-6.yaml", "--all"],
        vec!["graph", "problems/australia.yaml"],
        vec!["colour", "problems/petersen.yaml"],
        vec!["colour", "problems/petersen.yaml", "-k", "2"],
        vec!["colour", "problems/petersen.yaml", "--method", "sat"],
        vec![
            "colour",
            "bench",
            "data/colouring",
            "--only",
            "myciel3",
            "--time-limit",
            "5",
        ],
        vec!["sat", "problems/pigeonhole-3-2.cnf"],
        vec!["sudoku", "solve", classic, "--unique", "--stats"],
        vec![
            "sudoku",
            "bench",
            "data/sudoku/puzzles2_17_clue",
            "--limit",
            "2",
            "--strategies",
            "mrv+gac",
            "--models",
            "alldiff",
        ],
        vec!["sudoku", "cnf", classic],
        vec!["sudoku", "rate", classic],
        vec!["sudoku", "explain", classic],
        vec!["sudoku", "hint", classic],
        vec!["sudoku", "generate", "-n", "2"],
        vec!["sudoku", "techniques"],
    ];
    let vocabulary: Vec<&str> = csp_model::Status::ALL.iter().map(|s| s.name()).collect();
    for mut args in runs {
        args.push("--json");
        let o = csp(&args);
        assert!(o.status.code().is_some_and(|c| c < 2), "{args:?}: {o:?}");
        let lines = json_lines(&o);
        assert!(!lines.is_empty(), "{args:?}");
        for j in lines {
            let status = j["status"]
                .as_str()
                .unwrap_or_else(|| panic!("{args:?}: {j}"));
            assert!(vocabulary.contains(&status), "{args:?}: {status}");
        }
    }
}

#[test]
fn a_time_limit_ends_every_search_within_half_a_second_more_with_its_status() {
    let dir = std::env::temp_dir().join(format!("csp-limit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let yaml = dir.join("pigeonhole.yaml");
    std::fs::write(&yaml, pigeonhole_yaml(14, 13)).unwrap();
    let cnf = dir.join("pigeonhole.cnf");
    std::fs::write(&cnf, pigeonhole_cnf(12, 11)).unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, ".".repeat(81)).unwrap();
    let (yaml, cnf, empty) = (
        yaml.to_str().unwrap(),
        cnf.to_str().unwrap(),
        empty.to_str().unwrap(),
    );
    let runs: Vec<Vec<&str>> = vec![
        vec!["solve", yaml, "--propagation", "fc", "--var-order", "input"],
        vec!["colour", "data/colouring/1-Insertions_4.col", "--no-tabu"],
        vec![
            "colour",
            "data/colouring/1-Insertions_4.col",
            "-k",
            "4",
            "--branching",
            "dsatur",
        ],
        vec![
            "colour",
            "data/colouring/1-Insertions_4.col",
            "--method",
            "sat",
        ],
        vec!["sat", cnf],
        vec![
            "sudoku",
            "solve",
            empty,
            "--count",
            "1000000000000",
            "--propagation",
            "none",
            "--var-order",
            "input",
            "--jobs",
            "1",
        ],
    ];
    for mut args in runs {
        args.extend(["--time-limit", "1", "--json"]);
        let start = Instant::now();
        let o = csp(&args);
        let took = start.elapsed();
        assert!(took < Duration::from_millis(1500), "{args:?} took {took:?}");
        // An answer found before the limit (a colouring, a count so far) is satisfiable with
        // exit 0; none is unknown with exit 1.
        let status = json_lines(&o)
            .last()
            .map(|j| j["status"].as_str().unwrap_or_default().to_string());
        let want = match status.as_deref() {
            Some("satisfiable") => 0,
            _ => 1,
        };
        assert_eq!(o.status.code(), Some(want), "{args:?}: {o:?}");
        assert!(
            matches!(status.as_deref(), Some("satisfiable" | "unknown")) || args[0] == "sat",
            "{args:?}: {status:?}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_input_can_come_from_standard_input() {
    let read = |f: &str| std::fs::read_to_string(root().join(f)).unwrap();
    let runs: Vec<(Vec<&str>, String, &str)> = vec![
        (
            vec!["solve", "-"],
            read("problems/australia.yaml"),
            "satisfiable",
        ),
        (
            vec!["graph", "-"],
            read("problems/australia.yaml"),
            "7 variables",
        ),
        (vec!["colour", "-"], read("problems/petersen.yaml"), "χ = 3"),
        (
            vec!["colour", "-"],
            read("data/colouring/myciel3.col"),
            "χ = 4",
        ),
        (
            vec!["sat", "-"],
            read("problems/pigeonhole-3-2.cnf"),
            "s UNSATISFIABLE",
        ),
        (
            vec!["sudoku", "solve", "-"],
            read("problems/sudoku-classic.txt"),
            "534678912",
        ),
        (
            vec!["sudoku", "rate", "-"],
            read("problems/sudoku-classic.txt"),
            "easy",
        ),
        (
            vec!["sudoku", "cnf", "-"],
            read("problems/sudoku-classic.txt"),
            "p cnf 729",
        ),
    ];
    for (args, input, expected) in runs {
        let o = csp_stdin(&args, &input);
        assert!(o.status.code().is_some_and(|c| c < 2), "{args:?}: {o:?}");
        assert!(stdout(&o).contains(expected), "{args:?}: {}", stdout(&o));
    }
}

#[test]
fn a_file_of_another_kind_names_the_command_for_it() {
    for (args, kind, command) in [
        (
            vec!["solve", "problems/petersen.yaml"],
            "kind: colouring",
            "csp colour problems/petersen.yaml",
        ),
        (
            vec!["solve", "problems/sudoku-6x6.yaml"],
            "kind: sudoku",
            "csp sudoku solve",
        ),
        (
            vec!["colour", "problems/australia.yaml"],
            "kind: csp",
            "csp solve problems/australia.yaml",
        ),
        (
            vec!["solve", "problems/pigeonhole-3-2.cnf"],
            "DIMACS CNF",
            "csp sat",
        ),
        (
            vec!["sat", "data/colouring/myciel3.col"],
            "DIMACS graph",
            "csp colour",
        ),
        (
            vec!["sudoku", "solve", "problems/nqueens-8.yaml"],
            "kind: csp",
            "csp solve",
        ),
    ] {
        let o = csp(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(kind) && err.contains(command),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn an_io_error_is_said_once() {
    for args in [
        vec!["solve", "no/such.yaml"],
        vec!["graph", "no/such.yaml"],
        vec!["colour", "no/such.col"],
        vec!["sat", "no/such.cnf"],
        vec!["sudoku", "solve", "no/such.txt"],
        vec!["sudoku", "hint", "no/such.txt"],
    ] {
        let o = csp(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("no/such."), "{args:?}: {err}");
        assert_eq!(err.matches("No such file").count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn every_help_lists_the_choices_of_its_enum_flags() {
    for (args, choices) in [
        (vec!["solve", "--help"], "none, fc, ac3, counting, gac"),
        (
            vec!["solve", "--help"],
            "input, mrv, degree, ddeg, mrv-deg, dom/deg, dom/wdeg, anti-first-fail, smallest, largest",
        ),
        (
            vec!["solve", "--help"],
            "min, max, lcv, random, median, split, reverse-split",
        ),
        (
            vec!["colour", "--help"],
            "portfolio, dsatur, dom/wdeg, dom/wdeg+restarts",
        ),
        (vec!["colour", "--help"], "csp, sat"),
        (vec!["sudoku", "solve", "--help"], "csp, dlx, sat"),
        (vec!["sudoku", "solve", "--help"], "graph, alldiff"),
        (
            vec!["sudoku", "generate", "--help"],
            "easy, medium, hard, expert, extreme",
        ),
        (vec!["sudoku", "cnf", "--help"], "minimal, extended"),
    ] {
        let o = csp(&args);
        let help = stdout(&o);
        // clap lists plain choices in brackets, documented ones one per line.
        let listed = help.contains(&format!("[possible values: {choices}]"))
            || choices
                .split(", ")
                .all(|c| help.contains(&format!("- {c}:")));
        assert!(listed, "{args:?} lacks [{choices}]:\n{help}");
    }
}

#[test]
fn bad_solve_options_in_a_file_get_their_place() {
    let dir = std::env::temp_dir().join(format!("csp-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("opts.yaml");
    std::fs::write(
        &f,
        "kind: csp\nvariables:\n  - names: [a, b]\n    domain: 1..2\nsolve:\n  propagation: foo\n",
    )
    .unwrap();
    let o = csp(&["solve", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("opts.yaml:6:16") && err.contains("unknown propagation `foo`"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

// ---- Regressions from the robustness review (issue 13), one test each ----

const NO_SOLUTION: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

#[test]
fn human_solving_refuses_a_puzzle_without_a_solution_before_any_logic() {
    for sub in ["explain", "hint", "rate"] {
        let o = csp_stdin(&["sudoku", sub, "-"], NO_SOLUTION);
        assert_eq!(o.status.code(), Some(1), "{sub}: {o:?}");
        assert!(stdout(&o).contains("no solution"), "{sub}: {}", stdout(&o));
        assert!(!stdout(&o).contains("solved in"), "{sub}");
    }
    let o = csp_stdin(&["sudoku", "explain", "-", "--json"], NO_SOLUTION);
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(j["status"], "unsatisfiable");
}

#[test]
fn human_solving_refuses_a_puzzle_with_several_solutions() {
    let blank = ".".repeat(81);
    for sub in ["explain", "hint", "rate"] {
        let o = csp_stdin(&["sudoku", sub, "-"], &blank);
        assert_eq!(o.status.code(), Some(1), "{sub}: {o:?}");
        assert!(stdout(&o).contains("more than one solution"), "{sub}");
    }
}

#[test]
fn adjacent_vertices_precoloured_alike_are_not_colourable_by_either_method() {
    let dir = std::env::temp_dir().join(format!("csp-precolour-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("clash.yaml");
    std::fs::write(
        &f,
        "kind: colouring\nvertices: [a, b, c]\nedges: [[a, b], [b, c]]\nprecoloured: {a: 1, b: 1}\n",
    )
    .unwrap();
    for method in ["csp", "sat"] {
        let o = csp(&["colour", f.to_str().unwrap(), "--method", method]);
        assert_eq!(o.status.code(), Some(1), "{method}: {o:?}");
        assert!(
            stdout(&o).contains("not colourable: a and b are adjacent"),
            "{method}: {}",
            stdout(&o)
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn colouring_by_sat_honours_the_precolouring() {
    let dir = std::env::temp_dir().join(format!("csp-precolour-sat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("square.yaml");
    // A 4-cycle with opposite corners precoloured differently needs a third colour.
    std::fs::write(
        &f,
        "kind: colouring\nvertices: [a, b, c, d]\nedges: [[a, b], [b, c], [c, d], [d, a]]\nprecoloured: {a: 1, c: 2}\n",
    )
    .unwrap();
    for method in ["csp", "sat"] {
        let o = csp(&["colour", f.to_str().unwrap(), "--method", method]);
        assert_eq!(o.status.code(), Some(0), "{method}: {o:?}");
        let out = stdout(&o);
        assert!(out.contains("χ = 3 (proved)"), "{method}: {out}");
        assert!(
            out.contains("\na 1\n") && out.contains("\nc 2\n"),
            "{method}: {out}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_variable_name_of_65536_characters_is_printed_not_a_panic() {
    let dir = std::env::temp_dir().join(format!("csp-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("long.yaml");
    let name = "x".repeat(65_536);
    std::fs::write(
        &f,
        format!("kind: csp\nvariables:\n  - name: {name}\n    domain: 1..2\n"),
    )
    .unwrap();
    let o = csp(&["solve", f.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{:?}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).contains(&format!("{name} = 1")));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_time_limit_out_of_range_is_refused_not_a_panic() {
    for args in [
        vec!["solve", "problems/nqueens-8.yaml", "--time-limit", "1e20"],
        vec!["colour", "problems/petersen.yaml", "--time-limit", "1e20"],
        vec!["sat", "problems/pigeonhole-3-2.cnf", "--time-limit=-1"],
        vec![
            "sudoku",
            "solve",
            "problems/sudoku-classic.txt",
            "--time-limit",
            "nan",
        ],
        vec!["colour", "bench", "data/colouring", "--time-limit", "1e20"],
    ] {
        let o = csp(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("seconds"), "{args:?}: {err}");
    }
}

#[test]
fn counting_up_to_zero_is_refused_everywhere_not_a_proof_of_unsatisfiability() {
    // `--count 0` printed `s UNSATISFIABLE` for a satisfiable formula, and meant other things
    // elsewhere: now every --count starts at 1.
    for (args, input) in [
        (
            vec!["sat", "-", "--count", "0"],
            "p cnf 1 1\n1 0\n".to_string(),
        ),
        (
            vec!["solve", "-", "--count", "0"],
            std::fs::read_to_string(root().join("problems/nqueens-6.yaml")).unwrap(),
        ),
        (vec!["sudoku", "solve", "-", "--count", "0"], ".".repeat(81)),
    ] {
        let o = csp_stdin(&args, &input);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!stdout(&o).contains("UNSATISFIABLE"), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("'0'") && err.contains("1.."),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn jobs_beyond_the_cores_are_capped() {
    let start = Instant::now();
    let o = csp(&[
        "sudoku",
        "solve",
        "problems/sudoku-classic.txt",
        "--jobs",
        "100000",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

/// Runs `csp` with `args`, `FILE` standing for a file holding `text` written for the test.
fn csp_on(name: &str, text: &str, args: &[&str]) -> std::process::Output {
    let dir = std::env::temp_dir().join(format!("csp-big-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    let path = f.to_str().unwrap().to_string();
    let all: Vec<&str> = args
        .iter()
        .map(|&a| if a == "FILE" { path.as_str() } else { a })
        .collect();
    let o = csp(&all);
    std::fs::remove_dir_all(&dir).ok();
    o
}

#[test]
fn a_graph_declaring_two_billion_vertices_is_refused_at_its_header() {
    let o = csp_on(
        "big.col",
        "p edge 2000000000 1\ne 1 2\n",
        &["colour", "FILE", "-k", "2"],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("big.col:1:8: 2000000000 vertices is more than this tool handles"),
        "{err}"
    );
}

#[test]
fn wide_domains_are_kept_as_intervals_not_bitsets() {
    // 3,000 variables over 16 million values each: 6 GB as bitsets, a few bytes as intervals.
    let names: Vec<String> = (0..3000).map(|i| format!("v{i}")).collect();
    let yaml = format!(
        "kind: csp\nvariables:\n  - names: [{}]\n    domain: 0..16000000\nconstraints:\n  - v0 + v1 == 31999999\n",
        names.join(", ")
    );
    let o = csp_on("wide.yaml", &yaml, &["solve", "FILE"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("satisfiable"), "{out}");
}

#[test]
fn an_all_different_spread_over_a_billion_values_is_refused() {
    let yaml = "kind: csp\nvariables:\n  - names: [a, b, c]\n    domain: 1..3\nconstraints:\n  - all_different: [a, b, c]\n    offsets: [0, 500000000, 1000000000]\n";
    let o = csp_on("spread.yaml", yaml, &["solve", "FILE"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("spread.yaml:6:") && err.contains("spread over 1000000003 values"),
        "{err}"
    );
}

#[test]
fn generating_a_level_out_of_reach_ends_and_says_so() {
    // No 4×4 puzzle needs a forcing chain: this ran forever.
    let o = csp(&["sudoku", "generate", "--box", "2", "--level", "extreme"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("looks out of reach for box 2"), "{err}");
}

#[test]
fn generating_honours_its_time_limit_even_inside_one_large_puzzle() {
    let start = Instant::now();
    let o = csp(&["sudoku", "generate", "--box", "5", "--time-limit", "1"]);
    assert!(
        start.elapsed() < Duration::from_millis(1500),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("time limit"));
}

#[test]
fn a_million_isolated_vertices_are_coloured_not_a_quadratic_blow_up() {
    // Over 4 GB once (an n² bitset in DSATUR, n²/64 words for cliques), and hours of DSATUR
    // scans; now linear.
    let o = csp_on(
        "iso.col",
        "p edge 1000000 0\n",
        &["colour", "FILE", "--json"],
    );
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(j["status"], "optimal");
    assert_eq!(j["ub"], 1);
}

#[test]
fn a_huge_k_by_sat_is_not_a_huge_formula() {
    // n·k variables and n·k² clauses: k = 5,000,000 aborted on memory; k beyond max degree + 1
    // changes nothing but the size.
    let o = csp(&[
        "colour",
        "data/colouring/le450_5a.col",
        "-k",
        "5000000",
        "--method",
        "sat",
    ]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(stdout(&o).contains("colourable with 5000000 colours"));
}

/// Starts `csp` with piped standard streams.
fn spawn(args: &[&str]) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new(env!("CARGO_BIN_EXE_csp"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("csp runs")
}

#[test]
fn ctrl_c_prints_what_is_known_and_exits_130() {
    // Counting every assignment of 12 unconstrained variables takes far longer than the
    // test: the interrupt comes mid-search.
    let mut child = spawn(&["solve", "-", "--count", "100000000000000"]);
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("piped");
        stdin
            .write_all(b"kind: csp\nname: many\nvariables:\n  - names: [a,b,c,d,e,f,g,h,i,j,k,l]\n    domain: 1..12\n")
            .unwrap();
    }
    std::thread::sleep(std::time::Duration::from_millis(700));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    let out = stdout(&o);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{out}{err}");
    assert!(out.contains("solutions at least (interrupted)"), "{out}");
    assert!(err.contains("interrupted"), "{err}");
}

#[test]
fn a_puzzle_list_streams_answers_before_the_input_ends() {
    use std::io::{BufRead, BufReader, Write};
    let list =
        std::fs::read_to_string(root().join("data/sudoku/puzzles3_magictour_top1465")).unwrap();
    let puzzle = list
        .lines()
        .find(|l| !l.starts_with('#'))
        .expect("a puzzle")
        .trim()
        .to_string();
    let mut child = spawn(&["sudoku", "solve", "-"]);
    let mut stdin = child.stdin.take().expect("piped");
    let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
    // The first chunk is 256 puzzles: write 300 and keep standard input open until the
    // first answer is read (from another thread, so neither side waits on a full pipe).
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let writer = std::thread::spawn(move || {
        for _ in 0..300 {
            writeln!(stdin, "{puzzle}").unwrap();
        }
        stdin.flush().unwrap();
        wait.recv().unwrap();
        drop(stdin);
    });
    let first = lines.next().expect("an answer").unwrap();
    assert_eq!(first.len(), 81);
    assert!(!first.contains('.'), "{first}");
    done.send(()).unwrap();
    writer.join().unwrap();
    assert_eq!(lines.count(), 299);
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_binary_file_is_refused_at_once_not_read_to_the_end() {
    for args in [
        vec!["solve", "/dev/zero"],
        vec!["colour", "/dev/zero"],
        vec!["sat", "/dev/zero"],
        vec!["sudoku", "solve", "/dev/zero"],
        vec!["sudoku", "rate", "/dev/zero"],
    ] {
        let o = csp(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("/dev/zero"), "{args:?}: {err}");
        assert!(
            err.contains("binary") || err.contains("NUL"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn rating_honours_its_time_limit_and_says_unknown() {
    let o = csp(&[
        "sudoku",
        "rate",
        "data/sudoku/puzzles3_magictour_top1465",
        "--time-limit",
        "0",
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.lines()
            .all(|l| l.contains("unknown (the time limit was reached)")),
        "{out}"
    );
}

#[test]
fn colouring_by_sat_refuses_a_formula_too_large_with_the_bounds_not_gigabytes() {
    // A dense random graph of 800 vertices: its formula at DSATUR's bound would have about
    // 40 million literals (DSJC1000.5 took 1.9 GB and overran its time limit sixfold).
    let mut state = 12345u64;
    let mut edges = Vec::new();
    for u in 1..=800u32 {
        for v in u + 1..=800 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if state >> 63 == 1 {
                edges.push(format!("e {u} {v}"));
            }
        }
    }
    let text = format!("p edge 800 {}\n{}\n", edges.len(), edges.join("\n"));
    let o = csp_stdin(
        &["colour", "-", "--method", "sat", "--time-limit", "5"],
        &text,
    );
    let out = stdout(&o);
    // DSATUR's colouring is an answer: satisfiable, exit 0, with the bounds.
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("≤ χ ≤"), "{out}");
    assert!(
        out.contains("more than the 20000000 allowed (try --method csp)"),
        "{out}"
    );
}

/// Every subcommand that reads one problem reads a pipe when no FILE is given, as `-` does
/// (docs/cli.md says so).
#[test]
fn a_pipe_is_read_when_no_file_is_given() {
    let read = |p: &str| std::fs::read_to_string(crate::util::root().join(p)).unwrap();
    let cases: [(&[&str], &str, &str); 6] = [
        (&["solve"], "problems/nqueens-8.yaml", "satisfiable"),
        (&["colour"], "data/colouring/myciel3.col", "χ = 4"),
        (&["sat"], "problems/pigeonhole-3-2.cnf", "s UNSATISFIABLE"),
        (
            &["timetable", "solve", "--first"],
            "problems/timetabling/school-week.yaml",
            "school-week",
        ),
        (&["graph"], "problems/nqueens-8.yaml", "variables"),
        (&["sudoku", "solve"], "data/sudoku/puzzles2_17_clue", ""),
    ];
    for (args, file, expect) in cases {
        let o = crate::util::csp_stdin(args, &read(file));
        let out = crate::util::stdout(&o);
        assert!(
            o.status.code().is_some_and(|c| c <= 1),
            "{args:?}: {}",
            crate::util::stderr(&o)
        );
        assert!(out.contains(expect) && !out.is_empty(), "{args:?}: {out}");
    }
}
