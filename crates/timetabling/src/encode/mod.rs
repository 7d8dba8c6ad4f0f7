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

mod cut;
mod full;
mod parts;

pub use cut::LowerBoundCut;
pub use full::encode_full;
pub use parts::{Closed, Part, open_start, parts};

use crate::answer::{Placement, Timetable};
use crate::instance::{Instance, RoomNeed, Style};
use csp_core::{Model, Solution, Value, VarId};
use std::collections::HashSet;
use std::sync::Arc;
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
    pub(super) slots: usize,
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
pub(super) fn placement_of(v: Value, roomed: bool, slots: usize) -> Placement {
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

/// How many slots an encoder's loop handles between two deadline polls.
pub(super) const POLL_EVERY: usize = 4096;
