//! k-colouring as SAT, so colouring can be compared across the engine and a CDCL solver.
//!
//! Variable `v·k + c` is true when vertex `v` has colour `c`. Clauses: every vertex has a
//! colour (`V` clauses of `k` literals), at most one colour per vertex (`V·k(k−1)/2` binary
//! clauses; redundant, kept because they make models colourings directly), and the ends of
//! every edge differ (`E·k` binary clauses). Symmetry: the colours are interchangeable, so the
//! vertices of a clique get colours `0, 1, …` as unit clauses (Van Gelder, "Another look at
//! graph coloring via propositional satisfiability", 2008).

use crate::clique::greedy_clique;
use crate::encode::{Colouring, KAnswer};
use crate::graph::Instance;
use csp_sat::{Cnf, Solver, SolverStats, Var};
use std::time::Instant;

/// The variable "vertex `v` has colour `c`".
pub fn var(k: u32, v: usize, c: u32) -> Var {
    Var::new(v * k as usize + c as usize)
}

/// The k-colouring formula of `inst`, with the vertices of `clique` (a clique, in order)
/// fixed to colours `0, 1, …` (at most `k` of them are used).
///
/// ```
/// use csp_colouring::{Graph, Instance, sat::cnf};
/// let triangle = Instance::new("K3", Graph::from_edges(3, [(0, 1), (1, 2), (0, 2)]));
/// let f = cnf(&triangle, 3, &[]);
/// assert_eq!(f.num_vars(), 9);
/// assert_eq!(f.num_clauses(), 3 + 3 * 3 + 3 * 3);
/// ```
pub fn cnf(inst: &Instance, k: u32, clique: &[usize]) -> Cnf {
    let g = &inst.graph;
    let n = g.len();
    let mut f = Cnf::with_vars(n * k as usize);
    let mut clause = Vec::with_capacity(k as usize);
    for v in 0..n {
        clause.clear();
        clause.extend((0..k).map(|c| var(k, v, c).positive()));
        f.add_clause(&clause);
        for c in 0..k {
            for d in c + 1..k {
                f.add_clause(&[var(k, v, c).negative(), var(k, v, d).negative()]);
            }
        }
    }
    for (u, v) in g.edges() {
        for c in 0..k {
            f.add_clause(&[var(k, u, c).negative(), var(k, v, c).negative()]);
        }
    }
    for (c, &v) in clique.iter().take(k as usize).enumerate() {
        f.add_clause(&[var(k, v, c as u32).positive()]);
    }
    // The precolouring, as unit clauses (a colour ≥ k leaves the vertex no colour: the
    // formula is then unsatisfiable, as it should be).
    for &(v, c) in &inst.precoloured {
        if c < k {
            f.add_clause(&[var(k, v, c).positive()]);
        } else {
            f.add_clause(&[]);
        }
    }
    f
}

/// The most literals a k-colouring formula may have (about 80 MB as a [`Cnf`] and a few
/// hundred MB inside batsat): beyond it SAT is not tried (the engine, `--method csp`,
/// colours such graphs in memory linear in the graph).
pub const MAX_FORMULA_LITERALS: u64 = 20_000_000;

/// The literals of [`cnf`] for `inst` and `k`: `n·k` for the at-least-one clauses, `n·k(k−1)`
/// for the at-most-one pairs, `2·m·k` for the edges.
pub fn formula_literals(inst: &Instance, k: u32) -> u64 {
    let (n, m, k) = (
        inst.graph.len() as u64,
        inst.graph.edge_count() as u64,
        u64::from(k),
    );
    n * k + n * k * k.saturating_sub(1) + 2 * m * k
}

/// The colouring of a model.
pub fn decode(n: usize, k: u32, model: &[bool]) -> Colouring {
    Colouring {
        colours: (0..n)
            .map(|v| {
                (0..k)
                    .find(|&c| model.get(var(k, v, c).index()) == Some(&true))
                    .unwrap_or(0)
            })
            .collect(),
    }
}

/// Whether `inst` is k-colourable, by batsat, with the solver's counters. A clique larger
/// than `k` answers at once.
pub fn k_colourable(inst: &Instance, k: u32) -> (KAnswer, SolverStats) {
    k_colourable_until(inst, k, None)
}

/// [`k_colourable`], giving up at `deadline` ([`KAnswer::Unknown`]), or at once when the
/// formula would have more than [`MAX_FORMULA_LITERALS`] literals (also unknown).
pub fn k_colourable_until(
    inst: &Instance,
    k: u32,
    deadline: Option<Instant>,
) -> (KAnswer, SolverStats) {
    // More colours than a greedy colouring needs (max degree + 1, or past the largest
    // precolour) change nothing but the formula's size (n·k variables, n·k² clauses): a
    // colouring with fewer is one with k.
    let g = &inst.graph;
    let greedy = (0..g.len())
        .map(|v| g.degree(v) as u32 + 1)
        .max()
        .unwrap_or(1);
    let precolours = inst
        .precoloured
        .iter()
        .map(|&(_, c)| c + 1)
        .max()
        .unwrap_or(0);
    let k = k.min(greedy.max(precolours));
    let clique = greedy_clique(&inst.graph, 8);
    if clique.len() > k as usize || inst.precolouring_conflict().is_some() {
        return (KAnswer::NotColourable, SolverStats::default());
    }
    // The clique's colours are fixed to break symmetry only when no vertex is precoloured
    // (a precolouring already names colours).
    let fixed: &[usize] = if inst.precoloured.is_empty() {
        &clique
    } else {
        &[]
    };
    if formula_literals(inst, k) > MAX_FORMULA_LITERALS || csp_core::termination::past(deadline) {
        return (KAnswer::Unknown, SolverStats::default());
    }
    let f = cnf(inst, k, fixed);
    let mut s = Solver::new(&f);
    s.set_deadline(deadline);
    let answer = match s.solve(&[]) {
        Some(true) => KAnswer::Colourable(decode(inst.graph.len(), k, &s.model())),
        Some(false) => KAnswer::NotColourable,
        None => KAnswer::Unknown,
    };
    (answer, s.stats())
}

/// The chromatic number found by SAT alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SatChromatic {
    /// The chromatic number when `proved` (one fewer colour is unsatisfiable, or a clique
    /// needs this many), else the best upper bound found.
    pub chromatic: u32,
    /// A lower bound: the chromatic number when proved, else a greedy clique's size.
    pub lb: u32,
    /// Whether `chromatic` is proved (the deadline did not stop the search first).
    pub proved: bool,
    /// A colouring with that many colours.
    pub colouring: Colouring,
    /// The k tested by the solver.
    pub searches: u32,
    /// Solver counters, summed.
    pub stats: SolverStats,
    /// Why the search stopped unproved: the k whose formula exceeded
    /// [`MAX_FORMULA_LITERALS`], if that was the reason.
    pub too_large: Option<u32>,
}

/// The chromatic number by SAT: DSATUR gives an upper bound, then `k = ub − 1, ub − 2, …` is
/// tested until unsatisfiable or down to the size of a greedy clique.
pub fn chromatic_number(inst: &Instance) -> SatChromatic {
    chromatic_number_until(inst, None)
}

/// [`chromatic_number`], giving up at `deadline` with the bounds found so far.
pub fn chromatic_number_until(inst: &Instance, deadline: Option<Instant>) -> SatChromatic {
    let g = &inst.graph;
    let precoloured = !inst.precoloured.is_empty();
    let mut best = crate::heuristic::dsatur(g, &inst.precoloured);
    if !precoloured {
        best = best.normalised();
    }
    // With a precolouring the colours are named: k must exceed the largest one used.
    let colours = |c: &Colouring| {
        if precoloured {
            c.colours.iter().max().map_or(0, |&m| m + 1)
        } else {
            c.num_colours()
        }
    };
    let mut ub = colours(&best);
    let lb = (greedy_clique(g, 8).len() as u32).max(
        inst.precoloured
            .iter()
            .map(|&(_, c)| c + 1)
            .max()
            .unwrap_or(0),
    );
    let mut stats = SolverStats::default();
    let mut searches = 0;
    let mut proved = true;
    let mut too_large = None;
    while ub > lb.max(1) {
        if formula_literals(inst, ub - 1) > MAX_FORMULA_LITERALS {
            too_large = Some(ub - 1);
            proved = false;
            break;
        }
        let (a, s) = k_colourable_until(inst, ub - 1, deadline);
        searches += 1;
        stats.decisions += s.decisions;
        stats.propagations += s.propagations;
        stats.conflicts += s.conflicts;
        match a {
            KAnswer::Colourable(c) => {
                best = if precoloured { c } else { c.normalised() };
                ub = colours(&best).min(ub - 1);
            }
            KAnswer::NotColourable => break,
            KAnswer::Unknown => {
                proved = false;
                break;
            }
        }
    }
    SatChromatic {
        chromatic: ub,
        lb: if proved { ub } else { lb },
        proved,
        colouring: best,
        searches,
        stats,
        too_large,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify;

    fn petersen() -> Instance {
        Instance::new("petersen", crate::graph::petersen())
    }

    #[test]
    fn the_petersen_graph_needs_exactly_three_colours() {
        let p = petersen();
        let (a, _) = k_colourable(&p, 3);
        let KAnswer::Colourable(c) = a else {
            panic!("3-colourable")
        };
        assert_eq!(verify(&p, Some(3), &c), Ok(()));
        assert_eq!(k_colourable(&p, 2).0, KAnswer::NotColourable);
        let r = chromatic_number(&p);
        assert_eq!(r.chromatic, 3);
        assert_eq!(verify(&p, Some(3), &r.colouring), Ok(()));
    }
}
