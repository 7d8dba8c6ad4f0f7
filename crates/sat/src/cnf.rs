//! Variables, literals and formulas in conjunctive normal form.

use std::fmt;

/// A boolean variable, numbered from 0 (DIMACS numbers it from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(u32);

impl Var {
    /// The variable with index `i`.
    pub fn new(i: usize) -> Self {
        Var(i as u32)
    }

    /// This variable's index.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The literal `self` (true) or `¬self` (false).
    pub fn lit(self, positive: bool) -> Lit {
        Lit(self.0 << 1 | u32::from(!positive))
    }

    /// The positive literal.
    pub fn positive(self) -> Lit {
        self.lit(true)
    }

    /// The negative literal.
    pub fn negative(self) -> Lit {
        self.lit(false)
    }
}

/// A literal: a variable or its negation.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lit(u32);

impl Lit {
    /// The variable.
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }

    /// Whether this is the variable itself (not its negation).
    pub fn is_positive(self) -> bool {
        self.0 & 1 == 0
    }

    /// A dense index: `2·var` for the positive literal, `2·var + 1` for the negative.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The literal of DIMACS number `d` (`3` is variable 2 positive, `-3` its negation);
    /// `None` for 0.
    pub fn from_dimacs(d: i64) -> Option<Lit> {
        if d == 0 || d.unsigned_abs() > u64::from(u32::MAX >> 1) {
            return None;
        }
        Some(Var::new(d.unsigned_abs() as usize - 1).lit(d > 0))
    }

    /// The DIMACS number.
    pub fn to_dimacs(self) -> i64 {
        let v = i64::from(self.var().0) + 1;
        if self.is_positive() { v } else { -v }
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;

    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

/// A formula in conjunctive normal form: clauses (disjunctions of literals) over variables
/// `0..num_vars`, stored in one flat array.
///
/// ```
/// use csp_sat::{Cnf, Var};
/// let mut f = Cnf::new();
/// let (x, y) = (f.new_var(), f.new_var());
/// f.add_clause(&[x.positive(), y.positive()]);
/// f.add_clause(&[x.negative()]);
/// assert_eq!((f.num_vars(), f.num_clauses()), (2, 2));
/// assert_eq!(f.clause(1), &[x.negative()]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cnf {
    num_vars: usize,
    lits: Vec<Lit>,
    start: Vec<u32>,
}

impl Cnf {
    /// The empty formula (true).
    pub fn new() -> Self {
        Cnf {
            num_vars: 0,
            lits: Vec::new(),
            start: vec![0],
        }
    }

    /// An empty formula over `n` variables.
    pub fn with_vars(n: usize) -> Self {
        let mut f = Cnf::new();
        f.num_vars = n;
        f
    }

    /// A fresh variable.
    pub fn new_var(&mut self) -> Var {
        self.num_vars += 1;
        Var::new(self.num_vars - 1)
    }

    /// Makes sure variables `0..n` exist.
    pub fn ensure_vars(&mut self, n: usize) {
        self.num_vars = self.num_vars.max(n);
    }

    /// Adds the clause `lits[0] ∨ lits[1] ∨ …` (the empty clause makes the formula false);
    /// variables beyond the current count are created.
    pub fn add_clause(&mut self, lits: &[Lit]) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        for &l in lits {
            self.num_vars = self.num_vars.max(l.var().index() + 1);
        }
        self.lits.extend_from_slice(lits);
        self.start.push(self.lits.len() as u32);
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    /// Number of clauses.
    pub fn num_clauses(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// Total number of literal occurrences.
    pub fn num_lits(&self) -> usize {
        self.lits.len()
    }

    /// Clause `i`.
    pub fn clause(&self, i: usize) -> &[Lit] {
        &self.lits[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The clauses in order.
    pub fn clauses(&self) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        (0..self.num_clauses()).map(|i| self.clause(i))
    }

    /// Whether the assignment (`model[v]` for variable `v`) satisfies every clause: the
    /// independent check of a model.
    pub fn is_satisfied_by(&self, model: &[bool]) -> bool {
        self.clauses().all(|c| {
            c.iter()
                .any(|l| model.get(l.var().index()).copied() == Some(l.is_positive()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_round_trip_through_dimacs_numbers() {
        for d in [1i64, -1, 7, -42] {
            assert_eq!(Lit::from_dimacs(d).unwrap().to_dimacs(), d);
        }
        assert_eq!(Lit::from_dimacs(0), None);
        let l = Var::new(4).positive();
        assert_eq!((!l).to_dimacs(), -5);
        assert_eq!(!!l, l);
        assert_eq!(l.var(), Var::new(4));
    }

    #[test]
    fn models_are_checked_clause_by_clause() {
        let mut f = Cnf::new();
        let x = f.new_var();
        let y = f.new_var();
        f.add_clause(&[x.positive(), y.negative()]);
        f.add_clause(&[y.positive()]);
        assert!(f.is_satisfied_by(&[true, true]));
        assert!(!f.is_satisfied_by(&[false, true]));
        f.add_clause(&[]);
        assert!(
            !f.is_satisfied_by(&[true, true]),
            "the empty clause is false"
        );
    }
}
