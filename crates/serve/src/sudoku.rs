//! The sudoku API: solve, check a player's grid, hint in three levels, the explained path,
//! rate, generate. Puzzles come as text in any form `csp sudoku` reads (an 81-character line,
//! a grid with or without separators, 4×4 to 25×25); cells in answers are numbered row by
//! row from 0, with their `r1c1` names alongside.
//!
//! Every answer is checked before it is sent: a solution against the rules
//! ([`csp_sudoku::verify()`]), a hint's placements and eliminations against the unique
//! solution, a path's end against the solution, a generated puzzle's uniqueness by dancing
//! links (another solver than the generator's).

use crate::error::{ApiError, Body};
use crate::state::AppState;
use crate::work;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use csp_sudoku::generate::{Generator, Symmetry};
use csp_sudoku::human::{self, Candidates, Step, rating};
use csp_sudoku::method::{Method, NotProper, Prepared, unique_solution};
use csp_sudoku::{Grid, Shape};
use serde::Deserialize;
use serde_json::{Value, json};
use std::time::Instant;

/// A request naming a puzzle, and optionally the player's grid and a time limit.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRequest {
    /// The puzzle's text.
    pub puzzle: String,
    /// The player's grid (the givens and their entries), same shape.
    #[serde(default)]
    pub grid: Option<String>,
    /// The player's pencil marks (hint and path): `size³` characters, position
    /// `cell·size + d − 1` holding `d` or `.`; a cell without any mark has every candidate.
    /// Marks the player crossed out count where they are right.
    #[serde(default)]
    pub marks: Option<String>,
    /// Hint level: 1 where to look, 2 which technique, 3 the whole step.
    #[serde(default)]
    pub level: Option<u8>,
    /// Seconds (capped by the server's limit).
    #[serde(default)]
    pub time_limit: Option<f64>,
}

/// `/api/sudoku/generate`'s request.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// easy, medium, hard, expert or extreme; any when absent.
    #[serde(default)]
    pub level: Option<String>,
    /// Box size: 2 (4×4), 3 (9×9, the default) or 4 (16×16).
    #[serde(default)]
    pub r#box: Option<u8>,
    /// none, rot180, rot90, mirror or diagonal.
    #[serde(default)]
    pub symmetry: Option<String>,
    /// The same seed gives the same puzzle; a fresh one when absent.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Seconds (capped by the server's limit).
    #[serde(default)]
    pub time_limit: Option<f64>,
}

/// Reads one puzzle from `text` (errors name `name` with the line and column).
fn read_grid(name: &str, text: &str) -> Result<Grid, ApiError> {
    let mut puzzles =
        csp_sudoku::parse::parse(text, name).map_err(|e| ApiError::input(name, e.to_string()))?;
    if puzzles.len() != 1 {
        return Err(ApiError::input(
            name,
            format!("expected one puzzle, found {}", puzzles.len()),
        ));
    }
    Ok(puzzles.remove(0).grid)
}

/// The puzzle and, when given, the player's grid, checked to agree on the givens.
fn read_both(req: &PuzzleRequest) -> Result<(Grid, Grid), ApiError> {
    let puzzle = read_grid("puzzle", &req.puzzle)?;
    let Some(text) = &req.grid else {
        return Ok((puzzle.clone(), puzzle));
    };
    let grid = read_grid("grid", text)?;
    if grid.shape() != puzzle.shape() {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "the grid is {n}×{n} but the puzzle is {m}×{m}",
                n = grid.shape().size(),
                m = puzzle.shape().size()
            ),
        ));
    }
    if let Some((cell, _)) = puzzle.givens().find(|&(c, s)| grid.cells()[c] != s) {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "the grid changes the given at {}",
                name(puzzle.shape(), cell)
            ),
        ));
    }
    Ok((puzzle, grid))
}

fn name(shape: Shape, cell: usize) -> String {
    let n = shape.size();
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

fn cell_json(shape: Shape, cell: usize) -> Value {
    json!({"cell": cell, "name": name(shape, cell)})
}

/// The unique solution, or the answer to send instead (`None` inside: the time ran out).
fn solution_of(puzzle: &Grid, deadline: Instant) -> Result<Result<Grid, Value>, ApiError> {
    match unique_solution(puzzle, Some(deadline)) {
        Some(Ok(s)) => {
            verified(puzzle, &s)?;
            Ok(Ok(s))
        }
        Some(Err(NotProper::NoSolution)) => Ok(Err(
            json!({"status": "unsatisfiable", "message": "the puzzle has no solution"}),
        )),
        Some(Err(NotProper::Several)) => Ok(Err(
            json!({"status": "satisfiable", "unique": false, "message": "the puzzle has more than one solution"}),
        )),
        None => Ok(Err(
            json!({"status": "unknown", "message": "the time limit came first"}),
        )),
    }
}

/// `POST /api/sudoku/solve`: `{"status": "satisfiable" | "unsatisfiable" | "unknown",
/// "unique", "solution"}` (the first solution found when there are several; each checked).
pub async fn solve(
    State(state): State<AppState>,
    Body(req): Body<PuzzleRequest>,
) -> Result<Json<Value>, ApiError> {
    let puzzle = read_grid("puzzle", &req.puzzle)?;
    let limit = work::time_limit(&state, req.time_limit);
    work::run(&state, limit, move |deadline| {
        let shape = puzzle.shape();
        let prepared = Prepared::new(&Method::Fast, [shape]);
        let mut solver = prepared.solver(shape);
        solver.set_limits(csp_core::Limits {
            deadline: Some(deadline),
            ..Default::default()
        });
        let a = solver.solve(&puzzle, 2);
        if let Some(s) = &a.solution {
            verified(&puzzle, s)?;
        }
        Ok(Json(json!({
            "status": a.status().name(),
            "unique": a.is_unique(),
            "count": a.count,
            "puzzle": puzzle.to_line(),
            "size": shape.size(),
            "solution": a.solution.map(|s| s.to_line()),
            "nodes": a.stats.nodes,
        })))
    })
    .await
}

/// `POST /api/sudoku/check`: the player's grid against the rules and the solution:
/// `conflicts` (cells that repeat a digit in a unit), `wrong` (entries that differ from the
/// unique solution), `complete` and `solved`.
pub async fn check(
    State(state): State<AppState>,
    Body(req): Body<PuzzleRequest>,
) -> Result<Json<Value>, ApiError> {
    let (puzzle, grid) = read_both(&req)?;
    let limit = work::time_limit(&state, req.time_limit);
    work::run(&state, limit, move |deadline| {
        let shape = grid.shape();
        let conflicts = conflicts(&grid);
        let mut answer = json!({
            "conflicts": conflicts.iter().map(|&c| cell_json(shape, c)).collect::<Vec<_>>(),
            "complete": grid.is_complete(),
        });
        match solution_of(&puzzle, deadline)? {
            Ok(s) => {
                let wrong = wrong_cells(&puzzle, &grid, &s);
                answer["status"] = json!("satisfiable");
                answer["unique"] = json!(true);
                answer["solved"] = json!(grid == s);
                answer["wrong"] = json!(
                    wrong
                        .iter()
                        .map(|&c| cell_json(shape, c))
                        .collect::<Vec<_>>()
                );
            }
            Err(why) => {
                answer["status"] = why["status"].clone();
                answer["unique"] = json!(false);
                answer["message"] = why["message"].clone();
                answer["solved"] = json!(
                    grid.is_complete()
                        && conflicts.is_empty()
                        && csp_sudoku::verify(&puzzle, &grid).is_ok()
                );
            }
        }
        Ok(Json(answer))
    })
    .await
}

/// Cells whose digit repeats in one of their units.
fn conflicts(grid: &Grid) -> Vec<usize> {
    let mut bad = vec![false; grid.cells().len()];
    for unit in grid.shape().units() {
        for (i, &a) in unit.iter().enumerate() {
            let s = grid.cells()[a];
            if s == 0 {
                continue;
            }
            for &b in &unit[i + 1..] {
                if grid.cells()[b] == s {
                    bad[a] = true;
                    bad[b] = true;
                }
            }
        }
    }
    (0..bad.len()).filter(|&c| bad[c]).collect()
}

/// The player's entries that differ from the solution.
fn wrong_cells(puzzle: &Grid, grid: &Grid, solution: &Grid) -> Vec<usize> {
    (0..grid.cells().len())
        .filter(|&c| {
            puzzle.cells()[c] == 0 && grid.cells()[c] != 0 && grid.cells()[c] != solution.cells()[c]
        })
        .collect()
}

/// The candidates of the player's grid with the player's crossed-out marks taken away where
/// they are right; `Err` with a `mistake` answer when a mark crosses out the solution's digit.
fn player_candidates(
    grid: &Grid,
    marks: Option<&str>,
    solution: &Grid,
) -> Result<Result<Candidates, Value>, ApiError> {
    let mut c = Candidates::new(grid).ok_or_else(|| ApiError::internal("a right grid clashes"))?;
    let Some(marks) = marks else {
        return Ok(Ok(c));
    };
    let shape = grid.shape();
    let n = shape.size();
    let chars: Vec<char> = marks.chars().collect();
    if chars.len() != n * n * n {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "marks: {} characters, expected {} ({n} per cell)",
                chars.len(),
                n * n * n
            ),
        ));
    }
    let mut lost = Vec::new();
    for cell in 0..n * n {
        let mut written = vec![false; n + 1];
        for (i, &ch) in chars[cell * n..(cell + 1) * n].iter().enumerate() {
            match ch {
                '.' | '0' => {}
                _ => match csp_sudoku::grid::char_symbol(ch) {
                    Some(d) if usize::from(d) == i + 1 => written[i + 1] = true,
                    _ => {
                        return Err(ApiError::new(
                            StatusCode::BAD_REQUEST,
                            format!(
                                "marks: character {}: expected `{}` or `.`, found `{ch}`",
                                cell * n + i + 1,
                                csp_sudoku::grid::symbol_char(i as u8 + 1)
                            ),
                        ));
                    }
                },
            }
        }
        if grid.cells()[cell] != 0 || !written.contains(&true) {
            continue; // a value, or no marks written: every candidate
        }
        if !written[usize::from(solution.cells()[cell])] {
            lost.push(cell);
            continue;
        }
        for d in 1..=n as u8 {
            if !written[usize::from(d)] && c.has(cell, d) {
                c.eliminate(cell, d);
            }
        }
    }
    if !lost.is_empty() {
        let names: Vec<String> = lost.iter().map(|&x| name(shape, x)).collect();
        return Ok(Err(json!({
            "status": "satisfiable", "unique": true,
            "kind": "mistake",
            "message": format!("the pencil marks of {} cross out the right digit", names.join(", ")),
            "cells": lost.iter().map(|&x| cell_json(shape, x)).collect::<Vec<_>>(),
        })));
    }
    Ok(Ok(c))
}

/// A step as the page draws it: cells by number and name, the candidates before it, a
/// chain's candidates and its links (strong or weak) as the CLI's `--svg` draws them.
fn step_json(c: &Candidates, step: &Step) -> Value {
    let shape = c.shape();
    let pair = |&(x, d): &(usize, u8)| json!({"cell": x, "name": name(shape, x), "digit": d});
    json!({
        "technique": step.technique.name(),
        "description": step.technique.description(),
        "rating": rating::difficulty(c, step),
        "pattern": step.pattern.iter().map(|&x| cell_json(shape, x)).collect::<Vec<_>>(),
        "placements": step.placements.iter().map(pair).collect::<Vec<_>>(),
        "eliminations": step.eliminations.iter().map(pair).collect::<Vec<_>>(),
        "explanation": step.explanation,
        "marks": c.to_pencil_marks(),
        "chain": step.chain.iter().map(pair).collect::<Vec<_>>(),
        "links": step.links().iter().map(|(a, b, kind)| json!({"from": pair(a), "to": pair(b), "kind": kind.name()})).collect::<Vec<_>>(),
    })
}

/// A solution checked against the rules, independently of the solver that found it.
fn verified(puzzle: &Grid, solution: &Grid) -> Result<(), ApiError> {
    csp_sudoku::verify(puzzle, solution)
        .map_err(|v| ApiError::internal(format!("the solver's solution is wrong: {v}")))
}

/// A step checked against the solution: it places solution digits and removes none.
fn sound(step: &Step, solution: &Grid) -> Result<(), ApiError> {
    let right = step
        .placements
        .iter()
        .all(|&(x, d)| solution.cells()[x] == d)
        && step
            .eliminations
            .iter()
            .all(|&(x, d)| solution.cells()[x] != d);
    if right {
        Ok(())
    } else {
        Err(ApiError::internal(format!(
            "the {} step contradicts the solution",
            step.technique
        )))
    }
}

/// Where to look for a step: the one row, column or box holding its pattern and what it
/// changes, or else those cells.
fn focus(shape: Shape, step: &Step) -> (String, Vec<usize>) {
    let mut cells: Vec<usize> = step.pattern.clone();
    cells.extend(
        step.placements
            .iter()
            .chain(&step.eliminations)
            .map(|p| p.0),
    );
    cells.sort_unstable();
    cells.dedup();
    let n = shape.size();
    for (u, unit) in shape.units().iter().enumerate() {
        if cells.iter().all(|c| unit.contains(c)) {
            let kind = ["row", "column", "box"][u / n];
            return (format!("look at {kind} {}", u % n + 1), unit.clone());
        }
    }
    ("look at the highlighted cells".to_string(), cells)
}

/// `POST /api/sudoku/hint`: the next step from the player's grid, easiest technique first,
/// cut to the level asked, in the CLI's order (`csp sudoku hint --level`): 1 the technique
/// and its description, 2 also where to look (`where`, `focus`) and the pattern's cells, 3
/// (the default) the whole step with its explanation and the candidates before it. A wrong entry is pointed out first (`kind: mistake`); a grid no implemented
/// technique advances gets one cell of the solution (`kind: reveal`).
pub async fn hint(
    State(state): State<AppState>,
    Body(req): Body<PuzzleRequest>,
) -> Result<Json<Value>, ApiError> {
    let (puzzle, grid) = read_both(&req)?;
    let level = req.level.unwrap_or(3);
    if !(1..=3).contains(&level) {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("level {level}: expected 1, 2 or 3"),
        ));
    }
    let limit = work::time_limit(&state, req.time_limit);
    work::run(&state, limit, move |deadline| {
        let shape = puzzle.shape();
        let solution = match solution_of(&puzzle, deadline)? {
            Ok(s) => s,
            Err(why) => return Ok(Json(why)),
        };
        let wrong = wrong_cells(&puzzle, &grid, &solution);
        if !wrong.is_empty() {
            let names: Vec<String> = wrong.iter().map(|&c| name(shape, c)).collect();
            return Ok(Json(json!({
                "status": "satisfiable", "unique": true,
                "kind": "mistake",
                "message": format!("{} {} not right", names.join(", "), if wrong.len() == 1 { "is" } else { "are" }),
                "cells": wrong.iter().map(|&c| cell_json(shape, c)).collect::<Vec<_>>(),
            })));
        }
        if grid == solution {
            return Ok(Json(json!({"status": "satisfiable", "unique": true, "kind": "solved", "message": "solved"})));
        }
        let c = match player_candidates(&grid, req.marks.as_deref(), &solution)? {
            Ok(c) => c,
            Err(mistake) => return Ok(Json(mistake)),
        };
        let Some(step) = human::next_step_until(&c, Some(deadline)) else {
            if csp_core::termination::past(Some(deadline)) {
                return Ok(Json(json!({"status": "unknown", "message": "the time limit came first"})));
            }
            let cell = (0..grid.cells().len()).find(|&x| grid.cells()[x] == 0).unwrap_or(0);
            return Ok(Json(json!({
                "status": "satisfiable", "unique": true,
                "kind": "reveal",
                "message": format!("no implemented technique applies here; {} is {}", name(shape, cell), solution.cells()[cell]),
                "placements": [{"cell": cell, "name": name(shape, cell), "digit": solution.cells()[cell]}],
            })));
        };
        sound(&step, &solution)?;
        let full = step_json(&c, &step);
        let mut j = json!({
            "status": "satisfiable", "unique": true,
            "kind": "step",
            "level": level,
            "technique": full["technique"].clone(),
            "description": full["description"].clone(),
        });
        if level >= 2 {
            let (text, cells) = focus(shape, &step);
            j["where"] = json!(text);
            j["focus"] = json!(cells.iter().map(|&x| cell_json(shape, x)).collect::<Vec<_>>());
            j["pattern"] = full["pattern"].clone();
            if level == 3 {
                for key in ["rating", "placements", "eliminations", "explanation", "marks"] {
                    j[key] = full[key].clone();
                }
            }
        }
        Ok(Json(j))
    })
    .await
}

/// `POST /api/sudoku/path`: the easiest-first path of steps from the player's grid (the
/// puzzle's when absent) to the end, each with the candidates before it, and the rating.
pub async fn path(
    State(state): State<AppState>,
    Body(req): Body<PuzzleRequest>,
) -> Result<Json<Value>, ApiError> {
    let (puzzle, grid) = read_both(&req)?;
    let limit = work::time_limit(&state, req.time_limit);
    work::run(&state, limit, move |deadline| {
        let solution = match solution_of(&puzzle, deadline)? {
            Ok(s) => s,
            Err(why) => return Ok(Json(why)),
        };
        // Wrong entries are answered as a hint answers them: which cells, in words.
        let wrong = wrong_cells(&puzzle, &grid, &solution);
        if !wrong.is_empty() {
            let shape = puzzle.shape();
            let names: Vec<String> = wrong.iter().map(|&c| name(shape, c)).collect();
            return Ok(Json(json!({
                "status": "satisfiable", "unique": true,
                "kind": "mistake",
                "message": format!("{} {} not right: correct {} first", names.join(", "), if wrong.len() == 1 { "is" } else { "are" }, if wrong.len() == 1 { "it" } else { "them" }),
                "cells": wrong.iter().map(|&c| cell_json(shape, c)).collect::<Vec<_>>(),
            })));
        }
        let mut c = match player_candidates(&grid, req.marks.as_deref(), &solution)? {
            Ok(c) => c,
            Err(mistake) => return Ok(Json(mistake)),
        };
        let mut steps = Vec::new();
        let mut hardest = 0.0f64;
        let mut stopped = false;
        while !c.is_solved() {
            if csp_core::termination::past(Some(deadline)) {
                stopped = true;
                break;
            }
            let Some(step) = human::next_step_until(&c, Some(deadline)) else {
                stopped = csp_core::termination::past(Some(deadline));
                break;
            };
            sound(&step, &solution)?;
            hardest = hardest.max(rating::difficulty(&c, &step));
            steps.push(step_json(&c, &step));
            c.apply(&step);
        }
        let solved = c.is_solved();
        if solved && c.grid() != solution {
            return Err(ApiError::internal("the path ends away from the solution"));
        }
        Ok(Json(json!({
            "status": if stopped { "unknown" } else { "satisfiable" },
            "unique": !stopped,
            "solved": solved,
            "steps": steps,
            "hardest": hardest,
            "grid": c.grid().to_line(),
        })))
    })
    .await
}

fn rating_json(r: &rating::Rating) -> Value {
    json!({
        "er": r.er,
        "ep": r.ep,
        "ed": r.ed,
        "level": rating::Level::of(r.er).name(),
        "hardest": r.hardest.map(|t| t.name()),
        "solved_by_logic": r.solved_by_logic,
        "steps": r.steps,
    })
}

/// `POST /api/sudoku/rate`: the Sudoku Explainer ratings (ER/EP/ED), the level and the
/// hardest technique, for a puzzle with one solution.
pub async fn rate(
    State(state): State<AppState>,
    Body(req): Body<PuzzleRequest>,
) -> Result<Json<Value>, ApiError> {
    let puzzle = read_grid("puzzle", &req.puzzle)?;
    let limit = work::time_limit(&state, req.time_limit);
    work::run(&state, limit, move |deadline| {
        if let Err(why) = solution_of(&puzzle, deadline)? {
            return Ok(Json(why));
        }
        Ok(Json(match rating::rate_until(&puzzle, Some(deadline)) {
            Some(Ok(r)) => {
                json!({"status": "satisfiable", "unique": true, "rating": rating_json(&r)})
            }
            Some(Err(er)) => {
                json!({"status": "unknown", "at_least": er, "message": "the time limit came first"})
            }
            None => json!({"status": "unsatisfiable", "message": "the givens clash"}),
        }))
    })
    .await
}

/// `POST /api/sudoku/generate`: a minimal puzzle with one solution (checked by dancing
/// links), of the level asked, with its rating and the seed that makes it again.
pub async fn generate(
    State(state): State<AppState>,
    Body(req): Body<GenerateRequest>,
) -> Result<Json<Value>, ApiError> {
    let level = match &req.level {
        Some(l) => Some(
            l.parse::<rating::Level>()
                .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e))?,
        ),
        None => None,
    };
    let symmetry = match &req.symmetry {
        Some(s) => s
            .parse::<Symmetry>()
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.to_string()))?,
        None => Symmetry::None,
    };
    let size = req.r#box.unwrap_or(3);
    if !(2..=4).contains(&size) {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("box {size}: expected 2 (4×4), 3 (9×9) or 4 (16×16)"),
        ));
    }
    let shape = Shape::square(usize::from(size))
        .ok_or_else(|| ApiError::new(StatusCode::BAD_REQUEST, format!("box {size}")))?;
    let seed = req.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let limit = work::time_limit(&state, req.time_limit);
    work::run(&state, limit, move |deadline| {
        let mut g = Generator::new(shape, symmetry, seed);
        g.set_deadline(Some(deadline));
        // One puzzle at a time, so that the deadline also ends a level that this box size
        // rarely or never reaches (no 4×4 puzzle needs a forcing chain).
        let p = loop {
            if csp_core::termination::past(Some(deadline)) {
                break None;
            }
            let p = match level {
                Some(l) => g.puzzle_at(l, 1),
                None => g.puzzle_until(),
            };
            if p.is_some() {
                break p;
            }
        };
        let Some(p) = p else {
            return Ok(Json(json!({"status": "unknown", "message": "no puzzle within the time limit", "seed": seed})));
        };
        // Checked by another solver than the generator's before it is sent.
        let dlx = Prepared::new(&Method::Dlx, [shape]);
        let a = dlx.solver(shape).solve(&p, 2);
        let proper = a.is_unique() && a.solution.as_ref().is_some_and(|s| csp_sudoku::verify(&p, s).is_ok());
        if !proper {
            return Err(ApiError::internal("the generated puzzle is not unique"));
        }
        let r = rating::rate_until(&p, Some(deadline)).and_then(Result::ok);
        Ok(Json(json!({
            "status": "done",
            "puzzle": p.to_line(),
            "size": shape.size(),
            "seed": seed,
            "rating": r.as_ref().map(rating_json),
        })))
    })
    .await
}
