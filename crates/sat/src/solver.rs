//! Solving through batsat, a Rust port of MiniSat 2.2 (conflict-driven clause learning with
//! two watched literals, VSIDS, restarts and clause deletion; Eén & Sörensson 2003).
//!
//! batsat was chosen over varisat by measurement on sudoku uniqueness checks
//! (`docs/measurements/sat-solver-choice.md`).

use crate::cnf::{Cnf, Lit, Var};
use batsat::{BasicSolver, SolverInterface, lbool};
use std::fmt;
use std::time::Instant;

/// Counters of a [`Solver`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Branching decisions.
    pub decisions: u64,
    /// Literals propagated.
    pub propagations: u64,
    /// Conflicts (each one learns a clause).
    pub conflicts: u64,
}

/// An incremental SAT solver over a [`Cnf`]: solve under assumptions, read the model, add
/// clauses (blocking clauses for counting), solve again.
///
/// ```
/// use csp_sat::{Cnf, Solver};
/// let mut f = Cnf::new();
/// let (x, y) = (f.new_var(), f.new_var());
/// f.add_clause(&[x.positive(), y.positive()]);
/// f.add_clause(&[x.negative(), y.negative()]);
/// let mut s = Solver::new(&f);
/// assert_eq!(s.solve(&[x.positive()]), Some(true));
/// assert_eq!(s.model(), vec![true, false]);
/// assert_eq!(s.solve(&[x.positive(), y.positive()]), Some(false));
/// ```
pub struct Solver {
    inner: BasicSolver,
    vars: Vec<batsat::Var>,
    buf: Vec<batsat::Lit>,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("vars", &self.vars.len())
            .field("clauses", &self.inner.num_clauses())
            .finish()
    }
}

impl Solver {
    /// A solver holding `cnf`'s clauses.
    pub fn new(cnf: &Cnf) -> Self {
        let mut s = Solver {
            inner: BasicSolver::default(),
            vars: Vec::new(),
            buf: Vec::new(),
        };
        s.ensure_vars(cnf.num_vars());
        for c in cnf.clauses() {
            s.add_clause(c);
        }
        // No deadline, but a process-wide stop request is honoured.
        s.set_deadline(None);
        s
    }

    fn ensure_vars(&mut self, n: usize) {
        while self.vars.len() < n {
            self.vars.push(self.inner.new_var_default());
        }
    }

    fn lit(&self, l: Lit) -> batsat::Lit {
        batsat::Lit::new(self.vars[l.var().index()], l.is_positive())
    }

    /// A fresh variable (for activation literals).
    pub fn new_var(&mut self) -> Var {
        self.ensure_vars(self.vars.len() + 1);
        Var::new(self.vars.len() - 1)
    }

    /// Adds a clause; new variables are created as needed.
    pub fn add_clause(&mut self, c: &[Lit]) {
        if let Some(m) = c.iter().map(|l| l.var().index() + 1).max() {
            self.ensure_vars(m);
        }
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        buf.extend(c.iter().map(|&l| self.lit(l)));
        self.inner.add_clause_reuse(&mut buf);
        self.buf = buf;
    }

    /// Makes [`Solver::solve`] give up (answer `None`) once `deadline` has passed or a stop
    /// was requested ([`csp_core::termination::request_stop`]); `None` removes the deadline.
    /// batsat checks it between conflicts.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.inner
            .cb_mut()
            .set_stop(move || csp_core::termination::past(deadline));
    }

    /// Satisfiability under `assumptions`: `Some(true)` with a model, `Some(false)` when
    /// unsatisfiable, `None` if the solver gave up.
    #[must_use]
    pub fn solve(&mut self, assumptions: &[Lit]) -> Option<bool> {
        if let Some(m) = assumptions.iter().map(|l| l.var().index() + 1).max() {
            self.ensure_vars(m);
        }
        let a: Vec<batsat::Lit> = assumptions.iter().map(|&l| self.lit(l)).collect();
        let r = self.inner.solve_limited(&a);
        if r == lbool::TRUE {
            Some(true)
        } else if r == lbool::FALSE {
            Some(false)
        } else {
            None
        }
    }

    /// The model of the last satisfiable [`Solver::solve`], one value per variable.
    pub fn model(&self) -> Vec<bool> {
        self.vars
            .iter()
            .map(|&v| self.inner.value_var(v) == lbool::TRUE)
            .collect()
    }

    /// The value of `v` in the last model.
    pub fn value(&self, v: Var) -> bool {
        self.inner.value_var(self.vars[v.index()]) == lbool::TRUE
    }

    /// The counters so far.
    pub fn stats(&self) -> SolverStats {
        SolverStats {
            decisions: self.inner.num_decisions(),
            propagations: self.inner.num_propagations(),
            conflicts: self.inner.num_conflicts(),
        }
    }
}

/// The result of [`count`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use]
pub struct Count {
    /// Models found (distinct on the projection), at most the cap.
    pub count: u64,
    /// Whether the count is exact (neither the cap nor the deadline stopped it).
    pub exhausted: bool,
    /// Whether the deadline stopped the count.
    pub timed_out: bool,
    /// The first model, over all the formula's variables.
    pub first: Option<Vec<bool>>,
    /// Solver counters.
    pub stats: SolverStats,
}

/// Counts the models of `cnf` that differ on `projection` (all variables when `None`), up
/// to `cap`, by adding a blocking clause after each one.
///
/// ```
/// use csp_sat::{Cnf, solver::count};
/// let mut f = Cnf::new();
/// let (x, y) = (f.new_var(), f.new_var());
/// f.add_clause(&[x.positive(), y.positive()]);
/// assert_eq!(count(&f, None, 10).count, 3);
/// assert_eq!(count(&f, Some(&[x]), 10).count, 2);
/// ```
pub fn count(cnf: &Cnf, projection: Option<&[Var]>, cap: u64) -> Count {
    count_until(cnf, projection, cap, None)
}

/// [`count`], giving up at `deadline` (then `timed_out`, and the count is a lower bound).
pub fn count_until(
    cnf: &Cnf,
    projection: Option<&[Var]>,
    cap: u64,
    deadline: Option<Instant>,
) -> Count {
    let mut s = Solver::new(cnf);
    s.set_deadline(deadline);
    let all: Vec<Var> = (0..cnf.num_vars()).map(Var::new).collect();
    let projection = projection.unwrap_or(&all);
    let mut n = 0;
    let mut first = None;
    let mut block = Vec::new();
    while n < cap {
        match s.solve(&[]) {
            Some(true) => {}
            answer => {
                return Count {
                    count: n,
                    exhausted: answer.is_some(),
                    timed_out: answer.is_none(),
                    first,
                    stats: s.stats(),
                };
            }
        }
        n += 1;
        if first.is_none() {
            first = Some(s.model());
        }
        block.clear();
        block.extend(projection.iter().map(|&v| v.lit(!s.value(v))));
        if block.is_empty() {
            // Nothing to tell models apart: exactly one projected model.
            return Count {
                count: n,
                exhausted: true,
                timed_out: false,
                first,
                stats: s.stats(),
            };
        }
        s.add_clause(&block);
    }
    Count {
        count: n,
        exhausted: false,
        timed_out: false,
        first,
        stats: s.stats(),
    }
}
