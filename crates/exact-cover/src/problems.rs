//! Classic exact-cover problems as matrices: n-queens (with secondary columns) and pentomino
//! tilings. Sudoku's matrix lives in `csp-sudoku`.

use crate::matrix::{Matrix, RowId};

/// n-queens as exact cover (Knuth, "Dancing Links", §3): a primary column per row and per
/// column of the board (each holds exactly one queen), a secondary column per diagonal and
/// anti-diagonal (at most one). Row `i·n + j` places a queen on square `(i, j)`.
///
/// ```
/// use csp_exact_cover::{Dlx, problems::queens};
/// assert_eq!(Dlx::new(&queens(8)).count(u64::MAX).count, 92);
/// ```
pub fn queens(n: usize) -> Matrix {
    let diagonals = (2 * n).saturating_sub(1);
    let mut m = Matrix::new(2 * n, 2 * diagonals);
    for i in 0..n {
        for j in 0..n {
            let diag = 2 * n + (i + j);
            let anti = 2 * n + diagonals + (i + n - 1 - j);
            m.add_row(&[i, n + j, diag, anti])
                .expect("columns are in range");
        }
    }
    m
}

/// The twelve pentominoes by their usual letters, each as five `(row, column)` cells.
pub const PENTOMINOES: [(char, [(u8, u8); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
    ('L', [(0, 0), (1, 0), (1, 1), (1, 2), (1, 3)]),
    ('N', [(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (1, 2), (1, 3)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The distinct orientations (rotations and reflections) of a piece, each normalised to
/// start at row 0, column 0 and sorted.
pub fn orientations(cells: &[(u8, u8)]) -> Vec<Vec<(u8, u8)>> {
    let mut out: Vec<Vec<(u8, u8)>> = Vec::new();
    let mut shape: Vec<(i32, i32)> = cells
        .iter()
        .map(|&(r, c)| (i32::from(r), i32::from(c)))
        .collect();
    for flip in 0..2 {
        for _ in 0..4 {
            shape = shape.iter().map(|&(r, c)| (c, -r)).collect();
            let r0 = shape.iter().map(|p| p.0).min().unwrap_or(0);
            let c0 = shape.iter().map(|p| p.1).min().unwrap_or(0);
            let mut norm: Vec<(u8, u8)> = shape
                .iter()
                .map(|&(r, c)| ((r - r0) as u8, (c - c0) as u8))
                .collect();
            norm.sort_unstable();
            if !out.contains(&norm) {
                out.push(norm);
            }
        }
        if flip == 0 {
            shape = shape.iter().map(|&(r, c)| (r, -c)).collect();
        }
    }
    out
}

/// A pentomino tiling problem: the matrix (a primary column per piece, then per board cell)
/// and what each row places.
#[derive(Debug, Clone)]
pub struct Pentominoes {
    /// The exact-cover matrix.
    pub matrix: Matrix,
    /// Board height.
    pub rows: usize,
    /// Board width.
    pub cols: usize,
    /// Per matrix row: the piece letter and the board cells it covers.
    pub placements: Vec<(char, Vec<(usize, usize)>)>,
}

impl Pentominoes {
    /// The board of a solution, one letter per cell, a line per board row.
    pub fn picture(&self, solution: &[RowId]) -> String {
        let mut board = vec![vec!['.'; self.cols]; self.rows];
        for r in solution {
            let (letter, cells) = &self.placements[r.index()];
            for &(i, j) in cells {
                board[i][j] = *letter;
            }
        }
        board
            .into_iter()
            .map(|row| row.into_iter().collect::<String>() + "\n")
            .collect()
    }
}

/// The twelve pentominoes on a `rows × cols` board (60 cells: 6×10, 5×12, 4×15, 3×20).
/// With `break_symmetry`, the X pentomino (symmetric itself) is kept with its centre strictly
/// inside the upper-left quarter of the board. When no X placement is centred on a symmetry
/// axis — on 6×10, where both sides are even and the X's centre cannot reach the middle —
/// this counts each solution once up to the board's four symmetries (Knuth, "Dancing
/// Links", §4: 6×10 has 2,339 solutions up to symmetry, 9,356 in all). On boards with an
/// odd side, placements centred on the middle line are kept, so some solutions count twice.
///
/// ```
/// use csp_exact_cover::problems::pentominoes;
/// let p = pentominoes(6, 10, true);
/// assert_eq!(p.matrix.num_columns(), 72);
/// ```
pub fn pentominoes(rows: usize, cols: usize, break_symmetry: bool) -> Pentominoes {
    let mut matrix = Matrix::new(12 + rows * cols, 0);
    let mut placements = Vec::new();
    for (p, (letter, cells)) in PENTOMINOES.iter().enumerate() {
        for shape in orientations(cells) {
            let h = shape.iter().map(|c| usize::from(c.0)).max().unwrap_or(0) + 1;
            let w = shape.iter().map(|c| usize::from(c.1)).max().unwrap_or(0) + 1;
            for i in 0..=rows.saturating_sub(h) {
                for j in 0..=cols.saturating_sub(w) {
                    if h > rows || w > cols {
                        continue;
                    }
                    if break_symmetry && *letter == 'X' {
                        // Centre (i + 1, j + 1) strictly in the upper-left quadrant.
                        let (ci, cj) = (2 * (i + 1) + 1, 2 * (j + 1) + 1);
                        if ci > rows || cj > cols {
                            continue;
                        }
                    }
                    let cells: Vec<(usize, usize)> = shape
                        .iter()
                        .map(|&(a, b)| (i + usize::from(a), j + usize::from(b)))
                        .collect();
                    let mut columns = vec![p];
                    columns.extend(cells.iter().map(|&(a, b)| 12 + a * cols + b));
                    matrix.add_row(&columns).expect("columns are in range");
                    placements.push((*letter, cells));
                }
            }
        }
    }
    Pentominoes {
        matrix,
        rows,
        cols,
        placements,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Dlx, verify};

    #[test]
    fn pentominoes_have_the_known_numbers_of_orientations() {
        let counts: Vec<usize> = PENTOMINOES
            .iter()
            .map(|(_, c)| orientations(c).len())
            .collect();
        // F I L N P T U V W X Y Z
        assert_eq!(counts, vec![8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
    }

    #[test]
    fn queens_counts_match_the_known_sequence() {
        // OEIS A000170.
        for (n, expected) in [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (8, 92)] {
            let m = queens(n);
            let mut d = Dlx::new(&m);
            let mut count = 0;
            while let Some(s) = d.next_solution() {
                assert_eq!(verify(&m, s), Ok(()));
                count += 1;
            }
            assert_eq!(count, expected, "n = {n}");
        }
    }

    #[test]
    fn a_pentomino_tiling_is_found_and_drawn() {
        let p = pentominoes(6, 10, true);
        let mut d = Dlx::new(&p.matrix);
        let s = d.solve().expect("6x10 is tileable");
        assert_eq!(verify(&p.matrix, &s), Ok(()));
        let picture = p.picture(&s);
        assert_eq!(picture.lines().count(), 6);
        assert!(!picture.contains('.'));
        for (letter, _) in PENTOMINOES {
            assert_eq!(picture.matches(letter).count(), 5, "{letter}");
        }
    }
}
