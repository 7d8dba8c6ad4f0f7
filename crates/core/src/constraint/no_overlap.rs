//! No-overlap (disjunctive resource): tasks with start variables and fixed durations never
//! run at the same time.

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};

/// Above this many tasks the propagator only forward checks the fixed tasks (`O(n·d)` per
/// fixed task); up to it, it also reasons on compulsory parts, overload and edge finding,
/// whose cost grows as `n²` to `n³` per call.
pub const NO_OVERLAP_FULL_LIMIT: usize = 64;

/// The intervals `[sᵢ, sᵢ + dᵢ)` are pairwise disjoint: one teacher, class or room doing
/// one thing at a time. Tasks of duration 0 occupy no time and are unconstrained.
///
/// Propagation (Baptiste, Le Pape & Nuijten, *Constraint-Based Scheduling*, 2001):
/// * **time-tabling**: a task whose latest start is before its earliest end certainly
///   occupies `[lst, ect)` (its compulsory part); every other task loses the starts that
///   would overlap it (with a fixed task this is forward checking);
/// * **overload checking**: a set of tasks `Ω` that must run inside `[est_Ω, lct_Ω)` but
///   lasts longer than that window fails the node;
/// * **edge finding**: when task `i` cannot end before `lct_Ω` together with `Ω`
///   (`est_{Ω∪i} + p_Ω + p_i > lct_Ω`), it must come after every task of `Ω`, so its earliest
///   start rises to the earliest end of `Ω`; and symmetrically for latest ends.
///
/// The last two run on bounds in `O(n³)` per call, for at most [`NO_OVERLAP_FULL_LIMIT`]
/// tasks. Domains may have holes (a teacher's free slots): time-tabling removes exactly the
/// overlapping starts.
///
/// ```
/// use csp_core::{Domain, Model, Search, SearchConfig};
/// let mut m = Model::new();
/// let s = m.new_vars("s", 2, Domain::range(0, 2)).unwrap(); // starts 0..=2: within 4 periods
/// m.no_overlap(&s, &[2, 2]).unwrap(); // two double lessons
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 2);
/// ```
#[derive(Debug, Clone)]
pub struct NoOverlap {
    starts: Vec<VarId>,
    durations: Vec<u32>,
}

impl NoOverlap {
    /// Tasks `starts[i]` of length `durations[i]`.
    pub fn new(starts: Vec<VarId>, durations: Vec<u32>) -> Self {
        NoOverlap { starts, durations }
    }

    /// The durations, in scope order.
    pub fn durations(&self) -> &[u32] {
        &self.durations
    }
}

impl Constraint for NoOverlap {
    fn kind(&self) -> &'static str {
        "no_overlap"
    }

    fn scope(&self) -> &[VarId] {
        &self.starts
    }

    fn is_satisfied(&self, v: &[Value]) -> bool {
        let n = v.len();
        for i in 0..n {
            for j in i + 1..n {
                let (si, di) = (i64::from(v[i]), i64::from(self.durations[i]));
                let (sj, dj) = (i64::from(v[j]), i64::from(self.durations[j]));
                if di > 0 && dj > 0 && si < sj + dj && sj < si + di {
                    return false;
                }
            }
        }
        true
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        let d: Vec<String> = self.durations.iter().map(|d| d.to_string()).collect();
        format!(
            "no overlap of ({}) lasting ({})",
            names(&self.starts, name, ", "),
            d.join(", ")
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        let n = self.starts.len();
        Box::new(NoOverlapPropagator {
            c: self,
            est: Vec::with_capacity(n),
            lct: Vec::with_capacity(n),
            bound: Vec::with_capacity(n),
            order: Vec::with_capacity(n),
            ends: Vec::with_capacity(n),
        })
    }
}

/// The propagator of [`NoOverlap`]; its vectors are scratch space sized once.
#[derive(Debug)]
struct NoOverlapPropagator<'c> {
    c: &'c NoOverlap,
    est: Vec<i64>,
    lct: Vec<i64>,
    /// New earliest starts found by edge finding.
    bound: Vec<i64>,
    order: Vec<usize>,
    ends: Vec<i64>,
}

impl NoOverlapPropagator<'_> {
    /// Removes from every task but `i` the starts overlapping `[from, to)`.
    fn exclude(&self, d: &mut DomainStore, i: usize, from: i64, to: i64) -> Result<bool, Conflict> {
        let mut changed = false;
        for (j, &x) in self.c.starts.iter().enumerate() {
            let dj = i64::from(self.c.durations[j]);
            if j == i || dj == 0 {
                continue;
            }
            // t overlaps when t < to and t + dj > from. Short ranges (the usual case: a
            // lesson against a lesson) are tested value by value, without scanning the domain
            // for its bounds.
            let (lo, hi) = (from - dj + 1, to - 1);
            if hi - lo < 8 {
                for t in lo..=hi {
                    if let Ok(v) = Value::try_from(t)
                        && d.contains(x, v)
                    {
                        // An interval ignores a removal inside it: only a real one counts.
                        changed |= d.remove(x, v)?;
                    }
                }
                continue;
            }
            let (Some(min), Some(max)) = (d.min(x), d.max(x)) else {
                return Err(Conflict);
            };
            if hi < i64::from(min) || lo > i64::from(max) {
                continue;
            }
            let mut t = lo.max(i64::from(min));
            while t <= hi {
                let Ok(v) = Value::try_from(t) else { break };
                match d.next_value(x, v) {
                    Some(w) if i64::from(w) <= hi => {
                        changed |= d.remove(x, w)?;
                        t = i64::from(w) + 1;
                    }
                    _ => break,
                }
            }
        }
        Ok(changed)
    }

    /// Time-tabling on every task's compulsory part.
    fn time_table(&mut self, d: &mut DomainStore) -> Result<bool, Conflict> {
        let mut changed = false;
        for i in 0..self.c.starts.len() {
            let x = self.c.starts[i];
            let di = i64::from(self.c.durations[i]);
            let (Some(min), Some(max)) = (d.min(x), d.max(x)) else {
                return Err(Conflict);
            };
            let (lst, ect) = (i64::from(max), i64::from(min) + di);
            if di > 0 && lst < ect {
                changed |= self.exclude(d, i, lst, ect)?;
            }
        }
        Ok(changed)
    }

    /// Overload checking and edge finding on `(est, lct)`, writing raised earliest starts
    /// into `bound`. Tasks of duration 0 are skipped.
    fn edge_find(&mut self) -> Result<(), Conflict> {
        let n = self.est.len();
        let p = |i: usize| i64::from(self.c.durations[i]);
        self.bound.clear();
        self.bound.extend_from_slice(&self.est);
        self.ends.clear();
        self.ends
            .extend((0..n).filter(|&i| p(i) > 0).map(|i| self.lct[i]));
        self.ends.sort_unstable();
        self.ends.dedup();
        for k in 0..self.ends.len() {
            let b = self.ends[k];
            self.order.clear();
            self.order
                .extend((0..n).filter(|&j| p(j) > 0 && self.lct[j] <= b));
            let est = &self.est;
            self.order
                .sort_unstable_by_key(|&j| std::cmp::Reverse(est[j]));
            let (mut total, mut ect) = (0i64, i64::MIN);
            for &j in &self.order {
                let a = self.est[j];
                total += p(j);
                if a + total > b {
                    return Err(Conflict);
                }
                ect = ect.max(a + total);
                for i in 0..n {
                    // Only tasks that could still move later gain anything.
                    if p(i) > 0
                        && self.bound[i] < ect
                        && self.lct[i] > b
                        && self.est[i].min(a) + total + p(i) > b
                    {
                        self.bound[i] = ect;
                    }
                }
            }
        }
        Ok(())
    }

    /// Overload checking and edge finding in both directions; applies the new bounds.
    fn bounds(&mut self, d: &mut DomainStore) -> Result<bool, Conflict> {
        let n = self.c.starts.len();
        let mut changed = false;
        for mirrored in [false, true] {
            self.est.clear();
            self.lct.clear();
            for i in 0..n {
                let x = self.c.starts[i];
                let (Some(min), Some(max)) = (d.min(x), d.max(x)) else {
                    return Err(Conflict);
                };
                let (est, lct) = (
                    i64::from(min),
                    i64::from(max) + i64::from(self.c.durations[i]),
                );
                // Mirrored time: t ↦ −t turns latest ends into earliest starts.
                if mirrored {
                    self.est.push(-lct);
                    self.lct.push(-est);
                } else {
                    self.est.push(est);
                    self.lct.push(lct);
                }
            }
            self.edge_find()?;
            for i in 0..n {
                if self.bound[i] <= self.est[i] {
                    continue;
                }
                let x = self.c.starts[i];
                if mirrored {
                    // New latest end −bound, so latest start −bound − dᵢ.
                    let max_start = -self.bound[i] - i64::from(self.c.durations[i]);
                    changed |= d.set_max(x, super::precedence::clamp(max_start))?;
                } else {
                    changed |= d.set_min(x, super::precedence::clamp(self.bound[i]))?;
                }
            }
        }
        Ok(changed)
    }
}

impl Propagator for NoOverlapPropagator<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.starts
    }

    fn wake(&self) -> Wake {
        if self.c.starts.len() <= NO_OVERLAP_FULL_LIMIT {
            Wake::Change
        } else {
            Wake::Fix
        }
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let full = self.c.starts.len() <= NO_OVERLAP_FULL_LIMIT;
        loop {
            d.count_revisions(self.c.starts.len() as u64);
            let mut changed = self.time_table(d)?;
            if full {
                changed |= self.bounds(d)?;
            }
            if !changed || !full || d.time_is_up() {
                return Ok(());
            }
        }
    }

    fn forward_check(&mut self, d: &mut DomainStore, i: usize) -> Result<(), Conflict> {
        d.count_revision();
        let Some(v) = d.value(self.c.starts[i]) else {
            return Ok(());
        };
        let di = i64::from(self.c.durations[i]);
        if di > 0 {
            self.exclude(d, i, i64::from(v), i64::from(v) + di)?;
        }
        Ok(())
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        let n = self.c.starts.len();
        for i in 0..n {
            let Some(si) = d.value(self.c.starts[i]) else {
                continue;
            };
            for j in i + 1..n {
                let Some(sj) = d.value(self.c.starts[j]) else {
                    continue;
                };
                let (si, di) = (i64::from(si), i64::from(self.c.durations[i]));
                let (sj, dj) = (i64::from(sj), i64::from(self.c.durations[j]));
                if di > 0 && dj > 0 && si < sj + dj && sj < si + di {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Domain;

    fn store(doms: &[(Value, Value)]) -> DomainStore {
        let d: Vec<Domain> = doms.iter().map(|&(a, b)| Domain::range(a, b)).collect();
        DomainStore::new(&d)
    }

    fn vars(n: usize) -> Vec<VarId> {
        (0..n).map(VarId::new).collect()
    }

    #[test]
    fn edge_finding_puts_a_task_after_a_full_window() {
        // A and B (length 2) must both run inside [0, 4), so C cannot start before 4;
        // no task has a compulsory part, so time-tabling alone sees nothing.
        let c = NoOverlap::new(vars(3), vec![2, 2, 2]);
        let mut d = store(&[(0, 2), (0, 2), (0, 6)]);
        c.propagator(&PropagatorOptions::default())
            .propagate(&mut d)
            .unwrap();
        assert_eq!(d.min(VarId::new(2)), Some(4));
    }

    #[test]
    fn overload_fails_and_compulsory_parts_exclude() {
        let c = NoOverlap::new(vars(3), vec![2, 2, 2]);
        let mut d = store(&[(0, 2), (0, 2), (0, 2)]);
        let r = c
            .propagator(&PropagatorOptions::default())
            .propagate(&mut d);
        assert_eq!(r, Err(Conflict));
        // A in [0, 1] with length 3 surely occupies [1, 3): B (length 1) loses 1 and 2.
        let c = NoOverlap::new(vars(2), vec![3, 1]);
        let mut d = store(&[(0, 1), (0, 5)]);
        c.propagator(&PropagatorOptions::default())
            .propagate(&mut d)
            .unwrap();
        assert!(!d.contains(VarId::new(1), 1) && !d.contains(VarId::new(1), 2));
    }
}
