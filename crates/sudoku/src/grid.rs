//! Grids of symbols: puzzles (with blanks) and solutions, their one-line and pretty forms.

use crate::shape::Shape;
use std::fmt::Write as _;

/// A grid: `cells[row · size + col]` is the symbol `1..=size`, or 0 for a blank.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// Two givens that share a unit and a symbol: the puzzle has no solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clash {
    /// The symbol given twice.
    pub symbol: u8,
    /// The two cells (indices `row · size + col`).
    pub cells: (usize, usize),
    /// Which unit they share: `row`, `column` or `box`.
    pub unit: &'static str,
}

impl Clash {
    /// The clash in words, for a grid of side `size`: "the givens clash: 5 twice in a row,
    /// at r1c1 and r1c9".
    pub fn describe(&self, size: usize) -> String {
        let rc = |i: usize| format!("r{}c{}", i / size + 1, i % size + 1);
        format!(
            "the givens clash: {} twice in a {}, at {} and {}",
            symbol_char(self.symbol),
            self.unit,
            rc(self.cells.0),
            rc(self.cells.1)
        )
    }
}

impl Grid {
    /// A grid of `shape` from its cells (row by row, 0 for blank). `None` when the length is
    /// not `size²` or a symbol exceeds `size`.
    pub fn new(shape: Shape, cells: Vec<u8>) -> Option<Grid> {
        let ok =
            cells.len() == shape.cells() && cells.iter().all(|&c| usize::from(c) <= shape.size());
        ok.then_some(Grid { shape, cells })
    }

    /// Overwrites every cell with `cells` (row by row, 0 = blank) of the same shape.
    /// (The callers are solvers that write checked solutions: the symbols are checked in
    /// debug builds only.)
    pub(crate) fn fill(&mut self, cells: &[u8]) {
        debug_assert!(cells.iter().all(|&c| usize::from(c) <= self.shape.size()));
        self.cells.copy_from_slice(cells);
    }

    /// An empty grid.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells, row by row (0 = blank).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The symbol at `(row, col)` (0 = blank).
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.shape.size() + col]
    }

    /// Sets the symbol at `(row, col)` (0 = blank); panics if `symbol > size`.
    pub fn set(&mut self, row: usize, col: usize, symbol: u8) {
        assert!(
            usize::from(symbol) <= self.shape.size(),
            "symbol out of range"
        );
        let n = self.shape.size();
        self.cells[row * n + col] = symbol;
    }

    /// The filled cells as `(index, symbol)`.
    pub fn givens(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s != 0)
            .map(|(i, &s)| (i, s))
    }

    /// Number of filled cells.
    pub fn num_givens(&self) -> usize {
        self.cells.iter().filter(|&&s| s != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&s| s != 0)
    }

    /// The first pair of equal symbols in a unit, if any (a puzzle with one has no solution).
    pub fn clash(&self) -> Option<Clash> {
        let n = self.shape.size();
        for (u, unit) in self.shape.units().iter().enumerate() {
            let mut seen = vec![usize::MAX; n + 1];
            for &i in unit {
                let s = self.cells[i];
                if s == 0 {
                    continue;
                }
                if seen[usize::from(s)] != usize::MAX {
                    let unit = ["row", "column", "box"][u / n];
                    return Some(Clash {
                        symbol: s,
                        cells: (seen[usize::from(s)], i),
                        unit,
                    });
                }
                seen[usize::from(s)] = i;
            }
        }
        None
    }

    /// The grid on one line: `.` for blanks; symbols `1-9` then `A-Z` when `size ≤ 35`,
    /// otherwise numbers separated by spaces with `0` for blanks.
    pub fn to_line(&self) -> String {
        if self.shape.size() <= 35 {
            self.cells.iter().map(|&s| symbol_char(s)).collect()
        } else {
            let cells: Vec<String> = self.cells.iter().map(u8::to_string).collect();
            cells.join(" ")
        }
    }

    /// The grid drawn with box separators, one row per line.
    pub fn pretty(&self) -> String {
        let n = self.shape.size();
        let wide = n > 35;
        let width = if wide { 2 } else { 1 };
        let cell = |s: u8| {
            if wide {
                if s == 0 {
                    format!("{:>2}", ".")
                } else {
                    format!("{s:>2}")
                }
            } else {
                symbol_char(s).to_string()
            }
        };
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let segment = "-".repeat(bc * (width + 1) + 1);
        let rule = vec![segment; n / bc].join("+");
        let mut out = String::new();
        for r in 0..n {
            if r > 0 && r % br == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            for c in 0..n {
                if c > 0 && c % bc == 0 {
                    out.push_str(" |");
                }
                let _ = write!(out, " {}", cell(self.get(r, c)));
            }
            out.push('\n');
        }
        out
    }
}

/// The character for a symbol: `.` for 0, `1-9`, then `A-Z` for 10..=35.
pub fn symbol_char(s: u8) -> char {
    match s {
        0 => '.',
        1..=9 => char::from(b'0' + s),
        10..=35 => char::from(b'A' + s - 10),
        _ => '?',
    }
}

/// The symbol of a character: `Some(0)` for a blank (`.`, `0`, `_`, `*`), `1-9`, then
/// `A-Z` (either case) as 10..=35; `None` otherwise.
pub fn char_symbol(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' | '_' | '*' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='Z' => Some(ch as u8 - b'A' + 10),
        'a'..='z' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_form_round_trips_symbols() {
        let s = Shape::square(4).unwrap();
        let mut g = Grid::empty(s);
        g.set(0, 0, 16);
        g.set(15, 15, 9);
        let line = g.to_line();
        assert_eq!(line.len(), 256);
        assert!(line.starts_with('G'));
        assert!(line.ends_with('9'));
        assert_eq!(char_symbol('g'), Some(16));
    }

    #[test]
    fn clash_names_the_shared_unit() {
        let s = Shape::square(2).unwrap();
        let mut g = Grid::empty(s);
        g.set(0, 0, 1);
        g.set(1, 1, 1);
        let c = g.clash().unwrap();
        assert_eq!((c.unit, c.cells, c.symbol), ("box", (0, 5), 1));
    }

    #[test]
    fn pretty_draws_box_separators() {
        let s = Shape::new(2, 3).unwrap();
        let g = Grid::empty(s);
        let p = g.pretty();
        assert_eq!(p.lines().count(), 6 + 2);
        assert_eq!(p.lines().next().unwrap(), " . . . | . . .");
    }
}
