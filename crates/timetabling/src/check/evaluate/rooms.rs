//! Requirements on rooms: stability, exclusivity, seats, avoided rooms, mixed lengths.

use super::super::unit::Placed;
use super::ctx::{Ctx, Notes};

/// `room_stability` and `same_room`: each room beyond the first.
pub(super) fn same_room(c: &Ctx<'_>, notes: &mut Notes<'_>) -> u64 {
    let mut rooms: Vec<usize> = c.placed.iter().filter_map(|q| q.room).collect();
    rooms.sort_unstable();
    rooms.dedup();
    let v = rooms.len().saturating_sub(1) as u64;
    if v > 0 {
        notes.add(|| {
            let names: Vec<&str> = rooms.iter().map(|&r| c.inst.rooms[r].id.as_str()).collect();
            format!("{} in {} rooms: {}", c.who(), rooms.len(), names.join(", "))
        });
    }
    v
}

/// `exclusive_room`: for each occurrence of a listed event, every other event sharing its
/// room at its time.
pub(super) fn exclusive_room(c: &Ctx<'_>, notes: &mut Notes<'_>, l: &[usize]) -> u64 {
    let mut total = 0;
    let mut by_room: Vec<Vec<&Placed>> = vec![Vec::new(); c.inst.rooms.len()];
    for q in c.placed {
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
                    notes.add(|| {
                        format!(
                            "{} shares {} with {}",
                            c.name(a),
                            c.inst.rooms[a.room.unwrap_or(0)].id,
                            c.name(b)
                        )
                    });
                }
            }
        }
    }
    total
}

/// `room_capacity`: each seat an occurrence lacks in its room.
pub(super) fn room_capacity(c: &Ctx<'_>, notes: &mut Notes<'_>) -> u64 {
    let inst = c.inst;
    let mut total = 0;
    for q in c.placed {
        if let Some(r) = q.room {
            let short = u64::from(
                inst.events[q.event]
                    .size
                    .saturating_sub(inst.rooms[r].capacity),
            );
            if short > 0 {
                total += short;
                notes.add(|| {
                    format!(
                        "{} ({} people) in {} ({} seats)",
                        c.name(q),
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

/// `avoid_rooms`: each occurrence in one of the marked rooms.
pub(super) fn avoid_rooms(c: &Ctx<'_>, notes: &mut Notes<'_>, rooms: &[bool]) -> u64 {
    let mut total = 0;
    for q in c.placed {
        if let Some(r) = q.room.filter(|&r| rooms[r]) {
            total += 1;
            notes.add(|| format!("{} in {}", c.name(q), c.inst.rooms[r].id));
        }
    }
    total
}

/// `special_rooms`: each occurrence in a room with a feature its event does not ask for.
pub(super) fn special_rooms(c: &Ctx<'_>, notes: &mut Notes<'_>) -> u64 {
    let mut total = 0;
    for q in c.placed {
        if let Some(r) = q.room.filter(|&r| c.inst.room_is_special_for(q.event, r)) {
            total += 1;
            notes.add(|| format!("{} in {}", c.name(q), c.inst.rooms[r].id));
        }
    }
    total
}

/// `mixed_durations`: in each room and start slot, each length beyond the first.
pub(super) fn mixed_durations(c: &Ctx<'_>, notes: &mut Notes<'_>) -> u64 {
    let inst = c.inst;
    let mut seen: std::collections::BTreeMap<(usize, usize), Vec<u32>> = Default::default();
    for q in c.placed {
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
            notes.add(|| {
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
