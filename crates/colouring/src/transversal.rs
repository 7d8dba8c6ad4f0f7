//! k-colourings as exact covers, for graphs whose vertices split into cliques of `k`.
//!
//! If the vertices of `G` are partitioned into cliques of exactly `k` vertices each, every
//! colour class of a `k`-colouring holds exactly one vertex of each of those cliques (each
//! clique uses all `k` colours once). So a `k`-colouring is a partition of the vertices
//! into `k` independent *transversals* (one vertex per clique), and conversely. Listing the
//! independent transversals and solving that exact cover with dancing links
//! ([`csp_exact_cover`]) decides `k`-colourability: it finds a colouring, or, when the list
//! is complete and the cover search exhausted, proves that none exists.
//!
//! This is how Vasquez settled the chromatic numbers of queens graphs (M. Vasquez, "New
//! results on the queens_n2 graph coloring problem", Journal of Heuristics 10, 2004): the
//! rows of an `n × n` board are `n` cliques of `n`, the transversals are the `n`-queens
//! solutions, and an `n`-colouring is a partition of the board into `n` of them. The method
//! knows nothing of boards: the cliques come from the graph ([`clique_partition`]), and it
//! applies to any graph with such a partition (Latin-square and sudoku graphs too).

use crate::encode::Colouring;
use crate::graph::Graph;
use csp_exact_cover::{Dlx, Limits, Matrix};
use std::time::Instant;

/// The most vertices [`k_colour_by_transversals`] takes on (beyond, [`Transversals::Unknown`]):
/// its listing keeps each vertex's non-neighbours as a bit row, `n²/8` bytes, 32 MB here.
/// Clearing a picked vertex's neighbours one by one instead costs 1.2–1.8× on the queens
/// graphs (criterion, queen8_8 to queen11_11).
pub const MAX_VERTICES: usize = 16_384;

/// What [`k_colour_by_transversals`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transversals {
    /// A proper `k`-colouring.
    Colourable(Colouring),
    /// Proved: no `k`-colouring (the transversals were all listed and no `k` of them
    /// partition the vertices).
    NotColourable,
    /// The deadline came first, the transversals were more than the cap, or the graph has
    /// more than [`MAX_VERTICES`] vertices.
    Unknown,
    /// The method does not apply: no partition of the vertices into cliques of `k` was found.
    NoPartition,
}

/// A partition of `g`'s vertices into cliques of exactly `k` vertices, chosen among the
/// `k`-cliques of `cover` (for example [`crate::chromatic::edge_clique_cover`]'s) by an
/// exact cover (dancing links, at most `node_limit` nodes); `None` when `k` does not divide
/// the number of vertices or no such partition is found.
///
/// ```
/// use csp_colouring::Graph;
/// use csp_colouring::transversal::clique_partition;
/// // Two disjoint triangles joined by one edge.
/// let g = Graph::from_edges(6, [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3)]);
/// let cover = vec![vec![0, 1, 2], vec![3, 4, 5], vec![2, 3]];
/// let p = clique_partition(&g, 3, &cover, 10_000).unwrap();
/// assert_eq!(p, vec![vec![0, 1, 2], vec![3, 4, 5]]);
/// assert_eq!(clique_partition(&g, 4, &cover, 10_000), None);
/// ```
pub fn clique_partition(
    g: &Graph,
    k: usize,
    cover: &[Vec<usize>],
    node_limit: u64,
) -> Option<Vec<Vec<usize>>> {
    let n = g.len();
    if k == 0 || n == 0 || !n.is_multiple_of(k) {
        return None;
    }
    let mut cliques: Vec<Vec<usize>> = cover.iter().filter(|c| c.len() == k).cloned().collect();
    for c in &mut cliques {
        c.sort_unstable();
    }
    cliques.sort();
    cliques.dedup();
    if cliques.len() < n / k {
        return None;
    }
    let mut m = Matrix::new(n, 0);
    for c in &cliques {
        m.add_row(c).ok()?;
    }
    let mut dlx = Dlx::new(&m);
    dlx.set_limits(Limits {
        nodes: Some(node_limit),
        ..Limits::default()
    });
    let rows = dlx.solve()?;
    let mut parts: Vec<Vec<usize>> = rows.iter().map(|r| cliques[r.index()].clone()).collect();
    parts.sort();
    Some(parts)
}

/// Decides whether `g` has a proper `k`-colouring through a partition of its vertices into
/// cliques of `k` (`parts`, e.g. from [`clique_partition`]): lists the independent
/// transversals of `parts` (at most `max_sets` of them), then looks for `k` of them that
/// partition the vertices. Stops at `deadline`. Colour `i` is the `i`-th set of the cover.
///
/// The listing picks, at each step, the clique with the fewest vertices still compatible
/// with those picked (bit-parallel: a word per 64 vertices); nothing is allocated per step.
///
/// ```
/// use csp_colouring::Graph;
/// use csp_colouring::transversal::{Transversals, clique_partition, k_colour_by_transversals};
/// // The 4 × 4 rook's graph (rows and columns are cliques) has a 4-colouring, a Latin square.
/// let cell = |r: usize, c: usize| 4 * r + c;
/// let mut edges = Vec::new();
/// for r in 0..4 {
///     for c in 0..4 {
///         for d in c + 1..4 {
///             edges.push((cell(r, c), cell(r, d)));
///             edges.push((cell(c, r), cell(d, r)));
///         }
///     }
/// }
/// let g = Graph::from_edges(16, edges);
/// let rows: Vec<Vec<usize>> = (0..4).map(|r| (0..4).map(|c| cell(r, c)).collect()).collect();
/// let Transversals::Colourable(c) = k_colour_by_transversals(&g, 4, &rows, 1_000, None) else {
///     panic!("a Latin square exists");
/// };
/// assert_eq!(c.num_colours(), 4);
/// ```
pub fn k_colour_by_transversals(
    g: &Graph,
    k: usize,
    parts: &[Vec<usize>],
    max_sets: usize,
    deadline: Option<Instant>,
) -> Transversals {
    let n = g.len();
    if parts.len() * k != n || parts.iter().any(|p| p.len() != k) {
        return Transversals::NoPartition;
    }
    if n > MAX_VERTICES || csp_core::termination::past(deadline) {
        return Transversals::Unknown;
    }
    let Some(sets) = independent_transversals(g, parts, max_sets, deadline) else {
        return Transversals::Unknown;
    };
    if sets.len() < k {
        return Transversals::NotColourable;
    }
    let mut m = Matrix::new(n, 0);
    for s in &sets {
        if m.add_row(s).is_err() {
            return Transversals::Unknown;
        }
    }
    let mut dlx = Dlx::new(&m);
    dlx.set_limits(Limits {
        deadline,
        ..Limits::default()
    });
    match dlx.solve() {
        Some(rows) => {
            let mut colours = vec![0u32; n];
            for (i, r) in rows.iter().enumerate() {
                for &v in &sets[r.index()] {
                    colours[v] = i as u32;
                }
            }
            Transversals::Colourable(Colouring { colours })
        }
        None if dlx.limit_reached().is_none() => Transversals::NotColourable,
        None => Transversals::Unknown,
    }
}

/// Every independent set with exactly one vertex in each of `parts` (sorted vertex lists),
/// or `None` past `max_sets` of them or at `deadline` (checked every 1,024 steps).
fn independent_transversals(
    g: &Graph,
    parts: &[Vec<usize>],
    max_sets: usize,
    deadline: Option<Instant>,
) -> Option<Vec<Vec<usize>>> {
    let n = g.len();
    let words = n.div_ceil(64);
    let bits = |vs: &mut dyn Iterator<Item = usize>| {
        let mut b = vec![0u64; words];
        for v in vs {
            b[v / 64] |= 1 << (v % 64);
        }
        b
    };
    // Non-neighbours of each vertex (itself excluded), and each part's vertices.
    let compatible: Vec<Vec<u64>> = (0..n)
        .map(|v| {
            let mut b = bits(&mut (0..n));
            for &w in g.neighbours(v) {
                b[w as usize / 64] &= !(1 << (w % 64));
            }
            b[v / 64] &= !(1 << (v % 64));
            b
        })
        .collect();
    let masks: Vec<Vec<u64>> = parts.iter().map(|p| bits(&mut p.iter().copied())).collect();
    let depth = parts.len();
    // Level `d`: the vertices still compatible with the `d` picks so far (`avail`), the part
    // chosen there, and the candidates of that part left to try.
    let mut avail = vec![0u64; (depth + 1) * words];
    avail[..words].copy_from_slice(&bits(&mut (0..n)));
    let mut todo = vec![0u64; depth * words];
    let mut chosen_part = vec![usize::MAX; depth];
    let mut filled = vec![false; depth];
    let mut picked = vec![0usize; depth];
    let mut sets = Vec::new();
    let mut steps = 0u64;
    let mut d = 0usize;
    // Chooses level `d`'s part (fewest candidates) and its candidates; false on a dead end.
    let open = |d: usize,
                avail: &[u64],
                todo: &mut [u64],
                chosen_part: &mut [usize],
                filled: &[bool]|
     -> bool {
        let a = &avail[d * words..(d + 1) * words];
        let mut best = (u32::MAX, usize::MAX);
        for (p, mask) in masks.iter().enumerate() {
            if filled[p] {
                continue;
            }
            let count: u32 = a.iter().zip(mask).map(|(x, y)| (x & y).count_ones()).sum();
            if count < best.0 {
                best = (count, p);
            }
        }
        let (count, p) = best;
        if count == 0 {
            return false;
        }
        chosen_part[d] = p;
        for ((t, x), y) in todo[d * words..(d + 1) * words]
            .iter_mut()
            .zip(a)
            .zip(&masks[p])
        {
            *t = x & y;
        }
        true
    };
    if depth == 0 {
        return Some(vec![Vec::new()]);
    }
    if !open(0, &avail, &mut todo, &mut chosen_part, &filled) {
        return Some(sets);
    }
    loop {
        steps += 1;
        if steps.is_multiple_of(1024) && csp_core::termination::past(deadline) {
            return None;
        }
        // The next candidate at level `d`, or back up.
        let t = &mut todo[d * words..(d + 1) * words];
        let Some(w) = t.iter().position(|&x| x != 0) else {
            if d == 0 {
                return Some(sets);
            }
            d -= 1;
            filled[chosen_part[d]] = false;
            continue;
        };
        let v = w * 64 + t[w].trailing_zeros() as usize;
        t[w] &= t[w] - 1;
        picked[d] = v;
        filled[chosen_part[d]] = true;
        let (before, after) = avail.split_at_mut((d + 1) * words);
        for ((next, a), c) in after[..words]
            .iter_mut()
            .zip(&before[d * words..])
            .zip(&compatible[v])
        {
            *next = a & c;
        }
        if d + 1 == depth {
            if sets.len() == max_sets {
                return None;
            }
            let mut s = picked.clone();
            s.sort_unstable();
            sets.push(s);
            filled[chosen_part[d]] = false;
            continue;
        }
        if open(d + 1, &avail, &mut todo, &mut chosen_part, &filled) {
            d += 1;
        } else {
            filled[chosen_part[d]] = false;
        }
    }
}

#[cfg(test)]
mod tests {
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
            let answer = k_colour_by_transversals(&g, n, &parts, usize::MAX, None);
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
            match k_colour_by_transversals(&g, k, &parts, usize::MAX, None) {
                Transversals::Colourable(c) => {
                    proptest::prop_assert!(chi <= k);
                    proptest::prop_assert_eq!(verify(&inst, Some(k as u32), &c), Ok(()));
                }
                Transversals::NotColourable => proptest::prop_assert!(chi > k),
                other => proptest::prop_assert!(false, "{:?}", other),
            }
        }
    }

    #[test]
    fn no_partition_no_answer() {
        let g = queens(5);
        assert_eq!(clique_partition(&g, 4, &[], 1_000), None);
        let rows: Vec<Vec<usize>> = (0..5).map(|r| (5 * r..5 * r + 5).collect()).collect();
        assert_eq!(
            k_colour_by_transversals(&g, 4, &rows, usize::MAX, None),
            Transversals::NoPartition
        );
        // Too many vertices for the listing's bit rows: unknown, not a large allocation.
        let n = MAX_VERTICES + 2;
        let pairs: Vec<(usize, usize)> = (0..n / 2).map(|i| (2 * i, 2 * i + 1)).collect();
        let matching = Graph::from_edges(n, pairs.iter().copied());
        let parts: Vec<Vec<usize>> = pairs.iter().map(|&(u, v)| vec![u, v]).collect();
        assert_eq!(
            k_colour_by_transversals(&matching, 2, &parts, usize::MAX, None),
            Transversals::Unknown
        );
        // A deadline in the past: unknown, not a wrong answer.
        let past = Some(Instant::now());
        let big = queens(9);
        let rows: Vec<Vec<usize>> = (0..9).map(|r| (9 * r..9 * r + 9).collect()).collect();
        assert_eq!(
            k_colour_by_transversals(&big, 9, &rows, usize::MAX, past),
            Transversals::Unknown
        );
    }
}
