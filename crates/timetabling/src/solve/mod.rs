//! Solving: a first timetable from the engine, then the soft cost down: branch and bound on
//! the engine with a lower bound (small instances; "optimal" when it finishes), and an anytime
//! local search on complete valid timetables (moves and swaps, priced by re-evaluating only
//! the requirement units the moved occurrences belong to, with simulated annealing).
//!
//! The pipeline ([`solve`]) is a list of phases, each with its share of the time
//! (`budget.rs`): the first timetable, then, by the instance's size, Kempe-chain annealing
//! (slot assignments), the local search, large neighbourhood search and branch and bound.

mod budget;
mod lns;
mod local;
mod moves;
mod phase;

pub use budget::LNS_LIMIT;
pub use local::LocalSearch;
pub use phase::Phase;

use crate::answer::{Placement, Timetable};
use crate::check::{Unit, cost, units};
use crate::encode::{EncodeError, Encoding, LowerBoundCut, TooLarge, decode, encode_full};
use crate::instance::{Instance, Requirement};
use budget::Size;
use csp_core::{LimitReached, Limits, Outcome, Search, SearchConfig, VarOrder};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What to solve with.
#[derive(Debug, Clone)]
pub struct Config {
    /// Stop by then (the best timetable found is returned).
    pub deadline: Option<Instant>,
    /// At most this many search nodes for the first timetable.
    pub node_limit: Option<u64>,
    /// Seed of the engine's tie-breaks and the local search.
    pub seed: u64,
    /// Occurrences fixed to placements (pinned), by occurrence index.
    pub pins: Vec<(usize, Placement)>,
    /// Branch and bound is tried on instances of at most this many occurrences.
    pub exact_limit: usize,
    /// Stop looking for a better timetable (only the first one is wanted).
    pub first_only: bool,
    /// The engine's variable order.
    pub var_order: VarOrder,
    /// The engine's propagation level.
    pub propagation: csp_core::PropagationLevel,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            deadline: None,
            node_limit: None,
            seed: 1,
            pins: Vec::new(),
            exact_limit: 60,
            first_only: false,
            var_order: VarOrder::DomOverWDeg,
            propagation: csp_core::PropagationLevel::Matching,
        }
    }
}

/// How a solve ended, in the toolkit's one vocabulary: `optimal` (the least cost, proved by
/// an exhausted branch and bound), `satisfiable` (a valid timetable; a cheaper one may
/// exist), `unsatisfiable` (proved: none exists) or `unknown` (a limit came before any).
pub use csp_model::Status;

/// The answer of [`solve`].
#[derive(Debug, Clone)]
#[must_use]
pub struct Report {
    /// How it ended.
    pub status: Status,
    /// The best timetable found.
    pub timetable: Option<Timetable>,
    /// Its soft cost.
    pub cost: Option<u64>,
    /// Time to the first timetable.
    pub first: Option<Duration>,
    /// Engine nodes (first timetable and branch and bound).
    pub nodes: u64,
    /// Local search moves tried and accepted.
    pub moves: (u64, u64),
    /// The cost of each improvement, with the time it was found.
    pub trace: Vec<(Duration, u64)>,
    /// What stopped it early, if something did.
    pub limit: Option<LimitReached>,
    /// The phases that ran, in order.
    pub phases: Vec<Phase>,
}

impl Report {
    /// An answer without a timetable and without search: `status`, stopped by `limit`.
    fn without_timetable(status: Status, limit: Option<LimitReached>) -> Report {
        Report {
            status,
            timetable: None,
            cost: None,
            first: None,
            nodes: 0,
            moves: (0, 0),
            trace: Vec::new(),
            limit,
            phases: Vec::new(),
        }
    }
}

/// A progress event.
#[derive(Debug, Clone, Copy)]
pub enum Progress<'a> {
    /// A better timetable, with its cost (where the search has no timetable at hand: the
    /// Kempe-chain annealer works on slots alone).
    Improved(u64),
    /// A better timetable and its cost (what a caller shows the cost breakdown of).
    Better(u64, &'a Timetable),
}

impl Progress<'_> {
    /// The better timetable's cost.
    pub fn cost(&self) -> u64 {
        match *self {
            Progress::Improved(c) | Progress::Better(c, _) => c,
        }
    }
}

pub(super) fn engine_config(cfg: &Config, restarts: bool) -> SearchConfig {
    SearchConfig {
        var_order: cfg.var_order,
        seed: cfg.seed,
        restarts: restarts.then(csp_core::Restarts::default),
        limits: Limits {
            deadline: cfg.deadline,
            nodes: cfg.node_limit,
            ..Limits::default()
        },
        ..SearchConfig::default()
    }
}

/// Solves `inst`: a first timetable, then as cheap a one as time allows. The timetable
/// returned lists each event's occurrences in order of start (pinned ones where pinned).
/// An instance past the engine's caps is refused ([`TooLarge`]), never solved as another.
pub fn solve(
    inst: &Arc<Instance>,
    cfg: &Config,
    on: &mut dyn FnMut(Progress<'_>),
) -> Result<Report, TooLarge> {
    let mut r = solve_inner(inst, cfg, on)?;
    let pinned: HashSet<usize> = cfg
        .pins
        .iter()
        .map(|&(o, _)| inst.occurrences[o].event)
        .collect();
    r.timetable = r.timetable.map(|tt| canonical(inst, &pinned, &tt));
    Ok(r)
}

/// The same timetable with each event's occurrences in the engine's order: the ones at its
/// fixed slots first (in slot order), then the others by start. Validity and cost do not
/// change (the requirements treat an event's occurrences alike, `same_slot` pairs them by
/// this order).
/// The events in `except` (with pinned occurrences) are left as they are.
pub fn canonical(inst: &Instance, except: &HashSet<usize>, tt: &Timetable) -> Timetable {
    let mut out = tt.clone();
    if tt.placements.len() != inst.occurrences.len() {
        return out;
    }
    for (e, ev) in inst.events.iter().enumerate() {
        if except.contains(&e) {
            continue;
        }
        let mut rest: Vec<Placement> = tt.placements[ev.first..ev.first + ev.count].to_vec();
        let mut fixed = ev.fixed.clone();
        fixed.sort_unstable();
        let mut ordered = Vec::with_capacity(ev.count);
        for f in fixed {
            if let Some(i) = rest.iter().position(|p| p.start == f) {
                ordered.push(rest.remove(i));
            }
        }
        rest.sort_by_key(|p| (p.start, p.room));
        ordered.extend(rest);
        out.placements[ev.first..ev.first + ev.count].copy_from_slice(&ordered);
    }
    out
}

/// What stopped a run early: a stop request or the time limit.
fn stop_reason() -> LimitReached {
    if csp_core::termination::stop_requested() {
        LimitReached::Interrupted
    } else {
        LimitReached::Time
    }
}

/// The phases, in order; each returns early when the cost reaches 0 or its answer is final.
fn solve_inner(
    inst: &Arc<Instance>,
    cfg: &Config,
    on: &mut dyn FnMut(Progress<'_>),
) -> Result<Report, TooLarge> {
    // The readers refuse weights past the cost ceiling; an instance built in code (a `--from`
    // requirement with its move cost) is checked here, once.
    crate::check::cost_bound(inst)
        .map_err(|i| TooLarge(crate::check::cost_bound_message(inst, i)))?;
    let mut run = Run {
        inst,
        cfg,
        t0: Instant::now(),
        on,
        report: Report::without_timetable(Status::Unknown, None),
        // Events with pinned occurrences are not put in order (a pin names its occurrence).
        pinned: cfg
            .pins
            .iter()
            .map(|&(o, _)| inst.occurrences[o].event)
            .collect(),
    };
    // Small sessions keep the engine's path, which can prove a timetable optimal.
    let size = Size::of(inst.occurrences.len(), cfg.exact_limit);
    if size != Size::Small && cfg.pins.is_empty() && run.constructed() {
        return Ok(run.report);
    }
    let enc = match encode_full(inst, &HashSet::new(), &run.pinned, cfg.deadline) {
        Ok(enc) => enc,
        Err(EncodeError::Stopped) => {
            return Ok(Report::without_timetable(
                Status::Unknown,
                Some(stop_reason()),
            ));
        }
        Err(EncodeError::TooLarge(e)) => return Err(e),
    };
    // A pin outside its occurrence's possible placements (a blocked or unavailable slot, a
    // room the event cannot use, an event fixed elsewhere) is kept by no timetable: say so,
    // rather than solve without it.
    if enc.pins(&cfg.pins).len() != cfg.pins.len() {
        return Ok(Report::without_timetable(Status::Unsatisfiable, None));
    }
    if !run.first_timetable(&enc) || cfg.first_only {
        return Ok(run.report);
    }
    if size != Size::Small && cfg.pins.is_empty() && (run.kempe() || run.courses()) {
        return Ok(run.report);
    }
    if run.local_search(&enc, size) {
        return Ok(run.report);
    }
    run.with_the_engine(size);
    Ok(run.report)
}

/// A solve under way: the report it fills and whom it tells of progress.
struct Run<'a, 'f> {
    inst: &'a Arc<Instance>,
    cfg: &'a Config,
    t0: Instant,
    on: &'f mut dyn FnMut(Progress<'_>),
    report: Report,
    /// Events with pinned occurrences.
    pinned: HashSet<usize>,
}

impl Run<'_, '_> {
    /// The best cost so far.
    fn best(&self) -> u64 {
        self.report.cost.unwrap_or(u64::MAX)
    }

    /// Records a better timetable.
    fn improved(&mut self, c: u64, tt: Timetable) {
        self.report.trace.push((self.t0.elapsed(), c));
        self.report.cost = Some(c);
        let tt = self.report.timetable.insert(tt);
        (self.on)(Progress::Better(c, tt));
    }

    /// The engine's first timetable: the smallest start first (it packs school weeks well);
    /// when that has not succeeded within a budget of nodes, random values with restarts
    /// (tight instances such as ITC 2007 comp05, where packing early slots leads nowhere).
    /// Whether there is one to improve (false when the answer is final).
    fn first_timetable(&mut self, enc: &Encoding) -> bool {
        self.report.phases.push(Phase::Engine);
        let cfg = self.cfg;
        let budget = budget::first_nodes(self.inst.occurrences.len());
        let mut first_cfg = engine_config(cfg, true);
        first_cfg.limits.nodes = Some(cfg.node_limit.map_or(budget, |n| n.min(budget)));
        let mut search = Search::new(&enc.model, first_cfg);
        search.reset(&enc.pins(&cfg.pins));
        let mut outcome = search.solve();
        let mut nodes = search.stats().nodes;
        if matches!(outcome, Outcome::Unknown(_))
            && search.limit_reached() == Some(csp_core::LimitReached::Nodes)
            && cfg.node_limit.is_none_or(|n| n > budget)
        {
            let mut second = engine_config(cfg, true);
            second.value_order = csp_core::ValueOrder::InDomainRandom;
            second.limits.nodes = cfg.node_limit.map(|n| n - nodes);
            let mut search = Search::new(&enc.model, second);
            search.reset(&enc.pins(&cfg.pins));
            outcome = search.solve();
            nodes += search.stats().nodes;
        }
        self.report.nodes = nodes;
        let first = match outcome {
            Outcome::Satisfiable(sol) => decode(enc, &sol),
            Outcome::Unsatisfiable => {
                // With pins, unsatisfiable means "not with these pins".
                self.report.status = Status::Unsatisfiable;
                return false;
            }
            Outcome::Unknown(l) => {
                self.report.limit = Some(l);
                return false;
            }
        };
        self.first_found(first)
    }

    /// Records the first timetable; whether there is cost left to improve.
    fn first_found(&mut self, first: Timetable) -> bool {
        self.report.first = Some(self.t0.elapsed());
        self.report.status = Status::Satisfiable;
        let c = cost(self.inst, &first).total;
        self.improved(c, first);
        if c == 0 {
            self.report.status = Status::Optimal;
        }
        c != 0
    }

    /// Exam sessions with rooms, beyond the small ones: a first timetable built without the
    /// engine (whose model of a large session is too slow to search), then Kempe-chain
    /// annealing. Whether it applied (false: the engine takes over).
    fn constructed(&mut self) -> bool {
        let inst = self.inst;
        if inst.style != crate::instance::Style::Exam {
            return false;
        }
        let Some(m) = crate::kempe::SlotModel::new(inst).filter(|m| m.with_rooms()) else {
            return false;
        };
        // Listed even when it gives up: it ran, and took time from the engine after it.
        self.report.phases.push(Phase::Construction);
        let Some(t) = m.construct(self.cfg.seed, budget::construct_deadline(self.cfg.deadline))
        else {
            return false;
        };
        if self.first_found(m.timetable(&t)) && !self.cfg.first_only {
            self.anneal_slots(&m, &t);
        }
        true
    }

    /// Slot assignments (exam sessions without rooms): Kempe-chain annealing, to the end.
    /// Whether it applied.
    fn kempe(&mut self) -> bool {
        let inst = self.inst;
        let start: Vec<usize> = self
            .report
            .timetable
            .as_ref()
            .map(|tt| tt.placements.iter().map(|p| p.start).collect())
            .unwrap_or_default();
        let Some(m) = crate::kempe::SlotModel::new(inst).filter(|m| m.valid(&start)) else {
            return false;
        };
        self.anneal_slots(&m, &start);
        true
    }

    /// Kempe-chain annealing of the slots `start` of model `m`, to the end.
    fn anneal_slots(&mut self, m: &crate::kempe::SlotModel, start: &[usize]) {
        self.report.phases.push(Phase::SlotAnnealing);
        let deadline = budget::kempe_deadline(self.cfg.deadline);
        let mut stats = crate::anneal::Stats::default();
        let (t0, report, on) = (self.t0, &mut self.report, &mut self.on);
        let best = crate::kempe::anneal(m, start, self.cfg.seed, deadline, &mut stats, &mut |c| {
            report.trace.push((t0.elapsed(), c));
            on(Progress::Improved(c));
        });
        self.annealed(m.timetable(&best), &stats);
    }

    /// Course timetables of one-period lectures priced as the course model prices them
    /// (ITC 2007 track 3): the course annealer, to the end. Whether it applied.
    fn courses(&mut self) -> bool {
        let Some(m) = crate::course::CourseModel::new(self.inst) else {
            return false;
        };
        let Some(start) = self.report.timetable.as_ref().and_then(|tt| m.state_of(tt)) else {
            return false;
        };
        self.report.phases.push(Phase::CourseAnnealing);
        let deadline = budget::course_deadline(self.cfg.deadline);
        let mut stats = crate::anneal::Stats::default();
        let (t0, report, on) = (self.t0, &mut self.report, &mut self.on);
        let best =
            crate::course::anneal(&m, &start, self.cfg.seed, deadline, &mut stats, &mut |c| {
                report.trace.push((t0.elapsed(), c));
                on(Progress::Improved(c));
            });
        self.annealed(m.timetable(&best), &stats);
        true
    }

    /// Records the timetable an annealer ended with, as the answer.
    fn annealed(&mut self, tt: Timetable, stats: &crate::anneal::Stats) {
        let c = cost(self.inst, &tt).total;
        self.report.moves = (stats.tried, stats.accepted);
        self.report.cost = Some(c);
        self.report.timetable = Some(tt);
        if c == 0 {
            self.report.status = Status::Optimal;
        } else {
            self.report.limit = self.stopped_by();
        }
    }

    /// The local search (first: on small instances it gives branch and bound a good bound).
    /// Whether the answer is final (cost 0).
    fn local_search(&mut self, enc: &Encoding, size: Size) -> bool {
        self.report.phases.push(Phase::LocalSearch);
        let tt = self
            .report
            .timetable
            .clone()
            .unwrap_or(Timetable { placements: vec![] });
        let mut ls = LocalSearch::new(self.inst, enc, tt, &self.cfg.pins, self.cfg.seed);
        ls.patience = (size == Size::Small).then_some(budget::SMALL_PATIENCE);
        let deadline = budget::local_search_deadline(size, self.cfg.deadline);
        ls.run(Some(deadline), &mut |c, tt| {
            if c < self.best() {
                self.improved(c, tt.clone());
            }
        });
        self.report.moves = (ls.tried, ls.accepted);
        if self.best() == 0 {
            self.report.status = Status::Optimal;
            return true;
        }
        false
    }

    /// The engine again, with the cost cut: large neighbourhood search (small and medium
    /// instances), then branch and bound (small ones) to a proof.
    fn with_the_engine(&mut self, size: Size) {
        let (inst, cfg) = (self.inst, self.cfg);
        let limit = Arc::new(AtomicU64::new(self.best()));
        // The same instance encoded once already: only the deadline can stop it now.
        let enc = match size {
            Size::Small | Size::Medium => {
                encode_full(inst, &HashSet::new(), &self.pinned, cfg.deadline).ok()
            }
            Size::Large => None,
        };
        let Some(mut enc) = enc else {
            self.report.limit = self.stopped_by();
            return;
        };
        let soft: Vec<(Requirement, Unit)> = inst
            .soft
            .iter()
            .enumerate()
            .flat_map(|(i, r)| units(inst, r, i).into_iter().map(move |u| (r.clone(), u)))
            .collect();
        let cut = LowerBoundCut::new(inst, &enc.place, &enc.start, soft, Arc::clone(&limit));
        let _ = enc.model.post(cut);
        if self.lns(&enc, size, &limit) {
            return;
        }
        if size == Size::Small {
            self.branch_and_bound(&enc, &limit);
        } else {
            self.report.limit = self.stopped_by();
        }
    }

    /// Large neighbourhood search: free a part, keep the rest, ask the engine for a cheaper
    /// completion. Whether the answer is final (cost 0).
    fn lns(&mut self, enc: &Encoding, size: Size, limit: &AtomicU64) -> bool {
        self.report.phases.push(Phase::Lns);
        let deadline = budget::lns_deadline(size, self.cfg.deadline);
        let mut best_tt = canonical(
            self.inst,
            &self.pinned,
            self.report
                .timetable
                .as_ref()
                .unwrap_or(&Timetable { placements: vec![] }),
        );
        let (inst, cfg) = (self.inst, self.cfg);
        let (_, nodes) = lns::lns(
            inst,
            enc,
            cfg,
            limit,
            &mut best_tt,
            deadline,
            &mut |c, tt| {
                self.improved(c, tt.clone());
            },
        );
        self.report.nodes += nodes;
        if limit.load(Ordering::Relaxed) == 0 {
            self.report.status = Status::Optimal;
            return true;
        }
        false
    }

    /// Branch and bound on the engine: every solution under the cut is cheaper than the last;
    /// "optimal" when the search is exhausted.
    fn branch_and_bound(&mut self, enc: &Encoding, limit: &AtomicU64) {
        self.report.phases.push(Phase::BranchAndBound);
        let mut search = Search::new(&enc.model, engine_config(self.cfg, false));
        search.reset(&enc.pins(&self.cfg.pins));
        let mut found = Vec::new();
        for sol in search.solutions() {
            let tt = decode(enc, &sol);
            let c = cost(self.inst, &tt).total;
            if c < limit.load(Ordering::Relaxed) {
                limit.store(c, Ordering::Relaxed);
                (self.on)(Progress::Better(c, &tt));
                found.push((self.t0.elapsed(), c, tt));
                if c == 0 {
                    break;
                }
            }
        }
        let exhausted = search.limit_reached().is_none();
        self.report.nodes += search.stats().nodes;
        for (t, c, tt) in found {
            self.report.trace.push((t, c));
            self.report.timetable = Some(tt);
            self.report.cost = Some(c);
        }
        if exhausted {
            self.report.status = Status::Optimal;
        } else {
            self.report.limit = search.limit_reached();
        }
    }

    /// What stopped an improving phase that ran to its end: a stop request, the time
    /// limit, or nothing (a solve without a deadline).
    fn stopped_by(&self) -> Option<LimitReached> {
        if csp_core::termination::stop_requested() {
            Some(LimitReached::Interrupted)
        } else if self.cfg.deadline.is_some() {
            Some(LimitReached::Time)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests;
