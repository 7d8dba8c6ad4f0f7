//! k-colourability and the chromatic number with a proof of optimality.
//!
//! # How χ is bracketed and closed
//!
//! 1. **Lower bound**: a large clique (greedy from the highest-degree vertices, then
//!    Tomita's MCQ branch and bound under a node budget), raised by Mycielskian extensions
//!    ([`crate::mycielski`]), and the largest precolour. Where the vertices split into
//!    cliques of the lower bound's size, the transversal cover ([`crate::transversal`],
//!    after Vasquez 2004) decides that `k` by dancing links: a colouring or a proof that
//!    none exists (queen10_10 and queen11_11).
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
//!    most) comes first: the le450 graphs with χ = ω are proved within it.
//! 3. **Clause learning** on small graphs: the k-colouring formula ([`crate::sat`], Van
//!    Gelder 2008's direct encoding with a clique's colours fixed) through batsat's CDCL
//!    (conflict-driven clause learning, Marques-Silva & Sakallah 1996; the MiniSat/Glucose
//!    line), as gc-cdcl (Hebrard & Katsirelos 2020) adds learning to a colouring CP solver:
//!    it refutes the Insertions graphs that chronological search cannot.
//! 4. **Exact**: for `k = ub - 1` down to `lb`, decide k-colourability on the `csp-core`
//!    engine. Before search, vertices of degree `< k` are peeled off repeatedly (they can
//!    always be coloured afterwards), the clique is precoloured `0..q`, and colours are
//!    symmetric ([`csp_core::SearchConfig::symmetric_values`]: a vertex may open at most one
//!    new colour). A `k` without colouring proves `χ = k + 1`. Where the edge clique
//!    cover's cliques fill half of the colours ([`cliques_tight`]: geometric graphs such as
//!    DSJR500.5), the exact search on clique all-differents is a colouring method too and
//!    gets half of the time after local search.
//!
//! Branching is DSATUR's (saturation is the size of a colour domain under arc consistency, so
//! MRV; ties by degree among uncoloured vertices, [`VarOrder::MostConstrained`]), or dom/wdeg
//! with or without Luby restarts.

mod exact;
mod local;

pub use exact::{cliques_tight, edge_clique_cover, k_colourable, k_colourable_with};

use crate::clique::{greedy_clique, max_clique};
use crate::encode::Colouring;
use crate::graph::{Graph, Instance};
use crate::heuristic::dsatur;
use crate::mycielski::mycielski_multistart;
use crate::transversal::Transversals;
use csp_core::{
    AllDifferentStrength, Limits, Propagation, Restarts, SearchConfig, ValueOrder, VarOrder,
};
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

/// Records which bound an exact pass improved: `(improved the colouring, refuted a k)`.
fn credit_exact(outcome: (bool, bool), lb_source: &mut &'static str, ub_source: &mut &'static str) {
    if outcome.0 {
        *ub_source = "exact";
    }
    if outcome.1 {
        *lb_source = "exact";
    }
}

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
    /// Which step gave the upper bound: `dsatur`, `local search`, `transversals`, `sat` or
    /// `exact`.
    pub ub_source: &'static str,
    /// Which step gave the lower bound: `clique`, `clique propagation` (the clique's colours
    /// fixed and propagated: [`crate::heuristic::anchor`]), `mycielski`, `transversals`, `sat`
    /// or `exact`.
    pub lb_source: &'static str,
    /// Search effort of the exact phase.
    pub effort: Effort,
    /// Wall time.
    pub elapsed: Duration,
}

/// The chromatic number of `inst`'s graph (with its precolouring, if any), proved when the
/// time allows, else bracketed.
///
/// Phases: clique and DSATUR; a short Mycielskian bound (150 ms at most); on a graph of
/// [`PROBE_MIN_VERTICES`] or more whose bounds are three or more apart (without tight
/// cliques, and not one that goes straight to extraction, below), local search for a
/// sixtieth of the time (at most 1 s); a first exact pass
/// with a twentieth of the time (easy instances end here); with the portfolio, a pass with
/// restarts on another twentieth; a longer Mycielskian bound (a twentieth, at most 1 s) —
/// these three skipped where the bounds are three or more apart, beyond SAT and without
/// tight cliques; for a small graph (a formula of at most
/// [`SAT_LITERALS`] literals), SAT for 1 s; local search with three quarters of what is
/// left (a quarter on a small graph; half where the bounds are three or more apart and the
/// cliques tight; all but a fortieth where they are three or more apart otherwise on a
/// larger graph, which starts with independent-set extraction from 800 vertices); for a
/// small graph, SAT with half of the rest; the exact search with the rest (DSATUR alone,
/// with the portfolio, where the cliques are tight).
pub fn chromatic_number(
    inst: &Instance,
    config: &Config,
    progress: &mut dyn FnMut(&Progress),
) -> Chromatic {
    let start = Instant::now();
    let deadline = config.time_limit.map(|t| start + t);
    // A share of the time left (a fixed slice when there is no limit).
    let share = |fraction: u32, unlimited: Duration| -> Instant {
        match deadline {
            Some(d) => Instant::now() + d.saturating_duration_since(Instant::now()) / fraction,
            None => Instant::now() + unlimited,
        }
    };
    let g: &Graph = &inst.graph;
    let n = g.len();
    let mut report = |lb: u32, ub: u32, phase: String| {
        progress(&Progress {
            lb,
            ub,
            phase,
            elapsed: start.elapsed(),
        })
    };
    let max_pre = inst
        .precoloured
        .iter()
        .map(|&(_, c)| c + 1)
        .max()
        .unwrap_or(0);
    // Lower bound: a clique.
    let greedy = greedy_clique(g, 64);
    let node_budget = if n <= 1000 { 200_000 } else { 20_000 };
    let clique_cap = config.time_limit.map_or(Duration::from_secs(2), |t| {
        (t / 20).min(Duration::from_secs(2))
    });
    let (clique, clique_exact) =
        max_clique(g, &greedy, node_budget, Some(Instant::now() + clique_cap));
    let mut lb = (clique.len() as u32).max(max_pre);
    let mut lb_source = "clique";
    // Upper bound: DSATUR.
    let mut best = dsatur(g, &inst.precoloured);
    let mut ub = best.num_colours().max(max_pre);
    let mut ub_source = "dsatur";
    report(lb, ub, "dsatur".into());
    // The clique's colours fixed (which loses no colouring) and propagated: where a vertex is
    // left without a colour, `k = lb` has no colouring. It raises DSJC250.9's bound from 42 to
    // 43 and flat300_20_0's from 11 to 12, in `O(n·k + m)`. Not with a precolouring, whose
    // colours have names of their own.
    while lb < ub
        && inst.precoloured.is_empty()
        && crate::heuristic::anchor(g, &clique, lb).is_none()
    {
        lb += 1;
        lb_source = "clique propagation";
    }
    // Mycielskian extensions may raise the lower bound: a short try now, a longer one if the
    // first exact pass does not settle the instance.
    let mycielski =
        |lb: &mut u32, ub: u32, cap: Duration, report: &mut dyn FnMut(u32, u32, String)| -> bool {
            if *lb >= ub || clique.is_empty() {
                return false;
            }
            report(*lb, ub, "mycielski".into());
            let cap = deadline.map_or(cap, |d| {
                cap.min(d.saturating_duration_since(Instant::now()))
            });
            let (b, _) = mycielski_multistart(
                g,
                &clique,
                config.mycielski_budget,
                ub,
                Instant::now() + cap,
            );
            let raised = b > *lb;
            *lb = (*lb).max(b);
            raised
        };
    if mycielski(&mut lb, ub, Duration::from_millis(150), &mut report) {
        lb_source = "mycielski";
    }
    // Where the vertices split into cliques of the lower bound's size, the transversal
    // cover decides that k: queen10_10 has no 10-colouring (18 ms, 724 transversals) and
    // queen11_11 an 11-colouring (6 ms, 2,680), where the exact search and clause learning
    // settle neither in 60 s. A quick try first, of 20,000 transversals at most, so that
    // the easy graphs with many (queen8_12, which the exact search colours in 0.15 s) lose
    // little; a longer one before the local search.
    // The edge clique cover, computed at most once (a quarter of a second on some large
    // graphs) for the transversal cover and the tightness questions below.
    let cover = std::cell::OnceCell::new();
    let mut partition = None;
    transversal_pass(
        inst,
        &mut (&mut lb, &mut ub, &mut best),
        (&mut lb_source, &mut ub_source),
        &cover,
        &mut partition,
        TRANSVERSAL_QUICK,
        config.seed,
        share(20, Duration::from_secs(1)),
        &mut report,
    );
    // A gap of three colours or more that clause learning cannot take on and tight cliques
    // cannot close is left to local search at once: the exact passes and the longer
    // Mycielskian bound settle nothing there. They took 6 s of DSJC1000.5's 60 and 7 s of
    // flat300_28_0's, DSJC250.5's and flat300_20_0's (whose 20 colours local search then
    // finds at once); skipping them lost no proof of the bench (57 either way).
    let large_gap = ub >= lb + 3
        && crate::sat::formula_literals(inst, ub - 1) > SAT_LITERALS
        && !exact::cliques_tight_with(g, clique.len(), ub, &cover);
    let mut effort = Effort::default();
    // The exact search, descending from ub - 1 until `until`.
    // Returns whether it improved the colouring and whether it refuted a k.
    let exact = |lb: &mut u32,
                 ub: &mut u32,
                 best: &mut Colouring,
                 strategy: Strategy,
                 until: Option<Instant>,
                 effort: &mut Effort,
                 report: &mut dyn FnMut(u32, u32, String)|
     -> (bool, bool) {
        let (mut improved, mut refuted) = (false, false);
        while *lb < *ub {
            let k = *ub - 1;
            report(*lb, *ub, format!("exact {k}"));
            match k_colourable(inst, k, &clique, strategy, until, effort) {
                KAnswer::Colourable(c) => {
                    *best = c;
                    *ub = best.num_colours().max(max_pre);
                    improved = true;
                }
                KAnswer::NotColourable => {
                    *lb = *ub;
                    refuted = true;
                }
                KAnswer::Unknown => break,
            }
        }
        (improved, refuted)
    };
    // On larger graphs with a gap of three colours or more (not those that go straight to
    // extraction), a second of local search comes first, with seeds of its own (the whole
    // local search, PartialCol at the lower bound included): le450_5a, le450_5d, le450_15c
    // and le450_15d are coloured with χ = ω within it. It came before the exact passes, which
    // spent 3 to 7 s before the local search proved them; now that a wide gap skips those,
    // it is a short first run before the long one: without it, le450_15c and le450_15d took
    // 0.6 s and 2.5 s at the bench's seed instead of 0.45 s and 0.55 s (a matter of seeds:
    // PartialCol's first run succeeds within 2.1 s on twelve). Graphs whose cliques are
    // tight are left to the schedule below (DSJR500.5's exact search).
    if lb + 3 <= ub
        && n >= PROBE_MIN_VERTICES
        && !local::starts_with_extraction(n, large_gap)
        && deadline.is_some()
        && config.tabu
        && inst.precoloured.is_empty()
        && !exact::cliques_tight_with(g, clique.len(), ub, &cover)
    {
        let until = share(60, Duration::ZERO).min(Instant::now() + Duration::from_secs(1));
        let bounds = &mut (&mut lb, &mut ub, &mut best);
        // Seeds of its own, so that the local search after it does not replay
        // its PartialCol runs from the same colouring.
        let probe = Config {
            seed: config.seed.wrapping_add(PROBE_SEEDS),
            ..config.clone()
        };
        if local::search(g, bounds, &clique, &probe, false, true, until, &mut report) {
            ub_source = "local search";
        }
    }
    // A first, short exact pass: the easy instances end here.
    if lb < ub && !large_gap {
        let until = share(20, Duration::from_secs(1));
        let first = match config.strategy {
            Strategy::Portfolio => Strategy::Dsatur,
            s => s,
        };
        let outcome = exact(
            &mut lb,
            &mut ub,
            &mut best,
            first,
            Some(until),
            &mut effort,
            &mut report,
        );
        credit_exact(outcome, &mut lb_source, &mut ub_source);
    }
    // With the portfolio, a second short pass with restarts: they find the colourings that
    // DSATUR's first choices miss (r250.5: χ = ω = 65 in under a second).
    if lb < ub && !large_gap && config.strategy == Strategy::Portfolio {
        let until = share(20, Duration::from_secs(1));
        let outcome = exact(
            &mut lb,
            &mut ub,
            &mut best,
            Strategy::DomWDegRestarts,
            Some(until),
            &mut effort,
            &mut report,
        );
        credit_exact(outcome, &mut lb_source, &mut ub_source);
    }
    let long = config.time_limit.map_or(Duration::from_secs(1), |t| {
        (t / 20).min(Duration::from_secs(1))
    });
    if !large_gap && mycielski(&mut lb, ub, long, &mut report) {
        lb_source = "mycielski";
    }
    // A first, short try of clause learning on small formulas (1 s at most): it refutes
    // 4-Insertions_3's k = 3 in 0.05 s, where local search would spend its time on a k that
    // has no colouring.
    sat_pass(
        inst,
        &mut (&mut lb, &mut ub, &mut best),
        (&mut lb_source, &mut ub_source),
        max_pre,
        share(60, Duration::from_secs(1)).min(Instant::now() + Duration::from_secs(1)),
        &mut effort,
        &mut report,
    );
    // Where the clique all-differents are tight, the exact search colours too, even with
    // the bounds three or more apart: DSJR500.5 (ω = 122, local search stalls at 125) takes
    // 124 colours in 4 s and 123 in 11 s by DSATUR on them, where local search finds neither
    // in 60 s. (The cover is computed only for such a gap: r250.1c's takes 0.6 s.)
    let small = lb < ub && crate::sat::formula_literals(inst, ub - 1) <= SAT_LITERALS;
    let tight = ub >= lb + 3 && !small && exact::cliques_tight_with(g, clique.len(), ub, &cover);
    // The transversal cover again, without the quick try's cap, for a third of the time (its
    // cover search restarts from another seed): queen12_12 is proved with seeds 1–10 in
    // 0.24–8.3 s (7 within 3 s), where local search, the exact search and clause learning
    // find no 12-colouring in 60 s; a third rather than a twentieth leaves room for slower
    // seeds and larger boards.
    transversal_pass(
        inst,
        &mut (&mut lb, &mut ub, &mut best),
        (&mut lb_source, &mut ub_source),
        &cover,
        &mut partition,
        usize::MAX,
        config.seed.wrapping_add(1 << 32),
        share(3, Duration::from_secs(10)),
        &mut report,
    );
    // Local search lowers the upper bound: with a time limit it gets three quarters of what
    // is left (the exact search has had its easy chance), without one an iteration budget.
    if lb < ub && config.tabu && inst.precoloured.is_empty() {
        // A gap of three or more colours is beyond what the exact search closes in the rest
        // of the time (it would have to colour and then refute): the local search keeps
        // nearly all of it (DSJC500.5: 13 ≤ χ, DSATUR 58). On a graph small enough for clause
        // learning, the local search gets a quarter only: such a graph is coloured in
        // seconds if at all, and clause learning refutes its gaps with the time saved
        // (1-Insertions_4: 2 ≤ χ ≤ 5; SAT refutes 4 colours in 4.5 s, and the proof came at
        // 51 s, or not at all, when the local search kept three quarters). Where the clique
        // all-differents are tight, the exact search gets half.
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let hopeless = ub >= lb + 3 && !small && !tight;
        let until = match left {
            Some(t) if small => Instant::now() + t / 4,
            Some(t) if tight => Instant::now() + t / 2,
            Some(t) if hopeless => Instant::now() + t * 39 / 40,
            Some(t) => Instant::now() + t * 3 / 4,
            None => Instant::now() + Duration::from_secs(3600),
        };
        let bounds = &mut (&mut lb, &mut ub, &mut best);
        if local::search(
            g,
            bounds,
            &clique,
            config,
            hopeless,
            deadline.is_some(),
            until,
            &mut report,
        ) {
            ub_source = "local search";
        }
    }
    // Clause learning on small formulas: the rest of the time (half of it) after local search.
    let sat_until = match deadline {
        Some(d) => Instant::now() + d.saturating_duration_since(Instant::now()) / 2,
        None => Instant::now() + Duration::from_secs(60),
    };
    sat_pass(
        inst,
        &mut (&mut lb, &mut ub, &mut best),
        (&mut lb_source, &mut ub_source),
        max_pre,
        sat_until,
        &mut effort,
        &mut report,
    );
    // The exact search with the rest of the time; where the clique all-differents are tight,
    // the portfolio's restarts (on the `≠` model, without them) are skipped.
    if lb < ub {
        let strategy = match config.strategy {
            Strategy::Portfolio if tight => Strategy::Dsatur,
            s => s,
        };
        let outcome = exact(
            &mut lb,
            &mut ub,
            &mut best,
            strategy,
            deadline,
            &mut effort,
            &mut report,
        );
        credit_exact(outcome, &mut lb_source, &mut ub_source);
    }
    report(lb, ub, "done".into());
    Chromatic {
        lb,
        ub,
        proved: lb == ub,
        colouring: best,
        clique,
        clique_exact,
        ub_source,
        lb_source,
        effort,
        elapsed: start.elapsed(),
    }
}

/// The bounds a phase may tighten: lower bound, upper bound, best colouring.
type Bounds<'a> = (&'a mut u32, &'a mut u32, &'a mut Colouring);

/// The most vertices for which [`chromatic_number`] tries the transversal cover
/// ([`crate::transversal`]): the edge clique cover it starts from takes 0.2 s on DSJC1000.5.
pub const TRANSVERSAL_MAX_VERTICES: usize = 1000;

/// The most vertex entries in the transversals [`transversal_pass`] lists (sets × their
/// size): 2,000,000 keeps the list and its dancing links under 100 MB.
const TRANSVERSAL_ENTRIES: usize = 2_000_000;

/// The most transversals [`transversal_pass`]'s first, quick try lists: queen8_12 has more
/// and was coloured by the exact search in 0.151 s, 0.154 s with this try (0.23–0.26 s when
/// it listed them all and took 80 ms to colour it that way).
const TRANSVERSAL_QUICK: usize = 20_000;

/// The transversal cover ([`crate::transversal`]) at `k = lb`, when the vertices split into
/// cliques of `lb` (found among the edge clique cover's, `cover`, computed at most once;
/// so `lb` divides the number of
/// vertices; not with a precolouring; `partition` keeps the partition found for a `k`
/// between calls): a colouring proves `χ = lb`, a refutation raises the
/// lower bound to `lb + 1`. Lists at most `max_sets` transversals (and at most
/// [`TRANSVERSAL_ENTRIES`] vertex entries). Stops at `until`. The bound it moves takes
/// `transversals` as its source.
#[allow(
    clippy::too_many_arguments,
    reason = "the search's state, passed by piece"
)]
fn transversal_pass(
    inst: &Instance,
    (lb, ub, best): &mut Bounds<'_>,
    (lb_source, ub_source): (&mut &'static str, &mut &'static str),
    cover: &std::cell::OnceCell<Vec<Vec<usize>>>,
    partition: &mut Option<(usize, Option<Vec<Vec<usize>>>)>,
    max_sets: usize,
    seed: u64,
    until: Instant,
    report: &mut dyn FnMut(u32, u32, String),
) {
    let g = &inst.graph;
    let n = g.len();
    let k = **lb as usize;
    if **lb >= **ub
        || k < 2
        || n > TRANSVERSAL_MAX_VERTICES
        || !n.is_multiple_of(k)
        || !inst.precoloured.is_empty()
    {
        return;
    }
    // The edge clique cover, shared with the tightness question (it costs up to 0.2 s): the
    // partition for this k (found once) comes from it, and the cover search counts on it.
    let cover = cover.get_or_init(|| edge_clique_cover(g, &vec![true; n]));
    if partition.as_ref().is_none_or(|(pk, _)| *pk != k) {
        *partition = Some((
            k,
            crate::transversal::clique_partition(g, k, cover, 100_000),
        ));
    }
    let Some(parts) = partition.as_ref().and_then(|(_, p)| p.as_ref()) else {
        return;
    };
    report(**lb, **ub, format!("transversals {k}"));
    let max_sets = max_sets.min(TRANSVERSAL_ENTRIES / parts.len().max(1));
    match crate::transversal::k_colour_by_transversals(
        g,
        k,
        parts,
        cover,
        max_sets,
        seed,
        Some(until),
    ) {
        Transversals::Colourable(c) => {
            **best = c;
            **ub = best.num_colours().min(k as u32);
            *ub_source = "transversals";
        }
        Transversals::NotColourable => {
            **lb = k as u32 + 1;
            *lb_source = "transversals";
        }
        Transversals::Unknown | Transversals::NoPartition => {}
    }
}

/// Clause learning: while `lb < ub` and the formula for `k = ub - 1` has at most
/// [`SAT_LITERALS`] literals, decides k-colourability with batsat until `until`; a colouring
/// lowers the upper bound, a refutation closes the gap.
fn sat_pass(
    inst: &Instance,
    (lb, ub, best): &mut Bounds<'_>,
    (lb_source, ub_source): (&mut &'static str, &mut &'static str),
    max_pre: u32,
    until: Instant,
    effort: &mut Effort,
    report: &mut dyn FnMut(u32, u32, String),
) {
    while **lb < **ub
        && crate::sat::formula_literals(inst, **ub - 1) <= SAT_LITERALS
        && Instant::now() < until
    {
        let k = **ub - 1;
        report(**lb, **ub, format!("sat {k}"));
        let (answer, stats) = crate::sat::k_colourable_until(inst, k, Some(until));
        effort.sat_searches += 1;
        effort.sat_conflicts += stats.conflicts;
        match answer {
            KAnswer::Colourable(c) => {
                **best = c;
                **ub = best.num_colours().max(max_pre).min(k);
                *ub_source = "sat";
            }
            KAnswer::NotColourable => {
                **lb = **ub;
                *lb_source = "sat";
            }
            KAnswer::Unknown => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::verify;

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
        assert_eq!((r.lb, r.lb_source), (4, "clique propagation"));
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
            assert_eq!(from, "transversals", "n = {n}");
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
            let (mut lb, mut ub) = (1, n as u32);
            let mut best = Colouring { colours: (0..n as u32).collect() };
            let (mut lb_source, mut ub_source) = ("", "");
            sat_pass(
                &inst,
                &mut (&mut lb, &mut ub, &mut best),
                (&mut lb_source, &mut ub_source),
                0,
                Instant::now() + Duration::from_secs(60),
                &mut Effort::default(),
                &mut |_, _, _| {},
            );
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
