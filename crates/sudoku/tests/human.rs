//! The human techniques never lie: on real puzzles every placement is the solution's digit and
//! no elimination removes the solution's digit (the solution from the engine, checked by
//! `verify`).

use csp_core::SearchConfig;
use csp_sudoku::human::{Candidates, Technique, next_step};
use csp_sudoku::{ModelKind, Puzzle, Shape, Solver, encode, parse, verify};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn data(file: &str) -> Vec<Puzzle> {
    let path = std::env::var_os("CSP_DATA")
        .map_or_else(
            || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
            PathBuf::from,
        )
        .join("sudoku")
        .join(file);
    parse::read(&path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn no_step_contradicts_the_solution_and_every_technique_fires() {
    let enc = encode(Shape::square(3).unwrap(), ModelKind::AllDifferent);
    let mut solver = Solver::new(&enc, SearchConfig::default());
    let mut puzzles = data("puzzles3_magictour_top1465");
    puzzles.extend(data("puzzles2_17_clue").into_iter().step_by(100));
    let mut fired: BTreeMap<Technique, usize> = BTreeMap::new();
    let mut solved = 0;
    for p in &puzzles {
        let truth = solver.solve(&p.grid, 1).solution.expect("solvable");
        assert_eq!(verify(&p.grid, &truth), Ok(()));
        let mut c = Candidates::new(&p.grid).expect("no clash");
        while let Some(step) = next_step(&c) {
            for &(cell, d) in &step.placements {
                assert_eq!(truth.cells()[cell], d, "line {}: {step:?}", p.line);
            }
            for &(cell, d) in &step.eliminations {
                assert_ne!(truth.cells()[cell], d, "line {}: {step:?}", p.line);
            }
            assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
            *fired.entry(step.technique).or_default() += 1;
            c.apply(&step);
        }
        solved += usize::from(c.is_solved());
    }
    // A hidden quad in a 9-cell unit is the complement of a naked subset of at most 3 cells
    // (tried first), so easiest-first solving almost never reaches it: not required here.
    for t in Technique::ALL
        .into_iter()
        .filter(|&t| t != Technique::HiddenQuad)
    {
        assert!(fired.contains_key(&t), "{t} never fired: {fired:?}");
    }
    // Subsets and locked candidates alone solve a fair share of these hard sets.
    assert!(solved > 0, "{fired:?}");
}
