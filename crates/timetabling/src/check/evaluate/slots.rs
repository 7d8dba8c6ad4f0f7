//! Requirements on where in the calendar occurrences go: avoided or preferred slots, the
//! largest events early, and staying where a previous timetable put them.

use super::ctx::{Ctx, Notes};
use crate::answer::Placement;

/// `avoid_slots` (`avoid`: each period in a marked slot) and `prefer_slots` (each period
/// outside them).
pub(super) fn avoid_slots(c: &Ctx<'_>, notes: &mut Notes<'_>, slots: &[bool], avoid: bool) -> u64 {
    let mut total = 0;
    for q in c.placed {
        let n = (q.start..q.end).filter(|&s| slots[s] == avoid).count() as u64;
        if n > 0 {
            total += n;
            notes.add(|| {
                format!(
                    "{} at {} ({} period{} {})",
                    c.name(q),
                    c.inst.slot_name(q.start),
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

/// `front_load`: each of the `largest` largest events in the last `last_slots` open slots.
pub(super) fn front_load(
    c: &Ctx<'_>,
    notes: &mut Notes<'_>,
    largest: usize,
    last_slots: usize,
) -> u64 {
    let inst = c.inst;
    let mut events: Vec<usize> = (0..inst.events.len()).collect();
    events.sort_by_key(|&e| (std::cmp::Reverse(inst.events[e].size), e));
    events.truncate(largest);
    let last = inst.last_open_slots(last_slots);
    let mut total = 0;
    for q in c
        .placed
        .iter()
        .filter(|q| events.contains(&q.event) && last[q.start])
    {
        total += 1;
        notes.add(|| {
            format!(
                "{} (one of the {largest} largest) at {}",
                c.name(q),
                inst.slot_name(q.start)
            )
        });
    }
    total
}

/// `moved`: per event, the placements that are not among its old ones (as multisets: an
/// event's occurrences are interchangeable).
pub(super) fn stay(c: &Ctx<'_>, notes: &mut Notes<'_>, old: &[Option<Placement>]) -> u64 {
    let inst = c.inst;
    let mut total = 0;
    let mut events: Vec<usize> = c.placed.iter().map(|q| q.event).collect();
    events.dedup();
    for e in events {
        let mut was: Vec<Placement> = inst
            .occurrences_of(e)
            .filter_map(|o| old.get(o).copied().flatten())
            .collect();
        for q in c.placed.iter().filter(|q| q.event == e) {
            let same = |w: &Placement| w.start == q.start && (w.room.is_none() || w.room == q.room);
            if let Some(i) = was.iter().position(same) {
                was.swap_remove(i);
            } else if old.get(q.o).copied().flatten().is_some() {
                total += 1;
                notes.add(|| {
                    let from = inst
                        .occurrences_of(e)
                        .filter_map(|o| old.get(o).copied().flatten())
                        .map(|w| inst.slot_name(w.start))
                        .collect::<Vec<_>>()
                        .join(", ");
                    format!(
                        "{} moved to {} (was at {from})",
                        c.name(q),
                        inst.slot_name(q.start)
                    )
                });
            }
        }
    }
    total
}
