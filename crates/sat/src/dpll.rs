//! A small DPLL solver (Davis, Logemann & Loveland 1962) for teaching and comparison: unit
//! propagation with per-clause counters, chronological backtracking, branching on the
//! unassigned variable with the most occurrences, false first. No learning, no restarts:
//! compare its decisions and conflicts with the CDCL [`crate::Solver`] to see what clause
//! learning buys.

use crate::cnf::{Cnf, Lit};

/// Counters of a [`dpll`] run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DpllStats {
    /// Branching decisions (each branch tried, both polarities counted).
    pub decisions: u64,
    /// Literals assigned by unit propagation.
    pub propagations: u64,
    /// Conflicts (a clause with every literal false).
    pub conflicts: u64,
}

struct State<'f> {
    cnf: &'f Cnf,
    occ: Vec<Vec<u32>>,
    false_count: Vec<u32>,
    sat_count: Vec<u32>,
    value: Vec<Option<bool>>,
    trail: Vec<Lit>,
    stats: DpllStats,
}

impl State<'_> {
    /// Assigns `l`; returns a clause that became unit (its open literal) or a conflict.
    fn assign(&mut self, l: Lit, units: &mut Vec<Lit>) -> bool {
        self.value[l.var().index()] = Some(l.is_positive());
        self.trail.push(l);
        for &c in &self.occ[l.index()] {
            self.sat_count[c as usize] += 1;
        }
        let mut ok = true;
        for &c in &self.occ[(!l).index()] {
            let c = c as usize;
            self.false_count[c] += 1;
            if self.sat_count[c] > 0 {
                continue;
            }
            let clause = self.cnf.clause(c);
            let open = clause.len() as u32 - self.false_count[c];
            if open == 0 {
                ok = false;
            } else if open == 1 {
                let value = &self.value;
                if let Some(&u) = clause.iter().find(|u| value[u.var().index()].is_none()) {
                    units.push(u);
                }
            }
        }
        ok
    }

    fn unassign_to(&mut self, len: usize) {
        while self.trail.len() > len {
            let Some(l) = self.trail.pop() else { break };
            self.value[l.var().index()] = None;
            for &c in &self.occ[l.index()] {
                self.sat_count[c as usize] -= 1;
            }
            for &c in &self.occ[(!l).index()] {
                self.false_count[c as usize] -= 1;
            }
        }
    }

    /// Assigns `first` and propagates; `false` on a conflict.
    fn propagate(&mut self, first: Lit, units: &mut Vec<Lit>) -> bool {
        units.clear();
        units.push(first);
        let mut decided = true;
        while let Some(l) = units.pop() {
            match self.value[l.var().index()] {
                Some(b) if b == l.is_positive() => continue,
                Some(_) => {
                    self.stats.conflicts += 1;
                    return false;
                }
                None => {}
            }
            if !decided {
                self.stats.propagations += 1;
            }
            decided = false;
            if !self.assign(l, units) {
                self.stats.conflicts += 1;
                return false;
            }
        }
        true
    }
}

/// Solves `cnf`: a model, or `None` when unsatisfiable; with the counters.
///
/// ```
/// use csp_sat::{dimacs, dpll::dpll};
/// let f = dimacs::parse("p cnf 3 4\n1 2 0\n-1 3 0\n-2 3 0\n-3 -1 0\n", "x").unwrap();
/// let (model, _) = dpll(&f);
/// assert!(f.is_satisfied_by(&model.unwrap()));
/// let g = dimacs::parse("p cnf 1 2\n1 0\n-1 0\n", "y").unwrap();
/// assert_eq!(dpll(&g).0, None);
/// ```
pub fn dpll(cnf: &Cnf) -> (Option<Vec<bool>>, DpllStats) {
    let (answer, stats) = dpll_until(cnf, None);
    // Without a deadline (and without a stop request) the search always ends.
    (answer.flatten(), stats)
}

/// Decisions between two polls of the deadline.
const POLL_DECISIONS: u64 = 1024;

/// [`dpll`], giving up at `deadline` or on a stop request: `Some(model or None)` when
/// decided, `None` when stopped first.
pub fn dpll_until(
    cnf: &Cnf,
    deadline: Option<std::time::Instant>,
) -> (Option<Option<Vec<bool>>>, DpllStats) {
    let n = cnf.num_vars();
    let mut occ = vec![Vec::new(); 2 * n];
    for (k, c) in cnf.clauses().enumerate() {
        for l in c {
            occ[l.index()].push(k as u32);
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| std::cmp::Reverse(occ[2 * v].len() + occ[2 * v + 1].len()));
    let mut st = State {
        cnf,
        occ,
        false_count: vec![0; cnf.num_clauses()],
        sat_count: vec![0; cnf.num_clauses()],
        value: vec![None; n],
        trail: Vec::new(),
        stats: DpllStats::default(),
    };
    if cnf.clauses().any(|c| c.is_empty()) {
        return (Some(None), st.stats);
    }
    let mut units = Vec::new();
    // Root: the unit clauses.
    let root: Vec<Lit> = cnf
        .clauses()
        .filter(|c| c.len() == 1)
        .map(|c| c[0])
        .collect();
    for l in root {
        if !st.propagate(l, &mut units) {
            return (Some(None), st.stats);
        }
    }
    // Decision stack: (trail length before, decision literal, whether it is the second try).
    let mut stack: Vec<(usize, Lit, bool)> = Vec::new();
    let mut cursor = 0;
    loop {
        while cursor < order.len() && st.value[order[cursor]].is_some() {
            cursor += 1;
        }
        if cursor == order.len() {
            let model = st.value.iter().map(|v| v.unwrap_or(false)).collect();
            return (Some(Some(model)), st.stats);
        }
        if st.stats.decisions.is_multiple_of(POLL_DECISIONS)
            && csp_core::termination::past(deadline)
        {
            return (None, st.stats);
        }
        let l = crate::cnf::Var::new(order[cursor]).negative();
        stack.push((st.trail.len(), l, false));
        st.stats.decisions += 1;
        let mut ok = st.propagate(l, &mut units);
        while !ok {
            // Chronological backtracking: flip the newest decision not yet flipped.
            loop {
                let Some((len, l, flipped)) = stack.pop() else {
                    return (Some(None), st.stats);
                };
                st.unassign_to(len);
                if !flipped {
                    stack.push((len, !l, true));
                    st.stats.decisions += 1;
                    ok = st.propagate(!l, &mut units);
                    break;
                }
            }
        }
        cursor = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n + 1` pigeons in `n` holes: unsatisfiable, and exponential for DPLL.
    fn pigeons(n: usize) -> Cnf {
        let var = |p: usize, h: usize| (p * n + h + 1) as i64;
        let mut text = String::new();
        let mut clauses = 0;
        for p in 0..=n {
            text += &(0..n)
                .map(|h| format!("{} ", var(p, h)))
                .collect::<String>();
            text += "0\n";
            clauses += 1;
        }
        for h in 0..n {
            for p in 0..=n {
                for q in p + 1..=n {
                    text += &format!("-{} -{} 0\n", var(p, h), var(q, h));
                    clauses += 1;
                }
            }
        }
        let head = format!("p cnf {} {clauses}\n", (n + 1) * n);
        crate::dimacs::parse(&(head + &text), "pigeons").unwrap()
    }

    #[test]
    fn the_deadline_stops_dpll_and_nothing_is_claimed() {
        let f = pigeons(11);
        let past = std::time::Instant::now();
        let (answer, stats) = dpll_until(&f, Some(past));
        assert_eq!(answer, None);
        assert!(stats.decisions <= POLL_DECISIONS);
        assert_eq!(dpll_until(&pigeons(3), None).0, Some(None));
    }
}
