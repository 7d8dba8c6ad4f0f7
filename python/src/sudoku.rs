//! `csptk.sudoku`: solve, count, rate, explain, hint and generate, as `csp sudoku` does.

use crate::{error, interrupt, limit};
use csp_core::Limits;
use csp_sudoku::human::{self, Candidates, Step, rating};
use csp_sudoku::method::{Method, NotProper, Prepared, unique_solution};
use csp_sudoku::{Answer, Grid, Puzzle, Shape, verify};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;
use std::time::Instant;

/// The name a puzzle given as a string is reported under.
const GIVEN: &str = "<puzzle>";

/// Puzzles in a row the generator may make without reaching the level asked before it
/// gives up (the command line's limit).
const MAX_MISSES: usize = 20_000;

record! {
    /// What `sudoku.solve` found: the keys of `csp sudoku solve --json`.
    SudokuResult {
        status: String,
        puzzle: String,
        solution: Option<String>,
        count: u64,
        exact: bool,
        unique: bool,
        clash: Option<String>,
        nodes: u64,
        failures: u64,
        seconds: f64,
        instance: Option<String>,
        line: usize,
    }

    /// Search effort: nodes, failures and seconds.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let d = pyo3::types::PyDict::new(py);
        d.set_item("nodes", self.nodes)?;
        d.set_item("failures", self.failures)?;
        d.set_item("seconds", self.seconds)?;
        Ok(d)
    }

    /// The grid and its solution as an SVG picture (Jupyter shows it).
    fn _repr_svg_(&self) -> Option<String> {
        let puzzle = grid_of(&self.puzzle)?;
        let solution = self.solution.as_deref().and_then(grid_of);
        Some(csp_sudoku::render::svg(&puzzle, solution.as_ref()))
    }
}

record! {
    /// A puzzle's rating: the keys of `csp sudoku rate --json`.
    SudokuRating {
        status: String,
        puzzle: String,
        er: Option<f64>,
        ep: Option<f64>,
        ed: Option<f64>,
        level: Option<String>,
        hardest: Option<String>,
        solved_by_logic: Option<bool>,
        steps: Option<usize>,
        unique: Option<bool>,
        er_at_least: Option<f64>,
        error: Option<String>,
    }
}

record! {
    /// One logical step: the keys of a step of `csp sudoku explain --json`, with the
    /// placements and eliminations as `(cell, digit)` pairs.
    SudokuStep {
        technique: String,
        rating: f64,
        pattern: Vec<String>,
        placements: Vec<(String, u8)>,
        eliminations: Vec<(String, u8)>,
        explanation: String,
        before: String,
        index: usize,
    }

    /// The cells whose candidates make the pattern (`pattern`).
    #[getter]
    fn cells(&self) -> Vec<String> {
        self.pattern.clone()
    }

    /// The step in one sentence (`explanation`).
    #[getter]
    fn text(&self) -> String {
        self.explanation.clone()
    }

    /// The step drawn on the candidates it applies to (Jupyter shows it).
    fn _repr_svg_(&self) -> Option<String> {
        let (c, step) = replay(&self.before)?;
        Some(csp_sudoku::render::step_svg(&c, &step))
    }
}

record! {
    /// A logical path: the keys of `csp sudoku explain --json`.
    SudokuExplanation {
        status: String,
        steps: Vec<Py<SudokuStep>>,
        solved: bool,
        grid: String,
        unique: bool,
        reason: Option<String>,
    }

    fn __len__(&self) -> usize {
        self.steps.len()
    }

    /// The steps as an HTML list with their pictures (Jupyter shows it).
    fn _repr_html_(&self, py: Python<'_>) -> String {
        let mut html = format!(
            "<div><p><b>{}</b>: {} steps{}</p><ol>",
            self.status,
            self.steps.len(),
            if self.solved { ", solved" } else { "" }
        );
        for s in &self.steps {
            let s = s.bind(py).get();
            html.push_str(&format!(
                "<li>{} ({:.1}): {}</li>",
                escape(&s.technique),
                s.rating,
                escape(&s.explanation)
            ));
        }
        html.push_str("</ol></div>");
        html
    }
}

record! {
    /// A generated puzzle: the keys of `csp sudoku generate --json`.
    SudokuPuzzle {
        status: String,
        puzzle: String,
        givens: usize,
        level: Option<String>,
        seed: u64,
        er: Option<f64>,
    }

    fn _repr_svg_(&self) -> Option<String> {
        Some(csp_sudoku::render::svg(&grid_of(&self.puzzle)?, None))
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The grid of a line the library wrote (`Grid::to_line`).
fn grid_of(line: &str) -> Option<Grid> {
    csp_sudoku::parse::parse(line, GIVEN)
        .ok()?
        .into_iter()
        .next()
        .map(|p| p.grid)
}

/// The candidates a step applied to (its pencil marks, `before`) and the step: the next
/// step of given candidates is always the same, so a picture is redrawn rather than stored.
fn replay(before: &str) -> Option<(Candidates, Step)> {
    let c = Candidates::from_pencil_marks(before).ok()?;
    let step = human::next_step(&c)?;
    Some((c, step))
}

/// The one puzzle in `text`, or an `InputError` naming the place.
fn one_puzzle(py: Python<'_>, text: &str) -> PyResult<Puzzle> {
    if let Some(grid) = csp_sudoku::parse::compact(text) {
        return Ok(Puzzle {
            grid,
            line: 1,
            name: None,
        });
    }
    let mut puzzles = csp_sudoku::parse::parse(text, GIVEN).map_err(|e| error::sudoku(py, &e))?;
    match puzzles.len() {
        1 => Ok(puzzles.remove(0)),
        n => Err(error::input_error(
            py,
            format!("{GIVEN}: expected one puzzle, found {n} (solve_many takes a list)"),
            Some(GIVEN),
            None,
            None,
        )),
    }
}

/// The method named as on the command line (`--method`).
fn method(name: &str) -> PyResult<Method> {
    Ok(match name {
        "fast" => Method::Fast,
        "csp" => Method::default(),
        "dlx" => Method::Dlx,
        "sat" => Method::Sat(Default::default()),
        _ => {
            return Err(error::argument(format!(
                "unknown method `{name}`; expected fast, csp, dlx or sat"
            )));
        }
    })
}

fn deadline(time_limit: Option<f64>) -> PyResult<Option<Instant>> {
    limit::deadline(Instant::now(), time_limit)
}

/// Solves one puzzle with a solver prepared for its shape, unless the deadline passed.
fn solve_one(
    solver: &mut dyn csp_sudoku::method::PuzzleSolver,
    grid: &Grid,
    cap: u64,
    deadline: Option<Instant>,
) -> Answer {
    if csp_core::termination::past(deadline) {
        return Answer {
            count: 0,
            exhausted: false,
            solution: None,
            stats: Default::default(),
        };
    }
    solver.set_limits(Limits {
        deadline,
        ..Limits::default()
    });
    solver.solve(grid, cap)
}

/// The result of one answer, checked by the independent verifier first.
fn result_of(p: &Puzzle, a: &Answer) -> PyResult<SudokuResult> {
    if let Some(s) = &a.solution {
        verify(&p.grid, s)
            .map_err(|v| error::internal(format!("a solution fails verification: {v}")))?;
    }
    let clash = if a.count == 0 {
        p.grid.clash().map(|c| c.describe(p.grid.shape().size()))
    } else {
        None
    };
    Ok(SudokuResult {
        status: a.status().name().into(),
        puzzle: p.grid.to_line(),
        solution: a.solution.as_ref().map(Grid::to_line),
        count: a.count,
        exact: a.exhausted,
        unique: a.is_unique(),
        clash,
        nodes: a.stats.nodes,
        failures: a.stats.failures,
        seconds: a.stats.elapsed.as_secs_f64(),
        instance: p.name.clone(),
        line: p.line,
    })
}

fn check_count(count: u64) -> PyResult<u64> {
    if count == 0 {
        return Err(error::argument("count must be at least 1"));
    }
    Ok(count)
}

/// `sudoku.solve(puzzle, count=1, time_limit=None, method="fast")`.
#[pyfunction]
#[pyo3(signature = (puzzle, count = 1, time_limit = None, method = "fast"))]
fn sudoku_solve(
    py: Python<'_>,
    puzzle: &str,
    count: u64,
    time_limit: Option<f64>,
    method: &str,
) -> PyResult<SudokuResult> {
    let cap = check_count(count)?;
    let deadline = deadline(time_limit)?;
    let m = self::method(method)?;
    let p = one_puzzle(py, puzzle)?;
    let shape = p.grid.shape();
    let work = |_: &csp_core::termination::Flag| {
        let prepared = Prepared::new(&m, [shape]);
        let mut solver = prepared.solver(shape);
        solve_one(solver.as_mut(), &p.grid, cap, deadline)
    };
    // A 9×9 puzzle takes microseconds with the dedicated solver: solved on this thread.
    let a = if shape.size() == 9 && m == Method::Fast {
        interrupt::run_here(py, || work(&Default::default()))
    } else {
        interrupt::run(py, work)?
    };
    result_of(&p, &a)
}

/// Puzzles a thread takes at a time, at least: each piece of work sets up its own solver,
/// and a 9×9 puzzle takes microseconds, so pieces of one puzzle cost more than they solve.
const MIN_SPLIT: usize = 256;

/// A pool of `jobs` threads (0: every core; at most the cores).
fn pool(jobs: usize) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(limit::threads(jobs))
        .build()
        .map_err(|e| error::internal(format!("threads: {e}")))
}

/// Solves every item's grid on the pool's threads under `flag`, and turns each answer into
/// a result there too (verification included), in input order.
#[allow(
    clippy::too_many_arguments,
    reason = "the Python function's keyword arguments"
)]
fn solve_all<T: Sync, R: Send>(
    pool: &rayon::ThreadPool,
    items: &[T],
    grid: impl Fn(&T) -> &Grid + Sync,
    m: &Method,
    cap: u64,
    deadline: Option<Instant>,
    flag: &csp_core::termination::Flag,
    out: impl Fn(usize, &T, Answer) -> PyResult<R> + Sync,
) -> PyResult<Vec<R>> {
    let prepared = Prepared::new(m, items.iter().map(|t| grid(t).shape()));
    pool.install(|| {
        items
            .par_iter()
            .with_min_len(MIN_SPLIT)
            .enumerate()
            .map_init(
                std::collections::HashMap::new,
                |solvers: &mut std::collections::HashMap<Shape, _>, (i, t)| {
                    let g = grid(t);
                    let solver = solvers
                        .entry(g.shape())
                        .or_insert_with(|| prepared.solver(g.shape()));
                    let a = csp_core::termination::with_cancel(flag.clone(), || {
                        solve_one(solver.as_mut(), g, cap, deadline)
                    });
                    out(i, t, a)
                },
            )
            .collect()
    })
}

/// The name puzzles of a list are read under; an error is reported as `puzzles[i]`.
const LIST: &str = "puzzles";

/// Puzzle `i` of a list: exactly one puzzle in its text.
fn list_item(text: &str, i: usize) -> Result<Puzzle, csp_sudoku::ParseError> {
    let one = |file: &str| {
        let mut ps = csp_sudoku::parse::parse(text, file)?;
        if ps.len() != 1 {
            return Err(csp_sudoku::ParseError::Syntax(
                csp_model::source::Syntax::new(
                    file,
                    1,
                    1,
                    format!("expected one puzzle, found {}", ps.len()),
                ),
            ));
        }
        Ok(ps.remove(0))
    };
    // The compact form first; named only when the general reader fails.
    let mut p = match csp_sudoku::parse::compact(text) {
        Some(grid) => Puzzle {
            grid,
            line: 1,
            name: None,
        },
        None => one(LIST).or_else(|_| one(&format!("{LIST}[{i}]")))?,
    };
    p.line = i + 1;
    Ok(p)
}

/// Why a batch stopped: a puzzle that cannot be read, or an error from Python's side.
enum BatchError {
    Read(csp_sudoku::ParseError),
    Py(PyErr),
}

/// `sudoku.solve_many` over strings: every puzzle read (an error names its place in the
/// list), solved, checked and made a result, all on the pool's threads.
#[pyfunction]
#[pyo3(signature = (puzzles, count = 2, jobs = 0, time_limit = None, method = "fast"))]
fn sudoku_solve_many(
    py: Python<'_>,
    puzzles: Vec<String>,
    count: u64,
    jobs: usize,
    time_limit: Option<f64>,
    method: &str,
) -> PyResult<Vec<SudokuResult>> {
    let cap = check_count(count)?;
    let deadline = deadline(time_limit)?;
    let m = self::method(method)?;
    let pool = pool(jobs)?;
    let r = interrupt::run(py, |flag| {
        let parsed: Vec<Puzzle> = pool
            .install(|| {
                puzzles
                    .par_iter()
                    .with_min_len(MIN_SPLIT)
                    .enumerate()
                    .map(|(i, t)| list_item(t, i))
                    .collect::<Result<_, _>>()
            })
            .map_err(BatchError::Read)?;
        solve_all(
            &pool,
            &parsed,
            |p| &p.grid,
            &m,
            cap,
            deadline,
            flag,
            |_, p, a| result_of(p, &a),
        )
        .map_err(BatchError::Py)
    })?;
    match r {
        Ok(results) => Ok(results),
        Err(BatchError::Read(e)) => Err(error::sudoku(py, &e)),
        Err(BatchError::Py(e)) => Err(e),
    }
}

/// Status codes of the array path, in `csptk.sudoku.STATUS` order.
fn status_code(s: csp_model::Status) -> u8 {
    match s {
        csp_model::Status::Satisfiable
        | csp_model::Status::Optimal
        | csp_model::Status::Valid
        | csp_model::Status::Done => 0,
        csp_model::Status::Unsatisfiable | csp_model::Status::Invalid => 1,
        csp_model::Status::Unknown => 2,
    }
}

/// `sudoku.solve_many` over an (n, side²) array of digits (0: blank), as bytes: returns the
/// solutions (n·side² bytes, zeros where none), the counts (n little-endian u64) and the
/// status codes (n bytes). Every solution is verified.
#[pyfunction]
#[pyo3(signature = (cells, width, count = 2, jobs = 0, time_limit = None, method = "fast"))]
#[allow(
    clippy::type_complexity,
    reason = "the Python return tuple, spelled out once"
)]
fn sudoku_solve_array<'py>(
    py: Python<'py>,
    cells: &[u8],
    width: usize,
    count: u64,
    jobs: usize,
    time_limit: Option<f64>,
    method: &str,
) -> PyResult<(
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
)> {
    let cap = check_count(count)?;
    let deadline = deadline(time_limit)?;
    let m = self::method(method)?;
    // Rows of box⁴ cells: 16, 81, 256, … (square boxes; the shape is not ambiguous).
    let shape = (2..=8usize)
        .find(|b| b.pow(4) == width)
        .and_then(Shape::square)
        .ok_or_else(|| {
            error::argument(format!(
                "an array of puzzles has rows of 16, 81, 256, … cells (a square-box grid), not {width}"
            ))
        })?;
    let side = shape.size();
    if !cells.len().is_multiple_of(width) {
        return Err(error::argument(
            "the array's size is not a whole number of rows",
        ));
    }
    let grids: Vec<Grid> = cells
        .chunks(width)
        .enumerate()
        .map(|(i, row)| {
            Grid::new(shape, row.to_vec()).ok_or_else(|| {
                error::argument(format!("row {i}: every cell must be 0 (blank) to {side}"))
            })
        })
        .collect::<PyResult<_>>()?;
    let pool = pool(jobs)?;
    // Per row: the solution's cells (verified), the count and the status code.
    let rows = interrupt::run(py, |flag| {
        solve_all(
            &pool,
            &grids,
            |g| g,
            &m,
            cap,
            deadline,
            flag,
            |i, g, a| {
                if let Some(s) = &a.solution {
                    verify(g, s).map_err(|v| {
                        error::internal(format!("row {i}: a solution fails verification: {v}"))
                    })?;
                }
                let code = status_code(a.status());
                Ok((a.solution, a.count, code))
            },
        )
    })??;
    let mut solutions = vec![0u8; cells.len()];
    let mut counts = Vec::with_capacity(8 * grids.len());
    let mut codes = Vec::with_capacity(grids.len());
    for (i, (solution, count, code)) in rows.iter().enumerate() {
        if let Some(s) = solution {
            solutions[i * width..(i + 1) * width].copy_from_slice(s.cells());
        }
        counts.extend_from_slice(&count.to_le_bytes());
        codes.push(*code);
    }
    Ok((
        PyBytes::new(py, &solutions),
        PyBytes::new(py, &counts),
        PyBytes::new(py, &codes),
    ))
}

/// The candidates of a puzzle (checked to have exactly one solution) or of a 729-character
/// pencil-mark grid; `Err` holds the puzzle and why it has no logical path.
#[allow(
    clippy::type_complexity,
    reason = "the Python return tuple, spelled out once"
)]
fn candidates(
    py: Python<'_>,
    text: &str,
    deadline: Option<Instant>,
) -> PyResult<Result<(Candidates, Option<Grid>), (String, NotProper)>> {
    let t = text.trim();
    if t.chars().count() == 729 && !t.contains('\n') {
        return Candidates::from_pencil_marks(t)
            .map(|c| Ok((c, None)))
            .map_err(|e| error::input_error(py, format!("{GIVEN}: {e}"), Some(GIVEN), None, None));
    }
    let p = one_puzzle(py, text)?;
    let Some(c) = Candidates::new(&p.grid) else {
        return Ok(Err((p.grid.to_line(), NotProper::NoSolution)));
    };
    let grid = p.grid.clone();
    match interrupt::run(py, move |_| unique_solution(&grid, deadline))? {
        Some(Ok(s)) => {
            verify(&p.grid, &s)
                .map_err(|v| error::internal(format!("the solver's solution is wrong: {v}")))?;
            Ok(Ok((c, Some(s))))
        }
        Some(Err(why)) => Ok(Err((p.grid.to_line(), why))),
        None => Err(error::argument(
            "the time limit came before the puzzle was checked",
        )),
    }
}

fn step_of(c: &Candidates, step: &Step, index: usize) -> SudokuStep {
    let pair = |&(x, d): &(usize, u8)| (c.name(x), d);
    SudokuStep {
        technique: step.technique.name().into(),
        rating: rating::difficulty(c, step),
        pattern: step.pattern.iter().map(|&x| c.name(x)).collect(),
        placements: step.placements.iter().map(pair).collect(),
        eliminations: step.eliminations.iter().map(pair).collect(),
        explanation: step.explanation.clone(),
        before: c.to_pencil_marks(),
        index,
    }
}

/// The final grid of a path, checked against the unique solution (or the rules).
fn check_final(c: &Candidates, solution: Option<&Grid>) -> PyResult<()> {
    let g = c.grid();
    let ok = match solution {
        Some(s) => g == *s,
        None => verify(&g, &g).is_ok(),
    };
    if ok {
        Ok(())
    } else {
        Err(error::internal(format!(
            "the logical path ends in a grid that is not the solution: {}",
            g.to_line()
        )))
    }
}

/// `sudoku.explain(puzzle, min_rating=0.0)`.
#[pyfunction]
#[pyo3(signature = (puzzle, min_rating = 0.0, time_limit = None))]
fn sudoku_explain(
    py: Python<'_>,
    puzzle: &str,
    min_rating: f64,
    time_limit: Option<f64>,
) -> PyResult<SudokuExplanation> {
    let deadline = deadline(time_limit)?;
    let (mut c, solution) = match candidates(py, puzzle, deadline)? {
        Ok(x) => x,
        Err((line, why)) => {
            return Ok(SudokuExplanation {
                status: why.status().name().into(),
                steps: Vec::new(),
                solved: false,
                grid: line,
                unique: false,
                reason: Some(why.to_string()),
            });
        }
    };
    let steps = interrupt::run(py, |_| {
        let mut steps = Vec::new();
        let mut k = 0;
        while !c.is_solved() {
            let Some(step) = human::next_step_until(&c, deadline) else {
                break;
            };
            if rating::difficulty(&c, &step) >= min_rating {
                steps.push(step_of(&c, &step, k));
            }
            k += 1;
            c.apply(&step);
        }
        steps
    })?;
    let solved = c.is_solved();
    if solved {
        check_final(&c, solution.as_ref())?;
    }
    let status = if solved {
        csp_model::Status::Satisfiable
    } else {
        csp_model::Status::Unknown
    };
    Ok(SudokuExplanation {
        status: status.name().into(),
        steps: steps
            .into_iter()
            .map(|s| Py::new(py, s))
            .collect::<PyResult<_>>()?,
        solved,
        grid: c.grid().to_line(),
        unique: true,
        reason: None,
    })
}

/// `sudoku.hint(puzzle)`: the easiest next step, or `None` when the grid is solved or no
/// implemented technique applies.
#[pyfunction]
#[pyo3(signature = (puzzle, time_limit = None))]
fn sudoku_hint(
    py: Python<'_>,
    puzzle: &str,
    time_limit: Option<f64>,
) -> PyResult<Option<SudokuStep>> {
    let deadline = deadline(time_limit)?;
    let c = match candidates(py, puzzle, deadline)? {
        Ok((c, _)) => c,
        Err((line, why)) => {
            return Err(error::input_error(
                py,
                format!("{line}: {why}: no logical step to hint"),
                None,
                None,
                None,
            ));
        }
    };
    if c.is_solved() {
        return Ok(None);
    }
    let step = interrupt::run(py, |_| human::next_step_until(&c, deadline))?;
    Ok(step.map(|s| step_of(&c, &s, 0)))
}

/// `sudoku.rate(puzzle)`.
#[pyfunction]
#[pyo3(signature = (puzzle, time_limit = None))]
fn sudoku_rate(py: Python<'_>, puzzle: &str, time_limit: Option<f64>) -> PyResult<SudokuRating> {
    let deadline = deadline(time_limit)?;
    let p = one_puzzle(py, puzzle)?;
    let line = p.grid.to_line();
    let empty = |status: csp_model::Status| SudokuRating {
        status: status.name().into(),
        puzzle: line.clone(),
        er: None,
        ep: None,
        ed: None,
        level: None,
        hardest: None,
        solved_by_logic: None,
        steps: None,
        unique: None,
        er_at_least: None,
        error: None,
    };
    if p.grid.clash().is_some() {
        return Ok(SudokuRating {
            error: Some("the givens clash".into()),
            ..empty(csp_model::Status::Unsatisfiable)
        });
    }
    let grid = p.grid.clone();
    let r = interrupt::run(py, move |_| match unique_solution(&grid, deadline) {
        None => Err(None),
        Some(Err(why)) => Ok(Err(why)),
        Some(Ok(_)) => match rating::rate_until(&grid, deadline) {
            None => Ok(Err(NotProper::NoSolution)),
            Some(Ok(r)) => Ok(Ok(r)),
            Some(Err(er)) => Err(Some(er)),
        },
    })?;
    Ok(match r {
        Ok(Ok(r)) => SudokuRating {
            er: Some(r.er),
            ep: Some(r.ep),
            ed: Some(r.ed),
            level: Some(rating::Level::of(r.er).name().into()),
            hardest: Some(
                r.hardest
                    .map_or("beyond the implemented techniques", |t| t.name())
                    .into(),
            ),
            solved_by_logic: Some(r.solved_by_logic),
            steps: Some(r.steps),
            ..empty(csp_model::Status::Done)
        },
        Ok(Err(why)) => SudokuRating {
            unique: Some(false),
            error: Some(why.to_string()),
            ..empty(why.status())
        },
        Err(er) => SudokuRating {
            er_at_least: er,
            error: Some("the time limit came first".into()),
            ..empty(csp_model::Status::Unknown)
        },
    })
}

/// `sudoku.generate(level=None, seed=None, box=3, symmetry="none")`.
#[pyfunction]
#[pyo3(signature = (seed, level = None, r#box = 3, symmetry = "none", time_limit = None))]
fn sudoku_generate(
    py: Python<'_>,
    seed: u64,
    level: Option<&str>,
    r#box: usize,
    symmetry: &str,
    time_limit: Option<f64>,
) -> PyResult<SudokuPuzzle> {
    let shape = Shape::square(r#box)
        .filter(|_| (2..=5).contains(&r#box))
        .ok_or_else(|| {
            error::argument(format!("box {box} is not a box size from 2 to 5", box = r#box))
        })?;
    let symmetry: csp_sudoku::generate::Symmetry = symmetry.parse().map_err(error::argument)?;
    let level: Option<rating::Level> =
        level.map(str::parse).transpose().map_err(error::argument)?;
    let deadline = deadline(time_limit)?;
    let made = interrupt::run(
        py,
        move |_| -> Result<Option<(Grid, Option<f64>)>, String> {
            let mut g = csp_sudoku::generate::Generator::new(shape, symmetry, seed);
            g.set_deadline(deadline);
            for _ in 0..MAX_MISSES {
                let Some(p) = g.puzzle_until() else {
                    return Ok(None);
                };
                let er = match level {
                    None => None,
                    Some(l) => match rating::rate_within(&p, l.ceiling()) {
                        Some(r) if rating::Level::of(r.er) == l => Some(r.er),
                        _ => continue,
                    },
                };
                // The independent check: dancing links, not the engine the generator used.
                let check = Prepared::new(&Method::Dlx, [shape])
                    .solver(shape)
                    .solve(&p, 2);
                if !check.is_unique() {
                    return Err(format!(
                        "a generated puzzle is not unique by dancing links: {}",
                        p.to_line()
                    ));
                }
                return Ok(Some((p, er)));
            }
            Err(
                format!("{MAX_MISSES} puzzles in a row were not {}: that level looks out of reach for box {box}", level.map_or("", |l| l.name()), box = r#box),
            )
        },
    )?;
    match made {
        Ok(Some((p, er))) => Ok(SudokuPuzzle {
            status: csp_model::Status::Done.name().into(),
            puzzle: p.to_line(),
            givens: p.num_givens(),
            level: level.map(|l| l.name().into()),
            seed,
            er,
        }),
        Ok(None) => Ok(SudokuPuzzle {
            status: csp_model::Status::Unknown.name().into(),
            puzzle: String::new(),
            givens: 0,
            level: level.map(|l| l.name().into()),
            seed,
            er: None,
        }),
        Err(e) if e.starts_with("a generated") => Err(error::internal(e)),
        Err(e) => Err(error::argument(e)),
    }
}

/// The puzzle drawn as SVG, with its solution when given.
#[pyfunction]
#[pyo3(signature = (puzzle, solution = None))]
fn sudoku_svg(py: Python<'_>, puzzle: &str, solution: Option<&str>) -> PyResult<String> {
    let p = one_puzzle(py, puzzle)?;
    let s = solution.map(|s| one_puzzle(py, s)).transpose()?;
    Ok(csp_sudoku::render::svg(
        &p.grid,
        s.as_ref().map(|s| &s.grid),
    ))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SudokuResult>()?;
    m.add_class::<SudokuRating>()?;
    m.add_class::<SudokuStep>()?;
    m.add_class::<SudokuExplanation>()?;
    m.add_class::<SudokuPuzzle>()?;
    m.add_function(wrap_pyfunction!(sudoku_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_solve_array, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_explain, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_hint, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_rate, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_generate, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_svg, m)?)?;
    Ok(())
}
