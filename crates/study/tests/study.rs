//! The study runner against running each combination alone, resumption against an
//! uninterrupted run, ranges of runs against the whole, the study file's errors, and the summary's arithmetic.

use csp_study::instance::{self, Status};
use csp_study::run::{self, Row};
use csp_study::spec::{Family, Spec};
use csp_study::summary;
use std::path::{Path, PathBuf};

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

const TINY: &str = "kind: study
name: tiny
sets:
  - name: top
    sudoku: sudoku/puzzles3_magictour_top1465
    limit: 2
  - name: graphs
    colouring: colouring/myciel3.col
    k: 4
strategies: [input+fc, mrv+counting]
limits: {nodes: 100000}
";

fn tiny() -> Spec {
    Spec::parse(TINY, "tiny.yaml", &repo("problems"), &repo("data")).unwrap()
}

/// Rows without their times (the only field that differs between equal runs).
fn timeless(rows: &[Row]) -> Vec<Row> {
    rows.iter()
        .map(|r| Row {
            seconds: 0.0,
            cpu_seconds: None,
            ..r.clone()
        })
        .collect()
}

#[test]
fn the_runner_gives_the_rows_of_each_combination_run_alone() {
    let spec = tiny();
    assert_eq!(spec.sets[1].family, Family::Colouring);
    assert_eq!(spec.sets[1].colours, [4]);
    let rows = run::run(&spec, None, 2, &|_, _| {}).unwrap();
    // Two puzzles and one graph, two strategies.
    assert_eq!(rows.len(), 6);
    let mut i = 0;
    for set in &spec.sets {
        for inst in instance::load(set).unwrap() {
            for st in &spec.strategies {
                let mut c = st.config.clone();
                c.seed = 1;
                c.limits.nodes = Some(100_000);
                let (v, stats, _) = instance::solve(&inst, st.method, c).unwrap();
                let r = &rows[i];
                assert_eq!(
                    (&r.set, &r.instance, &r.strategy),
                    (&set.name, &inst.id, &st.name)
                );
                assert_eq!(r.status, v.name());
                assert_eq!(
                    (r.nodes, r.failures, r.revisions, r.propagations),
                    (
                        stats.nodes,
                        stats.failures,
                        stats.revisions,
                        stats.propagations
                    )
                );
                i += 1;
            }
        }
    }
    // myciel3 has χ = 4: colourable with 4; the top1465 puzzles are solved by
    // mrv+counting (input order with forward checking may run out of nodes).
    for r in &rows {
        if r.set == "graphs" || r.strategy == "mrv+counting" {
            assert_eq!(r.status, Status::Satisfiable.name(), "{r:?}");
        }
    }
}

#[test]
fn ranges_of_runs_put_together_are_the_whole_study() {
    let spec = tiny();
    let whole = timeless(&run::run(&spec, None, 1, &|_, _| {}).unwrap());
    assert_eq!(run::count_runs(&spec).unwrap(), whole.len());
    for cut in [1, 2, 4, 6] {
        let mut parts = Vec::new();
        for start in (0..whole.len()).step_by(cut) {
            parts.extend(run::run_range(&spec, start..start + cut, 1, &|_, _| {}).unwrap());
        }
        assert_eq!(timeless(&parts), whole, "ranges of {cut}");
    }
    // Past the end: nothing.
    assert!(
        run::run_range(&spec, 6..100, 1, &|_, _| {})
            .unwrap()
            .is_empty()
    );
}

#[test]
fn a_resumed_study_ends_with_the_rows_of_an_uninterrupted_one() {
    let spec = tiny();
    let dir = std::env::temp_dir().join(format!("csp-study-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tiny.results.jsonl");
    let _ = std::fs::remove_file(&file);
    let whole = run::run(&spec, Some(&file), 1, &|_, _| {}).unwrap();
    // Interrupted: the first three rows kept, the fourth cut half-way.
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6);
    let cut = format!(
        "{}\n{}",
        lines[..3].join("\n"),
        &lines[3][..lines[3].len() / 2]
    );
    std::fs::write(&file, cut).unwrap();
    let seen = std::sync::atomic::AtomicUsize::new(0);
    let resumed = run::run(&spec, Some(&file), 2, &|p, row| {
        if row.is_some() {
            seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        assert_eq!(p.total, 6);
    })
    .unwrap();
    // Only the three missing runs ran again; the file holds six whole rows.
    assert_eq!(seen.load(std::sync::atomic::Ordering::Relaxed), 3);
    assert_eq!(timeless(&resumed), timeless(&whole));
    assert_eq!(run::read_rows(&file, "tiny").unwrap().len(), 6);
    // Nothing left to do.
    let again = run::run(&spec, Some(&file), 2, &|_, row| assert!(row.is_none())).unwrap();
    assert_eq!(timeless(&again), timeless(&whole));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn limits_are_honoured_and_reported_as_unknown() {
    let spec = Spec::parse(
        &TINY.replace("nodes: 100000", "nodes: 3"),
        "tiny.yaml",
        &repo("problems"),
        &repo("data"),
    )
    .unwrap();
    let rows = run::run(&spec, None, 1, &|_, _| {}).unwrap();
    for r in &rows {
        assert!(r.nodes <= 3, "{r:?}");
    }
    assert!(rows.iter().any(|r| r.status == "unknown"));
}

#[test]
fn study_file_errors_name_the_line() {
    let cases = [
        (
            TINY.replace("mrv+counting", "mrv+magic"),
            "tiny.yaml:10:24:",
            "strategies[1]: unknown propagation",
        ),
        (
            TINY.replace("    k: 4\n", ""),
            "tiny.yaml:",
            "`colouring:` needs `k:`",
        ),
        (
            TINY.replace("    k: 4\n", "    k: [4, 5]\n"),
            "tiny.yaml:9:5:",
            "one per graph (1 graphs, 2 numbers)",
        ),
        (
            TINY.replace("limits: {nodes: 100000}\n", ""),
            "tiny.yaml:",
            "no limits",
        ),
        (
            TINY.replace("puzzles3_magictour_top1465", "nowhere.txt"),
            "tiny.yaml:5:13:",
            "`sudoku/nowhere.txt` found neither",
        ),
        (
            TINY.replace("kind: study", "kind: csp"),
            "tiny.yaml:1:",
            "is not a study",
        ),
        (
            TINY.replace("limit: 2", "limt: 2"),
            "tiny.yaml:6:5:",
            "unknown field `limt`",
        ),
    ];
    for (text, at, what) in cases {
        let e = Spec::parse(&text, "tiny.yaml", &repo("problems"), &repo("data"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(at) && e.contains(what),
            "{e}\nwanted {at} … {what}"
        );
    }
}

#[test]
fn the_summary_counts_medians_and_par2() {
    let spec = tiny();
    let row = |strategy: &str, nodes: u64, status: &str, seconds: f64| Row {
        study: "tiny".into(),
        set: "top".into(),
        instance: format!("i{nodes}"),
        strategy: strategy.into(),
        seed: 1,
        status: status.into(),
        nodes,
        failures: 1,
        propagations: 2,
        revisions: 3,
        max_depth: 4,
        restarts: 0,
        seconds,
        cpu_seconds: None,
        value: None,
    };
    let rows = [
        row("input+fc", 10, "satisfiable", 1.0),
        row("input+fc", 30, "satisfiable", 1.0),
        row("input+fc", 20, "unknown", 4.0),
        row("mrv+counting", 5, "satisfiable", 0.5),
    ];
    let lines = summary::summarise(&spec, &rows);
    assert_eq!(lines.len(), 2);
    let a = &lines[0];
    assert_eq!((a.runs, a.solved, a.total_nodes), (3, 2, 60));
    assert_eq!((a.median_nodes, a.mean_nodes), (20.0, 20.0));
    // No time limit: an unsolved run counts twice the longest run (4 s).
    assert!((a.par2 - (1.0 + 1.0 + 8.0) / 3.0).abs() < 1e-9);
    let t = summary::table(&spec, &lines);
    assert!(t.contains("| input+fc | 2/3 | 20 | 20.0 | 60 |"), "{t}");
}

#[test]
fn rows_written_before_the_one_vocabulary_still_read() {
    let dir = scratch("old-rows");
    let file = dir.join("results.jsonl");
    let line = |verdict: &str, value: &str| {
        format!(
            r#"{{"study":"tiny","set":"s","instance":"i","strategy":"mrv+fc","seed":1,"verdict":"{verdict}","nodes":1,"failures":0,"propagations":0,"revisions":0,"max_depth":0,"restarts":0,"seconds":0.1{value}}}"#
        )
    };
    let text = [
        line("solved", ""),
        line("unsat", ""),
        line("unknown", ""),
        line("solved", r#","value":4"#),
    ]
    .join("\n");
    std::fs::write(&file, text).unwrap();
    let rows = run::read_rows(&file, "tiny").unwrap();
    let seen: Vec<(&str, bool)> = rows
        .iter()
        .map(|r| (r.status.as_str(), r.solved()))
        .collect();
    assert_eq!(
        seen,
        [
            ("satisfiable", true),
            ("unsatisfiable", true),
            ("unknown", false),
            ("optimal", true)
        ]
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn timetables_are_a_family_with_checked_answers() {
    let text = "kind: study
sets:
  - name: weeks
    timetables: [timetabling/school-week.yaml, timetabling/exam-session.yaml]
strategies: [input+fc, mrv+fc]
limits: {nodes: 5000}
";
    let spec = Spec::parse(text, "tt.yaml", &repo("problems"), &repo("data")).unwrap();
    assert_eq!(spec.sets[0].family, Family::Timetable);
    let rows = run::run(&spec, None, 2, &|_, _| {}).unwrap();
    assert_eq!(rows.len(), 4);
    // MRV finds both first timetables (each checked by csp-timetabling's verifier).
    for r in rows.iter().filter(|r| r.strategy == "mrv+fc") {
        assert_eq!(r.status, "satisfiable", "{r:?}");
    }
    for r in &rows {
        assert!(r.nodes <= 5000);
    }
}

#[test]
fn chromatic_numbers_are_found_and_proved_with_each_strategy() {
    let text = "kind: study
sets:
  - name: chi
    colouring: [colouring/myciel3.col, colouring/myciel4.col, colouring/queen5_5.col]
    k: chi
strategies: [mrv+fc, dom/wdeg+ac3]
limits: {nodes: 2000000}
";
    let spec = Spec::parse(text, "chi.yaml", &repo("problems"), &repo("data")).unwrap();
    assert!(spec.sets[0].chromatic);
    let rows = run::run(&spec, None, 2, &|_, _| {}).unwrap();
    // χ from the literature (data/colouring/README.md): 4, 5, 5.
    let known = [4, 5, 5];
    for (r, want) in rows.iter().zip(known.iter().flat_map(|&k| [k, k])) {
        assert_eq!(
            (r.status.as_str(), r.value),
            ("optimal", Some(want)),
            "{r:?}"
        );
    }
}

/// A fresh folder under the system's temporary one.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("csp-study-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn files_are_sacred_fresh_empties_only_a_results_file() {
    let d = scratch("fresh");
    let notes = d.join("notes.txt");
    std::fs::write(&notes, "my notes, no line end").unwrap();
    assert!(run::empty_results(&notes).is_err());
    assert!(run::empty_results(&d).is_err());
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "my notes, no line end"
    );
    // A results file (with a last row cut short) is emptied.
    let spec = tiny();
    let results = d.join("tiny.results.jsonl");
    run::run(&spec, Some(&results), 1, &|_, _| {}).unwrap();
    let mut text = std::fs::read_to_string(&results).unwrap();
    text.push_str("{\"study\":\"tiny\",\"se");
    std::fs::write(&results, &text).unwrap();
    run::empty_results(&results).unwrap();
    assert_eq!(std::fs::read_to_string(&results).unwrap(), "");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn files_are_sacred_resuming_never_cuts_a_file_it_does_not_recognise() {
    let d = scratch("resume");
    let notes = d.join("notes.txt");
    std::fs::write(&notes, "one line of someone's text").unwrap();
    let e = run::run(&tiny(), Some(&notes), 1, &|_, _| {}).unwrap_err();
    assert!(e.to_string().contains("not a result row"), "{e}");
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "one line of someone's text"
    );
    assert!(run::run(&tiny(), Some(&d), 1, &|_, _| {}).is_err());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn files_are_sacred_a_report_replaces_and_removes_only_its_own_files() {
    use csp_study::report::{File, write};
    let d = scratch("report");
    let file = |name: &str, text: &str| File {
        name: name.into(),
        text: text.into(),
    };
    // Someone's plot-like file and page are never touched.
    std::fs::write(d.join("mine-bars.svg"), "mine").unwrap();
    write(&d, &[file("a-bars.svg", "a"), file("index.html", "1")]).unwrap();
    write(&d, &[file("b-bars.svg", "b"), file("index.html", "2")]).unwrap();
    assert!(!d.join("a-bars.svg").exists());
    assert_eq!(std::fs::read_to_string(d.join("b-bars.svg")).unwrap(), "b");
    assert_eq!(std::fs::read_to_string(d.join("index.html")).unwrap(), "2");
    assert_eq!(
        std::fs::read_to_string(d.join("mine-bars.svg")).unwrap(),
        "mine"
    );
    // A page of someone else's in another folder is an error, not overwritten.
    let other = scratch("report-other");
    std::fs::write(other.join("index.html"), "theirs").unwrap();
    let e = write(&other, &[file("index.html", "ours")]).unwrap_err();
    assert!(e.contains("was not written by a report"), "{e}");
    assert_eq!(
        std::fs::read_to_string(other.join("index.html")).unwrap(),
        "theirs"
    );
    std::fs::remove_dir_all(&d).unwrap();
    std::fs::remove_dir_all(&other).unwrap();
}

#[test]
fn hostile_study_files_are_refused_quickly_or_run_within_bounds() {
    let parse = |text: &str| Spec::parse(text, "s.yaml", &repo("problems"), &repo("data"));
    // A time limit no deadline can hold.
    let e = parse(&TINY.replace("{nodes: 100000}", "{seconds: 1e300}")).unwrap_err();
    assert!(e.to_string().contains("limits.seconds"), "{e}");
    // A grid of 300⁴ names (the same few, repeated): refused or deduplicated without walking it.
    let many = |v: &str| vec![v; 300].join(", ");
    let grid = format!(
        "grid:\n  var_order: [{}, mrv]\n  propagation: [{}, fc]\n  value_order: [{}]\n  restarts: [{}]\n",
        many("input"),
        many("ac3"),
        many("min"),
        many("false")
    );
    let text = TINY.replace("strategies: [input+fc, mrv+counting]\n", &grid);
    let t = std::time::Instant::now();
    let spec = parse(&text).unwrap();
    assert_eq!(spec.strategies.len(), 4);
    assert!(t.elapsed() < std::time::Duration::from_secs(5));
    // More colours than the engine's domains span: the same answer as with enough colours.
    let spec = parse(&TINY.replace("k: 4", "k: 4294967295")).unwrap();
    let rows = run::run(&spec, None, 1, &|_, _| {}).unwrap();
    assert!(
        rows.iter()
            .filter(|r| r.set == "graphs")
            .all(|r| r.status == "satisfiable")
    );
}
