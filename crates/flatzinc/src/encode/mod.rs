//! FlatZinc to the engine: one engine variable per class of variables declared equal
//! (aliases, `int_eq`, `bool2int`), its domain the intersection of theirs; each constraint
//! posted as the engine's own (sums and boolean connectives as [`Linear`], the rest as
//! their dedicated propagators); constants folded in. [`Encoded::values`] decodes.

use crate::model::{Arg, Constraint, FlatZinc, Goal, IntSet};
use csp_core::constraint::{Linear, Reification, Relation};
use csp_core::domain::Representation;
use csp_core::{Domain, Model, Solution, Value, VarId};
use csp_model::SourceError;
use std::collections::HashMap;

mod call;
mod functions;
mod globals;
mod linear;
mod terms;

use call::Call;

/// The bounds given to `var int` declared without any: MiniZinc leaves them to the solver;
/// these keep every sum of a few such variables far from overflow.
pub const DEFAULT_BOUND: i64 = 1_000_000_000;

/// Domains spanning at most this many values are bitsets (every removal exact); wider ones
/// are intervals (bounds, holes only where declared).
pub const BITSET_SPAN: u64 = 256;

/// Where a FlatZinc variable's value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    /// An engine variable.
    Var(VarId),
    /// A constant.
    Const(i64),
}

/// The objective: an engine variable to minimise or maximise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Objective {
    /// The variable.
    pub var: VarId,
    /// Least (true) or greatest.
    pub minimize: bool,
}

/// A FlatZinc model as an engine model.
#[derive(Debug)]
pub struct Encoded {
    /// The engine's model.
    pub model: Model,
    /// Per FlatZinc variable, its engine variable or constant.
    pub terms: Vec<Term>,
    /// The objective, for optimisation problems.
    pub objective: Option<Objective>,
}

impl Encoded {
    /// The value of every FlatZinc variable (booleans as 0/1) in `solution`.
    pub fn values(&self, solution: &Solution) -> Vec<i64> {
        self.terms
            .iter()
            .map(|t| match t {
                Term::Var(x) => i64::from(solution.value(*x)),
                Term::Const(c) => *c,
            })
            .collect()
    }
}

/// Encodes `fzn` (read from `file`, whose `text` errors quote).
pub fn encode(fzn: &FlatZinc, file: &str, text: &str) -> Result<Encoded, SourceError> {
    let mut e = Encoder {
        fzn,
        file,
        text,
        model: Model::new(),
        terms: Vec::new(),
        consts: HashMap::new(),
        aux: 0,
    };
    let mut consumed = e.variables()?;
    e.cardinalities(&mut consumed)?;
    for (k, c) in fzn.constraints.iter().enumerate() {
        if !consumed[k] {
            e.constraint(c)?;
        }
    }
    let objective = match &fzn.solve.goal {
        Goal::Satisfy => None,
        Goal::Minimize(a) | Goal::Maximize(a) => {
            let t = e.term(a).map_err(|m| e.err(fzn.solve.pos, m))?;
            let var = e.var_of(t).map_err(|m| e.err(fzn.solve.pos, m))?;
            Some(Objective {
                var,
                minimize: matches!(fzn.solve.goal, Goal::Minimize(_)),
            })
        }
    };
    Ok(Encoded {
        model: e.model,
        terms: e.terms,
        objective,
    })
}

struct Encoder<'f> {
    fzn: &'f FlatZinc,
    file: &'f str,
    text: &'f str,
    model: Model,
    terms: Vec<Term>,
    consts: HashMap<i64, VarId>,
    aux: usize,
}

/// How a relation is tied to a boolean argument.
#[derive(Debug, Clone, Copy)]
enum Reif {
    None,
    Equiv(Term),
    Implied(Term),
}

type Msg = String;

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

impl Encoder<'_> {
    fn err(&self, pos: crate::ast::Pos, message: impl Into<String>) -> SourceError {
        SourceError::at(self.file, self.text, pos.line, pos.column, message)
    }

    /// Classes of equal variables and their domains; the engine's variables. Returns which
    /// constraints the classes already express.
    fn variables(&mut self) -> Result<Vec<bool>, SourceError> {
        let fzn = self.fzn;
        let n = fzn.vars.len();
        let mut parent: Vec<usize> = (0..n).collect();
        let mut consumed = vec![false; fzn.constraints.len()];
        let union = |parent: &mut Vec<usize>, a: usize, b: usize| {
            let (ra, rb) = (find(parent, a), find(parent, b));
            if ra != rb {
                parent[ra.max(rb)] = ra.min(rb);
            }
        };
        for (i, v) in fzn.vars.iter().enumerate() {
            if let Some(Arg::Var(w)) = v.equals {
                union(&mut parent, i, w);
            }
        }
        for (k, c) in fzn.constraints.iter().enumerate() {
            if let ("int_eq" | "bool_eq" | "bool2int", [Arg::Var(a), Arg::Var(b)]) =
                (c.name.as_str(), c.args.as_slice())
            {
                union(&mut parent, *a, *b);
                consumed[k] = true;
            }
        }
        // Each class's domain: the intersection of its members' (and of their constants).
        let mut domain: Vec<Option<IntSet>> = vec![None; n];
        let restrict = |root: usize, s: &IntSet, domain: &mut Vec<Option<IntSet>>| {
            domain[root] = Some(match &domain[root] {
                None => s.clone(),
                Some(d) => d.intersect(s),
            });
        };
        for (i, v) in fzn.vars.iter().enumerate() {
            let r = find(&mut parent, i);
            if let Some(d) = &v.domain {
                restrict(r, d, &mut domain);
            }
            match v.equals {
                Some(Arg::Int(c)) => restrict(r, &IntSet::range(c, c), &mut domain),
                Some(Arg::Bool(b)) => restrict(r, &IntSet::range(b as i64, b as i64), &mut domain),
                _ => {}
            }
        }
        for (k, c) in fzn.constraints.iter().enumerate() {
            if let ("set_in", [Arg::Var(x), Arg::Set(s)]) = (c.name.as_str(), c.args.as_slice()) {
                let r = find(&mut parent, *x);
                restrict(r, s, &mut domain);
                consumed[k] = true;
            }
        }
        let mut engine_var: Vec<Option<VarId>> = vec![None; n];
        for i in 0..n {
            let r = find(&mut parent, i);
            if engine_var[r].is_none() {
                let d = domain[r]
                    .clone()
                    .unwrap_or_else(|| IntSet::range(-DEFAULT_BOUND, DEFAULT_BOUND));
                let v = &fzn.vars[r];
                let (lo, hi) = match (d.min(), d.max()) {
                    (Some(lo), Some(hi)) => (lo, hi),
                    _ => {
                        // No value: the model has no solution; say so through the engine.
                        let x = self.fresh(Domain::range(0, 0))?;
                        self.model
                            .post(
                                Linear::new(vec![], Relation::Le, -1, Reification::None)
                                    .map_err(|m| self.err(v.pos, m))?,
                            )
                            .map_err(|m| self.err(v.pos, m.to_string()))?;
                        engine_var[r] = Some(x);
                        continue;
                    }
                };
                if lo < i64::from(Value::MIN) || hi > i64::from(Value::MAX) {
                    return Err(self.err(
                        v.pos,
                        format!(
                            "`{}` has values past ±2³¹ ({}); csp's values are 32-bit integers",
                            v.name, d
                        ),
                    ));
                }
                let domain = if d.ranges().len() == 1 {
                    Domain::range(lo as Value, hi as Value)
                } else if d.len() <= 1 << 22 {
                    Domain::from_values(d.iter().map(|x| x as Value))
                } else {
                    return Err(self.err(v.pos, format!("`{}` has a domain of {} values in {} pieces; at most 4,194,304 values are kept with holes", v.name, d.len(), d.ranges().len())));
                };
                let repr = if d.max().unwrap_or(0) - d.min().unwrap_or(0) < BITSET_SPAN as i64 {
                    Representation::Bits
                } else {
                    Representation::Bounds
                };
                let x = self
                    .model
                    .new_var_as(v.name.clone(), domain, repr)
                    .map_err(|m| self.err(v.pos, m.to_string()))?;
                engine_var[r] = Some(x);
            }
        }
        self.terms = (0..n)
            .map(|i| {
                let r = find(&mut parent, i);
                Term::Var(engine_var[r].expect("every class has its variable"))
            })
            .collect();
        Ok(consumed)
    }
    pub(super) fn post(&mut self, c: impl csp_core::Constraint + 'static) -> Result<(), Msg> {
        self.model.post(c).map(|_| ()).map_err(|e| e.to_string())
    }

    /// Posts one constraint: the predicate names the method that posts it.
    fn constraint(&mut self, c: &Constraint) -> Result<(), SourceError> {
        let call = Call::new(c);
        let posted = match call.base {
            "int_lin_eq" | "int_lin_le" | "int_lin_ne" | "bool_lin_eq" | "bool_lin_le" => self.int_lin(&call),
            "int_eq" | "int_ne" | "int_le" | "int_lt" | "bool_eq" | "bool_ne" | "bool_le" | "bool_lt" => self.comparison(&call),
            "bool2int" => self.bool2int(&call),
            "bool_not" => self.bool_not(&call),
            "bool_and" | "bool_or" | "bool_xor" => self.bool_connective(&call),
            "bool_clause" => self.bool_clause(&call),
            "array_bool_and" | "array_bool_or" => self.array_bool(&call),
            "array_bool_xor" => self.array_bool_xor(&call),
            "int_plus" => self.int_plus(&call),
            "int_times" | "int_div" | "int_mod" | "int_pow" | "int_min" | "int_max" => self.int_arith(&call),
            "int_abs" => self.int_abs(&call),
            "array_int_element" | "array_bool_element" => self.constant_element(&call),
            "array_var_int_element" | "array_var_bool_element" => self.variable_element(&call),
            "array_int_maximum" | "array_int_minimum" => self.extremum(&call),
            "set_in" => self.set_in(&call),
            "fzn_all_different_int" => self.all_different(&call),
            "csp_circuit" | "csp_subcircuit" => self.circuit(&call),
            "csp_inverse" => self.inverse(&call),
            "csp_lex_lesseq_int" => self.lex_lesseq(&call),
            "csp_regular" => self.regular(&call),
            "csp_disjunctive" => self.disjunctive(&call),
            "csp_bin_packing_load" => self.bin_packing_load(&call),
            "csp_count_eq" => self.count_eq(&call),
            "csp_cumulative" => self.cumulative(&call),
            "fzn_table_int" | "csp_table_int_negative" => self.table(&call),
            _ => Err(
                "csp does not support this predicate; compile the model with csp's library (`csp minizinc install`, then `minizinc --solver csp`) so that MiniZinc decomposes what csp lacks"
                    .into(),
            ),
        };
        posted.map_err(|m| self.err(c.pos, format!("constraint `{}`: {m}", c.name)))
    }
}

#[cfg(test)]
mod tests;
