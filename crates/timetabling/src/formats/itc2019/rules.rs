//! The rules of the competition's distributions, as its format description states them:
//! when a pair of classes satisfies a pairwise type, and how many violations the four
//! set-wide types count. One definition, for the validator and for search.

use super::{Constraint, Itc2019, Time};
use std::collections::HashMap;

/// Where a class meets: its time and its room (an index into [`Itc2019::rooms`]), if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meeting {
    /// The time.
    pub time: Time,
    /// The room.
    pub room: Option<usize>,
}

/// Up to this many rooms, travel times are kept in a square table (16 MiB at most); beyond,
/// in a map of the pairs listed.
const DENSE_ROOMS: usize = 2048;

/// Travel times between rooms, in slots, both ways.
#[derive(Debug, Clone, Default)]
pub struct Travel {
    rooms: usize,
    dense: Vec<u32>,
    sparse: HashMap<(usize, usize), u32>,
}

impl Travel {
    /// The travel times of `p`'s rooms (either room may list a pair; the larger counts).
    pub fn of(p: &Itc2019) -> Travel {
        let n = p.rooms.len();
        let mut t = Travel {
            rooms: n,
            dense: if n <= DENSE_ROOMS {
                vec![0; n * n]
            } else {
                Vec::new()
            },
            sparse: HashMap::new(),
        };
        for (a, room) in p.rooms.iter().enumerate() {
            for &(b, v) in &room.travel {
                for (x, y) in [(a, b), (b, a)] {
                    let e = if t.dense.is_empty() {
                        t.sparse.entry((x, y)).or_insert(0)
                    } else {
                        &mut t.dense[x * n + y]
                    };
                    *e = v.max(*e);
                }
            }
        }
        t
    }

    /// Slots from room `a` to room `b` (none without a room, or in the same room).
    pub fn between(&self, a: Option<usize>, b: Option<usize>) -> u32 {
        match (a, b) {
            (Some(a), Some(b)) if a != b => {
                if self.dense.is_empty() {
                    self.sparse.get(&(a, b)).copied().unwrap_or(0)
                } else {
                    self.dense[a * self.rooms + b]
                }
            }
            _ => 0,
        }
    }
}

/// Whether the two meetings share no week or no day.
fn apart(a: &Time, b: &Time) -> bool {
    a.weeks & b.weeks == 0 || a.days & b.days == 0
}

/// Whether one bit set holds the other.
fn nested(a: u64, b: u64) -> bool {
    a | b == a || a | b == b
}

/// The lowest set bit's index (64 for none).
fn first(bits: u64) -> u32 {
    bits.trailing_zeros()
}

/// Whether a student can attend both meetings: apart in weeks or days, or one ends with time
/// to travel before the other starts.
pub fn attendable(a: &Meeting, b: &Meeting, travel: &Travel) -> bool {
    let (s, t) = (&a.time, &b.time);
    if apart(s, t) {
        return true;
    }
    let go = travel.between(a.room, b.room);
    s.end().saturating_add(go) <= t.start || t.end().saturating_add(go) <= s.start
}

impl Constraint {
    /// Whether a violation is counted per pair of classes (the first 15 types).
    pub fn is_pairwise(self) -> bool {
        !matches!(
            self,
            Constraint::MaxDays(_)
                | Constraint::MaxDayLoad(_)
                | Constraint::MaxBreaks(..)
                | Constraint::MaxBlock(..)
        )
    }

    /// Whether `a`, at place `i` in a distribution's list, and `b`, at place `j`, satisfy a
    /// pairwise type (the list's order matters to `Precedence`).
    pub fn pair_holds_at(
        self,
        (a, i): (&Meeting, usize),
        (b, j): (&Meeting, usize),
        travel: &Travel,
    ) -> bool {
        if i < j {
            self.pair_holds(a, b, travel)
        } else {
            self.pair_holds(b, a, travel)
        }
    }

    /// Whether the pair `a`, `b` (in the order listed) satisfies a pairwise type.
    pub fn pair_holds(self, a: &Meeting, b: &Meeting, travel: &Travel) -> bool {
        let (s, t) = (&a.time, &b.time);
        match self {
            Constraint::SameStart => s.start == t.start,
            Constraint::SameTime => {
                (s.start <= t.start && t.end() <= s.end())
                    || (t.start <= s.start && s.end() <= t.end())
            }
            Constraint::DifferentTime => s.end() <= t.start || t.end() <= s.start,
            Constraint::SameDays => nested(s.days, t.days),
            Constraint::DifferentDays => s.days & t.days == 0,
            Constraint::SameWeeks => nested(s.weeks, t.weeks),
            Constraint::DifferentWeeks => s.weeks & t.weeks == 0,
            Constraint::Overlap => s.overlaps(t),
            Constraint::NotOverlap => !s.overlaps(t),
            Constraint::SameRoom => a.room == b.room,
            Constraint::DifferentRoom => a.room != b.room,
            Constraint::SameAttendees => attendable(a, b, travel),
            Constraint::Precedence => {
                let (ws, wt) = (first(s.weeks), first(t.weeks));
                let (ds, dt) = (first(s.days), first(t.days));
                ws < wt || (ws == wt && (ds < dt || (ds == dt && s.end() <= t.start)))
            }
            Constraint::WorkDay(len) => {
                apart(s, t) || s.end().max(t.end()) - s.start.min(t.start) <= len
            }
            Constraint::MinGap(gap) => {
                apart(s, t)
                    || s.end().saturating_add(gap) <= t.start
                    || t.end().saturating_add(gap) <= s.start
            }
            Constraint::MaxDays(_)
            | Constraint::MaxDayLoad(_)
            | Constraint::MaxBreaks(..)
            | Constraint::MaxBlock(..) => true,
        }
    }

    /// Violations among `meetings` (in the order listed): violated pairs for a pairwise type;
    /// days over `D` for `MaxDays`; for `MaxDayLoad`, `MaxBreaks` and `MaxBlock`, the slots
    /// over, breaks over and blocks over summed over every day of every week (the cost then
    /// divides by the number of weeks: [`Constraint::cost`]).
    pub fn violations(
        self,
        meetings: &[Meeting],
        travel: &Travel,
        (weeks, days): (usize, usize),
    ) -> u64 {
        if self.is_pairwise() {
            let mut n = 0;
            for (i, a) in meetings.iter().enumerate() {
                for b in &meetings[i + 1..] {
                    n += u64::from(!self.pair_holds(a, b, travel));
                }
            }
            return n;
        }
        if let Constraint::MaxDays(d) = self {
            let all = meetings.iter().fold(0u64, |acc, m| acc | m.time.days);
            return u64::from(all.count_ones().saturating_sub(d));
        }
        let mut n = 0;
        let mut day: Vec<&Time> = Vec::new();
        for w in 0..weeks {
            for d in 0..days {
                day.clear();
                day.extend(
                    meetings
                        .iter()
                        .map(|m| &m.time)
                        .filter(|t| t.weeks >> w & 1 == 1 && t.days >> d & 1 == 1),
                );
                n += self.day_violations(&mut day);
            }
        }
        n
    }

    /// The violations of one day of one week of a set-wide type, for the times meeting then.
    fn day_violations(self, day: &mut [&Time]) -> u64 {
        match self {
            Constraint::MaxDayLoad(most) => {
                let load: u64 = day.iter().map(|t| u64::from(t.length)).sum();
                load.saturating_sub(u64::from(most))
            }
            Constraint::MaxBreaks(breaks, gap) => {
                let blocks = blocks(day, gap).len() as u64;
                blocks.saturating_sub(u64::from(breaks) + 1)
            }
            Constraint::MaxBlock(longest, gap) => blocks(day, gap)
                .iter()
                .filter(|b| b.classes > 1 && !b.same_start && b.end - b.start > longest)
                .count() as u64,
            _ => 0,
        }
    }

    /// The cost of `violations` of a soft constraint of `penalty`: per violation, but per
    /// week for the three types counted on every day of every week (rounded down).
    pub fn cost(self, penalty: u64, violations: u64, weeks: usize) -> u64 {
        match self {
            Constraint::MaxDayLoad(_) | Constraint::MaxBreaks(..) | Constraint::MaxBlock(..) => {
                penalty.saturating_mul(violations) / weeks as u64
            }
            _ => penalty.saturating_mul(violations),
        }
    }
}

/// A run of classes with gaps of at most the type's `S` slots between them.
struct Block {
    start: u32,
    end: u32,
    classes: usize,
    same_start: bool,
}

/// The blocks of a day's times: sorted by start, a time joins the block before when it
/// starts at most `gap` slots after that block's end.
fn blocks(day: &mut [&Time], gap: u32) -> Vec<Block> {
    day.sort_by_key(|t| (t.start, t.end()));
    let mut out: Vec<Block> = Vec::new();
    for t in day.iter() {
        match out.last_mut() {
            Some(b) if t.start <= b.end.saturating_add(gap) => {
                b.same_start &= t.start == b.start;
                b.end = b.end.max(t.end());
                b.classes += 1;
            }
            _ => out.push(Block {
                start: t.start,
                end: t.end(),
                classes: 1,
                same_start: true,
            }),
        }
    }
    out
}
