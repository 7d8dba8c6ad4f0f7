//! Sudoku as SAT: a boolean variable per (cell, digit), `n³` of them (729 for 9×9), with
//! variable `cell·n + d − 1` true when `cell` holds `d` (DIMACS number one more).
//!
//! Two encodings (Lynce & Ouaknine, "Sudoku as a SAT Problem", 2006):
//! - **minimal**: every cell has a digit (`n²` clauses), and no digit twice in a unit
//!   (`3n · n · n(n−1)/2` binary clauses): 8,829 clauses for 9×9. A cell cannot hold two
//!   digits in a model anyway: its row would then miss one.
//! - **extended**: also at most one digit per cell and every digit somewhere in every unit:
//!   11,988 clauses for 9×9. Redundant, and much easier for the solver (the "hidden single"
//!   becomes a unit propagation).
//!
//! The givens are unit clauses. [`SatSolver`] propagates them once (level-0 simplification,
//! [`csp_sat::UnitPropagator`]) and gives batsat the reduced formula; uniqueness is a second
//! call with the first solution blocked.

use crate::encode::Answer;
use crate::grid::Grid;
use crate::shape::Shape;
use csp_core::Stats;
use csp_sat::{Cnf, Lit, Solver, UnitPropagator, Var};
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

/// Which clauses state the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Encoding {
    /// At least one digit per cell, at most one of each digit per unit.
    Minimal,
    /// Minimal, plus at most one digit per cell and each digit at least once per unit.
    #[default]
    Extended,
}

impl Encoding {
    /// Both encodings.
    pub const ALL: [Encoding; 2] = [Encoding::Minimal, Encoding::Extended];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Minimal => "minimal",
            Encoding::Extended => "extended",
        }
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Encoding {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "minimal" => Ok(Encoding::Minimal),
            "extended" => Ok(Encoding::Extended),
            _ => Err(format!(
                "unknown encoding `{s}`; expected minimal or extended"
            )),
        }
    }
}

/// The variable for digit `d` (1-based) in `cell`.
pub fn var(shape: Shape, cell: usize, d: u8) -> Var {
    Var::new(cell * shape.size() + usize::from(d) - 1)
}

/// The rules of `shape` in `encoding`, without givens.
///
/// ```
/// use csp_sudoku::{Shape, sat::{Encoding, rules}};
/// let nine = Shape::square(3).unwrap();
/// assert_eq!(rules(nine, Encoding::Minimal).num_clauses(), 8_829);
/// assert_eq!(rules(nine, Encoding::Extended).num_clauses(), 11_988);
/// assert_eq!(rules(nine, Encoding::Extended).num_vars(), 729);
/// ```
pub fn rules(shape: Shape, encoding: Encoding) -> Cnf {
    let n = shape.size();
    let mut f = Cnf::with_vars(n * n * n);
    let x = |cell: usize, d: usize| Var::new(cell * n + d);
    let mut clause = Vec::with_capacity(n);
    for cell in 0..n * n {
        clause.clear();
        clause.extend((0..n).map(|d| x(cell, d).positive()));
        f.add_clause(&clause);
    }
    let units = shape.units();
    for unit in &units {
        for d in 0..n {
            for (i, &a) in unit.iter().enumerate() {
                for &b in &unit[i + 1..] {
                    f.add_clause(&[x(a, d).negative(), x(b, d).negative()]);
                }
            }
        }
    }
    if encoding == Encoding::Extended {
        for cell in 0..n * n {
            for d in 0..n {
                for e in d + 1..n {
                    f.add_clause(&[x(cell, d).negative(), x(cell, e).negative()]);
                }
            }
        }
        for unit in &units {
            for d in 0..n {
                clause.clear();
                clause.extend(unit.iter().map(|&c| x(c, d).positive()));
                f.add_clause(&clause);
            }
        }
    }
    f
}

/// The givens of `puzzle` as literals.
pub fn givens(puzzle: &Grid) -> Vec<Lit> {
    puzzle
        .givens()
        .map(|(cell, d)| var(puzzle.shape(), cell, d).positive())
        .collect()
}

/// The whole formula of a puzzle: the rules and a unit clause per given (what
/// `csp sudoku cnf` writes).
pub fn puzzle_cnf(puzzle: &Grid, encoding: Encoding) -> Cnf {
    let mut f = rules(puzzle.shape(), encoding);
    for l in givens(puzzle) {
        f.add_clause(&[l]);
    }
    f
}

/// The grid of a model (the first true digit of each cell; 0 where none is).
pub fn decode(shape: Shape, model: &[bool]) -> Grid {
    let n = shape.size();
    let cells = (0..n * n)
        .map(|cell| {
            (0..n)
                .find(|&d| model.get(cell * n + d) == Some(&true))
                .map_or(0, |d| d as u8 + 1)
        })
        .collect();
    Grid::new(shape, cells).expect("digits are 0..=size")
}

/// The rules of one shape in one encoding, shared by the [`SatSolver`]s of all threads.
#[derive(Debug)]
pub struct SatEncoded {
    /// The shape.
    pub shape: Shape,
    /// The encoding.
    pub encoding: Encoding,
    /// The rules.
    pub rules: Cnf,
}

impl SatEncoded {
    /// The rules of `shape` in `encoding`.
    pub fn new(shape: Shape, encoding: Encoding) -> Self {
        SatEncoded {
            shape,
            encoding,
            rules: rules(shape, encoding),
        }
    }
}

/// Solves puzzles of one shape through SAT. In [`Answer::stats`], `nodes` are the solver's
/// decisions, `failures` its conflicts and `propagations` its propagated literals (level-0
/// simplification not included).
#[derive(Debug)]
pub struct SatSolver<'e> {
    enc: &'e SatEncoded,
    up: UnitPropagator<'e>,
}

impl<'e> SatSolver<'e> {
    /// A solver over `enc`.
    pub fn new(enc: &'e SatEncoded) -> Self {
        SatSolver {
            enc,
            up: UnitPropagator::new(&enc.rules),
        }
    }

    /// Counts the solutions of `puzzle` up to `cap`, keeping the first.
    pub fn solve(&mut self, puzzle: &Grid, cap: u64) -> Answer {
        let start = Instant::now();
        let mut answer = Answer {
            count: 0,
            exhausted: true,
            solution: None,
            stats: Stats::default(),
        };
        if puzzle.shape() != self.enc.shape || cap == 0 {
            answer.exhausted = cap > 0;
            return answer;
        }
        let Some(reduced) = self.up.simplify(&givens(puzzle)) else {
            answer.stats.elapsed = start.elapsed();
            return answer;
        };
        let mut solver = Solver::new(&reduced.cnf);
        let mut block = Vec::new();
        while answer.count < cap {
            match solver.solve(&[]) {
                Some(true) => {}
                Some(false) => break,
                None => {
                    answer.exhausted = false;
                    break;
                }
            }
            answer.count += 1;
            let model = solver.model();
            if answer.solution.is_none() {
                answer.solution = Some(decode(self.enc.shape, &reduced.extend(&model)));
            }
            // Models are grids (one digit per cell), so blocking the true variables is
            // enough to exclude exactly this one.
            block.clear();
            block.extend(
                model
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| b)
                    .map(|(v, _)| Var::new(v).negative()),
            );
            if block.is_empty() {
                break; // the givens decide everything: one solution
            }
            solver.add_clause(&block);
        }
        if answer.count == cap {
            answer.exhausted = false;
        }
        let s = solver.stats();
        answer.stats = Stats {
            nodes: s.decisions,
            failures: s.conflicts,
            propagations: s.propagations,
            solutions: answer.count,
            elapsed: start.elapsed(),
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
    fn clause_counts_follow_the_formulas_for_other_shapes() {
        for shape in [Shape::square(2).unwrap(), Shape::new(2, 3).unwrap()] {
            let n = shape.size();
            let pairs = n * (n - 1) / 2;
            let minimal = n * n + 3 * n * n * pairs;
            assert_eq!(rules(shape, Encoding::Minimal).num_clauses(), minimal);
            assert_eq!(
                rules(shape, Encoding::Extended).num_clauses(),
                minimal + n * n * pairs + 3 * n * n
            );
        }
    }

    #[test]
    fn both_encodings_count_the_288_four_by_four_grids() {
        let shape = Shape::square(2).unwrap();
        for e in Encoding::ALL {
            let enc = SatEncoded::new(shape, e);
            let mut s = SatSolver::new(&enc);
            let a = s.solve(&Grid::empty(shape), 1000);
            assert_eq!((a.count, a.exhausted), (288, true), "{e}");
            assert_eq!(verify(&Grid::empty(shape), &a.solution.unwrap()), Ok(()));
            let mut clash = Grid::empty(shape);
            clash.set(0, 0, 2);
            clash.set(1, 1, 2);
            assert_eq!(s.solve(&clash, 5).count, 0);
        }
    }
}
