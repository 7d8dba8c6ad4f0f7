//! The shape of a sudoku grid: box height and width, and the units and peers they imply.

use csp_colouring::Graph;
use std::fmt;

/// A grid of `size × size` cells, `size = box_rows · box_cols`, cut into boxes of
/// `box_rows × box_cols` cells; each row, column and box holds every symbol `1..=size` once.
/// The classic sudoku is `Shape::square(3)`; 6×6 with 2×3 boxes is `Shape::new(2, 3)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: usize,
    box_cols: usize,
}

/// The largest grid side supported (symbols must fit one machine word of domain).
pub const MAX_SIZE: usize = 64;

impl Shape {
    /// Boxes of `box_rows × box_cols` cells; `None` unless both are at least 1 and the side
    /// is between 1 and [`MAX_SIZE`].
    pub fn new(box_rows: usize, box_cols: usize) -> Option<Shape> {
        let ok = box_rows >= 1 && box_cols >= 1 && box_rows * box_cols <= MAX_SIZE;
        ok.then_some(Shape { box_rows, box_cols })
    }

    /// Square boxes of `n × n` cells: the `n² × n²` sudoku (`n = 3` is the classic 9×9).
    pub fn square(n: usize) -> Option<Shape> {
        Shape::new(n, n)
    }

    /// The usual shape for a side of `size` cells: square boxes when `size` is a square,
    /// otherwise boxes as close to square as possible, wider than tall (6 → 2×3, 12 → 3×4).
    /// `None` for sides below 4 or above [`MAX_SIZE`], and for primes (no proper boxes).
    pub fn for_size(size: usize) -> Option<Shape> {
        if !(4..=MAX_SIZE).contains(&size) {
            return None;
        }
        let rows = (2..=size.isqrt()).rev().find(|r| size.is_multiple_of(*r))?;
        Shape::new(rows, size / rows)
    }

    /// Cells per row, column and box (the number of symbols).
    pub fn size(self) -> usize {
        self.box_rows * self.box_cols
    }

    /// Box height.
    pub fn box_rows(self) -> usize {
        self.box_rows
    }

    /// Box width.
    pub fn box_cols(self) -> usize {
        self.box_cols
    }

    /// Number of cells, `size²`.
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// The index of the box holding cell `(row, col)`, boxes numbered row by row.
    pub fn box_of(self, row: usize, col: usize) -> usize {
        (row / self.box_rows) * (self.size() / self.box_cols) + col / self.box_cols
    }

    /// The `3·size` units: rows, then columns, then boxes; each a list of cell indices
    /// (`row · size + col`).
    pub fn units(self) -> Vec<Vec<usize>> {
        let n = self.size();
        let mut units = Vec::with_capacity(3 * n);
        for r in 0..n {
            units.push((0..n).map(|c| r * n + c).collect());
        }
        for c in 0..n {
            units.push((0..n).map(|r| r * n + c).collect());
        }
        let mut boxes = vec![Vec::with_capacity(n); n];
        for r in 0..n {
            for c in 0..n {
                boxes[self.box_of(r, c)].push(r * n + c);
            }
        }
        units.extend(boxes);
        units
    }

    /// The sudoku graph: a vertex per cell, an edge between two cells that share a unit.
    /// For the 9×9 grid: 81 vertices, 810 edges, every degree 20; in general
    /// `size²` vertices of degree `3·size − box_rows − box_cols − 1`.
    pub fn graph(self) -> Graph {
        let n = self.size();
        let names = (0..self.cells())
            .map(|i| format!("r{}c{}", i / n + 1, i % n + 1))
            .collect();
        let mut g = Graph::with_names(names);
        for unit in self.units() {
            for (i, &a) in unit.iter().enumerate() {
                for &b in &unit[i + 1..] {
                    g.add_edge(a, b);
                }
            }
        }
        g.finish();
        g
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        write!(f, "{n}×{n} ({}×{} boxes)", self.box_rows, self.box_cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_graph_has_81_vertices_810_edges_and_degree_20() {
        let g = Shape::square(3).unwrap().graph();
        assert_eq!(g.len(), 81);
        assert_eq!(g.edge_count(), 810);
        assert!((0..81).all(|v| g.degree(v) == 20));
    }

    #[test]
    fn graph_counts_follow_the_formula_for_every_shape() {
        for (r, c) in [(2, 2), (2, 3), (3, 4), (4, 4), (5, 5), (6, 6)] {
            let s = Shape::new(r, c).unwrap();
            let n = s.size();
            let g = s.graph();
            let degree = 3 * n - r - c - 1;
            assert_eq!(g.len(), n * n);
            assert!((0..n * n).all(|v| g.degree(v) == degree), "{s}");
            assert_eq!(g.edge_count(), n * n * degree / 2, "{s}");
        }
    }

    #[test]
    fn usual_shapes_are_as_square_as_possible() {
        assert_eq!(Shape::for_size(9), Shape::new(3, 3));
        assert_eq!(Shape::for_size(6), Shape::new(2, 3));
        assert_eq!(Shape::for_size(12), Shape::new(3, 4));
        assert_eq!(Shape::for_size(7), None);
        assert_eq!(Shape::for_size(3), None);
        assert_eq!(Shape::for_size(36), Shape::new(6, 6));
    }

    #[test]
    fn boxes_are_numbered_row_by_row() {
        let s = Shape::new(2, 3).unwrap();
        assert_eq!(s.box_of(0, 0), 0);
        assert_eq!(s.box_of(0, 3), 1);
        assert_eq!(s.box_of(2, 0), 2);
        assert_eq!(s.box_of(5, 5), 5);
    }
}
