use super::*;

fn parse(s: &str) -> Result<CspFile, SourceError> {
    CspFile::parse(s, "t.yaml")
}

#[test]
fn symbols_and_ranges_parse() {
    let f = parse(
            "kind: csp\nvariables:\n  - names: [a, b]\n    domain: [red, green]\n  - name: n\n    domain: 1..3\nconstraints:\n  - not_equal: [a, b]\n  - in: n\n    values: [2, 3]\n",
        )
        .unwrap();
    assert_eq!(f.model.num_vars(), 3);
    assert_eq!(f.symbols, vec!["red", "green"]);
    assert_eq!(f.show(VarId::new(0), 1), "green");
    assert_eq!(f.model.domain(VarId::new(2)).len(), 3);
}
