//! The search's state, which every phase reads and tightens: the bounds and where they came
//! from, the best colouring, the clique, the edge clique cover (computed at most once), the
//! effort, the clock and the progress line.

use super::budget::{self, Budget, WIDE_GAP};
use super::{
    Chromatic, Config, Effort, Progress, SAT_LITERALS, Source, Strategy, TRANSVERSAL_ENTRIES,
    TRANSVERSAL_MAX_VERTICES, edge_clique_cover, exact, k_colourable, local,
};
use crate::clique::{greedy_clique, max_clique};
use crate::encode::{Colouring, KAnswer};
use crate::graph::{Graph, Instance};
use crate::heuristic::dsatur;
use crate::mycielski::mycielski_multistart;
use crate::transversal::Transversals;
use std::cell::OnceCell;
use std::time::{Duration, Instant};

/// Where the progress line goes.
pub(super) struct Reporter<'p> {
    start: Instant,
    progress: &'p mut dyn FnMut(&Progress),
}

impl Reporter<'_> {
    pub(super) fn report(&mut self, lb: u32, ub: u32, phase: String) {
        (self.progress)(&Progress {
            lb,
            ub,
            phase,
            elapsed: self.start.elapsed(),
        })
    }
}

/// A chromatic-number search under way.
pub(super) struct State<'a, 'p> {
    pub(super) inst: &'a Instance,
    pub(super) config: &'a Config,
    pub(super) budget: Budget,
    pub(super) lb: u32,
    pub(super) ub: u32,
    pub(super) lb_source: Source,
    pub(super) ub_source: Source,
    pub(super) best: Colouring,
    pub(super) clique: Vec<usize>,
    clique_exact: bool,
    /// The largest precolour plus one: no colouring has fewer colours.
    max_pre: u32,
    pub(super) effort: Effort,
    /// The edge clique cover, computed at most once (a quarter of a second on some large
    /// graphs) for the transversal cover and the tightness questions.
    cover: OnceCell<Vec<Vec<usize>>>,
    /// The clique partition found for a `k`, kept between transversal passes.
    partition: Option<(usize, Option<Vec<Vec<usize>>>)>,
    pub(super) reporter: Reporter<'p>,
}

impl<'a, 'p> State<'a, 'p> {
    /// The first bounds: a clique (greedy, then MCQ under a node budget) and DSATUR.
    pub(super) fn start(
        inst: &'a Instance,
        config: &'a Config,
        progress: &'p mut dyn FnMut(&Progress),
    ) -> Self {
        let budget = Budget::new(config.time_limit);
        let g = &inst.graph;
        let max_pre = inst
            .precoloured
            .iter()
            .map(|&(_, c)| c + 1)
            .max()
            .unwrap_or(0);
        let greedy = greedy_clique(g, 64);
        let node_budget = if g.len() <= budget::CLIQUE_LARGE_GRAPH {
            budget::CLIQUE_NODES
        } else {
            budget::CLIQUE_NODES_LARGE
        };
        let clique_cap = config.time_limit.map_or(budget::CLIQUE_CAP, |t| {
            (t / budget::CLIQUE_SHARE).min(budget::CLIQUE_CAP)
        });
        let (clique, clique_exact) =
            max_clique(g, &greedy, node_budget, Some(Instant::now() + clique_cap));
        let best = dsatur(g, &inst.precoloured);
        let mut s = State {
            inst,
            config,
            budget,
            lb: (clique.len() as u32).max(max_pre),
            ub: best.num_colours().max(max_pre),
            lb_source: Source::Clique,
            ub_source: Source::Dsatur,
            best,
            clique,
            clique_exact,
            max_pre,
            effort: Effort::default(),
            cover: OnceCell::new(),
            partition: None,
            reporter: Reporter {
                start: budget.start,
                progress,
            },
        };
        s.report("dsatur".into());
        s
    }

    pub(super) fn graph(&self) -> &'a Graph {
        &self.inst.graph
    }

    pub(super) fn report(&mut self, phase: String) {
        self.reporter.report(self.lb, self.ub, phase);
    }

    /// Whether the bounds are at least [`WIDE_GAP`] apart.
    pub(super) fn wide_gap(&self) -> bool {
        self.ub >= self.lb + WIDE_GAP
    }

    /// Whether the k-colouring formula for `ub − 1` is small enough for clause learning.
    pub(super) fn small(&self) -> bool {
        crate::sat::formula_literals(self.inst, self.ub - 1) <= SAT_LITERALS
    }

    /// Whether the edge clique cover's cliques fill half of the colours or more.
    pub(super) fn tight(&self) -> bool {
        exact::cliques_tight_with(self.graph(), self.clique.len(), self.ub, &self.cover)
    }

    /// The clique's colours fixed (which loses no colouring) and propagated: where a vertex
    /// is left without a colour, `k = lb` has no colouring. Not with a precolouring, whose
    /// colours have names of their own.
    pub(super) fn propagate_clique(&mut self) {
        while self.lb < self.ub
            && self.inst.precoloured.is_empty()
            && crate::heuristic::anchor(self.graph(), &self.clique, self.lb).is_none()
        {
            self.lb += 1;
            self.lb_source = Source::CliquePropagation;
        }
    }

    /// Mycielskian extensions of the clique, for at most `cap`.
    pub(super) fn mycielski(&mut self, cap: Duration) {
        if self.lb >= self.ub || self.clique.is_empty() {
            return;
        }
        self.report("mycielski".into());
        let cap = self.budget.left().map_or(cap, |left| cap.min(left));
        let (b, _) = mycielski_multistart(
            self.graph(),
            &self.clique,
            self.config.mycielski_budget,
            self.ub,
            Instant::now() + cap,
        );
        if b > self.lb {
            self.lb = b;
            self.lb_source = Source::Mycielski;
        }
    }

    /// The exact search, descending from `ub − 1` until `until`.
    pub(super) fn exact(&mut self, strategy: Strategy, until: Option<Instant>) {
        while self.lb < self.ub {
            let k = self.ub - 1;
            self.report(format!("exact {k}"));
            match k_colourable(
                self.inst,
                k,
                &self.clique,
                strategy,
                until,
                &mut self.effort,
            ) {
                KAnswer::Colourable(c) => {
                    self.best = c;
                    self.ub = self.best.num_colours().max(self.max_pre);
                    self.ub_source = Source::Exact;
                }
                KAnswer::NotColourable => {
                    self.lb = self.ub;
                    self.lb_source = Source::Exact;
                }
                KAnswer::Unknown => break,
            }
        }
    }

    /// Local search until `until` (see [`local::search`]); `config` may carry other seeds.
    pub(super) fn local_search(
        &mut self,
        config: &Config,
        hopeless: bool,
        timed: bool,
        until: Instant,
    ) {
        let State {
            inst,
            lb,
            ub,
            best,
            clique,
            reporter,
            ..
        } = self;
        let bounds = &mut (lb, ub, best);
        let report = &mut |l: u32, u: u32, p: String| reporter.report(l, u, p);
        if local::search(
            &inst.graph,
            bounds,
            clique,
            config,
            hopeless,
            timed,
            until,
            report,
        ) {
            self.ub_source = Source::LocalSearch;
        }
    }

    /// The transversal cover ([`crate::transversal`]) at `k = lb`, when the vertices split
    /// into cliques of `lb` (found among the edge clique cover's; so `lb` divides the number
    /// of vertices; not with a precolouring): a colouring proves `χ = lb`, a refutation
    /// raises the lower bound to `lb + 1`. Lists at most `max_sets` transversals (and at most
    /// [`TRANSVERSAL_ENTRIES`] vertex entries). Stops at `until`.
    pub(super) fn transversals(&mut self, max_sets: usize, seed: u64, until: Instant) {
        let g = self.graph();
        let n = g.len();
        let k = self.lb as usize;
        if self.lb >= self.ub
            || k < 2
            || n > TRANSVERSAL_MAX_VERTICES
            || !n.is_multiple_of(k)
            || !self.inst.precoloured.is_empty()
        {
            return;
        }
        // The partition for this k (found once) comes from the cover, and the cover search
        // counts on it.
        let cover = self
            .cover
            .get_or_init(|| edge_clique_cover(g, &vec![true; n]));
        if self.partition.as_ref().is_none_or(|(pk, _)| *pk != k) {
            self.partition = Some((
                k,
                crate::transversal::clique_partition(g, k, cover, 100_000),
            ));
        }
        let Some(parts) = self.partition.as_ref().and_then(|(_, p)| p.as_ref()) else {
            return;
        };
        self.reporter
            .report(self.lb, self.ub, format!("transversals {k}"));
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
                self.best = c;
                self.ub = self.best.num_colours().min(k as u32);
                self.ub_source = Source::Transversals;
            }
            Transversals::NotColourable => {
                self.lb = k as u32 + 1;
                self.lb_source = Source::Transversals;
            }
            Transversals::Unknown | Transversals::NoPartition => {}
        }
    }

    /// Clause learning: while `lb < ub` and the formula for `k = ub − 1` has at most
    /// [`SAT_LITERALS`] literals, decides k-colourability with batsat until `until`; a
    /// colouring lowers the upper bound, a refutation closes the gap.
    pub(super) fn sat(&mut self, until: Instant) {
        while self.lb < self.ub && self.small() && Instant::now() < until {
            let k = self.ub - 1;
            self.report(format!("sat {k}"));
            let (answer, stats) = crate::sat::k_colourable_until(self.inst, k, Some(until));
            self.effort.sat_searches += 1;
            self.effort.sat_conflicts += stats.conflicts;
            match answer {
                KAnswer::Colourable(c) => {
                    self.best = c;
                    self.ub = self.best.num_colours().max(self.max_pre).min(k);
                    self.ub_source = Source::Sat;
                }
                KAnswer::NotColourable => {
                    self.lb = self.ub;
                    self.lb_source = Source::Sat;
                }
                KAnswer::Unknown => break,
            }
        }
    }

    /// The answer.
    pub(super) fn finish(mut self) -> Chromatic {
        self.report("done".into());
        Chromatic {
            lb: self.lb,
            ub: self.ub,
            proved: self.lb == self.ub,
            colouring: self.best,
            clique: self.clique,
            clique_exact: self.clique_exact,
            ub_source: self.ub_source,
            lb_source: self.lb_source,
            effort: self.effort,
            elapsed: self.budget.start.elapsed(),
        }
    }
}
