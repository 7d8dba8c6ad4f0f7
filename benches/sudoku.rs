//! Sudoku: the first 20 puzzles of each shared list solved with a uniqueness check (count up
//! to 2), per model and strategy. Ids are `sudoku/<set>/<model>/<strategy>`. Puzzles are read
//! from `$CSP_DATA/sudoku` (default `../shared/data/sudoku`), else from the bundled samples
//! in `data/sudoku` (whose first 20 are other puzzles: compare like with like).

use criterion::{Criterion, criterion_group, criterion_main};
use csp_core::{AllDifferentStrength, Propagation, SearchConfig, VarOrder};
use csp_sudoku::{ModelKind, Puzzle, Solver, encode, parse};
use std::hint::black_box;

fn load(name: &str) -> Option<Vec<Puzzle>> {
    let set = csp_testdata::open(&format!("sudoku/{name}"));
    match parse::read(set.path()) {
        Ok(mut p) => {
            p.truncate(20);
            Some(p)
        }
        Err(e) => {
            eprintln!("skipping {name}: {e}");
            None
        }
    }
}

fn strategies() -> [(&'static str, SearchConfig); 4] {
    let c = |var_order, propagation, all_different| SearchConfig {
        var_order,
        propagation,
        all_different,
        ..SearchConfig::default()
    };
    use AllDifferentStrength::*;
    use Propagation::*;
    [
        ("mrv+fc", c(VarOrder::FirstFail, ForwardChecking, Pairwise)),
        ("mrv+ac3", c(VarOrder::FirstFail, ArcConsistency, Pairwise)),
        (
            "mrv+counting",
            c(VarOrder::FirstFail, ArcConsistency, Counting),
        ),
        ("mrv+gac", c(VarOrder::FirstFail, ArcConsistency, Matching)),
    ]
}

fn sets(c: &mut Criterion) {
    for (set, name) in [
        ("17-clue", "puzzles2_17_clue"),
        ("top1465", "puzzles3_magictour_top1465"),
        ("forum-hardest", "puzzles6_forum_hardest_1106_shared301"),
        ("serg", "puzzles7_serg_benchmark"),
    ] {
        let Some(puzzles) = load(name) else { continue };
        let mut g = c.benchmark_group(format!("sudoku/{set}"));
        g.sample_size(10);
        for kind in ModelKind::ALL {
            let enc = encode(puzzles[0].grid.shape(), kind);
            for (s, config) in strategies() {
                // The graph model with forward checking needs ~10⁵ nodes per 17-clue puzzle.
                if kind == ModelKind::Graph && s == "mrv+fc" {
                    continue;
                }
                let mut solver = Solver::new(&enc, config);
                g.bench_function(format!("{kind}/{s}"), |b| {
                    b.iter(|| {
                        for p in &puzzles {
                            let _ = black_box(solver.solve(black_box(&p.grid), 2));
                        }
                    })
                });
            }
        }
        // The dedicated 9×9 triad solver, on the fastest lanes of this CPU and on the
        // portable ones.
        use csp_sudoku::fast::{FastSolver, Lanes};
        for (id, lanes) in [
            ("triads/fast", Lanes::best()),
            ("triads/portable", Lanes::Portable),
        ] {
            let mut fast = FastSolver::with_lanes(lanes).expect("lanes this CPU has");
            g.bench_function(id, |b| {
                b.iter(|| {
                    for p in &puzzles {
                        let _ = black_box(fast.solve(black_box(&p.grid), 2));
                    }
                })
            });
        }
        // The two classic reductions on the same puzzles.
        let shape = puzzles[0].grid.shape();
        let mut dlx = csp_sudoku::exact_cover::DlxSolver::new(shape);
        g.bench_function("exact-cover/dlx", |b| {
            b.iter(|| {
                for p in &puzzles {
                    let _ = black_box(dlx.solve(black_box(&p.grid), 2));
                }
            })
        });
        let sat = csp_sudoku::sat::SatEncoded::new(shape, csp_sudoku::sat::Encoding::Extended);
        let mut solver = csp_sudoku::sat::SatSolver::new(&sat);
        g.bench_function("cnf-extended/batsat", |b| {
            b.iter(|| {
                for p in &puzzles {
                    let _ = black_box(solver.solve(black_box(&p.grid), 2));
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, sets);
criterion_main!(benches);
