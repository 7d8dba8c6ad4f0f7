//! One status vocabulary: the table of docs/cli.md, the library's `Status`, the `--help`
//! epilogue and the JSON of the subcommands name the same words with the same exit codes.

use crate::util::{csp, root, stdout};
use csp_model::Status;

/// The `| `word` | meaning | code |` rows of docs/cli.md's status table.
fn documented() -> Vec<(String, u8)> {
    let text = std::fs::read_to_string(root().join("docs/cli.md")).unwrap();
    let section = text
        .split("## Statuses and exit codes")
        .nth(1)
        .expect("docs/cli.md has a 'Statuses and exit codes' section");
    section
        .lines()
        .skip_while(|l| !l.starts_with("| `status`"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            let word = cells[0].trim_matches('`').to_string();
            (word, cells.last().unwrap().parse().unwrap())
        })
        .collect()
}

#[test]
fn the_docs_table_is_the_library_vocabulary() {
    let library: Vec<(String, u8)> = Status::ALL
        .iter()
        .map(|s| (s.name().to_string(), s.code()))
        .collect();
    assert_eq!(documented(), library);
}

#[test]
fn the_timetable_schema_names_every_phase() {
    let path = root().join("schemas/output/timetable-solve.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let listed: Vec<&str> = schema
        .pointer("/oneOf/0/properties/phases/items/enum")
        .and_then(|e| e.as_array())
        .expect("the schema lists the phase names")
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let library: Vec<&str> = csp_timetabling::solve::Phase::ALL
        .iter()
        .map(|p| p.name())
        .collect();
    assert_eq!(listed, library);
}

#[test]
fn the_help_names_every_status() {
    let help = stdout(&csp(&["--help"]));
    for s in Status::ALL {
        assert!(help.contains(s.name()), "csp --help does not name `{s}`");
    }
}

#[test]
fn a_colouring_not_proved_optimal_is_satisfiable_with_exit_0() {
    // A short limit on a graph whose lower bound is hard to close leaves the bounds apart.
    let o = csp(&[
        "colour",
        "data/colouring/queen8_8.col",
        "--no-tabu",
        "--time-limit",
        "0.05",
        "--json",
    ]);
    let j: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    let proved = j["proved"].as_bool().unwrap();
    let want = if proved { "optimal" } else { "satisfiable" };
    assert_eq!(j["status"], want, "{j}");
    assert_eq!(o.status.code(), Some(0), "{j}");
    assert_eq!(j["instance"], "queen8_8", "{j}");
}

#[test]
fn every_answer_names_its_instance_with_one_key() {
    for (args, name) in [
        (vec!["solve", "problems/australia.yaml"], "australia"),
        (vec!["colour", "problems/petersen.yaml"], "petersen"),
        (vec!["sat", "problems/pigeonhole-3-2.cnf"], "pigeonhole-3-2"),
        (vec!["graph", "problems/australia.yaml"], "australia"),
        (
            vec![
                "timetable",
                "solve",
                "problems/timetabling/school-week.yaml",
            ],
            "school-week",
        ),
    ] {
        let mut args = args.clone();
        args.push("--json");
        let o = csp(&args);
        let j: serde_json::Value =
            serde_json::from_str(stdout(&o).lines().next().unwrap_or_default())
                .unwrap_or_else(|e| panic!("{args:?}: {e}: {o:?}"));
        assert!(
            j["instance"].as_str().is_some_and(|n| n.contains(name)),
            "{args:?}: {j}"
        );
    }
}
