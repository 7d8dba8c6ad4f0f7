//! `csp-exact-cover`: exact cover with Knuth's Algorithm X on dancing links.
//!
//! An exact-cover problem is a 0/1 [`Matrix`]; a solution is a set of rows with exactly one
//! 1 in each primary column and at most one in each secondary column. Many puzzles are exact
//! cover: sudoku (a row per cell and digit, a column per cell, row-digit, column-digit and
//! box-digit), n-queens, polyomino tilings. [`Dlx`] finds the first solution, counts up to a
//! cap, or enumerates them, with node/update counters and limits; [`verify`] checks a
//! solution directly. The crate depends on nothing else of the workspace.
//!
//! - [`matrix`]: [`Matrix`], [`RowId`], [`MatrixError`], [`verify`].
//! - [`dlx`]: [`Dlx`], [`Stats`], [`Limits`], [`Count`].
//! - [`problems`]: n-queens and pentomino matrices.
//!
//! ```
//! use csp_exact_cover::{Dlx, problems::pentominoes};
//! // The 3×20 board has 8 tilings: 2 up to the board's 4 symmetries.
//! let p = pentominoes(3, 20, false);
//! let mut dlx = Dlx::new(&p.matrix);
//! assert_eq!(dlx.count(u64::MAX).count, 8);
//! ```

#![warn(missing_docs)]

pub mod dlx;
pub mod matrix;
pub mod problems;

pub use dlx::{Count, Dlx, LimitReached, Limits, Stats};
pub use matrix::{CoverViolation, Matrix, MatrixError, RowId, verify};
