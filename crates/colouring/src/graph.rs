//! Simple undirected graphs with named vertices, and colouring instances.

use petgraph::graph::{NodeIndex, UnGraph};

/// An undirected simple graph: vertices `0..n`, sorted adjacency lists without loops or
/// repeated edges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    adj: Vec<Vec<u32>>,
    names: Vec<String>,
    edges: usize,
}

impl Graph {
    /// `n` isolated vertices named `1`…`n` (DIMACS numbering).
    pub fn new(n: usize) -> Self {
        Graph {
            adj: vec![Vec::new(); n],
            names: (1..=n).map(|i| i.to_string()).collect(),
            edges: 0,
        }
    }

    /// Isolated vertices with the given names.
    pub fn with_names(names: Vec<String>) -> Self {
        Graph {
            adj: vec![Vec::new(); names.len()],
            names,
            edges: 0,
        }
    }

    /// A graph from 0-based edges; loops and repeats are ignored.
    pub fn from_edges(n: usize, edges: impl IntoIterator<Item = (usize, usize)>) -> Self {
        let mut g = Graph::new(n);
        for (u, v) in edges {
            g.add_edge(u, v);
        }
        g.finish();
        g
    }

    /// Adds the edge `u–v` (0-based); a loop is ignored. Call [`Graph::finish`] after adding.
    pub fn add_edge(&mut self, u: usize, v: usize) {
        if u != v {
            self.adj[u].push(v as u32);
            self.adj[v].push(u as u32);
        }
    }

    /// The subgraph induced by `keep` (distinct vertices of `self`): vertex `i` of the result
    /// is `keep[i]`, with its name. `O(n + m)`.
    ///
    /// ```
    /// use csp_colouring::graph::Graph;
    /// let path = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]);
    /// let h = path.induced(&[3, 2, 0]);
    /// assert_eq!((h.len(), h.edge_count()), (3, 1));
    /// assert!(h.has_edge(0, 1) && h.name(2) == "1");
    /// ```
    pub fn induced(&self, keep: &[usize]) -> Graph {
        let mut index = vec![u32::MAX; self.len()];
        for (i, &v) in keep.iter().enumerate() {
            index[v] = i as u32;
        }
        let mut twice = 0;
        let adj: Vec<Vec<u32>> = keep
            .iter()
            .map(|&v| {
                let mut a: Vec<u32> = self.adj[v]
                    .iter()
                    .map(|&w| index[w as usize])
                    .filter(|&i| i != u32::MAX)
                    .collect();
                a.sort_unstable();
                twice += a.len();
                a
            })
            .collect();
        Graph {
            adj,
            names: keep.iter().map(|&v| self.names[v].clone()).collect(),
            edges: twice / 2,
        }
    }

    /// Sorts adjacency lists and removes repeated edges.
    pub fn finish(&mut self) {
        let mut twice = 0;
        for a in &mut self.adj {
            a.sort_unstable();
            a.dedup();
            twice += a.len();
        }
        self.edges = twice / 2;
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }

    /// Number of (distinct) edges.
    pub fn edge_count(&self) -> usize {
        self.edges
    }

    /// The neighbours of `v`, sorted.
    pub fn neighbours(&self, v: usize) -> &[u32] {
        &self.adj[v]
    }

    /// The degree of `v`.
    pub fn degree(&self, v: usize) -> usize {
        self.adj[v].len()
    }

    /// The largest degree (0 for a graph without vertices).
    ///
    /// ```
    /// let g = csp_colouring::Graph::from_edges(4, [(0, 1), (0, 2), (0, 3)]);
    /// assert_eq!(g.max_degree(), 3);
    /// ```
    pub fn max_degree(&self) -> usize {
        self.adj.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// Whether `u–v` is an edge (`O(log d)`).
    pub fn has_edge(&self, u: usize, v: usize) -> bool {
        self.adj[u].binary_search(&(v as u32)).is_ok()
    }

    /// The name of `v`.
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }

    /// Every edge once, as `(u, v)` with `u < v`.
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.adj.iter().enumerate().flat_map(|(u, a)| {
            a.iter()
                .filter(move |&&v| (v as usize) > u)
                .map(move |&v| (u, v as usize))
        })
    }

    /// Edge density `2E / (n(n-1))`.
    pub fn density(&self) -> f64 {
        let n = self.len() as f64;
        if n < 2.0 {
            0.0
        } else {
            2.0 * self.edges as f64 / (n * (n - 1.0))
        }
    }

    /// The Mycielskian `M(G)`: vertices of `G`, a shadow `u'` per vertex adjacent to the
    /// neighbours of `u`, and an apex adjacent to every shadow. `χ(M(G)) = χ(G) + 1` and
    /// `M(G)` is triangle-free when `G` is; shadows are `n..2n`, the apex `2n`.
    pub fn mycielskian(&self) -> Graph {
        let n = self.len();
        let mut e: Vec<(usize, usize)> = self.edges().collect();
        for (u, v) in self.edges() {
            e.push((u, n + v));
            e.push((v, n + u));
        }
        e.extend((0..n).map(|i| (n + i, 2 * n)));
        Graph::from_edges(2 * n + 1, e)
    }

    /// Whether the `O(n²)` bitset algorithms (exact cliques, the Mycielskian bound, clique
    /// covers) may run: at most [`MAX_BITSET_VERTICES`] vertices (128 MiB of bitsets).
    pub fn bitsets_fit(&self) -> bool {
        self.len() <= MAX_BITSET_VERTICES
    }

    /// One adjacency bitset per vertex, for the bitset algorithms (cliques, Mycielskian
    /// bound): `O(n²/64)` words; callers check [`Graph::bitsets_fit`] first.
    pub fn adjacency_bitsets(&self) -> Vec<fixedbitset::FixedBitSet> {
        (0..self.len())
            .map(|v| {
                let mut b = fixedbitset::FixedBitSet::with_capacity(self.len());
                for &w in self.neighbours(v) {
                    b.insert(w as usize);
                }
                b
            })
            .collect()
    }

    /// The graph as a petgraph graph (node weights are vertex indices).
    pub fn to_petgraph(&self) -> UnGraph<usize, ()> {
        let mut g = UnGraph::with_capacity(self.len(), self.edges);
        for v in 0..self.len() {
            g.add_node(v);
        }
        for (u, v) in self.edges() {
            g.add_edge(NodeIndex::new(u), NodeIndex::new(v), ());
        }
        g
    }
}

/// The most vertices a graph file may declare: a graph's memory is linear in its vertices
/// (about 60 bytes each before any edge), and past this a declared count is a typo or an
/// attack rather than a graph (`p edge 2000000000 1` once asked for 48 GB).
pub const MAX_VERTICES: usize = 1 << 22;

/// The most vertices for the algorithms that keep an adjacency bitset per vertex (`n²/8`
/// bytes): past it they are skipped or replaced by their sparse forms (a graph of 10⁶
/// isolated vertices once took over 4 GB).
pub const MAX_BITSET_VERTICES: usize = 1 << 15;

/// A colouring problem: a graph, optional precoloured vertices (colours from 0) and an
/// optional number of colours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// Its name (file stem or `name:`).
    pub name: String,
    /// The graph.
    pub graph: Graph,
    /// `(vertex, colour)` pairs that are fixed.
    pub precoloured: Vec<(usize, u32)>,
    /// The number of colours asked for, if the file says.
    pub k: Option<u32>,
}

impl Instance {
    /// An instance of `graph` alone.
    pub fn new(name: impl Into<String>, graph: Graph) -> Self {
        Instance {
            name: name.into(),
            graph,
            precoloured: Vec::new(),
            k: None,
        }
    }

    /// Two adjacent vertices precoloured alike (or one vertex precoloured twice with
    /// different colours): then no colouring exists, whatever the number of colours.
    ///
    /// ```
    /// use csp_colouring::{Graph, Instance};
    /// let mut inst = Instance::new("P3", Graph::from_edges(3, [(0, 1), (1, 2)]));
    /// inst.precoloured = vec![(0, 0), (2, 0)];
    /// assert_eq!(inst.precolouring_conflict(), None);
    /// inst.precoloured.push((1, 0));
    /// assert_eq!(inst.precolouring_conflict(), Some((0, 1)));
    /// ```
    pub fn precolouring_conflict(&self) -> Option<(usize, usize)> {
        let mut colour = vec![None; self.graph.len()];
        for &(v, c) in &self.precoloured {
            match colour[v] {
                Some(d) if d != c => return Some((v, v)),
                _ => colour[v] = Some(c),
            }
        }
        self.graph
            .edges()
            .find(|&(u, v)| colour[u].is_some() && colour[u] == colour[v])
    }

    /// [`Instance::precolouring_conflict`] in words: why no colouring exists.
    pub fn precolouring_conflict_words(&self) -> Option<String> {
        let (u, v) = self.precolouring_conflict()?;
        let g = &self.graph;
        Some(if u == v {
            format!("{} is precoloured twice with different colours", g.name(u))
        } else {
            format!(
                "{} and {} are adjacent and precoloured alike",
                g.name(u),
                g.name(v)
            )
        })
    }
}

/// The Petersen graph (χ = 3), for tests.
#[cfg(test)]
pub(crate) fn petersen() -> Graph {
    let outer = (0..5).map(|i| (i, (i + 1) % 5));
    let spokes = (0..5).map(|i| (i, i + 5));
    let inner = (0..5).map(|i| (5 + i, 5 + (i + 2) % 5));
    Graph::from_edges(10, outer.chain(spokes).chain(inner))
}

/// A random graph G(n, 1/2) from `seed`, for tests.
#[cfg(test)]
pub(crate) fn random_half_graph(n: usize, seed: u64) -> Graph {
    let mut rng = csp_core::heuristics::SplitMix64::new(seed);
    let edges: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .filter(|_| rng.below(2) == 0)
        .collect();
    Graph::from_edges(n, edges)
}

/// The `n × n` queens graph: cell `(r, c)` is vertex `n·r + c`, adjacent to the cells in its
/// row, column and diagonals.
#[cfg(test)]
pub(crate) fn queens_graph(n: usize) -> Graph {
    let mut edges = Vec::new();
    for a in 0..n * n {
        for b in a + 1..n * n {
            let (r1, c1, r2, c2) = (a / n, a % n, b / n, b % n);
            if r1 == r2 || c1 == c2 || r1 + c2 == r2 + c1 || r1 + c1 == r2 + c2 {
                edges.push((a, b));
            }
        }
    }
    Graph::from_edges(n * n, edges)
}

/// χ by brute force, for tests: the fewest colours of any assignment (small graphs only:
/// `k^n` assignments for each `k`).
#[cfg(test)]
pub(crate) fn brute_chromatic(g: &Graph) -> u32 {
    let n = g.len();
    let edges: Vec<(usize, usize)> = g.edges().collect();
    (1..=n.max(1) as u32)
        .find(|&k| {
            (0..u64::from(k).pow(n as u32)).any(|mut code| {
                let col: Vec<u64> = (0..n)
                    .map(|_| {
                        let c = code % u64::from(k);
                        code /= u64::from(k);
                        c
                    })
                    .collect();
                edges.iter().all(|&(u, v)| col[u] != col[v])
            })
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_and_reversed_edges_and_loops_count_once() {
        let g = Graph::from_edges(3, [(0, 1), (1, 0), (0, 1), (2, 2), (1, 2)]);
        assert_eq!(g.edge_count(), 2);
        assert_eq!(g.neighbours(1), &[0, 2]);
        assert!(g.has_edge(2, 1) && !g.has_edge(0, 2));
        assert_eq!(g.edges().collect::<Vec<_>>(), vec![(0, 1), (1, 2)]);
        assert_eq!(g.to_petgraph().edge_count(), 2);
        assert_eq!(g.max_degree(), 2);
        assert_eq!(Graph::from_edges(0, []).max_degree(), 0);
    }
}
