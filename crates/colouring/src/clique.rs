//! Lower bounds: large cliques, greedily and exactly.

use crate::graph::Graph;
use fixedbitset::FixedBitSet;
use std::time::Instant;

/// A clique grown greedily from each of the `starts` highest-degree vertices: repeatedly add
/// the candidate with the most neighbours among the remaining candidates. `O(starts·n·m/64)`.
pub fn greedy_clique(g: &Graph, starts: usize) -> Vec<usize> {
    let n = g.len();
    if n == 0 {
        return Vec::new();
    }
    if !g.bitsets_fit() {
        return greedy_clique_sparse(g, starts);
    }
    let adj = g.adjacency_bitsets();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| std::cmp::Reverse(g.degree(v)));
    let mut best = vec![order[0]];
    for &s in order.iter().take(starts.max(1)) {
        let mut clique = vec![s];
        let mut cand = adj[s].clone();
        while cand.count_ones(..) > 0 {
            let v = cand
                .ones()
                .max_by_key(|&v| (adj[v].intersection_count(&cand), std::cmp::Reverse(v)))
                .expect("non-empty");
            clique.push(v);
            cand.intersect_with(&adj[v]);
        }
        if clique.len() > best.len() {
            best = clique;
        }
    }
    best.sort_unstable();
    best
}

/// [`greedy_clique`] on neighbour lists, for graphs too large for bitsets: the same growth
/// rule (the candidate with the most neighbours among the candidates), `O(starts·Δ³)`.
fn greedy_clique_sparse(g: &Graph, starts: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..g.len()).collect();
    order.sort_by_key(|&v| std::cmp::Reverse(g.degree(v)));
    let mut best = vec![order[0]];
    for &s in order.iter().take(starts.max(1)) {
        let mut clique = vec![s];
        let mut cand: Vec<usize> = g.neighbours(s).iter().map(|&w| w as usize).collect();
        while !cand.is_empty() {
            let among = |v: usize| cand.iter().filter(|&&w| g.has_edge(v, w)).count();
            let v = *cand
                .iter()
                .max_by_key(|&&v| (among(v), std::cmp::Reverse(v)))
                .expect("non-empty");
            clique.push(v);
            cand.retain(|&w| w != v && g.has_edge(v, w));
        }
        if clique.len() > best.len() {
            best = clique;
        }
    }
    best.sort_unstable();
    best
}

/// A maximum clique by branch and bound with greedy-colouring bounds (Tomita & Seki's MCQ,
/// 2003), starting from `initial`; gives up after `node_limit` nodes. Returns the best
/// clique found and whether it is proved maximum. Exponential in the worst case; the
/// colouring bound makes it fast on the sparse and mid-density graphs of DIMACS. Also stops
/// at `deadline`.
pub fn max_clique(
    g: &Graph,
    initial: &[usize],
    node_limit: u64,
    deadline: Option<Instant>,
) -> (Vec<usize>, bool) {
    let n = g.len();
    if !g.bitsets_fit() {
        // Too large for the bitset search: the clique given, not proved maximum.
        return (initial.to_vec(), false);
    }
    // Renumber by decreasing degree: the greedy colouring then gives tighter bounds.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| (std::cmp::Reverse(g.degree(v)), v));
    let mut rank = vec![0; n];
    for (i, &v) in order.iter().enumerate() {
        rank[v] = i;
    }
    let h = Graph::from_edges(n, g.edges().map(|(u, v)| (rank[u], rank[v])));
    let adj = h.adjacency_bitsets();
    let mut s = Mcq {
        adj,
        best: initial.iter().map(|&v| rank[v]).collect(),
        nodes: 0,
        limit: node_limit,
        deadline,
    };
    let mut all = FixedBitSet::with_capacity(n);
    all.insert_range(..);
    let mut r = Vec::new();
    let complete = s.expand(&mut r, all);
    let mut best: Vec<usize> = s.best.iter().map(|&v| order[v]).collect();
    best.sort_unstable();
    (best, complete)
}

struct Mcq {
    adj: Vec<FixedBitSet>,
    best: Vec<usize>,
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
}

impl Mcq {
    /// Returns false when the node limit stopped the search.
    fn expand(&mut self, r: &mut Vec<usize>, mut p: FixedBitSet) -> bool {
        self.nodes += 1;
        if self.nodes > self.limit
            || (self.nodes.is_multiple_of(256) && csp_core::termination::past(self.deadline))
        {
            return false;
        }
        // Greedy colouring of P: vertices in colour order with their colour numbers.
        let mut order = Vec::new();
        let mut colour = Vec::new();
        let mut uncoloured = p.clone();
        let mut k = 0;
        while uncoloured.count_ones(..) > 0 {
            k += 1;
            let mut q = uncoloured.clone();
            while let Some(v) = q.minimum() {
                q.set(v, false);
                q.difference_with(&self.adj[v]);
                uncoloured.set(v, false);
                order.push(v);
                colour.push(k);
            }
        }
        for i in (0..order.len()).rev() {
            if r.len() + colour[i] <= self.best.len() {
                return true;
            }
            let v = order[i];
            r.push(v);
            let mut np = p.clone();
            np.intersect_with(&self.adj[v]);
            if np.count_ones(..) == 0 {
                if r.len() > self.best.len() {
                    self.best = r.clone();
                }
            } else if !self.expand(r, np) {
                r.pop();
                return false;
            }
            r.pop();
            p.set(v, false);
        }
        true
    }
}

/// Whether `vs` is a clique of `g`.
pub fn is_clique(g: &Graph, vs: &[usize]) -> bool {
    vs.iter()
        .enumerate()
        .all(|(i, &u)| vs[i + 1..].iter().all(|&v| g.has_edge(u, v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_planted_clique() {
        // A 5-clique on 0..5 plus a long path.
        let mut edges: Vec<(usize, usize)> = (0..5)
            .flat_map(|a| (a + 1..5).map(move |b| (a, b)))
            .collect();
        edges.extend((5..30).map(|v| (v, v + 1)));
        edges.push((4, 5));
        let g = Graph::from_edges(31, edges);
        let (c, exact) = max_clique(&g, &[], 1_000_000, None);
        assert!(exact);
        assert_eq!(c, vec![0, 1, 2, 3, 4]);
        let gr = greedy_clique(&g, 5);
        assert!(is_clique(&g, &gr) && gr.len() == 5);
    }
}
