//! A dedicated 9×9 solver on bands: the fast path where a puzzle only needs its answer.
//!
//! The board keeps, for each digit and each band (three rows), the band's cells where the
//! digit may go or is placed as one 27-bit word: 27 words in all (108 bytes), copied whole at
//! each guess. Everything is reasoned on these words with small tables:
//!
//! - **bands**: in a band, a digit takes one row in each box and one box in each row — a
//!   permutation of the band's 3×3 *triads* (a row's three cells in one box). Which triads
//!   still lie on a permutation is one lookup on the 9-bit triad matrix; the others are
//!   cleared. This is locked candidates (pointing and claiming) and hidden singles in boxes
//!   at once; a row left with one cell places the digit (a hidden single in the row);
//! - **stacks**: the same on a stack's columns, with the three bands' column masks as the
//!   matrix (hidden singles in columns, locked candidates along columns);
//! - **triads hold three digits**: where three digits are confined to a triad within their
//!   row, the others leave it; where only three digits can go in a triad, each leaves the
//!   rest of its row (naked and hidden triples of a minirow, tdoku's exactly-three clauses);
//! - **naked singles**: counting each cell's candidates across the nine words of a band with
//!   accumulators gives every cell with one candidate, and every cell with none (a
//!   contradiction);
//! - only the digits whose words changed since they were last filtered are revisited;
//! - **guesses** follow tdoku: the band whose digits have the fewest configurations left,
//!   and in it the digit with the fewest (two or more); one branch per configuration, which
//!   partitions the solutions, so counting is exact. Only where every digit's configuration
//!   is fixed does a guess go to a cell (a bivalue one first). Depth first, counting
//!   solutions up to a cap.
//!
//! Sources: the band words and the permutation ("shrink") tables follow JCZSolve (zhouyundong,
//! 2012, improved by champagne); triads, configurations and the guess order follow tdoku
//! (T. Dillon, 2019, <https://t-dillon.github.io/tdoku/>), whose SIMD box vectors this module
//! does not copy: it is safe Rust on `u32` words, with no `unsafe` and no CPU-specific code,
//! so one path serves every machine. Measured against tdoku built side by side: level on
//! 17-clue puzzles, 0.5–0.7× on the harder lists (see docs/sudoku.md).
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

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// A 9-bit row of a band → the boxes (3 bits) where it has a bit.
const ROW_BOXES: [u32; 512] = per_group(Group::Any);

/// The six permutation matrices of 3×3 (bit `3i + j` for entry `(i, j)`): the ways a digit
/// can take one triad per row and per box of a band.
const PERMS: [u32; 6] = [0o421, 0o241, 0o412, 0o142, 0o214, 0o124];

/// A triad matrix → the configurations (bits into [`PERMS`]) inside it.
const CONFIGS: [u8; 512] = configs();

/// A 3×3 0/1 matrix (bit `3i + j` for entry `(i, j)`) → the union of the permutation
/// matrices inside it: the entries that lie on some way of picking one entry per row and
/// per column. Zero when there is none.
const PERMUTATIONS: [u32; 512] = permutations();

/// A triad matrix → the triads alone in their row (where the row's digit must be).
const SOLE_TRIADS: [u32; 512] = per_group(Group::Single);

/// Triads → all the triads of their rows.
const ROW_TRIADS: [u32; 512] = per_group(Group::Whole);

/// Triads of a band (bit `3i + j`: row `i`, box `j`) → their cells.
const TRIAD_CELLS: [u32; 512] = triad_cells();

/// A cell of a band (0..27) → the other cells of its row and box within the band.
const BAND_PEERS: [u32; 27] = band_peers();

/// The three cells of column `c` within a band.
const fn column(c: usize) -> u32 {
    0x40201 << c
}

/// What [`per_group`] keeps of each 3-bit group `g` (number `i`) of a 9-bit index.
#[derive(Clone, Copy)]
enum Group {
    /// Bit `i` when `g` is not empty.
    Any,
    /// `g` when it has a single bit.
    Single,
    /// The whole group when `g` is not empty.
    Whole,
}

/// A table over 9-bit indices, built group by group.
const fn per_group(kind: Group) -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < 3 {
            let g = (m >> (3 * i)) as u32 & 7;
            t[m] |= match kind {
                Group::Any if g != 0 => 1 << i,
                Group::Single if g.is_power_of_two() => g << (3 * i),
                Group::Whole if g != 0 => 7 << (3 * i),
                _ => 0,
            };
            i += 1;
        }
        m += 1;
    }
    t
}

const fn configs() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            if m as u32 & PERMS[p] == PERMS[p] {
                t[m] |= 1 << p;
            }
            p += 1;
        }
        m += 1;
    }
    t
}

const fn permutations() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            if CONFIGS[m] & (1 << p) != 0 {
                t[m] |= PERMS[p];
            }
            p += 1;
        }
        m += 1;
    }
    t
}

const fn triad_cells() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 9 {
            if (m >> k) & 1 != 0 {
                t[m] |= 7 << (9 * (k / 3) + 3 * (k % 3));
            }
            k += 1;
        }
        m += 1;
    }
    t
}

const fn band_peers() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut c = 0;
    while c < 27 {
        let (r, col) = (c / 9, c % 9);
        let row = 0x1ff << (9 * r);
        let boxm = 0o7007007 << (3 * (col / 3));
        t[c] = (row | boxm) & !(1 << c);
        c += 1;
    }
    t
}

/// The 9×9 shape.
fn nine() -> Shape {
    Shape::square(3).expect("3×3 boxes make a shape")
}

/// Where a guess goes: a band and one of its cells (a single bit).
type Cell = (usize, u32);

/// A branching point.
#[derive(Clone, Copy, Debug)]
enum Guess {
    /// The digits left at a cell, one per branch.
    Cell(Cell),
    /// A digit in a band (`cand` index `3d + b`) and its configurations there (bits into
    /// [`PERMS`]) still to try, one per branch.
    Triads(usize, u32),
}

/// The triad matrix of a digit in a band (bit `3i + j`: row `i` has a cell in box `j`).
#[inline]
fn triads(f: u32) -> u32 {
    ROW_BOXES[(f & 0x1ff) as usize]
        | ROW_BOXES[((f >> 9) & 0x1ff) as usize] << 3
        | ROW_BOXES[((f >> 18) & 0x1ff) as usize] << 6
}

/// The state of a search. `cand[3d + b]` holds the cells of band `b` (rows `3b..3b+3`, bit
/// `9r + c` for row `r` of the band and column `c`) where digit `d` may go or is placed;
/// `open[b]` the band's cells not yet placed. `seen` is `cand` as last filtered, so that a
/// round revisits only the digits and bands that changed.
#[derive(Clone, Copy, Debug)]
struct Board {
    cand: [u32; 27],
    seen: [u32; 27],
    open: [u32; 3],
    /// The configurations (bits into [`PERMS`]) of `seen`, as last filtered: derivable from
    /// `seen`, kept because choosing a guess reads all 27 (3–6 % faster on the shared lists
    /// than recomputing them, best of three alternated runs).
    configs: [u8; 27],
}

impl Board {
    fn empty() -> Board {
        Board {
            cand: [BAND; 27],
            seen: [0; 27],
            open: [BAND; 3],
            configs: [0x3f; 27],
        }
    }

    /// Whether digit `d`'s candidates changed since they were last filtered.
    #[inline]
    fn changed(&self, d: usize) -> bool {
        let i = 3 * d;
        (self.cand[i] ^ self.seen[i])
            | (self.cand[i + 1] ^ self.seen[i + 1])
            | (self.cand[i + 2] ^ self.seen[i + 2])
            != 0
    }

    /// Places digit `d` in band `b`'s cell `bit`; `false` when `d` may not go there.
    #[inline]
    fn place(&mut self, d: usize, b: usize, bit: u32) -> bool {
        let k = 3 * d + b;
        if self.cand[k] & bit == 0 {
            return false;
        }
        self.open[b] &= !bit;
        for e in 0..9 {
            self.cand[3 * e + b] &= !bit;
        }
        let pos = bit.trailing_zeros() as usize;
        self.cand[k] = (self.cand[k] & !BAND_PEERS[pos]) | bit;
        let col = column(pos % 9);
        for o in 0..3 {
            if o != b {
                self.cand[3 * d + o] &= !col;
            }
        }
        true
    }

    /// Filters digit `d` to a fixpoint: within each band, the digit takes one row in each
    /// box and one box in each row (a permutation of the band's triads); within each stack,
    /// one column in each box and one box in each column. A row left with one cell places
    /// the digit there. `false` on a contradiction.
    #[inline]
    fn filter_digit(&mut self, d: usize) -> bool {
        let i = 3 * d;
        loop {
            let mut changed = false;
            for b in 0..3 {
                let k = i + b;
                let f = self.cand[k];
                if f == self.seen[k] {
                    continue;
                }
                changed = true;
                let keep = PERMUTATIONS[(triads(f) & 0x1ff) as usize];
                if keep == 0 {
                    return false;
                }
                let f = f & TRIAD_CELLS[(keep & 0x1ff) as usize];
                self.cand[k] = f;
                self.seen[k] = f;
                self.configs[k] = CONFIGS[(keep & 0x1ff) as usize];
                // Rows with one cell left that is not placed yet: hidden singles.
                let open = f & self.open[b];
                if open != 0 {
                    for r in 0..3 {
                        let row = (f >> (9 * r)) & 0x1ff;
                        let bit = row << (9 * r);
                        if row.is_power_of_two() && bit & open != 0 && !self.place(d, b, bit) {
                            return false;
                        }
                    }
                }
            }
            if !changed {
                return true;
            }
            // The stacks: band `b`'s columns of stack `s` form row `b` of a 3×3 matrix.
            let cols = [0, 1, 2].map(|b| {
                let f = self.cand[i + b];
                (f | f >> 9 | f >> 18) & 0x1ff
            });
            let mut keep = [0u32; 3];
            for s in 0..3 {
                let m = (cols[0] >> (3 * s)) & 7
                    | ((cols[1] >> (3 * s)) & 7) << 3
                    | ((cols[2] >> (3 * s)) & 7) << 6;
                let p = PERMUTATIONS[(m & 0x1ff) as usize];
                if p == 0 {
                    return false;
                }
                for (b, k) in keep.iter_mut().enumerate() {
                    *k |= ((p >> (3 * b)) & 7) << (3 * s);
                }
            }
            for (b, k) in keep.into_iter().enumerate() {
                self.cand[i + b] &= k * 0x40201;
            }
        }
    }

    /// Propagates to a fixpoint. `None` on a contradiction; else the guess to branch on
    /// (`None` inside when every cell is placed).
    fn propagate(&mut self) -> Option<Option<Guess>> {
        loop {
            for d in 0..9 {
                if self.changed(d) && !self.filter_digit(d) {
                    return None;
                }
            }
            if !self.fill_triads() {
                return None;
            }
            // Naked singles, band by band: count each cell's candidates with accumulators.
            let mut placed = false;
            let mut guess = None;
            for b in 0..3 {
                let open = self.open[b];
                if open == 0 {
                    continue;
                }
                let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
                for d in 0..9 {
                    let f = self.cand[3 * d + b];
                    threes |= twos & f;
                    twos |= ones & f;
                    ones |= f;
                }
                if open & !ones != 0 {
                    return None; // a cell without a candidate
                }
                let mut singles = open & !twos;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles &= singles - 1;
                    let d = (0..9).find(|&d| self.cand[3 * d + b] & bit != 0)?;
                    if !self.place(d, b, bit) {
                        return None;
                    }
                    placed = true;
                }
                let bivalue = twos & !threes & open;
                if guess.is_none() && bivalue != 0 {
                    guess = Some((b, bivalue & bivalue.wrapping_neg()));
                }
            }
            if placed {
                continue;
            }
            if self.open == [0; 3] {
                return Some(None);
            }
            if (0..9).any(|d| self.changed(d)) {
                continue;
            }
            return Some(Some(self.configurations(guess)));
        }
    }

    /// The three cells of each triad hold three digits: where three digits are confined to a
    /// triad within their row, the other digits leave it (a naked triple), and where only
    /// three digits can go in a triad, each of them leaves the rest of its row (a hidden
    /// triple). `false` when a triad has room for fewer than three digits or more than three
    /// are confined to it.
    fn fill_triads(&mut self) -> bool {
        for b in 0..3 {
            if self.open[b] == 0 {
                continue;
            }
            let mut t = [0u32; 9];
            let (mut p1, mut p2, mut p3, mut p4) = (0u32, 0u32, 0u32, 0u32);
            let (mut c1, mut c2, mut c3, mut c4) = (0u32, 0u32, 0u32, 0u32);
            for (d, t) in t.iter_mut().enumerate() {
                let x = triads(self.cand[3 * d + b]);
                *t = x;
                p4 |= p3 & x;
                p3 |= p2 & x;
                p2 |= p1 & x;
                p1 |= x;
                let y = SOLE_TRIADS[(x & 0x1ff) as usize];
                c4 |= c3 & y;
                c3 |= c2 & y;
                c2 |= c1 & y;
                c1 |= y;
            }
            if p3 != 0x1ff || c4 != 0 {
                return false;
            }
            let full = c3;
            let hidden = p3 & !p4;
            if (full | hidden) == 0 {
                continue;
            }
            for (d, &x) in t.iter().enumerate() {
                let sole = SOLE_TRIADS[(x & 0x1ff) as usize];
                let leave = x & full & !sole;
                let confine = x & hidden & !sole;
                if leave | confine == 0 {
                    continue;
                }
                let k = 3 * d + b;
                self.cand[k] &= !TRIAD_CELLS[(leave & 0x1ff) as usize];
                let confine = confine & 0x1ff;
                self.cand[k] &= !TRIAD_CELLS[ROW_TRIADS[confine as usize] as usize]
                    | TRIAD_CELLS[confine as usize];
            }
        }
        true
    }

    /// The band with the fewest configurations over its digits, and in it the digit with
    /// the fewest (two or more): tdoku's choice (tdoku also weighs the stacks; here that
    /// cost more than it saved). Where every digit has one configuration in every band, a
    /// cell: `bivalue` if there is one, else one with the fewest candidates.
    fn configurations(&self, bivalue: Option<Cell>) -> Guess {
        let mut best = (u32::MAX, 0, 0);
        for b in 0..3 {
            if self.open[b] == 0 {
                continue;
            }
            let mut total = 0;
            let mut pick = (u32::MAX, 0, 0);
            for d in 0..9 {
                let k = 3 * d + b;
                // At a fixpoint every word is as last filtered.
                let configs = u32::from(self.configs[k]);
                let n = configs.count_ones();
                total += n;
                if n > 1 && n < pick.0 {
                    pick = (n, k, configs);
                }
            }
            if pick.0 != u32::MAX && total < best.0 {
                best = (total, pick.1, pick.2);
            }
        }
        if best.0 == u32::MAX {
            return Guess::Cell(bivalue.unwrap_or_else(|| self.fewest()));
        }
        Guess::Triads(best.1, best.2)
    }

    /// The open cell with the fewest candidates (the first such).
    fn fewest(&self) -> Cell {
        let mut best = (u32::MAX, (0, 0));
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open &= open - 1;
                let n = (0..9).filter(|&d| self.cand[3 * d + b] & bit != 0).count() as u32;
                if n < best.0 {
                    best = (n, (b, bit));
                }
            }
        }
        best.1
    }

    fn grid(&self) -> Grid {
        let mut cells = vec![0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut m = self.cand[3 * d + b] & !self.open[b] & BAND;
                while m != 0 {
                    cells[27 * b + m.trailing_zeros() as usize] = d as u8 + 1;
                    m &= m - 1;
                }
            }
        }
        Grid::new(nine(), cells).expect("81 cells of a 9×9 grid")
    }
}

/// The dedicated 9×9 solver. Counts solutions up to a cap and keeps the first; its
/// [`Answer::stats`] count guesses as nodes and dead ends as failures.
#[derive(Debug, Clone, Default)]
pub struct FastSolver {
    limits: csp_core::Limits,
    /// Boards with a guess open, each with the branches still to try (see [`Guess`]).
    stack: Vec<(Board, Guess)>,
}

impl FastSolver {
    /// A solver without limits.
    pub fn new() -> FastSolver {
        FastSolver::default()
    }

    /// Limits the next searches (each stops with an inexact count): nodes and failures,
    /// time per search and a deadline (checked every 1,024 nodes), and a process-wide stop
    /// request ([`csp_core::termination::request_stop`]).
    pub fn set_limits(&mut self, limits: csp_core::Limits) {
        self.limits = limits;
    }

    /// Whether a limit stops the search before its next node.
    fn limit_reached(&self, stats: &Stats, start: std::time::Instant) -> bool {
        let l = &self.limits;
        if l.nodes.is_some_and(|n| stats.nodes >= n)
            || l.failures.is_some_and(|n| stats.failures >= n)
        {
            return true;
        }
        stats.nodes.is_multiple_of(1024)
            && (csp_core::termination::past(l.deadline)
                || l.time.is_some_and(|t| start.elapsed() >= t))
    }

    /// Counts the solutions of `puzzle` up to `cap` (2 is the uniqueness check) and keeps the
    /// first. A puzzle of another shape than 9×9, or givens that clash, have no solution.
    pub fn solve(&mut self, puzzle: &Grid, cap: u64) -> Answer {
        self.solve_without(puzzle, &[], cap)
    }

    /// As [`FastSolver::solve`], with each `(cell, digit)` of `banned` (cells numbered row
    /// by row from 0, digits from 1) taken out of the candidates first. A generator that
    /// removes a clue `d` at `cell` from a puzzle with a unique solution asks
    /// `solve_without(trial, &[(cell, d)], 1)`: any solution is a second one, so the search
    /// stops at the first instead of finding the known one again.
    ///
    /// ```
    /// use csp_sudoku::fast::FastSolver;
    /// use csp_sudoku::parse;
    /// let p = &parse::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "x").unwrap()[0];
    /// let mut fast = FastSolver::new();
    /// let s = fast.solve(&p.grid, 1).solution.unwrap();
    /// // Without its digit in the first open cell the puzzle has no solution: it was unique.
    /// assert_eq!(fast.solve_without(&p.grid, &[(1, s.cells()[1])], 1).count, 0);
    /// ```
    pub fn solve_without(&mut self, puzzle: &Grid, banned: &[(usize, u8)], cap: u64) -> Answer {
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
            let (b, bit) = (cell / 27, 1 << (cell % 27));
            if !root.place(usize::from(s) - 1, b, bit) {
                return answer;
            }
        }
        for &(cell, d) in banned {
            if cell < 81 && (1..=9).contains(&d) {
                root.cand[3 * usize::from(d - 1) + cell / 27] &= !(1 << (cell % 27));
            }
        }
        // Depth first over (board, cell, digits still to try at that cell).
        self.stack.clear();
        let mut current = Some(root);
        loop {
            if let Some(mut b) = current.take() {
                match b.propagate() {
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
            let Some((b, guess)) = self.stack.last_mut() else {
                break;
            };
            let mut child = *b;
            let ok = match guess {
                Guess::Cell((band, bit)) => {
                    let (band, bit) = (*band, *bit);
                    let Some(d) = (0..9).find(|&d| b.cand[3 * d + band] & bit != 0) else {
                        self.stack.pop();
                        continue;
                    };
                    // Take `d` out of the parent's candidates (the next branch tries the
                    // next digit), and explore a copy with `d` placed.
                    b.cand[3 * d + band] &= !bit;
                    child.place(d, band, bit)
                }
                Guess::Triads(k, configs) => {
                    if *configs == 0 {
                        self.stack.pop();
                        continue;
                    }
                    let p = configs.trailing_zeros() as usize;
                    *configs &= *configs - 1;
                    child.cand[*k] &= TRIAD_CELLS[PERMS[p] as usize];
                    true
                }
            };
            if self.limit_reached(&stats, start) {
                answer.exhausted = false;
                break;
            }
            stats.nodes += 1;
            stats.max_depth = stats.max_depth.max(depth);
            if ok {
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

    /// A puzzle is unique exactly when no open cell can take another digit than its
    /// solution's: `solve_without` against the engine's count, on the samples' first puzzles
    /// and on the same puzzles with clues removed.
    #[test]
    fn solving_without_a_digit_finds_the_other_solutions() {
        let enc = encode(nine(), ModelKind::AllDifferent);
        let mut engine = Solver::new(&enc, SearchConfig::default());
        let mut fast = FastSolver::new();
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../data/sudoku/puzzles3_magictour_top1465");
        for (i, p) in parse::read(&path).unwrap().iter().take(20).enumerate() {
            let mut g = p.grid.clone();
            // Every other puzzle loses two clues (and usually its uniqueness).
            if i % 2 == 1 {
                for (cell, _) in p.grid.givens().take(2) {
                    g.set(cell / 9, cell % 9, 0);
                }
            }
            let Some(s) = engine.solve(&g, 1).solution else {
                continue;
            };
            let unique = engine.solve(&g, 2).is_unique();
            let other = (0..81)
                .filter(|&c| g.cells()[c] == 0)
                .any(|c| fast.solve_without(&g, &[(c, s.cells()[c])], 1).count > 0);
            assert_eq!(unique, !other, "line {}", p.line);
        }
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
        // So do a failure limit, a deadline passed and a time limit of zero: within the
        // first 1,024 nodes, long before the thousand solutions asked.
        let past = std::time::Instant::now();
        for limits in [
            csp_core::Limits {
                failures: Some(0),
                ..Default::default()
            },
            csp_core::Limits {
                deadline: Some(past),
                ..Default::default()
            },
            csp_core::Limits {
                time: Some(std::time::Duration::ZERO),
                ..Default::default()
            },
        ] {
            fast.set_limits(limits);
            let a = fast.solve(&empty, 100_000);
            assert!(!a.exhausted && a.stats.nodes < 1024, "{limits:?}: {a:?}");
        }
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
    fn the_tables() {
        // Every entry of a full matrix lies on a permutation; a diagonal is one; a matrix
        // with an empty row or column has none; a matrix with one fixed entry keeps it.
        assert_eq!(PERMUTATIONS[0o777], 0o777);
        assert_eq!(PERMUTATIONS[0o421], 0o421);
        assert_eq!(PERMUTATIONS[0o770], 0);
        assert_eq!(PERMUTATIONS[0o333], 0);
        // Row 0 only in column 0: rows 1 and 2 leave column 0.
        assert_eq!(PERMUTATIONS[0o771], 0o661);
        assert_eq!(ROW_BOXES[0b100_000_001], 0b101);
        assert_eq!(SOLE_TRIADS[0o731], 0o001);
        assert_eq!(SOLE_TRIADS[0o241], 0o241);
        assert_eq!(ROW_TRIADS[0o401], 0o707);
        assert_eq!(CONFIGS[0o777], 0x3f);
        assert_eq!(CONFIGS[0o421], 1);
        assert_eq!(TRIAD_CELLS[0o777], BAND);
        for (c, p) in BAND_PEERS.iter().enumerate() {
            assert_eq!(p.count_ones(), 14, "cell {c}");
        }
    }
}
