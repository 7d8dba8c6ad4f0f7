//! The methods side by side (issues 5 and 17): the engine, dancing links, SAT and the
//! dedicated triad solver agree on the solution and on counting up to 2, on the whole
//! 17-clue list and the whole serg list.
//! Every solution is checked with the independent `verify`.

mod common;
use common::{data_set, every};

use csp_core::SearchConfig;
use csp_sudoku::exact_cover::DlxSolver;
use csp_sudoku::fast::FastSolver;
use csp_sudoku::sat::{Encoding, SatEncoded, SatSolver};
use csp_sudoku::{Answer, ModelKind, Puzzle, Shape, Solver, encode, verify};

fn check(p: &Puzzle, a: &Answer, method: &str) {
    let s = a
        .solution
        .as_ref()
        .unwrap_or_else(|| panic!("{method}, line {}: no solution", p.line));
    assert_eq!(verify(&p.grid, s), Ok(()), "{method}, line {}", p.line);
}

/// Runs the three methods on `puzzles` and checks they agree; `unique` says what the count
/// up to 2 must be.
fn agree(puzzles: &[Puzzle], unique: bool, sat_encoding: Encoding) {
    let nine = Shape::square(3).unwrap();
    let enc = encode(nine, ModelKind::AllDifferent);
    let mut engine = Solver::new(&enc, SearchConfig::default());
    let mut dlx = DlxSolver::new(nine);
    let sat_enc = SatEncoded::new(nine, sat_encoding);
    let mut sat = SatSolver::new(&sat_enc);
    let mut fast = FastSolver::new();
    for p in puzzles {
        let answers = [
            ("engine", engine.solve(&p.grid, 2)),
            ("dlx", dlx.solve(&p.grid, 2)),
            ("sat", sat.solve(&p.grid, 2)),
            ("fast", fast.solve(&p.grid, 2)),
        ];
        for (method, a) in &answers {
            check(p, a, method);
            if unique {
                assert!(a.is_unique(), "{method}, line {}: {}", p.line, a.count);
            } else {
                assert_eq!(
                    (a.count, a.exhausted),
                    (2, false),
                    "{method}, line {}",
                    p.line
                );
            }
        }
        if unique {
            assert_eq!(
                answers[0].1.solution, answers[1].1.solution,
                "line {}",
                p.line
            );
            assert_eq!(
                answers[0].1.solution, answers[2].1.solution,
                "line {}",
                p.line
            );
            assert_eq!(
                answers[0].1.solution, answers[3].1.solution,
                "line {}",
                p.line
            );
        }
    }
}

#[test]
fn engine_dlx_and_sat_agree_on_every_17_clue_puzzle() {
    let (puzzles, set) = data_set("puzzles2_17_clue");
    assert_eq!(puzzles.len(), if set.is_full() { 49_158 } else { 3_073 });
    agree(&puzzles, true, Encoding::Extended);
}

#[test]
fn engine_dlx_and_sat_find_two_solutions_to_every_serg_puzzle() {
    let (puzzles, set) = data_set("puzzles7_serg_benchmark");
    assert_eq!(puzzles.len(), if set.is_full() { 10_000 } else { 500 });
    agree(&puzzles, false, Encoding::Extended);
}

#[test]
fn the_triad_solver_agrees_with_the_engine_on_the_hard_lists() {
    let nine = Shape::square(3).unwrap();
    let enc = encode(nine, ModelKind::AllDifferent);
    let mut engine = Solver::new(&enc, SearchConfig::default());
    let mut fast = FastSolver::new();
    for name in [
        "puzzles3_magictour_top1465",
        "puzzles6_forum_hardest_1106_shared301",
    ] {
        let (puzzles, _) = data_set(name);
        for p in &puzzles {
            let (a, b) = (engine.solve(&p.grid, 2), fast.solve(&p.grid, 2));
            check(p, &b, "fast");
            assert!(b.is_unique(), "{name}:{}", p.line);
            assert_eq!(a.solution, b.solution, "{name}:{}", p.line);
        }
    }
}

#[test]
fn the_minimal_encoding_agrees_on_a_sample() {
    let puzzles: Vec<Puzzle> = every("puzzles3_magictour_top1465", 15);
    agree(&puzzles, true, Encoding::Minimal);
}

#[test]
fn every_method_solves_larger_and_rectangular_grids() {
    // An empty 6×6 (2×3 boxes) and a 16×16 with the first row given.
    for (shape, first_row) in [
        (Shape::new(2, 3).unwrap(), false),
        (Shape::square(4).unwrap(), true),
    ] {
        let mut g = csp_sudoku::Grid::empty(shape);
        if first_row {
            for c in 0..shape.size() {
                g.set(0, c, c as u8 + 1);
            }
        }
        let mut dlx = DlxSolver::new(shape);
        let a = dlx.solve(&g, 1);
        assert_eq!(verify(&g, a.solution.as_ref().unwrap()), Ok(()));
        for e in Encoding::ALL {
            let enc = SatEncoded::new(shape, e);
            let a = SatSolver::new(&enc).solve(&g, 2);
            assert_eq!(a.count, 2, "{e}");
            assert_eq!(verify(&g, a.solution.as_ref().unwrap()), Ok(()));
        }
    }
}
