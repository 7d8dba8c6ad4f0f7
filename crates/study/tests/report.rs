//! The report of a tiny study (two strategies, three instances): every SVG and the HTML page
//! parse as XML, each plot has one series per strategy in the strategy's colour, and the page
//! holds the table and every plot.

use csp_study::machine::Machine;
use csp_study::plot;
use csp_study::report;
use csp_study::run;
use csp_study::spec::Spec;
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
    limit: 3
strategies: [input+fc, mrv+counting]
limits: {nodes: 100000}
";

/// The stroke colours of an SVG's polylines and the texts it shows.
fn lines_and_texts(svg: &str) -> (Vec<String>, Vec<String>) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let strokes = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .filter_map(|n| n.attribute("stroke").map(str::to_lowercase))
        .collect();
    let texts = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(|t| t.trim().to_string()))
        .collect();
    (strokes, texts)
}

#[test]
fn the_report_parses_and_has_one_series_per_strategy() {
    let spec = Spec::parse(TINY, "tiny.yaml", &repo("problems"), &repo("data")).unwrap();
    let rows = run::run(&spec, None, 2, &|_, _| {}).unwrap();
    assert_eq!(rows.len(), 6);
    let files = report::report(&spec, &rows, &Machine::here()).unwrap();
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "top-cactus-time.svg",
            "top-cactus-nodes.svg",
            "top-scatter.svg",
            "top-bars.svg",
            "index.html"
        ]
    );
    for f in &files[..2] {
        let (strokes, texts) = lines_and_texts(&f.text);
        for (i, st) in spec.strategies.iter().enumerate() {
            // The step line and its legend mark.
            let c = plot::css_colour(i);
            assert_eq!(strokes.iter().filter(|s| **s == c).count(), 2, "{}", f.name);
            assert!(
                texts
                    .iter()
                    .any(|t| t.starts_with(&format!("{} (", st.name))),
                "{}: {texts:?}",
                f.name
            );
        }
        assert!(texts.iter().any(|t| t.contains("log scale")), "{texts:?}");
        assert!(
            texts.iter().any(|t| t == "instances solved (of 3)"),
            "{texts:?}"
        );
    }
    let (_, texts) = lines_and_texts(&files[2].text);
    assert!(
        texts
            .iter()
            .any(|t| t == "input+fc — search nodes (log scale)")
    );
    assert!(
        texts
            .iter()
            .any(|t| t == "mrv+counting — search nodes (log scale)")
    );
    let (_, texts) = lines_and_texts(&files[3].text);
    for st in &spec.strategies {
        assert!(texts.contains(&st.name), "{texts:?}");
    }
    assert!(
        texts.iter().filter(|t| t.ends_with("/3")).count() == 2,
        "{texts:?}"
    );
    // The page: well-formed, one table row per strategy, every plot inline.
    let html = &files[4].text;
    let doc = roxmltree::Document::parse_with_options(
        html,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let rows_shown: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("tr"))
        .skip(1)
        .map(|n| {
            n.descendants()
                .filter(|d| d.is_text())
                .map(|d| d.text().unwrap())
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect();
    assert_eq!(rows_shown.len(), 2, "{rows_shown:?}");
    assert!(
        rows_shown[1].starts_with("mrv+counting|3/3|"),
        "{rows_shown:?}"
    );
    let svgs = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "svg")
        .count();
    assert_eq!(svgs, 4);
    assert!(html.contains("Machine: "));
}

/// A set of models read instance by instance, with runs a limit stopped: the report still
/// ends (unsolved runs have no finite nodes to plot) and draws each model once per strategy.
#[test]
fn a_report_with_unsolved_runs_draws_them_at_the_nodes_spent() {
    let text = "kind: study
name: cut
sets:
  - name: queens
    models: [nqueens-6.yaml, nqueens-8.yaml]
strategies: [naive, mrv+counting]
limits: {nodes: 12}
";
    let spec = Spec::parse(text, "cut.yaml", &repo("problems"), &repo("data")).unwrap();
    let rows = run::run(&spec, None, 1, &|_, _| {}).unwrap();
    assert!(rows.iter().any(|r| !r.solved()), "{rows:?}");
    let files = report::report(&spec, &rows, &Machine::here()).unwrap();
    let per = files
        .iter()
        .find(|f| f.name == "queens-per-instance.svg")
        .expect("a per-instance plot for a set of models");
    let (_, texts) = lines_and_texts(&per.text);
    assert!(texts.contains(&"nqueens-6".to_string()), "{texts:?}");
    assert!(texts.contains(&"nqueens-8".to_string()), "{texts:?}");
    assert!(texts.contains(&"unsolved (nodes spent)".to_string()));
}
