//! k-colourability and the chromatic number with a proof of optimality.
//!
//! # How χ is bracketed and closed
//!
//! 1. **Lower bound**: a large clique (greedy from the highest-degree vertices, then
//!    Tomita's MCQ branch and bound under a node budget), raised by Mycielskian extensions
//!    ([`crate::mycielski`]), and the largest precolour. Where the vertices split into
//!    cliques of the lower bound's size, the transversal cover ([`crate::transversal`],
//!    after Vasquez 2004) decides that `k` by dancing links: a colouring or a proof that
//!    none exists (queen graphs).
//! 2. **Upper bound**: DSATUR greedy, then local search for `ub - 1, ub - 2, …` while it
//!    succeeds (skipped with a precolouring): the hybrid evolutionary search of
//!    [`crate::heuristic::hybrid_evolutionary`] (GPX crossover of two TabuCol-improved
//!    colourings, Galinier & Hao 1999, with HEAD's elites, Moalic & Gondran 2018); where `k`
//!    is the lower bound, so that a colouring proves χ, first PartialCol with a reactive tenure
//!    ([`crate::heuristic::partialcol`], Blöchliger & Zufferey 2008); on graphs of 800
//!    vertices or more with the bounds three or more apart, first independent-set extraction
//!    ([`crate::heuristic::extract_independent_sets`], Wu & Hao's EXTRACOL, 2012), the hybrid
//!    search colouring only the residual graph. On graphs of 400 vertices or more whose
//!    bounds are three or more apart, a short local search (a sixtieth of the time, 1 s at
//!    most) comes first: graphs whose χ equals their clique are often proved within it.
//! 3. **Clause learning** on small graphs: the k-colouring formula ([`crate::sat`], Van
//!    Gelder 2008's direct encoding with a clique's colours fixed) through batsat's CDCL
//!    (conflict-driven clause learning, Marques-Silva & Sakallah 1996; the MiniSat/Glucose
//!    line), as gc-cdcl (Hebrard & Katsirelos 2020) adds learning to a colouring CP solver:
//!    it refutes graphs (the Insertions family) that chronological search cannot.
//! 4. **Exact**: for `k = ub - 1` down to `lb`, decide k-colourability on the `csp-core`
//!    engine. Before search, vertices of degree `< k` are peeled off repeatedly (they can
//!    always be coloured afterwards), the clique is precoloured `0..q`, and colours are
//!    symmetric ([`csp_core::SearchConfig::symmetric_values`]: a vertex may open at most one
//!    new colour). A `k` without colouring proves `χ = k + 1`. Where the edge clique
//!    cover's cliques fill half of the colours ([`cliques_tight`]: geometric graphs), the
//!    exact search on clique all-differents is a colouring method too and
//!    gets half of the time after local search.
//!
//! Results per DIMACS graph: `docs/colouring.md`; how each phase earned its place:
//! `docs/measurements/colouring-history.md`.
//!
//! Branching is DSATUR's (saturation is the size of a colour domain under arc consistency, so
//! MRV; ties by degree among uncoloured vertices, [`VarOrder::MostConstrained`]), or dom/wdeg
//! with or without Luby restarts.

mod budget;
mod exact;
mod local;
mod source;
mod state;

pub use exact::{cliques_tight, edge_clique_cover, k_colourable, k_colourable_with};
pub use source::Source;

use crate::encode::Colouring;
use crate::graph::Instance;
use csp_core::{
    AllDifferentStrength, Limits, Propagation, Restarts, SearchConfig, ValueOrder, VarOrder,
};
use state::State;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// The branching of the exact search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strategy {
    /// dom/wdeg with restarts for half the time (they find colourings), then DSATUR (it
    /// proves that none exists); in the chromatic-number search, the first exact pass is
    /// DSATUR alone.
    #[default]
    Portfolio,
    /// DSATUR: MRV on colour domains, ties by degree.
    Dsatur,
    /// dom/wdeg.
    DomWDeg,
    /// dom/wdeg with Luby restarts.
    DomWDegRestarts,
}

impl Strategy {
    /// Every strategy.
    pub const ALL: [Strategy; 4] = [
        Strategy::Portfolio,
        Strategy::Dsatur,
        Strategy::DomWDeg,
        Strategy::DomWDegRestarts,
    ];

    /// Its command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Portfolio => "portfolio",
            Strategy::Dsatur => "dsatur",
            Strategy::DomWDeg => "dom/wdeg",
            Strategy::DomWDegRestarts => "dom/wdeg+restarts",
        }
    }

    fn config(self, deadline: Option<Instant>) -> SearchConfig {
        let (var_order, restarts) = match self {
            Strategy::Portfolio | Strategy::Dsatur => (VarOrder::MostConstrained, None),
            Strategy::DomWDeg => (VarOrder::DomOverWDeg, None),
            Strategy::DomWDegRestarts => (VarOrder::DomOverWDeg, Some(Restarts { scale: 100 })),
        };
        SearchConfig {
            propagation: Propagation::ArcConsistency,
            all_different: AllDifferentStrength::Pairwise,
            var_order,
            value_order: ValueOrder::InDomainMin,
            restarts,
            symmetric_values: true,
            limits: Limits {
                deadline,
                ..Limits::default()
            },
            ..SearchConfig::default()
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strategy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let s = match s {
            "domwdeg" | "dom-wdeg" | "wdeg" => "dom/wdeg",
            "domwdeg+restarts" | "dom-wdeg-restarts" | "restarts" => "dom/wdeg+restarts",
            s => s,
        };
        Strategy::ALL
            .into_iter()
            .find(|x| x.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown strategy `{s}`; expected one of portfolio, dsatur, dom/wdeg, dom/wdeg+restarts"
                )
            })
    }
}

/// The largest k-colouring formula (in literals, [`crate::sat::formula_literals`]) that the
/// chromatic-number search hands to the SAT solver: small graphs, where clause learning
/// refutes a `k` that the engine's search cannot (larger formulas spend the time building
/// and propagating clauses that the engine's propagation already covers).
pub const SAT_LITERALS: u64 = 50_000;

/// The fewest vertices for which a short local search runs first when
/// the bounds are three or more apart (the le450 graphs have 450).
pub const PROBE_MIN_VERTICES: usize = 400;

/// Added to the seed for that short local search: far from the seeds the later local
/// search draws (it adds one per run or thread).
const PROBE_SEEDS: u64 = 1 << 32;

/// Options of the chromatic-number search.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Overall wall-time budget.
    pub time_limit: Option<Duration>,
    /// Branching of the exact search.
    pub strategy: Strategy,
    /// Run the local search (hybrid evolutionary, TabuCol inside) to lower the upper bound
    /// before the exact search.
    pub tabu: bool,
    /// TabuCol iterations per `k` tried when there is no time limit (with one, the local
    /// search runs on time alone).
    pub tabu_iterations: u64,
    /// Seed for the local search.
    pub seed: u64,
    /// Apexes tried per start by the Mycielskian lower bound.
    pub mycielski_budget: u64,
    /// Threads for the local search: each runs the hybrid search from its own seed, and the
    /// first colouring found stops the others (1: on the calling thread).
    pub jobs: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            time_limit: None,
            strategy: Strategy::Portfolio,
            tabu: true,
            tabu_iterations: 2_000_000,
            seed: 1,
            mycielski_budget: 1_000_000,
            jobs: 1,
        }
    }
}

/// Search effort, summed over every k-colourability search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Effort {
    /// Engine nodes.
    pub nodes: u64,
    /// Engine failures.
    pub failures: u64,
    /// k-colourability searches run.
    pub searches: u64,
    /// k-colouring formulas given to the SAT solver.
    pub sat_searches: u64,
    /// The SAT solver's conflicts (each learns a clause).
    pub sat_conflicts: u64,
}

pub use crate::encode::KAnswer;

/// Progress of a chromatic-number search, for a live status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// Current lower bound.
    pub lb: u32,
    /// Current upper bound.
    pub ub: u32,
    /// What is running: `clique`, `dsatur`, `mycielski`, `local search k`, `exact k`.
    pub phase: String,
    /// Time since the start.
    pub elapsed: Duration,
}

/// The result of [`chromatic_number`].
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Chromatic {
    /// Proved lower bound.
    pub lb: u32,
    /// Upper bound: the colours of [`Chromatic::colouring`].
    pub ub: u32,
    /// Whether `lb == ub`, i.e. χ is proved.
    pub proved: bool,
    /// The best colouring found.
    pub colouring: Colouring,
    /// The clique behind the lower bound.
    pub clique: Vec<usize>,
    /// Whether the clique is proved maximum.
    pub clique_exact: bool,
    /// Which step gave the upper bound.
    pub ub_source: Source,
    /// Which step gave the lower bound.
    pub lb_source: Source,
    /// Search effort of the exact phase.
    pub effort: Effort,
    /// Wall time.
    pub elapsed: Duration,
}

/// The chromatic number of `inst`'s graph (with its precolouring, if any), proved when the
/// time allows, else bracketed.
///
/// The schedule: clique and DSATUR; the clique propagated; a short Mycielskian bound; a
/// quick transversal cover; on a graph of [`PROBE_MIN_VERTICES`] or more with a wide gap
/// (without tight cliques, and not one that goes straight to extraction), a short local
/// search; unless the gap is wide beyond clause learning and without tight cliques, two
/// short exact passes and a longer Mycielskian bound; a first try of clause learning on a
/// small graph; the full transversal cover; local search; clause learning again; the exact
/// search with the rest. Each phase's share of the time is a named value in `budget.rs`.
pub fn chromatic_number(
    inst: &Instance,
    config: &Config,
    progress: &mut dyn FnMut(&Progress),
) -> Chromatic {
    let mut s = State::start(inst, config, progress);
    s.propagate_clique();
    s.mycielski(budget::MYCIELSKI_FIRST);
    let quick = s.budget.share(budget::QUICK_SHARE, budget::QUICK_UNLIMITED);
    s.transversals(TRANSVERSAL_QUICK, config.seed, quick);
    // A wide gap that clause learning cannot take on and tight cliques cannot close is left
    // to local search at once: the exact passes and the longer Mycielskian bound settle
    // nothing there.
    let large_gap = s.wide_gap() && !s.small() && !s.tight();
    probe(&mut s, large_gap);
    if s.lb < s.ub && !large_gap {
        let first = match config.strategy {
            Strategy::Portfolio => Strategy::Dsatur,
            strategy => strategy,
        };
        let until = s.budget.share(budget::QUICK_SHARE, budget::QUICK_UNLIMITED);
        s.exact(first, Some(until));
    }
    // With the portfolio, a second short pass with restarts: they find the colourings that
    // DSATUR's first choices miss.
    if s.lb < s.ub && !large_gap && config.strategy == Strategy::Portfolio {
        let until = s.budget.share(budget::QUICK_SHARE, budget::QUICK_UNLIMITED);
        s.exact(Strategy::DomWDegRestarts, Some(until));
    }
    if !large_gap {
        let long = config.time_limit.map_or(budget::MYCIELSKI_LONG_CAP, |t| {
            (t / budget::MYCIELSKI_LONG_SHARE).min(budget::MYCIELSKI_LONG_CAP)
        });
        s.mycielski(long);
    }
    // A first, short try of clause learning: it refutes a k that local search would spend
    // its time on.
    let until = s
        .budget
        .share(budget::SAT_FIRST_SHARE, budget::SAT_FIRST_CAP)
        .min(Instant::now() + budget::SAT_FIRST_CAP);
    s.sat(until);
    let small = s.lb < s.ub && s.small();
    let tight = s.wide_gap() && !small && s.tight();
    // The transversal cover again, without the quick try's cap (from another seed).
    let until = s
        .budget
        .share(budget::TRANSVERSAL_SHARE, budget::TRANSVERSAL_UNLIMITED);
    s.transversals(usize::MAX, config.seed.wrapping_add(1 << 32), until);
    if s.lb < s.ub && config.tabu && inst.precoloured.is_empty() {
        let hopeless = s.wide_gap() && !small && !tight;
        let share = if small {
            budget::LOCAL_SMALL
        } else if tight {
            budget::LOCAL_TIGHT
        } else if hopeless {
            budget::LOCAL_HOPELESS
        } else {
            budget::LOCAL_OTHERWISE
        };
        let until = match s.budget.left() {
            Some(t) => Instant::now() + t * share.0 / share.1,
            None => Instant::now() + budget::LOCAL_UNLIMITED,
        };
        let timed = s.budget.deadline.is_some();
        s.local_search(config, hopeless, timed, until);
    }
    let until = s
        .budget
        .share(budget::SAT_LATER_SHARE, budget::SAT_LATER_UNLIMITED);
    s.sat(until);
    // The exact search with the rest of the time; where the clique all-differents are tight,
    // the portfolio's restarts (on the `≠` model, without them) are skipped.
    if s.lb < s.ub {
        let strategy = match config.strategy {
            Strategy::Portfolio if tight => Strategy::Dsatur,
            strategy => strategy,
        };
        let deadline = s.budget.deadline;
        s.exact(strategy, deadline);
    }
    s.finish()
}

/// On larger graphs with a wide gap (not those that go straight to extraction, nor those
/// whose cliques are tight), a short local search first, with seeds of its own so that the
/// local search after it does not replay its runs: graphs with χ = ω such as the le450
/// ones are coloured within it.
fn probe(s: &mut State<'_, '_>, large_gap: bool) {
    let config = s.config;
    if s.lb + budget::WIDE_GAP <= s.ub
        && s.graph().len() >= PROBE_MIN_VERTICES
        && !local::starts_with_extraction(s.graph().len(), large_gap)
        && s.budget.deadline.is_some()
        && config.tabu
        && s.inst.precoloured.is_empty()
        && !s.tight()
    {
        let until = s
            .budget
            .share(budget::PROBE_SHARE, Duration::ZERO)
            .min(Instant::now() + budget::PROBE_CAP);
        let probe = Config {
            seed: config.seed.wrapping_add(PROBE_SEEDS),
            ..config.clone()
        };
        s.local_search(&probe, false, true, until);
    }
}

/// The bounds a phase may tighten: lower bound, upper bound, best colouring.
type Bounds<'a> = (&'a mut u32, &'a mut u32, &'a mut Colouring);

/// The most vertices for which [`chromatic_number`] tries the transversal cover
/// ([`crate::transversal`]): the edge clique cover it starts from takes 0.2 s on DSJC1000.5.
pub const TRANSVERSAL_MAX_VERTICES: usize = 1000;

/// The most vertex entries in the transversals [`State::transversals`](state::State::transversals) lists (sets × their
/// size): 2,000,000 keeps the list and its dancing links under 100 MB.
pub(super) const TRANSVERSAL_ENTRIES: usize = 2_000_000;

/// The most transversals [`State::transversals`](state::State::transversals)'s first, quick try lists: queen8_12 has more
/// and was coloured by the exact search in 0.151 s, 0.154 s with this try (0.23–0.26 s when
/// it listed them all and took 80 ms to colour it that way).
const TRANSVERSAL_QUICK: usize = 20_000;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::verify;
    use crate::graph::Graph;

    #[test]
    fn an_odd_wheel_is_proved_by_clique_propagation() {
        // The wheel on a 7-cycle: its cliques are triangles, and the hub's colour with an
        // odd rim needs four. Anchoring a triangle (hub and two rim vertices) forces the
        // rest of the rim in turn until two neighbours meet with one colour.
        let rim = (1..8usize).map(|i| (i, i % 7 + 1));
        let spokes = (1..8usize).map(|i| (0, i));
        let inst = Instance::new("wheel", Graph::from_edges(8, rim.chain(spokes)));
        let r = chromatic_number(&inst, &Config::default(), &mut |_| {});
        assert!(r.proved);
        assert_eq!((r.lb, r.lb_source), (4, Source::CliquePropagation));
        assert!(verify(&inst, Some(4), &r.colouring).is_ok());
    }

    #[test]
    fn queens_graphs_10_and_11_are_proved_by_the_transversal_cover() {
        // χ(queen10_10) = 11 (no partition of the board into ten 10-queens solutions) and
        // χ(queen11_11) = 11 (a partition into eleven): the cover refutes 10 and colours 11.
        for (n, chi, source) in [(10, 11, "lb"), (11, 11, "ub")] {
            let inst = Instance::new("q", crate::graph::queens_graph(n));
            let r = chromatic_number(
                &inst,
                &Config {
                    time_limit: Some(Duration::from_secs(20)),
                    ..Config::default()
                },
                &mut |_| {},
            );
            assert!(r.proved && r.ub == chi, "n = {n}: {}..{}", r.lb, r.ub);
            assert_eq!(verify(&inst, Some(chi), &r.colouring), Ok(()));
            let from = if source == "lb" {
                r.lb_source
            } else {
                r.ub_source
            };
            assert_eq!(from, Source::Transversals, "n = {n}");
        }
    }

    #[test]
    fn mycielski_graphs_need_one_more_colour_each_step() {
        // C5 (χ 3) → Grötzsch graph (χ 4) → χ 5, all triangle-free.
        let c5 = Graph::from_edges(5, (0..5).map(|i| (i, (i + 1) % 5)));
        let m4 = c5.mycielskian();
        let m5 = m4.mycielskian();
        for (g, chi) in [(c5, 3), (m4, 4), (m5, 5)] {
            for s in Strategy::ALL {
                let inst = Instance::new("m", g.clone());
                let r = chromatic_number(
                    &inst,
                    &Config {
                        strategy: s,
                        tabu: false,
                        ..Config::default()
                    },
                    &mut |_| {},
                );
                assert!(r.proved, "{s}");
                assert_eq!(r.ub, chi, "{s}");
                assert_eq!(r.clique.len(), 2);
                assert_eq!(verify(&inst, Some(chi), &r.colouring), Ok(()));
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// The clause-learning phase alone, from the trivial bounds (1 and one colour per
        /// vertex), closes the gap at the brute-force χ with a proper χ-colouring.
        #[test]
        fn the_sat_phase_finds_chi_on_small_random_graphs(
            n in 1usize..=7,
            edges in proptest::collection::vec((0usize..7, 0usize..7), 0..21),
        ) {
            let g = Graph::from_edges(n, edges.into_iter().filter(|&(u, v)| u < n && v < n && u != v));
            let inst = Instance::new("random", g.clone());
            let chi = crate::graph::brute_chromatic(&g);
            let config = Config::default();
            let mut progress = |_: &Progress| {};
            let mut s = State::start(&inst, &config, &mut progress);
            s.lb = 1;
            s.ub = n as u32;
            s.best = Colouring { colours: (0..n as u32).collect() };
            s.sat(Instant::now() + Duration::from_secs(60));
            let (lb, ub, best) = (s.lb, s.ub, s.best);
            proptest::prop_assert_eq!((lb, ub), (chi, chi));
            proptest::prop_assert_eq!(verify(&inst, Some(chi), &best), Ok(()));
        }
    }

    #[test]
    fn a_wide_gap_below_extraction_size_goes_to_local_search_at_once() {
        // G(150, 1/2): a clique of about 8 and DSATUR's 20-odd colours, a formula beyond
        // SAT_LITERALS, no tight cliques and under PROBE_MIN_VERTICES. Neither the first
        // exact passes nor the longer Mycielskian bound come before local search (before, they
        // were skipped from 800 vertices only).
        let inst = Instance::new("g", crate::graph::random_half_graph(150, 1));
        let config = Config {
            time_limit: Some(Duration::from_millis(500)),
            ..Config::default()
        };
        let mut phases = Vec::new();
        let r = chromatic_number(&inst, &config, &mut |p| {
            phases.push((p.lb, p.ub, p.phase.clone()))
        });
        assert_eq!(verify(&inst, Some(r.ub), &r.colouring), Ok(()));
        let (lb, ub, _) = phases.first().expect("phases are reported").clone();
        assert!(ub >= lb + 3, "the bounds start {lb}..{ub}");
        assert!(crate::sat::formula_literals(&inst, ub - 1) > SAT_LITERALS);
        let local = phases
            .iter()
            .position(|(_, _, p)| p.starts_with("local search"))
            .expect("local search runs");
        let before: Vec<&str> = phases[..local].iter().map(|(_, _, p)| &p[..]).collect();
        assert_eq!(before, ["dsatur", "mycielski"], "{phases:?}");
    }

    #[test]
    fn huge_k_is_trivially_colourable() {
        let g = Graph::from_edges(3, [(0, 1), (1, 2)]);
        let inst = Instance {
            precoloured: vec![(0, 6)],
            ..Instance::new("p", g)
        };
        match k_colourable(
            &inst,
            u32::MAX,
            &[],
            Strategy::Dsatur,
            None,
            &mut Effort::default(),
        ) {
            KAnswer::Colourable(c) => assert_eq!(verify(&inst, None, &c), Ok(())),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn precolouring_is_respected() {
        let g = Graph::from_edges(3, [(0, 1), (1, 2)]);
        let inst = Instance {
            precoloured: vec![(0, 2)],
            ..Instance::new("p", g)
        };
        let r = chromatic_number(&inst, &Config::default(), &mut |_| {});
        assert!(r.proved);
        assert_eq!(r.ub, 3);
        assert_eq!(verify(&inst, None, &r.colouring), Ok(()));
        assert_eq!(
            k_colourable(
                &inst,
                2,
                &[],
                Strategy::Dsatur,
                None,
                &mut Effort::default()
            ),
            KAnswer::NotColourable
        );
    }
}
