//! The exact-cover matrix: rows as lists of column indices, primary columns first.

use thiserror::Error;

/// A row of a [`Matrix`], numbered from 0 in the order rows were added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RowId(u32);

impl RowId {
    /// The row with index `i`.
    pub fn new(i: usize) -> Self {
        RowId(i as u32)
    }

    /// This row's index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a row could not be added.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatrixError {
    /// A column index at or beyond the number of columns.
    #[error("row {row}: column {column} is out of range; the matrix has {columns} columns")]
    ColumnOutOfRange {
        /// The row being added.
        row: usize,
        /// The offending column.
        column: usize,
        /// Number of columns (primary + secondary).
        columns: usize,
    },
    /// The same column twice in one row.
    #[error("row {row}: column {column} appears twice")]
    DuplicateColumn {
        /// The row being added.
        row: usize,
        /// The repeated column.
        column: usize,
    },
    /// A row with no primary column. Algorithm X only ever picks a row to cover a primary
    /// column, so such a row would silently never be part of a solution (Knuth requires
    /// every option to have a primary item).
    #[error("row {row} has no primary column (columns 0..{primary} are primary)")]
    NoPrimaryColumn {
        /// The row being added.
        row: usize,
        /// Number of primary columns.
        primary: usize,
    },
}

/// A 0/1 matrix given by the columns of each row. Columns `0..primary` are *primary*: a
/// solution covers each exactly once. Columns `primary..primary + secondary` are
/// *secondary*: covered at most once (Knuth's generalisation, e.g. the diagonals of
/// n-queens).
///
/// ```
/// use csp_exact_cover::Matrix;
/// let mut m = Matrix::new(3, 0);
/// m.add_row(&[0, 1]).unwrap();
/// m.add_row(&[2]).unwrap();
/// m.add_row(&[1, 2]).unwrap();
/// assert_eq!(m.num_rows(), 3);
/// assert!(m.add_row(&[3]).is_err());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Matrix {
    primary: usize,
    secondary: usize,
    start: Vec<u32>,
    cols: Vec<u32>,
}

impl Matrix {
    /// An empty matrix with `primary` primary and `secondary` secondary columns.
    pub fn new(primary: usize, secondary: usize) -> Self {
        Matrix {
            primary,
            secondary,
            start: vec![0],
            cols: Vec::new(),
        }
    }

    /// Adds a row covering `columns` (in any order, no repeats, at least one primary).
    pub fn add_row(&mut self, columns: &[usize]) -> Result<RowId, MatrixError> {
        let row = self.num_rows();
        let n = self.num_columns();
        for (k, &c) in columns.iter().enumerate() {
            if c >= n {
                return Err(MatrixError::ColumnOutOfRange {
                    row,
                    column: c,
                    columns: n,
                });
            }
            if columns[..k].contains(&c) {
                return Err(MatrixError::DuplicateColumn { row, column: c });
            }
        }
        if !columns.iter().any(|&c| c < self.primary) {
            return Err(MatrixError::NoPrimaryColumn {
                row,
                primary: self.primary,
            });
        }
        self.cols.extend(columns.iter().map(|&c| c as u32));
        self.start.push(self.cols.len() as u32);
        Ok(RowId::new(row))
    }

    /// Number of primary columns.
    pub fn primary(&self) -> usize {
        self.primary
    }

    /// Number of secondary columns.
    pub fn secondary(&self) -> usize {
        self.secondary
    }

    /// Number of columns, primary and secondary.
    pub fn num_columns(&self) -> usize {
        self.primary + self.secondary
    }

    /// Number of rows.
    pub fn num_rows(&self) -> usize {
        self.start.len() - 1
    }

    /// Number of 1s.
    pub fn num_ones(&self) -> usize {
        self.cols.len()
    }

    /// The columns of row `r`, in the order given.
    pub fn row(&self, r: RowId) -> impl ExactSizeIterator<Item = usize> + '_ {
        let (a, b) = (self.start[r.index()], self.start[r.index() + 1]);
        self.cols[a as usize..b as usize]
            .iter()
            .map(|&c| c as usize)
    }
}

/// Why a set of rows is not an exact cover.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CoverViolation {
    /// A row index beyond the matrix.
    #[error("row {0} does not exist")]
    NoSuchRow(usize),
    /// A column covered by two rows.
    #[error("column {column} is covered by rows {first} and {second}")]
    Overlap {
        /// The column.
        column: usize,
        /// The first row covering it.
        first: usize,
        /// The second.
        second: usize,
    },
    /// A primary column no row covers.
    #[error("primary column {0} is not covered")]
    Uncovered(usize),
}

/// Checks directly (without dancing links) that `rows` cover every primary column exactly
/// once and every secondary column at most once: the independent check of a solution.
pub fn verify(m: &Matrix, rows: &[RowId]) -> Result<(), CoverViolation> {
    let mut by = vec![usize::MAX; m.num_columns()];
    for &r in rows {
        if r.index() >= m.num_rows() {
            return Err(CoverViolation::NoSuchRow(r.index()));
        }
        for c in m.row(r) {
            if by[c] != usize::MAX {
                return Err(CoverViolation::Overlap {
                    column: c,
                    first: by[c],
                    second: r.index(),
                });
            }
            by[c] = r.index();
        }
    }
    match by[..m.primary()].iter().position(|&r| r == usize::MAX) {
        Some(c) => Err(CoverViolation::Uncovered(c)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_rows_are_refused_with_the_row_and_column() {
        let mut m = Matrix::new(2, 1);
        assert_eq!(
            m.add_row(&[]),
            Err(MatrixError::NoPrimaryColumn { row: 0, primary: 2 })
        );
        assert_eq!(
            m.add_row(&[2]).unwrap_err().to_string(),
            "row 0 has no primary column (columns 0..2 are primary)"
        );
        assert_eq!(
            m.add_row(&[0, 3]).unwrap_err().to_string(),
            "row 0: column 3 is out of range; the matrix has 3 columns"
        );
        assert_eq!(
            m.add_row(&[1, 1]),
            Err(MatrixError::DuplicateColumn { row: 0, column: 1 })
        );
        assert_eq!(m.add_row(&[2, 0]), Ok(RowId::new(0)));
        assert_eq!(m.row(RowId::new(0)).collect::<Vec<_>>(), vec![2, 0]);
    }

    #[test]
    fn verify_names_overlaps_and_uncovered_columns() {
        let mut m = Matrix::new(3, 1);
        let a = m.add_row(&[0, 3]).unwrap();
        let b = m.add_row(&[1, 2]).unwrap();
        let c = m.add_row(&[2, 3]).unwrap();
        assert_eq!(verify(&m, &[a, b]), Ok(()));
        assert_eq!(verify(&m, &[a]), Err(CoverViolation::Uncovered(1)));
        assert_eq!(
            verify(&m, &[a, b, c]),
            Err(CoverViolation::Overlap {
                column: 2,
                first: 1,
                second: 2
            })
        );
        assert_eq!(
            verify(&m, &[RowId::new(9)]),
            Err(CoverViolation::NoSuchRow(9))
        );
    }
}
