//! TabuCol anchored on a clique: the clique's colours fixed, every other vertex kept to the
//! colours its fixed neighbours leave it.
//!
//! In any proper `k`-colouring the vertices of a clique have distinct colours, so the
//! colours can be renamed to give the clique's `i`-th vertex colour `i`: fixing them so loses
//! no colouring. A vertex adjacent to fixed vertices can then take none of their colours,
//! and a vertex left with one colour is fixed in turn ([`anchor`]). Where the clique holds
//! most of the `k` colours, as in geometric graphs, this takes away much of the search
//! space: the clique never moves, and TabuCol ([`anchored_tabucol`]) only chooses among
//! colourings that agree with it. On DSJR500.5 it reaches χ = 122 in seconds where the
//! unanchored searches stall at 125 (`docs/measurements/colouring-kernels.md`).
//!
//! The idea of fixing a clique's colours is the exact solvers' symmetry breaking (as in
//! Brélaz's DSATUR branch and bound, and Méndez-Díaz & Zabala's branch and cut); applying it
//! to local search, with the domains it leaves as hard constraints, is ours.

use super::tabucol::TabuTables;
use crate::encode::Colouring;
use crate::graph::Graph;
use csp_core::heuristics::SplitMix64;
use fixedbitset::FixedBitSet;
use std::time::Instant;

/// The colours each vertex may take in a `k`-colouring that gives `clique[i]` colour `i`,
/// after propagation: a fixed vertex's colour is taken from its neighbours, and a vertex left
/// with one colour is fixed (so fixed vertices have one colour, the others at least two).
/// `None` when that leaves some vertex no colour, or two adjacent ones the same single
/// colour: then `g` has no `k`-colouring at all (every `k`-colouring can be renamed to agree
/// with the clique, and a clique of more than `k` vertices has none). `O(n·k + m)`.
/// `clique` must be a clique of `g`: two members not adjacent could share a colour in every
/// colouring, and fixing them apart would refute a `k` that has one.
///
/// ```
/// use csp_colouring::Graph;
/// use csp_colouring::heuristic::anchor;
/// // A triangle with a pendant vertex 3 on vertex 0.
/// let g = Graph::from_edges(4, [(0, 1), (1, 2), (0, 2), (0, 3)]);
/// let domains = anchor(&g, &[0, 1, 2], 3).unwrap();
/// assert_eq!(domains[3].ones().collect::<Vec<_>>(), [1, 2]);
/// // K4 has no 3-colouring: anchoring on a triangle leaves its fourth vertex no colour.
/// let k4 = Graph::from_edges(4, [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
/// assert!(anchor(&k4, &[0, 1, 2], 3).is_none());
/// ```
pub fn anchor(g: &Graph, clique: &[usize], k: u32) -> Option<Vec<FixedBitSet>> {
    let (n, k) = (g.len(), k as usize);
    if clique.len() > k {
        return None;
    }
    let mut domains = vec![FixedBitSet::with_capacity(k); n];
    for d in &mut domains {
        d.insert_range(..);
    }
    const FREE: u32 = u32::MAX;
    let mut fixed = vec![FREE; n];
    let mut queue = Vec::with_capacity(clique.len());
    for (i, &v) in clique.iter().enumerate() {
        if fixed[v] != FREE {
            // A vertex listed twice is no clique.
            return None;
        }
        fixed[v] = i as u32;
        domains[v].clear();
        domains[v].insert(i);
        queue.push(v);
    }
    while let Some(v) = queue.pop() {
        let c = fixed[v] as usize;
        for &w in g.neighbours(v) {
            let w = w as usize;
            if fixed[w] != FREE {
                if fixed[w] as usize == c {
                    return None;
                }
                continue;
            }
            if !domains[w].contains(c) {
                continue;
            }
            domains[w].set(c, false);
            let mut left = domains[w].ones();
            match (left.next(), left.next()) {
                (None, _) => return None,
                (Some(only), None) => {
                    fixed[w] = only as u32;
                    queue.push(w);
                }
                _ => {}
            }
        }
    }
    Some(domains)
}

/// TabuCol for a `k`-colouring of `g` anchored on `clique` ([`Anchored`]): one run of at
/// most `max_iters` iterations or until `deadline`. `None` also when anchoring proves that
/// no `k`-colouring exists ([`Anchored::new`] tells the two apart).
///
/// ```
/// use csp_colouring::Graph;
/// use csp_colouring::heuristic::anchored_tabucol;
/// // A 5-cycle with a chord: a triangle 0-1-2 and 3, 4 around it.
/// let g = Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 2)]);
/// let c = anchored_tabucol(&g, 3, &[0, 1, 2], 10_000, 1, None).unwrap();
/// assert_eq!(&c.colours[..3], [0, 1, 2]);
/// assert!(csp_colouring::verify(&csp_colouring::Instance::new("g", g), Some(3), &c).is_ok());
/// ```
pub fn anchored_tabucol(
    g: &Graph,
    k: u32,
    clique: &[usize],
    max_iters: u64,
    seed: u64,
    deadline: Option<Instant>,
) -> Option<Colouring> {
    Anchored::new(g, clique, k)?.run(g, max_iters, seed, deadline)
}

/// The anchored search for one graph, clique and `k`, set up once for several runs: the
/// domains ([`anchor`]) and the start, DSATUR's colouring with the fixed vertices
/// precoloured. That start matters: on DSJR500.5 at 122 colours it succeeds within 20 s
/// with 9 seeds of 12 (most within 2 s), where the best colouring of a descent from 125, or
/// DSATUR's own renamed to agree with the clique, failed with every seed of six.
#[derive(Debug, Clone)]
pub struct Anchored {
    k: u32,
    domains: Vec<FixedBitSet>,
    start: Vec<u32>,
}

impl Anchored {
    /// The search for a `k`-colouring of `g` anchored on `clique`; `None` when anchoring
    /// proves that there is none ([`anchor`]).
    pub fn new(g: &Graph, clique: &[usize], k: u32) -> Option<Self> {
        let domains = anchor(g, clique, k)?;
        let fixed: Vec<(usize, u32)> = (0..g.len())
            .filter(|&v| domains[v].count_ones(..) == 1)
            .map(|v| (v, domains[v].ones().next().expect("one colour") as u32))
            .collect();
        // DSATUR keeps the fixed colours and gives no vertex a fixed neighbour's colour,
        // so its colouring lies within the domains but for its colours `k` and beyond.
        let start = super::dsatur(g, &fixed).colours;
        Some(Anchored { k, domains, start })
    }

    /// The colours each vertex may take ([`anchor`]'s domains).
    pub fn domains(&self) -> &[FixedBitSet] {
        &self.domains
    }

    /// The share of the `k` colours left, on average, to the vertices anchoring does not
    /// fix (1 when it fixes them all).
    pub fn colours_left(&self) -> f64 {
        let (sum, free) = self
            .domains
            .iter()
            .map(|d| d.count_ones(..))
            .filter(|&m| m > 1)
            .fold((0, 0), |(sum, free), m| (sum + m, free + 1));
        if free == 0 {
            1.0
        } else {
            sum as f64 / (free as f64 * f64::from(self.k))
        }
    }

    /// One TabuCol run from the start (each vertex coloured `k` or beyond redrawn, in turn,
    /// to the colour of its domain that the fewest of its neighbours have, ties drawn from
    /// `seed`), moving each vertex only among the colours its domain holds; at most
    /// `max_iters` iterations or until `deadline`.
    pub fn run(
        &self,
        g: &Graph,
        max_iters: u64,
        seed: u64,
        deadline: Option<Instant>,
    ) -> Option<Colouring> {
        let (k, domains) = (self.k, &self.domains);
        let mut rng = SplitMix64::new(seed);
        let mut col = self.start.clone();
        let mut count = vec![0u32; k as usize];
        for v in 0..col.len() {
            if col[v] < k {
                continue;
            }
            count.fill(0);
            for &w in g.neighbours(v) {
                if let Some(c) = count.get_mut(col[w as usize] as usize) {
                    *c += 1;
                }
            }
            let mut choice = super::ScanBest::new(u32::MAX);
            for c in domains[v].ones() {
                choice.offer(count[c], c as u32, &mut rng);
            }
            col[v] = choice.item().expect("a domain is never empty");
        }
        let mut tabu = TabuTables::new(g, k as usize);
        (tabu.run_within(g, &mut col, Some(domains), max_iters, &mut rng, deadline) == 0)
            .then_some(Colouring { colours: col })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::verify;
    use crate::graph::{Instance, brute_chromatic, random_half_graph};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Anchoring never loses a colouring: where brute force colours a small random graph
        /// with `k ≥ ω` colours, `anchor` leaves domains, and anchored TabuCol finds a
        /// colouring within them that `verify` accepts; where it refutes `k`, so does brute
        /// force.
        #[test]
        fn anchoring_agrees_with_brute_force(n in 4usize..11, seed in 0u64..1000) {
            let g = random_half_graph(n, seed);
            let clique = crate::clique::greedy_clique(&g, 4);
            let chi = brute_chromatic(&g);
            let inst = Instance::new("g", g.clone());
            for k in clique.len() as u32..=chi + 1 {
                match anchor(&g, &clique, k) {
                    None => prop_assert!(k < chi, "anchoring refuted {} colours, χ = {}", k, chi),
                    Some(domains) => {
                        for (i, &v) in clique.iter().enumerate() {
                            prop_assert_eq!(domains[v].ones().collect::<Vec<_>>(), vec![i]);
                        }
                        if k >= chi {
                            let c = anchored_tabucol(&g, k, &clique, 100_000, seed, None);
                            let c = c.expect("a colouring exists and the graph is tiny");
                            prop_assert!(verify(&inst, Some(k), &c).is_ok());
                            for (v, &x) in c.colours.iter().enumerate() {
                                prop_assert!(domains[v].contains(x as usize));
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_clique_listed_with_a_repeat_or_a_clash_is_refuted_not_trusted() {
        let triangle = Graph::from_edges(3, [(0, 1), (1, 2), (0, 2)]);
        assert!(anchor(&triangle, &[0, 0], 3).is_none());
        // Anchoring a 4-clique's triangle at k = 3 leaves the fourth vertex nothing.
        let k4 = Graph::from_edges(4, [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
        assert!(anchor(&k4, &[0, 1, 2], 3).is_none());
        assert!(anchor(&k4, &[0, 1, 2], 4).is_some());
    }

    #[test]
    fn colours_left_averages_the_vertices_not_fixed() {
        // A triangle with a pendant vertex on vertex 0: with 3 colours the pendant keeps 2;
        // with 4, 3 of 4. An edge alone, anchored, fixes every vertex.
        let g = Graph::from_edges(4, [(0, 1), (1, 2), (0, 2), (0, 3)]);
        let left = |k| Anchored::new(&g, &[0, 1, 2], k).unwrap().colours_left();
        assert!((left(3) - 2.0 / 3.0).abs() < 1e-9);
        assert!((left(4) - 3.0 / 4.0).abs() < 1e-9);
        let edge = Graph::from_edges(2, [(0, 1)]);
        assert_eq!(
            Anchored::new(&edge, &[0, 1], 2).unwrap().colours_left(),
            1.0
        );
    }

    #[test]
    fn fixed_vertices_propagate_along_a_path() {
        // Edge 0-1 anchored with 2 colours: the path 1-2-3-4 is then forced 1,0,1,0... with
        // 2 colours each vertex is fixed in turn.
        let g = Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4)]);
        let d = anchor(&g, &[0, 1], 2).unwrap();
        let forced: Vec<usize> = d.iter().map(|d| d.ones().next().unwrap()).collect();
        assert_eq!(forced, [0, 1, 0, 1, 0]);
        assert!(d.iter().all(|d| d.count_ones(..) == 1));
        // An odd cycle through the edge has no 2-colouring: the propagation meets itself.
        let c5 = Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]);
        assert!(anchor(&c5, &[0, 1], 2).is_none());
    }

    #[test]
    fn anchored_tabucol_colours_a_planted_graph_with_its_clique_fixed() {
        // 60 vertices in 6 classes (v mod 6), edges between classes with probability 1/2,
        // and vertices 0..6 made a clique: χ = ω = 6.
        let mut rng = SplitMix64::new(7);
        let edges: Vec<(usize, usize)> = (0..60usize)
            .flat_map(|u| (u + 1..60).map(move |v| (u, v)))
            .filter(|&(u, v)| u % 6 != v % 6 && (v < 6 || rng.below(2) == 0))
            .collect();
        let g = Graph::from_edges(60, edges);
        let clique: Vec<usize> = (0..6).collect();
        let c =
            anchored_tabucol(&g, 6, &clique, 1_000_000, 3, None).expect("a planted 6-colouring");
        let inst = Instance::new("planted", g);
        assert!(verify(&inst, Some(6), &c).is_ok());
        assert_eq!(&c.colours[..6], [0, 1, 2, 3, 4, 5]);
    }
}
