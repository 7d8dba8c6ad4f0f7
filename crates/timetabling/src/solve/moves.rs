//! The local search's moves: one occurrence to another placement (swapping with the
//! occupant of its new room), two occurrences swapping starts, rooms or placements, and
//! Kempe chains.

use super::local::{CHAIN, LocalSearch};
use crate::answer::Placement;
use csp_core::heuristics::SplitMix64;

impl LocalSearch<'_> {
    /// A random move (one occurrence to another placement, into an occupied room by a swap
    /// with the occupant, or two occurrences swapping starts, rooms or placements) written
    /// into `moves`; how many entries it uses, or `None` for a move not worth trying.
    pub(super) fn propose(
        &mut self,
        rng: &mut SplitMix64,
        moves: &mut [(usize, Placement); CHAIN],
    ) -> Option<usize> {
        let o = self.movable[rng.index(self.movable.len())];
        if self.kempe_ok && rng.index(4) == 0 {
            return self.kempe(rng, o, moves);
        }
        let kind = rng.index(8);
        Some(if kind < 3 {
            // Swap two occurrences of the same length: their starts (kind 0), their
            // rooms (kind 1, same start), or whole placements (kind 2).
            let o2 = self.movable[rng.index(self.movable.len())];
            let (p1, p2) = (self.tt.placements[o], self.tt.placements[o2]);
            if o2 == o
                || self.inst.event_of(o).duration != self.inst.event_of(o2).duration
                || p1 == p2
            {
                return None;
            }
            let (q1, q2) = match kind {
                0 => (
                    Placement {
                        start: p2.start,
                        room: p1.room,
                    },
                    Placement {
                        start: p1.start,
                        room: p2.room,
                    },
                ),
                1 => (
                    Placement {
                        start: p1.start,
                        room: p2.room,
                    },
                    Placement {
                        start: p2.start,
                        room: p1.room,
                    },
                ),
                _ => (p2, p1),
            };
            let known = |c: &[Placement], q: Placement| {
                c.binary_search_by_key(&(q.start, q.room), |p| (p.start, p.room))
                    .is_ok()
            };
            if q1 == p1 || !known(&self.cands[o], q1) || !known(&self.cands[o2], q2) {
                return None;
            }
            moves[0] = (o, q1);
            moves[1] = (o2, q2);
            2
        } else {
            let c = &self.cands[o];
            let p = c[rng.index(c.len())];
            let p1 = self.tt.placements[o];
            if p == p1 {
                return None;
            }
            moves[0] = (o, p);
            // Into an occupied room: swap with the occupant when it may move (not pinned)
            // and fits in turn (the room-slot grid is tight on real course timetables).
            match self.occupant_at(p) {
                Some(o2)
                    if o2 != o
                        && self.can_move[o2]
                        && self.inst.event_of(o2).duration == self.inst.event_of(o).duration
                        && self.cands[o2]
                            .binary_search_by_key(&(p1.start, p1.room), |q| (q.start, q.room))
                            .is_ok() =>
                {
                    moves[1] = (o2, p1);
                    2
                }
                _ => 1,
            }
        })
    }

    /// A Kempe-chain move (course timetables of one-period lessons): occurrence `o` changes
    /// its slot `a` for a random slot `b`, and whatever clashes with it there goes to `a`,
    /// transitively, each keeping its room; `None` when the chain is longer than
    /// [`CHAIN`] or holds a lesson that cannot go there.
    fn kempe(
        &mut self,
        rng: &mut SplitMix64,
        o: usize,
        moves: &mut [(usize, Placement); CHAIN],
    ) -> Option<usize> {
        let inst = self.inst;
        let a = self.tt.placements[o].start;
        let b = rng.index(inst.num_slots());
        if b == a {
            return None;
        }
        moves[0] = (o, self.tt.placements[o]);
        let mut len = 1;
        for &r in &inst.event_of(o).uses {
            self.res_mark[r] |= 1;
        }
        let mut fits = true;
        'grow: loop {
            let mut grew = false;
            for o2 in 0..self.tt.placements.len() {
                let p = self.tt.placements[o2];
                let side: u8 = if p.start == a {
                    1
                } else if p.start == b {
                    2
                } else {
                    continue;
                };
                if moves[..len].iter().any(|m| m.0 == o2) {
                    continue;
                }
                let uses = &inst.event_of(o2).uses;
                if !uses.iter().any(|&r| self.res_mark[r] & (3 - side) != 0) {
                    continue;
                }
                if len == CHAIN || !self.can_move[o2] || inst.event_of(o2).duration != 1 {
                    fits = false;
                    break 'grow;
                }
                moves[len] = (o2, p);
                len += 1;
                for &r in uses {
                    self.res_mark[r] |= side;
                }
                grew = true;
            }
            if !grew {
                break;
            }
        }
        for m in &moves[..len] {
            for &r in &inst.event_of(m.0).uses {
                self.res_mark[r] = 0;
            }
        }
        if !fits {
            return None;
        }
        for m in &mut moves[..len] {
            let q = Placement {
                start: if m.1.start == a { b } else { a },
                room: m.1.room,
            };
            self.cands[m.0]
                .binary_search_by_key(&(q.start, q.room), |c| (c.start, c.room))
                .ok()?;
            m.1 = q;
        }
        Some(len)
    }
}
