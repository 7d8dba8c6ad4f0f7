//! The most a timetable of a problem can cost: a problem whose weights and penalties would
//! let a cost pass [`crate::check::MAX_COST`] is refused when read (as the other formats
//! are), so every cost the solver sums and the validator prints is exact.

use super::{Constraint, Itc2019};

/// An upper bound on the weighted cost of any timetable of `p` whose students attend only
/// classes of the courses they ask for (saturating at `u64::MAX`).
pub fn ceiling(p: &Itc2019) -> u64 {
    let w = p.weights;
    let time: u64 = p
        .classes
        .iter()
        .map(|c| c.times.iter().map(|t| u64::from(t.1)).max().unwrap_or(0))
        .fold(0, u64::saturating_add);
    let room: u64 = p
        .classes
        .iter()
        .map(|c| c.rooms.iter().map(|r| u64::from(r.1)).max().unwrap_or(0))
        .fold(0, u64::saturating_add);
    let distribution = p
        .distributions
        .iter()
        .filter(|d| !d.required)
        .map(|d| {
            let units = most_violations(p, d.kind, d.classes.len() as u64);
            d.kind.cost(d.penalty, units, p.weeks)
        })
        .fold(0, u64::saturating_add);
    let student = p
        .students
        .iter()
        .map(|s| {
            let classes = s.courses.iter().map(|&k| most_classes(p, k));
            pairs(classes.fold(0, u64::saturating_add))
        })
        .fold(0, u64::saturating_add);
    [
        (time, w.time),
        (room, w.room),
        (distribution, w.distribution),
        (student, w.student),
    ]
    .iter()
    .map(|&(units, weight)| units.saturating_mul(weight))
    .fold(0, u64::saturating_add)
}

/// The most violations a distribution of `n` classes of type `kind` can count.
fn most_violations(p: &Itc2019, kind: Constraint, n: u64) -> u64 {
    let days = p.days as u64;
    let day_weeks = days.saturating_mul(p.weeks as u64);
    match kind {
        Constraint::MaxDays(_) => days,
        // Each day's load is at most every class's whole day.
        Constraint::MaxDayLoad(_) => n
            .saturating_mul(u64::from(p.slots_per_day))
            .saturating_mul(day_weeks),
        // At most one break or block per class a day.
        Constraint::MaxBreaks(..) | Constraint::MaxBlock(..) => n.saturating_mul(day_weeks),
        _ => pairs(n),
    }
}

/// The most classes a student of course `k` attends: one of each subpart of its largest
/// configuration.
fn most_classes(p: &Itc2019, k: usize) -> u64 {
    p.courses[k]
        .configs
        .iter()
        .map(|c| c.subparts.len() as u64)
        .max()
        .unwrap_or(0)
}

/// The pairs of `n` things.
fn pairs(n: u64) -> u64 {
    n.saturating_mul(n.saturating_sub(1)) / 2
}
