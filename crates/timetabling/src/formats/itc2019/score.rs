//! The competition's validator, from the file's data alone: the hard rules counted, and the
//! four parts of the cost with the file's weights.

use super::rules::{Meeting, Travel, attendable};
use super::solution::Solution;
use super::{Itc2019, Time};
use crate::formats::{Component, Score};

/// A solution judged: hard violations by kind, and the four cost parts before weighting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Evaluation {
    /// Classes without a time (or a room they need).
    pub unplaced: u64,
    /// Classes meeting in a room when it is unavailable.
    pub room_unavailable: u64,
    /// Pairs of classes meeting in one room at once.
    pub room_conflicts: u64,
    /// Required distributions violated.
    pub distributions: u64,
    /// Students not sectioned by the rules: for a course asked for, one configuration and a
    /// class of each of its subparts, with their parents, and no class of a course not asked.
    pub sectioning: u64,
    /// Students over the classes' limits.
    pub over_limit: u64,
    /// Time penalties.
    pub time: u64,
    /// Room penalties.
    pub room: u64,
    /// Distribution penalties (soft distributions).
    pub distribution: u64,
    /// Student conflicts: pairs of classes a student cannot both attend.
    pub student: u64,
}

impl Evaluation {
    /// Hard violations in all.
    pub fn hard(&self) -> u64 {
        self.unplaced
            + self.room_unavailable
            + self.room_conflicts
            + self.distributions
            + self.sectioning
            + self.over_limit
    }
}

impl Itc2019 {
    /// The meetings of a solution, by class.
    fn meetings(&self, sol: &Solution) -> Vec<Option<Meeting>> {
        (0..self.classes.len())
            .map(|c| {
                let p = sol.classes.get(c).copied().flatten()?;
                let class = &self.classes[c];
                Some(Meeting {
                    time: class.times.get(p.time)?.0,
                    room: match p.room {
                        Some(r) => Some(class.rooms.get(r)?.0),
                        None => None,
                    },
                })
            })
            .collect()
    }

    /// Judges a solution as the competition's validator does.
    pub fn evaluate(&self, sol: &Solution) -> Evaluation {
        let meet = self.meetings(sol);
        let travel = Travel::of(self);
        let mut e = Evaluation::default();
        for (c, class) in self.classes.iter().enumerate() {
            let placed = sol.classes.get(c).copied().flatten();
            match (placed, meet[c]) {
                (Some(p), Some(_)) if p.room.is_some() == class.needs_room => {
                    e.time += u64::from(class.times[p.time].1);
                    e.room += p.room.map_or(0, |r| u64::from(class.rooms[r].1));
                }
                _ => e.unplaced += 1,
            }
        }
        self.rooms_judged(&meet, &mut e);
        self.distributions_judged(&meet, &travel, &mut e);
        self.students_judged(sol, &meet, &travel, &mut e);
        e
    }

    /// Rooms: unavailable times and two classes at once.
    fn rooms_judged(&self, meet: &[Option<Meeting>], e: &mut Evaluation) {
        let mut by_room: Vec<Vec<Time>> = vec![Vec::new(); self.rooms.len()];
        for m in meet.iter().flatten() {
            if let Some(r) = m.room {
                by_room[r].push(m.time);
            }
        }
        for (r, times) in by_room.iter_mut().enumerate() {
            for t in times.iter() {
                e.room_unavailable +=
                    u64::from(self.rooms[r].unavailable.iter().any(|u| u.overlaps(t)));
            }
            e.room_conflicts = e.room_conflicts.saturating_add(clashing_pairs(times));
        }
    }

    /// Distributions: required ones violated, soft ones' penalties.
    fn distributions_judged(&self, meet: &[Option<Meeting>], travel: &Travel, e: &mut Evaluation) {
        for d in &self.distributions {
            let ms: Vec<Meeting> = d.classes.iter().filter_map(|&c| meet[c]).collect();
            let v = d.kind.violations(&ms, travel, (self.weeks, self.days));
            if d.required {
                e.distributions += u64::from(v > 0);
            } else {
                e.distribution += d.kind.cost(d.penalty, v, self.weeks);
            }
        }
    }

    /// Students: sectioning, limits and conflicts.
    fn students_judged(
        &self,
        sol: &Solution,
        meet: &[Option<Meeting>],
        travel: &Travel,
        e: &mut Evaluation,
    ) {
        let mut enrolled = vec![0u64; self.classes.len()];
        let none = Vec::new();
        for (s, student) in self.students.iter().enumerate() {
            let attends = sol.students.get(s).unwrap_or(&none);
            for &c in attends {
                enrolled[c] += 1;
            }
            e.sectioning += self.sectioning_errors(&student.courses, attends);
            for (i, &a) in attends.iter().enumerate() {
                for &b in &attends[i + 1..] {
                    if let (Some(x), Some(y)) = (meet[a], meet[b]) {
                        e.student += u64::from(!attendable(&x, &y, travel));
                    }
                }
            }
        }
        for (c, class) in self.classes.iter().enumerate() {
            e.over_limit += enrolled[c].saturating_sub(u64::from(class.limit));
        }
    }

    /// A student's sectioning errors: per course asked, anything but one configuration with
    /// one class of each subpart; a class whose parent is not attended; a class of a course
    /// not asked for.
    fn sectioning_errors(&self, courses: &[usize], attends: &[usize]) -> u64 {
        let mut errors = 0;
        for &k in courses {
            let mine: Vec<usize> = attends
                .iter()
                .copied()
                .filter(|&c| self.classes[c].course == k)
                .collect();
            let Some(&first) = mine.first() else {
                errors += 1;
                continue;
            };
            let config = &self.courses[k].configs[self.classes[first].config];
            let whole = config
                .subparts
                .iter()
                .all(|sp| mine.iter().filter(|&&c| sp.classes.contains(&c)).count() == 1);
            if !whole || mine.len() != config.subparts.len() {
                errors += 1;
            }
        }
        for &c in attends {
            let class = &self.classes[c];
            if !courses.contains(&class.course) {
                errors += 1;
            }
            if class.parent.is_some_and(|p| !attends.contains(&p)) {
                errors += 1;
            }
        }
        errors
    }

    /// The validator's score: the hard rules (violations) and the four weighted costs.
    pub fn score(&self, sol: &Solution) -> Score {
        let e = self.evaluate(sol);
        let w = self.weights;
        let hard = |name, value| Component {
            name,
            hard: true,
            value,
        };
        let soft = |name, value| Component {
            name,
            hard: false,
            value,
        };
        Score {
            components: vec![
                hard("Unassigned", e.unplaced),
                hard("RoomUnavailable", e.room_unavailable),
                hard("RoomConflicts", e.room_conflicts),
                hard("RequiredDistributions", e.distributions),
                hard("Sectioning", e.sectioning),
                hard("ClassLimit", e.over_limit),
                soft("Time", w.time.saturating_mul(e.time)),
                soft("Room", w.room.saturating_mul(e.room)),
                soft(
                    "Distribution",
                    w.distribution.saturating_mul(e.distribution),
                ),
                soft("Student", w.student.saturating_mul(e.student)),
            ],
        }
    }
}

/// The pairs of `times` that overlap. Equal times are grouped (a pile of n is n(n−1)/2 pairs,
/// counted without pairing them) and the groups swept by start, so only groups whose slots
/// meet are compared: the work grows with the distinct times that meet, not with the classes
/// piled into one room.
fn clashing_pairs(times: &mut [Time]) -> u64 {
    times.sort_unstable_by_key(|t| (t.start, t.end(), t.weeks, t.days));
    let mut groups: Vec<(Time, u64)> = Vec::new();
    for t in times.iter() {
        match groups.last_mut() {
            Some((g, n)) if g == t => *n += 1,
            _ => groups.push((*t, 1)),
        }
    }
    let mut pairs = 0u64;
    for (i, &(t, n)) in groups.iter().enumerate() {
        pairs = pairs.saturating_add(n * (n - 1) / 2);
        for &(o, m) in &groups[i + 1..] {
            if o.start >= t.end() {
                break;
            }
            if o.overlaps(&t) {
                pairs = pairs.saturating_add(n.saturating_mul(m));
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp_core::heuristics::SplitMix64;

    /// The grouped sweep counts what comparing every pair counts, piles of equal times too.
    #[test]
    fn clashing_pairs_counts_every_overlapping_pair() {
        let mut rng = SplitMix64::new(7);
        for _ in 0..500 {
            let n = rng.index(40);
            let mut times: Vec<Time> = (0..n)
                .map(|_| Time {
                    weeks: 1 + rng.index(3) as u64,
                    days: 1 + rng.index(3) as u64,
                    start: rng.index(6) as u32,
                    length: 1 + rng.index(3) as u32,
                })
                .collect();
            let brute = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .filter(|&(i, j)| times[i].overlaps(&times[j]))
                .count() as u64;
            assert_eq!(clashing_pairs(&mut times), brute);
        }
    }
}
