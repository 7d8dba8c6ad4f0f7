//! Solving: a first timetable from the engine, then the soft cost down: branch and bound on
//! the engine with a lower bound (small instances; "optimal" when it finishes), and an anytime
//! local search on complete valid timetables (moves and swaps, priced by re-evaluating only
//! the requirement units the moved occurrences belong to, with simulated annealing).

use crate::answer::{Placement, Timetable};
use crate::check::{Unit, cost, units};
use crate::encode::{Checked, EncodeError, Encoding, TooLarge, decode, encode_full};
use crate::instance::{Instance, Requirement, Style};
use csp_core::heuristics::SplitMix64;
use csp_core::{Limits, Outcome, Search, SearchConfig, Value, VarOrder};
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

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A timetable of the least possible cost, proved by an exhausted branch and bound.
    Optimal,
    /// A valid timetable; a cheaper one may exist.
    Feasible,
    /// No valid timetable exists (proved).
    Infeasible,
    /// A limit stopped the search before any timetable was found.
    Unknown,
}

/// The answer of [`solve`].
#[derive(Debug, Clone)]
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
    /// What stopped it early, if something did (`time limit`, `node limit`, `interrupt`).
    pub limit: Option<String>,
}

impl Report {
    /// An answer without a timetable and without search: `status`, stopped by `limit`.
    fn without_timetable(status: Status, limit: Option<String>) -> Report {
        Report {
            status,
            timetable: None,
            cost: None,
            first: None,
            nodes: 0,
            moves: (0, 0),
            trace: Vec::new(),
            limit,
        }
    }
}

/// A progress event.
#[derive(Debug, Clone, Copy)]
pub enum Progress {
    /// A better timetable, with its cost.
    Improved(u64),
}

fn engine_config(cfg: &Config, restarts: bool) -> SearchConfig {
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
    on: &mut dyn FnMut(Progress),
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

fn solve_inner(
    inst: &Arc<Instance>,
    cfg: &Config,
    on: &mut dyn FnMut(Progress),
) -> Result<Report, TooLarge> {
    let t0 = Instant::now();
    // The readers refuse weights past the cost ceiling; an instance built in code (a `--from`
    // requirement with its move cost) is checked here, once.
    crate::check::cost_bound(inst)
        .map_err(|i| TooLarge(crate::check::cost_bound_message(inst, i)))?;
    // Events with pinned occurrences are not put in order (a pin names its occurrence).
    let pinned: HashSet<usize> = cfg
        .pins
        .iter()
        .map(|&(o, _)| inst.occurrences[o].event)
        .collect();
    let enc = match encode_full(inst, &HashSet::new(), &pinned, cfg.deadline) {
        Ok(enc) => enc,
        Err(EncodeError::Stopped) => {
            return Ok(Report::without_timetable(
                Status::Unknown,
                Some(stop_name().into()),
            ));
        }
        Err(EncodeError::TooLarge(e)) => return Err(e),
    };
    // A pin outside its occurrence's possible placements (a blocked or unavailable slot, a
    // room the event cannot use, an event fixed elsewhere) is kept by no timetable: say so,
    // rather than solve without it.
    if enc.pins(&cfg.pins).len() != cfg.pins.len() {
        return Ok(Report::without_timetable(Status::Infeasible, None));
    }
    // The smallest start first (it packs school weeks well); when that has not succeeded
    // within a budget of nodes, random values with restarts (tight instances such as ITC
    // 2007 comp05, where packing early slots leads nowhere: 0.03 s against none in 30 s).
    let budget = 10 * inst.occurrences.len() as u64 + 10_000;
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
    let mut report = Report {
        status: Status::Unknown,
        timetable: None,
        cost: None,
        first: None,
        nodes,
        moves: (0, 0),
        trace: Vec::new(),
        limit: None,
    };
    let first = match outcome {
        Outcome::Satisfiable(sol) => decode(&enc, &sol),
        Outcome::Unsatisfiable => {
            // With pins, unsatisfiable means "not with these pins".
            report.status = Status::Infeasible;
            return Ok(report);
        }
        Outcome::Unknown(l) => {
            report.limit = Some(l.to_string());
            return Ok(report);
        }
    };
    report.first = Some(t0.elapsed());
    let mut best_cost = cost(inst, &first).total;
    report.trace.push((t0.elapsed(), best_cost));
    on(Progress::Improved(best_cost));
    report.status = Status::Feasible;
    report.timetable = Some(first);
    report.cost = Some(best_cost);
    if best_cost == 0 {
        report.status = Status::Optimal;
        return Ok(report);
    }
    if cfg.first_only {
        return Ok(report);
    }
    let small = inst.occurrences.len() <= cfg.exact_limit;
    // Slot assignments (exam sessions without rooms): Kempe-chain annealing.
    let start: Vec<usize> = report
        .timetable
        .as_ref()
        .map(|tt| tt.placements.iter().map(|p| p.start).collect())
        .unwrap_or_default();
    if !small
        && cfg.pins.is_empty()
        && let Some(m) = crate::kempe::SlotModel::new(inst)
        && m.valid(&start)
    {
        let deadline = cfg
            .deadline
            .unwrap_or_else(|| Instant::now() + Duration::from_secs(30));
        let mut stats = crate::kempe::Stats::default();
        let best = crate::kempe::anneal(&m, &start, cfg.seed, deadline, &mut stats, &mut |c| {
            report.trace.push((t0.elapsed(), c));
            on(Progress::Improved(c));
        });
        let tt = m.timetable(&best);
        let c = cost(inst, &tt).total;
        report.moves = stats.moves;
        report.cost = Some(c);
        report.timetable = Some(tt);
        if c == 0 {
            report.status = Status::Optimal;
        } else if csp_core::termination::stop_requested() {
            report.limit = Some("interrupt".into());
        } else if cfg.deadline.is_some() {
            report.limit = Some("time limit".into());
        }
        return Ok(report);
    }
    let medium = !small && inst.occurrences.len() <= LNS_LIMIT;
    // Local search first: on small instances it gives branch and bound a good bound.
    let ls_deadline = match (small, cfg.deadline) {
        // Small: the local search stops on its patience (a count, so runs repeat exactly);
        // the time cap only guards slow machines.
        (true, Some(d)) => {
            Some((d.saturating_duration_since(Instant::now()) / 4).min(Duration::from_secs(2)))
        }
        (true, None) => Some(Duration::from_secs(2)),
        // Medium: most of the time to the local search (on ITC 2007 comp05 in 60 s: 339
        // against 416 with half, LNS after it adding little), the rest to LNS.
        (false, Some(d)) if medium => {
            Some(d.saturating_duration_since(Instant::now()).mul_f64(0.85))
        }
        (false, None) if medium => Some(Duration::from_secs(5)),
        (false, Some(d)) => Some(d.saturating_duration_since(Instant::now())),
        (false, None) => Some(Duration::from_secs(10)),
    }
    .map(|d| Instant::now() + d);
    let mut ls = LocalSearch::new(
        inst,
        &enc,
        report
            .timetable
            .clone()
            .unwrap_or(Timetable { placements: vec![] }),
        &cfg.pins,
        cfg.seed,
    );
    ls.patience = small.then_some(50_000);
    ls.run(ls_deadline, &mut |c, tt| {
        if c < best_cost {
            best_cost = c;
            report.trace.push((t0.elapsed(), c));
            report.timetable = Some(tt.clone());
            report.cost = Some(c);
            on(Progress::Improved(c));
        }
    });
    report.moves = (ls.tried, ls.accepted);
    if best_cost == 0 {
        report.status = Status::Optimal;
        return Ok(report);
    }
    let limit = Arc::new(AtomicU64::new(best_cost));
    // The engine again, with the cost cut, for neighbourhood search and branch and bound.
    let mut enc2 = if small || medium {
        // The same instance encoded once already: only the deadline can stop it now.
        encode_full(inst, &HashSet::new(), &pinned, cfg.deadline).ok()
    } else {
        None
    };
    if let Some(enc2) = enc2.as_mut() {
        let soft: Vec<(Requirement, Unit)> = inst
            .soft
            .iter()
            .enumerate()
            .flat_map(|(i, r)| units(inst, r, i).into_iter().map(move |u| (r.clone(), u)))
            .collect();
        let cut = Checked::new(inst, &enc2.place, &enc2.start, soft, Arc::clone(&limit));
        let _ = enc2.model.post(cut);
        // Large neighbourhood search: free a part, keep the rest, ask the engine for a
        // cheaper completion.
        let lns_deadline = cfg
            .deadline
            .map_or(Instant::now() + Duration::from_secs(5), |d| {
                let left = d.saturating_duration_since(Instant::now());
                Instant::now() + if small { left * 2 / 5 } else { left }
            });
        let mut best_tt = canonical(
            inst,
            &pinned,
            report
                .timetable
                .as_ref()
                .unwrap_or(&Timetable { placements: vec![] }),
        );
        let rounds = lns(
            inst,
            enc2,
            cfg,
            &limit,
            &mut best_tt,
            lns_deadline,
            &mut |c, tt| {
                report.trace.push((t0.elapsed(), c));
                report.timetable = Some(tt.clone());
                report.cost = Some(c);
                on(Progress::Improved(c));
            },
        );
        nodes += rounds.1;
        best_cost = limit.load(Ordering::Relaxed);
        if best_cost == 0 {
            report.status = Status::Optimal;
            report.nodes = nodes;
            return Ok(report);
        }
    }
    if let (true, Some(enc2)) = (small, enc2.as_ref()) {
        let mut search = Search::new(&enc2.model, engine_config(cfg, false));
        search.reset(&enc2.pins(&cfg.pins));
        let mut found = Vec::new();
        for sol in search.solutions() {
            let tt = decode(enc2, &sol);
            let c = cost(inst, &tt).total;
            if c < limit.load(Ordering::Relaxed) {
                limit.store(c, Ordering::Relaxed);
                found.push((t0.elapsed(), c, tt));
                on(Progress::Improved(c));
                if c == 0 {
                    break;
                }
            }
        }
        let exhausted = search.limit_reached().is_none();
        nodes += search.stats().nodes;
        for (t, c, tt) in found {
            report.trace.push((t, c));
            report.timetable = Some(tt);
            report.cost = Some(c);
        }
        if exhausted {
            report.status = Status::Optimal;
        } else {
            report.limit = search.limit_reached().map(|l| l.to_string());
        }
    } else if csp_core::termination::stop_requested() {
        report.limit = Some("interrupt".into());
    } else if cfg.deadline.is_some() {
        report.limit = Some("time limit".into());
    }
    report.nodes = nodes;
    Ok(report)
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

/// Instances of at most this many occurrences are improved by large neighbourhood search
/// (its cost cut evaluates every soft unit at each node, too slow beyond).
pub const LNS_LIMIT: usize = 400;

/// Large neighbourhood search from `best` (cost in `limit`): rounds free the occurrences of
/// one or two days, of one or two resources, or a random fifth, fix the others, and search
/// with a node budget for a completion cheaper than `limit` (the cut fails any node whose
/// lower bound reaches it). Stops at `deadline` or after 400 rounds without improvement;
/// returns (rounds, nodes).
fn lns(
    inst: &Instance,
    enc: &Encoding,
    cfg: &Config,
    limit: &AtomicU64,
    best: &mut Timetable,
    deadline: Instant,
    improved: &mut dyn FnMut(u64, &Timetable),
) -> (u64, u64) {
    let mut sc = engine_config(cfg, false);
    sc.value_order = csp_core::ValueOrder::InDomainRandom;
    sc.limits = Limits {
        nodes: Some(300),
        deadline: Some(deadline),
        ..Limits::default()
    };
    let mut search = Search::new(&enc.model, sc);
    let mut rng = Rng::new(cfg.seed ^ 0x1A5);
    let pinned: std::collections::HashSet<usize> = cfg.pins.iter().map(|p| p.0).collect();
    let by_resource = inst.events_by_resource();
    let n = inst.occurrences.len();
    let (mut rounds, mut nodes, mut since) = (0u64, 0u64, 0u64);
    let mut free = vec![false; n];
    while Instant::now() < deadline
        && (since < 400 || inst.occurrences.len() > cfg.exact_limit)
        && !csp_core::termination::stop_requested()
    {
        rounds += 1;
        since += 1;
        free.iter_mut().for_each(|f| *f = false);
        match rng.below(3) {
            0 => {
                for _ in 0..2 {
                    let d = rng.below(inst.days.len());
                    for (f, p) in free.iter_mut().zip(&best.placements) {
                        if inst.day_of(p.start) == d {
                            *f = true;
                        }
                    }
                }
            }
            1 if !by_resource.is_empty() => {
                for _ in 0..2 {
                    let r = rng.below(by_resource.len());
                    for &e in &by_resource[r] {
                        for o in inst.occurrences_of(e) {
                            free[o] = true;
                        }
                    }
                }
            }
            _ => {
                for f in free.iter_mut() {
                    *f = rng.below(5) == 0;
                }
            }
        }
        let fixed: Vec<(usize, Placement)> = (0..n)
            .filter(|&o| !free[o] || pinned.contains(&o))
            .map(|o| (o, best.placements[o]))
            .chain(cfg.pins.iter().copied())
            .collect();
        search.reset(&enc.pins(&fixed));
        let outcome = search.solve();
        nodes += search.stats().nodes;
        if let Outcome::Satisfiable(sol) = outcome {
            let tt = decode(enc, &sol);
            let c = cost(inst, &tt).total;
            if c < limit.load(Ordering::Relaxed) {
                limit.store(c, Ordering::Relaxed);
                *best = tt;
                since = 0;
                improved(c, best);
                if c == 0 {
                    break;
                }
            }
        }
    }
    (rounds, nodes)
}

/// What stopped a run early: a stop request or the time limit.
fn stop_name() -> &'static str {
    if csp_core::termination::stop_requested() {
        "interrupt"
    } else {
        "time limit"
    }
}

/// The engine's generator, drawing the ranges the searches here need (by remainder, which
/// keeps the streams, and so the timetables of a seed, as they were).
#[derive(Debug, Clone)]
struct Rng(SplitMix64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(SplitMix64::new(seed))
    }

    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }

    fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The longest Kempe chain tried (and the size of the move buffers).
const CHAIN: usize = 16;

/// Local search over complete valid timetables.
#[derive(Debug)]
pub struct LocalSearch<'a> {
    inst: &'a Instance,
    tt: Timetable,
    /// Candidate placements of each occurrence (its engine domain), sorted.
    cands: Vec<Vec<Placement>>,
    movable: Vec<usize>,
    /// Occupancy per resource and slot.
    busy: Vec<u16>,
    /// Per room and slot: occurrences (courses) or seats taken (exams).
    room_use: Vec<u64>,
    /// Per room and slot (courses): the occurrence placed there last (stale once it
    /// leaves; checked against its placement before use).
    occupant: Vec<u32>,
    units: Vec<(bool, usize, Unit)>,
    /// Units of each occurrence (indices into `units`).
    of: Vec<Vec<usize>>,
    value: Vec<u64>,
    cost: u64,
    rng: Rng,
    touched: Vec<usize>,
    /// The touched units' violations after the move being tried.
    new_values: Vec<(usize, u64)>,
    scratch: crate::check::Scratch,
    occupied_ok: bool,
    /// Per resource: used by chain members at the slot left (1) or entered (2).
    res_mark: Vec<u8>,
    /// Per occurrence: whether it may move (not pinned, more than one candidate).
    can_move: Vec<bool>,
    /// Whether Kempe-chain moves apply (course timetables, every lesson one period long).
    kempe_ok: bool,
    /// Stop after this many moves without a better timetable.
    pub patience: Option<u64>,
    /// Stop after this many moves tried (for benchmarks: a fixed amount of work).
    pub max_moves: Option<u64>,
    /// Moves tried.
    pub tried: u64,
    /// Moves accepted.
    pub accepted: u64,
}

impl<'a> LocalSearch<'a> {
    /// A local search starting from the valid timetable `tt`; pinned occurrences stay.
    pub fn new(
        inst: &'a Instance,
        enc: &Encoding,
        tt: Timetable,
        pins: &[(usize, Placement)],
        seed: u64,
    ) -> Self {
        let n = inst.num_slots();
        let cands: Vec<Vec<Placement>> = (0..inst.occurrences.len())
            .map(|o| {
                let x = enc.var_of(o);
                let mut v: Vec<Placement> = enc
                    .model
                    .domain(x)
                    .iter()
                    .filter(|&v: &Value| v >= 0)
                    .map(|v| enc.placement(o, v))
                    .collect();
                v.sort_by_key(|p| (p.start, p.room));
                v
            })
            .collect();
        let pinned: std::collections::HashSet<usize> = pins.iter().map(|p| p.0).collect();
        let can_move: Vec<bool> = (0..inst.occurrences.len())
            .map(|o| !pinned.contains(&o) && cands[o].len() > 1)
            .collect();
        let movable = (0..inst.occurrences.len())
            .filter(|&o| can_move[o])
            .collect();
        let kempe_ok = inst.style == Style::Course && inst.events.iter().all(|e| e.duration == 1);
        let mut units_all = Vec::new();
        for (soft, list) in [(false, &inst.hard), (true, &inst.soft)] {
            for (i, r) in list.iter().enumerate() {
                for u in units(inst, r, i) {
                    units_all.push((soft, i, u));
                }
            }
        }
        let mut of = vec![Vec::new(); inst.occurrences.len()];
        for (k, (_, _, u)) in units_all.iter().enumerate() {
            for &o in &u.occs {
                of[o].push(k);
            }
        }
        let mut ls = LocalSearch {
            inst,
            tt,
            cands,
            movable,
            busy: vec![0; inst.resources.len() * n],
            room_use: vec![0; inst.rooms.len() * n],
            occupant: vec![u32::MAX; inst.rooms.len() * n],
            units: units_all,
            of,
            value: Vec::new(),
            cost: 0,
            rng: Rng::new(seed ^ 0x5EED),
            touched: Vec::new(),
            new_values: Vec::new(),
            scratch: crate::check::Scratch::default(),
            occupied_ok: true,
            res_mark: vec![0; inst.resources.len()],
            can_move,
            kempe_ok,
            patience: None,
            max_moves: None,
            tried: 0,
            accepted: 0,
        };
        for o in 0..inst.occurrences.len() {
            ls.occupy(o, true);
        }
        ls.value = (0..ls.units.len()).map(|k| ls.eval(k)).collect();
        ls.cost = (0..ls.units.len())
            .filter(|&k| ls.units[k].0)
            .map(|k| ls.value[k] * ls.weight(k))
            .sum();
        ls
    }

    fn weight(&self, k: usize) -> u64 {
        let (soft, i, _) = &self.units[k];
        if *soft { self.inst.soft[*i].weight } else { 1 }
    }

    fn eval(&mut self, k: usize) -> u64 {
        let (soft, i, u) = &self.units[k];
        let req = if *soft {
            &self.inst.soft[*i]
        } else {
            &self.inst.hard[*i]
        };
        u.violations_in(self.inst, req, &self.tt, None, &mut self.scratch)
    }

    /// Adds (or removes) occurrence `o`'s use of resources and rooms; whether every cell it
    /// touched stays within its limit.
    fn occupy(&mut self, o: usize, add: bool) -> bool {
        let inst = self.inst;
        let n = inst.num_slots();
        let p = self.tt.placements[o];
        let ev = inst.event_of(o);
        let mut ok = true;
        for s in p.start..p.start + ev.duration as usize {
            for &r in &ev.uses {
                let c = &mut self.busy[r * n + s];
                if add {
                    *c += 1;
                    ok &= *c <= 1;
                } else {
                    *c -= 1;
                }
            }
            if let Some(r) = p.room {
                let c = &mut self.room_use[r * n + s];
                let (amount, cap) = match inst.style {
                    Style::Course => (1, 1),
                    Style::Exam => (u64::from(ev.size), u64::from(inst.rooms[r].capacity)),
                };
                if add {
                    *c += amount;
                    ok &= *c <= cap;
                    self.occupant[r * n + s] = o as u32;
                } else {
                    *c -= amount;
                }
            }
        }
        ok
    }

    /// Moves the listed occurrences to new placements when the result is valid; returns the
    /// change of soft cost, or `None` (and nothing changed) when a hard rule would break.
    fn try_move(
        &mut self,
        moves: &[(usize, Placement)],
        old: &mut [(usize, Placement)],
    ) -> Option<i64> {
        for (slot, &(o, _)) in old.iter_mut().zip(moves) {
            *slot = (o, self.tt.placements[o]);
        }
        self.place(moves);
        let mut ok = self.occupied_ok;
        self.touched.clear();
        for &(o, _) in moves {
            self.touched.extend(&self.of[o]);
        }
        self.touched.sort_unstable();
        self.touched.dedup();
        let mut delta = 0i64;
        self.new_values.clear();
        if ok {
            for i in 0..self.touched.len() {
                let k = self.touched[i];
                let v = self.eval(k);
                if !self.units[k].0 && v > 0 {
                    ok = false;
                    break;
                }
                delta += (v as i64 - self.value[k] as i64) * self.weight(k) as i64;
                self.new_values.push((k, v));
            }
        }
        if !ok {
            self.place(old);
            return None;
        }
        Some(delta)
    }

    /// Puts the listed occurrences at their placements, updating the occupancy; records in
    /// `occupied_ok` whether every cell they touch stays within its limit.
    fn place(&mut self, moves: &[(usize, Placement)]) {
        for &(o, _) in moves {
            self.occupy(o, false);
        }
        for &(o, p) in moves {
            self.tt.placements[o] = p;
        }
        let mut ok = true;
        for &(o, _) in moves {
            ok &= self.occupy(o, true);
        }
        self.occupied_ok = ok;
    }

    /// The occurrence alone in placement `p`'s room, starting where `p` does (courses).
    fn occupant_at(&self, p: Placement) -> Option<usize> {
        let r = p.room?;
        if self.inst.style != Style::Course {
            return None;
        }
        let cell = r * self.inst.num_slots() + p.start;
        let o = *self.occupant.get(cell)? as usize;
        (self.room_use[cell] == 1 && self.tt.placements.get(o) == Some(&p)).then_some(o)
    }

    /// Keeps the last move tried: its units' new violations become the current ones.
    fn commit(&mut self) {
        for &(k, v) in &self.new_values {
            self.value[k] = v;
        }
    }

    /// A random move (one occurrence to another placement, into an occupied room by a swap
    /// with the occupant, or two occurrences swapping starts, rooms or placements) written
    /// into `moves`; how many entries it uses, or `None` for a move not worth trying.
    fn propose(&mut self, moves: &mut [(usize, Placement); CHAIN]) -> Option<usize> {
        let o = self.movable[self.rng.below(self.movable.len())];
        if self.kempe_ok && self.rng.below(4) == 0 {
            return self.kempe(o, moves);
        }
        let kind = self.rng.below(8);
        Some(if kind < 3 {
            // Swap two occurrences of the same length: their starts (kind 0), their
            // rooms (kind 1, same start), or whole placements (kind 2).
            let o2 = self.movable[self.rng.below(self.movable.len())];
            let (p1, p2) = (self.tt.placements[o], self.tt.placements[o2]);
            if o2 == o
                || self.inst.event_of(o).duration != self.inst.event_of(o2).duration
                || p1 == p2
            {
                return None;
            }
            let (q1, q2) = match kind {
                0 => (
                    Placement {
                        start: p2.start,
                        room: p1.room,
                    },
                    Placement {
                        start: p1.start,
                        room: p2.room,
                    },
                ),
                1 => (
                    Placement {
                        start: p1.start,
                        room: p2.room,
                    },
                    Placement {
                        start: p2.start,
                        room: p1.room,
                    },
                ),
                _ => (p2, p1),
            };
            let known = |c: &[Placement], q: Placement| {
                c.binary_search_by_key(&(q.start, q.room), |p| (p.start, p.room))
                    .is_ok()
            };
            if q1 == p1 || !known(&self.cands[o], q1) || !known(&self.cands[o2], q2) {
                return None;
            }
            moves[0] = (o, q1);
            moves[1] = (o2, q2);
            2
        } else {
            let c = &self.cands[o];
            let p = c[self.rng.below(c.len())];
            let p1 = self.tt.placements[o];
            if p == p1 {
                return None;
            }
            moves[0] = (o, p);
            // Into an occupied room: swap with the occupant when it may move (not pinned)
            // and fits in turn (the room-slot grid is tight on real course timetables).
            match self.occupant_at(p) {
                Some(o2)
                    if o2 != o
                        && self.can_move[o2]
                        && self.inst.event_of(o2).duration == self.inst.event_of(o).duration
                        && self.cands[o2]
                            .binary_search_by_key(&(p1.start, p1.room), |q| (q.start, q.room))
                            .is_ok() =>
                {
                    moves[1] = (o2, p1);
                    2
                }
                _ => 1,
            }
        })
    }

    /// A Kempe-chain move (course timetables of one-period lessons): occurrence `o` changes
    /// its slot `a` for a random slot `b`, and whatever clashes with it there goes to `a`,
    /// transitively, each keeping its room; `None` when the chain is longer than
    /// [`CHAIN`] or holds a lesson that cannot go there.
    fn kempe(&mut self, o: usize, moves: &mut [(usize, Placement); CHAIN]) -> Option<usize> {
        let inst = self.inst;
        let a = self.tt.placements[o].start;
        let b = self.rng.below(inst.num_slots());
        if b == a {
            return None;
        }
        moves[0] = (o, self.tt.placements[o]);
        let mut len = 1;
        for &r in &inst.event_of(o).uses {
            self.res_mark[r] |= 1;
        }
        let mut fits = true;
        'grow: loop {
            let mut grew = false;
            for o2 in 0..self.tt.placements.len() {
                let p = self.tt.placements[o2];
                let side: u8 = if p.start == a {
                    1
                } else if p.start == b {
                    2
                } else {
                    continue;
                };
                if moves[..len].iter().any(|m| m.0 == o2) {
                    continue;
                }
                let uses = &inst.event_of(o2).uses;
                if !uses.iter().any(|&r| self.res_mark[r] & (3 - side) != 0) {
                    continue;
                }
                if len == CHAIN || !self.can_move[o2] || inst.event_of(o2).duration != 1 {
                    fits = false;
                    break 'grow;
                }
                moves[len] = (o2, p);
                len += 1;
                for &r in uses {
                    self.res_mark[r] |= side;
                }
                grew = true;
            }
            if !grew {
                break;
            }
        }
        for m in &moves[..len] {
            for &r in &inst.event_of(m.0).uses {
                self.res_mark[r] = 0;
            }
        }
        if !fits {
            return None;
        }
        for m in &mut moves[..len] {
            let q = Placement {
                start: if m.1.start == a { b } else { a },
                room: m.1.room,
            };
            self.cands[m.0]
                .binary_search_by_key(&(q.start, q.room), |c| (c.start, c.room))
                .ok()?;
            m.1 = q;
        }
        Some(len)
    }

    /// Runs until `deadline` (or a stop request, or cost 0), calling `improved` with each
    /// better cost and timetable.
    pub fn run(&mut self, deadline: Option<Instant>, improved: &mut dyn FnMut(u64, &Timetable)) {
        if self.movable.is_empty() || self.cost == 0 {
            return;
        }
        let start = Instant::now();
        let total = deadline
            .map_or(Duration::from_secs(10), |d| {
                d.saturating_duration_since(start)
            })
            .as_secs_f64()
            .max(1e-3);
        let nowhere = Placement {
            start: 0,
            room: None,
        };
        let mut moves = [(0usize, nowhere); CHAIN];
        let mut old = [(0usize, nowhere); CHAIN];
        // With Kempe chains (long moves that need heat): from accepting an average
        // worsening move 37 % of the time (e^-1) to e^-2000, the average measured on 2,000
        // random moves tried and undone (ITC 2007 comp05 in 30 s: 314, against 373 from a
        // tenth of that). Otherwise from the mean soft weight to 1/200 of it, cooler (a
        // generated 702-lesson school week in 5 s: 40-43 against 64 with the calibrated heat).
        let (t_hi, t_lo) = if self.kempe_ok {
            let (mut sum, mut ups) = (0f64, 0u32);
            for _ in 0..2000 {
                let Some(n) = self.propose(&mut moves) else {
                    continue;
                };
                if let Some(d) = self.try_move(&moves[..n], &mut old[..n]) {
                    self.place(&old[..n]);
                    if d > 0 {
                        sum += d as f64;
                        ups += 1;
                    }
                }
            }
            let mean_up = if ups > 0 { sum / f64::from(ups) } else { 1.0 };
            (mean_up, mean_up / 2000.0)
        } else {
            let w: Vec<u64> = self.inst.soft.iter().map(|r| r.weight).collect();
            let m = (w.iter().sum::<u64>() as f64 / w.len().max(1) as f64).max(1.0);
            (m, m / 200.0)
        };
        let rounds = (total / 60.0).round().max(1.0);
        let mut temp = t_hi;
        let mut best = self.cost;
        let mut last_better = 0u64;
        loop {
            if self.patience.is_some_and(|p| self.tried - last_better > p)
                || self.max_moves.is_some_and(|m| self.tried >= m)
            {
                break;
            }
            if self.tried.is_multiple_of(256) {
                let frac = start.elapsed().as_secs_f64() / total;
                if frac >= 1.0 || csp_core::termination::stop_requested() {
                    break;
                }
                // Cooling by the clock, or, with a patience, by the moves since the last
                // improvement (reheating at each): then runs repeat exactly for a seed.
                // Long runs anneal in rounds of about a minute, each reheating where the
                // last one cooled down (the best of several anneals beats one slow one:
                // ITC 2007 comp05 in 300 s, 333 in one anneal).
                let progress = match self.patience {
                    Some(p) => (self.tried - last_better) as f64 / p as f64,
                    None => (frac * rounds).fract(),
                };
                temp = t_hi * (t_lo / t_hi).powf(progress.min(1.0));
            }
            self.tried += 1;
            let Some(n) = self.propose(&mut moves) else {
                continue;
            };
            let Some(delta) = self.try_move(&moves[..n], &mut old[..n]) else {
                continue;
            };
            let accept = delta <= 0 || self.rng.unit() < (-(delta as f64) / temp).exp();
            if accept {
                self.accepted += 1;
                self.commit();
                self.cost = (self.cost as i64 + delta) as u64;
                if self.cost < best {
                    best = self.cost;
                    last_better = self.tried;
                    improved(best, &self.tt);
                    if best == 0 {
                        return;
                    }
                }
            } else {
                self.place(&old[..n]);
            }
        }
    }
}
