//! Requirements on how occurrences spread over days and periods: a resource's load, its
//! runs and gaps, and the days an event uses.

use super::super::unit::busy_by_day;
use super::ctx::{Ctx, Notes};

/// `same_day`: every occurrence not on the busiest day.
pub(super) fn same_day(c: &Ctx<'_>, notes: &mut Notes<'_>) -> u64 {
    let mut per_day = vec![0u64; c.inst.days.len()];
    for q in c.placed {
        per_day[q.day] += 1;
    }
    let best = per_day.iter().copied().max().unwrap_or(0);
    let v = c.placed.len() as u64 - best;
    if v > 0 {
        notes.add(|| {
            format!(
                "{}: spread over {} days",
                c.who(),
                per_day.iter().filter(|&&n| n > 0).count()
            )
        });
    }
    v
}

/// `max_per_day`: each period a day beyond `v` (a resource's busy periods; for an event
/// list, the periods of its occurrences).
pub(super) fn max_per_day(c: &Ctx<'_>, notes: &mut Notes<'_>, busy: &mut Vec<u64>, v: u32) -> u64 {
    busy_by_day(c.inst, c.placed, busy);
    let mut total = 0;
    for (d, b) in busy.iter().enumerate() {
        let load = if c.unit.resource.is_some() {
            u64::from(b.count_ones())
        } else {
            c.placed
                .iter()
                .filter(|q| q.day == d)
                .map(|q| (q.end - q.start) as u64)
                .sum()
        };
        if load > u64::from(v) {
            total += load - u64::from(v);
            notes.add(|| format!("{}: {load} periods on {} (at most {v})", c.who(), c.day(d)));
        }
    }
    total
}

/// `max_per_week`: each period in the week beyond `v`, counting the unplaced ones.
pub(super) fn max_per_week(c: &Ctx<'_>, notes: &mut Notes<'_>, v: u32) -> u64 {
    let load: u64 = c
        .placed
        .iter()
        .map(|q| (q.end - q.start) as u64)
        .sum::<u64>()
        + c.missing;
    let excess = load.saturating_sub(u64::from(v));
    if excess > 0 {
        notes.add(|| format!("{}: {load} periods in the week (at most {v})", c.who()));
    }
    excess
}

/// `max_consecutive`: each busy period in a row beyond `v`.
pub(super) fn max_consecutive(
    c: &Ctx<'_>,
    notes: &mut Notes<'_>,
    busy: &mut Vec<u64>,
    v: u32,
) -> u64 {
    let periods = c.inst.periods.len();
    let mut total = 0;
    busy_by_day(c.inst, c.placed, busy);
    for (d, &b) in busy.iter().enumerate() {
        let mut run = 0u64;
        for p in 0..=periods {
            if p < periods && b >> p & 1 == 1 {
                run += 1;
            } else {
                if run > u64::from(v) {
                    total += run - u64::from(v);
                    notes.add(|| {
                        format!(
                            "{}: {run} periods in a row on {} (at most {v})",
                            c.who(),
                            c.day(d)
                        )
                    });
                }
                run = 0;
            }
        }
    }
    total
}

/// `max_gaps_per_day`: each free period between the first and last busy one beyond `v`;
/// each unplaced period may fill one.
pub(super) fn max_gaps_per_day(
    c: &Ctx<'_>,
    notes: &mut Notes<'_>,
    busy: &mut Vec<u64>,
    v: u32,
) -> u64 {
    let mut total = 0;
    busy_by_day(c.inst, c.placed, busy);
    for (d, &b) in busy.iter().enumerate() {
        if b == 0 {
            continue;
        }
        let span = 64 - b.leading_zeros() - b.trailing_zeros();
        let gaps = u64::from(span - b.count_ones());
        if gaps > u64::from(v) {
            total += gaps - u64::from(v);
            notes.add(|| {
                format!(
                    "{}: {gaps} free periods between lessons on {} (at most {v})",
                    c.who(),
                    c.day(d)
                )
            });
        }
    }
    total.saturating_sub(c.missing)
}

/// `min_days`: each day short of `v`; each unplaced occurrence may add a day.
pub(super) fn min_days(c: &Ctx<'_>, notes: &mut Notes<'_>, v: u32) -> u64 {
    let mut days: Vec<usize> = c.placed.iter().map(|q| q.day).collect();
    days.sort_unstable();
    days.dedup();
    let deficit = u64::from(v).saturating_sub(days.len() as u64);
    if deficit > 0 && c.missing == 0 {
        notes.add(|| {
            let n = days.len();
            let s = if n == 1 { "" } else { "s" };
            format!("{}: on {n} day{s} (at least {v})", c.who())
        });
    }
    let unplaced = (c.unit.occs.len() - c.placed.len()) as u64;
    deficit.saturating_sub(unplaced)
}

/// `isolated`: each occurrence with no other in the period just before or just after, that
/// day; each period still to place may join up to two of these.
pub(super) fn isolated(c: &Ctx<'_>, notes: &mut Notes<'_>, busy: &mut Vec<u64>) -> u64 {
    let inst = c.inst;
    busy_by_day(inst, c.placed, busy);
    let ppd = inst.periods.len();
    let mut total = 0u64;
    for q in c.placed {
        let b = busy[q.day];
        let (first, last) = (inst.period_of(q.start), inst.period_of(q.end - 1));
        let before = first > 0 && b >> (first - 1) & 1 == 1;
        let after = last + 1 < ppd && b >> (last + 1) & 1 == 1;
        if !before && !after {
            total += 1;
            notes.add(|| {
                format!(
                    "{}: {} alone at {}",
                    c.who(),
                    c.name(q),
                    inst.slot_name(q.start)
                )
            });
        }
    }
    total.saturating_sub(2 * c.missing)
}
