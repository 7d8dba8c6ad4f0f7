//! The instance on the engine: a start-slot variable per occurrence, a place variable
//! (`room × slots + slot`) per occurrence that needs a room, and the constraints that make
//! every solution a valid timetable.
//!
//! * Unary pruning first: starts that leave the day, touch a blocked slot or a slot where one
//!   of the event's resources (or every suitable room) is unavailable, or that `allowed` /
//!   `forbidden` exclude, never enter a domain.
//! * No clash: per resource, all-different over start slots when all its lessons last one
//!   period, otherwise no-overlap with durations. Rooms: no-overlap over places (a room's
//!   slots are one stretch of the place line), or per room and slot a weighted at-most over
//!   seats for exams.
//! * `different_days` is all-different over day variables tied to the start slots by a map
//!   (the pigeonhole on days that pairwise `≠` cannot see); `same_day` maps every start to one
//!   day variable; `precedence` is `x + d ≤ y`; `min_gap` a no-overlap with lengthened
//!   tasks; `max_per_day` a weighted at-most per day; the other kinds, when hard, a checker
//!   over their occurrences that fails as soon as the fixed ones break them.
//! * An event's occurrences are interchangeable: they are ordered by start.

use crate::answer::{Placement, Timetable};
use crate::check::{Placements, Unit, units};
use crate::instance::{Instance, Kind, RoomNeed, Slot, Style};
use csp_core::constraint::Constraint;
use csp_core::propagation::{Conflict, Propagator, PropagatorOptions, Wake};
use csp_core::{Domain, DomainStore, Model, Solution, Value, VarId};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use thiserror::Error;

/// An instance whose model would pass one of the engine's caps (domain span, total span,
/// placements): refused with the reason, never encoded as a different model.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("too large to encode: {0}")]
pub struct TooLarge(pub String);

/// Why an instance has no encoding.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EncodeError {
    /// Past an engine cap.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// The deadline passed (or a stop was requested) while it was being built.
    #[error("stopped while encoding")]
    Stopped,
}

/// A requirement that can be switched off, for explanations: a hard requirement, one
/// resource's or room's availability, the blocked slots, one event's fixed / allowed /
/// forbidden slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// `constraints.hard[i]` (and the implicit load caps after them).
    Hard(usize),
    /// The `unavailable` slots of resource `r`.
    Unavailable(usize),
    /// The `unavailable` slots of room `r`.
    RoomUnavailable(usize),
    /// `calendar.blocked`.
    Blocked,
    /// The `fixed` slots of event `e`.
    Fixed(usize),
    /// The `allowed` slots of event `e`.
    Allowed(usize),
    /// The `forbidden` slots of event `e`.
    Forbidden(usize),
}

/// The parts an instance has (every one that is not empty).
pub fn parts(inst: &Instance) -> Vec<Part> {
    let mut out: Vec<Part> = (0..inst.hard.len()).map(Part::Hard).collect();
    out.extend(
        (0..inst.resources.len())
            .filter(|&r| inst.resources[r].unavailable.contains(&true))
            .map(Part::Unavailable),
    );
    out.extend(
        (0..inst.rooms.len())
            .filter(|&r| inst.rooms[r].unavailable.contains(&true))
            .map(Part::RoomUnavailable),
    );
    if inst.blocked.contains(&true) {
        out.push(Part::Blocked);
    }
    for (e, ev) in inst.events.iter().enumerate() {
        if !ev.fixed.is_empty() {
            out.push(Part::Fixed(e));
        }
        if ev.allowed.is_some() {
            out.push(Part::Allowed(e));
        }
        if ev.forbidden.contains(&true) {
            out.push(Part::Forbidden(e));
        }
    }
    out
}

/// Why a start slot is not open to an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Closed {
    /// It would run past the end of the day.
    PastDayEnd,
    /// A covered slot is blocked.
    Blocked(Slot),
    /// Resource `r` is unavailable at a covered slot.
    Unavailable(usize, Slot),
    /// The period is shorter than the event's minutes.
    TooShort,
    /// Not among `allowed`.
    NotAllowed,
    /// In `forbidden`.
    Forbidden,
    /// No suitable room is free for the whole occurrence.
    NoRoom,
}

/// Whether event `e` may start at `s` as far as unary rules go, with the parts in `off`
/// switched off; the first reason when not.
pub fn open_start(inst: &Instance, e: usize, s: Slot, off: &HashSet<Part>) -> Result<(), Closed> {
    let ev = &inst.events[e];
    let Some(cover) = inst.covered(e, s) else {
        return Err(Closed::PastDayEnd);
    };
    if !off.contains(&Part::Allowed(e)) && ev.allowed.as_ref().is_some_and(|a| !a[s]) {
        return Err(Closed::NotAllowed);
    }
    if !off.contains(&Part::Forbidden(e)) && ev.forbidden[s] {
        return Err(Closed::Forbidden);
    }
    if let Some(m) = ev.minutes
        && inst.periods[inst.period_of(s)]
            .minutes
            .is_some_and(|len| len < m)
    {
        return Err(Closed::TooShort);
    }
    for t in cover.clone() {
        if !off.contains(&Part::Blocked) && inst.blocked[t] {
            return Err(Closed::Blocked(t));
        }
        for &r in &ev.uses {
            if !off.contains(&Part::Unavailable(r)) && inst.resources[r].unavailable[t] {
                return Err(Closed::Unavailable(r, t));
            }
        }
    }
    if ev.room != RoomNeed::None && rooms_open(inst, e, s, off).next().is_none() {
        return Err(Closed::NoRoom);
    }
    Ok(())
}

/// The rooms that suit event `e` and are free of unavailability for an occurrence at `s`.
fn rooms_open<'a>(
    inst: &'a Instance,
    e: usize,
    s: Slot,
    off: &'a HashSet<Part>,
) -> impl Iterator<Item = usize> + 'a {
    let cover = inst.covered(e, s).unwrap_or(s..s);
    (0..inst.rooms.len()).filter(move |&r| {
        inst.room_suits(e, r)
            && (off.contains(&Part::RoomUnavailable(r))
                || cover.clone().all(|t| !inst.rooms[r].unavailable[t]))
    })
}

/// Most candidate placements (start slots, times rooms where one is needed, times the slots
/// an exam covers, summed over the occurrences) an encoding may hold: about 1 GB of domains
/// and tables at the limit.
pub const MAX_PLACEMENTS: u64 = 60_000_000;

/// An upper bound on the candidate placements of the encoding, or the reason it is too large.
/// [`encode_full`] checks it first; callers may check it early, before spending time.
pub fn check_size(inst: &Instance) -> Result<u64, TooLarge> {
    let n = inst.num_slots() as u64;
    let mut total = 0u64;
    for (e, ev) in inst.events.iter().enumerate() {
        let rooms = if ev.room == RoomNeed::None {
            1
        } else {
            let suits: Vec<usize> = (0..inst.rooms.len())
                .filter(|&r| inst.room_suits(e, r))
                .collect();
            // A place is `room × slots + start`: its domain spans the suitable rooms' range.
            if let (Some(&lo), Some(&hi)) = (suits.first(), suits.last()) {
                let span = ((hi - lo + 1) as u64).saturating_mul(n);
                if span > u64::from(csp_core::domain::MAX_DOMAIN_SPAN) {
                    return Err(TooLarge(format!(
                        "event `{}` has {} suitable rooms (rooms[{lo}] to rooms[{hi}]) × {n} slots = {span} places; a domain of the engine spans at most {} values",
                        ev.id,
                        suits.len(),
                        csp_core::domain::MAX_DOMAIN_SPAN
                    )));
                }
            }
            suits.len().max(1) as u64
        };
        // Exam rooms hold seats per slot: each place is listed once per slot it covers.
        let covers = match inst.style {
            Style::Course => 1,
            Style::Exam => u64::from(ev.duration),
        };
        total = total.saturating_add(
            (ev.count as u64)
                .saturating_mul(n)
                .saturating_mul(rooms)
                .saturating_mul(covers),
        );
    }
    if total > MAX_PLACEMENTS {
        Err(TooLarge(format!(
            "up to {total} candidate placements (occurrences × slots × suitable rooms); at most {MAX_PLACEMENTS} are supported"
        )))
    } else {
        Ok(total)
    }
}

/// The model and the map back to timetables.
#[derive(Debug)]
pub struct Encoding {
    /// The model.
    pub model: Model,
    /// Start slot of each occurrence.
    pub start: Vec<VarId>,
    /// Place (`room × slots + start`) of each occurrence that needs a room.
    pub place: Vec<Option<VarId>>,
    slots: usize,
}

impl Encoding {
    /// The variable whose value says all of occurrence `o`'s placement.
    pub fn var_of(&self, o: usize) -> VarId {
        self.place[o].unwrap_or(self.start[o])
    }

    /// The placement a value of [`Encoding::var_of`] stands for.
    pub fn placement(&self, o: usize, v: Value) -> Placement {
        placement_of(v, self.place[o].is_some(), self.slots)
    }

    /// The value of [`Encoding::var_of`] for a placement.
    pub fn value_of(&self, o: usize, p: Placement) -> Value {
        match (self.place[o], p.room) {
            (Some(_), Some(r)) => (r * self.slots + p.start) as Value,
            _ => p.start as Value,
        }
    }

    /// The pairs that fix occurrences to placements (for pinning), skipping the ones no
    /// timetable can keep: a value not in the domain, or a room given to an event without
    /// one (or none to an event with one).
    pub fn pins(&self, pins: &[(usize, Placement)]) -> Vec<(VarId, Value)> {
        pins.iter()
            .filter(|&&(o, p)| self.place[o].is_some() == p.room.is_some())
            .map(|&(o, p)| (self.var_of(o), self.value_of(o, p)))
            .filter(|&(x, v)| self.model.domain(x).contains(v))
            .collect()
    }
}

/// The placement a value stands for: a place (`room × slots + start`) or a start slot.
fn placement_of(v: Value, roomed: bool, slots: usize) -> Placement {
    let v = v as usize;
    if roomed {
        Placement {
            start: v % slots,
            room: Some(v / slots),
        }
    } else {
        Placement {
            start: v,
            room: None,
        }
    }
}

/// The timetable a solution stands for.
pub fn decode(enc: &Encoding, sol: &Solution) -> Timetable {
    Timetable {
        placements: (0..enc.start.len())
            .map(|o| enc.placement(o, sol.value(enc.var_of(o))))
            .collect(),
    }
}

/// Encodes the instance with every part on.
pub fn encode(inst: &Arc<Instance>) -> Result<Encoding, EncodeError> {
    encode_with(inst, &HashSet::new())
}

/// Encodes the instance with the parts in `off` switched off (for explanations).
pub fn encode_with(inst: &Arc<Instance>, off: &HashSet<Part>) -> Result<Encoding, EncodeError> {
    encode_full(inst, off, &HashSet::new(), None)
}

/// Encodes the instance with the parts in `off` switched off, leaving the occurrences of the
/// events in `unordered` in any order (events with pinned occurrences: a pin names an
/// occurrence, whatever its rank among the others).
///
/// Fails with [`EncodeError::Stopped`] when `deadline` passes (or a stop is requested) before
/// it is built, and with [`EncodeError::TooLarge`] when the model would pass an engine cap.
pub fn encode_full(
    inst: &Arc<Instance>,
    off: &HashSet<Part>,
    unordered: &HashSet<usize>,
    deadline: Option<std::time::Instant>,
) -> Result<Encoding, EncodeError> {
    check_size(inst)?;
    let late = || {
        if csp_core::termination::past(deadline) {
            Err(EncodeError::Stopped)
        } else {
            Ok(())
        }
    };
    let n = inst.num_slots();
    let mut m = Model::new();
    let mut start = Vec::with_capacity(inst.occurrences.len());
    let mut place = Vec::with_capacity(inst.occurrences.len());
    for (e, ev) in inst.events.iter().enumerate() {
        late()?;
        let mut open: Vec<Slot> = Vec::new();
        for s in 0..n {
            // Open-start tests walk the event's resources and rooms: poll inside long calendars.
            if s % POLL_EVERY == POLL_EVERY - 1 {
                late()?;
            }
            if open_start(inst, e, s, off).is_ok() {
                open.push(s);
            }
        }
        let mut fixed = if off.contains(&Part::Fixed(e)) {
            vec![]
        } else {
            ev.fixed.clone()
        };
        fixed.sort_unstable();
        // Every (place, start) of the event, once, in increasing place order (rooms outer,
        // starts inner): building domains and maps from sorted pairs stays linear.
        let event_places: Vec<(Value, Value)> = if ev.room == RoomNeed::None {
            Vec::new()
        } else {
            let suits: Vec<usize> = (0..inst.rooms.len())
                .filter(|&r| inst.room_suits(e, r))
                .collect();
            let d = ev.duration as usize;
            suits
                .iter()
                .flat_map(|&r| {
                    open.iter()
                        .filter(move |&&s| {
                            off.contains(&Part::RoomUnavailable(r))
                                || (s..s + d).all(|t| !inst.rooms[r].unavailable[t])
                        })
                        .map(move |&s| ((r * n + s) as Value, s as Value))
                })
                .collect()
        };
        for k in 0..ev.count {
            let o = ev.first + k;
            let name = inst.occurrence_name(o);
            let starts: Vec<Value> = match fixed.get(k) {
                Some(&f) => open
                    .iter()
                    .filter(|&&s| s == f)
                    .map(|&s| s as Value)
                    .collect(),
                None => open.iter().map(|&s| s as Value).collect(),
            };
            let t = new_var(&mut m, &name, starts)?;
            start.push(t);
            if ev.room != RoomNeed::None {
                let places: Vec<(Value, Value)> = match fixed.get(k) {
                    Some(&f) => event_places
                        .iter()
                        .copied()
                        .filter(|p| p.1 == f as Value)
                        .collect(),
                    None => event_places.clone(),
                };
                let p = new_var(
                    &mut m,
                    &format!("{name}@room"),
                    places.iter().map(|p| p.0).collect(),
                )?;
                posted(m.map(p, t, places))?;
                place.push(Some(p));
            } else {
                place.push(None);
            }
        }
        // Interchangeable occurrences in increasing order (the fixed ones come first).
        let d = ev.duration as Value;
        let ordered = !unordered.contains(&e);
        let free: Vec<usize> =
            (ev.first + fixed.len().min(ev.count)..ev.first + ev.count).collect();
        if ordered {
            for w in free.windows(2) {
                posted(m.precedence(start[w[0]], start[w[1]], d))?;
            }
        }
        if (!fixed.is_empty() || !ordered) && ev.count > 1 {
            let all: Vec<VarId> = (ev.first..ev.first + ev.count).map(|o| start[o]).collect();
            posted(m.no_overlap(&all, &vec![ev.duration; all.len()]))?;
        }
    }
    let dur = |o: usize| inst.event_of(o).duration;
    let post_no_overlap = |m: &mut Model, vars: &[VarId], durs: &[u32]| {
        if vars.len() < 2 {
            return Ok(());
        }
        posted(if durs.iter().all(|&d| d == 1) {
            m.all_different(vars)
        } else {
            m.no_overlap(vars, durs)
        })
    };
    // No clash per resource (identical sets once).
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    for events in inst.events_by_resource() {
        late()?;
        let occs: Vec<usize> = events
            .iter()
            .flat_map(|&e| inst.occurrences_of(e))
            .collect();
        if occs.len() < 2 || !seen.insert(occs.clone()) {
            continue;
        }
        let vars: Vec<VarId> = occs.iter().map(|&o| start[o]).collect();
        let durs: Vec<u32> = occs.iter().map(|&o| dur(o)).collect();
        post_no_overlap(&mut m, &vars, &durs)?;
    }
    // Rooms.
    let roomed: Vec<usize> = (0..inst.occurrences.len())
        .filter(|&o| place[o].is_some())
        .collect();
    match inst.style {
        Style::Course => {
            let vars: Vec<VarId> = roomed.iter().filter_map(|&o| place[o]).collect();
            let durs: Vec<u32> = roomed.iter().map(|&o| dur(o)).collect();
            if vars.len() >= 2 {
                posted(m.no_overlap(&vars, &durs))?;
            }
        }
        Style::Exam => {
            for r in 0..inst.rooms.len() {
                for s in 0..n {
                    late()?;
                    // Occurrences that may be in room r at slot s, and their place values.
                    let mut vars = Vec::new();
                    let mut weights = Vec::new();
                    let mut values = Vec::new();
                    for &o in &roomed {
                        let Some(p) = place[o] else { continue };
                        let d = dur(o) as usize;
                        let covering: Vec<Value> = (s.saturating_sub(d - 1)..=s)
                            .map(|t| (r * n + t) as Value)
                            .filter(|&v| m.domain(p).contains(v))
                            .collect();
                        if !covering.is_empty() {
                            vars.push(p);
                            weights.push(inst.event_of(o).size);
                            values.extend(covering);
                        }
                    }
                    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
                    if total > u64::from(inst.rooms[r].capacity) {
                        posted(m.at_most(
                            &vars,
                            &weights,
                            &values,
                            u64::from(inst.rooms[r].capacity),
                        ))?;
                    }
                }
            }
        }
    }
    // Hard requirements.
    let mut day_var: HashMap<usize, VarId> = HashMap::new();
    let ppd = inst.periods_per_day();
    let mut day_of = |m: &mut Model, o: usize| -> Result<VarId, EncodeError> {
        if let Some(&d) = day_var.get(&o) {
            return Ok(d);
        }
        let t = start[o];
        let pairs: Vec<(Value, Value)> =
            m.domain(t).iter().map(|s| (s, s / ppd as Value)).collect();
        let d = new_var(
            m,
            &format!("{}.day", inst.occurrence_name(o)),
            pairs.iter().map(|p| p.1).collect(),
        )?;
        posted(m.map(t, d, pairs))?;
        day_var.insert(o, d);
        Ok(d)
    };
    for (i, req) in inst.hard.iter().enumerate() {
        if off.contains(&Part::Hard(i)) {
            continue;
        }
        late()?;
        let us = units(inst, req, i);
        match &req.kind {
            Kind::DifferentDays(_) => {
                for u in &us {
                    let days = u
                        .occs
                        .iter()
                        .map(|&o| day_of(&mut m, o))
                        .collect::<Result<Vec<VarId>, _>>()?;
                    if days.len() >= 2 {
                        posted(m.all_different(&days))?;
                    }
                }
            }
            Kind::SameDay(_) => {
                for u in &us {
                    let d = new_var(
                        &mut m,
                        &format!("{}.day", req.path),
                        (0..inst.days.len() as Value).collect(),
                    )?;
                    for &o in &u.occs {
                        let pairs: Vec<(Value, Value)> = m
                            .domain(start[o])
                            .iter()
                            .map(|s| (s, s / ppd as Value))
                            .collect();
                        posted(m.map(start[o], d, pairs))?;
                    }
                }
            }
            Kind::NotSameDay(_) => {
                for u in &us {
                    for (a, &x) in u.occs.iter().enumerate() {
                        for &y in &u.occs[a + 1..] {
                            if inst.occurrences[x].event != inst.occurrences[y].event {
                                let (dx, dy) = (day_of(&mut m, x)?, day_of(&mut m, y)?);
                                posted(m.not_equal(dx, dy))?;
                            }
                        }
                    }
                }
            }
            Kind::SameSlot(l) => {
                for &e in &l[1..] {
                    for k in 0..inst.events[e].count {
                        let (a, b) = (
                            start[inst.events[l[0]].first + k],
                            start[inst.events[e].first + k],
                        );
                        let pairs: Vec<(Value, Value)> =
                            m.domain(a).iter().map(|s| (s, s)).collect();
                        posted(m.map(a, b, pairs))?;
                    }
                }
            }
            Kind::DifferentSlot(_) => {
                for u in &us {
                    let vars: Vec<VarId> = u.occs.iter().map(|&o| start[o]).collect();
                    let durs: Vec<u32> = u.occs.iter().map(|&o| dur(o)).collect();
                    post_no_overlap(&mut m, &vars, &durs)?;
                }
            }
            Kind::Precedence { before, after } => {
                for a in inst.occurrences_of(*before) {
                    for b in inst.occurrences_of(*after) {
                        posted(m.precedence(start[a], start[b], dur(a) as Value))?;
                    }
                }
            }
            Kind::MinGap(_, g) => {
                for u in &us {
                    let vars: Vec<VarId> = u.occs.iter().map(|&o| start[o]).collect();
                    // A gap longer than the calendar keeps the occurrences apart just as well.
                    let durs: Vec<u32> =
                        u.occs.iter().map(|&o| dur(o).saturating_add(*g)).collect();
                    if vars.len() >= 2 {
                        posted(m.no_overlap(&vars, &durs))?;
                    }
                }
            }
            Kind::MaxPerDay(_, v) => {
                for u in &us {
                    let vars: Vec<VarId> = u.occs.iter().map(|&o| start[o]).collect();
                    let w: Vec<u32> = u.occs.iter().map(|&o| dur(o)).collect();
                    for d in 0..inst.days.len() {
                        let day: Vec<Value> =
                            (d * ppd..(d + 1) * ppd).map(|s| s as Value).collect();
                        posted(m.at_most(&vars, &w, &day, u64::from(*v)))?;
                    }
                }
            }
            Kind::MaxPerWeek(_, v) => {
                for u in &us {
                    let vars: Vec<VarId> = u.occs.iter().map(|&o| start[o]).collect();
                    let w: Vec<u32> = u.occs.iter().map(|&o| dur(o)).collect();
                    let all: Vec<Value> = (0..n as Value).collect();
                    posted(m.at_most(&vars, &w, &all, u64::from(*v)))?;
                }
            }
            _ => {
                for u in us {
                    let c = LowerBoundCut::new(
                        inst,
                        &place,
                        &start,
                        vec![(req.clone(), u)],
                        Arc::new(AtomicU64::new(1)),
                    );
                    posted(m.post(c))?;
                }
            }
        }
    }
    Ok(Encoding {
        model: m,
        start,
        place,
        slots: n,
    })
}

/// How many slots an encoder's loop handles between two deadline polls.
const POLL_EVERY: usize = 4096;

/// A variable over `values`. An empty list (an occurrence with no possible placement) makes
/// the model unsatisfiable: the engine refuses empty domains, so the variable gets a value
/// that is never a slot (-1) and a constraint that no value satisfies.
fn new_var(m: &mut Model, name: &str, values: Vec<Value>) -> Result<VarId, EncodeError> {
    let empty = values.is_empty();
    let d = if empty {
        Domain::from_values([-1])
    } else {
        Domain::from_values(values)
    };
    let x = m.new_var(name, d).map_err(|e| TooLarge(e.to_string()))?;
    if empty {
        posted(m.member(x, &[]))?;
    }
    Ok(x)
}

/// A constraint the encoder posted: any refusal (a cap of the engine) is the encoding's error,
/// never a constraint silently left out.
fn posted(r: Result<csp_core::ConstraintId, csp_core::ModelError>) -> Result<(), EncodeError> {
    r.map(|_| ())
        .map_err(|e| EncodeError::TooLarge(TooLarge(e.to_string())))
}

/// Requirement units checked on the engine: the constraint fails a node as soon as the
/// fixed occurrences alone make the units' weighted lower bound reach its limit. For a hard
/// requirement the limit is 1 (any violation); for the branch and bound's cost cut it is the
/// best cost found so far, which the search lowers as it finds better timetables.
#[derive(Debug, Clone)]
pub struct LowerBoundCut {
    inst: Arc<Instance>,
    units: Vec<(crate::instance::Requirement, Unit)>,
    vars: Vec<VarId>,
    /// Position of each occurrence in `vars`.
    pos: HashMap<usize, usize>,
    roomed: Vec<bool>,
    limit: Arc<AtomicU64>,
}

impl LowerBoundCut {
    /// A constraint over `units` of the given requirements, failing when their weighted lower
    /// bound (hard requirements weigh 1) reaches `limit`.
    pub fn new(
        inst: &Arc<Instance>,
        enc_place: &[Option<VarId>],
        enc_start: &[VarId],
        units: Vec<(crate::instance::Requirement, Unit)>,
        limit: Arc<AtomicU64>,
    ) -> Self {
        let mut vars = Vec::new();
        let mut pos = HashMap::new();
        let mut roomed = Vec::new();
        for (_, u) in &units {
            for &o in &u.occs {
                pos.entry(o).or_insert_with(|| {
                    vars.push(enc_place[o].unwrap_or(enc_start[o]));
                    roomed.push(enc_place[o].is_some());
                    vars.len() - 1
                });
            }
        }
        LowerBoundCut {
            inst: Arc::clone(inst),
            units,
            vars,
            pos,
            roomed,
            limit,
        }
    }

    fn lower_bound(&self, values: &[Option<Value>], d: Option<&DomainStore>) -> u64 {
        if values.iter().any(|v| v.is_some_and(|v| v < 0)) {
            return u64::MAX;
        }
        let view = UnitView {
            slots: self.inst.num_slots(),
            pos: &self.pos,
            roomed: &self.roomed,
            values,
            domains: d.map(|d| (d, self.vars.as_slice())),
        };
        let mut total = 0u64;
        for (req, u) in &self.units {
            let lb = u.lower_bound(&self.inst, req, &view);
            total = total.saturating_add(lb.saturating_mul(req.weight.max(1)));
        }
        total
    }
}

/// The placements of a constraint's occurrences given values of its variables (and, during
/// search, the domains they may still take).
struct UnitView<'a> {
    slots: usize,
    pos: &'a HashMap<usize, usize>,
    roomed: &'a [bool],
    values: &'a [Option<Value>],
    domains: Option<(&'a DomainStore, &'a [VarId])>,
}

impl Placements for UnitView<'_> {
    fn get(&self, o: usize) -> Option<Placement> {
        let &i = self.pos.get(&o)?;
        Some(placement_of(self.values[i]?, self.roomed[i], self.slots))
    }

    fn choices(&self, o: usize, f: &mut dyn FnMut(Placement)) -> bool {
        let (Some((d, vars)), Some(&i)) = (self.domains, self.pos.get(&o)) else {
            return false;
        };
        for v in d.iter(vars[i]) {
            f(placement_of(v, self.roomed[i], self.slots));
        }
        true
    }
}

impl Constraint for LowerBoundCut {
    fn kind(&self) -> &'static str {
        "timetable_requirement"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let v: Vec<Option<Value>> = values.iter().map(|&x| Some(x)).collect();
        self.lower_bound(&v, None) < self.limit.load(Ordering::Relaxed)
    }

    fn describe(&self, _: &dyn Fn(VarId) -> String) -> String {
        let names: Vec<String> = self
            .units
            .iter()
            .map(|(r, _)| format!("{} ({})", r.path, r.kind.name()))
            .collect();
        names.join(", ")
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(LowerBoundCutPropagator {
            c: self,
            values: vec![None; self.vars.len()],
        })
    }
}

#[derive(Debug)]
struct LowerBoundCutPropagator<'c> {
    c: &'c LowerBoundCut,
    values: Vec<Option<Value>>,
}

impl LowerBoundCutPropagator<'_> {
    fn ok(&mut self, d: &DomainStore) -> bool {
        for (i, &x) in self.c.vars.iter().enumerate() {
            self.values[i] = d.value(x);
        }
        self.c.lower_bound(&self.values, Some(d)) < self.c.limit.load(Ordering::Relaxed)
    }
}

impl Propagator for LowerBoundCutPropagator<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.vars
    }

    fn wake(&self) -> Wake {
        Wake::Fix
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        d.count_revision();
        if self.ok(d) { Ok(()) } else { Err(Conflict) }
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        self.ok(d)
    }
}
