//! Edge finding for cumulative (Nuijten 1994; Vilím 2009): a task that cannot end before a
//! set of tasks ends starts late enough to leave them their energy.

use crate::propagation::Conflict;

/// A task as edge finding sees it: earliest start, latest completion, duration and use (both
/// positive).
#[derive(Debug, Clone, Copy)]
pub(super) struct Task {
    pub est: i64,
    pub lct: i64,
    pub duration: i64,
    pub usage: i64,
}

impl Task {
    fn energy(&self) -> i128 {
        i128::from(self.duration) * i128::from(self.usage)
    }
}

/// The rules on task intervals `Ω(a, L)`, the tasks starting at `a` or later and completing
/// by `L` (each between two of the tasks' bounds), `e` their energy, `C` the capacity:
/// - overload: `e(Ω) > C·(L − a)` fails;
/// - detection: a task `i` outside Ω with `e(Ω) + eᵢ > C·(L − min(a, estᵢ))` cannot end
///   before every task of Ω ends;
/// - adjustment: then for every `Ω' = Ω(a', L)` inside Ω whose energy leaves `i` too little
///   room, `rest = e(Ω') − (C − cᵢ)·(L − a') > 0`, `i` starts at `a' + ⌈rest / cᵢ⌉` or later.
///
/// Windows `[a, L)` at least as wide as the tasks' own only weaken the rules, so every bound
/// is sound. For each `L`, one sweep in order of earliest start gives every `e(Ω(a, L))`;
/// detection reads a prefix maximum and adjustment a suffix maximum per distinct use: `O(k·n)`
/// per `L`, `O(k·n²)` in all for `k` distinct uses.
#[derive(Debug, Default)]
pub(super) struct EdgeFinder {
    /// Tasks in order of earliest start, and each task's place in that order.
    by_est: Vec<u32>,
    place: Vec<u32>,
    /// The distinct latest completions and uses.
    lcts: Vec<i64>,
    uses: Vec<i64>,
    /// `energy[k]`: the energy of the tasks from place `k` on completing by `L`.
    energy: Vec<i128>,
    /// `prefix[k]`: the largest `energy[k'] + C·est[k']` over `k' ≤ k` (nonempty sets), and
    /// where.
    prefix: Vec<(i128, u32)>,
    /// Per distinct use (`uses.len()` rows of `n + 1`), computed when first needed for this
    /// `L`: the latest start an adjustment from place `k` on imposes.
    suffix: Vec<i64>,
    ready: Vec<bool>,
    /// The earliest starts found.
    bound: Vec<i64>,
}

impl EdgeFinder {
    /// The earliest start of each task after edge finding (each at least its `est`), or a
    /// conflict when some task interval is overloaded.
    pub(super) fn earliest_starts(
        &mut self,
        tasks: &[Task],
        capacity: i64,
    ) -> Result<&[i64], Conflict> {
        let n = tasks.len();
        let cap = i128::from(capacity);
        self.bound.clear();
        self.bound.extend(tasks.iter().map(|t| t.est));
        self.by_est.clear();
        self.by_est.extend(0..n as u32);
        self.by_est.sort_unstable_by_key(|&i| tasks[i as usize].est);
        self.place.resize(n, 0);
        for (k, &i) in self.by_est.iter().enumerate() {
            self.place[i as usize] = k as u32;
        }
        self.lcts.clear();
        self.lcts.extend(tasks.iter().map(|t| t.lct));
        self.lcts.sort_unstable();
        self.lcts.dedup();
        self.uses.clear();
        self.uses.extend(tasks.iter().map(|t| t.usage));
        self.uses.sort_unstable();
        self.uses.dedup();
        for l in 0..self.lcts.len() {
            self.at(tasks, cap, self.lcts[l])?;
        }
        Ok(&self.bound)
    }

    /// The rules for the intervals ending at `end`.
    fn at(&mut self, tasks: &[Task], cap: i128, end: i64) -> Result<(), Conflict> {
        let n = tasks.len();
        let est = |k: usize| tasks[self.by_est[k] as usize].est;
        self.energy.clear();
        self.energy.resize(n + 1, 0);
        for k in (0..n).rev() {
            let t = &tasks[self.by_est[k] as usize];
            let e = if t.lct <= end { t.energy() } else { 0 };
            self.energy[k] = self.energy[k + 1] + e;
            if self.energy[k] > 0 && self.energy[k] > cap * i128::from(end - est(k)) {
                return Err(Conflict);
            }
        }
        self.prefix.clear();
        let mut best = (i128::MIN, 0u32);
        for k in 0..n {
            let v = self.energy[k] + cap * i128::from(est(k));
            if self.energy[k] > 0 && v > best.0 {
                best = (v, k as u32);
            }
            self.prefix.push(best);
        }
        self.ready.clear();
        self.ready.resize(self.uses.len(), false);
        for (i, t) in tasks.iter().enumerate() {
            if t.lct <= end {
                continue;
            }
            let p = self.place[i] as usize;
            let window = cap * i128::from(end);
            let from = if self.prefix[p].0 > window - t.energy() {
                Some(self.prefix[p].1 as usize)
            } else if self.energy[p + 1] > 0
                && self.energy[p + 1] + t.energy() > cap * i128::from(end - t.est)
            {
                Some(p + 1)
            } else {
                None
            };
            if let Some(k) = from {
                let u = self.uses.binary_search(&t.usage).unwrap_or_default();
                let start = self.adjustment(tasks, cap, end, u, k);
                self.bound[i] = self.bound[i].max(start);
            }
        }
        Ok(())
    }

    /// The latest start that `Ω(a', end)` for places `k` on imposes on a task of the `u`-th
    /// use (`i64::MIN` for none).
    fn adjustment(&mut self, tasks: &[Task], cap: i128, end: i64, u: usize, k: usize) -> i64 {
        let n = tasks.len();
        let row = u * (n + 1);
        if !self.ready[u] {
            self.suffix.resize(self.uses.len() * (n + 1), i64::MIN);
            self.ready[u] = true;
            let c = i128::from(self.uses[u]);
            self.suffix[row + n] = i64::MIN;
            for j in (0..n).rev() {
                let a = tasks[self.by_est[j] as usize].est;
                let rest = self.energy[j] - (cap - c) * i128::from(end - a);
                let here = if self.energy[j] > 0 && rest > 0 {
                    // Past i64 the start is past every latest start: a conflict, rightly.
                    let step = (rest + c - 1) / c;
                    i64::try_from(i128::from(a) + step).unwrap_or(i64::MAX)
                } else {
                    i64::MIN
                };
                self.suffix[row + j] = here.max(self.suffix[row + j + 1]);
            }
        }
        self.suffix[row + k]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(est: i64, lct: i64, duration: i64, usage: i64) -> Task {
        Task {
            est,
            lct,
            duration,
            usage,
        }
    }

    #[test]
    fn an_overloaded_interval_fails() {
        // Three tasks of energy 4 in [0, 5) on capacity 2: 12 > 10.
        let tasks = [task(0, 5, 2, 2), task(0, 5, 2, 2), task(1, 5, 4, 1)];
        assert_eq!(
            EdgeFinder::default().earliest_starts(&tasks, 2),
            Err(Conflict)
        );
    }

    #[test]
    fn a_task_that_cannot_end_first_starts_after_the_others_energy() {
        // Capacity 2; tasks A and B (use 2, length 2) fill [0, 4); C (use 1, length 2) may end
        // at 10 but could not fit inside [0, 4) with them: C ends after both, and with its use
        // of 1 leaving 1 unit, rest = 8 − 1·4 = 4, so C starts at 0 + ⌈4/1⌉ = 4 or later.
        let tasks = [task(0, 4, 2, 2), task(0, 4, 2, 2), task(0, 10, 2, 1)];
        let b = EdgeFinder::default()
            .earliest_starts(&tasks, 2)
            .unwrap()
            .to_vec();
        assert_eq!(b, vec![0, 0, 4]);
    }

    #[test]
    fn loose_tasks_are_left_alone() {
        let tasks = [task(0, 10, 2, 1), task(0, 10, 2, 1), task(0, 10, 3, 1)];
        let b = EdgeFinder::default()
            .earliest_starts(&tasks, 2)
            .unwrap()
            .to_vec();
        assert_eq!(b, vec![0, 0, 0]);
    }

    /// Every start assignment within the windows that never passes the capacity.
    fn schedules(tasks: &[Task], capacity: i64) -> Vec<Vec<i64>> {
        let mut out = vec![vec![]];
        for t in tasks {
            out = out
                .into_iter()
                .flat_map(|p: Vec<i64>| {
                    (t.est..=t.lct - t.duration).map(move |s| {
                        let mut q = p.clone();
                        q.push(s);
                        q
                    })
                })
                .collect();
        }
        out.retain(|s| {
            (0..tasks.len()).all(|j| {
                let at = s[j];
                let used: i64 = (0..tasks.len())
                    .filter(|&i| s[i] <= at && at < s[i] + tasks[i].duration)
                    .map(|i| tasks[i].usage)
                    .sum();
                used <= capacity
            })
        });
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 2000, ..Default::default() })]

        /// Against every schedule: no bound passes a start some schedule uses (a conflict only
        /// when there is none).
        #[test]
        fn bounds_keep_every_schedule(
            raw in proptest::collection::vec((0i64..5, 0i64..5, 1i64..4, 1i64..4), 1..6),
            capacity in 1i64..5,
        ) {
            let tasks: Vec<Task> = raw
                .iter()
                .map(|&(est, slack, duration, usage)| task(est, est + duration + slack, duration, usage))
                .filter(|t| t.usage <= capacity)
                .collect();
            let all = schedules(&tasks, capacity);
            match EdgeFinder::default().earliest_starts(&tasks, capacity) {
                Err(Conflict) => proptest::prop_assert!(all.is_empty()),
                Ok(bound) => {
                    for s in &all {
                        for (i, &b) in bound.iter().enumerate() {
                            proptest::prop_assert!(s[i] >= b, "task {} starts at {} < {}", i, s[i], b);
                        }
                    }
                }
            }
        }
    }
}
