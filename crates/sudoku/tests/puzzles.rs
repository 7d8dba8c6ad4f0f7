//! Integration tests on the shared puzzle lists (`$CSP_DATA/sudoku`, default
//! `../shared/data/sudoku` beside the repository) and on generated large grids. Every
//! solution is checked with the independent `verify`.

mod common;
use common::{data_set, every};

use csp_core::{AllDifferentStrength, Propagation, SearchConfig, VarOrder};
use csp_sudoku::{Grid, ModelKind, Puzzle, Shape, Solver, encode, parse, verify};

fn config(
    var_order: VarOrder,
    propagation: Propagation,
    all_different: AllDifferentStrength,
) -> SearchConfig {
    SearchConfig {
        var_order,
        propagation,
        all_different,
        ..SearchConfig::default()
    }
}

/// The strategies compared: the naive backtracker and the propagation levels.
fn strategies() -> Vec<(&'static str, SearchConfig)> {
    use AllDifferentStrength::*;
    use Propagation::*;
    vec![
        ("naive", SearchConfig::naive()),
        (
            "input+fc",
            config(VarOrder::InputOrder, ForwardChecking, Pairwise),
        ),
        (
            "mrv+fc",
            config(VarOrder::FirstFail, ForwardChecking, Pairwise),
        ),
        (
            "mrv+ac3",
            config(VarOrder::FirstFail, ArcConsistency, Pairwise),
        ),
        (
            "mrv+counting",
            config(VarOrder::FirstFail, ArcConsistency, Counting),
        ),
        (
            "mrv+gac",
            config(VarOrder::FirstFail, ArcConsistency, Matching),
        ),
        (
            "dom/wdeg+counting",
            config(VarOrder::DomOverWDeg, ArcConsistency, Counting),
        ),
    ]
}

fn best() -> SearchConfig {
    config(
        VarOrder::FirstFail,
        Propagation::ArcConsistency,
        AllDifferentStrength::Counting,
    )
}

#[test]
fn every_17_clue_puzzle_is_solved_uniquely_and_verified() {
    let (puzzles, set) = data_set("puzzles2_17_clue");
    assert_eq!(puzzles.len(), if set.is_full() { 49_158 } else { 3_073 });
    let enc = encode(Shape::square(3).unwrap(), ModelKind::AllDifferent);
    let mut solver = Solver::new(&enc, best());
    // All 49,158 of the full set (about 2 s in the optimised test build, debug assertions
    // on), or the bundled sample.
    for p in &puzzles {
        assert_eq!(p.grid.num_givens(), 17);
        let a = solver.solve(&p.grid, 2);
        assert!(a.is_unique(), "line {}: {} solutions", p.line, a.count);
        let s = a.solution.expect("solved");
        assert_eq!(verify(&p.grid, &s), Ok(()), "line {}", p.line);
    }
}

#[test]
fn every_serg_puzzle_is_reported_not_unique() {
    let (puzzles, set) = data_set("puzzles7_serg_benchmark");
    assert_eq!(puzzles.len(), if set.is_full() { 10_000 } else { 500 });
    let enc = encode(Shape::square(3).unwrap(), ModelKind::AllDifferent);
    let mut solver = Solver::new(&enc, best());
    for p in &puzzles {
        let a = solver.solve(&p.grid, 2);
        assert_eq!(a.count, 2, "line {}", p.line);
        assert!(!a.is_unique());
        assert_eq!(verify(&p.grid, &a.solution.expect("solved")), Ok(()));
    }
}

#[test]
fn models_and_strategies_agree_on_solutions_and_counts() {
    let mut sample: Vec<Puzzle> = every("puzzles3_magictour_top1465", 100);
    sample.extend(every("puzzles6_forum_hardest_1106_shared301", 60));
    sample.extend(every("puzzles7_serg_benchmark", 2000));
    let shape = Shape::square(3).unwrap();
    for kind in ModelKind::ALL {
        let enc = encode(shape, kind);
        for (name, config) in strategies() {
            // The naive backtracker on the hardest puzzles takes minutes: only the easy ones.
            let mut solver = Solver::new(&enc, config);
            for p in &sample {
                if name == "naive" && p.grid.num_givens() < 30 {
                    continue;
                }
                let reference =
                    Solver::new(&encode(shape, ModelKind::AllDifferent), best()).solve(&p.grid, 3);
                let a = solver.solve(&p.grid, 3);
                assert_eq!(
                    (a.count, a.exhausted),
                    (reference.count, reference.exhausted),
                    "{kind} {name} line {}",
                    p.line
                );
                let s = a.solution.expect("solved");
                assert_eq!(verify(&p.grid, &s), Ok(()), "{kind} {name}");
                if reference.count == 1 {
                    assert_eq!(Some(s), reference.solution, "{kind} {name}");
                }
            }
        }
    }
}

/// A valid full grid of any shape (the shifted-rows pattern), blanked with a seeded
/// generator: a solvable puzzle of that shape.
fn generated(shape: Shape, keep_percent: u64, seed: u64) -> Grid {
    let n = shape.size();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let mut g = Grid::empty(shape);
    let mut state = seed;
    for r in 0..n {
        for c in 0..n {
            let v = (bc * (r % br) + r / br + c) % n + 1;
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if (state >> 33) % 100 < keep_percent {
                g.set(r, c, v as u8);
            }
        }
    }
    g
}

#[test]
fn four_sixteen_and_twenty_five_wide_grids_solve() {
    for (shape, keep) in [
        (Shape::square(2).unwrap(), 30),
        (Shape::new(2, 3).unwrap(), 35),
        (Shape::new(3, 4).unwrap(), 45),
        (Shape::square(4).unwrap(), 50),
        (Shape::square(5).unwrap(), 55),
    ] {
        let puzzle = generated(shape, keep, 11);
        assert!(puzzle.clash().is_none());
        for kind in ModelKind::ALL {
            let enc = encode(shape, kind);
            let a = Solver::new(&enc, best()).solve(&puzzle, 1);
            let s = a
                .solution
                .unwrap_or_else(|| panic!("{shape} {kind}: no solution"));
            assert_eq!(verify(&puzzle, &s), Ok(()), "{shape} {kind}");
        }
        // Through the text formats as well: one line (letters), and numbers for 25×25.
        let again = &parse::parse(&puzzle.to_line(), "gen").unwrap()[0];
        assert_eq!(again.grid.cells(), puzzle.cells(), "{shape}");
    }
}

#[test]
fn a_clash_is_no_solution_not_a_panic() {
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "5");
    line.replace_range(8..9, "5");
    let p = &parse::parse(&line, "clash").unwrap()[0];
    let c = p.grid.clash().expect("two 5s in row 1");
    assert_eq!((c.unit, c.cells), ("row", (0, 8)));
    for kind in ModelKind::ALL {
        let enc = encode(p.grid.shape(), kind);
        let a = Solver::new(&enc, best()).solve(&p.grid, 2);
        assert_eq!((a.count, a.exhausted), (0, true));
    }
}
