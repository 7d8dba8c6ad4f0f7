//! The golden table: node and failure counts per strategy on the bundled problems and data
//! samples, recorded in `tests/golden/nodes.tsv` before the engine and CLI were reorganised,
//! so that no refactoring changes a search without a test saying so.
//!
//! Every row is one (family, instance, strategy): the answer (a count, or a k-colouring's
//! verdict), and the nodes and failures of the search. It always runs on the samples bundled
//! in `data/` (never the full sets), so it is the same everywhere. To regenerate after an
//! intended change of search behaviour (and say why in the commit):
//! `GOLDEN_WRITE=1 cargo test -p csp-cli --test golden`.

use csp_colouring::chromatic::{self, Effort, KAnswer, Strategy};
use csp_core::{Limits, Restarts, Search, SearchConfig, ValueOrder, VarOrder};
use csp_model::CspFile;
use csp_sudoku::{ModelKind, Shape, Solver, encode, parse};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

const PROPAGATIONS: [&str; 5] = ["none", "fc", "ac3", "counting", "gac"];
const VAR_ORDERS: [&str; 7] = [
    "input", "mrv", "degree", "ddeg", "mrv-deg", "dom/deg", "dom/wdeg",
];
const VALUE_ORDERS: [&str; 4] = ["min", "max", "lcv", "random"];

/// A search configuration from its three names (the golden table's strategy column).
fn config(propagation: &str, var: &str, val: &str) -> SearchConfig {
    SearchConfig {
        var_order: var.parse::<VarOrder>().unwrap(),
        value_order: val.parse::<ValueOrder>().unwrap(),
        seed: 7,
        ..SearchConfig::default().with_level(propagation.parse().unwrap())
    }
}

/// The YAML satisfaction models of `problems/`: every propagation × variable order × value order,
/// counting up to 1,000 under a node limit; and the first solution with restarts.
fn models(out: &mut String) {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("problems"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .filter(|p| {
            // Satisfaction models only: the optimisation ones are checked by their optimum
            // (crates/model/tests/lang.rs), and counting would ignore their objective.
            let text = std::fs::read_to_string(p).unwrap();
            text.contains("kind: csp") && !text.contains("\nobjective:")
        })
        .collect();
    files.sort();
    for f in &files {
        let file = CspFile::load(f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy();
        for p in PROPAGATIONS {
            for var in VAR_ORDERS {
                for val in VALUE_ORDERS {
                    let mut c = config(p, var, val);
                    c.limits = Limits {
                        nodes: Some(200_000),
                        ..Limits::default()
                    };
                    let mut s = Search::new(&file.model, c);
                    let count = s.count(1000);
                    let st = s.stats();
                    writeln!(
                        out,
                        "model\t{name}\t{p}+{var}+{val}\t{}{}\t{}\t{}",
                        count.count,
                        if count.exhausted { "" } else { "+" },
                        st.nodes,
                        st.failures
                    )
                    .unwrap();
                }
            }
        }
        let mut c = config("gac", "dom/wdeg", "random");
        c.restarts = Some(Restarts { scale: 2 });
        let mut s = Search::new(&file.model, c);
        let sat = matches!(s.solve(), csp_core::Outcome::Satisfiable(_));
        let st = s.stats();
        writeln!(
            out,
            "model\t{name}\tgac+dom/wdeg+random+restarts\t{}\t{}\t{}",
            u8::from(sat),
            st.nodes,
            st.failures
        )
        .unwrap();
    }
}

/// The first 30 puzzles of each bundled sudoku sample, both models, the strategies compared
/// in the README, uniqueness check: totals of solutions, nodes and failures.
fn sudoku(out: &mut String) {
    let strategies = [
        ("fc", "input"),
        ("fc", "mrv"),
        ("ac3", "mrv"),
        ("counting", "mrv"),
        ("gac", "mrv"),
        ("counting", "dom/wdeg"),
        ("gac", "dom/wdeg"),
        ("ac3", "dom/deg"),
    ];
    let shape = Shape::square(3).unwrap();
    for set in [
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles6_forum_hardest_1106_shared301",
        "puzzles7_serg_benchmark",
    ] {
        let puzzles = parse::read(&csp_testdata::sample_dir().join("sudoku").join(set)).unwrap();
        for kind in ModelKind::ALL {
            let enc = encode(shape, kind);
            for (p, var) in strategies {
                let mut c = config(p, var, "min");
                c.limits.nodes = Some(50_000);
                let mut solver = Solver::new(&enc, c);
                let (mut count, mut nodes, mut failures) = (0, 0, 0);
                for puzzle in puzzles.iter().take(30) {
                    let a = solver.solve(&puzzle.grid, 2);
                    count += a.count;
                    nodes += a.stats.nodes;
                    failures += a.stats.failures;
                }
                writeln!(
                    out,
                    "sudoku\t{set}/{}\t{p}+{var}+min\t{count}\t{nodes}\t{failures}",
                    kind.name()
                )
                .unwrap();
            }
        }
    }
}

/// The bundled graphs at k = χ − 1 and k = χ, every exact-search strategy of the colouring
/// front-end; and the plain model (one ≠ per edge) at k = χ with three engine strategies.
fn colouring(out: &mut String) {
    let graphs = [
        ("myciel3", 4),
        ("myciel4", 5),
        ("queen5_5", 5),
        ("queen6_6", 7),
        ("1-FullIns_3", 4),
        ("2-Insertions_3", 4),
        ("2-FullIns_3", 5),
        ("huck", 11),
        ("jean", 10),
        ("david", 11),
        ("anna", 11),
        ("miles250", 8),
    ];
    for (name, chi) in graphs {
        let path = csp_testdata::sample_dir().join(format!("colouring/{name}.col"));
        let inst = csp_colouring::dimacs::read(&path).unwrap();
        for k in [chi - 1, chi] {
            for s in Strategy::ALL {
                let mut e = Effort::default();
                let a = chromatic::k_colourable(&inst, k, &[], s, None, &mut e);
                let verdict = match a {
                    KAnswer::Colourable(_) => "colourable",
                    KAnswer::NotColourable => "not-colourable",
                    KAnswer::Unknown => "unknown",
                };
                writeln!(
                    out,
                    "colouring\t{name}/k={k}\t{s}\t{verdict}\t{}\t{}",
                    e.nodes, e.failures
                )
                .unwrap();
            }
        }
        let enc = csp_colouring::encode(&inst, chi);
        for (p, var) in [("fc", "mrv"), ("ac3", "dom/wdeg"), ("ac3", "mrv-deg")] {
            let mut c = config(p, var, "min");
            c.symmetric_values = true;
            c.limits.nodes = Some(100_000);
            let mut s = Search::new(&enc.model, c);
            let sat = matches!(s.solve(), csp_core::Outcome::Satisfiable(_));
            let st = s.stats();
            writeln!(
                out,
                "colouring\t{name}/k={chi}\tplain:{p}+{var}+min\t{}\t{}\t{}",
                u8::from(sat),
                st.nodes,
                st.failures
            )
            .unwrap();
        }
    }
}

#[test]
fn node_counts_per_strategy_are_as_recorded() {
    let mut now = String::from("# family\tinstance\tstrategy\tanswer\tnodes\tfailures\n");
    models(&mut now);
    sudoku(&mut now);
    colouring(&mut now);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/nodes.tsv");
    if std::env::var_os("GOLDEN_WRITE").is_some() {
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let recorded = std::fs::read_to_string(&path).unwrap();
    let differ: Vec<String> = recorded
        .lines()
        .zip(now.lines())
        .filter(|(a, b)| a != b)
        .take(10)
        .map(|(a, b)| format!("recorded {a}\n     now {b}"))
        .collect();
    assert!(
        differ.is_empty() && recorded.lines().count() == now.lines().count(),
        "the search changed ({} rows recorded, {} now):\n{}",
        recorded.lines().count(),
        now.lines().count(),
        differ.join("\n")
    );
}
