//! The human techniques never lie: on real puzzles every placement is the solution's digit and
//! no elimination removes the solution's digit (the solution from the engine, checked by
//! `verify`).

mod common;
use common::{data, every, rated};

use csp_core::SearchConfig;
use csp_sudoku::generate::{Generator, Symmetry};
use csp_sudoku::human::rating::next_rated_step;
use csp_sudoku::human::{Candidates, Step, Technique, next_step};
use csp_sudoku::{ModelKind, Puzzle, Shape, Solver, encode, verify};
use std::collections::BTreeMap;

#[test]
fn no_step_contradicts_the_solution_and_every_technique_fires() {
    let enc = encode(Shape::square(3).unwrap(), ModelKind::AllDifferent);
    let mut solver = Solver::new(&enc, SearchConfig::default());
    // 3,283 puzzles: every 7th of top1465 (forcing chains make them slow to walk step by
    // step) and every 16th 17-clue puzzle.
    let mut puzzles: Vec<Puzzle> = every("puzzles3_magictour_top1465", 7);
    puzzles.extend(every("puzzles2_17_clue", 16));
    // Steps taken on the easiest-first path, and steps found by every technique asked
    // directly on a sample of the positions (techniques shadowed by a more general one tried
    // earlier, like colouring by X-chains, would otherwise never be checked).
    let mut fired: BTreeMap<Technique, usize> = BTreeMap::new();
    let mut found: BTreeMap<Technique, usize> = BTreeMap::new();
    let mut solved = 0;
    let mut positions = 0usize;
    for p in &puzzles {
        let truth = solver.solve(&p.grid, 1).solution.expect("solvable");
        assert_eq!(verify(&p.grid, &truth), Ok(()));
        let check = |step: &Step| {
            for &(cell, d) in &step.placements {
                assert_eq!(truth.cells()[cell], d, "line {}: {step:?}", p.line);
            }
            for &(cell, d) in &step.eliminations {
                assert_ne!(truth.cells()[cell], d, "line {}: {step:?}", p.line);
            }
            assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
        };
        let mut c = Candidates::new(&p.grid).expect("no clash");
        while let Some(step) = next_step(&c) {
            check(&step);
            *fired.entry(step.technique).or_default() += 1;
            if step.technique > Technique::NakedSingle {
                positions += 1;
                if positions.is_multiple_of(16) {
                    // SE's nested chains cost the most: a quarter of these positions.
                    let nested = positions.is_multiple_of(64);
                    for t in Technique::ALL
                        .into_iter()
                        .filter(|&t| nested || t != Technique::DynamicForcingChainPlus)
                    {
                        if let Some(other) = t.find(&c) {
                            assert_eq!(other.technique, t);
                            check(&other);
                            *found.entry(t).or_default() += 1;
                        }
                    }
                }
            }
            c.apply(&step);
        }
        solved += usize::from(c.is_solved());
    }
    println!("on the path: {fired:?}\nasked directly: {found:?}");
    // (Singles are never left at those positions: a step beyond them was taken.)
    for t in Technique::ALL
        .into_iter()
        .filter(|&t| t > Technique::NakedSingle)
    {
        assert!(found.contains_key(&t), "{t} never found: {found:?}");
    }
    // Every technique but these takes a step of the path somewhere: a jellyfish, naked quad or
    // hidden quad in a 9-cell unit is the complement of a smaller hidden or naked subset (or
    // fish) tried first, a colour trap or wrap is an X-chain (tried first, since it rates lower), and
    // contradictions found by static singles are rarer than the chains tried before them. SE's
    // nested chains are needed by one puzzle of top1465 (its fixture checks them).
    for t in Technique::ALL.into_iter().filter(|&t| {
        ![
            Technique::HiddenQuad,
            Technique::NakedQuad,
            Technique::Jellyfish,
            Technique::SimpleColouring,
            Technique::ForcingChain,
            Technique::DynamicForcingChainPlus,
        ]
        .contains(&t)
    }) {
        assert!(fired.contains_key(&t), "{t} never fired: {fired:?}");
    }
    // Subsets and locked candidates alone solve a fair share of these hard sets.
    assert!(solved > 0, "{fired:?}");
}

/// The rater's path (SE's choice among its forcing chains and cycles where the chains begin)
/// never lies either.
#[test]
fn the_raters_steps_never_contradict_the_solution() {
    let enc = encode(Shape::square(3).unwrap(), ModelKind::AllDifferent);
    let mut solver = Solver::new(&enc, SearchConfig::default());
    let mut chains = 0;
    for p in every("puzzles3_magictour_top1465", 14) {
        let truth = solver.solve(&p.grid, 1).solution.expect("solvable");
        let mut c = Candidates::new(&p.grid).expect("no clash");
        while let Some((step, d)) = next_rated_step(&c) {
            for &(cell, digit) in &step.placements {
                assert_eq!(truth.cells()[cell], digit, "line {}: {step:?}", p.line);
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(truth.cells()[cell], digit, "line {}: {step:?}", p.line);
            }
            assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
            if (6.5..8.0).contains(&d) && step.technique >= Technique::XChain {
                chains += 1;
            }
            c.apply(&step);
        }
    }
    assert!(chains > 50, "{chains} chain steps");
}

/// Sudoku Explainer's technique names (as in the rated data) whose positions our technique
/// should also solve.
fn se_names(t: Technique) -> &'static [&'static str] {
    match t {
        Technique::HiddenSingle => &["Hidden Single"],
        Technique::Pointing => &["Pointing", "Direct Pointing"],
        Technique::Claiming => &["Claiming"],
        Technique::NakedPair => &["Naked Pair"],
        Technique::HiddenPair => &["Hidden Pair", "Direct Hidden Pair"],
        Technique::NakedTriple => &["Naked Triplet"],
        Technique::HiddenTriple => &["Direct Hidden Triplet"],
        Technique::XWing => &["X-Wing"],
        Technique::NakedQuad => &["Naked Quad"],
        Technique::BugPlusOne => &["BUG type 1"],
        Technique::XChain => &[
            "3 Strong links",
            "4 Strong links",
            "(3 Strong Links) X-Loop",
        ],
        Technique::HiddenQuad => &["Hidden Quad"],
        Technique::Jellyfish => &["Jellyfish"],
        Technique::Skyscraper => &["Skyscraper"],
        Technique::TwoStringKite => &["2-String Kite"],
        // SukakuExplainer finds empty rectangles as grouped kites and grouped strong links.
        Technique::EmptyRectangle => &["Grouped 2-String Kite", "Grouped 2 Strong links"],
        Technique::GroupedTwoStrongLinks => &[
            "Grouped 2-String Kite",
            "Grouped 2 Strong links",
            "Grouped Skyscraper",
        ],
        // (The rows name the hardest step of the path, not always the first: SE's two
        // "grouped 4 strong links" come after other steps, so they are not listed.)
        Technique::GroupedXChain => &[
            "Grouped 3 Strong links",
            "Grouped 3-String Kite",
            "Grouped 3 Skyscrapers",
        ],
        Technique::XyWing => &["XY-Wing"],
        Technique::XyzWing => &["XYZ-Wing"],
        Technique::UniqueRectangle => &[
            "Unique Rectangle type 1",
            "Unique Rectangle type 2",
            "Unique Rectangle type 3",
            "Unique Rectangle type 4",
        ],
        Technique::WxyzWing => &["WXYZ-Wing"],
        Technique::VwxyzWing => &["VWXYZ-Wing"],
        Technique::UvwxyzWing => &["UVWXYZ-Wing"],
        // SE's non-dynamic forcing chains and cycles are alternating inference chains.
        Technique::Aic => &[
            "Forcing Chain",
            "Bidirectional Cycle",
            "Bidirectional Y-Cycle",
        ],
        Technique::Nishio => &["Nishio Forcing Chains"],
        Technique::CellForcingChain => &["Cell Forcing Chains", "Dynamic Cell Forcing Chains"],
        Technique::RegionForcingChain => {
            &["Region Forcing Chains", "Dynamic Region Forcing Chains"]
        }
        _ => &[],
    }
}

#[test]
fn each_technique_fires_on_the_pencil_mark_positions_made_for_it() {
    let (text, _) = rated("se_explainer_pencilmark.tsv");
    // Per (technique, SE name): positions tried, positions where ours fired.
    let mut tried: BTreeMap<(Technique, &str), (usize, usize)> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        // SukakuExplainer suffixes some names with a pattern code ("WXYZ-Wing 126").
        let name = f[8]
            .rsplit_once(' ')
            .filter(|(_, code)| code.chars().all(|ch| ch.is_ascii_digit()))
            .map_or(f[8], |(n, _)| n);
        let c = Candidates::from_pencil_marks(f[2]).unwrap();
        let solution: Vec<u8> = f[3].bytes().map(|b| b - b'0').collect();
        for t in Technique::ALL {
            let Some(&se) = se_names(t).iter().find(|&&s| s == name || s == f[8]) else {
                continue;
            };
            let e = tried.entry((t, se)).or_default();
            e.0 += 1;
            if let Some(step) = t.find(&c) {
                e.1 += 1;
                for &(cell, d) in &step.eliminations {
                    assert_ne!(solution[cell], d, "{}: {step:?}", f[0]);
                }
                for &(cell, d) in &step.placements {
                    assert_eq!(solution[cell], d, "{}: {step:?}", f[0]);
                }
            }
        }
    }
    println!("{tried:?}");
    for ((t, se), (n, fired)) in &tried {
        assert!(
            *fired > 0,
            "{t} fired on none of the {n} positions of SE's {se}"
        );
    }
}

#[test]
fn other_box_shapes_are_solved_without_a_false_step() {
    // Generated puzzles (unique solutions) of other shapes: every step checked against the
    // engine's solution, and the pencil marks written and read back at every position.
    let mut fired: BTreeMap<Technique, usize> = BTreeMap::new();
    for (rows, cols, count) in [(2, 2, 40), (2, 3, 40), (3, 2, 20), (2, 4, 20), (4, 4, 2)] {
        let shape = Shape::new(rows, cols).unwrap();
        let enc = encode(shape, ModelKind::AllDifferent);
        let mut solver = Solver::new(&enc, SearchConfig::default());
        let mut generator = Generator::new(shape, Symmetry::None, 7);
        for _ in 0..count {
            let puzzle = generator.puzzle();
            let truth = solver.solve(&puzzle, 1).solution.expect("solvable");
            let mut c = Candidates::new(&puzzle).expect("no clash");
            while let Some(step) = next_step(&c) {
                for &(cell, d) in &step.placements {
                    assert_eq!(truth.cells()[cell], d, "{rows}x{cols}: {step:?}");
                }
                for &(cell, d) in &step.eliminations {
                    assert_ne!(truth.cells()[cell], d, "{rows}x{cols}: {step:?}");
                }
                *fired.entry(step.technique).or_default() += 1;
                if shape.size() > 9 && step.technique >= Technique::Aic {
                    break; // chains on 4,096 candidates take seconds a step
                }
                let marks = c.to_pencil_marks();
                assert_eq!(marks.len(), shape.size().pow(3));
                let back = Candidates::from_pencil_marks(&marks).unwrap();
                for cell in 0..shape.cells() {
                    let expect = if c.value(cell) != 0 {
                        1 << (c.value(cell) - 1)
                    } else {
                        c.mask(cell)
                    };
                    assert_eq!(back.mask(cell), expect);
                }
                c.apply(&step);
            }
            // Small shapes yield to the techniques (16×16 minimal puzzles often need more than
            // dynamic forcing chains).
            assert!(
                shape.size() > 9 || c.is_solved(),
                "{rows}x{cols}: {}",
                puzzle.to_line()
            );
        }
    }
    println!("{fired:?}");
    assert!(
        fired.keys().any(|&t| t > Technique::NakedSingle),
        "{fired:?}"
    );
}

/// `tests/fixtures/techniques.tsv`: for every technique, a position from a public puzzle list
/// (the grid of placed digits, the pencil marks, the solution) where it is the easiest step,
/// or, for those a more general technique shadows (colouring, contradiction chains, jellyfish,
/// hidden quad), where it applies beyond singles; and the step it gave when recorded.
/// Written by `print_technique_fixtures` below.
#[test]
fn every_technique_fires_on_its_fixture_soundly_and_as_recorded() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/techniques.tsv");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut seen = Vec::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let t = Technique::ALL
            .into_iter()
            .find(|t| t.name() == f[0])
            .unwrap_or_else(|| panic!("unknown technique {}", f[0]));
        let c = fixture_position(f[2], f[3]);
        let solution: Vec<u8> = f[4].bytes().map(|b| b - b'0').collect();
        let step = t
            .find(&c)
            .unwrap_or_else(|| panic!("{t} does not fire ({})", f[1]));
        for &(cell, d) in &step.placements {
            assert_eq!(solution[cell], d, "{t}: {step:?}");
        }
        for &(cell, d) in &step.eliminations {
            assert_ne!(solution[cell], d, "{t}: {step:?}");
        }
        assert_eq!(
            effect(&c, &step),
            f[5],
            "{t} ({}): {}",
            f[1],
            step.explanation
        );
        seen.push(t);
    }
    for t in Technique::ALL {
        assert!(seen.contains(&t), "no fixture for {t}");
    }
}

fn fixture_position(grid: &str, marks: &str) -> Candidates {
    let g = &csp_sudoku::parse::parse(grid, "fixture").unwrap()[0].grid;
    let mut c = Candidates::new(g).unwrap();
    let pm = Candidates::from_pencil_marks(marks).unwrap();
    for cell in 0..81 {
        if c.value(cell) == 0 {
            for d in 1..=9 {
                if c.has(cell, d) && !pm.has(cell, d) {
                    c.eliminate(cell, d);
                }
            }
        }
    }
    c
}

fn effect(c: &Candidates, step: &Step) -> String {
    step.placements
        .iter()
        .map(|&(x, d)| format!("{}={d}", c.name(x)))
        .chain(
            step.eliminations
                .iter()
                .map(|&(x, d)| format!("{}<>{d}", c.name(x))),
        )
        .collect::<Vec<_>>()
        .join(" ")
}

/// Prints the fixture file: `cargo test -p csp-sudoku --test human print_technique_fixtures --
/// --ignored --nocapture` (then keep the lines from the header on).
#[test]
#[ignore = "writes the fixture file's contents"]
fn print_technique_fixtures() {
    let enc = encode(Shape::square(3).unwrap(), ModelKind::AllDifferent);
    let mut solver = Solver::new(&enc, SearchConfig::default());
    let shadowed = [
        Technique::SimpleColouring,
        Technique::ForcingChain,
        Technique::Jellyfish,
        Technique::HiddenQuad,
    ];
    let mut rec: BTreeMap<Technique, String> = BTreeMap::new();
    'lists: for name in ["puzzles3_magictour_top1465", "puzzles2_17_clue"] {
        for p in data(name) {
            let truth = solver.solve(&p.grid, 1).solution.expect("solvable");
            let mut c = Candidates::new(&p.grid).unwrap();
            while let Some(step) = next_step(&c) {
                for t in Technique::ALL {
                    let wanted = t == step.technique
                        || (shadowed.contains(&t) && step.technique > Technique::NakedSingle);
                    if rec.contains_key(&t) || !wanted {
                        continue;
                    }
                    if let Some(s) = t.find(&c) {
                        let row = [
                            t.name().to_string(),
                            format!("{name} line {}", p.line),
                            c.grid().to_line(),
                            c.to_pencil_marks(),
                            truth.to_line(),
                            effect(&c, &s),
                        ];
                        rec.insert(t, row.join("\t"));
                    }
                }
                c.apply(&step);
            }
            if rec.len() == Technique::ALL.len() {
                break 'lists;
            }
        }
    }
    println!("technique\tsource\tgrid\tpencil_marks\tsolution\teffect");
    for t in Technique::ALL {
        println!("{}", rec.get(&t).map_or("", String::as_str));
    }
}
