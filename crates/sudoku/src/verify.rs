//! The independent check of a solution: every unit holds each symbol once, and the givens
//! are kept. It does not use the engine.

use crate::grid::Grid;
use thiserror::Error;

/// Why a grid is not a solution of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Violation {
    /// The grids differ in shape.
    #[error("the solution is {found}, the puzzle {expected}")]
    Shape {
        /// The puzzle's shape.
        expected: String,
        /// The solution's shape.
        found: String,
    },
    /// A cell is blank.
    #[error("r{row}c{col} is blank")]
    Blank {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A given was changed.
    #[error("r{row}c{col} is {found}, but the puzzle gives {given}")]
    Given {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The given.
        given: u8,
        /// The solution's symbol.
        found: u8,
    },
    /// A symbol repeats in a unit.
    #[error("{symbol} appears twice in {unit} {index}")]
    Repeat {
        /// `row`, `column` or `box`.
        unit: &'static str,
        /// 1-based unit number.
        index: usize,
        /// The repeated symbol.
        symbol: u8,
    },
}

/// Checks that `solution` completes `puzzle`.
pub fn verify(puzzle: &Grid, solution: &Grid) -> Result<(), Violation> {
    let shape = puzzle.shape();
    if solution.shape() != shape {
        return Err(Violation::Shape {
            expected: shape.to_string(),
            found: solution.shape().to_string(),
        });
    }
    let n = shape.size();
    for r in 0..n {
        for c in 0..n {
            let (g, s) = (puzzle.get(r, c), solution.get(r, c));
            if s == 0 {
                return Err(Violation::Blank {
                    row: r + 1,
                    col: c + 1,
                });
            }
            if g != 0 && g != s {
                return Err(Violation::Given {
                    row: r + 1,
                    col: c + 1,
                    given: g,
                    found: s,
                });
            }
        }
    }
    // Rows, columns and boxes by direct indexing (not through Shape::units).
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    for unit in 0..3 {
        for k in 0..n {
            let mut seen = vec![false; n + 1];
            for j in 0..n {
                let (r, c) = match unit {
                    0 => (k, j),
                    1 => (j, k),
                    _ => ((k / (n / bc)) * br + j / bc, (k % (n / bc)) * bc + j % bc),
                };
                let s = usize::from(solution.get(r, c));
                if seen[s] {
                    return Err(Violation::Repeat {
                        unit: ["row", "column", "box"][unit],
                        index: k + 1,
                        symbol: s as u8,
                    });
                }
                seen[s] = true;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    fn latin_not_sudoku() -> Grid {
        // Rows are shifts of 1234: rows and columns fine, boxes not.
        let cells = [1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2, 4, 1, 2, 3];
        Grid::new(Shape::square(2).unwrap(), cells.to_vec()).unwrap()
    }

    #[test]
    fn a_latin_square_with_bad_boxes_is_rejected() {
        let g = latin_not_sudoku();
        let empty = Grid::empty(g.shape());
        assert_eq!(
            verify(&empty, &g),
            Err(Violation::Repeat {
                unit: "box",
                index: 1,
                symbol: 2
            })
        );
    }

    #[test]
    fn changed_givens_and_blanks_are_rejected() {
        let cells = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let s = Grid::new(Shape::square(2).unwrap(), cells.to_vec()).unwrap();
        let mut p = Grid::empty(s.shape());
        assert_eq!(verify(&p, &s), Ok(()));
        p.set(0, 0, 2);
        assert!(matches!(
            verify(&p, &s),
            Err(Violation::Given { row: 1, col: 1, .. })
        ));
        assert!(matches!(
            verify(&p, &Grid::empty(s.shape())),
            Err(Violation::Blank { .. })
        ));
    }
}
