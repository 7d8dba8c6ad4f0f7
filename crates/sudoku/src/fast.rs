//! A dedicated 9×9 solver on bitboards: the fast path where a puzzle only needs its answer.
//!
//! The board keeps, for each digit, the cells where it may still go as one 81-bit word
//! (`u128`), and where it is placed as another. One round of propagation is a handful of word
//! operations:
//!
//! - **naked singles**: counting each cell's candidates with three accumulators across the
//!   nine digit boards (`ones`, `twos`, `threes`) gives every cell with one candidate, with
//!   none (a contradiction) and with two (the bivalue cells the search guesses on) at once;
//! - **hidden singles**: for each digit and each of the 27 units, the digit's candidates in
//!   the unit: none (and not placed there) is a contradiction, one is a placement;
//! - **locked candidates** when there is no single, at the root or with no bivalue cell to
//!   guess on: a digit confined to one line within a box
//!   leaves the rest of the line, and one confined to one box within a line leaves the rest of
//!   the box;
//! - **guesses**: on a bivalue cell when there is one (each guess then halves the space),
//!   else on the cell with the fewest candidates, depth first, counting solutions up to a cap.
//!
//! This is the design of the classic bitboard solvers (JCZSolve, fsss2) with one word per
//! digit instead of three 27-bit bands; tdoku (T. Dillon, 2019) goes further with SIMD over
//! box "triads". Everything here is safe Rust; no `unsafe` is needed for word operations.
//!
//! ```
//! use csp_sudoku::fast::FastSolver;
//! use csp_sudoku::parse;
//! let p = &parse::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "x").unwrap()[0];
//! let a = FastSolver::new().solve(&p.grid, 2);
//! assert!(a.is_unique());
//! assert!(csp_sudoku::verify(&p.grid, a.solution.as_ref().unwrap()).is_ok());
//! ```

use crate::{Answer, Grid, Shape};
use csp_core::Stats;

const ALL: u128 = (1u128 << 81) - 1;

/// The 27 units (rows, columns, boxes) as cell masks.
const UNITS: [u128; 27] = units();

/// For each cell, the other 20 cells that share a unit with it.
const PEERS: [u128; 81] = peers();

const fn units() -> [u128; 27] {
    let mut u = [0u128; 27];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        let b = (r / 3) * 3 + col / 3;
        u[r] |= 1u128 << c;
        u[9 + col] |= 1u128 << c;
        u[18 + b] |= 1u128 << c;
        c += 1;
    }
    u
}

const fn peers() -> [u128; 81] {
    let u = units();
    let mut p = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        let b = (r / 3) * 3 + col / 3;
        p[c] = (u[r] | u[9 + col] | u[18 + b]) & !(1u128 << c);
        c += 1;
    }
    p
}

/// The 9×9 shape.
fn nine() -> Shape {
    Shape::square(3).expect("3×3 boxes make a shape")
}

/// The state of a search: candidates and placements per digit.
#[derive(Clone, Copy, Debug)]
struct Board {
    cand: [u128; 9],
    placed: [u128; 9],
    open: u128,
}

impl Board {
    fn empty() -> Board {
        Board {
            cand: [ALL; 9],
            placed: [0; 9],
            open: ALL,
        }
    }

    /// Places digit `d` in `cell`; `false` when `d` may not go there.
    #[inline]
    fn place(&mut self, cell: usize, d: usize) -> bool {
        let bit = 1u128 << cell;
        if self.cand[d] & bit == 0 {
            return false;
        }
        self.placed[d] |= bit;
        self.open &= !bit;
        for c in &mut self.cand {
            *c &= !bit;
        }
        self.cand[d] &= !PEERS[cell];
        true
    }

    /// Propagates naked and hidden singles to a fixpoint. `None` on a contradiction; else the
    /// cell to guess on (`None` inside when every cell is placed).
    fn propagate(&mut self, root: bool) -> Option<Option<usize>> {
        loop {
            if self.open == 0 {
                return Some(None);
            }
            let (mut ones, mut twos, mut threes) = (0u128, 0u128, 0u128);
            for &c in &self.cand {
                threes |= twos & c;
                twos |= ones & c;
                ones |= c;
            }
            if self.open & !ones != 0 {
                return None; // a cell without a candidate
            }
            let mut singles = self.open & !twos;
            if singles != 0 {
                while singles != 0 {
                    let cell = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let bit = 1u128 << cell;
                    let d = self.cand.iter().position(|&c| c & bit != 0)?;
                    if !self.place(cell, d) {
                        return None;
                    }
                }
                continue;
            }
            let mut progress = false;
            for d in 0..9 {
                for &u in &UNITS {
                    if self.placed[d] & u != 0 {
                        continue;
                    }
                    let m = self.cand[d] & u;
                    if m == 0 {
                        return None; // the digit has nowhere to go in this unit
                    }
                    if m & (m - 1) == 0 {
                        if !self.place(m.trailing_zeros() as usize, d) {
                            return None;
                        }
                        progress = true;
                    }
                }
            }
            if progress {
                continue;
            }
            let bivalue = twos & !threes & self.open;
            // Locked candidates cost a pass over every box; they pay at the root and where a
            // guess would have three candidates or more (measured on the four shared lists).
            if (root || bivalue == 0) && self.locked_candidates() {
                continue;
            }
            let pick = if bivalue != 0 {
                bivalue.trailing_zeros() as usize
            } else {
                self.fewest()
            };
            return Some(Some(pick));
        }
    }

    /// Locked candidates: where a digit's candidates in a box lie on one row (or column),
    /// the digit leaves the rest of that line ("pointing"); where its candidates on a line lie
    /// in one box, it leaves the rest of the box ("claiming"). Whether anything was removed.
    fn locked_candidates(&mut self) -> bool {
        let mut changed = false;
        for d in 0..9 {
            let mut c = self.cand[d];
            for b in 0..9 {
                let boxm = UNITS[18 + b];
                let m = c & boxm;
                if m == 0 {
                    continue;
                }
                let (r0, c0) = ((b / 3) * 3, (b % 3) * 3);
                for k in 0..3 {
                    for line in [UNITS[r0 + k], UNITS[9 + c0 + k]] {
                        let inter = line & boxm;
                        if m & !inter == 0 {
                            // Pointing: the box's candidates are on this line.
                            c &= !(line & !boxm);
                        }
                        let on_line = c & line;
                        if on_line != 0 && on_line & !inter == 0 {
                            // Claiming: the line's candidates are in this box.
                            c &= !(boxm & !line);
                        }
                    }
                }
            }
            if c != self.cand[d] {
                self.cand[d] = c;
                changed = true;
            }
        }
        changed
    }

    /// The open cell with the fewest candidates (the first such).
    fn fewest(&self) -> usize {
        let mut best = (u32::MAX, 0);
        let mut open = self.open;
        while open != 0 {
            let cell = open.trailing_zeros() as usize;
            open &= open - 1;
            let bit = 1u128 << cell;
            let n = self.cand.iter().filter(|&&c| c & bit != 0).count() as u32;
            if n < best.0 {
                best = (n, cell);
            }
        }
        best.1
    }

    fn grid(&self) -> Grid {
        let mut cells = vec![0u8; 81];
        for (d, &p) in self.placed.iter().enumerate() {
            let mut m = p;
            while m != 0 {
                cells[m.trailing_zeros() as usize] = d as u8 + 1;
                m &= m - 1;
            }
        }
        Grid::new(nine(), cells).expect("81 cells of a 9×9 grid")
    }
}

/// The dedicated 9×9 solver. Counts solutions up to a cap and keeps the first; its
/// [`Answer::stats`] count guesses as nodes and dead ends as failures.
#[derive(Debug, Clone, Default)]
pub struct FastSolver {
    node_limit: Option<u64>,
    /// Boards with a guess open: the board and its guess cell, whose candidates left in
    /// the board are the digits still to try.
    stack: Vec<(Board, usize)>,
}

impl FastSolver {
    /// A solver without limits.
    pub fn new() -> FastSolver {
        FastSolver::default()
    }

    /// Limits the next puzzles' guesses (the search stops with an inexact count).
    pub fn set_limits(&mut self, limits: csp_core::Limits) {
        self.node_limit = limits.nodes;
    }

    /// Counts the solutions of `puzzle` up to `cap` (2 is the uniqueness check) and keeps the
    /// first. A puzzle of another shape than 9×9, or givens that clash, have no solution.
    pub fn solve(&mut self, puzzle: &Grid, cap: u64) -> Answer {
        let start = std::time::Instant::now();
        let mut stats = Stats::default();
        let mut answer = Answer {
            count: 0,
            exhausted: true,
            solution: None,
            stats: Stats::default(),
        };
        if puzzle.shape() != nine() {
            return answer;
        }
        if cap == 0 {
            answer.exhausted = false;
            return answer;
        }
        let mut root = Board::empty();
        for (cell, s) in puzzle.givens() {
            if !root.place(cell, usize::from(s) - 1) {
                return answer;
            }
        }
        // Depth first over (board, cell, digits still to try at that cell).
        self.stack.clear();
        let mut current = Some(root);
        loop {
            if let Some(mut b) = current.take() {
                match b.propagate(stats.nodes == 0) {
                    None => stats.failures += 1,
                    Some(None) => {
                        answer.count += 1;
                        if answer.solution.is_none() {
                            answer.solution = Some(b.grid());
                        }
                        if answer.count >= cap {
                            answer.exhausted = false;
                            break;
                        }
                    }
                    Some(Some(cell)) => self.stack.push((b, cell)),
                }
            }
            // Next branch: the deepest board with a digit left at its guess cell.
            let depth = self.stack.len() as u64;
            let Some((b, cell)) = self.stack.last_mut() else {
                break;
            };
            let bit = 1u128 << *cell;
            let Some(d) = b.cand.iter().position(|&c| c & bit != 0) else {
                self.stack.pop();
                continue;
            };
            // Take `d` out of the parent's candidates (the next branch tries the next digit),
            // and explore a copy with `d` placed.
            let mut child = *b;
            b.cand[d] &= !bit;
            if self.node_limit.is_some_and(|n| stats.nodes >= n) {
                answer.exhausted = false;
                break;
            }
            stats.nodes += 1;
            stats.max_depth = stats.max_depth.max(depth);
            if child.place(*cell, d) {
                current = Some(child);
            } else {
                stats.failures += 1;
            }
        }
        stats.solutions = answer.count;
        stats.elapsed = start.elapsed();
        answer.stats = stats;
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::{ModelKind, Solver, encode, parse, verify};
    use csp_core::SearchConfig;

    /// Every puzzle of the bundled samples: the same count (up to 2) and, when unique, the
    /// same solution as the engine; every solution checked.
    #[test]
    fn answers_equal_the_engines_on_the_samples() {
        let enc = encode(nine(), ModelKind::AllDifferent);
        let mut engine = Solver::new(&enc, SearchConfig::default());
        let mut fast = FastSolver::new();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/sudoku");
        let mut n = 0;
        for f in std::fs::read_dir(dir).unwrap() {
            let path = f.unwrap().path();
            if path.extension().is_some() {
                continue;
            }
            for p in parse::read(&path).unwrap().iter().take(300) {
                let (a, b) = (engine.solve(&p.grid, 2), fast.solve(&p.grid, 2));
                assert_eq!(
                    (a.count, a.exhausted),
                    (b.count, b.exhausted),
                    "{}:{}",
                    path.display(),
                    p.line
                );
                if let Some(s) = &b.solution {
                    verify(&p.grid, s).unwrap();
                    if a.count == 1 {
                        assert_eq!(a.solution.as_ref(), Some(s));
                    }
                }
                n += 1;
            }
        }
        assert!(n >= 800, "{n} puzzles");
    }

    #[test]
    fn empty_grids_clashes_and_caps() {
        let mut fast = FastSolver::new();
        let empty = Grid::empty(nine());
        let a = fast.solve(&empty, 5);
        assert_eq!((a.count, a.exhausted), (5, false));
        verify(&empty, a.solution.as_ref().unwrap()).unwrap();
        // Two 1s in the first row.
        let clash = parse::parse(&format!("11{}", ".".repeat(79)), "x").unwrap();
        let a = fast.solve(&clash[0].grid, 2);
        assert_eq!((a.count, a.exhausted), (0, true));
        // A node limit stops the count, inexact.
        fast.set_limits(csp_core::Limits {
            nodes: Some(3),
            ..Default::default()
        });
        let a = fast.solve(&empty, 1000);
        assert!(!a.exhausted && a.stats.nodes <= 3);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// Random partial grids (clashing givens included): the same count up to 3, the same
        /// exactness and, when unique, the same solution as the engine.
        #[test]
        fn random_partial_grids_agree_with_the_engine(
            cells in proptest::collection::vec((0usize..81, 1u8..=9), 0..40)
        ) {
            let mut g = Grid::empty(nine());
            for (c, s) in cells {
                g.set(c / 9, c % 9, s);
            }
            let enc = encode(nine(), ModelKind::AllDifferent);
            let a = Solver::new(&enc, SearchConfig::default()).solve(&g, 3);
            let b = FastSolver::new().solve(&g, 3);
            proptest::prop_assert_eq!((a.count, a.exhausted), (b.count, b.exhausted));
            if let Some(s) = &b.solution {
                proptest::prop_assert!(verify(&g, s).is_ok());
            }
            if a.is_unique() {
                proptest::prop_assert_eq!(a.solution, b.solution);
            }
        }
    }

    #[test]
    fn the_tables_have_the_right_sizes() {
        for u in UNITS {
            assert_eq!(u.count_ones(), 9);
        }
        for p in PEERS {
            assert_eq!(p.count_ones(), 20);
        }
    }
}
