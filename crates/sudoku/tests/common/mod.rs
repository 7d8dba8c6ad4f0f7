//! Shared by the integration tests: the data sets, full (`$CSP_DATA` or `../shared/data`)
//! when present, else the samples bundled in `data/` (see `csp-testdata`).

#![allow(
    dead_code,
    reason = "each test binary uses a part of the shared helpers"
)]

use csp_sudoku::{Puzzle, parse};
use csp_testdata::DataSet;

/// A puzzle list of `sudoku/`, and where it was found (for [`DataSet::step`] and
/// [`DataSet::is_full`]).
pub(crate) fn data_set(file: &str) -> (Vec<Puzzle>, DataSet) {
    let set = csp_testdata::open(&format!("sudoku/{file}"));
    let puzzles = parse::read(set.path()).unwrap_or_else(|e| panic!("{e}"));
    (puzzles, set)
}

/// A puzzle list of `sudoku/`, taking every `n`-th puzzle of the full set (the same
/// puzzles of the sample where its stride divides `n`).
pub(crate) fn every(file: &str, n: usize) -> Vec<Puzzle> {
    let (puzzles, set) = data_set(file);
    puzzles.into_iter().step_by(set.step(n)).collect()
}

/// A puzzle list of `sudoku/`, whole.
pub(crate) fn data(file: &str) -> Vec<Puzzle> {
    data_set(file).0
}

/// The text of a file of `sudoku-rated/`, and where it was found.
pub(crate) fn rated(file: &str) -> (String, DataSet) {
    let set = csp_testdata::open(&format!("sudoku-rated/{file}"));
    (set.read_to_string(), set)
}
