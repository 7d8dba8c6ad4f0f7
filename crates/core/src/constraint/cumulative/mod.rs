//! Cumulative: tasks with fixed durations and resource uses never use more than a capacity
//! at any time (MiniZinc's `cumulative` with constant durations and uses; the capacity a
//! constant or a variable).

mod edge_finding;

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, PropagatorOptions, Wake};
use edge_finding::{EdgeFinder, Task};

/// `Σ { rᵢ : sᵢ ≤ t < sᵢ + dᵢ } ≤ capacity` at every time `t`, for start variables `sᵢ`
/// and constant durations `dᵢ ≥ 0` and uses `rᵢ ≥ 0` (a task of duration or use 0 takes no
/// part). Propagated by time-tabling (Beldiceanu & Carlsson 2002; as Gecode and Chuffed): the
/// compulsory parts `[latest start, earliest end)` of the tasks form a profile; a task whose
/// use would overload a stretch of it cannot overlap that stretch, which pushes its earliest
/// start past it and its latest end before it; an overloaded profile fails. Two tasks whose
/// uses together pass the capacity cannot overlap at all: for each such pair (up to
/// `PAIRWISE_TASKS`, 1,000 tasks), once one order is impossible the other is enforced on both
/// bounds (the disjunctions MiniZinc's RCPSP models add by hand, which time-tabling alone
/// misses while the compulsory parts are empty). Then edge finding, both ways in time (up to
/// `EDGE_FINDING_TASKS` tasks; see `edge_finding.rs`): a task that cannot end before a set of
/// others ends starts late enough to leave them their energy. A variable capacity
/// ([`Cumulative::with_capacity_var`]) is filtered against its upper bound and raised to the
/// profile's highest point and to every task's use.
///
/// ```
/// use csp_core::{Model, Search, SearchConfig};
/// use csp_core::constraint::Cumulative;
/// let mut m = Model::new();
/// let s = m.new_vars("s", 3, 0..=2).unwrap();
/// // Three tasks of length 2 and use 1 on a capacity of 2: never all three at once.
/// m.post(Cumulative::new(s, vec![2, 2, 2], vec![1, 1, 1], 2).unwrap()).unwrap();
/// assert_eq!(Search::new(&m, SearchConfig::default()).count(100).count, 12);
/// ```
#[derive(Debug, Clone)]
pub struct Cumulative {
    /// The starts, then the capacity's variable if it has one.
    scope: Vec<VarId>,
    durations: Vec<i64>,
    uses: Vec<i64>,
    /// The capacity when constant.
    capacity: Option<i64>,
}

/// The most tasks whose exclusive pairs are kept (the pairs grow as the square of the tasks).
pub(super) const PAIRWISE_TASKS: usize = 1000;

/// The most tasks edge finding runs on (its cost grows as the square of the tasks, times the
/// distinct uses).
pub(super) const EDGE_FINDING_TASKS: usize = 200;

/// Edge finding that found nothing `k` times running sits out the next `2^k − 1` propagations,
/// `k` at most this: where time-tabling already does the work it costs little, and where it
/// prunes it runs every time.
pub(super) const EDGE_FINDING_BACKOFF: u32 = 8;

impl Cumulative {
    /// The tasks `starts[i]`, of `durations[i]` and `uses[i]` (both non-negative), on
    /// `capacity`.
    pub fn new(
        starts: Vec<VarId>,
        durations: Vec<i64>,
        uses: Vec<i64>,
        capacity: i64,
    ) -> Result<Self, String> {
        if starts.len() != durations.len() || starts.len() != uses.len() {
            return Err("starts, durations and uses differ in number".into());
        }
        if durations.iter().chain(&uses).any(|&v| v < 0) {
            return Err("a negative duration or use".into());
        }
        // Bounded so that a start plus a duration, and the sum of every use, fit 64 bits.
        let limit = i64::from(Value::MAX);
        if durations.iter().chain(&uses).any(|&v| v > limit)
            || !(-limit..=limit).contains(&capacity)
        {
            return Err(format!("a duration, use or capacity past {limit}"));
        }
        Ok(Cumulative {
            scope: starts,
            durations,
            uses,
            capacity: Some(capacity),
        })
    }

    /// The same on a variable `capacity`.
    pub fn with_capacity_var(
        starts: Vec<VarId>,
        durations: Vec<i64>,
        uses: Vec<i64>,
        capacity: VarId,
    ) -> Result<Self, String> {
        let mut c = Self::new(starts, durations, uses, 0)?;
        c.scope.push(capacity);
        c.capacity = None;
        Ok(c)
    }

    fn starts(&self) -> &[VarId] {
        &self.scope[..self.durations.len()]
    }

    /// The capacity's variable, if it has one.
    fn capacity_var(&self) -> Option<VarId> {
        self.scope.get(self.durations.len()).copied()
    }

    fn runs(&self, i: usize) -> bool {
        self.durations[i] > 0 && self.uses[i] > 0
    }
}

impl Constraint for Cumulative {
    fn kind(&self) -> &'static str {
        "cumulative"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, s: &[Value]) -> bool {
        let (s, capacity) = match self.capacity {
            Some(c) => (s, c),
            None => (&s[..s.len() - 1], i64::from(s[s.len() - 1])),
        };
        let active: Vec<usize> = (0..s.len()).filter(|&i| self.runs(i)).collect();
        if active.is_empty() {
            return capacity >= 0 || s.is_empty();
        }
        // The use only grows where a task starts: test those times.
        active.iter().all(|&j| {
            let t = i64::from(s[j]);
            let used: i64 = active
                .iter()
                .filter(|&&i| i64::from(s[i]) <= t && t < i64::from(s[i]) + self.durations[i])
                .map(|&i| self.uses[i])
                .sum();
            used <= capacity
        })
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        let capacity = match (self.capacity, self.capacity_var()) {
            (Some(c), _) => c.to_string(),
            (None, Some(x)) => name(x),
            (None, None) => unreachable!("a capacity, constant or variable"),
        };
        format!(
            "cumulative([{}], capacity {capacity})",
            names(self.starts(), name, ", "),
        )
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(TimeTable {
            c: self,
            exclusive: Vec::new(),
            events: Vec::new(),
            profile: Vec::new(),
            finder: EdgeFinder::default(),
            tasks: Vec::new(),
            task_of: Vec::new(),
            idle: 0,
            wait: 0,
        })
    }
}

/// One stretch of the profile: `[from, to)` at `height`.
#[derive(Debug, Clone, Copy)]
struct Stretch {
    from: i64,
    to: i64,
    height: i64,
}

#[derive(Debug)]
struct TimeTable<'a> {
    c: &'a Cumulative,
    /// The pairs of tasks that cannot run at the same time (with the largest capacity the
    /// root allows).
    exclusive: Vec<(u32, u32)>,
    events: Vec<(i64, i64)>,
    profile: Vec<Stretch>,
    finder: EdgeFinder,
    /// The running tasks as edge finding sees them, and their places in the constraint.
    tasks: Vec<Task>,
    task_of: Vec<usize>,
    /// Edge finding's runs in a row that found nothing, and the propagations it still sits
    /// out.
    idle: u32,
    wait: u32,
}

fn bounds(d: &DomainStore, x: VarId) -> Result<(i64, i64), Conflict> {
    match (d.min(x), d.max(x)) {
        (Some(a), Some(b)) => Ok((i64::from(a), i64::from(b))),
        _ => Err(Conflict),
    }
}

impl TimeTable<'_> {
    /// The largest capacity left.
    fn capacity(&self, d: &DomainStore) -> Result<i64, Conflict> {
        match (self.c.capacity, self.c.capacity_var()) {
            (Some(c), _) => Ok(c),
            (None, Some(x)) => Ok(bounds(d, x)?.1),
            (None, None) => Err(Conflict),
        }
    }

    /// The capacity raised to `need` when it is a variable; a conflict when it cannot be.
    fn need(&self, d: &mut DomainStore, need: i64) -> Result<(), Conflict> {
        match self.c.capacity_var() {
            // `need` is a use or a sum of uses below the capacity's largest value, a Value.
            Some(x) if need > i64::from(d.min(x).ok_or(Conflict)?) => d
                .set_min(x, Value::try_from(need).map_err(|_| Conflict)?)
                .map(|_| ()),
            Some(_) => Ok(()),
            None if need > self.capacity(d)? => Err(Conflict),
            None => Ok(()),
        }
    }

    /// The profile of the compulsory parts; a conflict when it passes the capacity.
    fn build(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let c = self.c;
        let capacity = self.capacity(d)?;
        self.events.clear();
        for i in 0..c.durations.len() {
            if !c.runs(i) {
                continue;
            }
            let (est, lst) = bounds(d, c.starts()[i])?;
            let ect = est + c.durations[i];
            if lst < ect {
                self.events.push((lst, c.uses[i]));
                self.events.push((ect, -c.uses[i]));
            }
        }
        self.events.sort_unstable();
        self.profile.clear();
        let (mut height, mut highest) = (0, 0);
        for k in 0..self.events.len() {
            let (t, delta) = self.events[k];
            height += delta;
            let next = self.events.get(k + 1).map_or(t, |e| e.0);
            if next > t && height > 0 {
                if height > capacity {
                    return Err(Conflict);
                }
                highest = highest.max(height);
                self.profile.push(Stretch {
                    from: t,
                    to: next,
                    height,
                });
            }
        }
        self.need(d, highest)
    }

    /// One pass: every task's bounds pushed out of the stretches it would overload.
    fn pass(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let c = self.c;
        let n = c.durations.len();
        // A task using more than the capacity fits nowhere; with no task running, a negative
        // capacity is still refused (MiniZinc's definition).
        let most = (0..n).filter(|&i| c.runs(i)).map(|i| c.uses[i]).max();
        match most {
            Some(u) => self.need(d, u)?,
            None if n > 0 => self.need(d, 0)?,
            None => {}
        }
        self.build(d)?;
        let capacity = self.capacity(d)?;
        for i in 0..n {
            if !c.runs(i) {
                continue;
            }
            let x = c.starts()[i];
            let (dur, r) = (c.durations[i], c.uses[i]);
            let (est, lst) = bounds(d, x)?;
            // Task i's own compulsory part is in the profile: not counted against itself.
            let own = |s: &Stretch| {
                if lst < est + dur && lst <= s.from && s.to <= est + dur {
                    r
                } else {
                    0
                }
            };
            let over = |s: &Stretch| s.height - own(s) + r > capacity;
            let mut t = est;
            for s in &self.profile {
                if s.to <= t {
                    continue;
                }
                if s.from >= t + dur {
                    break;
                }
                if over(s) {
                    t = s.to;
                }
            }
            let mut end = lst + dur;
            for s in self.profile.iter().rev() {
                if s.from >= end {
                    continue;
                }
                if s.to <= end - dur {
                    break;
                }
                if over(s) {
                    end = s.from;
                }
            }
            d.count_revision();
            if t > lst || end - dur < est {
                return Err(Conflict);
            }
            d.set_min(x, t as Value)?;
            d.set_max(x, (end - dur) as Value)?;
        }
        self.exclusive_pairs(d)
    }

    /// The running tasks' windows, forward in time or reversed (`[−lct, −est)`).
    fn windows(&mut self, d: &DomainStore, reversed: bool) -> Result<(), Conflict> {
        let c = self.c;
        self.tasks.clear();
        self.task_of.clear();
        for i in (0..c.durations.len()).filter(|&i| c.runs(i)) {
            let (est, lst) = bounds(d, c.starts()[i])?;
            let (duration, usage) = (c.durations[i], c.uses[i]);
            let (est, lct) = if reversed {
                (-(lst + duration), -est)
            } else {
                (est, lst + duration)
            };
            self.tasks.push(Task {
                est,
                lct,
                duration,
                usage,
            });
            self.task_of.push(i);
        }
        Ok(())
    }

    /// Edge finding forward (earliest starts raised), then on time reversed (latest ends
    /// lowered).
    fn edge_finding(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let c = self.c;
        let capacity = self.capacity(d)?;
        for reversed in [false, true] {
            self.windows(d, reversed)?;
            d.count_revisions(self.tasks.len() as u64);
            let starts = self.finder.earliest_starts(&self.tasks, capacity)?;
            for (k, &s) in starts.iter().enumerate() {
                if s <= self.tasks[k].est {
                    continue;
                }
                let (x, dur) = (c.starts()[self.task_of[k]], c.durations[self.task_of[k]]);
                if reversed {
                    // The latest end is −s, so the latest start −s − dur.
                    let latest = Value::try_from(-s - dur).map_err(|_| Conflict)?;
                    d.set_max(x, latest)?;
                } else {
                    d.set_min(x, Value::try_from(s).map_err(|_| Conflict)?)?;
                }
            }
        }
        Ok(())
    }

    /// Two tasks that cannot overlap: when one cannot come first, the other does.
    fn exclusive_pairs(&self, d: &mut DomainStore) -> Result<(), Conflict> {
        let c = self.c;
        for &(i, j) in &self.exclusive {
            let (i, j) = (i as usize, j as usize);
            let (xi, xj) = (c.starts()[i], c.starts()[j]);
            let (di, dj) = (c.durations[i], c.durations[j]);
            let (esti, lsti) = bounds(d, xi)?;
            let (estj, lstj) = bounds(d, xj)?;
            let i_first = esti + di <= lstj;
            let j_first = estj + dj <= lsti;
            d.count_revision();
            match (i_first, j_first) {
                (false, false) => return Err(Conflict),
                // Both values fit: est + d ≤ the other's latest start, a Value.
                (true, false) => {
                    d.set_min(xj, (esti + di) as Value)?;
                    d.set_max(xi, (lstj - di) as Value)?;
                }
                (false, true) => {
                    d.set_min(xi, (estj + dj) as Value)?;
                    d.set_max(xj, (lsti - dj) as Value)?;
                }
                (true, true) => {}
            }
        }
        Ok(())
    }
}

impl Propagator for TimeTable<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.scope
    }

    fn prepare(&mut self, d: &DomainStore) {
        let c = self.c;
        let n = c.durations.len();
        self.exclusive.clear();
        // A pair too big for the largest capacity is too big for every smaller one.
        let Ok(capacity) = self.capacity(d) else {
            return;
        };
        if n <= PAIRWISE_TASKS {
            for i in 0..n {
                for j in i + 1..n {
                    if c.runs(i) && c.runs(j) && c.uses[i] + c.uses[j] > capacity {
                        self.exclusive.push((i as u32, j as u32));
                    }
                }
            }
        }
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        // To its own fixpoint: a pushed task grows its compulsory part. Edge finding, dearer,
        // runs on time-tabling's fixpoint, and again only when it moved a bound.
        loop {
            crate::propagation::to_fixpoint(d, |d| self.pass(d))?;
            if self.c.durations.len() > EDGE_FINDING_TASKS {
                return Ok(());
            }
            if self.wait > 0 {
                self.wait -= 1;
                return Ok(());
            }
            let mark = d.mark();
            if let Err(e) = self.edge_finding(d) {
                self.idle = 0;
                return Err(e);
            }
            if d.mark() == mark {
                self.idle = (self.idle + 1).min(EDGE_FINDING_BACKOFF);
                self.wait = (1 << self.idle) - 1;
                return Ok(());
            }
            self.idle = 0;
        }
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        super::holds_once_fixed(self.c, d)
    }
}
