//! `csp-testdata`: where the tests (and benches) find their data.
//!
//! The repository bundles small samples of the public benchmark sets in `data/` (cut by
//! `data/cut.py`: a file's header lines, then every k-th item from the first). The full sets
//! live outside the repository, in `$CSP_DATA` or else `../shared/data` beside the
//! checkout. A test asks for a file by its path under the data folder and gets the full set
//! when it is there, the sample otherwise, so a fresh clone passes and a machine with the
//! full sets runs them:
//!
//! ```
//! let set = csp_testdata::open("sudoku/puzzles3_magictour_top1465");
//! let text = set.read_to_string();
//! // Every 14th puzzle of the full set; on the sample (every 7th) the same puzzles.
//! let step = set.step(14);
//! assert!(text.lines().filter(|l| !l.starts_with('#')).step_by(step).count() >= 15);
//! ```
//!
//! A test that only makes sense on a full set asks [`full`], which says on standard error
//! that it is skipping when the set is absent. Setting `CSP_DATA` to a folder without the
//! sets (`CSP_DATA=/nonexistent cargo test`) runs the suite as a fresh clone does.

use std::path::{Path, PathBuf};

/// The bundled samples: (path under the data folder, stride: the sample holds every
/// stride-th item of the full set). Kept in step with `data/cut.py` and `data/README.md`.
const STRIDES: &[(&str, usize)] = &[
    ("sudoku/puzzles2_17_clue", 16),
    ("sudoku/puzzles3_magictour_top1465", 7),
    ("sudoku/puzzles6_forum_hardest_1106_shared301", 6),
    ("sudoku/puzzles7_serg_benchmark", 20),
    ("sudoku-rated/se_explainer_corpus.tsv", 3),
    ("sudoku-rated/se_explainer_pencilmark.tsv", 2),
    ("sudoku-rated/se_explainer_steps.jsonl", 8),
    ("sudoku-rated/se_explainer_se121_vs_sukaku.tsv", 1),
    ("sudoku-rated/hardest_db_110626.csv", 3),
    ("sudoku-rated/sudokuexchange_diabolical.txt", 16),
];

/// The repository's bundled `data/` folder.
pub fn sample_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data")
}

/// The folder of the full public sets: `$CSP_DATA` when set (even if it holds nothing),
/// else `../shared/data` beside the repository; `None` when that folder does not exist.
pub fn full_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("CSP_DATA").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
        PathBuf::from,
    );
    dir.is_dir().then_some(dir)
}

/// A data file as found: the full set or the bundled sample.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataSet {
    path: PathBuf,
    full: bool,
    stride: usize,
}

impl DataSet {
    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether this is the full public set (else the bundled sample).
    pub fn is_full(&self) -> bool {
        self.full
    }

    /// The step that takes every `n`-th item of the full set: `n` on the full set, `n /
    /// stride` (at least 1) on the sample, which picks the same items when the stride
    /// divides `n`.
    pub fn step(&self, n: usize) -> usize {
        if self.full {
            n.max(1)
        } else {
            (n / self.stride).max(1)
        }
    }

    /// The file's text.
    ///
    /// # Panics
    /// When the file cannot be read (the sample is part of the repository).
    pub fn read_to_string(&self) -> String {
        std::fs::read_to_string(&self.path)
            .unwrap_or_else(|e| panic!("{}: {e}", self.path.display()))
    }
}

/// The file `rel` (a path under the data folder, e.g. `sudoku/puzzles2_17_clue`): the full
/// set when present, else the bundled sample. Says on standard error which it is.
///
/// # Panics
/// When neither exists: the test asks for a file that the repository does not bundle, so
/// it should have asked [`full`].
pub fn open(rel: &str) -> DataSet {
    if let Some(path) = full_dir().map(|d| d.join(rel)).filter(|p| p.is_file()) {
        return DataSet {
            path,
            full: true,
            stride: 1,
        };
    }
    let path = sample_dir().join(rel);
    assert!(
        path.is_file(),
        "{rel} is neither bundled in data/ nor in the full data folder; use csp_testdata::full"
    );
    let stride = STRIDES
        .iter()
        .find(|(r, _)| *r == rel)
        .map_or(1, |&(_, s)| s);
    eprintln!("{rel}: the bundled sample (every {stride}th of the full set)");
    DataSet {
        path,
        full: false,
        stride,
    }
}

/// The full set's file `rel`, or `None` after saying on standard error that `test` is
/// skipped for want of it.
pub fn full(rel: &str, test: &str) -> Option<PathBuf> {
    let path = full_dir().map(|d| d.join(rel)).filter(|p| p.is_file());
    if path.is_none() {
        eprintln!(
            "skipped {test}: needs the full set's {rel} ($CSP_DATA or ../shared/data), not found"
        );
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sample_listed_is_bundled() {
        for (rel, _) in STRIDES {
            assert!(sample_dir().join(rel).is_file(), "{rel}");
        }
    }

    #[test]
    fn the_sample_step_picks_the_same_items() {
        let set = DataSet {
            path: PathBuf::new(),
            full: false,
            stride: 16,
        };
        assert_eq!(set.step(64), 4);
        assert_eq!(set.step(7), 1);
    }
}
