//! A dedicated 9×9 solver: the fast path where a puzzle only needs its answer.
//!
//! It is tdoku's DPLL-on-triads solver (T. Dillon, 2019, <https://t-dillon.github.io/tdoku/>),
//! rewritten in Rust (the private module `fast::triads` has the algorithm): each box is one
//! vector of sixteen 16-bit lanes (its nine cells and the six *negative triads* of its minirows and
//! minicolumns), each band one vector of the six ways a digit can be placed in it; boxes
//! and bands propagate singles, hidden singles, locked candidates and the triads' exactly-
//! three clauses into each other on whole vectors, and guesses split a digit's
//! configurations in the band with the fewest, so counting is exact. A solution counts only
//! after a check that it is a sudoku.
//!
//! The search is written once over a small set of lane operations (the private module
//! `fast::lanes`) and compiled twice: on AVX2 registers, chosen at run time when the CPU has
//! AVX2, POPCNT, BMI1 and BMI2, and on plain arrays for every other CPU. Both search the same
//! tree: the same counts, the same first solution and the same node counts (tested). The AVX2
//! functions are safe Rust (`#[target_feature]` functions, in which the intrinsics are safe);
//! the one `unsafe` block of the workspace is the dispatcher's call into them after the CPU
//! check.
//!
//! Measured side by side with tdoku's best build on the shared lists (`benches/sudoku_peers.py`)
//! it runs at 1.00–1.07× tdoku's speed (a few per cent apart run to run); the portable path at a quarter to a third of the AVX2
//! one (see docs/sudoku.md).
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

mod lanes;
mod triads;

/// Bit `i` set where cell `i` of the 81 has a digit: eight cells at a time, with word
/// arithmetic (SWAR) that every CPU runs without a branch per cell.
fn clue_mask(cells: &[u8]) -> u128 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Gathers bit 0 of each byte into the top byte, first byte lowest.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let mut mask = 0u128;
    let (chunks, _) = cells.as_chunks::<8>();
    for (i, &chunk) in chunks.iter().enumerate() {
        let x = u64::from_le_bytes(chunk);
        // A byte's high bit is set when the byte is not zero.
        let non_zero = (((x & LOW7) + LOW7) | x) & HIGH;
        let bits = (non_zero >> 7).wrapping_mul(GATHER) >> 56;
        mask |= u128::from(bits) << (8 * i);
    }
    for (i, &c) in cells.iter().enumerate().skip(cells.len() / 8 * 8) {
        mask |= u128::from(c != 0) << i;
    }
    mask
}

/// Whether two of the givens (the cells of `cells` marked in `clues`, two words: cells 0–63,
/// 64–80) share a digit and a row, column or box.
fn clashes(cells: &[u8; 81], clues: [u64; 2]) -> bool {
    // The digits used in rows (0–8), columns (9–17) and boxes (18–26).
    let mut used = [0u16; 27];
    for (word, mut bits) in clues.into_iter().enumerate() {
        while bits != 0 {
            let cell = 64 * word + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let Some(&digit) = cells.get(cell) else { break };
            let (row, col) = (cell / 9, cell % 9);
            let units = [row, 9 + col, 18 + row / 3 * 3 + col / 3];
            let bit = 1u16 << digit;
            if units.iter().any(|&u| used[u] & bit != 0) {
                return true;
            }
            for u in units {
                used[u] |= bit;
            }
        }
    }
    false
}

/// The 9×9 shape.
fn nine() -> Shape {
    Shape::square(3).expect("3×3 boxes make a shape")
}

/// The dedicated 9×9 solver. Counts solutions up to a cap and keeps the first; its
/// [`Answer::stats`] count guesses as nodes and dead ends as failures.
#[derive(Debug, Clone)]
pub struct FastSolver {
    limits: csp_core::Limits,
    lanes: Lanes,
}

/// The vector instructions the solver runs on: the same search either way (the same answers,
/// solutions and node counts), only the speed differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lanes {
    /// AVX2 (with POPCNT, BMI1 and BMI2): 256-bit boxes, 128-bit bands; x86-64 CPUs since
    /// 2013–2015.
    Avx2,
    /// Plain Rust on arrays of lanes, for every CPU.
    Portable,
}

impl Lanes {
    /// The fastest this CPU runs (checked once, then cached by the standard library).
    pub fn best() -> Lanes {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
        {
            return Lanes::Avx2;
        }
        Lanes::Portable
    }
}

impl Default for FastSolver {
    fn default() -> FastSolver {
        FastSolver {
            limits: csp_core::Limits::default(),
            lanes: Lanes::best(),
        }
    }
}

impl FastSolver {
    /// A solver without limits, on the fastest lanes this CPU has.
    pub fn new() -> FastSolver {
        FastSolver::default()
    }

    /// A solver on the given lanes, or `None` when this CPU lacks them.
    ///
    /// ```
    /// use csp_sudoku::fast::{FastSolver, Lanes};
    /// assert!(FastSolver::with_lanes(Lanes::Portable).is_some());
    /// ```
    pub fn with_lanes(lanes: Lanes) -> Option<FastSolver> {
        if lanes == Lanes::Avx2 && Lanes::best() != Lanes::Avx2 {
            return None;
        }
        Some(FastSolver {
            lanes,
            ..FastSolver::default()
        })
    }

    /// The lanes this solver runs on.
    pub fn lanes(&self) -> Lanes {
        self.lanes
    }

    /// Limits the next searches (each stops with an inexact count): nodes and failures,
    /// time per search and a deadline (checked every 1,024 nodes), and a process-wide stop
    /// request ([`csp_core::termination::request_stop`]).
    pub fn set_limits(&mut self, limits: csp_core::Limits) {
        self.limits = limits;
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
        let mut answer = Answer {
            count: 0,
            exhausted: true,
            solution: None,
            stats: Stats::default(),
        };
        self.search(puzzle, banned, cap, &mut answer);
        answer
    }

    /// As [`FastSolver::solve`], into `answer`: a solution goes into the grid `answer`
    /// already holds, so that a batch reusing its answers allocates nothing per puzzle.
    ///
    /// ```
    /// use csp_sudoku::fast::FastSolver;
    /// use csp_sudoku::parse;
    /// let p = &parse::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "x").unwrap()[0];
    /// let mut fast = FastSolver::new();
    /// let mut answer = fast.solve(&p.grid, 1);
    /// fast.solve_into(&p.grid, 2, &mut answer);
    /// assert!(answer.is_unique());
    /// ```
    pub fn solve_into(&mut self, puzzle: &Grid, cap: u64, answer: &mut Answer) {
        self.search(puzzle, &[], cap, answer);
    }

    /// Searches `puzzle` without the `banned` candidates and writes every field of `answer`.
    fn search(&mut self, puzzle: &Grid, banned: &[(usize, u8)], cap: u64, answer: &mut Answer) {
        let start = std::time::Instant::now();
        answer.count = 0;
        answer.exhausted = cap > 0;
        answer.stats = Stats::default();
        let Some(cells) = <&[u8; 81]>::try_from(puzzle.cells())
            .ok()
            .filter(|_| puzzle.shape() == nine() && cap > 0)
        else {
            answer.solution = None;
            return;
        };
        // Only the cells with a digit are visited (a scan that branches on every cell
        // mispredicts on most of them).
        let clues = clue_mask(cells);
        let clues = [clues as u64, (clues >> 64) as u64];
        let limits = &self.limits;
        let mut stop = || {
            csp_core::termination::past(limits.deadline)
                || limits.time.is_some_and(|t| start.elapsed() >= t)
        };
        let mut search = triads::Search {
            cap,
            count: 0,
            solution: None,
            nodes: 0,
            failures: 0,
            max_depth: 0,
            stopped: false,
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            max_failures: limits.failures.unwrap_or(u64::MAX),
            stop: &mut stop,
        };
        match self.lanes {
            #[cfg(target_arch = "x86_64")]
            Lanes::Avx2 => {
                // The one `unsafe` of the workspace. `triads::avx2::solve` is compiled for
                // AVX2, POPCNT, BMI1 and BMI2, so calling it is sound only on a CPU that has them:
                // `self.lanes` is `Avx2` only when `Lanes::best` detected them at run time.
                // A safe alternative would need the whole binary built for AVX2
                // (`-C target-cpu`), or a SIMD crate whose runtime dispatch still ends in
                // an `unsafe` call of its own; `std::simd` is unstable.
                #[allow(unsafe_code, reason = "after the CPU check above")]
                unsafe {
                    triads::avx2::solve(cells, clues, banned, &mut search);
                }
            }
            _ => triads::portable::solve(cells, clues, banned, &mut search),
        }
        // Clashing givens count no solution; only then is it worth telling them apart.
        if search.count == 0 && clashes(cells, clues) {
            answer.solution = None;
            answer.stats.elapsed = start.elapsed();
            return;
        }
        answer.count = search.count;
        answer.exhausted = !search.stopped && search.count < cap;
        match (&mut answer.solution, search.solution) {
            (Some(grid), Some(cells)) if grid.shape() == nine() => grid.fill(&cells),
            (slot, found) => {
                *slot = found
                    .map(|cells| Grid::new(nine(), cells.to_vec()).expect("81 cells of a 9×9 grid"))
            }
        }
        answer.stats = Stats {
            nodes: search.nodes,
            failures: search.failures,
            max_depth: search.max_depth,
            solutions: search.count,
            elapsed: start.elapsed(),
            ..Stats::default()
        };
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

    /// One answer reused over puzzles with one, several and no solutions (and clashes):
    /// each time what a fresh `solve` gives.
    #[test]
    fn solving_into_a_reused_answer_equals_a_fresh_solve() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../data/sudoku/puzzles3_magictour_top1465");
        let mut fast = FastSolver::new();
        let mut reused = Answer::default();
        let mut grids: Vec<Grid> = Vec::new();
        for p in parse::read(&path).unwrap().iter().take(40) {
            let mut fewer = p.grid.clone();
            for (cell, _) in p.grid.givens().take(3) {
                fewer.set(cell / 9, cell % 9, 0);
            }
            let mut clash = p.grid.clone();
            let (cell, d) = p.grid.givens().next().unwrap();
            clash.set(cell / 9, (cell % 9 + 1) % 9, d);
            grids.extend([p.grid.clone(), fewer, clash]);
        }
        grids.push(Grid::empty(Shape::square(2).unwrap()));
        grids.push(Grid::empty(nine()));
        for g in &grids {
            for cap in [0, 1, 2, 3] {
                fast.solve_into(g, cap, &mut reused);
                let fresh = fast.solve(g, cap);
                let key = |a: &Answer| (a.count, a.exhausted, a.solution.clone(), a.stats.nodes);
                assert_eq!(key(&reused), key(&fresh), "{g:?} cap {cap}");
            }
        }
    }

    #[test]
    fn empty_grids_clashes_and_caps() {
        let mut fast = FastSolver::new();
        let empty = Grid::empty(nine());
        let a = fast.solve(&empty, 5);
        assert_eq!((a.count, a.exhausted), (5, false));
        verify(&empty, a.solution.as_ref().unwrap()).unwrap();
        // Two 1s in the first row, column and box: no solution, and nothing reported searched.
        for (a, b) in [(0, 8), (0, 72), (0, 20), (80, 60)] {
            let mut cells = vec![b'.'; 81];
            (cells[a], cells[b]) = (b'1', b'1');
            let clash = parse::parse(std::str::from_utf8(&cells).unwrap(), "x").unwrap();
            let cells: &[u8; 81] = clash[0].grid.cells().try_into().unwrap();
            let m = clue_mask(cells);
            assert!(clashes(cells, [m as u64, (m >> 64) as u64]));
            let mut apart = *cells;
            apart[b] = 2;
            assert!(!clashes(&apart, [m as u64, (m >> 64) as u64]));
            let a = fast.solve(&clash[0].grid, 2);
            assert_eq!((a.count, a.exhausted, a.stats.nodes), (0, true, 0));
        }
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

        /// The word-at-a-time mask of the clues against a loop over the cells.
        #[test]
        fn the_clue_mask_marks_exactly_the_cells_with_a_digit(
            cells in proptest::collection::vec(proptest::prop_oneof![
                proptest::strategy::Just(0u8), 1u8..=9, proptest::strategy::Just(255u8)
            ], 81)
        ) {
            let slow = cells
                .iter()
                .enumerate()
                .fold(0u128, |m, (i, &c)| m | (u128::from(c != 0) << i));
            proptest::prop_assert_eq!(clue_mask(&cells), slow);
        }

        /// Random partial grids (clashing givens included): the same count up to 3, the same
        /// exactness and, when unique, the same solution as the engine; the portable lanes
        /// give the same answer as the default ones, node for node.
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
            let c = FastSolver::with_lanes(Lanes::Portable).unwrap().solve(&g, 3);
            proptest::prop_assert_eq!((a.count, a.exhausted), (b.count, b.exhausted));
            proptest::prop_assert_eq!(&b.solution, &c.solution);
            proptest::prop_assert_eq!((b.count, b.stats.nodes), (c.count, c.stats.nodes));
            if let Some(s) = &b.solution {
                proptest::prop_assert!(verify(&g, s).is_ok());
            }
            if a.is_unique() {
                proptest::prop_assert_eq!(a.solution, b.solution);
            }
        }
    }

    /// The AVX2 and the portable lanes search the same tree: the same counts, the same
    /// first solution, the same nodes, failures and depth, on the first 3,000 puzzles of each
    /// list (the full sets when present, else the bundled samples), also with a candidate
    /// banned. Skipped
    /// (with a note) on a CPU without AVX2.
    #[test]
    fn avx2_and_portable_lanes_search_the_same_tree() {
        let Some(mut avx2) = FastSolver::with_lanes(Lanes::Avx2) else {
            eprintln!("no AVX2 on this CPU: only the portable lanes run");
            return;
        };
        let mut portable = FastSolver::with_lanes(Lanes::Portable).unwrap();
        assert_eq!(
            (avx2.lanes(), portable.lanes()),
            (Lanes::Avx2, Lanes::Portable)
        );
        let key = |a: Answer| {
            let s = a.stats;
            (
                a.count,
                a.exhausted,
                a.solution,
                s.nodes,
                s.failures,
                s.max_depth,
            )
        };
        let mut n = 0;
        for list in [
            "puzzles2_17_clue",
            "puzzles3_magictour_top1465",
            "puzzles6_forum_hardest_1106_shared301",
            "puzzles7_serg_benchmark",
        ] {
            let path = csp_testdata::open(&format!("sudoku/{list}"))
                .path()
                .to_path_buf();
            for p in parse::read(&path).unwrap().iter().take(3000) {
                for cap in [1, 2] {
                    let (a, b) = (avx2.solve(&p.grid, cap), portable.solve(&p.grid, cap));
                    assert_eq!(key(a), key(b), "{list}:{}", p.line);
                }
                let banned = [(p.line % 81, (p.line % 9) as u8 + 1)];
                let (a, b) = (
                    avx2.solve_without(&p.grid, &banned, 2),
                    portable.solve_without(&p.grid, &banned, 2),
                );
                assert_eq!(key(a), key(b), "{list}:{} without {banned:?}", p.line);
                n += 1;
            }
        }
        assert!(n >= 800, "{n} puzzles");
    }
}
