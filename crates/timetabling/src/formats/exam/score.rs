//! The competition's score, from the file's data alone.

use super::super::{Component, Score};
use super::{Assignment, Exam};
use std::collections::BTreeMap;

impl Exam {
    /// Scores a solution by the competition's rules, from the file's data alone. Hard:
    /// `Conflicts` (a student's two exams in one period), `RoomOccupancy` (room-periods over
    /// their seats), `PeriodUtilisation` (exams longer than their period), `PeriodRelated`
    /// and `RoomRelated` (broken constraints). Soft, weighted: `TwoInARow`, `TwoInADay`,
    /// `PeriodSpread`, `NonMixedDurations`, `FrontLoad`, `PeriodPenalty`, `RoomPenalty`.
    pub fn score(&self, a: &[Assignment]) -> Score {
        let day_of: Vec<usize> = {
            let mut v = vec![0; self.periods.len()];
            for (d, (_, first, n)) in self.day_runs().into_iter().enumerate() {
                for x in &mut v[first..first + n] {
                    *x = d;
                }
            }
            v
        };
        let mut by_student: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        for (e, ex) in self.exams.iter().enumerate() {
            for &s in &ex.students {
                by_student.entry(s).or_default().push(e);
            }
        }
        let (clash, row, day, spread) = self.student_pairs(a, &by_student, &day_of);
        let (occupancy, mixed, room_related) = self.rooms_used(a);
        let w = self.weights;
        let utilisation = a
            .iter()
            .enumerate()
            .filter(|&(e, &(p, _))| self.exams[e].duration > self.periods[p].duration)
            .count() as u64;
        let mut related = 0u64;
        related += self
            .after
            .iter()
            .filter(|&&(x, y)| a[x].0 <= a[y].0)
            .count() as u64;
        related += self
            .exclusion
            .iter()
            .filter(|&&(x, y)| x != y && a[x].0 == a[y].0)
            .count() as u64;
        related += self
            .coincidence
            .iter()
            .filter(|&&(x, y)| a[x].0 != a[y].0)
            .count() as u64;
        let (_, last, fw) = w.front_load;
        let from = self.periods.len().saturating_sub(last);
        let front = self.largest().iter().filter(|&&e| a[e].0 >= from).count() as u64 * fw;
        let period_pen: u64 = a.iter().map(|&(p, _)| self.periods[p].penalty).sum();
        let room_pen: u64 = a.iter().map(|&(_, r)| self.rooms[r].1).sum();
        let c = |name, hard, value| Component { name, hard, value };
        Score {
            components: vec![
                c("Conflicts", true, clash),
                c("RoomOccupancy", true, occupancy),
                c("PeriodUtilisation", true, utilisation),
                c("PeriodRelated", true, related),
                c("RoomRelated", true, room_related),
                c("TwoInARow", false, row),
                c("TwoInADay", false, day),
                c("PeriodSpread", false, spread),
                c("NonMixedDurations", false, mixed),
                c("FrontLoad", false, front),
                c("PeriodPenalty", false, period_pen),
                c("RoomPenalty", false, room_pen),
            ],
        }
    }

    /// Per pair of a student's exams: clashes, and the weighted two in a row, two in a day,
    /// and pairs within the spread.
    fn student_pairs(
        &self,
        a: &[Assignment],
        by_student: &BTreeMap<u64, Vec<usize>>,
        day_of: &[usize],
    ) -> (u64, u64, u64, u64) {
        let w = self.weights;
        let (mut clash, mut row, mut day, mut spread) = (0u64, 0u64, 0u64, 0u64);
        for exams in by_student.values() {
            for (i, &x) in exams.iter().enumerate() {
                for &y in &exams[i + 1..] {
                    let (p, q) = (a[x].0, a[y].0);
                    let d = p.abs_diff(q);
                    if d == 0 {
                        clash += 1;
                        continue;
                    }
                    if day_of[p] == day_of[q] {
                        if d == 1 {
                            row += w.two_in_a_row;
                        } else {
                            day += w.two_in_a_day;
                        }
                    }
                    if d <= w.period_spread {
                        spread += 1;
                    }
                }
            }
        }
        (clash, row, day, spread)
    }

    /// Room-periods over their seats, the weighted mixed durations, and `ROOM_EXCLUSIVE`
    /// exams that share their room.
    fn rooms_used(&self, a: &[Assignment]) -> (u64, u64, u64) {
        let w = self.weights;
        let cells = self.periods.len() * self.rooms.len();
        let mut seats = vec![0u64; cells];
        let mut lengths: Vec<Vec<u32>> = vec![Vec::new(); cells];
        let mut exams_in: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for (e, &(p, r)) in a.iter().enumerate() {
            let c = p * self.rooms.len() + r;
            seats[c] += self.exams[e].students.len() as u64;
            if !lengths[c].contains(&self.exams[e].duration) {
                lengths[c].push(self.exams[e].duration);
            }
            exams_in[c].push(e);
        }
        let occupancy = (0..cells)
            .filter(|&c| seats[c] > u64::from(self.rooms[c % self.rooms.len()].0))
            .count() as u64;
        let mixed: u64 = lengths
            .iter()
            .map(|l| l.len().saturating_sub(1) as u64 * w.mixed)
            .sum();
        let room_related = self
            .room_exclusive
            .iter()
            .filter(|&&e| exams_in[a[e].0 * self.rooms.len() + a[e].1].len() > 1)
            .count() as u64;
        (occupancy, mixed, room_related)
    }
}
