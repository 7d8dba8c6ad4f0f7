//! Every graph-reader error, with the place it names.

use csp_colouring::{ParseError, dimacs, yaml};

fn col(text: &str) -> ParseError {
    dimacs::parse(text, "g.col").expect_err("invalid")
}

fn at(e: &ParseError) -> (usize, usize) {
    e.position().expect("a place")
}

#[test]
fn unknown_line_types_are_named() {
    let e = col("p edge 2 1\nx 1 2\nq 1 2\n");
    assert_eq!(at(&e), (3, 1));
    assert!(
        e.to_string()
            .starts_with("g.col:3:1: unknown line type `q`"),
        "{e}"
    );
}

#[test]
fn malformed_numbers_point_at_the_token() {
    let e = col("p edge 3 1\ne 1 two\n");
    assert_eq!(at(&e), (2, 5));
    assert!(
        e.to_string()
            .contains("expected a vertex number, found `two`")
    );
    let e = col("p edge three 1\n");
    assert!(
        e.to_string()
            .contains("expected the number of vertices, found `three`")
    );
    let e = col("p edge 3\n");
    assert!(
        e.to_string()
            .contains("expected the number of edges, found end of line")
    );
    let e = col("p graph-ish 3 1\n");
    assert!(e.to_string().contains("expected `p edge V E`"));
    let e = col("p edge 3 1\ne 1\n");
    assert!(e.to_string().contains("two vertices, found end of line"));
    let e = col("p edge 3 1\ne 1 2 3\n");
    assert_eq!(at(&e), (2, 7));
}

#[test]
fn vertices_out_of_range_are_refused() {
    let e = col("c hello\np edge 3 1\ne 1 4\n");
    assert!(
        matches!(
            e,
            ParseError::VertexOutOfRange {
                vertex: 4,
                vertices: 3,
                line: 3,
                column: 5,
                ..
            }
        ),
        "{e}"
    );
    assert!(matches!(
        col("p edge 3 1\ne 0 1\n"),
        ParseError::VertexOutOfRange { vertex: 0, .. }
    ));
}

#[test]
fn header_problems_are_refused() {
    assert!(matches!(
        col("e 1 2\n"),
        ParseError::Syntax(csp_model::source::Syntax { line: 1, .. })
    ));
    assert!(matches!(
        col("c only comments\n"),
        ParseError::MissingHeader { .. }
    ));
    let e = col("p edge 2 1\np edge 2 1\ne 1 2\n");
    assert!(
        e.to_string()
            .contains("a second `p` line; the header is on line 1")
    );
}

#[test]
fn an_edge_count_matching_nothing_is_a_truncated_file() {
    let e = col("p edge 4 5\ne 1 2\ne 2 3\n");
    assert!(
        matches!(
            e,
            ParseError::EdgeCount {
                declared: 5,
                lines: 2,
                distinct: 2,
                line: 1,
                column: 10,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("is it truncated?"));
    // Counting lines (both directions) or distinct edges are both fine.
    assert_eq!(
        dimacs::parse("p edge 2 2\ne 1 2\ne 2 1\n", "g")
            .unwrap()
            .edge_count(),
        1
    );
    assert_eq!(
        dimacs::parse("p edge 2 1\ne 1 2\ne 2 1\n", "g")
            .unwrap()
            .edge_count(),
        1
    );
}

#[test]
fn missing_files_are_named() {
    let e = dimacs::read(std::path::Path::new("no/such.col")).unwrap_err();
    assert!(matches!(e, ParseError::Io(_)));
    assert!(e.to_string().starts_with("no/such.col: "));
}

fn yml(text: &str) -> ParseError {
    yaml::parse(text, "g.yaml").expect_err("invalid")
}

#[test]
fn yaml_errors_name_line_and_column() {
    let e = yml("kind: colouring\nvertices: [a, b]\nedges: [[a, c]]\n");
    assert_eq!(at(&e), (3, 13));
    assert!(e.to_string().contains("unknown vertex `c`"));
    let e = yml("kind: colouring\nvertices: [a, b, a]\n");
    assert!(e.to_string().contains("duplicate vertex `a`") && at(&e).0 == 2);
    let e = yml("kind: colouring\nvertices: [a, b]\nedges: [[a, b, a]]\n");
    assert!(e.to_string().contains("an edge is a pair"));
    let e = yml("kind: colouring\nvertices: [a, b]\nprecoloured: {a: 0}\n");
    assert!(e.to_string().contains("colours are numbered from 1"));
    let e = yml("kind: colouring\nvertices: [a, b]\nprecoloured: {a: 4}\nk: 3\n");
    assert!(e.to_string().contains("colour 4 is above k = 3"));
    let e = yml("kind: csp\nvertices: [a]\n");
    assert!(
        e.to_string()
            .contains("kind: expected `colouring`, found `csp`")
    );
    let e = yml("kind: colouring\nvertices: {a: 1}\n");
    assert!(
        e.to_string()
            .contains("a number of vertices or a list of vertex names"),
        "{e}"
    );
    // A vertex that is neither a name nor a number says what it should have been.
    let e = yml("kind: colouring\nvertices: [a, b]\nedges: [[a, {x: 1}]]\n");
    assert!(
        e.to_string().contains("expected a vertex name or number"),
        "{e}"
    );
    let e = yml("kind: colouring\nvertices: [a]\nk: many\n");
    assert_eq!(at(&e).0, 3);
    let e = yml("kind: colouring\nvertices: [a]\ncolours: 3\n");
    assert!(e.to_string().contains("unknown field `colours`"));
}
