//! `csp sat`: DIMACS CNF in, SAT-competition output.

use crate::util::*;

#[test]
fn csp_sat_reports_unsatisfiable_counts_models_and_names_bad_input() {
    // Pigeonhole: 3 pigeons, 2 holes.
    let php =
        "p cnf 6 9\n1 2 0\n3 4 0\n5 6 0\n-1 -3 0\n-1 -5 0\n-3 -5 0\n-2 -4 0\n-2 -6 0\n-4 -6 0\n";
    for extra in [&[][..], &["--dpll"]] {
        let mut args = vec!["sat", "-"];
        args.extend_from_slice(extra);
        let o = csp_stdin(&args, php);
        assert_eq!(o.status.code(), Some(1), "{extra:?}");
        assert!(stdout(&o).contains("s UNSATISFIABLE"));
    }
    let o = csp_stdin(&["sat", "-", "--count", "10"], "p cnf 2 1\n1 2 0\n");
    assert!(stdout(&o).contains("c models 3\n"), "{}", stdout(&o));
    let o = csp_stdin(&["sat", "-"], "p cnf 2 1\n1 x 0\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("<stdin>:2:3: expected a literal"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
