//! A first valid slot assignment without the engine, for exam sessions too large for it
//! (ITC 2007 exam sets 3 and 7: the engine's model wakes every exam that could use a room and
//! period at each placement). Saturation degree with repair, after Müller's iterative forward
//! search ("ITC2007 solver description", 2008): the unplaced group of events (events that
//! must share a slot go together) with the fewest clash-free slots goes first, into the
//! clash-free slot whose rooms still pack with the fewest events; when there is none, into
//! the slot where it displaces the fewest, and those displaced go back to the queue.

use super::SlotModel;
use super::rooms::Packing;
use csp_core::heuristics::SplitMix64;
use std::time::Instant;

/// Repairs allowed per event before giving up.
const REPAIRS_PER_EVENT: usize = 200;

/// A partial assignment and what it takes to extend it.
struct Partial<'a> {
    m: &'a SlotModel,
    /// The slot of each event, if placed.
    slot: Vec<Option<usize>>,
    /// Per event and slot, its placed clash neighbours there.
    clashes: Vec<u32>,
    /// The groups of events that share a slot, and each event's group.
    groups: Vec<Vec<usize>>,
    group_of: Vec<usize>,
    /// When each group was last placed (repairs prefer to displace older ones).
    placed_at: Vec<usize>,
    packing: Packing,
}

impl SlotModel {
    /// A valid slot assignment built greedily with repairs, or `None` when none was found by
    /// `deadline` (or within the repair budget).
    pub fn construct(&self, seed: u64, deadline: Instant) -> Option<Vec<usize>> {
        let mut p = Partial::new(self);
        let mut rng = SplitMix64::new(seed);
        let mut queue: Vec<usize> = (0..p.groups.len()).collect();
        let mut step = 0;
        while !queue.is_empty() {
            step += 1;
            if step > REPAIRS_PER_EVENT * self.n.max(1)
                || (step % 64 == 0 && Instant::now() > deadline)
            {
                return None;
            }
            let k = p.most_constrained(&queue, &mut rng);
            let g = queue.swap_remove(k);
            let displaced = p.place(g, step, &mut rng)?;
            queue.extend(displaced);
        }
        let t: Vec<usize> = p
            .slot
            .iter()
            .map(|s| s.expect("every event placed"))
            .collect();
        self.valid(&t).then_some(t)
    }
}

impl<'a> Partial<'a> {
    fn new(m: &'a SlotModel) -> Partial<'a> {
        // Groups: the components of the same-slot links.
        let mut group_of = vec![usize::MAX; m.n];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for e in 0..m.n {
            if group_of[e] != usize::MAX {
                continue;
            }
            let g = groups.len();
            let mut members = vec![e];
            group_of[e] = g;
            let mut k = 0;
            while k < members.len() {
                for &j in &m.links[members[k]] {
                    if group_of[j] == usize::MAX {
                        group_of[j] = g;
                        members.push(j);
                    }
                }
                k += 1;
            }
            groups.push(members);
        }
        Partial {
            m,
            slot: vec![None; m.n],
            clashes: vec![0; m.n * m.slots],
            placed_at: vec![0; groups.len()],
            groups,
            group_of,
            packing: Packing::default(),
        }
    }

    /// Whether group `g` may take slot `s` as far as its own members go: allowed for each,
    /// no placed clash neighbour there, and its order with placed events kept.
    fn free(&self, g: usize, s: usize) -> bool {
        let m = self.m;
        self.groups[g]
            .iter()
            .all(|&e| m.allowed[e * m.slots + s] && self.clashes[e * m.slots + s] == 0)
            && self.order_kept(g, s)
    }

    fn order_kept(&self, g: usize, s: usize) -> bool {
        let in_g = |e: usize| self.group_of[e] == g;
        self.m.order.iter().all(|&(b, a)| match (in_g(b), in_g(a)) {
            (true, false) => self.slot[a].is_none_or(|t| s < t),
            (false, true) => self.slot[b].is_none_or(|t| t < s),
            (true, true) => false,
            (false, false) => true,
        })
    }

    /// The index in `queue` of the group with the fewest free slots (then the most clash
    /// neighbours, then at random).
    fn most_constrained(&self, queue: &[usize], rng: &mut SplitMix64) -> usize {
        let m = self.m;
        let mut best = (usize::MAX, 0usize, 0u64, 0usize);
        for (k, &g) in queue.iter().enumerate() {
            let free = (0..m.slots).filter(|&s| self.free(g, s)).count();
            let degree: usize = self.groups[g].iter().map(|&e| m.neighbours(e).len()).sum();
            let key = (free, usize::MAX - degree, rng.next_u64());
            if (key.0, key.1, key.2) < (best.0, best.1, best.2) {
                best = (key.0, key.1, key.2, k);
            }
        }
        best.3
    }

    /// The events of slot `s`.
    fn members(&self, s: usize) -> Vec<usize> {
        (0..self.m.n).filter(|&e| self.slot[e] == Some(s)).collect()
    }

    /// Whether the rooms of slot `s` pack with `events`.
    fn packs(&mut self, s: usize, events: &[usize]) -> bool {
        match &self.m.rooms {
            Some(r) => r.pack(s, events, &mut self.packing).is_some(),
            None => true,
        }
    }

    /// Places group `g` (its `step`-th placement), displacing what it must; the groups
    /// displaced, or `None` when no slot can ever hold it.
    fn place(&mut self, g: usize, step: usize, rng: &mut SplitMix64) -> Option<Vec<usize>> {
        let m = self.m;
        let members = self.groups[g].clone();
        // A free slot whose rooms still pack, the emptiest first.
        let mut free: Vec<(usize, usize)> = (0..m.slots)
            .filter(|&s| self.free(g, s))
            .map(|s| (self.members(s).len(), s))
            .collect();
        free.sort_unstable();
        for (_, s) in free {
            let mut with = self.members(s);
            with.extend(&members);
            if self.packs(s, &with) {
                self.set(g, s, step);
                return Some(Vec::new());
            }
        }
        // Else the allowed slot displacing the fewest (older placements first to go).
        // (displaced, a random tie-break, their placement steps), the slot, the displaced.
        type Choice = ((usize, u64, usize), usize, Vec<usize>);
        let mut best: Option<Choice> = None;
        for s in 0..m.slots {
            if !members.iter().all(|&e| m.allowed[e * m.slots + s]) {
                continue;
            }
            let Some(out) = self.displaced(g, s) else {
                continue;
            };
            let age: usize = out.iter().map(|&h| self.placed_at[h]).sum();
            let key = (out.len(), rng.next_u64() % 4, age);
            if best.as_ref().is_none_or(|b| key < b.0) {
                best = Some((key, s, out));
            }
        }
        let (_, s, out) = best?;
        for &h in &out {
            self.unset(h);
        }
        self.set(g, s, step);
        Some(out)
    }

    /// The groups to take out of slot `s` for `g` to go there: its clash neighbours, the
    /// events whose order it would break, then the largest others until the rooms pack;
    /// `None` when the rooms cannot hold it even alone.
    fn displaced(&mut self, g: usize, s: usize) -> Option<Vec<usize>> {
        let m = self.m;
        let mut out: Vec<usize> = Vec::new();
        let add = |h: usize, out: &mut Vec<usize>| {
            if !out.contains(&h) {
                out.push(h);
            }
        };
        for &e in &self.groups[g] {
            for k in m.neighbours(e) {
                let j = m.adj[k] as usize;
                if self.slot[j] == Some(s) {
                    add(self.group_of[j], &mut out);
                }
            }
        }
        let in_g = |e: usize| self.group_of[e] == g;
        for &(b, a) in &m.order {
            if in_g(b) && !in_g(a) && self.slot[a].is_some_and(|t| t <= s) {
                add(self.group_of[a], &mut out);
            }
            if in_g(a) && !in_g(b) && self.slot[b].is_some_and(|t| t >= s) {
                add(self.group_of[b], &mut out);
            }
        }
        let mut rest: Vec<usize> = self
            .members(s)
            .into_iter()
            .filter(|&e| !out.contains(&self.group_of[e]))
            .collect();
        let size = |e: usize| m.rooms.as_ref().map_or(0, |r| r.size[e]);
        let mut with = rest.clone();
        with.extend(&self.groups[g]);
        while !self.packs(s, &with) {
            // The largest event left goes, with its group.
            let (k, _) = rest.iter().enumerate().max_by_key(|&(_, &e)| size(e))?;
            let h = self.group_of[rest[k]];
            add(h, &mut out);
            rest.retain(|&e| self.group_of[e] != h);
            with = rest.clone();
            with.extend(&self.groups[g]);
        }
        Some(out)
    }

    fn set(&mut self, g: usize, s: usize, step: usize) {
        let m = self.m;
        self.placed_at[g] = step;
        for &e in &self.groups[g] {
            self.slot[e] = Some(s);
            for k in m.neighbours(e) {
                self.clashes[m.adj[k] as usize * m.slots + s] += 1;
            }
        }
    }

    fn unset(&mut self, g: usize) {
        let m = self.m;
        for &e in &self.groups[g] {
            if let Some(s) = self.slot[e].take() {
                for k in m.neighbours(e) {
                    self.clashes[m.adj[k] as usize * m.slots + s] -= 1;
                }
            }
        }
    }
}
