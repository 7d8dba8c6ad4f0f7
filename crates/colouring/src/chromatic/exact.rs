//! The exact phase: k-colourability on the engine (peeling, clique precolouring, symmetric
//! colours, clique all-differents), one search slice at a time.

use super::{Effort, KAnswer, Strategy};
use crate::encode::Colouring;
use crate::graph::{Graph, Instance};
use csp_core::{AllDifferentStrength, Model, Outcome, Search, VarId};
use std::time::Instant;

/// Decides whether `inst` has a proper colouring with `k` colours (respecting its
/// precolouring). `clique`, when given and there is no precolouring, is precoloured.
pub fn k_colourable(
    inst: &Instance,
    k: u32,
    clique: &[usize],
    strategy: Strategy,
    deadline: Option<Instant>,
    effort: &mut Effort,
) -> KAnswer {
    // Clique all-differents pay on sparse and mid-density graphs (Hall sets in small
    // cliques), on small dense ones (r125.5: 134 nodes with them, a timeout without), and on
    // large dense ones whose cliques fill half of the colours or more (DSJR500.5, ω = 122:
    // 123 colours in 11 s with them, none in 60 s without). On large dense random graphs,
    // whose cliques are far smaller than k, their many matchings cost far more than they
    // prune (DSJC1000.5: one root fixpoint took 20 s).
    let g = &inst.graph;
    let cliques = clique_model(g, clique.len(), k);
    k_colourable_with(inst, k, clique, strategy, cliques, deadline, effort)
}

/// The most colours for clique all-differents on a large dense graph: the engine's matching
/// works on words of up to 256 values; beyond, it walks values one by one, which costs more
/// than the cliques prune (`docs/measurements/colouring-kernels.md`).
const CLIQUE_MODEL_MAX_COLOURS: u32 = 256;

/// Whether [`k_colourable`] groups the edges into clique all-differents for `k` colours, with
/// `omega` a clique's size (the rule and its measurements are there).
fn clique_model(g: &Graph, omega: usize, k: u32) -> bool {
    g.bitsets_fit()
        && (g.density() <= 0.4
            || g.len() <= 300
            || (2 * omega >= k as usize && k <= CLIQUE_MODEL_MAX_COLOURS))
}

/// [`k_colourable`], choosing whether edges are grouped into clique all-differents
/// (`cliques`) or posted as one `≠` each.
pub fn k_colourable_with(
    inst: &Instance,
    k: u32,
    clique: &[usize],
    strategy: Strategy,
    cliques: bool,
    deadline: Option<Instant>,
    effort: &mut Effort,
) -> KAnswer {
    match strategy {
        Strategy::Portfolio => {}
        // Restarts are for finding colourings: the plain ≠ model, no clique fixed (fixed
        // colours hamper them; colour symmetry is broken anyway).
        Strategy::DomWDegRestarts => {
            return search_k(inst, k, &[], strategy, false, deadline, None, effort);
        }
        s => return search_k(inst, k, clique, s, cliques, deadline, None, effort),
    }
    // Restarts look for a colouring, without the clique fixed (its fixed colours hamper
    // them); then DSATUR, with the clique, for the proof.
    let half = deadline.map(|d| Instant::now() + d.saturating_duration_since(Instant::now()) / 2);
    let budget = deadline.is_none().then_some(20_000);
    match search_k(
        inst,
        k,
        &[],
        Strategy::DomWDegRestarts,
        false,
        half,
        budget,
        effort,
    ) {
        KAnswer::Unknown => search_k(
            inst,
            k,
            clique,
            Strategy::Dsatur,
            cliques,
            deadline,
            None,
            effort,
        ),
        answer => answer,
    }
}

/// One k-colourability search with one strategy, stopped at `deadline` or after `failures`.
#[allow(
    clippy::too_many_arguments,
    reason = "the search's state, passed by piece"
)]
pub(super) fn search_k(
    inst: &Instance,
    k: u32,
    clique: &[usize],
    strategy: Strategy,
    cliques: bool,
    deadline: Option<Instant>,
    failures: Option<u64>,
    effort: &mut Effort,
) -> KAnswer {
    let g = &inst.graph;
    let n = g.len();
    if inst.precoloured.iter().any(|&(_, c)| c >= k) || (k == 0 && n > 0) {
        return KAnswer::NotColourable;
    }
    // More colours than vertices (and precolours) change nothing; keep domains small.
    let max_pre = inst
        .precoloured
        .iter()
        .map(|&(_, c)| c + 1)
        .max()
        .unwrap_or(0);
    let k = k.min((n as u32).max(max_pre)).max(1);
    let fixed: Vec<Option<u32>> = {
        let mut f = vec![None; n];
        for &(v, c) in &inst.precoloured {
            f[v] = Some(c);
        }
        if inst.precoloured.is_empty() {
            if clique.len() > k as usize {
                return KAnswer::NotColourable;
            }
            for (i, &v) in clique.iter().enumerate() {
                f[v] = Some(i as u32);
            }
        }
        f
    };
    // Peel vertices of degree < k (not fixed ones): they are coloured last.
    let mut alive = vec![true; n];
    let mut deg: Vec<usize> = (0..n).map(|v| g.degree(v)).collect();
    let mut peeled = Vec::new();
    let mut stack: Vec<usize> = (0..n)
        .filter(|&v| deg[v] < k as usize && fixed[v].is_none())
        .collect();
    while let Some(v) = stack.pop() {
        if !alive[v] {
            continue;
        }
        alive[v] = false;
        peeled.push(v);
        for &w in g.neighbours(v) {
            let w = w as usize;
            if alive[w] {
                deg[w] -= 1;
                if deg[w] < k as usize && fixed[w].is_none() {
                    stack.push(w);
                }
            }
        }
    }
    let core: Vec<usize> = (0..n).filter(|&v| alive[v]).collect();
    let mut colours = vec![u32::MAX; n];
    if !core.is_empty() {
        let mut index = vec![usize::MAX; n];
        let mut model = Model::new();
        let mut vars: Vec<VarId> = Vec::with_capacity(core.len());
        for (i, &v) in core.iter().enumerate() {
            index[v] = i;
            let x = match fixed[v] {
                Some(c) => model.new_var(g.name(v), [c as i32]),
                None => model.new_var(g.name(v), 0..=k as i32 - 1),
            }
            .expect("distinct vertex names");
            vars.push(x);
        }
        if cliques {
            // Cover the edges with cliques: an all-different by matching on each clique of
            // three or more sees Hall sets that the pairwise ≠ do not.
            for clique in edge_clique_cover(g, &alive) {
                let xs: Vec<VarId> = clique.iter().map(|&v| vars[index[v]]).collect();
                if xs.len() == 2 {
                    model.not_equal(xs[0], xs[1]).expect("distinct");
                } else {
                    model.all_different(&xs).expect("distinct");
                }
            }
        } else {
            for &u in &core {
                for &w in g.neighbours(u) {
                    let w = w as usize;
                    if alive[w] && u < w {
                        model
                            .not_equal(vars[index[u]], vars[index[w]])
                            .expect("distinct");
                    }
                }
            }
        }
        let mut config = strategy.config(deadline);
        config.all_different = AllDifferentStrength::Matching;
        config.limits.failures = failures;
        let mut search = Search::new(&model, config);
        let outcome = search.solve();
        let st = search.stats();
        effort.nodes += st.nodes;
        effort.failures += st.failures;
        effort.searches += 1;
        match outcome {
            Outcome::Satisfiable(sol) => {
                for (i, &v) in core.iter().enumerate() {
                    colours[v] = sol.value(vars[i]) as u32;
                }
            }
            Outcome::Unsatisfiable => return KAnswer::NotColourable,
            Outcome::Unknown(_) => return KAnswer::Unknown,
        }
    }
    // Colour the peeled vertices, last peeled first: each has fewer than k coloured
    // neighbours at that point.
    for &v in peeled.iter().rev() {
        let mut used = vec![false; k as usize];
        for &w in g.neighbours(v) {
            let c = colours[w as usize];
            if c != u32::MAX {
                used[c as usize] = true;
            }
        }
        colours[v] = used
            .iter()
            .position(|&u| !u)
            .expect("degree < k leaves a colour") as u32;
    }
    KAnswer::Colourable(Colouring { colours })
}

/// Whether the clique all-differents are tight for `k` colours: the cliques of the greedy
/// edge cover ([`edge_clique_cover`]) hold on average half of `k` vertices or more, so that
/// they meet Hall sets (DSJR500.5: 98 on average for 124 colours; le450_25c: 8 for 26;
/// DSJC500.5: 10 for 50). `omega` is a clique's size: when it is below `k / 2` no cover
/// clique can be that large, and the cover is not computed. False where the exact search
/// does not use the clique model for `k` colours.
pub fn cliques_tight(g: &Graph, omega: usize, k: u32) -> bool {
    cliques_tight_with(g, omega, k, &std::cell::OnceCell::new())
}

/// [`cliques_tight`], with the edge clique cover computed once into `cover` for several
/// questions about one graph (the transversal cover's partition is chosen from it too).
pub(super) fn cliques_tight_with(
    g: &Graph,
    omega: usize,
    k: u32,
    cover: &std::cell::OnceCell<Vec<Vec<usize>>>,
) -> bool {
    if 2 * omega < k as usize || !clique_model(g, omega, k) {
        return false;
    }
    let cover = cover.get_or_init(|| edge_clique_cover(g, &vec![true; g.len()]));
    let members: usize = cover.iter().map(Vec::len).sum();
    !cover.is_empty() && 2 * members >= k as usize * cover.len()
}

/// Covers the edges among `alive` vertices with cliques, greedily: each uncovered edge grows
/// into a maximal clique by adding the common neighbour with most neighbours among the other
/// candidates. Every edge is in at least one returned clique. `O(m·n/64·ω)`.
pub fn edge_clique_cover(g: &Graph, alive: &[bool]) -> Vec<Vec<usize>> {
    use fixedbitset::FixedBitSet;
    let n = g.len();
    let adj: Vec<FixedBitSet> = (0..n)
        .map(|v| {
            let mut b = FixedBitSet::with_capacity(n);
            if alive[v] {
                for &w in g.neighbours(v) {
                    if alive[w as usize] {
                        b.insert(w as usize);
                    }
                }
            }
            b
        })
        .collect();
    let mut covered: Vec<FixedBitSet> = vec![FixedBitSet::with_capacity(n); n];
    let mut out = Vec::new();
    for (u, w) in g.edges() {
        if !alive[u] || !alive[w] || covered[u].contains(w) {
            continue;
        }
        let mut clique = vec![u, w];
        let mut cand = adj[u].clone();
        cand.intersect_with(&adj[w]);
        while let Some(v) = cand
            .ones()
            .max_by_key(|&v| (adj[v].intersection_count(&cand), std::cmp::Reverse(v)))
        {
            clique.push(v);
            cand.intersect_with(&adj[v]);
        }
        for (i, &a) in clique.iter().enumerate() {
            for &b in &clique[i + 1..] {
                covered[a].insert(b);
                covered[b].insert(a);
            }
        }
        out.push(clique);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{petersen, random_half_graph};

    #[test]
    fn clique_all_differents_are_tight_only_where_cliques_fill_half_the_colours() {
        // Two 10-cliques sharing 5 vertices: cover cliques of 10 for 12 colours.
        let edges = (0..15usize).flat_map(|u| {
            (u + 1..15)
                .filter(move |&w| (u < 10 && w < 10) || (u >= 5 && w >= 5))
                .map(move |w| (u, w))
        });
        let g = Graph::from_edges(15, edges);
        assert!(cliques_tight(&g, 10, 12));
        assert!(!cliques_tight(&g, 10, 21));
        // Petersen's cover cliques are its 15 edges: 2 for 3 colours is tight, for 5 not.
        assert!(cliques_tight(&petersen(), 2, 3));
        assert!(!cliques_tight(&petersen(), 2, 5));
        // A random graph's cliques are far smaller than its colour count.
        let g = random_half_graph(120, 3);
        let omega = crate::clique::greedy_clique(&g, 8).len();
        assert!(!cliques_tight(&g, omega, 25));
    }
}
