//! csp's MiniZinc library (`mznlib/`), compiled in so that an installed `csp` can write it:
//! the predicates MiniZinc passes to csp whole instead of decomposing them.

/// `(file name, contents)` of every file of the library.
pub const FILES: &[(&str, &str)] = &[
    (
        "redefinitions.mzn",
        include_str!("../mznlib/redefinitions.mzn"),
    ),
    (
        "fzn_all_different_int.mzn",
        include_str!("../mznlib/fzn_all_different_int.mzn"),
    ),
    (
        "fzn_table_int.mzn",
        include_str!("../mznlib/fzn_table_int.mzn"),
    ),
    (
        "fzn_table_int_reif.mzn",
        include_str!("../mznlib/fzn_table_int_reif.mzn"),
    ),
    (
        "fzn_cumulative.mzn",
        include_str!("../mznlib/fzn_cumulative.mzn"),
    ),
    ("fzn_circuit.mzn", include_str!("../mznlib/fzn_circuit.mzn")),
    (
        "fzn_subcircuit.mzn",
        include_str!("../mznlib/fzn_subcircuit.mzn"),
    ),
    ("fzn_inverse.mzn", include_str!("../mznlib/fzn_inverse.mzn")),
    (
        "fzn_count_eq.mzn",
        include_str!("../mznlib/fzn_count_eq.mzn"),
    ),
    (
        "fzn_lex_lesseq_int.mzn",
        include_str!("../mznlib/fzn_lex_lesseq_int.mzn"),
    ),
    (
        "fzn_lex_lesseq_bool.mzn",
        include_str!("../mznlib/fzn_lex_lesseq_bool.mzn"),
    ),
    ("fzn_regular.mzn", include_str!("../mznlib/fzn_regular.mzn")),
    (
        "fzn_disjunctive.mzn",
        include_str!("../mznlib/fzn_disjunctive.mzn"),
    ),
    (
        "fzn_disjunctive_strict.mzn",
        include_str!("../mznlib/fzn_disjunctive_strict.mzn"),
    ),
    (
        "fzn_bin_packing_load.mzn",
        include_str!("../mznlib/fzn_bin_packing_load.mzn"),
    ),
];

/// The solver configuration (`csp.msc`) for MiniZinc: the library at `mznlib`, the solver run
/// as `executable` (a script calling `csp fzn`).
pub fn solver_config(mznlib: &str, executable: &str, version: &str) -> String {
    let q = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    format!(
        r#"{{
  "id": "org.csp-toolkit.csp",
  "name": "csp",
  "description": "csp, the constraint toolkit's engine (csp fzn)",
  "version": "{}",
  "mznlib": "{}",
  "executable": "{}",
  "tags": ["cp", "int"],
  "stdFlags": ["-a", "-f", "-i", "-n", "-p", "-r", "-s", "-t"],
  "supportsMzn": false,
  "supportsFzn": true,
  "needsSolns2Out": true,
  "needsMznExecutable": false,
  "needsStdlibDir": false,
  "isGUIApplication": false
}}
"#,
        q(version),
        q(mznlib),
        q(executable)
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_file_of_the_library_is_compiled_in() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("mznlib");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        on_disk.sort();
        let mut listed: Vec<String> = super::FILES.iter().map(|f| f.0.to_string()).collect();
        listed.sort();
        assert_eq!(on_disk, listed);
    }
}
