//! Sudoku as exact cover (Knuth, "Dancing Links", §5): a row per (cell, digit), `n³` of them
//! (729 for 9×9), each with four 1s, in the columns "cell filled", "row has digit", "column has
//! digit" and "box has digit", `4n²` of them (324). A solved grid is a set of rows covering
//! every column exactly once; the givens are imposed rows.

use crate::encode::Answer;
use crate::grid::Grid;
use crate::shape::Shape;
use csp_core::Stats;
use csp_exact_cover::{Dlx, Matrix, RowId};

/// The matrix row of digit `d` (1-based) in `cell`.
pub fn row_of(shape: Shape, cell: usize, d: u8) -> RowId {
    RowId::new(cell * shape.size() + usize::from(d) - 1)
}

/// The exact-cover matrix of a shape: row `cell·n + d − 1` places digit `d` in `cell`.
///
/// ```
/// use csp_sudoku::{Shape, exact_cover::matrix};
/// let m = matrix(Shape::square(3).unwrap());
/// assert_eq!((m.num_rows(), m.num_columns(), m.num_ones()), (729, 324, 2916));
/// ```
pub fn matrix(shape: Shape) -> Matrix {
    let n = shape.size();
    let n2 = n * n;
    let mut m = Matrix::new(4 * n2, 0);
    for cell in 0..n2 {
        let (r, c) = (cell / n, cell % n);
        let b = shape.box_of(r, c);
        for d in 0..n {
            m.add_row(&[cell, n2 + r * n + d, 2 * n2 + c * n + d, 3 * n2 + b * n + d])
                .expect("columns are in range");
        }
    }
    m
}

/// Solves many puzzles of one shape with one set of dancing links (the givens imposed per
/// puzzle with [`Dlx::reset`]). In [`Answer::stats`], `nodes` are the rows tried and
/// `failures` the dead ends; the other counters stay 0.
#[derive(Debug)]
pub struct DlxSolver {
    shape: Shape,
    dlx: Dlx,
    forced: Vec<RowId>,
}

impl DlxSolver {
    /// Dancing links for `shape`.
    pub fn new(shape: Shape) -> Self {
        DlxSolver {
            shape,
            dlx: Dlx::new(&matrix(shape)),
            forced: Vec::new(),
        }
    }

    /// Limits the next searches: nodes and the time (a deadline or a duration each).
    pub fn set_limits(&mut self, limits: csp_core::Limits) {
        self.dlx.set_limits(csp_exact_cover::dlx::Limits {
            nodes: limits.nodes,
            time: limits.time,
            deadline: limits.deadline,
        });
    }

    /// Counts the solutions of `puzzle` up to `cap`, keeping the first.
    pub fn solve(&mut self, puzzle: &Grid, cap: u64) -> Answer {
        let mut answer = Answer {
            count: 0,
            exhausted: true,
            solution: None,
            stats: Stats::default(),
        };
        if puzzle.shape() != self.shape {
            return answer;
        }
        self.forced.clear();
        self.forced
            .extend(puzzle.givens().map(|(cell, d)| row_of(self.shape, cell, d)));
        if !self.dlx.reset(&self.forced) {
            return answer;
        }
        let n = self.shape.size();
        while answer.count < cap {
            let Some(rows) = self.dlx.next_solution() else {
                break;
            };
            if answer.solution.is_none() {
                let mut cells = vec![0u8; n * n];
                for r in rows {
                    cells[r.index() / n] = (r.index() % n + 1) as u8;
                }
                answer.solution = Grid::new(self.shape, cells);
            }
            answer.count += 1;
        }
        answer.exhausted = answer.count < cap && self.dlx.limit_reached().is_none();
        let s = self.dlx.stats();
        answer.stats = Stats {
            nodes: s.nodes,
            failures: s.failures,
            solutions: s.solutions,
            elapsed: s.elapsed,
            ..Stats::default()
        };
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;

    #[test]
    fn the_matrix_has_four_ones_per_row_and_n_per_column() {
        for shape in [Shape::square(2).unwrap(), Shape::new(2, 3).unwrap()] {
            let m = matrix(shape);
            let n = shape.size();
            assert_eq!(m.num_rows(), n * n * n);
            assert_eq!(m.num_columns(), 4 * n * n);
            let mut per_col = vec![0; m.num_columns()];
            for r in 0..m.num_rows() {
                let row: Vec<usize> = m.row(RowId::new(r)).collect();
                assert_eq!(row.len(), 4);
                for c in row {
                    per_col[c] += 1;
                }
            }
            assert!(per_col.iter().all(|&k| k == n));
        }
    }

    #[test]
    fn an_empty_four_by_four_has_288_solutions_and_a_clash_none() {
        let shape = Shape::square(2).unwrap();
        let mut s = DlxSolver::new(shape);
        let a = s.solve(&Grid::empty(shape), 1000);
        assert_eq!((a.count, a.exhausted), (288, true));
        assert_eq!(verify(&Grid::empty(shape), &a.solution.unwrap()), Ok(()));
        let mut g = Grid::empty(shape);
        g.set(0, 0, 1);
        g.set(0, 3, 1);
        let a = s.solve(&g, 10);
        assert_eq!((a.count, a.exhausted), (0, true));
    }
}
