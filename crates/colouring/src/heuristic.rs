//! Upper bounds: DSATUR greedy colouring and TabuCol local search.

use crate::encode::Colouring;
use crate::graph::Graph;
use csp_core::heuristics::SplitMix64;
use fixedbitset::FixedBitSet;
use std::time::Instant;

/// DSATUR (Brélaz 1979): repeatedly colour the uncoloured vertex with the most distinct
/// colours among its neighbours (ties: most uncoloured neighbours, then lowest index) with
/// the smallest colour it can take. Precoloured vertices keep their colour. `O(n² + n·m/64)`.
pub fn dsatur(g: &Graph, precoloured: &[(usize, u32)]) -> Colouring {
    let n = g.len();
    const NONE: u32 = u32::MAX;
    let mut colour = vec![NONE; n];
    let mut seen: Vec<FixedBitSet> = vec![FixedBitSet::with_capacity(n + 1); n];
    let mut sat = vec![0usize; n];
    let mut free_deg: Vec<usize> = (0..n).map(|v| g.degree(v)).collect();
    let set = |v: usize,
               c: u32,
               colour: &mut Vec<u32>,
               seen: &mut Vec<FixedBitSet>,
               sat: &mut Vec<usize>,
               free_deg: &mut Vec<usize>| {
        colour[v] = c;
        for &w in g.neighbours(v) {
            let w = w as usize;
            free_deg[w] -= 1;
            let s = &mut seen[w];
            if (c as usize) >= s.len() {
                s.grow(c as usize + 1);
            }
            if !s.put(c as usize) {
                sat[w] += 1;
            }
        }
    };
    for &(v, c) in precoloured {
        set(v, c, &mut colour, &mut seen, &mut sat, &mut free_deg);
    }
    for _ in 0..n {
        let mut best = None;
        for v in 0..n {
            if colour[v] != NONE {
                continue;
            }
            let key = (sat[v], free_deg[v]);
            if best.is_none_or(|(_, k)| key > k) {
                best = Some((v, key));
            }
        }
        let Some((v, _)) = best else { break };
        let c = seen[v].zeroes().next().unwrap_or(seen[v].len()) as u32;
        set(v, c, &mut colour, &mut seen, &mut sat, &mut free_deg);
    }
    Colouring { colours: colour }
}

/// TabuCol (Hertz & de Werra 1987, with the tenure of Galinier & Hao 1999): looks for a
/// proper `k`-colouring by moving conflicting vertices to other colours, forbidding a
/// vertex's old colour for `0.6·conflicts + rand(0..10)` iterations. Each iteration costs
/// `O(c·k)` over the `c` conflicting vertices plus `O(deg)` to update the move table.
/// Starts from `start` (colours `≥ k` are redrawn at random). Stops at a proper colouring,
/// after `max_iters` iterations, or at `deadline`.
pub fn tabucol(
    g: &Graph,
    k: u32,
    start: &Colouring,
    max_iters: u64,
    seed: u64,
    deadline: Option<Instant>,
) -> Option<Colouring> {
    let n = g.len();
    let k = k as usize;
    if k == 0 {
        return (n == 0).then(|| Colouring { colours: vec![] });
    }
    let mut rng = SplitMix64::new(seed);
    let mut col: Vec<usize> = start
        .colours
        .iter()
        .map(|&c| {
            if (c as usize) < k {
                c as usize
            } else {
                rng.below(k as u32) as usize
            }
        })
        .collect();
    // gamma[v*k + c]: neighbours of v with colour c.
    let mut gamma = vec![0i32; n * k];
    for v in 0..n {
        for &w in g.neighbours(v) {
            gamma[v * k + col[w as usize]] += 1;
        }
    }
    let mut tabu = vec![0u64; n * k];
    let mut conflicts: i64 = (0..n)
        .map(|v| i64::from(gamma[v * k + col[v]]))
        .sum::<i64>()
        / 2;
    // Conflicting vertices, with positions for O(1) removal.
    let mut conf: Vec<usize> = Vec::new();
    let mut pos = vec![usize::MAX; n];
    for v in 0..n {
        if gamma[v * k + col[v]] > 0 {
            pos[v] = conf.len();
            conf.push(v);
        }
    }
    let mut best = conflicts;
    let mut iter = 0u64;
    while conflicts > 0 {
        if iter >= max_iters || (iter % 1024 == 0 && deadline.is_some_and(|d| Instant::now() >= d))
        {
            return None;
        }
        iter += 1;
        let mut best_delta = i32::MAX;
        let mut choice = (usize::MAX, 0usize);
        let mut ties = 0u32;
        for &v in &conf {
            let cur = gamma[v * k + col[v]];
            for c in 0..k {
                if c == col[v] {
                    continue;
                }
                let delta = gamma[v * k + c] - cur;
                let allowed = tabu[v * k + c] <= iter || conflicts + i64::from(delta) < best;
                if !allowed {
                    continue;
                }
                if delta < best_delta {
                    best_delta = delta;
                    choice = (v, c);
                    ties = 1;
                } else if delta == best_delta {
                    ties += 1;
                    if rng.below(ties) == 0 {
                        choice = (v, c);
                    }
                }
            }
        }
        if choice.0 == usize::MAX {
            // Every move is tabu: move a random conflicting vertex to a random colour.
            let v = conf[rng.below(conf.len() as u32) as usize];
            let mut c = rng.below(k as u32) as usize;
            if c == col[v] {
                c = (c + 1) % k;
            }
            best_delta = gamma[v * k + c] - gamma[v * k + col[v]];
            choice = (v, c);
        }
        let (v, c) = choice;
        let old = col[v];
        col[v] = c;
        conflicts += i64::from(best_delta);
        let tenure = (0.6 * conflicts as f64) as u64 + u64::from(rng.below(10));
        tabu[v * k + old] = iter + tenure;
        for &w in g.neighbours(v) {
            let w = w as usize;
            gamma[w * k + old] -= 1;
            gamma[w * k + c] += 1;
        }
        // Refresh membership of v and its neighbours in the conflict list.
        let refresh = |u: usize, conf: &mut Vec<usize>, pos: &mut Vec<usize>| {
            let bad = gamma[u * k + col[u]] > 0;
            if bad && pos[u] == usize::MAX {
                pos[u] = conf.len();
                conf.push(u);
            } else if !bad && pos[u] != usize::MAX {
                let i = pos[u];
                let last = *conf.last().expect("u is in the list");
                conf.swap_remove(i);
                if last != u {
                    pos[last] = i;
                }
                pos[u] = usize::MAX;
            }
        };
        refresh(v, &mut conf, &mut pos);
        for &w in g.neighbours(v) {
            refresh(w as usize, &mut conf, &mut pos);
        }
        best = best.min(conflicts);
    }
    Some(Colouring {
        colours: col.into_iter().map(|c| c as u32).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::verify;
    use crate::graph::Instance;

    fn petersen() -> Graph {
        let outer = (0..5).map(|i| (i, (i + 1) % 5));
        let spokes = (0..5).map(|i| (i, i + 5));
        let inner = (0..5).map(|i| (5 + i, 5 + (i + 2) % 5));
        Graph::from_edges(10, outer.chain(spokes).chain(inner))
    }

    #[test]
    fn dsatur_colours_properly_and_respects_precolouring() {
        let g = petersen();
        let inst = Instance {
            precoloured: vec![(3, 2)],
            ..Instance::new("p", g.clone())
        };
        let c = dsatur(&g, &inst.precoloured);
        assert_eq!(verify(&inst, None, &c), Ok(()));
        assert_eq!(c.num_colours(), 3);
    }

    #[test]
    fn tabucol_finds_a_three_colouring_from_a_bad_start() {
        let g = petersen();
        let start = Colouring {
            colours: vec![0; 10],
        };
        let c = tabucol(&g, 3, &start, 100_000, 1, None).expect("Petersen is 3-colourable");
        assert_eq!(verify(&Instance::new("p", g.clone()), Some(3), &c), Ok(()));
        assert_eq!(tabucol(&g, 2, &start, 10_000, 1, None), None);
    }
}
