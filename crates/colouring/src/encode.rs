//! k-colouring as a CSP (`encode`), back (`decode`), and the independent check (`verify`).

use crate::graph::Instance;
use csp_core::{Model, Solution, VarId};
use thiserror::Error;

/// A colour for every vertex, numbered from 0 (shown from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Colouring {
    /// `colours[v]` is the colour of vertex `v`.
    pub colours: Vec<u32>,
}

/// The answer of a k-colourability test (by the engine, [`crate::chromatic::k_colourable`], or
/// by SAT, [`crate::sat::k_colourable`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KAnswer {
    /// A proper colouring with at most k colours.
    Colourable(Colouring),
    /// Proved: no k-colouring.
    NotColourable,
    /// The time ran out first.
    Unknown,
}

impl Colouring {
    /// Number of distinct colours used.
    pub fn num_colours(&self) -> u32 {
        let mut seen: Vec<u32> = self.colours.clone();
        seen.sort_unstable();
        seen.dedup();
        seen.len() as u32
    }

    /// Renumbers the colours `0..c` in order of first appearance.
    pub fn normalised(&self) -> Colouring {
        let mut map = std::collections::HashMap::new();
        let colours = self
            .colours
            .iter()
            .map(|&c| {
                let next = map.len() as u32;
                *map.entry(c).or_insert(next)
            })
            .collect();
        Colouring { colours }
    }

    /// Renumbers the colours by class size, largest first (ties: the lower colour first), so
    /// that keeping the colours `< k` keeps the `k` largest classes. Local search that drops
    /// the colours `≥ k` (PartialCol) then starts with the fewest vertices uncoloured.
    ///
    /// ```
    /// use csp_colouring::Colouring;
    /// let c = Colouring { colours: vec![0, 1, 1, 2, 2, 2] };
    /// assert_eq!(c.largest_classes_first().colours, vec![2, 1, 1, 0, 0, 0]);
    /// ```
    pub fn largest_classes_first(&self) -> Colouring {
        let mut size = vec![0usize; self.colours.iter().max().map_or(0, |&x| x as usize + 1)];
        for &x in &self.colours {
            size[x as usize] += 1;
        }
        let mut order: Vec<u32> = (0..size.len() as u32).collect();
        order.sort_by_key(|&x| std::cmp::Reverse(size[x as usize]));
        let mut rank = vec![0u32; size.len()];
        for (r, &x) in order.iter().enumerate() {
            rank[x as usize] = r as u32;
        }
        Colouring {
            colours: self.colours.iter().map(|&x| rank[x as usize]).collect(),
        }
    }
}

/// A k-colouring model: one variable per vertex with colours `0..k`, `≠` on every edge.
/// The model's constraint graph is the input graph.
#[derive(Debug)]
pub struct Encoded {
    /// The CSP.
    pub model: Model,
    /// `vars[v]` is vertex `v`'s variable.
    pub vars: Vec<VarId>,
    /// The number of colours.
    pub k: u32,
}

/// The k-colouring model of `inst`. A precoloured vertex gets the single value of its colour
/// (a colour `≥ k` makes the model unsatisfiable, which the search reports). A free vertex
/// never needs a colour past max degree + 1 (greedily, some colour below that is free of its
/// neighbours, precoloured or not), so its domain stops there: a colouring with fewer colours
/// is one with `k`, and any `k` up to `u32::MAX` stays within the engine's domain span.
pub fn encode(inst: &Instance, k: u32) -> Encoded {
    let g = &inst.graph;
    let mut model = Model::new();
    let useful = u32::try_from(g.max_degree())
        .unwrap_or(u32::MAX)
        .saturating_add(1);
    let top = k.min(useful).max(1) as i32 - 1;
    let mut vars = Vec::with_capacity(g.len());
    for v in 0..g.len() {
        let x = match inst.precoloured.iter().find(|p| p.0 == v) {
            Some(&(_, c)) => {
                let x = model
                    .new_var(g.name(v), [c as i32])
                    .expect("distinct vertex names");
                if c >= k {
                    model.member(x, &[]).expect("known variable");
                }
                x
            }
            None => model
                .new_var(g.name(v), 0..=top)
                .expect("distinct vertex names"),
        };
        if k == 0 {
            model.member(x, &[]).expect("known variable");
        }
        vars.push(x);
    }
    for (u, v) in g.edges() {
        model
            .not_equal(vars[u], vars[v])
            .expect("distinct vertices");
    }
    Encoded { model, vars, k }
}

/// The colouring a solution of [`encode`]'s model stands for.
pub fn decode(enc: &Encoded, s: &Solution) -> Colouring {
    Colouring {
        colours: enc.vars.iter().map(|&x| s.value(x) as u32).collect(),
    }
}

/// Why a colouring is not proper.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Violation {
    /// Not one colour per vertex.
    #[error("expected {expected} colours, got {got}")]
    WrongLength {
        /// Vertices.
        expected: usize,
        /// Colours given.
        got: usize,
    },
    /// Two neighbours share a colour.
    #[error("vertices {u} and {v} are adjacent and both have colour {colour}")]
    Clash {
        /// One end (name).
        u: String,
        /// The other end (name).
        v: String,
        /// The shared colour (from 1).
        colour: u32,
    },
    /// A colour beyond `k`.
    #[error("vertex {vertex} has colour {colour}, above k = {k}")]
    TooManyColours {
        /// The vertex.
        vertex: String,
        /// Its colour (from 1).
        colour: u32,
        /// The bound.
        k: u32,
    },
    /// A precoloured vertex with another colour.
    #[error("vertex {vertex} is precoloured {expected} but has colour {got}")]
    Precolour {
        /// The vertex.
        vertex: String,
        /// Its precolour (from 1).
        expected: u32,
        /// Its colour (from 1).
        got: u32,
    },
}

/// Checks a colouring directly on the graph (no engine): proper, within `k` colours when
/// given, and respecting the precolouring.
pub fn verify(inst: &Instance, k: Option<u32>, c: &Colouring) -> Result<(), Violation> {
    let g = &inst.graph;
    if c.colours.len() != g.len() {
        return Err(Violation::WrongLength {
            expected: g.len(),
            got: c.colours.len(),
        });
    }
    for (u, v) in g.edges() {
        if c.colours[u] == c.colours[v] {
            return Err(Violation::Clash {
                u: g.name(u).into(),
                v: g.name(v).into(),
                colour: c.colours[u] + 1,
            });
        }
    }
    if let Some(k) = k
        && let Some(v) = (0..g.len()).find(|&v| c.colours[v] >= k)
    {
        return Err(Violation::TooManyColours {
            vertex: g.name(v).into(),
            colour: c.colours[v] + 1,
            k,
        });
    }
    for &(v, p) in &inst.precoloured {
        if c.colours[v] != p {
            return Err(Violation::Precolour {
                vertex: g.name(v).into(),
                expected: p + 1,
                got: c.colours[v] + 1,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Graph;
    use csp_core::{Outcome, Search, SearchConfig};

    #[test]
    fn the_constraint_graph_is_the_input_graph() {
        let g = Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 2)]);
        let inst = Instance::new("g", g.clone());
        let enc = encode(&inst, 3);
        let cg = enc.model.constraint_graph();
        assert_eq!(cg.edge_count(), g.edge_count());
        for v in 0..5 {
            assert_eq!(cg.degree(enc.vars[v]), g.degree(v));
        }
    }

    #[test]
    fn odd_cycle_needs_three_colours() {
        let g = Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]);
        let inst = Instance::new("c5", g);
        assert_eq!(
            Search::new(&encode(&inst, 2).model, SearchConfig::default()).solve(),
            Outcome::Unsatisfiable
        );
        let enc = encode(&inst, 3);
        let Outcome::Satisfiable(s) = Search::new(&enc.model, SearchConfig::default()).solve()
        else {
            panic!()
        };
        assert_eq!(verify(&inst, Some(3), &decode(&enc, &s)), Ok(()));
    }

    #[test]
    fn verify_reports_clashes_bounds_and_precolours() {
        let mut inst = Instance::new("p", Graph::from_edges(2, [(0, 1)]));
        inst.precoloured.push((0, 1));
        let clash = Colouring {
            colours: vec![1, 1],
        };
        assert_eq!(
            verify(&inst, None, &clash).unwrap_err().to_string(),
            "vertices 1 and 2 are adjacent and both have colour 2"
        );
        assert!(matches!(
            verify(
                &inst,
                Some(2),
                &Colouring {
                    colours: vec![1, 2]
                }
            ),
            Err(Violation::TooManyColours { .. })
        ));
        assert!(matches!(
            verify(
                &inst,
                None,
                &Colouring {
                    colours: vec![0, 1]
                }
            ),
            Err(Violation::Precolour { .. })
        ));
        let enc = encode(&inst, 1);
        assert_eq!(
            Search::new(&enc.model, SearchConfig::default()).solve(),
            Outcome::Unsatisfiable
        );
    }
}
