//! The competition validator's score, from the file's data alone.

use super::super::{Component, Score};
use super::{Ctt, Lecture};

impl Ctt {
    /// Scores a solution as the competition's validator does, from the file's data alone:
    /// `Lectures`, `Conflicts`, `Availability`, `RoomOccupation` (hard, violations) and
    /// `RoomCapacity`, `MinWorkingDays`, `CurriculumCompactness`, `RoomStability` (soft,
    /// weighted).
    pub fn score(&self, lectures: &[Lecture]) -> Score {
        let slots = self.days * self.periods;
        // count[c][s]: lectures of course c at slot s.
        let mut count = vec![0usize; self.courses.len() * slots];
        let mut room_use = vec![0usize; self.rooms.len() * slots];
        for l in lectures {
            count[l.course * slots + l.day * self.periods + l.period] += 1;
            room_use[l.room * slots + l.day * self.periods + l.period] += 1;
        }
        let mut components = self.hard_violations(&count, &room_use);
        components.extend(self.soft_costs(lectures, &count));
        Score { components }
    }

    /// `Lectures`, `Conflicts`, `Availability`, `RoomOccupation`: violations.
    fn hard_violations(&self, count: &[usize], room_use: &[usize]) -> Vec<Component> {
        let (nd, np, nc) = (self.days, self.periods, self.courses.len());
        let slots = nd * np;
        let mut lect = 0u64;
        for (c, co) in self.courses.iter().enumerate() {
            let row = &count[c * slots..(c + 1) * slots];
            let placed: usize = row.iter().sum();
            lect += placed.abs_diff(co.lectures) as u64;
            lect += row.iter().map(|&k| k.saturating_sub(1) as u64).sum::<u64>();
        }
        let occupation: u64 = room_use.iter().map(|&k| k.saturating_sub(1) as u64).sum();
        let mut availability = 0u64;
        for &(c, d, p) in &self.unavailable {
            availability += count[c * slots + d * np + p] as u64;
        }
        let related = |a: usize, b: usize| {
            self.courses[a].teacher == self.courses[b].teacher
                || self
                    .curricula
                    .iter()
                    .any(|(_, l)| l.contains(&a) && l.contains(&b))
        };
        let mut conflicts = 0u64;
        for s in 0..slots {
            let here: Vec<usize> = (0..nc).filter(|&c| count[c * slots + s] > 0).collect();
            for (i, &a) in here.iter().enumerate() {
                for &b in &here[i + 1..] {
                    if related(a, b) {
                        conflicts += 1;
                    }
                }
            }
        }
        let hard = |name, value| Component {
            name,
            hard: true,
            value,
        };
        vec![
            hard("Lectures", lect),
            hard("Conflicts", conflicts),
            hard("Availability", availability),
            hard("RoomOccupation", occupation),
        ]
    }

    /// `RoomCapacity`, `MinWorkingDays`, `CurriculumCompactness`, `RoomStability`: weighted
    /// costs.
    fn soft_costs(&self, lectures: &[Lecture], count: &[usize]) -> Vec<Component> {
        let (nd, np) = (self.days, self.periods);
        let slots = nd * np;
        let capacity: u64 = lectures
            .iter()
            .map(|l| {
                u64::from(
                    self.courses[l.course]
                        .students
                        .saturating_sub(self.rooms[l.room].1),
                )
            })
            .sum();
        let mut min_days = 0u64;
        let mut stability = 0u64;
        for (c, co) in self.courses.iter().enumerate() {
            let days = (0..nd)
                .filter(|&d| (0..np).any(|p| count[c * slots + d * np + p] > 0))
                .count();
            min_days += 5 * u64::from(co.min_days).saturating_sub(days as u64);
            let mut rooms: Vec<usize> = lectures
                .iter()
                .filter(|l| l.course == c)
                .map(|l| l.room)
                .collect();
            rooms.sort_unstable();
            rooms.dedup();
            stability += rooms.len().saturating_sub(1) as u64;
        }
        let mut compactness = 0u64;
        for (_, list) in &self.curricula {
            let busy = |s: usize| list.iter().any(|&c| count[c * slots + s] > 0);
            for d in 0..nd {
                for p in 0..np {
                    let s = d * np + p;
                    let here: u64 = list.iter().map(|&c| count[c * slots + s] as u64).sum();
                    if here > 0 && !(p > 0 && busy(s - 1)) && !(p + 1 < np && busy(s + 1)) {
                        compactness += 2 * here;
                    }
                }
            }
        }
        let soft = |name, value| Component {
            name,
            hard: false,
            value,
        };
        vec![
            soft("RoomCapacity", capacity),
            soft("MinWorkingDays", min_days),
            soft("CurriculumCompactness", compactness),
            soft("RoomStability", stability),
        ]
    }
}
