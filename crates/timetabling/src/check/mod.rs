//! The independent checker: a timetable's hard violations ([`verify()`]) and its soft cost,
//! itemised ([`cost()`]), computed from the instance's definitions alone, without the engine.
//!
//! Each requirement is split into *units* (one per resource, per event set, or one for the
//! whole timetable) whose violations depend only on the placements of the unit's
//! occurrences. The local search uses the same units to price a move by re-evaluating the
//! units the moved occurrences belong to; the branch and bound uses [`Unit::lower_bound`] on
//! partial timetables.

mod bound;
mod cost;
mod evaluate;
mod lower_bound;
mod unit;
mod verify;

pub use bound::{MAX_COST, cost_bound, cost_bound_message};
pub use cost::cost;
pub use unit::{Placements, Scratch, Unit, units};
pub use verify::verify;
