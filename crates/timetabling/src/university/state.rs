//! A complete placement of every class, with its hard violations and weighted soft cost
//! kept up to date, and the change a move would make priced from the classes it touches.

use crate::formats::itc2019::rules::{Meeting, Travel, attendable};
use crate::formats::itc2019::{Itc2019, Placed};

/// The most (class, time, room) entries kept in the table of available rooms: far above the
/// public instances, it bounds the memory a hostile file can ask for.
const USABLE_TABLE: usize = 50_000_000;

/// The problem compiled for search: each class's distributions (with its place in their
/// lists, which matters for `Precedence`) and the students it shares with other classes.
pub(super) struct Model<'p> {
    pub(super) p: &'p Itc2019,
    pub(super) travel: Travel,
    /// Per class: (distribution, index of the class in its list).
    pub(super) dists_of: Vec<Vec<(usize, usize)>>,
    /// Per class: (other class, students attending both).
    pub(super) shared: Vec<Vec<(usize, u32)>>,
    /// Per class and time: whether each of its rooms is free of unavailability then (empty
    /// when the table would pass [`USABLE_TABLE`]; then asked of the rooms each time).
    usable: Vec<Vec<Vec<bool>>>,
}

impl<'p> Model<'p> {
    pub(super) fn new(p: &'p Itc2019, attends: &[Vec<usize>]) -> Model<'p> {
        let mut dists_of = vec![Vec::new(); p.classes.len()];
        for (d, dist) in p.distributions.iter().enumerate() {
            for (i, &c) in dist.classes.iter().enumerate() {
                dists_of[c].push((d, i));
            }
        }
        let entries: usize = p
            .classes
            .iter()
            .map(|c| c.times.len().saturating_mul(c.rooms.len()))
            .fold(0, usize::saturating_add);
        let usable = if entries > USABLE_TABLE {
            Vec::new()
        } else {
            p.classes
                .iter()
                .map(|class| {
                    class
                        .times
                        .iter()
                        .map(|(t, _)| {
                            class
                                .rooms
                                .iter()
                                .map(|&(r, _)| {
                                    !p.rooms[r].unavailable.iter().any(|u| u.overlaps(t))
                                })
                                .collect()
                        })
                        .collect()
                })
                .collect()
        };
        Model {
            p,
            travel: Travel::of(p),
            dists_of,
            shared: shared_students(p.classes.len(), attends),
            usable,
        }
    }

    /// The meeting of class `c` placed at `at`.
    pub(super) fn meeting(&self, c: usize, at: Placed) -> Meeting {
        let class = &self.p.classes[c];
        Meeting {
            time: class.times[at.time].0,
            room: at.room.map(|r| class.rooms[r].0),
        }
    }

    /// Whether `at` is a placement of `c` whose room is available at its time.
    pub(super) fn allowed(&self, c: usize, at: Placed) -> bool {
        at.room.is_none_or(|r| match self.usable.get(c) {
            Some(table) => table[at.time][r],
            None => {
                let class = &self.p.classes[c];
                let t = &class.times[at.time].0;
                !self.p.rooms[class.rooms[r].0]
                    .unavailable
                    .iter()
                    .any(|u| u.overlaps(t))
            }
        })
    }

    /// The weighted cost of a distribution's violations (0 for a required one, whose
    /// violations count as hard).
    fn dist_cost(&self, d: usize, units: u64) -> i64 {
        let dist = &self.p.distributions[d];
        if dist.required {
            return 0;
        }
        (dist.kind.cost(dist.penalty, units, self.p.weeks) * self.p.weights.distribution) as i64
    }

    /// The hard units of a distribution's violations.
    fn dist_hard(&self, d: usize, units: u64) -> i64 {
        if self.p.distributions[d].required {
            units as i64
        } else {
            0
        }
    }
}

/// Pairs of classes with the students they share.
fn shared_students(classes: usize, attends: &[Vec<usize>]) -> Vec<Vec<(usize, u32)>> {
    let mut map: std::collections::HashMap<(usize, usize), u32> = Default::default();
    for list in attends {
        for (i, &a) in list.iter().enumerate() {
            for &b in &list[i + 1..] {
                if a != b {
                    *map.entry((a.min(b), a.max(b))).or_insert(0) += 1;
                }
            }
        }
    }
    let mut out = vec![Vec::new(); classes];
    for ((a, b), n) in map {
        out[a].push((b, n));
        out[b].push((a, n));
    }
    for l in &mut out {
        l.sort_unstable();
    }
    out
}

/// What a move changes: hard violations (counted, and weighted by how long each has
/// resisted repair) and weighted soft cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Delta {
    pub(super) hard: i64,
    pub(super) hard_w: i64,
    pub(super) soft: i64,
}

/// Every class placed, with the counts that price a move.
pub(super) struct State<'m, 'p> {
    pub(super) m: &'m Model<'p>,
    pub(super) at: Vec<Placed>,
    pub(super) meet: Vec<Meeting>,
    /// Classes in each room.
    in_room: Vec<Vec<usize>>,
    /// Violations of each distribution.
    units: Vec<u64>,
    /// Hard violations: classes in a room unavailable then, pairs in one room at once,
    /// violations of required distributions.
    pub(super) hard: i64,
    /// Hard violations weighted: each required distribution and each room has a weight that
    /// grows while the repair is stuck on it (breakout).
    pub(super) hard_w: i64,
    dist_w: Vec<i64>,
    room_w: Vec<i64>,
    /// Weighted soft cost (students by the shared counts of [`Model::shared`]).
    pub(super) soft: i64,
    /// A scratch list of meetings.
    buf: Vec<Meeting>,
}

impl<'m, 'p> State<'m, 'p> {
    /// The state of placement `at`, counted from scratch.
    pub(super) fn new(m: &'m Model<'p>, at: Vec<Placed>) -> State<'m, 'p> {
        let meet: Vec<Meeting> = at
            .iter()
            .enumerate()
            .map(|(c, &a)| m.meeting(c, a))
            .collect();
        let mut in_room = vec![Vec::new(); m.p.rooms.len()];
        for (c, mt) in meet.iter().enumerate() {
            if let Some(r) = mt.room {
                in_room[r].push(c);
            }
        }
        let mut s = State {
            m,
            at,
            meet,
            in_room,
            units: Vec::new(),
            hard: 0,
            hard_w: 0,
            dist_w: vec![1; m.p.distributions.len()],
            room_w: vec![1; m.p.rooms.len()],
            soft: 0,
            buf: Vec::new(),
        };
        s.recount();
        s
    }

    /// Counts everything again.
    pub(super) fn recount(&mut self) {
        let (m, p) = (self.m, self.m.p);
        let w = p.weights;
        let mut hard = 0i64;
        let mut hard_w = 0i64;
        let mut soft = 0i64;
        for (c, a) in self.at.iter().enumerate() {
            let class = &p.classes[c];
            hard += i64::from(!m.allowed(c, *a));
            hard_w += i64::from(!m.allowed(c, *a));
            soft += (u64::from(class.times[a.time].1) * w.time) as i64;
            soft += a.room.map_or(0, |r| u64::from(class.rooms[r].1) * w.room) as i64;
        }
        for r in 0..self.in_room.len() {
            let pairs = self.room_pairs(r);
            hard += pairs;
            hard_w += pairs * self.room_w[r];
        }
        self.units = (0..p.distributions.len())
            .map(|d| {
                let dist = &p.distributions[d];
                let ms: Vec<Meeting> = dist.classes.iter().map(|&c| self.meet[c]).collect();
                dist.kind.violations(&ms, &m.travel, (p.weeks, p.days))
            })
            .collect();
        for (d, &u) in self.units.iter().enumerate() {
            hard += m.dist_hard(d, u);
            hard_w += m.dist_hard(d, u) * self.dist_w[d];
            soft += m.dist_cost(d, u);
        }
        for (a, list) in m.shared.iter().enumerate() {
            for &(b, n) in list {
                if a < b && !attendable(&self.meet[a], &self.meet[b], &m.travel) {
                    soft += i64::from(n) * w.student as i64;
                }
            }
        }
        self.hard = hard;
        self.hard_w = hard_w;
        self.soft = soft;
    }

    /// The classes in room `r`.
    pub(super) fn in_room(&self, r: usize) -> &[usize] {
        &self.in_room[r]
    }

    /// Pairs of classes in room `r` at once.
    fn room_pairs(&self, r: usize) -> i64 {
        let list = &self.in_room[r];
        let mut n = 0;
        for (i, &a) in list.iter().enumerate() {
            for &b in &list[i + 1..] {
                n += i64::from(self.meet[a].time.overlaps(&self.meet[b].time));
            }
        }
        n
    }

    /// Raises the weights of the hard violations class `c` is in: its room's when it meets
    /// there with another class at once, and each violated required distribution's.
    pub(super) fn bump(&mut self, c: usize) {
        let m = self.m;
        let mt = self.meet[c];
        if let Some(r) = mt.room
            && self.room_clashes(r, c, &mt) > 0
        {
            self.room_w[r] += 1;
            self.hard_w += self.room_pairs(r);
        }
        for &(d, _) in &m.dists_of[c] {
            let h = m.dist_hard(d, self.units[d]);
            if h > 0 {
                self.dist_w[d] += 1;
                self.hard_w += h;
            }
        }
    }

    /// Classes of room `r` other than `c` meeting at the same time as `mt`.
    fn room_clashes(&self, r: usize, c: usize, mt: &Meeting) -> i64 {
        self.in_room[r]
            .iter()
            .filter(|&&o| o != c && self.meet[o].time.overlaps(&mt.time))
            .count() as i64
    }

    /// The violations of distribution `d` with class `c` (at `pos` in its list) meeting at
    /// `mt`.
    fn units_with(&mut self, d: usize, c: usize, pos: usize, mt: &Meeting) -> u64 {
        let (m, p) = (self.m, self.m.p);
        let dist = &p.distributions[d];
        if dist.kind.is_pairwise() {
            // Only the pairs with `c` change.
            let mut u = self.units[d] as i64;
            let old = self.meet[c];
            for (j, &o) in dist.classes.iter().enumerate() {
                if o == c {
                    continue;
                }
                let other = &self.meet[o];
                let holds = |x: &Meeting| dist.kind.pair_holds_at((x, pos), (other, j), &m.travel);
                u += i64::from(!holds(mt)) - i64::from(!holds(&old));
            }
            return u.max(0) as u64;
        }
        self.buf.clear();
        for &o in &dist.classes {
            self.buf.push(if o == c { *mt } else { self.meet[o] });
        }
        dist.kind
            .violations(&self.buf, &m.travel, (p.weeks, p.days))
    }

    /// What moving class `c` to `to` would change.
    pub(super) fn delta(&mut self, c: usize, to: Placed) -> Delta {
        let (m, p) = (self.m, self.m.p);
        let w = p.weights;
        let from = self.at[c];
        if from == to {
            return Delta::default();
        }
        let class = &p.classes[c];
        let old = self.meet[c];
        let new = m.meeting(c, to);
        let unavailable = i64::from(!m.allowed(c, to)) - i64::from(!m.allowed(c, from));
        let mut d = Delta {
            hard: unavailable,
            hard_w: unavailable,
            soft: 0,
        };
        d.soft += (i64::from(class.times[to.time].1) - i64::from(class.times[from.time].1))
            * w.time as i64;
        let room_pen = |a: Placed| a.room.map_or(0, |r| i64::from(class.rooms[r].1));
        d.soft += (room_pen(to) - room_pen(from)) * w.room as i64;
        if let Some(r) = old.room {
            let k = self.room_clashes(r, c, &old);
            d.hard -= k;
            d.hard_w -= k * self.room_w[r];
        }
        if let Some(r) = new.room {
            let k = self.room_clashes(r, c, &new);
            d.hard += k;
            d.hard_w += k * self.room_w[r];
        }
        for k in 0..m.dists_of[c].len() {
            let (dist, pos) = m.dists_of[c][k];
            let before = self.units[dist];
            let after = self.units_with(dist, c, pos, &new);
            let h = m.dist_hard(dist, after) - m.dist_hard(dist, before);
            d.hard += h;
            d.hard_w += h * self.dist_w[dist];
            d.soft += m.dist_cost(dist, after) - m.dist_cost(dist, before);
        }
        for &(o, n) in &m.shared[c] {
            let other = &self.meet[o];
            let was = !attendable(&old, other, &m.travel);
            let now = !attendable(&new, other, &m.travel);
            d.soft += (i64::from(now) - i64::from(was)) * i64::from(n) * w.student as i64;
        }
        d
    }

    /// Moves class `c` to `to`, whose change is `d` (from [`State::delta`]).
    pub(super) fn apply(&mut self, c: usize, to: Placed, d: Delta) {
        let m = self.m;
        let new = m.meeting(c, to);
        for k in 0..m.dists_of[c].len() {
            let (dist, pos) = m.dists_of[c][k];
            self.units[dist] = self.units_with(dist, c, pos, &new);
        }
        if let Some(r) = self.meet[c].room {
            let list = &mut self.in_room[r];
            if let Some(i) = list.iter().position(|&o| o == c) {
                list.swap_remove(i);
            }
        }
        if let Some(r) = new.room {
            self.in_room[r].push(c);
        }
        self.at[c] = to;
        self.meet[c] = new;
        self.hard += d.hard;
        self.hard_w += d.hard_w;
        self.soft += d.soft;
    }

    /// The classes in a hard violation with class `c`: in its room at once, or breaking a
    /// required distribution with it (the other class of a violated pair; every other class
    /// of a violated set-wide one).
    pub(super) fn partners(&self, c: usize, out: &mut Vec<usize>) {
        out.clear();
        let (m, p) = (self.m, self.m.p);
        let mine = self.meet[c];
        if let Some(r) = mine.room {
            out.extend(
                self.in_room[r]
                    .iter()
                    .filter(|&&o| o != c && self.meet[o].time.overlaps(&mine.time)),
            );
        }
        for &(d, pos) in &m.dists_of[c] {
            let dist = &p.distributions[d];
            if !dist.required || self.units[d] == 0 {
                continue;
            }
            for (j, &o) in dist.classes.iter().enumerate() {
                if o == c {
                    continue;
                }
                if !dist.kind.is_pairwise()
                    || !dist
                        .kind
                        .pair_holds_at((&mine, pos), (&self.meet[o], j), &m.travel)
                {
                    out.push(o);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Classes in a hard violation: in a room unavailable then, in a room with another at
    /// once, or in a violated required distribution.
    pub(super) fn conflicted(&self) -> Vec<usize> {
        let p = self.m.p;
        let mut mark: Vec<bool> = (0..p.classes.len())
            .map(|c| !self.m.allowed(c, self.at[c]))
            .collect();
        for list in &self.in_room {
            for (i, &a) in list.iter().enumerate() {
                for &b in &list[i + 1..] {
                    if self.meet[a].time.overlaps(&self.meet[b].time) {
                        mark[a] = true;
                        mark[b] = true;
                    }
                }
            }
        }
        for (d, dist) in p.distributions.iter().enumerate() {
            if dist.required && self.units[d] > 0 {
                for &c in &dist.classes {
                    mark[c] = true;
                }
            }
        }
        (0..mark.len()).filter(|&c| mark[c]).collect()
    }
}
