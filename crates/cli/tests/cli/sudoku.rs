//! `csp sudoku`: solving by every method, bad input, pictures, bench, human solving.

use crate::util::*;

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
    assert_eq!(v["status"], "satisfiable");
    assert_eq!(v["unique"], true);
    assert_eq!(v["solution"], "123456456123231564564231312645645312");
    let out = csp_stdin(
        &[
            "sudoku",
            "solve",
            "-",
            "--model",
            "graph",
            "--var-order",
            "input",
            "--propagation",
            "fc",
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
    // Repeated passes: the two puzzles solved again and again for 0.2 s, counted once as
    // puzzles and every time as solves.
    let repeated = |extra: &[&str]| {
        let mut args = vec![
            "sudoku",
            "bench",
            list.to_str().unwrap(),
            "--methods",
            "fast",
            "--json",
        ];
        args.extend_from_slice(extra);
        let out = csp(&args);
        assert_eq!(out.status.code(), Some(0));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let row = repeated(&["--repeat-seconds", "0.2"]);
    assert_eq!(
        (row["puzzles"].as_u64(), row["unique"].as_u64()),
        (Some(2), Some(2))
    );
    let solves = row["solves"].as_u64().unwrap();
    assert!(solves > 2 && solves.is_multiple_of(2), "{row}");
    assert!(row["seconds"].as_f64().unwrap() >= 0.2, "{row}");
    // No puzzle to repeat (`--limit 0`): one empty row, not an endless loop.
    let row = repeated(&["--repeat-seconds", "5", "--limit", "0"]);
    assert_eq!(
        (row["puzzles"].as_u64(), row["solves"].as_u64()),
        (Some(0), Some(0))
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn sudoku_methods_agree_on_the_classic_puzzle() {
    let mut lines = Vec::new();
    for method in [
        &["--method", "csp"][..],
        &["--method", "dlx"],
        &["--method", "sat"],
        &["--method", "sat", "--encoding", "minimal"],
        &["--method", "fast"],
        &[],
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
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("possible values: csp, dlx, sat"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // The default for 9×9 is the dedicated solver; --model or an engine flag picks the
    // engine, and engine flags with another method are refused.
    let stats = |extra: &[&str]| {
        let mut args = vec!["sudoku", "solve", "problems/sudoku-classic.txt", "--stats"];
        args.extend_from_slice(extra);
        stdout(&csp(&args))
    };
    assert!(stats(&[]).trim_end().ends_with("(fast)"), "{}", stats(&[]));
    assert!(stats(&["--model", "graph"]).contains("engine graph"));
    assert!(stats(&["--propagation", "ac3"]).contains("engine alldiff"));
    let o = csp(&[
        "sudoku",
        "solve",
        "problems/sudoku-classic.txt",
        "--method",
        "fast",
        "--propagation",
        "ac3",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("apply to --method csp"),
        "{}",
        stderr(&o)
    );
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
        "sudoku", "generate", "--number", "3", "--level", "medium", "--seed", "5",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let puzzles = stdout(&o);
    // Each puzzle after a comment with its seed and rating (the readers skip comments).
    let (notes, lines): (Vec<&str>, Vec<&str>) = puzzles.lines().partition(|l| l.starts_with('#'));
    assert_eq!((notes.len(), lines.len()), (3, 3), "{puzzles}");
    assert!(notes.iter().all(|n| n.contains(" medium, ")), "{puzzles}");
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
fn generate_draws_a_fresh_seed_and_each_puzzle_names_the_seed_that_makes_it_first() {
    let run = |args: &[&str]| -> Vec<serde_json::Value> {
        let mut all = vec!["sudoku", "generate", "--json"];
        all.extend(args);
        stdout(&csp(&all))
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let (a, b) = (run(&["-n", "2"]), run(&["-n", "2"]));
    assert_ne!(a[0]["puzzle"], b[0]["puzzle"], "two runs, two seeds");
    assert_ne!(a[0]["seed"], a[1]["seed"], "each puzzle its own seed");
    // The second puzzle's seed makes it first; a fixed seed repeats the run.
    let seed = a[1]["seed"].as_u64().unwrap().to_string();
    assert_eq!(run(&["--seed", &seed])[0]["puzzle"], a[1]["puzzle"]);
    assert_eq!(
        run(&["-n", "2", "--seed", "9"]),
        run(&["-n", "2", "--seed", "9"])
    );
    // 9×9 puzzles are rated; `--rate no` skips it.
    let level = a[0]["level"].as_str().unwrap();
    assert!(["easy", "medium", "hard", "expert", "extreme"].contains(&level));
    assert!(run(&["--rate", "no"])[0].get("er").is_none());
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
