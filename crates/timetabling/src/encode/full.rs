//! Building the model, step by step: each event's variables, no clash per resource, the
//! rooms, then each hard requirement.

use super::cut::LowerBoundCut;
use super::parts::{Part, open_start};
use super::{EncodeError, Encoding, POLL_EVERY, TooLarge, check_size};
use crate::check::{Unit, units};
use crate::instance::{Instance, Kind, Requirement, RoomNeed, Slot, Style};
use csp_core::{Domain, Model, Value, VarId};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

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
    deadline: Option<Instant>,
) -> Result<Encoding, EncodeError> {
    check_size(inst)?;
    let mut b = Builder {
        inst,
        off,
        deadline,
        m: Model::new(),
        start: Vec::with_capacity(inst.occurrences.len()),
        place: Vec::with_capacity(inst.occurrences.len()),
        day_var: HashMap::new(),
    };
    for e in 0..inst.events.len() {
        b.late()?;
        b.event(e, !unordered.contains(&e))?;
    }
    b.resources()?;
    b.rooms()?;
    for (i, req) in inst.hard.iter().enumerate() {
        if off.contains(&Part::Hard(i)) {
            continue;
        }
        b.late()?;
        b.requirement(i, req)?;
    }
    Ok(Encoding {
        model: b.m,
        start: b.start,
        place: b.place,
        slots: inst.num_slots(),
    })
}

/// The model being built.
struct Builder<'a> {
    inst: &'a Arc<Instance>,
    off: &'a HashSet<Part>,
    deadline: Option<Instant>,
    m: Model,
    start: Vec<VarId>,
    place: Vec<Option<VarId>>,
    /// The day variable of an occurrence, made on first use.
    day_var: HashMap<usize, VarId>,
}

impl Builder<'_> {
    /// Stopped when the deadline has passed (or a stop was requested).
    fn late(&self) -> Result<(), EncodeError> {
        if csp_core::termination::past(self.deadline) {
            Err(EncodeError::Stopped)
        } else {
            Ok(())
        }
    }

    fn dur(&self, o: usize) -> u32 {
        self.inst.event_of(o).duration
    }

    /// Event `e`'s variables: a start per occurrence over its open slots (the fixed one for
    /// a fixed occurrence), a place when it needs a room; its occurrences in increasing
    /// order when `ordered` (the fixed ones come first).
    fn event(&mut self, e: usize, ordered: bool) -> Result<(), EncodeError> {
        let (inst, off) = (self.inst, self.off);
        let ev = &inst.events[e];
        let n = inst.num_slots();
        let mut open: Vec<Slot> = Vec::new();
        for s in 0..n {
            // Open-start tests walk the event's resources and rooms: poll inside long calendars.
            if s % POLL_EVERY == POLL_EVERY - 1 {
                self.late()?;
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
        let event_places = self.places(e, &open);
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
            let t = new_var(&mut self.m, &name, starts)?;
            self.start.push(t);
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
                    &mut self.m,
                    &format!("{name}@room"),
                    places.iter().map(|p| p.0).collect(),
                )?;
                posted(self.m.map(p, t, places))?;
                self.place.push(Some(p));
            } else {
                self.place.push(None);
            }
        }
        let d = ev.duration as Value;
        let free: Vec<usize> =
            (ev.first + fixed.len().min(ev.count)..ev.first + ev.count).collect();
        if ordered {
            for w in free.windows(2) {
                posted(self.m.precedence(self.start[w[0]], self.start[w[1]], d))?;
            }
        }
        if (!fixed.is_empty() || !ordered) && ev.count > 1 {
            let all: Vec<VarId> = (ev.first..ev.first + ev.count)
                .map(|o| self.start[o])
                .collect();
            posted(self.m.no_overlap(&all, &vec![ev.duration; all.len()]))?;
        }
        Ok(())
    }

    /// Every (place, start) of event `e` from its `open` starts, once, in increasing place
    /// order (rooms outer, starts inner): building domains and maps from sorted pairs stays
    /// linear.
    fn places(&self, e: usize, open: &[Slot]) -> Vec<(Value, Value)> {
        let (inst, off) = (self.inst, self.off);
        let ev = &inst.events[e];
        if ev.room == RoomNeed::None {
            return Vec::new();
        }
        let n = inst.num_slots();
        let d = ev.duration as usize;
        (0..inst.rooms.len())
            .filter(|&r| inst.room_suits(e, r))
            .flat_map(|r| {
                open.iter()
                    .filter(move |&&s| {
                        off.contains(&Part::RoomUnavailable(r))
                            || (s..s + d).all(|t| !inst.rooms[r].unavailable[t])
                    })
                    .map(move |&s| ((r * n + s) as Value, s as Value))
            })
            .collect()
    }

    /// All-different when every task lasts one period, otherwise no-overlap.
    fn no_overlap(&mut self, occs: &[usize], durs: &[u32]) -> Result<(), EncodeError> {
        if occs.len() < 2 {
            return Ok(());
        }
        let vars: Vec<VarId> = occs.iter().map(|&o| self.start[o]).collect();
        posted(if durs.iter().all(|&d| d == 1) {
            self.m.all_different(&vars)
        } else {
            self.m.no_overlap(&vars, durs)
        })
    }

    /// No clash per resource (identical sets of occurrences once).
    fn resources(&mut self) -> Result<(), EncodeError> {
        let inst = self.inst;
        let mut seen: HashSet<Vec<usize>> = HashSet::new();
        for events in inst.events_by_resource() {
            self.late()?;
            let occs: Vec<usize> = events
                .iter()
                .flat_map(|&e| inst.occurrences_of(e))
                .collect();
            if occs.len() < 2 || !seen.insert(occs.clone()) {
                continue;
            }
            let durs: Vec<u32> = occs.iter().map(|&o| self.dur(o)).collect();
            self.no_overlap(&occs, &durs)?;
        }
        Ok(())
    }

    /// Rooms: no-overlap over places (courses), or per room and slot a weighted at-most over
    /// seats (exams).
    fn rooms(&mut self) -> Result<(), EncodeError> {
        let inst = self.inst;
        let n = inst.num_slots();
        let roomed: Vec<usize> = (0..inst.occurrences.len())
            .filter(|&o| self.place[o].is_some())
            .collect();
        match inst.style {
            Style::Course => {
                let vars: Vec<VarId> = roomed.iter().filter_map(|&o| self.place[o]).collect();
                let durs: Vec<u32> = roomed.iter().map(|&o| self.dur(o)).collect();
                if vars.len() >= 2 {
                    posted(self.m.no_overlap(&vars, &durs))?;
                }
            }
            Style::Exam => {
                for r in 0..inst.rooms.len() {
                    for s in 0..n {
                        self.late()?;
                        self.seats(r, s, &roomed)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Exams: the occurrences that may be in room `r` at slot `s` fit its seats.
    fn seats(&mut self, r: usize, s: Slot, roomed: &[usize]) -> Result<(), EncodeError> {
        let inst = self.inst;
        let n = inst.num_slots();
        let mut vars = Vec::new();
        let mut weights = Vec::new();
        let mut values = Vec::new();
        for &o in roomed {
            let Some(p) = self.place[o] else { continue };
            let d = self.dur(o) as usize;
            let covering: Vec<Value> = (s.saturating_sub(d - 1)..=s)
                .map(|t| (r * n + t) as Value)
                .filter(|&v| self.m.domain(p).contains(v))
                .collect();
            if !covering.is_empty() {
                vars.push(p);
                weights.push(inst.event_of(o).size);
                values.extend(covering);
            }
        }
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        let capacity = u64::from(inst.rooms[r].capacity);
        if total > capacity {
            posted(self.m.at_most(&vars, &weights, &values, capacity))?;
        }
        Ok(())
    }

    /// Occurrence `o`'s day, a variable mapped from its start.
    fn day_of(&mut self, o: usize) -> Result<VarId, EncodeError> {
        if let Some(&d) = self.day_var.get(&o) {
            return Ok(d);
        }
        let ppd = self.inst.periods_per_day() as Value;
        let t = self.start[o];
        let pairs: Vec<(Value, Value)> = self.m.domain(t).iter().map(|s| (s, s / ppd)).collect();
        let d = new_var(
            &mut self.m,
            &format!("{}.day", self.inst.occurrence_name(o)),
            pairs.iter().map(|p| p.1).collect(),
        )?;
        posted(self.m.map(t, d, pairs))?;
        self.day_var.insert(o, d);
        Ok(d)
    }

    /// Hard requirement `i`: the engine's constraints where one fits, else a checker that
    /// fails as soon as the fixed occurrences break it.
    fn requirement(&mut self, i: usize, req: &Requirement) -> Result<(), EncodeError> {
        let inst = self.inst;
        let us = units(inst, req, i);
        match &req.kind {
            Kind::DifferentDays(_) => {
                for u in &us {
                    let days = u
                        .occs
                        .iter()
                        .map(|&o| self.day_of(o))
                        .collect::<Result<Vec<VarId>, _>>()?;
                    if days.len() >= 2 {
                        posted(self.m.all_different(&days))?;
                    }
                }
            }
            Kind::SameDay(_) => self.same_day(req, &us)?,
            Kind::NotSameDay(_) => {
                for u in &us {
                    for (a, &x) in u.occs.iter().enumerate() {
                        for &y in &u.occs[a + 1..] {
                            if inst.occurrences[x].event != inst.occurrences[y].event {
                                let (dx, dy) = (self.day_of(x)?, self.day_of(y)?);
                                posted(self.m.not_equal(dx, dy))?;
                            }
                        }
                    }
                }
            }
            Kind::SameSlot(l) => {
                for &e in &l[1..] {
                    for k in 0..inst.events[e].count {
                        let (a, b) = (
                            self.start[inst.events[l[0]].first + k],
                            self.start[inst.events[e].first + k],
                        );
                        let pairs: Vec<(Value, Value)> =
                            self.m.domain(a).iter().map(|s| (s, s)).collect();
                        posted(self.m.map(a, b, pairs))?;
                    }
                }
            }
            Kind::DifferentSlot(_) => {
                for u in &us {
                    let durs: Vec<u32> = u.occs.iter().map(|&o| self.dur(o)).collect();
                    self.no_overlap(&u.occs, &durs)?;
                }
            }
            Kind::Precedence { before, after } => {
                for a in inst.occurrences_of(*before) {
                    for b in inst.occurrences_of(*after) {
                        let d = self.dur(a) as Value;
                        posted(self.m.precedence(self.start[a], self.start[b], d))?;
                    }
                }
            }
            Kind::MinGap(_, g) => {
                for u in &us {
                    let vars: Vec<VarId> = u.occs.iter().map(|&o| self.start[o]).collect();
                    // A gap longer than the calendar keeps the occurrences apart just as well.
                    let durs: Vec<u32> = u
                        .occs
                        .iter()
                        .map(|&o| self.dur(o).saturating_add(*g))
                        .collect();
                    if vars.len() >= 2 {
                        posted(self.m.no_overlap(&vars, &durs))?;
                    }
                }
            }
            Kind::MaxPerDay(_, v) => self.at_most(&us, Some(*v), None)?,
            Kind::MaxPerWeek(_, v) => self.at_most(&us, None, Some(*v))?,
            _ => {
                for u in us {
                    let c = LowerBoundCut::new(
                        inst,
                        &self.place,
                        &self.start,
                        vec![(req.clone(), u)],
                        Arc::new(AtomicU64::new(1)),
                    );
                    posted(self.m.post(c))?;
                }
            }
        }
        Ok(())
    }

    /// `same_day`: every start maps to one day variable per unit.
    fn same_day(&mut self, req: &Requirement, us: &[Unit]) -> Result<(), EncodeError> {
        let ppd = self.inst.periods_per_day() as Value;
        for u in us {
            let d = new_var(
                &mut self.m,
                &format!("{}.day", req.path),
                (0..self.inst.days.len() as Value).collect(),
            )?;
            for &o in &u.occs {
                let pairs: Vec<(Value, Value)> = self
                    .m
                    .domain(self.start[o])
                    .iter()
                    .map(|s| (s, s / ppd))
                    .collect();
                posted(self.m.map(self.start[o], d, pairs))?;
            }
        }
        Ok(())
    }

    /// `max_per_day` (a weighted at-most per day) and `max_per_week` (over the week), with
    /// the occurrences' durations as weights.
    fn at_most(
        &mut self,
        us: &[Unit],
        per_day: Option<u32>,
        per_week: Option<u32>,
    ) -> Result<(), EncodeError> {
        let (n, ppd) = (self.inst.num_slots(), self.inst.periods_per_day());
        for u in us {
            let vars: Vec<VarId> = u.occs.iter().map(|&o| self.start[o]).collect();
            let w: Vec<u32> = u.occs.iter().map(|&o| self.dur(o)).collect();
            if let Some(v) = per_day {
                for d in 0..self.inst.days.len() {
                    let day: Vec<Value> = (d * ppd..(d + 1) * ppd).map(|s| s as Value).collect();
                    posted(self.m.at_most(&vars, &w, &day, u64::from(v)))?;
                }
            }
            if let Some(v) = per_week {
                let all: Vec<Value> = (0..n as Value).collect();
                posted(self.m.at_most(&vars, &w, &all, u64::from(v)))?;
            }
        }
        Ok(())
    }
}

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
