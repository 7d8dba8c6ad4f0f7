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
    // Named without a folder, from its own folder: the folder is `.`, not an empty name.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_csp"))
        .args(["study", "bad.yaml"])
        .current_dir(&dir)
        .output()
        .expect("csp runs");
    let e = stderr(&o);
    assert!(e.contains("found neither in . nor in "), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `csp solve --tree` and `--trace-html`: the picture has one mark per search node (folded
/// subtrees counting their size), the count the statistics give, and both files parse.
#[test]
fn the_search_tree_has_as_many_nodes_as_the_statistics() {
    let dir = std::env::temp_dir().join(format!("csp-cli-tree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (svg, html) = (dir.join("t.svg"), dir.join("t.html"));
    for (fold, level) in [("4", "fc"), ("1000", "none"), ("24", "ac3")] {
        let o = csp(&[
            "solve",
            "problems/nqueens-6.yaml",
            "--count",
            "100",
            "--var-order",
            "input",
            "--propagation",
            level,
            "--stats",
            "--tree",
            svg.to_str().unwrap(),
            "--trace-html",
            html.to_str().unwrap(),
            "--fold",
            fold,
        ]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
        assert!(out.starts_with("6-queens: 4 solutions\n"), "{out}");
        let nodes: usize = out
            .split("stats: nodes ")
            .nth(1)
            .and_then(|s| s.split(',').next())
            .and_then(|s| s.parse().ok())
            .unwrap();
        let text = std::fs::read_to_string(&svg).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        // Each node is a <g> with its title; a folded subtree's text is its size.
        let mut marks = 0;
        for g in doc.descendants().filter(|n| n.has_tag_name("g")) {
            if g.children().any(|c| c.has_tag_name("title")) {
                marks += match g.children().find(|c| {
                    c.has_tag_name("polygon") && g.children().any(|t| t.has_tag_name("text"))
                }) {
                    Some(_) => g
                        .children()
                        .find(|c| c.has_tag_name("text"))
                        .and_then(|t| t.text())
                        .and_then(|t| t.parse::<usize>().ok())
                        .unwrap(),
                    None => 1,
                };
            }
        }
        assert_eq!(
            marks,
            nodes + 1,
            "fold {fold}, {level}: the root and {nodes} nodes"
        );
        assert!(text.contains(&format!("{nodes} nodes: ")));
        let page = std::fs::read_to_string(&html).unwrap();
        let doc = roxmltree::Document::parse_with_options(
            &page,
            roxmltree::ParsingOptions {
                allow_dtd: true,
                ..Default::default()
            },
        )
        .unwrap();
        let folds = doc
            .descendants()
            .filter(|n| n.has_tag_name("details"))
            .count();
        assert_eq!(folds, nodes + 1);
        let solutions = doc
            .descendants()
            .filter(|n| n.has_tag_name("summary") && n.attribute("class") == Some("sol"))
            .count();
        assert_eq!(solutions, 4);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
