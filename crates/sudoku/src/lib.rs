//! `csp-sudoku`: sudoku of any box size as precoloured graph colouring on `csp-core`.
//!
//! A sudoku grid of side `n` ([`Shape`]: `n = box_rows · box_cols`, 4×4 to 64×64, square or
//! rectangular boxes) is the graph of its cells with an edge between cells that share a row,
//! column or box (81 vertices, 810 edges, degree 20 for 9×9); a puzzle precolours some
//! vertices and asks for an `n`-colouring. Two models state it for the engine
//! ([`ModelKind`]): the `≠` edges (through `csp-colouring`) or one all-different per unit.
//!
//! - [`parse`]: one-line puzzles, lists, multi-line grids, numbers for large grids, YAML.
//! - [`encode()`], [`decode`], [`verify()`]: the model, back, and the independent check.
//! - [`Solver`]: one model and one reusable search for many puzzles (count up to `N`).
//! - [`render`]: the SVG picture.
//! - [`exact_cover`]: the same puzzles as exact cover, solved by dancing links
//!   ([`exact_cover::DlxSolver`]).
//! - [`sat`]: the same puzzles as SAT (minimal and extended encodings), solved through
//!   `csp-sat` ([`sat::SatSolver`]).
//!
//! ```
//! use csp_sudoku::{encode, parse, verify, ModelKind, Solver};
//! use csp_core::SearchConfig;
//! let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let puzzle = &parse::parse(text, "example").unwrap()[0];
//! let enc = encode(puzzle.grid.shape(), ModelKind::AllDifferent);
//! let answer = Solver::new(&enc, SearchConfig::default()).solve(&puzzle.grid, 2);
//! assert!(answer.is_unique());
//! let solution = answer.solution.unwrap();
//! assert_eq!(verify(&puzzle.grid, &solution), Ok(()));
//! assert!(solution.to_line().starts_with("534678912"));
//! ```

#![warn(missing_docs)]

pub mod encode;
pub mod exact_cover;
pub mod fast;
pub mod generate;
pub mod grid;
pub mod human;
pub mod method;
pub mod parse;
pub mod render;
pub mod sat;
pub mod shape;
pub mod verify;

pub use encode::{Answer, Encoded, ModelKind, Solver, decode, encode};
pub use grid::{Clash, Grid};
pub use parse::{ParseError, Puzzle};
pub use shape::Shape;
pub use verify::{Violation, verify};
