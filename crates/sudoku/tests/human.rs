//! The human techniques never lie: on real puzzles every placement is the solution's digit and
//! no elimination removes the solution's digit (the solution from the engine, checked by
//! `verify`).

mod common;
use common::{data, rated};

use csp_core::SearchConfig;
use csp_sudoku::human::{Candidates, Step, Technique, next_step};
use csp_sudoku::{ModelKind, Puzzle, Shape, Solver, encode, verify};
use std::collections::BTreeMap;

#[test]
fn no_step_contradicts_the_solution_and_every_technique_fires() {
    let enc = encode(Shape::square(3).unwrap(), ModelKind::AllDifferent);
    let mut solver = Solver::new(&enc, SearchConfig::default());
    // 3,283 puzzles: every 7th of top1465 (forcing chains make them slow to walk step by
    // step) and every 16th 17-clue puzzle.
    let mut puzzles: Vec<Puzzle> = data("puzzles3_magictour_top1465")
        .into_iter()
        .step_by(7)
        .collect();
    puzzles.extend(data("puzzles2_17_clue").into_iter().step_by(16));
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
                if positions % 16 == 0 {
                    for t in Technique::ALL {
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
    // Every technique but these takes a step of the path somewhere: a jellyfish or hidden quad
    // in a 9-cell unit is the complement of a smaller hidden or naked subset (or fish) tried
    // first, a colour trap or wrap is an X-chain (tried first, since it rates lower), and
    // contradictions found by static singles are rarer than the chains tried before them.
    for t in Technique::ALL.into_iter().filter(|&t| {
        ![
            Technique::HiddenQuad,
            Technique::Jellyfish,
            Technique::SimpleColouring,
            Technique::ForcingChain,
        ]
        .contains(&t)
    }) {
        assert!(fired.contains_key(&t), "{t} never fired: {fired:?}");
    }
    // Subsets and locked candidates alone solve a fair share of these hard sets.
    assert!(solved > 0, "{fired:?}");
}

/// Sudoku Explainer's technique names (as in the rated data) whose positions our technique
/// should also solve.
fn se_names(t: Technique) -> &'static [&'static str] {
    match t {
        Technique::HiddenSingle => &["Hidden Single"],
        Technique::Pointing => &["Pointing"],
        Technique::Claiming => &["Claiming"],
        Technique::NakedPair => &["Naked Pair"],
        Technique::HiddenPair => &["Hidden Pair"],
        Technique::NakedTriple => &["Naked Triplet"],
        Technique::HiddenQuad => &["Hidden Quad"],
        Technique::Jellyfish => &["Jellyfish"],
        Technique::Skyscraper => &["Skyscraper"],
        Technique::TwoStringKite => &["2-String Kite"],
        // SukakuExplainer finds empty rectangles as grouped kites and grouped strong links.
        Technique::EmptyRectangle => &["Grouped 2-String Kite", "Grouped 2 Strong links"],
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
    let text = rated("se_explainer_pencilmark.tsv");
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
