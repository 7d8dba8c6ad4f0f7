//! `csp study`: tables per set, rows as JSON Lines, resumption from the results file, errors.

use crate::util::{csp, stderr, stdout};

#[test]
fn a_study_prints_its_tables_and_resumes_from_its_results() {
    let dir = std::env::temp_dir().join(format!("csp-cli-study-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("quick.jsonl");
    let results = results.to_str().unwrap();
    let o = csp(&[
        "study",
        "studies/quick.yaml",
        "--results",
        results,
        "--fresh",
        "--no-report",
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    assert!(out.starts_with("top1465 (sudoku)\n"), "{out}");
    // The textbook's ladder: MRV with counting solves all 20 puzzles within the node cap.
    assert!(out.contains("| mrv+counting | 20/20 |"), "{out}");
    assert!(out.contains("myciel (colouring (k = 5))"), "{out}");
    assert!(
        out.contains("132 runs (6 strategies, limits: 200000 nodes)"),
        "{out}"
    );
    // A second run does nothing new and prints the same rows.
    let rows = |o: &std::process::Output| -> Vec<serde_json::Value> {
        stdout(o)
            .lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["seconds"] = 0.into();
                v["cpu_seconds"] = 0.into();
                v
            })
            .collect()
    };
    let first = csp(&[
        "study",
        "studies/quick.yaml",
        "--results",
        results,
        "--json",
    ]);
    let again = csp(&[
        "study",
        "studies/quick.yaml",
        "--results",
        results,
        "--json",
    ]);
    assert_eq!(rows(&first).len(), 132);
    assert_eq!(rows(&first), rows(&again));
    let text = std::fs::read_to_string(results).unwrap();
    assert_eq!(text.lines().count(), 132);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_study_file_is_an_error_with_its_line() {
    let dir = std::env::temp_dir().join(format!("csp-cli-study-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("bad.yaml");
    std::fs::write(
        &spec,
        "kind: study\nsets:\n  - {name: q, models: nowhere.yaml}\nstrategies: [mrv+fc]\nlimits: {nodes: 10}\n",
    )
    .unwrap();
    let o = csp(&["study", spec.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("bad.yaml:3:") && e.contains("`nowhere.yaml` found neither"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
