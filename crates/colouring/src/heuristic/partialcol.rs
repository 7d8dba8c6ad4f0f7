//! PartialCol: local search over partial proper colourings, with a reactive tabu tenure.

use super::Lowest;
use crate::encode::Colouring;
use crate::graph::Graph;
use csp_core::heuristics::SplitMix64;
use std::time::Instant;

/// PartialCol (Blöchliger & Zufferey, "A graph coloring heuristic using partial solutions
/// and a reactive tabu scheme", Computers & OR 2008): looks for a proper `k`-colouring through
/// *partial* proper ones. Every colour class stays an independent set; the search lowers the
/// number of uncoloured vertices by giving one a colour and uncolouring its neighbours of that
/// colour (a move's cost is that number minus one), and forbids an uncoloured vertex its old
/// colour for a while. The tenure is reactive ("FOO" in the paper): when the number of
/// uncoloured vertices has moved little over a period, the search is cycling and the tenure
/// grows; when it moves, the tenure shrinks back towards `0.6·|U| + rand(0..10)`.
///
/// Starts from `start` (colours `≥ k` uncoloured, then each conflict resolved by uncolouring
/// one end). Stops at a proper colouring, after `max_iters` iterations, or at `deadline`.
pub fn partialcol(
    g: &Graph,
    k: u32,
    start: &Colouring,
    max_iters: u64,
    seed: u64,
    deadline: Option<Instant>,
) -> Option<Colouring> {
    let n = g.len();
    if k == 0 {
        return (n == 0).then(|| Colouring { colours: vec![] });
    }
    let k = k as usize;
    let mut rng = SplitMix64::new(seed);
    const NONE: u32 = u32::MAX;
    // The start: colours below k, conflicts resolved by uncolouring the later vertex.
    let mut col: Vec<u32> = start
        .colours
        .iter()
        .map(|&c| if (c as usize) < k { c } else { NONE })
        .collect();
    for v in 0..n {
        if col[v] != NONE
            && g.neighbours(v)
                .iter()
                .any(|&w| (w as usize) < v && col[w as usize] == col[v])
        {
            col[v] = NONE;
        }
    }
    // `gamma[v*k + c]`: coloured neighbours of `v` with colour `c`.
    let mut gamma = vec![0i32; n * k];
    for v in 0..n {
        for &w in g.neighbours(v) {
            let c = col[w as usize];
            if c != NONE {
                gamma[v * k + c as usize] += 1;
            }
        }
    }
    let mut tabu = vec![0u64; n * k];
    let mut uncoloured: Vec<usize> = (0..n).filter(|&v| col[v] == NONE).collect();
    let mut pos = vec![usize::MAX; n];
    for (i, &v) in uncoloured.iter().enumerate() {
        pos[v] = i;
    }
    let mut best = uncoloured.len();
    // Reactive tenure: over each period of `period` iterations, the spread of |U|; a small
    // spread means cycling.
    let (mut extra, period) = (0u64, 1000u64);
    let (mut low, mut high) = (best, best);
    let mut iter = 0u64;
    while !uncoloured.is_empty() {
        if iter >= max_iters || (iter.is_multiple_of(1024) && csp_core::termination::past(deadline))
        {
            return None;
        }
        iter += 1;
        let size = uncoloured.len() as i64;
        let mut pick = Lowest::new(i32::MAX);
        for &v in &uncoloured {
            let row = &gamma[v * k..v * k + k];
            let trow = &tabu[v * k..v * k + k];
            for c in 0..k {
                let delta = row[c] - 1;
                if delta > pick.key() {
                    continue;
                }
                if trow[c] <= iter || size + i64::from(delta) < best as i64 {
                    pick.offer(delta, (v, c), &mut rng);
                }
            }
        }
        // Every move is tabu: a random uncoloured vertex to a random colour.
        let (v, c) = pick.item().unwrap_or_else(|| {
            (
                uncoloured[rng.below(uncoloured.len() as u32) as usize],
                rng.below(k as u32) as usize,
            )
        });
        // Uncolour v's neighbours of colour c, forbidding them c for the tenure.
        let tenure = (0.6 * size as f64) as u64 + u64::from(rng.below(10)) + extra;
        for i in 0..g.neighbours(v).len() {
            let w = g.neighbours(v)[i] as usize;
            if col[w] as usize == c {
                col[w] = NONE;
                tabu[w * k + c] = iter + tenure;
                for &x in g.neighbours(w) {
                    gamma[x as usize * k + c] -= 1;
                }
                pos[w] = uncoloured.len();
                uncoloured.push(w);
            }
        }
        col[v] = c as u32;
        for &x in g.neighbours(v) {
            gamma[x as usize * k + c] += 1;
        }
        let i = pos[v];
        let last = *uncoloured.last().expect("v is uncoloured");
        uncoloured.swap_remove(i);
        if last != v {
            pos[last] = i;
        }
        pos[v] = usize::MAX;
        let u = uncoloured.len();
        best = best.min(u);
        low = low.min(u);
        high = high.max(u);
        if iter.is_multiple_of(period) {
            // Cycling (|U| within 2 over the period): lengthen the tenure; else shorten it.
            if high - low <= 2 {
                extra += 10;
            } else {
                extra = extra.saturating_sub(10);
            }
            (low, high) = (u, u);
        }
    }
    Some(Colouring { colours: col })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::verify;
    use crate::graph::{Instance, petersen};

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
}
