use super::*;
use crate::encode::verify;
use crate::graph::Instance;

use crate::graph::queens_graph as queens;

#[test]
fn queens_transversals_are_the_n_queens_solutions() {
    // 10, 4, 40 and 92 solutions for n = 5, 6, 7, 8 (OEIS A000170).
    for (n, solutions) in [(5, 10), (6, 4), (7, 40), (8, 92)] {
        let g = queens(n);
        let rows: Vec<Vec<usize>> = (0..n).map(|r| (n * r..n * r + n).collect()).collect();
        let sets = independent_transversals(&g, &rows, usize::MAX, None).unwrap();
        assert_eq!(sets.len(), solutions, "n = {n}");
        // Capped below the count: unknown.
        assert_eq!(
            independent_transversals(&g, &rows, solutions - 1, None),
            None
        );
    }
}

#[test]
fn queens_graphs_are_coloured_or_refuted_as_brute_force_says() {
    // χ(queen n) = n for n = 5 and 7 (gcd(n, 6) = 1), n + 1 for n = 6 and 8 — the
    // engine's exact search agrees below; here the transversal cover decides k = n.
    for n in 5..=8 {
        let g = queens(n);
        let cover = crate::chromatic::edge_clique_cover(&g, &vec![true; g.len()]);
        let parts = clique_partition(&g, n, &cover, 100_000).expect("rows or columns");
        let answer = k_colour_by_transversals(&g, n, &parts, &cover, usize::MAX, 1, None);
        // Other seeds, and without the diagonals' counting: the same answer.
        for seed in 2..=4 {
            let again = k_colour_by_transversals(&g, n, &parts, &cover, usize::MAX, seed, None);
            assert_eq!(
                matches!(again, Transversals::Colourable(_)),
                matches!(answer, Transversals::Colourable(_))
            );
            let bare = k_colour_by_transversals(&g, n, &parts, &[], usize::MAX, seed, None);
            assert_eq!(
                matches!(bare, Transversals::Colourable(_)),
                matches!(answer, Transversals::Colourable(_))
            );
        }
        let inst = Instance::new("q", g.clone());
        let engine = crate::chromatic::k_colourable(
            &inst,
            n as u32,
            &[],
            crate::chromatic::Strategy::Dsatur,
            None,
            &mut crate::chromatic::Effort::default(),
        );
        match answer {
            Transversals::Colourable(c) => {
                assert_eq!(verify(&inst, Some(n as u32), &c), Ok(()));
                assert!(matches!(engine, crate::encode::KAnswer::Colourable(_)));
            }
            Transversals::NotColourable => {
                assert!(matches!(engine, crate::encode::KAnswer::NotColourable));
            }
            other => panic!("n = {n}: {other:?}"),
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(150))]

    /// Random graphs on top of a partition into cliques of `k` (so the method applies):
    /// it colours exactly the graphs that brute force says are `k`-colourable.
    #[test]
    fn agrees_with_brute_force_on_small_partitioned_graphs(
        k in 2usize..=3,
        groups in 1usize..=3,
        extra in proptest::collection::vec((0usize..9, 0usize..9), 0..14),
    ) {
        let n = k * groups;
        let mut edges: Vec<(usize, usize)> = extra
            .into_iter()
            .filter(|&(u, v)| u < n && v < n && u != v)
            .collect();
        let parts: Vec<Vec<usize>> = (0..groups).map(|i| (k * i..k * i + k).collect()).collect();
        for p in &parts {
            for (i, &u) in p.iter().enumerate() {
                for &v in &p[i + 1..] {
                    edges.push((u, v));
                }
            }
        }
        let g = Graph::from_edges(n, edges);
        let chi = crate::graph::brute_chromatic(&g) as usize;
        let inst = Instance::new("r", g.clone());
        // Without other cliques, with the edge clique cover's (counted), and with
        // vertex sets that are no cliques (ignored), from two seeds.
        let cover = crate::chromatic::edge_clique_cover(&g, &vec![true; n]);
        let mut fake = cover.clone();
        fake.push((0..n).collect());
        fake.push(vec![0, 0, 1]);
        fake.push(vec![0, 1, n + 5]);
        for (cliques, seed) in [(&[][..], 1), (&cover[..], 1), (&cover[..], 7), (&fake[..], 3)] {
            match k_colour_by_transversals(&g, k, &parts, cliques, usize::MAX, seed, None) {
                Transversals::Colourable(c) => {
                    proptest::prop_assert!(chi <= k);
                    proptest::prop_assert_eq!(verify(&inst, Some(k as u32), &c), Ok(()));
                }
                Transversals::NotColourable => proptest::prop_assert!(chi > k),
                other => proptest::prop_assert!(false, "{:?}", other),
            }
        }
    }
}

#[test]
fn queen12_12_is_coloured_with_12_by_counting_on_its_diagonals() {
    // χ = 12 (Vasquez 2004); dancing links over the 14,200 n-queens solutions found no
    // partition in 60 s. With the diagonals counted, seed 10 finds one in a tenth of a
    // second (`csp colour bench --seeds 10` proves χ with seeds 1–10 in 0.2–8.3 s).
    let g = queens(12);
    let cover = crate::chromatic::edge_clique_cover(&g, &vec![true; g.len()]);
    let parts = clique_partition(&g, 12, &cover, 100_000).expect("rows or columns");
    let answer = k_colour_by_transversals(&g, 12, &parts, &cover, usize::MAX, 10, None);
    let Transversals::Colourable(c) = answer else {
        panic!("queen12_12 has a 12-colouring: {answer:?}");
    };
    assert_eq!(verify(&Instance::new("q12", g), Some(12), &c), Ok(()));
}

#[test]
fn a_clique_larger_than_k_refutes_at_once_and_a_false_one_is_ignored() {
    // Two parts {0, 1} and {2, 3}, and the triangle 0-1-2: no 2-colouring, which the
    // counting on the triangle sees before any set is chosen.
    let g = Graph::from_edges(4, [(0, 1), (2, 3), (1, 2), (0, 2)]);
    let parts = vec![vec![0, 1], vec![2, 3]];
    let answer = k_colour_by_transversals(&g, 2, &parts, &[vec![0, 1, 2]], 100, 1, None);
    assert_eq!(answer, Transversals::NotColourable);
    // The 4 × 4 rook's graph has a 4-colouring; five vertices that are no clique (a row
    // and one more square) would refute it if they were counted.
    let cell = |r: usize, c: usize| 4 * r + c;
    let mut edges = Vec::new();
    for r in 0..4 {
        for c in 0..4 {
            for d in c + 1..4 {
                edges.push((cell(r, c), cell(r, d)));
                edges.push((cell(c, r), cell(d, r)));
            }
        }
    }
    let rook = Graph::from_edges(16, edges);
    let rows: Vec<Vec<usize>> = (0..4).map(|r| (4 * r..4 * r + 4).collect()).collect();
    let fake = vec![vec![0, 1, 2, 3, 5]];
    let answer = k_colour_by_transversals(&rook, 4, &rows, &fake, usize::MAX, 1, None);
    let Transversals::Colourable(c) = answer else {
        panic!("a Latin square exists: {answer:?}");
    };
    assert_eq!(verify(&Instance::new("rook", rook), Some(4), &c), Ok(()));
}

#[test]
fn counting_drops_the_sets_that_miss_a_tight_clique_and_refutes_an_overfull_one() {
    // queen7_7 with 7 colours: its long diagonals hold 7 squares, as many as the sets to
    // choose, so at the root only the n-queens solutions crossing both stay usable.
    let n = 7;
    let g = queens(n);
    let cover = crate::chromatic::edge_clique_cover(&g, &vec![true; g.len()]);
    let rows: Vec<Vec<usize>> = (0..n).map(|r| (n * r..n * r + n).collect()).collect();
    let sets = independent_transversals(&g, &rows, usize::MAX, None).unwrap();
    let crossing = |s: &Vec<usize>| {
        s.iter().any(|&v| v / n == v % n) && s.iter().any(|&v| v / n + v % n == n - 1)
    };
    let expected = sets.iter().filter(|s| crossing(s)).count();
    assert!(
        0 < expected && expected < sets.len(),
        "{expected} of {}",
        sets.len()
    );
    let cliques: Vec<&[usize]> = cover.iter().map(Vec::as_slice).collect();
    let open_root = |cliques: &[&[usize]]| {
        let c = Cover::new(n * n, n, &rows, &sets, cliques).unwrap();
        let mut run = Run::new(&c);
        run.uncovered[..1].fill(u64::MAX >> (64 - n * n));
        run.pool.extend(0..sets.len() as u32);
        let open = run.open(&c, 0, 0, sets.len());
        (matches!(open, Open::Alive), run.end[0] - run.start[0])
    };
    assert_eq!(open_root(&cliques), (true, expected));
    assert_eq!(open_root(&[]), (true, sets.len()));
    // Two triangles {0, 1, 2} and {3, 4, 5}, and 0-1-3-4 a 4-clique: every vertex lies
    // in some usable set, but the 4-clique has 4 uncovered vertices for 3 sets.
    let edges = [
        (0, 1),
        (1, 2),
        (0, 2),
        (3, 4),
        (4, 5),
        (3, 5),
        (0, 3),
        (0, 4),
        (1, 3),
        (1, 4),
    ];
    let g = Graph::from_edges(6, edges);
    let parts = vec![vec![0, 1, 2], vec![3, 4, 5]];
    let sets = independent_transversals(&g, &parts, usize::MAX, None).unwrap();
    let open_root = |cliques: &[&[usize]]| {
        let c = Cover::new(6, 3, &parts, &sets, cliques).unwrap();
        let mut run = Run::new(&c);
        run.uncovered[0] = 0b11_1111;
        run.pool.extend(0..sets.len() as u32);
        match run.open(&c, 0, 0, sets.len()) {
            Open::Dead => "dead",
            Open::Alive => "alive",
            _ => "other",
        }
    };
    assert_eq!(open_root(&[]), "alive");
    assert_eq!(open_root(&[&[0, 1, 3, 4]]), "dead");
}

#[test]
fn the_cover_search_stops_at_its_deadline() {
    // queen13_13's 13-colourings are not found in minutes: a deadline 200 ms ahead ends
    // the search (unknown) well within the generous bound below.
    let g = queens(13);
    let cover = crate::chromatic::edge_clique_cover(&g, &vec![true; g.len()]);
    let parts = clique_partition(&g, 13, &cover, 100_000).expect("rows or columns");
    let t = Instant::now();
    let deadline = Some(t + std::time::Duration::from_millis(200));
    let answer = k_colour_by_transversals(&g, 13, &parts, &cover, usize::MAX, 1, deadline);
    assert_eq!(answer, Transversals::Unknown);
    assert!(t.elapsed() < std::time::Duration::from_secs(10));
}

#[test]
fn the_cover_search_keeps_to_its_memory() {
    // Two cliques of 600 and no edge between them: 360,000 transversals (pairs), whose
    // bit rows (19 words each) would exceed the search's 32 MB (55 MB): dancing links,
    // with two entries per set, colour it instead.
    let k = 600;
    let edges = (0..2)
        .flat_map(|p| (0..k).flat_map(move |i| (i + 1..k).map(move |j| (p * k + i, p * k + j))));
    let g = Graph::from_edges(2 * k, edges);
    let parts: Vec<Vec<usize>> = (0..2).map(|p| (p * k..p * k + k).collect()).collect();
    assert!(Cover::new(2 * k, k, &parts, &vec![vec![0, k]; 360_000], &[]).is_none());
    let answer = k_colour_by_transversals(&g, k, &parts, &[], usize::MAX, 1, None);
    let Transversals::Colourable(c) = answer else {
        panic!("a perfect matching of the two cliques: {answer:?}");
    };
    assert_eq!(verify(&Instance::new("two", g), Some(k as u32), &c), Ok(()));
}

#[test]
fn no_partition_no_answer() {
    let g = queens(5);
    assert_eq!(clique_partition(&g, 4, &[], 1_000), None);
    let rows: Vec<Vec<usize>> = (0..5).map(|r| (5 * r..5 * r + 5).collect()).collect();
    assert_eq!(
        k_colour_by_transversals(&g, 4, &rows, &[], usize::MAX, 1, None),
        Transversals::NoPartition
    );
    // Too many vertices for the listing's bit rows: unknown, not a large allocation.
    let n = MAX_VERTICES + 2;
    let pairs: Vec<(usize, usize)> = (0..n / 2).map(|i| (2 * i, 2 * i + 1)).collect();
    let matching = Graph::from_edges(n, pairs.iter().copied());
    let parts: Vec<Vec<usize>> = pairs.iter().map(|&(u, v)| vec![u, v]).collect();
    assert_eq!(
        k_colour_by_transversals(&matching, 2, &parts, &[], usize::MAX, 1, None),
        Transversals::Unknown
    );
    // A deadline in the past: unknown, not a wrong answer.
    let past = Some(Instant::now());
    let big = queens(9);
    let rows: Vec<Vec<usize>> = (0..9).map(|r| (9 * r..9 * r + 9).collect()).collect();
    assert_eq!(
        k_colour_by_transversals(&big, 9, &rows, &[], usize::MAX, 1, past),
        Transversals::Unknown
    );
}
