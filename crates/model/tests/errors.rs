//! Every kind of bad model file gets an error naming the file, line and column, and what
//! was expected.

use csp_model::{CspFile, SourceError as SpecError};

fn err(yaml: &str) -> SpecError {
    CspFile::parse(yaml, "bad.yaml").expect_err("the file is invalid")
}

/// Asserts the error's place and that its message contains `needle`.
fn check(yaml: &str, line: u32, needle: &str) {
    let e = err(yaml);
    let text = e.to_string();
    assert!(text.starts_with("bad.yaml:"), "{text}");
    assert_eq!(e.position().map(|p| p.0), Some(line), "{text}");
    assert!(text.contains(needle), "expected `{needle}` in:\n{text}");
}

const HEAD: &str = "kind: csp\nvariables:\n  - names: [a, b]\n    domain: 1..3\n";

#[test]
fn unknown_constraint_lists_the_known_ones() {
    check(
        &format!("{HEAD}constraints:\n  - sum: [a, b]\n"),
        6,
        "unknown field `sum`, expected one of",
    );
}

#[test]
fn unknown_variable_is_named() {
    check(
        &format!("{HEAD}constraints:\n  - all_different: [a, c]\n"),
        6,
        "unknown variable `c`",
    );
}

#[test]
fn empty_domain_is_refused() {
    check(
        "kind: csp\nvariables:\n  - name: a\n    domain: []\n",
        4,
        "domain of `a` is empty",
    );
    check(
        "kind: csp\nvariables:\n  - name: a\n    domain: 5..1\n",
        4,
        "domain of `a` is empty: 5 > 1",
    );
}

#[test]
fn wrong_types_say_what_was_expected() {
    check(
        "kind: csp\nvariables:\n  - name: a\n    domain: 7\n",
        4,
        "a list of values or a range like 1..9",
    );
    check(
        "kind: csp\nvariables:\n  - name: a\n    domain: one..two\n",
        4,
        "domain of `a`: unknown name `one`; expected `bool`, a range like 1..9",
    );
    check(
        &format!("{HEAD}constraints:\n  - not_equal: [a, b]\n    offset: two\n"),
        7,
        "i64",
    );
    check(
        &format!("{HEAD}constraints:\n  - not_equal: a\n"),
        6,
        "sequence",
    );
    check(
        &format!("{HEAD}constraints:\n  - in: a\n    values: [red]\n"),
        7,
        "`a` takes integers, found symbol `red`",
    );
    check(
        "kind: csp\nvariables:\n  - name: a\n    domain: [1, red]\n",
        4,
        "mixes integers and symbols",
    );
}

#[test]
fn duplicate_names_are_refused() {
    check(
        "kind: csp\nvariables:\n  - names: [a, b]\n    domain: 1..2\n  - name: a\n    domain: 1..2\n",
        5,
        "duplicate variable name `a`",
    );
}

#[test]
fn yaml_syntax_errors_carry_the_position() {
    check("kind: csp\nvariables: [\n", 2, "");
}

#[test]
fn other_kinds_and_shapes_are_refused() {
    check(
        "kind: sudoku\nvariables:\n  - name: a\n    domain: 1..2\n",
        1,
        "kind: expected `csp`, found `sudoku`",
    );
    check(
        &format!("{HEAD}constraints:\n  - not_equal: [a, b]\n    all_different: [a, b]\n"),
        6,
        "one constraint per entry",
    );
    check(
        &format!("{HEAD}constraints:\n  - all_different: [a, b]\n    offset: 1\n"),
        7,
        "`offset` does not apply to a `all_different` constraint",
    );
    check(
        &format!("{HEAD}constraints:\n  - not_equal: [a, b, a]\n"),
        6,
        "not_equal takes two variables, found 3",
    );
    check(
        &format!("{HEAD}constraints:\n  - table: [a, b]\n    tuples: [[1, 2], [3]]\n"),
        7,
        "tuple has 1 values; expected 2",
    );
    check(
        &format!("{HEAD}constraints:\n  - table: [a, b]\n"),
        6,
        "a table needs `tuples",
    );
    check(
        &format!("{HEAD}constraints:\n  - all_different: [a, b]\n    offsets: [1]\n"),
        7,
        "expected 2 offsets",
    );
    check(
        "kind: csp\nvariables:\n  - domain: 1..2\n",
        3,
        "expected `name: NAME` or `names",
    );
    check(
        "kind: csp\nvariables: []\n",
        2,
        "expected at least one variable",
    );
    check(
        "kind: csp\nvariables:\n  - name: a\n    domain: [9999999999]\n",
        4,
        "out of range",
    );
    check(
        &format!("{HEAD}constraints:\n  - not_equal: [a, a]\n"),
        6,
        "both sides are the same variable",
    );
    check(
        &format!("{HEAD}solve:\n  strategy: fast\n"),
        6,
        "unknown field `strategy`",
    );
}

#[test]
fn a_duplicate_key_is_said_in_the_files_terms() {
    check(
        "kind: csp\nkind: csp\nvariables:\n  - names: [a]\n    domain: 1..2\n",
        2,
        "the key `kind` appears twice",
    );
    assert!(
        !err("kind: csp\nkind: csp\n")
            .to_string()
            .contains("DuplicateKeyPolicy")
    );
}

#[test]
fn a_second_document_is_said_in_the_files_terms() {
    let e = err(&format!("{HEAD}---\nkind: csp\n"));
    let text = e.to_string();
    assert!(text.contains("more than one YAML document"), "{text}");
    assert!(!text.contains("from_str_multiple"), "{text}");
}

#[test]
fn a_model_of_300000_variables_is_read_not_refused_by_the_parsers_budget() {
    let names: Vec<String> = (0..300_000).map(|i| format!("v{i}")).collect();
    let yaml = format!(
        "kind: csp\nvariables:\n  - names: [{}]\n    domain: 1..2\n",
        names.join(", ")
    );
    let f = CspFile::parse(&yaml, "many.yaml").expect("a valid model");
    assert_eq!(f.model.num_vars(), 300_000);
}

#[test]
fn counting_up_to_zero_is_refused_with_its_place() {
    check(
        &format!("{HEAD}solve:\n  count: 0\n"),
        6,
        "solve.count: expected at least 1",
    );
}

#[test]
fn number_too_large_is_called_too_large_not_a_float() {
    let e = err("kind: csp\nvariables:\n  - name: x\n    domain: [1, 99999999999999999999999]\n");
    let text = e.to_string();
    assert!(text.contains("a number too large"), "{text}");
    assert!(!text.contains("floating point"), "{text}");
    check(
        "kind: csp\nvariables:\n  - name: x\n    domain: [1, 2.5]\n",
        4,
        "found the decimal number 2.5",
    );
}

#[test]
fn lone_carriage_returns_end_lines_as_in_yaml_and_the_snippet_shows_the_line() {
    // Found by fuzzing: a file with old-Mac line ends had errors on lines the snippet could
    // not show.
    let e = err("kind: csp\rvariables:\r  - name: a\r    domain: []\r");
    assert_eq!(e.position().map(|p| p.0), Some(4), "{e}");
    assert!(e.to_string().contains("domain: []"), "{e}");
    assert_eq!(csp_model::source::yaml_lines("a\rb\r\nc\nd\n").count(), 4);
    assert_eq!(csp_model::source::yaml_lines("").count(), 0);
}
