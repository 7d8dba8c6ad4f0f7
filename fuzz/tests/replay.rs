//! Replays every committed input of every target (`corpus/TARGET/*`, minimised, and
//! `regressions/TARGET/*`, the inputs that once crashed) through the target's body: on stable,
//! in CI, so a fixed crash stays fixed.

use std::path::Path;

type Target = fn(&[u8]);

const TARGETS: [(&str, Target); 19] = [
    ("read_model", csp_fuzz::read_model),
    ("read_col", csp_fuzz::read_col),
    ("read_cnf", csp_fuzz::read_cnf),
    ("read_puzzles", csp_fuzz::read_puzzles),
    ("read_sudoku_yaml", csp_fuzz::read_sudoku_yaml),
    ("read_pencil_marks", csp_fuzz::read_pencil_marks),
    ("diff_model", csp_fuzz::diff_model),
    ("diff_sudoku", csp_fuzz::diff_sudoku),
    ("diff_cnf", csp_fuzz::diff_cnf),
    ("diff_colour", csp_fuzz::diff_colour),
    ("read_timetable", csp_fuzz::read_timetable),
    ("read_benchmark_formats", csp_fuzz::read_benchmark_formats),
    ("read_study_spec", csp_fuzz::read_study_spec),
    ("read_solution_files", csp_fuzz::read_solution_files),
    ("read_flatzinc", csp_fuzz::read_flatzinc),
    ("diff_flatzinc", csp_fuzz::diff_flatzinc),
    ("read_compressed", csp_fuzz::read_compressed),
    ("read_itc2019", csp_fuzz::read_itc2019),
    ("read_itc2019_solution", csp_fuzz::read_itc2019_solution),
];

fn inputs(dir: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    files
}

#[test]
fn every_committed_input_replays_without_a_finding() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut replayed = 0;
    for (name, target) in TARGETS {
        let mut n = 0;
        for sub in ["corpus", "regressions"] {
            for file in inputs(&root.join(sub).join(name)) {
                let data = std::fs::read(&file).unwrap();
                // A panic names the input through this message in the test's output.
                eprintln!("replaying {}", file.display());
                target(&data);
                n += 1;
            }
        }
        assert!(n > 0, "no committed input for target {name}");
        replayed += n;
    }
    eprintln!("{replayed} inputs replayed");
}
