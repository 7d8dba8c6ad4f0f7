//! Puzzle generator: a random solved grid, then clues removed in random (symmetric) order
//! while the solution stays unique. One pass over the clues gives a *minimal* puzzle (no clue
//! can be removed): a clue whose removal allowed a second solution still does once more clues
//! are gone, since fewer clues only allow more solutions. With a symmetry, minimal means no
//! symmetric group of clues can be removed. A level is reached by generating until the
//! rating falls in it.

use crate::encode::{ModelKind, Solver, encode};
use crate::fast::FastSolver;
use crate::grid::Grid;
use crate::human::rating::{Level, rate_within};
use crate::method::PuzzleSolver;
use crate::shape::Shape;
use csp_core::heuristics::SplitMix64;
use csp_core::{Limits, SearchConfig, ValueOrder, VarOrder};
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

/// Which cells are removed together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Symmetry {
    /// Any cell alone.
    #[default]
    None,
    /// A cell with its 180° rotation.
    Rot180,
    /// A cell with its 90°, 180° and 270° rotations.
    Rot90,
    /// A cell with its mirror image across the vertical axis.
    Mirror,
    /// A cell with its reflection across the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "none" => Symmetry::None,
            "rot180" => Symmetry::Rot180,
            "rot90" => Symmetry::Rot90,
            "mirror" => Symmetry::Mirror,
            "diagonal" => Symmetry::Diagonal,
            _ => {
                return Err(format!(
                    "unknown symmetry `{s}`; expected none, rot180, rot90, mirror or diagonal"
                ));
            }
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        })
    }
}

impl Symmetry {
    /// The cells removed together with `cell` (itself included).
    pub fn orbit(self, n: usize, cell: usize) -> Vec<usize> {
        let (r, c) = (cell / n, cell % n);
        let mut v = vec![cell];
        let mut add = |r: usize, c: usize| {
            let x = r * n + c;
            if !v.contains(&x) {
                v.push(x);
            }
        };
        match self {
            Symmetry::None => {}
            Symmetry::Rot180 => add(n - 1 - r, n - 1 - c),
            Symmetry::Rot90 => {
                add(c, n - 1 - r);
                add(n - 1 - r, n - 1 - c);
                add(n - 1 - c, r);
            }
            Symmetry::Mirror => add(r, n - 1 - c),
            Symmetry::Diagonal => add(c, r),
        }
        v
    }
}

/// Generates minimal puzzles with a unique solution.
#[derive(Debug)]
pub struct Generator {
    shape: Shape,
    symmetry: Symmetry,
    rng: SplitMix64,
    seed: u64,
    deadline: Option<Instant>,
}

impl Generator {
    /// A generator for `shape` with `symmetry`, seeded.
    pub fn new(shape: Shape, symmetry: Symmetry, seed: u64) -> Self {
        Generator {
            shape,
            symmetry,
            rng: SplitMix64::new(seed),
            seed,
            deadline: None,
        }
    }

    /// Makes [`Generator::puzzle_until`] give up at `deadline` (the searches inside stop
    /// there too); `None` removes it.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    fn limits(&self) -> Limits {
        Limits {
            deadline: self.deadline,
            ..Limits::default()
        }
    }

    fn past_deadline(&self) -> bool {
        csp_core::termination::past(self.deadline)
    }

    /// A random solved grid.
    ///
    /// # Panics
    /// When a deadline or a stop request ([`csp_core::termination::request_stop`]) cut the
    /// search (the generator's own searches return `None` instead).
    pub fn solved_grid(&mut self) -> Grid {
        self.solved_grid_until()
            .expect("an empty grid has a solution")
    }

    fn solved_grid_until(&mut self) -> Option<Grid> {
        if self.shape.size() == 9 {
            // The three diagonal boxes share no unit: a random permutation in each, then the
            // dedicated solver's first completion (9!³ starts; tens of nodes at most).
            let mut g = Grid::empty(self.shape);
            for b in 0..3 {
                let mut digits: Vec<u8> = (1..=9).collect();
                self.rng.shuffle(&mut digits);
                for (i, d) in digits.into_iter().enumerate() {
                    g.set(3 * b + i / 3, 3 * b + i % 3, d);
                }
            }
            let mut fast = FastSolver::new();
            fast.set_limits(self.limits());
            if let Some(s) = fast.solve(&g, 1).solution {
                return Some(s);
            }
        }
        let enc = encode(self.shape, ModelKind::AllDifferent);
        let config = SearchConfig {
            var_order: VarOrder::FirstFail,
            value_order: ValueOrder::InDomainRandom,
            seed: self.rng.next_u64() ^ self.seed,
            limits: self.limits(),
            ..SearchConfig::default()
        };
        let mut solver = Solver::new(&enc, config);
        solver.solve(&Grid::empty(self.shape), 1).solution
    }

    /// One minimal puzzle with a unique solution.
    ///
    /// # Panics
    /// When a stop was requested ([`csp_core::termination::request_stop`]); use
    /// [`Generator::puzzle_until`] where it may be.
    pub fn puzzle(&mut self) -> Grid {
        let deadline = self.deadline.take();
        let p = self.puzzle_until().expect("no deadline: a puzzle");
        self.deadline = deadline;
        p
    }

    /// One minimal puzzle with a unique solution, or `None` when the deadline
    /// ([`Generator::set_deadline`]) passes first (a 25×25 puzzle can take minutes).
    pub fn puzzle_until(&mut self) -> Option<Grid> {
        let solved = self.solved_grid_until()?;
        let n = self.shape.size();
        let enc;
        // Uniqueness checks: the dedicated solver for 9×9 (the same counts as the engine,
        // tested), the engine for other sizes.
        let mut fast = FastSolver::new();
        fast.set_limits(self.limits());
        let mut engine: Option<Box<dyn PuzzleSolver>> = if n == 9 {
            None
        } else {
            enc = encode(self.shape, ModelKind::AllDifferent);
            Some(Box::new(Solver::new(
                &enc,
                SearchConfig {
                    limits: self.limits(),
                    ..SearchConfig::default()
                },
            )))
        };
        let mut cells: Vec<usize> = (0..n * n).collect();
        self.rng.shuffle(&mut cells);
        let mut grid = solved.clone();
        let mut done = vec![false; n * n];
        for cell in cells {
            if done[cell] {
                continue;
            }
            if self.past_deadline() {
                return None;
            }
            let orbit = self.symmetry.orbit(n, cell);
            for &x in &orbit {
                done[x] = true;
            }
            let mut trial = grid.clone();
            for &x in &orbit {
                trial.set(x / n, x % n, 0);
            }
            let unique = match &mut engine {
                Some(engine) => {
                    let a = engine.solve(&trial, 2);
                    if a.count < 2 && !a.exhausted {
                        return None; // the deadline cut the uniqueness check
                    }
                    a.is_unique()
                }
                // 9×9: another solution differs from the known one in some removed cell, so
                // one search per cell without its digit, each stopping at a first solution.
                None => {
                    let mut unique = true;
                    for &x in &orbit {
                        let a = fast.solve_without(&trial, &[(x, solved.cells()[x])], 1);
                        if a.count > 0 {
                            unique = false;
                            break;
                        }
                        if !a.exhausted {
                            return None; // a limit cut the uniqueness check
                        }
                    }
                    unique
                }
            };
            if unique {
                grid = trial;
            }
        }
        Some(grid)
    }

    /// A minimal puzzle whose rating is at `level`, trying at most `attempts` puzzles;
    /// `None` also when the deadline or a stop request came first.
    pub fn puzzle_at(&mut self, level: Level, attempts: usize) -> Option<Grid> {
        (0..attempts).find_map(|_| {
            let p = self.puzzle_until()?;
            rate_within(&p, level.ceiling())
                .is_some_and(|r| Level::of(r.er) == level)
                .then_some(p)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;

    #[test]
    fn generated_puzzles_are_unique_minimal_and_symmetric() {
        let shape = Shape::square(3).unwrap();
        let enc = encode(shape, ModelKind::AllDifferent);
        let mut solver = Solver::new(&enc, SearchConfig::default());
        let symmetries = [
            Symmetry::None,
            Symmetry::Rot180,
            Symmetry::Rot90,
            Symmetry::Mirror,
            Symmetry::Diagonal,
        ];
        for (symmetry, seed) in symmetries
            .into_iter()
            .flat_map(|s| (1..=4).map(move |k| (s, k)))
        {
            let mut g = Generator::new(shape, symmetry, seed);
            let p = g.puzzle();
            let a = solver.solve(&p, 2);
            assert!(a.is_unique(), "{symmetry}");
            assert_eq!(verify(&p, a.solution.as_ref().unwrap()), Ok(()));
            // Minimal: removing any clue's orbit allows a second solution.
            for (cell, _) in p.givens() {
                let mut q = p.clone();
                for x in symmetry.orbit(9, cell) {
                    q.set(x / 9, x % 9, 0);
                }
                assert!(
                    !solver.solve(&q, 2).is_unique(),
                    "{symmetry}: clue {cell} removable"
                );
                // Symmetric: every clue's orbit is all clues.
                for x in symmetry.orbit(9, cell) {
                    assert_ne!(
                        p.cells()[x],
                        0,
                        "{symmetry}: {cell} without its partner {x}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_seed_gives_the_same_puzzle() {
        let shape = Shape::square(3).unwrap();
        let a = Generator::new(shape, Symmetry::None, 42).puzzle();
        let b = Generator::new(shape, Symmetry::None, 42).puzzle();
        assert_eq!(a, b);
    }
}
