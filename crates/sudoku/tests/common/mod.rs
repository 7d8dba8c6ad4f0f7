//! Shared by the integration tests: the data sets, from `$CSP_DATA` or
//! `../shared/data` beside the repository.

#![allow(dead_code)]

use csp_sudoku::{Puzzle, parse};
use std::path::PathBuf;

/// A file of the shared data folder.
pub fn data_path(rel: &str) -> PathBuf {
    std::env::var_os("CSP_DATA")
        .map_or_else(
            || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
            PathBuf::from,
        )
        .join(rel)
}

/// A puzzle list of `sudoku/`.
pub fn data(file: &str) -> Vec<Puzzle> {
    parse::read(&data_path(&format!("sudoku/{file}"))).unwrap_or_else(|e| panic!("{e}"))
}

/// The text of a file of `sudoku-rated/`.
pub fn rated(file: &str) -> String {
    let path = data_path(&format!("sudoku-rated/{file}"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
