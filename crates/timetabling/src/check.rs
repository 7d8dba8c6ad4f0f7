//! The independent checker: a timetable's hard violations ([`verify`]) and its soft cost,
//! itemised ([`cost`]), computed from the instance's definitions alone, without the engine.
//!
//! Each requirement is split into *units* (one per resource, per event set, or one for the
//! whole timetable) whose violations depend only on the placements of the unit's
//! occurrences. The local search uses the same units to price a move by re-evaluating the
//! units the moved occurrences belong to; the branch and bound uses [`Unit::lower_bound`] on
//! partial timetables.

use crate::answer::{CostItem, CostReport, Placement, Timetable, Violation};
use crate::instance::{
    EventSel, Instance, Kind, Requirement, ResourceSel, RoomNeed, Scope, Slot, Style,
};

/// A part of a requirement whose violations depend on a few occurrences only.
#[derive(Debug, Clone)]
pub struct Unit {
    /// Index of the requirement in its list (hard or soft).
    pub req: usize,
    /// The resource it is about, if any.
    pub resource: Option<usize>,
    /// Event sets it is about (for event-based kinds), as given.
    pub events: Vec<usize>,
    /// The occurrences whose placements it reads.
    pub occs: Vec<usize>,
}

/// The placements a unit sees: complete, or partial during a search.
pub trait Placements {
    /// Occurrence `o`'s placement, if known.
    fn get(&self, o: usize) -> Option<Placement>;

    /// For an occurrence not placed yet, calls `f` with every placement it may still take
    /// and returns true; returns false when that is not known (anything is possible).
    fn choices(&self, _o: usize, _f: &mut dyn FnMut(Placement)) -> bool {
        false
    }
}

impl Placements for Timetable {
    fn get(&self, o: usize) -> Option<Placement> {
        self.placements.get(o).copied()
    }
}

impl Placements for [Option<Placement>] {
    fn get(&self, o: usize) -> Option<Placement> {
        self.get(o).copied().flatten()
    }
}

/// The units of requirement `req` (index `index` in its list).
pub fn units(inst: &Instance, req: &Requirement, index: usize) -> Vec<Unit> {
    let by_resource = inst.events_by_resource();
    let occs_of = |events: &[usize]| -> Vec<usize> {
        events
            .iter()
            .flat_map(|&e| inst.occurrences_of(e))
            .collect()
    };
    let per_resource = |sel: &ResourceSel| -> Vec<Unit> {
        inst.select_resources(sel)
            .into_iter()
            .filter(|&r| !by_resource[r].is_empty())
            .map(|r| Unit {
                req: index,
                resource: Some(r),
                events: by_resource[r].clone(),
                occs: occs_of(&by_resource[r]),
            })
            .collect()
    };
    let per_set = |sel: &EventSel| -> Vec<Unit> {
        inst.event_sets(sel)
            .into_iter()
            .map(|set| Unit {
                req: index,
                resource: None,
                occs: occs_of(&set),
                events: set,
            })
            .collect()
    };
    let whole = || {
        vec![Unit {
            req: index,
            resource: None,
            events: (0..inst.events.len()).collect(),
            occs: (0..inst.occurrences.len()).collect(),
        }]
    };
    let list = |l: &[usize]| per_set(&EventSel::List(l.to_vec()));
    match &req.kind {
        Kind::DifferentDays(s) | Kind::SameDay(s) | Kind::MinGap(s, _) | Kind::MinDays(s, _) => {
            per_set(s)
        }
        Kind::RoomStability(s) | Kind::RoomCapacity(s) => match s {
            EventSel::Each => per_set(s),
            EventSel::List(l) => l.iter().flat_map(|&e| list(&[e])).collect(),
        },
        Kind::NotSameDay(l) | Kind::SameSlot(l) | Kind::DifferentSlot(l) | Kind::SameRoom(l) => {
            list(l)
        }
        Kind::Precedence { before, after } => list(&[*before, *after]),
        Kind::MaxPerDay(scope, _)
        | Kind::MaxPerWeek(scope, _)
        | Kind::AvoidSlots(scope, _)
        | Kind::PreferSlots(scope, _) => match scope {
            Scope::Resources(r) => per_resource(r),
            Scope::Events(s) => per_set(s),
        },
        Kind::MaxConsecutive(r, _)
        | Kind::MaxGapsPerDay(r, _)
        | Kind::Proximity(r, _)
        | Kind::TwoInARow(r)
        | Kind::TwoInADay(r)
        | Kind::Isolated(r) => per_resource(r),
        Kind::ExclusiveRoom(_)
        | Kind::FrontLoad { .. }
        | Kind::MixedDurations
        | Kind::AvoidRooms(_) => whole(),
        Kind::Stay(_) => (0..inst.events.len()).flat_map(|e| list(&[e])).collect(),
    }
}

/// The largest soft cost the toolkit counts. Costs, their sums and the local search's cost
/// differences stay exact in 64-bit integers below it; an instance whose weights could take a
/// timetable's cost past it is refused when read ([`cost_bound`]).
pub const MAX_COST: u64 = 1 << 62;

/// An upper bound on the soft cost of any timetable of `inst`, or the index of the first soft
/// requirement that takes the bound past [`MAX_COST`]. The bound is generous (every pair of a
/// unit's occurrences, every period they cover and every slot, times the people and seats
/// involved), so real instances stay far below it.
pub fn cost_bound(inst: &Instance) -> Result<u64, usize> {
    let slots = inst.num_slots() as u128;
    let mut total: u128 = 0;
    for (i, req) in inst.soft.iter().enumerate() {
        let (value, inner) = match &req.kind {
            Kind::MinGap(_, v)
            | Kind::MaxPerDay(_, v)
            | Kind::MaxPerWeek(_, v)
            | Kind::MaxConsecutive(_, v)
            | Kind::MaxGapsPerDay(_, v)
            | Kind::MinDays(_, v) => (u128::from(*v), 1),
            Kind::Proximity(_, w) => (0, u128::from(w.iter().copied().max().unwrap_or(1).max(1))),
            _ => (0, 1),
        };
        for u in units(inst, req, i) {
            let k = u.occs.len() as u128;
            let people = u128::from(u.resource.map_or(1, |r| inst.resources[r].headcount.max(1)));
            let seats = match req.kind {
                Kind::RoomCapacity(_) => u
                    .events
                    .iter()
                    .map(|&e| u128::from(inst.events[e].size))
                    .max()
                    .unwrap_or(1)
                    .max(1),
                _ => 1,
            };
            let periods = u128::from(crate::yaml::MAX_PERIODS as u32);
            let violations = (periods * k * k + periods * k + slots + value)
                .saturating_mul(people)
                .saturating_mul(inner)
                .saturating_mul(seats);
            total = total.saturating_add(violations.saturating_mul(u128::from(req.weight)));
            if total > u128::from(MAX_COST) {
                return Err(i);
            }
        }
    }
    Ok(total as u64)
}

/// Why [`cost_bound`] refused soft requirement `i`, in words.
pub fn cost_bound_message(inst: &Instance, i: usize) -> String {
    let req = &inst.soft[i];
    format!(
        "{} ({}, weight {}): the soft costs could pass {MAX_COST}, the largest the toolkit counts; lower the weights",
        req.path,
        req.kind.name(),
        req.weight
    )
}

/// A placed occurrence, as the evaluations see it.
#[derive(Debug, Clone, Copy)]
struct Placed {
    o: usize,
    event: usize,
    start: usize,
    end: usize,
    day: usize,
    room: Option<usize>,
}

impl Unit {
    fn placed(
        &self,
        inst: &Instance,
        p: &(impl Placements + ?Sized),
        out: &mut Vec<Placed>,
    ) -> u64 {
        out.clear();
        let mut missing = 0u64;
        for &o in &self.occs {
            let e = inst.occurrences[o].event;
            // A placement off the calendar (reported by `verify` itself) is not evaluated.
            match p.get(o).filter(|pl| inst.covered(e, pl.start).is_some()) {
                Some(pl) => out.push(Placed {
                    o,
                    event: e,
                    start: pl.start,
                    end: pl.start + inst.events[e].duration as usize,
                    day: inst.day_of(pl.start),
                    room: pl.room.filter(|&r| r < inst.rooms.len()),
                }),
                None => missing += u64::from(inst.events[e].duration),
            }
        }
        missing
    }

    /// The unit's violations on complete placements (exact), with each one in words when
    /// `details` is given.
    pub fn violations(
        &self,
        inst: &Instance,
        req: &Requirement,
        p: &(impl Placements + ?Sized),
        details: Option<&mut Vec<String>>,
    ) -> u64 {
        self.violations_in(inst, req, p, details, &mut Scratch::default())
    }

    /// [`Unit::violations`] with reused buffers (allocation-free once they have grown).
    pub fn violations_in(
        &self,
        inst: &Instance,
        req: &Requirement,
        p: &(impl Placements + ?Sized),
        details: Option<&mut Vec<String>>,
        scratch: &mut Scratch,
    ) -> u64 {
        let Scratch { placed, busy, bad } = scratch;
        self.placed(inst, p, placed);
        evaluate(inst, req, self, placed, 0, details, busy, bad)
    }

    /// A lower bound on the unit's violations in every completion of partial placements
    /// (exact when all are placed).
    pub fn lower_bound(
        &self,
        inst: &Instance,
        req: &Requirement,
        p: &(impl Placements + ?Sized),
    ) -> u64 {
        let Scratch { placed, busy, bad } = &mut Scratch::default();
        let missing = self.placed(inst, p, placed);
        let raw = evaluate(inst, req, self, placed, missing, None, busy, bad);
        raw.max(self.domain_bound(inst, req, p, placed, busy))
    }

    /// A lower bound that also looks at where the unplaced occurrences may still go (when
    /// `p` knows): certain gaps, days out of reach, rooms no longer shared, slots that cost
    /// wherever they go.
    fn domain_bound(
        &self,
        inst: &Instance,
        req: &Requirement,
        p: &(impl Placements + ?Sized),
        placed: &[Placed],
        busy: &mut Vec<u64>,
    ) -> u64 {
        let unplaced: Vec<usize> = self
            .occs
            .iter()
            .copied()
            .filter(|&o| p.get(o).is_none())
            .collect();
        if unplaced.is_empty() {
            return 0;
        }
        let mut opts: Vec<Vec<Placement>> = Vec::with_capacity(unplaced.len());
        for &o in &unplaced {
            let mut v = Vec::new();
            if !p.choices(o, &mut |q| v.push(q)) {
                return 0;
            }
            opts.push(v);
        }
        let dur = |o: usize| inst.event_of(o).duration as usize;
        match &req.kind {
            Kind::MaxGapsPerDay(_, v) => {
                busy_by_day(inst, placed, busy);
                let ppd = inst.periods.len();
                let mut total = 0u64;
                for (d, &b) in busy.iter().enumerate() {
                    if b == 0 {
                        continue;
                    }
                    let (lo, hi) = (b.trailing_zeros() as usize, 63 - b.leading_zeros() as usize);
                    let mut certain = 0u64;
                    for per in lo..=hi {
                        if b >> per & 1 == 1 {
                            continue;
                        }
                        let slot = d * ppd + per;
                        let fillable = unplaced.iter().zip(&opts).any(|(&o, os)| {
                            os.iter()
                                .any(|q| q.start <= slot && slot < q.start + dur(o))
                        });
                        if !fillable {
                            certain += 1;
                        }
                    }
                    total += certain.saturating_sub(u64::from(*v));
                }
                total
            }
            Kind::MinDays(_, v) => {
                let mut days: Vec<bool> = vec![false; inst.days.len()];
                for q in placed {
                    days[q.day] = true;
                }
                let have = days.iter().filter(|&&x| x).count() as u64;
                let mut reachable = vec![false; inst.days.len()];
                for os in &opts {
                    for q in os {
                        reachable[inst.day_of(q.start)] = true;
                    }
                }
                let extra = reachable
                    .iter()
                    .zip(&days)
                    .filter(|&(&r, &h)| r && !h)
                    .count() as u64;
                let most = have + extra.min(unplaced.len() as u64);
                u64::from(*v).saturating_sub(most)
            }
            Kind::RoomStability(_) | Kind::SameRoom(_) => {
                let mut rooms: Vec<usize> = placed.iter().filter_map(|q| q.room).collect();
                rooms.sort_unstable();
                rooms.dedup();
                if rooms.is_empty() {
                    return 0;
                }
                let outside = opts.iter().any(|os| {
                    !os.is_empty()
                        && os
                            .iter()
                            .all(|q| q.room.is_some_and(|r| !rooms.contains(&r)))
                });
                (rooms.len() as u64 - 1) + u64::from(outside)
            }
            Kind::AvoidSlots(_, slots) | Kind::PreferSlots(_, slots) => {
                let avoid = matches!(req.kind, Kind::AvoidSlots(..));
                let fixed: u64 = placed
                    .iter()
                    .map(|q| (q.start..q.end).filter(|&s| slots[s] == avoid).count() as u64)
                    .sum();
                let least: u64 = unplaced
                    .iter()
                    .zip(&opts)
                    .map(|(&o, os)| {
                        os.iter()
                            .map(|q| {
                                (q.start..q.start + dur(o))
                                    .filter(|&s| slots[s] == avoid)
                                    .count() as u64
                            })
                            .min()
                            .unwrap_or(0)
                    })
                    .sum();
                fixed + least
            }
            _ => 0,
        }
    }
}

fn note(details: &mut Option<&mut Vec<String>>, f: impl FnOnce() -> String) {
    if let Some(d) = details {
        d.push(f());
    }
}

/// Busy periods of `placed` per day, as a bitmask of periods (days × up to 64 periods).
fn busy_by_day(inst: &Instance, placed: &[Placed], busy: &mut Vec<u64>) {
    busy.clear();
    busy.resize(inst.days.len(), 0);
    for q in placed {
        for s in q.start..q.end {
            busy[inst.day_of(s)] |= 1u64 << inst.period_of(s);
        }
    }
}

/// Buffers the evaluations reuse, so that pricing a move allocates nothing once they have
/// grown.
#[derive(Debug, Default)]
pub struct Scratch {
    placed: Vec<Placed>,
    busy: Vec<u64>,
    bad: Vec<(usize, usize)>,
}

/// Violations of `req`'s unit given its placed occurrences; `missing` periods are not yet
/// placed (0 on complete timetables), for a lower bound.
// The two last arguments are the caller's reused buffers (see `Scratch`).
#[allow(clippy::too_many_arguments)]
fn evaluate(
    inst: &Instance,
    req: &Requirement,
    unit: &Unit,
    placed: &[Placed],
    missing: u64,
    mut details: Option<&mut Vec<String>>,
    busy: &mut Vec<u64>,
    bad: &mut Vec<(usize, usize)>,
) -> u64 {
    let name = |q: &Placed| inst.occurrence_name(q.o);
    let day = |d: usize| inst.days[d].name.clone();
    let who = || {
        unit.resource
            .map(|r| inst.resources[r].id.clone())
            .unwrap_or_else(|| {
                unit.events
                    .iter()
                    .map(|&e| inst.events[e].id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            })
    };
    let headcount = u64::from(
        unit.resource
            .map_or(1, |r| inst.resources[r].headcount.max(1)),
    );
    let pairs = |bad: &mut Vec<(usize, usize)>, test: &dyn Fn(&Placed, &Placed) -> bool| {
        bad.clear();
        for i in 0..placed.len() {
            for j in i + 1..placed.len() {
                if test(&placed[i], &placed[j]) {
                    bad.push((i, j));
                }
            }
        }
    };
    match &req.kind {
        Kind::DifferentDays(_) | Kind::NotSameDay(_) => {
            // not_same_day counts only pairs of different events.
            let cross = matches!(req.kind, Kind::NotSameDay(_));
            pairs(bad, &|a, b| {
                (!cross || a.event != b.event) && a.day == b.day
            });
            for &(i, j) in bad.iter() {
                note(&mut details, || {
                    format!(
                        "{} and {} both on {}",
                        name(&placed[i]),
                        name(&placed[j]),
                        day(placed[i].day)
                    )
                });
            }
            bad.len() as u64
        }
        Kind::SameDay(_) => {
            let mut per_day = vec![0u64; inst.days.len()];
            for q in placed {
                per_day[q.day] += 1;
            }
            let best = per_day.iter().copied().max().unwrap_or(0);
            let v = placed.len() as u64 - best;
            if v > 0 {
                note(&mut details, || {
                    format!(
                        "{}: spread over {} days",
                        who(),
                        per_day.iter().filter(|&&c| c > 0).count()
                    )
                });
            }
            v
        }
        Kind::SameSlot(l) => {
            let first = l[0];
            pairs(bad, &|a, b| {
                (a.event == first) != (b.event == first)
                    && inst.occurrences[a.o].rank == inst.occurrences[b.o].rank
                    && a.start != b.start
            });
            for &(i, j) in bad.iter() {
                note(&mut details, || {
                    format!(
                        "{} at {} but {} at {}",
                        name(&placed[i]),
                        inst.slot_name(placed[i].start),
                        name(&placed[j]),
                        inst.slot_name(placed[j].start)
                    )
                });
            }
            bad.len() as u64
        }
        Kind::DifferentSlot(_) => {
            pairs(bad, &|a, b| a.start < b.end && b.start < a.end);
            for &(i, j) in bad.iter() {
                note(&mut details, || {
                    format!(
                        "{} and {} overlap at {}",
                        name(&placed[i]),
                        name(&placed[j]),
                        inst.slot_name(placed[i].start.max(placed[j].start))
                    )
                });
            }
            bad.len() as u64
        }
        Kind::Precedence { before, after } => {
            pairs(bad, &|a, b| {
                (a.event == *before && b.event == *after && a.end > b.start)
                    || (b.event == *before && a.event == *after && b.end > a.start)
            });
            for &(i, j) in bad.iter() {
                note(&mut details, || {
                    format!(
                        "{} at {} is not before {} at {}",
                        name(&placed[i]),
                        inst.slot_name(placed[i].start),
                        name(&placed[j]),
                        inst.slot_name(placed[j].start)
                    )
                });
            }
            bad.len() as u64
        }
        Kind::MinGap(_, g) => {
            let g = *g as usize;
            pairs(bad, &|a, b| {
                let (x, y) = if a.start <= b.start { (a, b) } else { (b, a) };
                y.start < x.end + g
            });
            for &(i, j) in bad.iter() {
                note(&mut details, || {
                    format!(
                        "{} and {} are less than {g} slots apart",
                        name(&placed[i]),
                        name(&placed[j])
                    )
                });
            }
            bad.len() as u64
        }
        Kind::MaxPerDay(_, v) => {
            busy_by_day(inst, placed, busy);
            let mut total = 0;
            // Load counts periods; for an event list, periods of its occurrences.
            for (d, b) in busy.iter().enumerate() {
                let load = if unit.resource.is_some() {
                    u64::from(b.count_ones())
                } else {
                    placed
                        .iter()
                        .filter(|q| q.day == d)
                        .map(|q| (q.end - q.start) as u64)
                        .sum()
                };
                if load > u64::from(*v) {
                    total += load - u64::from(*v);
                    note(&mut details, || {
                        format!("{}: {load} periods on {} (at most {v})", who(), day(d))
                    });
                }
            }
            total
        }
        Kind::MaxPerWeek(_, v) => {
            let load: u64 = placed.iter().map(|q| (q.end - q.start) as u64).sum::<u64>() + missing;
            let excess = load.saturating_sub(u64::from(*v));
            if excess > 0 {
                note(&mut details, || {
                    format!("{}: {load} periods in the week (at most {v})", who())
                });
            }
            excess
        }
        Kind::MaxConsecutive(_, v) => {
            let mut total = 0;
            busy_by_day(inst, placed, busy);
            for (d, &b) in busy.iter().enumerate() {
                let mut run = 0u64;
                for p in 0..=inst.periods.len() {
                    if p < inst.periods.len() && b >> p & 1 == 1 {
                        run += 1;
                    } else {
                        if run > u64::from(*v) {
                            total += run - u64::from(*v);
                            note(&mut details, || {
                                format!(
                                    "{}: {run} periods in a row on {} (at most {v})",
                                    who(),
                                    day(d)
                                )
                            });
                        }
                        run = 0;
                    }
                }
            }
            total
        }
        Kind::MaxGapsPerDay(_, v) => {
            let mut total = 0;
            busy_by_day(inst, placed, busy);
            for (d, &b) in busy.iter().enumerate() {
                if b == 0 {
                    continue;
                }
                let span = 64 - b.leading_zeros() - b.trailing_zeros();
                let gaps = u64::from(span - b.count_ones());
                if gaps > u64::from(*v) {
                    total += gaps - u64::from(*v);
                    note(&mut details, || {
                        format!(
                            "{}: {gaps} free periods between lessons on {} (at most {v})",
                            who(),
                            day(d)
                        )
                    });
                }
            }
            total.saturating_sub(missing)
        }
        Kind::MinDays(_, v) => {
            let mut days: Vec<usize> = placed.iter().map(|q| q.day).collect();
            days.sort_unstable();
            days.dedup();
            let deficit = u64::from(*v).saturating_sub(days.len() as u64);
            if deficit > 0 && missing == 0 {
                note(&mut details, || {
                    let n = days.len();
                    let s = if n == 1 { "" } else { "s" };
                    format!("{}: on {n} day{s} (at least {v})", who())
                });
            }
            // Each unplaced occurrence may add a day.
            let unplaced = (unit.occs.len() - placed.len()) as u64;
            deficit.saturating_sub(unplaced)
        }
        Kind::RoomStability(_) | Kind::SameRoom(_) => {
            let mut rooms: Vec<usize> = placed.iter().filter_map(|q| q.room).collect();
            rooms.sort_unstable();
            rooms.dedup();
            let v = rooms.len().saturating_sub(1) as u64;
            if v > 0 {
                note(&mut details, || {
                    let names: Vec<&str> =
                        rooms.iter().map(|&r| inst.rooms[r].id.as_str()).collect();
                    format!("{} in {} rooms: {}", who(), rooms.len(), names.join(", "))
                });
            }
            v
        }
        Kind::ExclusiveRoom(l) => {
            // For each occurrence of a listed event, every other event sharing its room.
            let mut total = 0;
            let mut by_room: Vec<Vec<&Placed>> = vec![Vec::new(); inst.rooms.len()];
            for q in placed {
                if let Some(r) = q.room {
                    by_room[r].push(q);
                }
            }
            for qs in &by_room {
                for a in qs.iter().filter(|a| l.contains(&a.event)) {
                    for b in qs.iter() {
                        if b.o != a.o
                            && b.event != a.event
                            && a.start < b.end
                            && b.start < a.end
                            && !(l.contains(&b.event) && b.o < a.o)
                        {
                            total += 1;
                            note(&mut details, || {
                                format!(
                                    "{} shares {} with {}",
                                    name(a),
                                    inst.rooms[a.room.unwrap_or(0)].id,
                                    name(b)
                                )
                            });
                        }
                    }
                }
            }
            total
        }
        Kind::AvoidSlots(_, slots) | Kind::PreferSlots(_, slots) => {
            let avoid = matches!(req.kind, Kind::AvoidSlots(..));
            let mut total = 0;
            for q in placed {
                let n = (q.start..q.end).filter(|&s| slots[s] == avoid).count() as u64;
                if n > 0 {
                    total += n;
                    note(&mut details, || {
                        format!(
                            "{} at {} ({} period{} {})",
                            name(q),
                            inst.slot_name(q.start),
                            n,
                            if n == 1 { "" } else { "s" },
                            if avoid {
                                "in avoided slots"
                            } else {
                                "outside preferred slots"
                            }
                        )
                    });
                }
            }
            total
        }
        Kind::Proximity(_, w) => {
            let mut total = 0;
            for i in 0..placed.len() {
                for j in i + 1..placed.len() {
                    let d = placed[i].start.abs_diff(placed[j].start);
                    if d >= 1 && d <= w.len() {
                        total += w[d - 1] * headcount;
                        note(&mut details, || {
                            format!(
                                "{}: {} and {} {d} slot{} apart",
                                who(),
                                name(&placed[i]),
                                name(&placed[j]),
                                if d == 1 { "" } else { "s" }
                            )
                        });
                    }
                }
            }
            total
        }
        Kind::TwoInARow(_) | Kind::TwoInADay(_) => {
            let row = matches!(req.kind, Kind::TwoInARow(_));
            pairs(bad, &|a, b| {
                a.day == b.day
                    && ((a.end == b.start || b.end == a.start) == row)
                    && !(a.start < b.end && b.start < a.end)
            });
            for &(i, j) in bad.iter() {
                note(&mut details, || {
                    format!(
                        "{}: {} and {} on {}",
                        who(),
                        name(&placed[i]),
                        name(&placed[j]),
                        day(placed[i].day)
                    )
                });
            }
            bad.len() as u64 * headcount
        }
        Kind::FrontLoad {
            largest,
            last_slots,
        } => {
            let mut events: Vec<usize> = (0..inst.events.len()).collect();
            events.sort_by_key(|&e| (std::cmp::Reverse(inst.events[e].size), e));
            events.truncate(*largest);
            let from = inst.num_slots().saturating_sub(*last_slots);
            let mut total = 0;
            for q in placed
                .iter()
                .filter(|q| events.contains(&q.event) && q.start >= from)
            {
                total += 1;
                note(&mut details, || {
                    format!(
                        "{} (one of the {largest} largest) at {}",
                        name(q),
                        inst.slot_name(q.start)
                    )
                });
            }
            total
        }
        Kind::Stay(old) => {
            // Per event, the placements that are not among its old ones (as multisets: an
            // event's occurrences are interchangeable).
            let mut total = 0;
            let mut events: Vec<usize> = placed.iter().map(|q| q.event).collect();
            events.dedup();
            for e in events {
                let mut was: Vec<Placement> = inst
                    .occurrences_of(e)
                    .filter_map(|o| old.get(o).copied().flatten())
                    .collect();
                for q in placed.iter().filter(|q| q.event == e) {
                    let same = |w: &Placement| {
                        w.start == q.start && (w.room.is_none() || w.room == q.room)
                    };
                    if let Some(i) = was.iter().position(same) {
                        was.swap_remove(i);
                    } else if old.get(q.o).copied().flatten().is_some() {
                        total += 1;
                        let from = inst
                            .occurrences_of(e)
                            .filter_map(|o| old.get(o).copied().flatten())
                            .map(|w| inst.slot_name(w.start))
                            .collect::<Vec<_>>()
                            .join(", ");
                        note(&mut details, || {
                            format!(
                                "{} moved to {} (was at {from})",
                                name(q),
                                inst.slot_name(q.start)
                            )
                        });
                    }
                }
            }
            total
        }
        Kind::RoomCapacity(_) => {
            let mut total = 0;
            for q in placed {
                if let Some(r) = q.room {
                    let short = u64::from(
                        inst.events[q.event]
                            .size
                            .saturating_sub(inst.rooms[r].capacity),
                    );
                    if short > 0 {
                        total += short;
                        note(&mut details, || {
                            format!(
                                "{} ({} people) in {} ({} seats)",
                                name(q),
                                inst.events[q.event].size,
                                inst.rooms[r].id,
                                inst.rooms[r].capacity
                            )
                        });
                    }
                }
            }
            total
        }
        Kind::Isolated(_) => {
            // An occurrence with no other in the period just before or just after, that day.
            busy_by_day(inst, placed, busy);
            let ppd = inst.periods.len();
            let mut total = 0u64;
            for q in placed {
                let b = busy[q.day];
                let (first, last) = (inst.period_of(q.start), inst.period_of(q.end - 1));
                let before = first > 0 && b >> (first - 1) & 1 == 1;
                let after = last + 1 < ppd && b >> (last + 1) & 1 == 1;
                if !before && !after {
                    total += 1;
                    note(&mut details, || {
                        format!(
                            "{}: {} alone at {}",
                            who(),
                            name(q),
                            inst.slot_name(q.start)
                        )
                    });
                }
            }
            // Each period still to place may join up to two of these.
            total.saturating_sub(2 * missing)
        }
        Kind::AvoidRooms(rooms) => {
            let mut total = 0;
            for q in placed {
                if let Some(r) = q.room.filter(|&r| rooms[r]) {
                    total += 1;
                    note(&mut details, || {
                        format!("{} in {}", name(q), inst.rooms[r].id)
                    });
                }
            }
            total
        }
        Kind::MixedDurations => {
            let mut seen: std::collections::BTreeMap<(usize, usize), Vec<u32>> = Default::default();
            for q in placed {
                if let Some(r) = q.room {
                    let ev = &inst.events[q.event];
                    let len = ev.minutes.unwrap_or(ev.duration * 60);
                    seen.entry((r, q.start)).or_default().push(len);
                }
            }
            let mut total = 0;
            for ((r, s), mut lens) in seen {
                lens.sort_unstable();
                lens.dedup();
                if lens.len() > 1 {
                    total += lens.len() as u64 - 1;
                    note(&mut details, || {
                        format!(
                            "{} at {}: {} different lengths",
                            inst.rooms[r].id,
                            inst.slot_name(s),
                            lens.len()
                        )
                    });
                }
            }
            total
        }
    }
}

/// Every hard violation of `tt`: the implicit rules (each occurrence placed in its allowed
/// slots, within its day, outside blocked and unavailable slots, in a suitable free room; no
/// resource or room double-booked) and the hard requirements. Empty when the timetable is
/// valid.
pub fn verify(inst: &Instance, tt: &Timetable) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut bad = |rule: &str, message: String| {
        out.push(Violation {
            rule: rule.to_string(),
            message,
        })
    };
    let n = inst.num_slots();
    if tt.placements.len() != inst.occurrences.len() {
        bad(
            "placements",
            format!(
                "{} placements for {} occurrences",
                tt.placements.len(),
                inst.occurrences.len()
            ),
        );
        return out;
    }
    // Per occurrence.
    for (o, pl) in tt.placements.iter().enumerate() {
        let e = inst.occurrences[o].event;
        let ev = &inst.events[e];
        let who = inst.occurrence_name(o);
        let Some(cover) = inst.covered(e, pl.start).filter(|_| pl.start < n) else {
            bad(
                "calendar",
                format!(
                    "{who} starts at slot {} and does not fit in its day",
                    pl.start
                ),
            );
            continue;
        };
        let at = inst.slot_name(pl.start);
        for s in cover.clone() {
            if inst.blocked[s] {
                bad(
                    "blocked",
                    format!("{who} at {at} uses the blocked slot {}", inst.slot_name(s)),
                );
            }
            for &r in &ev.uses {
                if inst.resources[r].unavailable[s] {
                    bad(
                        "availability",
                        format!(
                            "{who} at {at}: {} {} is unavailable at {}",
                            inst.resources[r].kind.noun(),
                            inst.resources[r].id,
                            inst.slot_name(s)
                        ),
                    );
                }
            }
        }
        if let Some(m) = ev.minutes
            && inst.periods[inst.period_of(pl.start)]
                .minutes
                .is_some_and(|len| len < m)
        {
            bad(
                "duration",
                format!(
                    "{who} lasts {m} minutes; period {} is shorter",
                    inst.periods[inst.period_of(pl.start)].id
                ),
            );
        }
        if ev.allowed.as_ref().is_some_and(|a| !a[pl.start]) {
            bad(
                "allowed",
                format!("{who} at {at}, which is not among its allowed slots"),
            );
        }
        if ev.forbidden[pl.start] {
            bad(
                "forbidden",
                format!("{who} at {at}, which is forbidden for it"),
            );
        }
        match (&ev.room, pl.room) {
            (RoomNeed::None, None) => {}
            (RoomNeed::None, Some(r)) => bad(
                "rooms",
                format!(
                    "{who} needs no room but is in {}",
                    inst.rooms.get(r).map_or("?", |x| &x.id)
                ),
            ),
            (_, None) => bad("rooms", format!("{who} needs a room and has none")),
            (_, Some(r)) if r >= inst.rooms.len() || !inst.room_suits(e, r) => bad(
                "rooms",
                format!("{who} is in a room that does not suit it (seats or features)"),
            ),
            (_, Some(r)) => {
                for s in cover {
                    if inst.rooms[r].unavailable[s] {
                        bad(
                            "availability",
                            format!(
                                "{who} at {at}: room {} is unavailable at {}",
                                inst.rooms[r].id,
                                inst.slot_name(s)
                            ),
                        );
                    }
                }
            }
        }
    }
    // Fixed starts: each listed slot is the start of some occurrence of the event.
    for ev in &inst.events {
        let mut starts: Vec<Slot> = (ev.first..ev.first + ev.count)
            .map(|o| tt.placements[o].start)
            .collect();
        for &f in &ev.fixed {
            if let Some(i) = starts.iter().position(|&s| s == f) {
                starts.swap_remove(i);
            } else {
                bad(
                    "fixed",
                    format!(
                        "{} is fixed at {} but no occurrence is there",
                        ev.id,
                        inst.slot_name(f)
                    ),
                );
            }
        }
    }
    // No resource in two places: per resource and slot, who is there.
    let mut holder: Vec<Option<usize>> = vec![None; inst.resources.len() * n];
    for (o, pl) in tt.placements.iter().enumerate() {
        let e = inst.occurrences[o].event;
        let Some(cover) = inst.covered(e, pl.start).filter(|_| pl.start < n) else {
            continue;
        };
        for s in cover {
            for &r in &inst.events[e].uses {
                match holder[r * n + s] {
                    Some(other) => bad(
                        "no clash",
                        format!(
                            "{} {} has {} and {} at {}",
                            inst.resources[r].kind.noun(),
                            inst.resources[r].id,
                            inst.occurrence_name(other),
                            inst.occurrence_name(o),
                            inst.slot_name(s)
                        ),
                    ),
                    None => holder[r * n + s] = Some(o),
                }
            }
        }
    }
    // Rooms: one event at a time (courses) or seats (exams).
    let mut seats: Vec<(u64, Option<usize>)> = vec![(0, None); inst.rooms.len() * n];
    for (o, pl) in tt.placements.iter().enumerate() {
        let e = inst.occurrences[o].event;
        let (Some(r), Some(cover)) = (
            pl.room.filter(|&r| r < inst.rooms.len()),
            inst.covered(e, pl.start).filter(|_| pl.start < n),
        ) else {
            continue;
        };
        for s in cover {
            let cell = &mut seats[r * n + s];
            let clash = match inst.style {
                Style::Course => cell.1.is_some(),
                Style::Exam => {
                    cell.0 + u64::from(inst.events[e].size) > u64::from(inst.rooms[r].capacity)
                }
            };
            if clash {
                let what = match inst.style {
                    Style::Course => format!(
                        "room {} has {} and {} at {}",
                        inst.rooms[r].id,
                        inst.occurrence_name(cell.1.unwrap_or(o)),
                        inst.occurrence_name(o),
                        inst.slot_name(s)
                    ),
                    Style::Exam => format!(
                        "room {} has more than its {} seats at {} (with {})",
                        inst.rooms[r].id,
                        inst.rooms[r].capacity,
                        inst.slot_name(s),
                        inst.occurrence_name(o)
                    ),
                };
                bad("room clash", what);
            }
            cell.0 += u64::from(inst.events[e].size);
            cell.1 = Some(o);
        }
    }
    // Hard requirements.
    for (i, req) in inst.hard.iter().enumerate() {
        for u in units(inst, req, i) {
            let mut details = Vec::new();
            if u.violations(inst, req, tt, Some(&mut details)) > 0 {
                for d in details {
                    bad(&format!("{} ({})", req.path, req.kind.name()), d);
                }
            }
        }
    }
    out
}

/// The soft cost of `tt`, itemised by requirement, each violation in words.
pub fn cost(inst: &Instance, tt: &Timetable) -> CostReport {
    let mut report = CostReport::default();
    for (i, req) in inst.soft.iter().enumerate() {
        let mut details = Vec::new();
        // Saturating: an instance within [`cost_bound`] never gets near the ceiling.
        let violations: u64 = units(inst, req, i)
            .iter()
            .map(|u| u.violations(inst, req, tt, Some(&mut details)))
            .fold(0, u64::saturating_add);
        let cost = violations.saturating_mul(req.weight);
        report.total = report.total.saturating_add(cost);
        report.items.push(CostItem {
            path: req.path.clone(),
            kind: req.kind.name(),
            weight: req.weight,
            violations,
            cost,
            details,
        });
    }
    report
}
