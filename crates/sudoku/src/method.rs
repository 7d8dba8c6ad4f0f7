//! The ways to solve a puzzle behind one trait: the engine on a model with a search
//! configuration, dancing links, SAT, or the dedicated 9×9 triad solver.
//!
//! A [`Method`] names one; [`Prepared`] holds what its solvers share (the models and
//! formulas, one per grid shape, built once); [`Prepared::solver`] makes one
//! [`PuzzleSolver`] per thread and shape. A front-end never matches on the method again.
//!
//! ```
//! use csp_sudoku::method::{Method, Prepared};
//! use csp_sudoku::{Grid, parse};
//! let p = &parse::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "x").unwrap()[0];
//! for method in [Method::default(), Method::Dlx, Method::Sat(Default::default()), Method::Fast] {
//!     let prepared = Prepared::new(&method, [p.grid.shape()]);
//!     let mut solver = prepared.solver(p.grid.shape());
//!     let answer = solver.solve(&p.grid, 2);
//!     assert!(answer.is_unique(), "{method}");
//! }
//! ```

use crate::exact_cover::DlxSolver;
use crate::fast::FastSolver;
use crate::sat::{Encoding, SatEncoded, SatSolver};
use crate::{Answer, Encoded, Grid, ModelKind, Shape, Solver, encode};
use csp_core::SearchConfig;
use std::collections::HashMap;
use std::fmt;

/// Solves puzzles of one shape, one after another, reusing its buffers.
pub trait PuzzleSolver {
    /// Counts the solutions of `puzzle` up to `cap` (2 is the uniqueness check) and keeps
    /// the first. A puzzle of another shape, or givens that clash, have no solution.
    fn solve(&mut self, puzzle: &Grid, cap: u64) -> Answer;

    /// As [`PuzzleSolver::solve`], into `answer`, whose buffers a solver may reuse (the
    /// dedicated 9×9 solver writes its solution into the grid `answer` holds).
    fn solve_into(&mut self, puzzle: &Grid, cap: u64, answer: &mut Answer) {
        *answer = self.solve(puzzle, cap);
    }

    /// Limits the next puzzles' search (the engine's node and time limits; dancing links and
    /// SAT solve a 9×9 puzzle in microseconds and ignore it).
    fn set_limits(&mut self, _limits: csp_core::Limits) {}
}

impl PuzzleSolver for Solver<'_> {
    fn solve(&mut self, puzzle: &Grid, cap: u64) -> Answer {
        Solver::solve(self, puzzle, cap)
    }

    fn set_limits(&mut self, limits: csp_core::Limits) {
        Solver::set_limits(self, limits);
    }
}

impl PuzzleSolver for DlxSolver {
    fn solve(&mut self, puzzle: &Grid, cap: u64) -> Answer {
        DlxSolver::solve(self, puzzle, cap)
    }

    fn set_limits(&mut self, limits: csp_core::Limits) {
        DlxSolver::set_limits(self, limits);
    }
}

impl PuzzleSolver for FastSolver {
    fn solve(&mut self, puzzle: &Grid, cap: u64) -> Answer {
        FastSolver::solve(self, puzzle, cap)
    }

    fn solve_into(&mut self, puzzle: &Grid, cap: u64, answer: &mut Answer) {
        FastSolver::solve_into(self, puzzle, cap, answer);
    }

    fn set_limits(&mut self, limits: csp_core::Limits) {
        FastSolver::set_limits(self, limits);
    }
}

impl PuzzleSolver for SatSolver<'_> {
    fn solve(&mut self, puzzle: &Grid, cap: u64) -> Answer {
        SatSolver::solve(self, puzzle, cap)
    }
}

/// What solves the puzzles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Method {
    /// The engine on a model, with a search configuration.
    Engine(ModelKind, SearchConfig),
    /// Exact cover by dancing links.
    Dlx,
    /// SAT (batsat) in an encoding.
    Sat(Encoding),
    /// The dedicated 9×9 triad solver ([`crate::fast`]); other sizes use the engine's
    /// default.
    Fast,
}

impl Default for Method {
    /// The engine on the all-different model, dom/wdeg with all-different by counting.
    fn default() -> Self {
        let (kind, config) = Method::default_engine();
        Method::Engine(kind, config)
    }
}

impl Method {
    /// The default method's model and engine configuration: all-different, dom/wdeg with
    /// all-different by counting.
    pub fn default_engine() -> (ModelKind, SearchConfig) {
        (
            ModelKind::AllDifferent,
            SearchConfig {
                var_order: csp_core::VarOrder::DomOverWDeg,
                ..SearchConfig::default().with_level(csp_core::PropagationLevel::Counting)
            },
        )
    }

    /// The model the method solves (`alldiff`, `graph`, `exact-cover`, `cnf-extended`, …).
    pub fn model(&self) -> String {
        match self {
            Method::Engine(kind, _) => kind.to_string(),
            Method::Dlx => "exact-cover".into(),
            Method::Sat(e) => format!("cnf-{e}"),
            Method::Fast => "triads".into(),
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Method::Engine(kind, c) => write!(f, "engine {kind} {}+{}", c.var_order, c.level()),
            Method::Dlx => f.write_str("dlx"),
            Method::Sat(e) => write!(f, "sat {e}"),
            Method::Fast => f.write_str("fast"),
        }
    }
}

/// A method with what its solvers share, for the grid shapes to be solved; shared by
/// reference across threads.
#[derive(Debug)]
pub struct Prepared {
    method: Method,
    engine: HashMap<Shape, Encoded>,
    sat: HashMap<Shape, SatEncoded>,
}

impl Prepared {
    /// Builds the models or formulas `method` needs for `shapes`.
    pub fn new(method: &Method, shapes: impl IntoIterator<Item = Shape>) -> Self {
        let mut p = Prepared {
            method: method.clone(),
            engine: HashMap::new(),
            sat: HashMap::new(),
        };
        for s in shapes {
            match method {
                Method::Engine(kind, _) => {
                    p.engine.entry(s).or_insert_with(|| encode(s, *kind));
                }
                Method::Sat(e) => {
                    p.sat.entry(s).or_insert_with(|| SatEncoded::new(s, *e));
                }
                Method::Dlx | Method::Fast => {}
            }
        }
        p
    }

    /// The method.
    pub fn method(&self) -> &Method {
        &self.method
    }

    /// A solver for puzzles of `shape` (a shape not prepared gets its model built now).
    pub fn solver(&self, shape: Shape) -> Box<dyn PuzzleSolver + '_> {
        match &self.method {
            Method::Engine(kind, config) => match self.engine.get(&shape) {
                Some(enc) => Box::new(Solver::new(enc, config.clone())),
                None => Box::new(Owned::new(encode(shape, *kind), config.clone())),
            },
            Method::Dlx => Box::new(DlxSolver::new(shape)),
            Method::Sat(e) => match self.sat.get(&shape) {
                Some(enc) => Box::new(SatSolver::new(enc)),
                None => Box::new(OwnedSat(SatEncoded::new(shape, *e))),
            },
            Method::Fast if shape.size() == 9 => Box::new(FastSolver::new()),
            Method::Fast => {
                let (kind, config) = Method::default_engine();
                Box::new(Owned::new(encode(shape, kind), config))
            }
        }
    }
}

/// An engine solver owning its model (for a shape that was not prepared): rebuilt per
/// puzzle, which is rare.
struct Owned {
    enc: Encoded,
    config: SearchConfig,
}

impl Owned {
    fn new(enc: Encoded, config: SearchConfig) -> Self {
        Owned { enc, config }
    }
}

impl PuzzleSolver for Owned {
    fn solve(&mut self, puzzle: &Grid, cap: u64) -> Answer {
        Solver::new(&self.enc, self.config.clone()).solve(puzzle, cap)
    }

    fn set_limits(&mut self, limits: csp_core::Limits) {
        self.config.limits = limits;
    }
}

struct OwnedSat(SatEncoded);

impl PuzzleSolver for OwnedSat {
    fn solve(&mut self, puzzle: &Grid, cap: u64) -> Answer {
        SatSolver::new(&self.0).solve(puzzle, cap)
    }
}

/// Why a grid is not a proper puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotProper {
    /// No solution.
    NoSolution,
    /// Two solutions or more.
    Several,
}

impl NotProper {
    /// Its status: unsatisfiable when there is no solution; satisfiable (but not a proper
    /// puzzle) when there are several.
    pub fn status(self) -> csp_model::Status {
        match self {
            NotProper::NoSolution => csp_model::Status::Unsatisfiable,
            NotProper::Several => csp_model::Status::Satisfiable,
        }
    }
}

impl fmt::Display for NotProper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotProper::NoSolution => "no solution",
            NotProper::Several => "more than one solution",
        })
    }
}

/// The unique solution of `puzzle`, by the dedicated solver for 9×9 and the engine for other
/// sizes (count up to 2): what the human solver and
/// the rater must check first, since their techniques assume a proper puzzle (on one without
/// a solution they would "solve" it into a grid that breaks the rules). `None` when
/// `deadline` (or a stop request, [`csp_core::termination::request_stop`]) came first.
///
/// ```
/// use csp_sudoku::method::{NotProper, unique_solution};
/// use csp_sudoku::{Grid, Shape};
/// let blank = Grid::empty(Shape::square(2).unwrap());
/// assert_eq!(unique_solution(&blank, None), Some(Err(NotProper::Several)));
/// ```
pub fn unique_solution(
    puzzle: &Grid,
    deadline: Option<std::time::Instant>,
) -> Option<Result<Grid, NotProper>> {
    let shape = puzzle.shape();
    let prepared = Prepared::new(&Method::Fast, [shape]);
    let mut solver = prepared.solver(shape);
    solver.set_limits(csp_core::Limits {
        deadline,
        ..Default::default()
    });
    let a = solver.solve(puzzle, 2);
    match (a.count, a.solution) {
        (1, Some(s)) if a.exhausted => Some(Ok(s)),
        (0, _) if a.exhausted => Some(Err(NotProper::NoSolution)),
        (2.., _) => Some(Err(NotProper::Several)),
        _ => None,
    }
}
