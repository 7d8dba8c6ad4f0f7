//! Kempe chains on a slot assignment: building a chain, pricing it from its edges to the
//! events outside it, and applying it.

use super::SlotModel;
use super::rooms::Packing;

/// A slot assignment being walked, and the buffers of its moves.
pub(super) struct State<'a> {
    pub(super) m: &'a SlotModel,
    pub(super) t: Vec<usize>,
    pub(super) mark: Vec<u32>,
    pub(super) stamp: u32,
    pub(super) chain: Vec<usize>,
    /// With rooms: the events of each slot, each slot's room cost, and buffers.
    pub(super) members: Vec<Vec<usize>>,
    pub(super) room_cost: Vec<u64>,
    pub(super) new_cost: (u64, u64),
    pub(super) side: Vec<usize>,
    pub(super) packing: Packing,
}

impl<'a> State<'a> {
    /// The state at the valid slots `t`.
    pub(super) fn new(m: &'a SlotModel, t: &[usize]) -> Self {
        let mut st = State {
            m,
            t: Vec::new(),
            mark: vec![0; m.n],
            stamp: 0,
            chain: Vec::with_capacity(m.n),
            members: Vec::new(),
            room_cost: vec![0; m.slots],
            new_cost: (0, 0),
            side: Vec::new(),
            packing: Packing::default(),
        };
        st.reset(t);
        st
    }

    /// Back to the slots `t`: each slot's events and, with rooms, the cost of its packing.
    pub(super) fn reset(&mut self, t: &[usize]) {
        let m = self.m;
        self.t.clear();
        self.t.extend_from_slice(t);
        self.members = m.members(t);
        if let Some(r) = &m.rooms {
            for s in 0..m.slots {
                self.room_cost[s] = r.pack(s, &self.members[s], &mut self.packing).unwrap_or(0);
            }
        }
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|x| *x = 0);
            self.stamp = 1;
        }
    }

    /// Builds the Kempe chain of moving `i` to slot `b` into `self.chain` (with the events
    /// linked to its members); false when a member cannot take its new slot.
    pub(super) fn chain(&mut self, i: usize, b: usize) -> bool {
        let m = self.m;
        let a = self.t[i];
        self.next_stamp();
        self.chain.clear();
        self.chain.push(i);
        self.mark[i] = self.stamp;
        let mut k = 0;
        while k < self.chain.len() {
            let x = self.chain[k];
            k += 1;
            let to = if self.t[x] == a { b } else { a };
            if !m.allowed[x * m.slots + to] {
                return false;
            }
            for e in m.neighbours(x) {
                let y = m.adj[e] as usize;
                if self.t[y] == to && self.mark[y] != self.stamp {
                    self.mark[y] = self.stamp;
                    self.chain.push(y);
                }
            }
            for &y in &m.links[x] {
                if self.mark[y] != self.stamp {
                    if self.t[y] != self.t[x] {
                        return false;
                    }
                    self.mark[y] = self.stamp;
                    self.chain.push(y);
                }
            }
        }
        true
    }

    /// Marks every event of slots `a` and `b` as the chain (a slot swap); false when one
    /// cannot take the other slot.
    pub(super) fn whole(&mut self, a: usize, b: usize) -> bool {
        self.next_stamp();
        self.chain.clear();
        for x in 0..self.m.n {
            if self.t[x] == a || self.t[x] == b {
                self.chain.push(x);
                self.mark[x] = self.stamp;
            }
        }
        let m = self.m;
        self.chain.iter().all(|&x| {
            let to = if self.t[x] == a { b } else { a };
            m.allowed[x * m.slots + to]
        })
    }

    /// The new slot of `x` if the chain between `a` and `b` is swapped.
    fn after(&self, x: usize, a: usize, b: usize) -> usize {
        let t = self.t[x];
        if self.mark[x] != self.stamp || (t != a && t != b) {
            t
        } else if t == a {
            b
        } else {
            a
        }
    }

    /// The cost change of swapping the chain between `a` and `b`, or `None` when the
    /// result breaks an order or packs into no rooms.
    pub(super) fn delta(&mut self, a: usize, b: usize) -> Option<i64> {
        let m = self.m;
        if m.order
            .iter()
            .any(|&(x, y)| self.after(x, a, b) >= self.after(y, a, b))
        {
            return None;
        }
        let s = m.slots;
        let mut d: i64 = 0;
        for &x in &self.chain {
            let from = self.t[x];
            let to = if from == a { b } else { a };
            d += m.unary[x * s + to] as i64 - m.unary[x * s + from] as i64;
            for e in m.neighbours(x) {
                let y = m.adj[e] as usize;
                let w = m.weight[e];
                if w == 0 || self.mark[y] == self.stamp {
                    continue;
                }
                let ty = self.t[y];
                d += (w * m.pair[to * s + ty]) as i64 - (w * m.pair[from * s + ty]) as i64;
            }
        }
        if let Some(r) = &m.rooms {
            let mut costs = [0u64; 2];
            for (k, (here, there)) in [(a, b), (b, a)].into_iter().enumerate() {
                // The events of `here` after the swap: those that stay, and the chain's from
                // `there`.
                self.side.clear();
                for &x in &self.members[here] {
                    if self.mark[x] != self.stamp {
                        self.side.push(x);
                    }
                }
                for &x in &self.members[there] {
                    if self.mark[x] == self.stamp {
                        self.side.push(x);
                    }
                }
                costs[k] = r.pack(here, &self.side, &mut self.packing)?;
            }
            d += (costs[0] + costs[1]) as i64 - (self.room_cost[a] + self.room_cost[b]) as i64;
            self.new_cost = (costs[0], costs[1]);
        }
        Some(d)
    }

    pub(super) fn apply(&mut self, a: usize, b: usize) {
        for k in 0..self.chain.len() {
            let x = self.chain[k];
            self.t[x] = if self.t[x] == a { b } else { a };
        }
        if self.m.rooms.is_some() {
            let stamp = self.stamp;
            let mark = &self.mark;
            let (mut from_a, mut from_b) = (Vec::new(), Vec::new());
            self.members[a].retain(|&x| {
                let moving = mark[x] == stamp;
                if moving {
                    from_a.push(x);
                }
                !moving
            });
            self.members[b].retain(|&x| {
                let moving = mark[x] == stamp;
                if moving {
                    from_b.push(x);
                }
                !moving
            });
            self.members[a].extend(from_b);
            self.members[b].extend(from_a);
            self.room_cost[a] = self.new_cost.0;
            self.room_cost[b] = self.new_cost.1;
        }
    }
}
