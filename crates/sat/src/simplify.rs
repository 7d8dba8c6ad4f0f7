//! Level-0 simplification: unit propagation, then the formula without its satisfied clauses,
//! false literals and fixed variables, renumbered densely.
//!
//! A CDCL solver does the same propagation itself, but handing it the smaller formula saves
//! building and watching thousands of clauses that the units already decide; for sudoku (an
//! 11,988-clause base formula, 17–30 givens) the reduced formula is a few hundred variables.
//! Counter-based propagation (each clause counts its false literals), `O(occurrences)` per
//! call, with the occurrence lists built once per base formula.

use crate::cnf::{Cnf, Lit, Var};

/// A formula after level-0 propagation, with the maps back to the original variables.
#[derive(Debug, Clone)]
pub struct Simplified {
    /// The remaining clauses over the remaining variables `0..to_old.len()`.
    pub cnf: Cnf,
    /// Per original variable: its value when propagation fixed it.
    pub fixed: Vec<Option<bool>>,
    /// Per remaining variable: the original one.
    pub to_old: Vec<Var>,
}

impl Simplified {
    /// The original formula's model made of the fixed values and a model of the remaining
    /// formula (variables in neither are set false).
    pub fn extend(&self, model: &[bool]) -> Vec<bool> {
        let mut full: Vec<bool> = self.fixed.iter().map(|v| v.unwrap_or(false)).collect();
        for (new, &old) in self.to_old.iter().enumerate() {
            full[old.index()] = model.get(new).copied().unwrap_or(false);
        }
        full
    }
}

/// Unit propagation over one base formula, reusable with different extra units (the givens
/// of many puzzles over one encoding).
#[derive(Debug, Clone)]
pub struct UnitPropagator<'f> {
    cnf: &'f Cnf,
    /// Clauses containing each literal (by [`Lit::index`]), in compressed rows.
    occ_start: Vec<u32>,
    occ: Vec<u32>,
    false_count: Vec<u32>,
    satisfied: Vec<bool>,
    value: Vec<Option<bool>>,
    queue: Vec<Lit>,
}

impl<'f> UnitPropagator<'f> {
    /// Indexes `cnf`. `O(occurrences)`.
    pub fn new(cnf: &'f Cnf) -> Self {
        let lits = 2 * cnf.num_vars();
        let mut count = vec![0u32; lits + 1];
        for c in cnf.clauses() {
            for l in c {
                count[l.index() + 1] += 1;
            }
        }
        for i in 0..lits {
            count[i + 1] += count[i];
        }
        let mut fill = count.clone();
        let mut occ = vec![0u32; cnf.num_lits()];
        for (k, c) in cnf.clauses().enumerate() {
            for l in c {
                occ[fill[l.index()] as usize] = k as u32;
                fill[l.index()] += 1;
            }
        }
        UnitPropagator {
            cnf,
            occ_start: count,
            occ,
            false_count: vec![0; cnf.num_clauses()],
            satisfied: vec![false; cnf.num_clauses()],
            value: vec![None; cnf.num_vars()],
            queue: Vec::new(),
        }
    }

    /// Propagates the formula's unit clauses and `units`; `None` when that derives the empty
    /// clause (the formula with `units` is unsatisfiable).
    pub fn simplify(&mut self, units: &[Lit]) -> Option<Simplified> {
        let cnf = self.cnf;
        self.false_count.fill(0);
        self.satisfied.fill(false);
        self.value.fill(None);
        self.queue.clear();
        for c in cnf.clauses() {
            match c {
                [] => return None,
                [l] => self.queue.push(*l),
                _ => {}
            }
        }
        self.queue.extend_from_slice(units);
        while let Some(l) = self.queue.pop() {
            let v = l.var().index();
            match self.value[v] {
                Some(b) if b == l.is_positive() => continue,
                Some(_) => return None,
                None => self.value[v] = Some(l.is_positive()),
            }
            for k in self.occ_start[l.index()]..self.occ_start[l.index() + 1] {
                let c = self.occ[k as usize] as usize;
                self.satisfied[c] = true;
            }
            for k in self.occ_start[(!l).index()]..self.occ_start[(!l).index() + 1] {
                let c = self.occ[k as usize] as usize;
                if self.satisfied[c] {
                    continue;
                }
                self.false_count[c] += 1;
                let clause = cnf.clause(c);
                let left = clause.len() as u32 - self.false_count[c];
                if left == 0 {
                    return None;
                }
                if left == 1 {
                    let value = &self.value;
                    if let Some(&u) = clause.iter().find(|u| value[u.var().index()].is_none()) {
                        self.queue.push(u);
                    }
                }
            }
        }
        // The remaining formula, renumbered.
        let mut to_new = vec![u32::MAX; cnf.num_vars()];
        let mut to_old = Vec::new();
        let mut out = Cnf::new();
        let mut buf = Vec::new();
        for (k, c) in cnf.clauses().enumerate() {
            if self.satisfied[k] {
                continue;
            }
            buf.clear();
            for &l in c {
                let v = l.var().index();
                if self.value[v].is_some() {
                    continue; // false: a true literal would have satisfied the clause
                }
                if to_new[v] == u32::MAX {
                    to_new[v] = to_old.len() as u32;
                    to_old.push(l.var());
                }
                buf.push(Var::new(to_new[v] as usize).lit(l.is_positive()));
            }
            out.add_clause(&buf);
        }
        out.ensure_vars(to_old.len());
        Some(Simplified {
            cnf: out,
            fixed: self.value.clone(),
            to_old,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lits(ds: &[i64]) -> Vec<Lit> {
        ds.iter().map(|&d| Lit::from_dimacs(d).unwrap()).collect()
    }

    #[test]
    fn units_fix_variables_and_shrink_the_formula() {
        let mut f = Cnf::new();
        f.add_clause(&lits(&[1, 2, 3]));
        f.add_clause(&lits(&[-1, 4]));
        f.add_clause(&lits(&[-4, -2]));
        f.add_clause(&lits(&[3, 5, -2]));
        let mut up = UnitPropagator::new(&f);
        let s = up.simplify(&lits(&[1])).unwrap();
        // 1 → 4 → ¬2; clause 1 is satisfied, clause 4 by ¬2: nothing left.
        assert_eq!(s.cnf.num_clauses(), 0);
        assert_eq!(&s.fixed[..4], &[Some(true), Some(false), None, Some(true)]);
        let model = s.extend(&[]);
        assert!(f.is_satisfied_by(&model));
        // Another call starts afresh.
        let s = up.simplify(&lits(&[-1])).unwrap();
        assert_eq!(s.cnf.num_clauses(), 3);
        assert_eq!(s.to_old.len(), 4);
    }

    #[test]
    fn contradicting_units_are_unsatisfiable() {
        let mut f = Cnf::new();
        f.add_clause(&lits(&[-1, 2]));
        f.add_clause(&lits(&[-2]));
        let mut up = UnitPropagator::new(&f);
        assert!(up.simplify(&lits(&[1])).is_none());
        assert!(up.simplify(&[]).is_some());
        f.add_clause(&[]);
        assert!(UnitPropagator::new(&f).simplify(&[]).is_none());
    }
}
