use super::*;
use crate::encode::verify;
use crate::graph::{Instance, petersen};

#[test]
fn the_tenure_grows_while_the_count_stalls_and_shrinks_while_it_moves() {
    let mut rng = SplitMix64::new(1);
    // 500 vertices: the tenure starts at 50, the first period is 10,000 iterations with
    // an increment of 10.
    let mut t = ReactiveTenure::new(500, 10);
    assert_eq!((t.tenure, t.period, t.increment), (50, 10_000, 10));
    // A period in which the count stays between 10 (the start and the best; equalling
    // it is no new best) and 11: cycling, the tenure grows by the increment.
    for i in 0..10_000 {
        t.update(10 + i % 2, &mut rng);
    }
    assert_eq!(t.tenure, 60);
    // A period in which it moves by 5: the tenure shrinks by one.
    for i in 0..10_000 {
        t.update(11 + i % 6, &mut rng);
    }
    assert_eq!(t.tenure, 59);
    // A new best restarts the period: 9,999 stalled iterations after it change nothing.
    t.update(9, &mut rng);
    for _ in 0..9_999 {
        t.update(10, &mut rng);
    }
    assert_eq!((t.tenure, t.best), (59, 9));
    // The first schedule lasts its five periods and one more, then is redrawn: six
    // stalled periods add 10 each.
    let mut t = ReactiveTenure::new(500, 10);
    for _ in 0..6 * 10_000 {
        t.update(11, &mut rng);
    }
    assert_eq!(t.tenure, 110);
    assert!(ReactiveTenure::SCHEDULES.contains(&(t.period, t.increment, t.periods_left)));
    // A tenure of 0 grows even when the count moves (the reference code's rule).
    let mut t = ReactiveTenure::new(5, 10);
    assert_eq!(t.tenure, 0);
    for i in 0..10_000 {
        t.update(11 + i % 6, &mut rng);
    }
    assert_eq!(t.tenure, 10);
}

#[test]
fn partialcol_colours_petersen_and_a_planted_graph() {
    let g = petersen();
    let start = Colouring {
        colours: vec![0; 10],
    };
    let c = partialcol(&g, 3, &start, 100_000, 1, None).expect("Petersen is 3-colourable");
    assert_eq!(verify(&Instance::new("p", g.clone()), Some(3), &c), Ok(()));
    assert_eq!(partialcol(&g, 2, &start, 10_000, 1, None), None);
    // Colours above k in the start are dropped, not kept.
    let wide = Colouring {
        colours: (0..10).collect(),
    };
    let c = partialcol(&g, 3, &wide, 100_000, 2, None).expect("3-colourable");
    assert_eq!(verify(&Instance::new("p", g), Some(3), &c), Ok(()));
}

#[test]
fn a_paused_partialcol_resumes_where_it_stopped() {
    // G(70, 0.5) with 9 colours: not found in 5,000 iterations. Runs of 1,000, 2,500, 0
    // and 1,500 iterations leave the same state as one of 5,000.
    let g = crate::graph::random_half_graph(70, 3);
    let start = crate::heuristic::dsatur(&g, &[]);
    let mut whole = PartialColState::<i16>::new(&g, 9, &start, 5);
    assert_eq!(whole.run(&g, 5_000, None), None);
    let mut parts = PartialColState::<i16>::new(&g, 9, &start, 5);
    for iterations in [1_000, 2_500, 0, 1_500] {
        assert_eq!(parts.run(&g, iterations, None), None);
    }
    assert_eq!(parts.iter, 5_000);
    assert_eq!(
        (
            &parts.col,
            &parts.uncoloured,
            parts.best,
            parts.reaction.tenure
        ),
        (
            &whole.col,
            &whole.uncoloured,
            whole.best,
            whole.reaction.tenure
        )
    );
}

#[test]
fn every_pause_leaves_independent_classes_and_true_counts() {
    // G(120, 1/2) has no 10-colouring: each pause leaves a partial one. Its classes are
    // independent (a move uncolours every neighbour of the colour it gives, even though
    // the walk stops at the last of them) and its counts are the colouring's, 16 bits
    // wide or 32.
    let g = crate::graph::random_half_graph(120, 4);
    let start = crate::heuristic::dsatur(&g, &[]);
    for (seed, dense) in (0..3).flat_map(|seed| [(seed, true), (seed, false)]) {
        pauses_are_true(
            &g,
            PartialColState::<i16>::with_rows(&g, 10, &start, seed, dense),
            dense,
        );
        pauses_are_true(
            &g,
            PartialColState::<i32>::with_rows(&g, 10, &start, seed, dense),
            dense,
        );
    }
}

/// Runs `p` four times for 2,000 iterations and checks its state after each.
fn pauses_are_true<C: Entry>(g: &Graph, mut p: PartialColState<C>, dense: bool) {
    let count =
        |p: &PartialColState<C>, c: usize, v: usize| Into::<i32>::into(p.gamma[c * p.n + v]);
    assert_eq!((p.adj.is_some(), p.rows.is_some()), (dense, dense));
    for _ in 0..4 {
        assert_eq!(p.run(g, 2_000, None), None);
        for v in 0..g.len() {
            if let Some(rows) = &p.rows {
                for c in 0..10u32 {
                    let bit = rows.class[c as usize * rows.words + v / 64] >> (v % 64) & 1;
                    assert_eq!(bit == 1, p.col[v] == c);
                }
            }
            for c in 0..10u32 {
                let neighbours = g
                    .neighbours(v)
                    .iter()
                    .filter(|&&w| p.col[w as usize] == c)
                    .count();
                assert_eq!(count(&p, c as usize, v) as usize, neighbours);
            }
            assert!(p.col[v] == NONE || count(&p, p.col[v] as usize, v) == 0);
            assert_eq!(p.col[v] == NONE, p.uncoloured.contains(&v));
            // An uncoloured vertex's low bits are its colours of count 0, then of count
            // 1, but for the last move's colour, which the next scan refreshes.
            if p.col[v] == NONE {
                for c in (0..10).filter(|&c| c != p.last) {
                    assert_eq!(p.low[2 * v] >> c & 1 == 1, count(&p, c, v) == 0);
                    assert_eq!(p.low[2 * v + 1] >> c & 1 == 1, count(&p, c, v) == 1);
                }
            }
            // Its tabu bits are the colours still tabu after this iteration.
            for c in 0..10 {
                let tabu = p.tabu.until[v * 10 + c] > p.iter;
                assert_eq!(p.tabu.bits(v)[0] >> c & 1 == 1, tabu);
            }
        }
    }
}

#[test]
fn more_than_64_colours_span_words_of_low_bits() {
    // K70 needs 70 colours: the low bits take two words a vertex. With 69 no pause
    // finds one, and every uncoloured vertex's bits match its counts in both words
    // (but the last move's colour); with 70, from one colour for all, a proper
    // colouring comes, with rows and with lists.
    let n = 70;
    let g = Graph::from_edges(n, (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))));
    let start = Colouring {
        colours: vec![0; n],
    };
    for dense in [true, false] {
        let mut p = PartialColState::<i16>::with_rows(&g, 69, &start, 3, dense);
        assert_eq!(p.words, 2);
        for _ in 0..3 {
            assert_eq!(p.run(&g, 1_000, None), None);
            for v in (0..n).filter(|&v| p.col[v] == NONE) {
                for c in (0..69).filter(|&c| c != p.last) {
                    let count = i32::from(p.gamma[c * n + v]);
                    let bit = |half: usize| p.low[v * 4 + half * 2 + c / 64] >> (c % 64) & 1;
                    assert_eq!(
                        (bit(0), bit(1)),
                        (u64::from(count == 0), u64::from(count == 1))
                    );
                    let tabu = p.tabu.until[v * 69 + c] > p.iter;
                    assert_eq!(p.tabu.bits(v)[c / 64] >> (c % 64) & 1 == 1, tabu);
                }
            }
        }
        let c = PartialColState::<i16>::with_rows(&g, 70, &start, 3, dense).run(&g, 100_000, None);
        let c = c.expect("K70 is 70-colourable");
        assert_eq!(
            verify(&Instance::new("k70", g.clone()), Some(70), &c),
            Ok(())
        );
    }
}

#[test]
fn rows_and_lists_walk_alike() {
    // The same seeds make the same moves with dense rows and with neighbour lists: the
    // neighbours are uncoloured in the same order, so the uncoloured list, the counts and
    // the draws stay the same. G(120, 1/2) is dense enough for rows.
    let g = crate::graph::random_half_graph(120, 5);
    assert!(rows_fit(&g));
    let start = crate::heuristic::dsatur(&g, &[]);
    for seed in 0..3 {
        let mut rows = PartialColState::<i16>::with_rows(&g, 10, &start, seed, true);
        let mut lists = PartialColState::<i16>::with_rows(&g, 10, &start, seed, false);
        for _ in 0..3 {
            assert_eq!(rows.run(&g, 3_000, None), lists.run(&g, 3_000, None));
            assert_eq!(
                (&rows.col, &rows.uncoloured, &rows.gamma, rows.best),
                (&lists.col, &lists.uncoloured, &lists.gamma, lists.best)
            );
        }
    }
}

#[test]
fn narrow_and_wide_counts_walk_alike() {
    // 16-bit and 32-bit counts make the same moves from the same seeds, with rows and
    // with lists (G(120, 1/2) at 10 colours: no colouring, three pauses).
    let g = crate::graph::random_half_graph(120, 6);
    let start = crate::heuristic::dsatur(&g, &[]);
    for (seed, dense) in (0..3).flat_map(|seed| [(seed, true), (seed, false)]) {
        let mut narrow = PartialColState::<i16>::with_rows(&g, 10, &start, seed, dense);
        let mut wide = PartialColState::<i32>::with_rows(&g, 10, &start, seed, dense);
        for _ in 0..3 {
            assert_eq!(narrow.run(&g, 3_000, None), wide.run(&g, 3_000, None));
            let widened: Vec<i32> = narrow.gamma.iter().map(|&x| x.into()).collect();
            assert_eq!(
                (&narrow.col, &narrow.uncoloured, &widened, narrow.best),
                (&wide.col, &wide.uncoloured, &wide.gamma, wide.best)
            );
        }
    }
}

#[test]
fn counts_are_narrow_unless_a_degree_exceeds_16_bits() {
    // A star with 32,767 leaves fits 16-bit counts; with 32,768 its centre's count of a
    // colour could not, and the search takes 32-bit ones. Both colour it with 2 (from
    // a start whose first three leaves share the centre's colour).
    for leaves in [32_767, 32_768] {
        let g = Graph::from_edges(leaves + 1, (1..=leaves).map(|v| (0, v)));
        let start = Colouring {
            colours: (0..=leaves).map(|v| u32::from(v > 3)).collect(),
        };
        let mut p = PartialCol::new(&g, 2, &start, 1);
        assert_eq!(
            matches!(p, PartialCol::Narrow(_)),
            leaves <= i16::MAX as usize
        );
        let c = p.run(&g, 1_000_000, None).expect("a star is 2-colourable");
        assert_eq!(verify(&Instance::new("star", g), Some(2), &c), Ok(()));
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(100))]

    /// The tabu list's bits are exactly the entries still tabu, at every iteration,
    /// whatever the tenures: longer than the wheel, shortened or lengthened while in it,
    /// or 0 (4 vertices × 3 colours, 3,000 iterations; the walk's own order: expiry first,
    /// then the new tabus of the iteration).
    #[test]
    fn tabu_bits_are_the_entries_still_tabu(
        sets in proptest::collection::vec((0usize..4, 0usize..3, 0u64..2_500), 1..400),
        every in 1u64..20,
    ) {
        let mut tabu = TabuList::new(4, 3);
        // Each entry's first free iteration, kept here as the truth.
        let mut until = [0u64; 12];
        let mut sets = sets.into_iter();
        for iter in 1..3_000u64 {
            tabu.expire(iter);
            if iter % every == 0
                && let Some((v, c, tenure)) = sets.next()
            {
                tabu.forbid(v, c, iter, tenure);
                until[v * 3 + c] = iter + tenure;
            }
            for (v, c) in (0..4).flat_map(|v| (0..3).map(move |c| (v, c))) {
                let barred = tabu.bits(v)[0] >> c & 1 == 1;
                proptest::prop_assert_eq!(barred, until[v * 3 + c] > iter);
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// On random graphs of up to 7 vertices, PartialCol finds a proper χ-colouring (χ by
    /// brute force) and none with χ − 1 colours.
    #[test]
    fn partialcol_agrees_with_brute_force(
        n in 1usize..=7,
        edges in proptest::collection::vec((0usize..7, 0usize..7), 0..21),
        seed in 0u64..1000,
    ) {
        let g = Graph::from_edges(n, edges.into_iter().filter(|&(u, v)| u < n && v < n && u != v));
        let chi = crate::graph::brute_chromatic(&g);
        let start = Colouring { colours: vec![0; n] };
        let c = partialcol(&g, chi, &start, 200_000, seed, None);
        proptest::prop_assert!(c.is_some());
        let c = c.unwrap();
        proptest::prop_assert_eq!(verify(&Instance::new("r", g.clone()), Some(chi), &c), Ok(()));
        if chi > 1 {
            proptest::prop_assert_eq!(partialcol(&g, chi - 1, &start, 2_000, seed, None), None);
        }
    }
}
