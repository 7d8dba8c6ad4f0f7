//! A lower bound beyond cliques: Mycielskian extensions of a subgraph.
//!
//! If `H` (on vertex set `S`) needs at least `b` colours, and `G` has a vertex `w` and, for
//! every `u ∈ S`, a *shadow* `u' ≠ w` adjacent to `w` and to every neighbour of `u` inside
//! `S` (`u' = u` is allowed when `u ~ w`), then `G` needs at least `b + 1` colours.
//!
//! Proof: take a proper colouring of `G` and call `a` the colour of `w`. Recolour every
//! `u ∈ S` of colour `a` with the colour of its shadow, which is not `a` (`u' ~ w`). Two
//! recoloured vertices are not adjacent (both had colour `a`), and a recoloured `u` differs
//! from a kept neighbour `v` because `u' ~ v`. So `H` gets a proper colouring without `a`,
//! i.e. `H` needs one colour less than `G` has: `χ(G) ≥ χ(H) + 1`.
//!
//! Starting from a clique and repeating on `S ∪ shadows ∪ {w}` gives the chromatic number of
//! Mycielski graphs at once (triangle-free, so cliques only give 2), which plain search
//! cannot prove; the same reasoning is used as a lower bound in gc-cdcl (Hebrard &
//! Katsirelos 2020). Each round costs `O(n·|S|·Δ·n/64)` with bitset adjacency.

use crate::graph::Graph;
use fixedbitset::FixedBitSet;
use std::time::Instant;

/// The best Mycielskian bound over several starts: the clique (with its size as base), then
/// the edges in vertex order, each searched with `budget_per_start` apexes, until `target`
/// or `deadline`.
pub fn mycielski_multistart(
    g: &Graph,
    clique: &[usize],
    budget_per_start: u64,
    target: u32,
    deadline: Instant,
) -> (u32, Vec<usize>) {
    let mut best = mycielski_bound(
        g,
        clique,
        clique.len() as u32,
        budget_per_start,
        target,
        Some(deadline),
    );
    for (u, v) in g.edges() {
        if best.0 >= target || csp_core::termination::past(Some(deadline)) {
            break;
        }
        let r = mycielski_bound(g, &[u, v], 2, budget_per_start, target, Some(deadline));
        if r.0 > best.0 {
            best = r;
        }
    }
    best
}

/// Raises the lower bound `base` (the chromatic lower bound of the subgraph on `start`,
/// e.g. a clique and its size) by Mycielskian extensions. The apex of each extension is
/// searched depth-first (lowest degree first, the shadows chosen greedily), trying at most
/// `budget` apexes in all, stopping once the bound reaches `target` (a known upper bound)
/// or at `deadline`. Returns the best bound and the vertex set of its witness.
pub fn mycielski_bound(
    g: &Graph,
    start: &[usize],
    base: u32,
    budget: u64,
    target: u32,
    deadline: Option<Instant>,
) -> (u32, Vec<usize>) {
    let n = g.len();
    if !g.bitsets_fit() {
        // Too large for the bitset search: the bound given.
        return (base, start.to_vec());
    }
    let adj = g.adjacency_bitsets();
    let mut s = FixedBitSet::with_capacity(n);
    for &v in start {
        s.insert(v);
    }
    let mut apexes: Vec<usize> = (0..n).collect();
    apexes.sort_by_key(|&w| (g.degree(w), w));
    let mut search = Extend {
        adj,
        apexes,
        budget,
        target,
        deadline,
        best: (base, s.clone()),
        cand: FixedBitSet::with_capacity(n),
    };
    search.extend(&s, base);
    let (b, set) = search.best;
    (b, set.ones().collect())
}

struct Extend {
    adj: Vec<FixedBitSet>,
    apexes: Vec<usize>,
    budget: u64,
    target: u32,
    deadline: Option<Instant>,
    best: (u32, FixedBitSet),
    cand: FixedBitSet,
}

impl Extend {
    /// The extension of `s` with apex `w`, if every vertex of `s` has a shadow.
    fn try_apex(&mut self, s: &FixedBitSet, w: usize) -> Option<FixedBitSet> {
        let mut next = s.clone();
        next.insert(w);
        for u in s.ones() {
            // Shadows of u: neighbours of w adjacent to all of u's neighbours in S.
            self.cand.clone_from(&self.adj[w]);
            for v in self.adj[u].intersection(s) {
                self.cand.intersect_with(&self.adj[v]);
                if self.cand.is_clear() {
                    return None;
                }
            }
            self.cand.set(w, false);
            // Prefer u itself, then a vertex already chosen, then the lowest index.
            let pick = if self.cand.contains(u) {
                Some(u)
            } else {
                self.cand
                    .intersection(&next)
                    .next()
                    .or_else(|| self.cand.minimum())
            }?;
            next.insert(pick);
        }
        Some(next)
    }

    fn extend(&mut self, s: &FixedBitSet, bound: u32) {
        if bound > self.best.0 {
            self.best = (bound, s.clone());
        }
        for k in 0..self.apexes.len() {
            if self.budget == 0 || self.best.0 >= self.target {
                return;
            }
            self.budget -= 1;
            if self.budget.is_multiple_of(256) && csp_core::termination::past(self.deadline) {
                self.budget = 0;
                return;
            }
            let w = self.apexes[k];
            if let Some(next) = self.try_apex(s, w) {
                self.extend(&next, bound + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovers_the_chromatic_number_of_mycielski_graphs() {
        let mut g = Graph::from_edges(2, [(0, 1)]);
        for chi in 3..=7 {
            g = g.mycielskian();
            let (b, _) = mycielski_bound(&g, &[0, 1], 2, 100_000, u32::MAX, None);
            assert_eq!(b, chi, "M_{chi} has {} vertices", g.len());
        }
    }

    #[test]
    fn a_bipartite_graph_gets_no_extension() {
        let g = Graph::from_edges(6, [(0, 3), (0, 4), (1, 4), (1, 5), (2, 5), (2, 3)]);
        assert_eq!(mycielski_bound(&g, &[0, 3], 2, 1000, u32::MAX, None).0, 2);
    }
}
