//! The constraint graph: variables as nodes, an edge wherever two variables share a
//! constraint (the primal graph), as a `petgraph` graph.

use super::{ConstraintId, Model, VarId};
use petgraph::graph::{NodeIndex, UnGraph};
use std::collections::HashMap;
use std::fmt::Write;

/// The primal constraint graph of a [`Model`]: node `i` is variable `i`; each edge carries
/// the constraints its two variables share. Building it costs `O(Σ arity²)`.
#[derive(Debug, Clone)]
pub struct ConstraintGraph {
    graph: UnGraph<VarId, Vec<ConstraintId>>,
    names: Vec<String>,
}

impl ConstraintGraph {
    /// The graph of `model`.
    pub fn new(model: &Model) -> Self {
        let mut graph = UnGraph::with_capacity(model.num_vars(), 0);
        for x in model.vars() {
            graph.add_node(x);
        }
        let mut edges: HashMap<(u32, u32), usize> = HashMap::new();
        for (id, c) in model.constraints() {
            let scope = c.scope();
            for (i, &a) in scope.iter().enumerate() {
                for &b in &scope[i + 1..] {
                    if a == b {
                        continue;
                    }
                    let key = (
                        a.index().min(b.index()) as u32,
                        a.index().max(b.index()) as u32,
                    );
                    let e = *edges.entry(key).or_insert_with(|| {
                        graph
                            .add_edge(
                                NodeIndex::new(key.0 as usize),
                                NodeIndex::new(key.1 as usize),
                                Vec::new(),
                            )
                            .index()
                    });
                    let w = graph
                        .edge_weight_mut(petgraph::graph::EdgeIndex::new(e))
                        .expect("edge just added");
                    if w.last() != Some(&id) {
                        w.push(id);
                    }
                }
            }
        }
        ConstraintGraph {
            graph,
            names: model.vars().map(|x| model.name(x).to_string()).collect(),
        }
    }

    /// The underlying petgraph graph.
    pub fn graph(&self) -> &UnGraph<VarId, Vec<ConstraintId>> {
        &self.graph
    }

    /// Number of distinct neighbours of `x`.
    pub fn degree(&self, x: VarId) -> usize {
        self.graph.neighbors(NodeIndex::new(x.index())).count()
    }

    /// The neighbours of `x`.
    pub fn neighbours(&self, x: VarId) -> impl Iterator<Item = VarId> + '_ {
        self.graph
            .neighbors(NodeIndex::new(x.index()))
            .map(|n| VarId::new(n.index()))
    }

    /// Number of edges (pairs of variables sharing at least one constraint).
    pub fn edge_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// The graph in Graphviz DOT, nodes labelled with variable names and degrees.
    pub fn to_dot(&self) -> String {
        let mut s = String::from("graph constraints {\n  node [shape=circle];\n");
        for n in self.graph.node_indices() {
            let name = self.names[n.index()].replace('"', "\\\"");
            let _ = writeln!(s, "  n{} [label=\"{}\"];", n.index(), name);
        }
        for e in self.graph.edge_indices() {
            if let Some((a, b)) = self.graph.edge_endpoints(e) {
                let _ = writeln!(s, "  n{} -- n{};", a.index(), b.index());
            }
        }
        s.push_str("}\n");
        s
    }
}

#[cfg(test)]
mod tests {
    use crate::Model;

    #[test]
    fn all_different_makes_a_clique_and_shared_pairs_one_edge() {
        let mut m = Model::new();
        let v = m.new_vars("v", 4, 1..=4).unwrap();
        m.all_different(&v).unwrap();
        m.not_equal(v[0], v[1]).unwrap();
        let g = m.constraint_graph();
        assert_eq!(g.edge_count(), 6);
        assert!(m.vars().all(|x| g.degree(x) == 3));
        assert_eq!(g.graph().edge_weights().map(Vec::len).sum::<usize>(), 7);
        let dot = g.to_dot();
        assert!(dot.contains("n0 -- n1") && dot.contains("label=\"v[3]\""));
    }
}
