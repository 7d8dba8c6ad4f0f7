use super::*;

fn encoded(text: &str) -> Result<Encoded, SourceError> {
    encode(&crate::parse(text, "e.fzn").unwrap(), "e.fzn", text)
}

#[test]
fn extreme_constants_are_false_or_refused_never_a_panic() {
    // An index at the least 64-bit integer: outside the array, so the constraint is false.
    let m = encoded("var 1..2: x;\nconstraint array_int_element(-9223372036854775808, [1, 2], x);\nsolve satisfy;\n").unwrap();
    assert!(
        csp_core::Search::new(&m.model, csp_core::SearchConfig::default()).solve()
            == csp_core::Outcome::Unsatisfiable
    );
    // A duration past 32 bits is refused where it is written.
    let e = encoded("var 0..9: s;\nconstraint csp_cumulative([s], [9223372036854775807], [1], 1);\nsolve satisfy;\n").unwrap_err();
    assert_eq!(e.position(), Some((2, 1)));
    assert!(e.message().contains("past"), "{e}");
}
