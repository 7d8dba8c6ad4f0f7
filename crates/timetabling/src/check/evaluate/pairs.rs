//! Requirements on pairs of occurrences: days, slots, order, gaps, proximity.

use super::ctx::{Ctx, Notes};

/// `different_days` (every pair on one day) and `not_same_day` (`cross`: only pairs of
/// different events).
pub(super) fn different_days(
    c: &Ctx<'_>,
    notes: &mut Notes<'_>,
    bad: &mut Vec<(usize, usize)>,
    cross: bool,
) -> u64 {
    c.pairs(bad, |a, b| (!cross || a.event != b.event) && a.day == b.day);
    notes.pairs(c, bad, |a, b| {
        format!("{} and {} both on {}", c.name(a), c.name(b), c.day(a.day))
    })
}

/// `same_slot`: the k-th occurrence of each listed event starts with the k-th of `first`.
pub(super) fn same_slot(
    c: &Ctx<'_>,
    notes: &mut Notes<'_>,
    bad: &mut Vec<(usize, usize)>,
    first: usize,
) -> u64 {
    let occurrences = &c.inst.occurrences;
    c.pairs(bad, |a, b| {
        (a.event == first) != (b.event == first)
            && occurrences[a.o].rank == occurrences[b.o].rank
            && a.start != b.start
    });
    notes.pairs(c, bad, |a, b| {
        format!(
            "{} at {} but {} at {}",
            c.name(a),
            c.inst.slot_name(a.start),
            c.name(b),
            c.inst.slot_name(b.start)
        )
    })
}

/// `different_slot`: no two occurrences overlap.
pub(super) fn different_slot(
    c: &Ctx<'_>,
    notes: &mut Notes<'_>,
    bad: &mut Vec<(usize, usize)>,
) -> u64 {
    c.pairs(bad, |a, b| a.start < b.end && b.start < a.end);
    notes.pairs(c, bad, |a, b| {
        format!(
            "{} and {} overlap at {}",
            c.name(a),
            c.name(b),
            c.inst.slot_name(a.start.max(b.start))
        )
    })
}

/// `precedence`: every occurrence of `before` ends before any of `after` starts.
pub(super) fn precedence(
    c: &Ctx<'_>,
    notes: &mut Notes<'_>,
    bad: &mut Vec<(usize, usize)>,
    before: usize,
    after: usize,
) -> u64 {
    c.pairs(bad, |a, b| {
        (a.event == before && b.event == after && a.end > b.start)
            || (b.event == before && a.event == after && b.end > a.start)
    });
    notes.pairs(c, bad, |a, b| {
        format!(
            "{} at {} is not before {} at {}",
            c.name(a),
            c.inst.slot_name(a.start),
            c.name(b),
            c.inst.slot_name(b.start)
        )
    })
}

/// `min_gap`: at least `g` free slots between any two occurrences.
pub(super) fn min_gap(
    c: &Ctx<'_>,
    notes: &mut Notes<'_>,
    bad: &mut Vec<(usize, usize)>,
    g: u32,
) -> u64 {
    let g = g as usize;
    c.pairs(bad, |a, b| {
        let (x, y) = if a.start <= b.start { (a, b) } else { (b, a) };
        y.start < x.end + g
    });
    notes.pairs(c, bad, |a, b| {
        format!(
            "{} and {} are less than {g} slots apart",
            c.name(a),
            c.name(b)
        )
    })
}

/// `proximity` (Carter): two occurrences `d` slots apart cost `w[d − 1]` per person.
pub(super) fn proximity(c: &Ctx<'_>, notes: &mut Notes<'_>, w: &[u64]) -> u64 {
    let placed = c.placed;
    let headcount = c.headcount();
    let ranks = c.inst.blocked.contains(&true).then(|| c.inst.open_ranks());
    let at = |s: usize| ranks.as_ref().map_or(s, |r| r[s]);
    let mut total = 0;
    for i in 0..placed.len() {
        for j in i + 1..placed.len() {
            let d = at(placed[i].start).abs_diff(at(placed[j].start));
            if d >= 1 && d <= w.len() {
                total += w[d - 1] * headcount;
                notes.add(|| {
                    format!(
                        "{}: {} and {} {d} slot{} apart",
                        c.who(),
                        c.name(&placed[i]),
                        c.name(&placed[j]),
                        if d == 1 { "" } else { "s" }
                    )
                });
            }
        }
    }
    total
}

/// `two_in_a_row` (`row`: adjacent periods of one day) and `two_in_a_day` (one day, not
/// adjacent), per person.
pub(super) fn two_in(
    c: &Ctx<'_>,
    notes: &mut Notes<'_>,
    bad: &mut Vec<(usize, usize)>,
    row: bool,
) -> u64 {
    c.pairs(bad, |a, b| {
        a.day == b.day
            && ((a.end == b.start || b.end == a.start) == row)
            && !(a.start < b.end && b.start < a.end)
    });
    let pairs = notes.pairs(c, bad, |a, b| {
        format!(
            "{}: {} and {} on {}",
            c.who(),
            c.name(a),
            c.name(b),
            c.day(a.day)
        )
    });
    pairs * c.headcount()
}
