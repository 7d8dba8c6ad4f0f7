//! The ceiling on soft costs, checked when an instance is read.

use super::unit::units;
use crate::instance::{Instance, Kind};

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
            let periods = u128::from(crate::instance::MAX_PERIODS as u32);
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
