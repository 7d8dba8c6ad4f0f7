//! Sudoku as a CSP on `csp-core`: the graph-colouring model or the all-different model;
//! `encode`/`decode`, and a [`Solver`] that reuses one model for many puzzles.

use crate::grid::Grid;
use crate::parse::Puzzle;
use crate::shape::Shape;
use csp_colouring::Instance;
use csp_core::{Count, Model, Outcome, Search, SearchConfig, Solution, Stats, Value, VarId};
use std::fmt;
use std::str::FromStr;

/// Which constraints state the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ModelKind {
    /// Graph colouring: a `≠` on every edge of the sudoku graph (810 for 9×9), built by
    /// `csp-colouring`'s encoder from [`Shape::graph`]; digits are colours + 1.
    Graph,
    /// An all-different on each row, column and box (27 for 9×9).
    #[default]
    AllDifferent,
}

impl ModelKind {
    /// Both models.
    pub const ALL: [ModelKind; 2] = [ModelKind::Graph, ModelKind::AllDifferent];

    /// The command-line name: `graph` or `alldiff`.
    pub fn name(self) -> &'static str {
        match self {
            ModelKind::Graph => "graph",
            ModelKind::AllDifferent => "alldiff",
        }
    }
}

impl fmt::Display for ModelKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ModelKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "graph" | "colouring" | "coloring" => Ok(ModelKind::Graph),
            "alldiff" | "all-different" | "all_different" => Ok(ModelKind::AllDifferent),
            _ => Err(format!("unknown model `{s}`; expected graph or alldiff")),
        }
    }
}

/// A sudoku model of one shape: the engine model and the variable of each cell (values
/// `1..=size`). Givens are not part of it: they are assigned at the root of each search,
/// so one model serves every puzzle of its shape.
#[derive(Debug)]
pub struct Encoded {
    /// The shape.
    pub shape: Shape,
    /// Which model.
    pub kind: ModelKind,
    /// The engine model.
    pub model: Model,
    /// `cells[i]` is the variable of cell `i` (row by row).
    pub cells: Vec<VarId>,
}

/// Builds the model of `shape`.
///
/// ```
/// use csp_sudoku::{Shape, ModelKind, encode};
/// let e = encode(Shape::square(3).unwrap(), ModelKind::Graph);
/// assert_eq!(e.model.num_constraints(), 810);
/// let e = encode(Shape::square(3).unwrap(), ModelKind::AllDifferent);
/// assert_eq!(e.model.num_constraints(), 27);
/// ```
pub fn encode(shape: Shape, kind: ModelKind) -> Encoded {
    let n = shape.size();
    // One variable per cell, digits 1..=n, named like the sudoku graph's vertices.
    let mut model = Model::new();
    let cells: Vec<VarId> = (0..shape.cells())
        .map(|i| {
            model
                .new_var(format!("r{}c{}", i / n + 1, i % n + 1), 1..=n as Value)
                .expect("distinct names")
        })
        .collect();
    match kind {
        ModelKind::Graph => {
            // The colouring encoder: colours 0..n, one ≠ per edge; shift to digits 1..=n.
            let inst = Instance::new("sudoku", shape.graph());
            let enc = csp_colouring::encode(&inst, n as u32);
            for (_, c) in enc.model.constraints() {
                let s = c.scope();
                let (a, b) = (s[0].index(), s[1].index());
                model.not_equal(cells[a], cells[b]).expect("distinct cells");
            }
            Encoded {
                shape,
                kind,
                model,
                cells,
            }
        }
        ModelKind::AllDifferent => {
            for unit in shape.units() {
                let xs: Vec<VarId> = unit.iter().map(|&i| cells[i]).collect();
                model.all_different(&xs).expect("distinct cells");
            }
            Encoded {
                shape,
                kind,
                model,
                cells,
            }
        }
    }
}

/// The grid of an engine solution.
pub fn decode(enc: &Encoded, s: &Solution) -> Grid {
    let cells = enc.cells.iter().map(|&x| s.value(x) as u8).collect();
    Grid::new(enc.shape, cells).expect("values are 1..=size")
}

/// What a solver found for one puzzle.
#[derive(Debug, Clone, PartialEq, Default)]
#[must_use]
pub struct Answer {
    /// Solutions found, up to the cap asked for.
    pub count: u64,
    /// Whether the count is exact (the search was not cut short by the cap or a limit).
    pub exhausted: bool,
    /// The first solution.
    pub solution: Option<Grid>,
    /// Search effort.
    pub stats: Stats,
}

impl Answer {
    /// Whether the puzzle has exactly one solution (needs a cap of at least 2).
    pub fn is_unique(&self) -> bool {
        self.count == 1 && self.exhausted
    }

    /// Its status, by the toolkit's one rule: satisfiable once a solution is found (the
    /// count is exact only when the search was exhausted), unsatisfiable when proved to have
    /// none, unknown when a limit came before any.
    pub fn status(&self) -> csp_model::Status {
        use csp_model::Status;
        match (self.count, self.exhausted) {
            (1.., _) => Status::Satisfiable,
            (0, true) => Status::Unsatisfiable,
            (0, false) => Status::Unknown,
        }
    }
}

/// Solves many puzzles of one shape with one model and one reusable [`Search`]: each puzzle
/// resets the search with its givens, so no propagator is rebuilt. One per thread.
#[derive(Debug)]
pub struct Solver<'e> {
    enc: &'e Encoded,
    search: Search<'e>,
    fixed: Vec<(VarId, Value)>,
}

impl<'e> Solver<'e> {
    /// A solver over `enc` searching with `config`.
    pub fn new(enc: &'e Encoded, config: SearchConfig) -> Self {
        Solver {
            enc,
            search: Search::new(&enc.model, config),
            fixed: Vec::new(),
        }
    }

    /// Replaces the search limits (for the puzzles solved from now on).
    pub fn set_limits(&mut self, limits: csp_core::Limits) {
        self.search.set_limits(limits);
    }

    /// Counts the solutions of `puzzle` up to `cap` (`cap = 2` is the uniqueness check) and
    /// keeps the first. A puzzle of another shape, or givens that clash, have no solution.
    pub fn solve(&mut self, puzzle: &Grid, cap: u64) -> Answer {
        if puzzle.shape() != self.enc.shape {
            return Answer {
                count: 0,
                exhausted: true,
                solution: None,
                stats: Stats::default(),
            };
        }
        self.fixed.clear();
        self.fixed.extend(
            puzzle
                .givens()
                .map(|(i, s)| (self.enc.cells[i], Value::from(s))),
        );
        self.search.reset(&self.fixed);
        let mut solution = None;
        let mut count = 0;
        let mut exhausted = true;
        if cap > 0 {
            match self.search.solve() {
                Outcome::Satisfiable(s) => {
                    solution = Some(decode(self.enc, &s));
                    count = 1;
                    if cap > 1 {
                        let Count {
                            count: more,
                            exhausted: ex,
                            ..
                        } = self.search.count(cap - 1);
                        count += more;
                        exhausted = ex;
                    } else {
                        exhausted = false;
                    }
                }
                Outcome::Unsatisfiable => {}
                Outcome::Unknown(_) => exhausted = false,
            }
        } else {
            exhausted = false;
        }
        Answer {
            count,
            exhausted,
            solution,
            stats: self.search.stats(),
        }
    }

    /// [`Solver::solve`] on a parsed puzzle.
    pub fn solve_puzzle(&mut self, puzzle: &Puzzle, cap: u64) -> Answer {
        self.solve(&puzzle.grid, cap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;

    #[test]
    fn both_models_solve_a_four_by_four() {
        let shape = Shape::square(2).unwrap();
        let mut g = Grid::empty(shape);
        g.set(0, 0, 1);
        g.set(1, 2, 2);
        g.set(2, 1, 3);
        g.set(3, 3, 4);
        for kind in ModelKind::ALL {
            let enc = encode(shape, kind);
            let mut solver = Solver::new(&enc, SearchConfig::default());
            let a = solver.solve(&g, 1000);
            assert!(a.exhausted, "{kind}");
            let s = a.solution.expect("solvable");
            assert_eq!(verify(&g, &s), Ok(()));
            // The empty 4×4 grid has 288 solutions.
            let a = solver.solve(&Grid::empty(shape), 1000);
            assert_eq!((a.count, a.exhausted), (288, true), "{kind}");
        }
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let shape = Shape::square(2).unwrap();
        let mut g = Grid::empty(shape);
        g.set(0, 0, 1);
        g.set(0, 3, 1);
        let enc = encode(shape, ModelKind::AllDifferent);
        let a = Solver::new(&enc, SearchConfig::default()).solve(&g, 2);
        assert_eq!((a.count, a.exhausted, a.solution), (0, true, None));
    }
}
