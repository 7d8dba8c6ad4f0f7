//! Rooms of an exam session, packed slot by slot.

/// Rooms of an exam session: seats, the cost of using each, exams that want a room alone,
/// and the weight of mixed durations in one room and slot.
#[derive(Debug, Clone)]
pub(super) struct Rooms {
    pub(super) seats: Vec<u64>,
    pub(super) penalty: Vec<u64>,
    /// Rooms unavailable per slot (`slot × rooms + room`).
    pub(super) closed: Vec<bool>,
    pub(super) mixed: u64,
    pub(super) alone: Vec<bool>,
    pub(super) size: Vec<u64>,
    pub(super) minutes: Vec<u32>,
}

/// Buffers of a room packing.
#[derive(Debug, Clone, Default)]
pub(super) struct Packing {
    pub(super) order: Vec<usize>,
    pub(super) left: Vec<u64>,
    pub(super) lens: Vec<Vec<u32>>,
    pub(super) lone: Vec<bool>,
    pub(super) room: Vec<usize>,
}

impl Rooms {
    /// Puts the events of one slot into rooms, largest first, each where it adds the least
    /// cost (room penalty, a new length in the room), then the tightest fit; `room[k]` is
    /// the room of `events[k]`. `None` when an event finds no room.
    pub(super) fn pack(&self, slot: usize, events: &[usize], p: &mut Packing) -> Option<u64> {
        let nr = self.seats.len();
        p.order.clear();
        p.order.extend(0..events.len());
        p.order
            .sort_unstable_by_key(|&k| (std::cmp::Reverse(self.size[events[k]]), events[k]));
        p.left.clear();
        p.left.extend_from_slice(&self.seats);
        p.lens.resize_with(nr, Vec::new);
        p.lens.iter_mut().for_each(Vec::clear);
        p.lone.clear();
        p.lone.resize(nr, false);
        p.room.clear();
        p.room.resize(events.len(), usize::MAX);
        let mut cost = 0;
        for &k in &p.order {
            let e = events[k];
            let mut best: Option<(u64, u64, usize)> = None;
            for r in 0..nr {
                if self.closed[slot * nr + r]
                    || p.left[r] < self.size[e]
                    || p.lone[r]
                    || (self.alone[e] && !p.lens[r].is_empty())
                {
                    continue;
                }
                let add = self.penalty[r]
                    + if p.lens[r].is_empty() || p.lens[r].contains(&self.minutes[e]) {
                        0
                    } else {
                        self.mixed
                    };
                let key = (add, p.left[r] - self.size[e], r);
                if best.is_none_or(|b| key < b) {
                    best = Some(key);
                }
            }
            let (add, _, r) = best?;
            cost += add;
            p.left[r] -= self.size[e];
            if !p.lens[r].contains(&self.minutes[e]) {
                p.lens[r].push(self.minutes[e]);
            }
            p.lone[r] |= self.alone[e];
            p.room[k] = r;
        }
        Some(cost)
    }
}
