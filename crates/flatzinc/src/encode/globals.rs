//! Global constraints posted as the engine's dedicated propagators, and counts over one
//! array grouped into a global cardinality.

use super::call::Call;
use super::{Encoder, Msg, Reif, Term};
use crate::model::Arg;
use csp_core::constraint::{
    Automaton, BinPackingLoad, Cardinality, Count, Cumulative, LexLessEq, MemberReif, Regular,
    Relation,
};
use csp_core::{Domain, Value, VarId};
use csp_model::SourceError;
use std::collections::HashMap;

impl Encoder<'_> {
    /// The counts of distinct values over one array (`csp_count_eq(xs, v, c)` for several
    /// `v`, as a global cardinality or a magic sequence compiles) posted as one global
    /// cardinality, which also knows that the counts share the variables.
    pub(super) fn cardinalities(&mut self, consumed: &mut [bool]) -> Result<(), SourceError> {
        let fzn = self.fzn;
        let mut groups: HashMap<Vec<usize>, Vec<usize>> = HashMap::new();
        for (k, c) in fzn.constraints.iter().enumerate() {
            if consumed[k] || c.name != "csp_count_eq" || c.args.len() != 3 {
                continue;
            }
            let (Some(xs), Arg::Int(_)) = (c.args[0].as_array(), &c.args[1]) else {
                continue;
            };
            let vars: Option<Vec<usize>> = xs
                .iter()
                .map(|a| match a {
                    Arg::Var(v) => Some(*v),
                    _ => None,
                })
                .collect();
            if let Some(vars) = vars {
                groups.entry(vars).or_default().push(k);
            }
        }
        let mut groups: Vec<Vec<usize>> = groups.into_values().filter(|g| g.len() > 1).collect();
        groups.sort_unstable();
        for group in groups {
            let first = &fzn.constraints[group[0]];
            let value = |k: usize| match fzn.constraints[k].args.get(1) {
                Some(Arg::Int(v)) => *v,
                _ => unreachable!("grouped on a constant value"),
            };
            let mut values: Vec<i64> = group.iter().map(|&k| value(k)).collect();
            values.sort_unstable();
            if values.windows(2).any(|w| w[0] == w[1]) {
                continue;
            }
            let r = (|| -> Result<(), Msg> {
                let xs = self.terms_of(&first.args[0])?;
                let xs = xs
                    .into_iter()
                    .map(|t| self.var_of(t))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut values = Vec::with_capacity(group.len());
                let mut counts = Vec::with_capacity(group.len());
                for &k in &group {
                    values.push(Self::value(value(k))?);
                    let c = self.term(&fzn.constraints[k].args[2])?;
                    counts.push(self.var_of(c)?);
                }
                self.post(Cardinality::new(xs, values, counts)?)
            })();
            r.map_err(|m| self.err(first.pos, format!("constraint `{}`: {m}", first.name)))?;
            for k in group {
                consumed[k] = true;
            }
        }
        Ok(())
    }

    /// `x ∈ S` for a constant set, alone or reified.
    pub(super) fn set_in(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(2 + call.extra())?;
        let x = self.term(&call.args[0])?;
        let Arg::Set(s) = &call.args[1] else {
            return Err("expected a constant set".into());
        };
        let r = call.reif(self, 2)?;
        let set = if s.ranges().len() == 1 {
            Domain::range(
                Self::value(s.min().unwrap_or(0))?,
                Self::value(s.max().unwrap_or(-1))?,
            )
        } else {
            Domain::from_values(s.iter().map(Self::value).collect::<Result<Vec<_>, _>>()?)
        };
        match (x, r) {
            (x, Reif::None) => {
                let x = self.var_of(x)?;
                let values: Vec<Value> = set.iter().collect();
                self.model
                    .member(x, &values)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
            (x, Reif::Equiv(b) | Reif::Implied(b)) => {
                let x = self.var_of(x)?;
                let b = self.var_of(b)?;
                self.post(MemberReif::new(x, set, b, matches!(r, Reif::Implied(_))))
            }
        }
    }

    /// All different (one variable twice: false).
    pub(super) fn all_different(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(1)?;
        let xs = self.terms_of(&call.args[0])?;
        let xs = self.vars(xs)?;
        // One variable (or constant) twice: no assignment satisfies it.
        let mut sorted = xs.clone();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return self.linear(vec![], Relation::Le, -1, Reif::None);
        }
        self.model
            .all_different(&xs)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// `xs` is a Hamiltonian circuit (or a subcircuit) of successors.
    pub(super) fn circuit(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(2)?;
        let xs = self.terms_of(&call.args[0])?;
        let offset = self.constant(&call.args[1])?;
        let xs = self.vars(xs)?;
        // One variable twice: two nodes with one successor, never all different.
        if has_duplicate(&xs) {
            return self.linear(vec![], Relation::Le, -1, Reif::None);
        }
        self.model
            .circuit(&xs, Self::value(offset)?, call.base == "csp_subcircuit")
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// `f` and `g` are inverse functions.
    pub(super) fn inverse(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(4)?;
        let f = self.terms_of(&call.args[0])?;
        let g = self.terms_of(&call.args[2])?;
        let (fo, go) = (self.constant(&call.args[1])?, self.constant(&call.args[3])?);
        let f = self.vars(f)?;
        let g = self.vars(g)?;
        // One variable twice on a side: two indices with one image, never inverse.
        if has_duplicate(&f) || has_duplicate(&g) {
            return self.linear(vec![], Relation::Le, -1, Reif::None);
        }
        self.model
            .inverse(&f, Self::value(fo)?, &g, Self::value(go)?)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// `x ≤ y` lexicographically.
    pub(super) fn lex_lesseq(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(2)?;
        let (x, y) = (self.terms_of(&call.args[0])?, self.terms_of(&call.args[1])?);
        let x = self.vars(x)?;
        let y = self.vars(y)?;
        self.post(LexLessEq::new(x, y))
    }

    /// `xs` is a word of a finite automaton (sizes refused before any allocation).
    pub(super) fn regular(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(6)?;
        let xs = self.terms_of(&call.args[0])?;
        let (q, s) = (self.constant(&call.args[1])?, self.constant(&call.args[2])?);
        let delta = self.ints(&call.args[3])?;
        let q0 = self.constant(&call.args[4])?;
        let Arg::Set(f) = &call.args[5] else {
            return Err("expected a set of accepting states".into());
        };
        // States and symbols are counts: refuse what no automaton has, before any
        // allocation sized by them.
        let size = |v: i64, what: &str| {
            usize::try_from(v)
                .ok()
                .filter(|&n| n <= MAX_AUTOMATON)
                .ok_or(format!("{v} {what}; expected 0 to {MAX_AUTOMATON}"))
        };
        let (q, s) = (size(q, "states")?, size(s, "symbols")?);
        let state = |v: i64| usize::try_from(v).unwrap_or(usize::MAX);
        let delta = delta.into_iter().map(state).collect();
        let accepting: Vec<usize> = f
            .ranges()
            .iter()
            .flat_map(|&(lo, hi)| lo.max(1)..=hi.min(q as i64))
            .map(state)
            .collect();
        // The propagator keeps a state set per position.
        if (xs.len() + 1).saturating_mul(q + 1) > MAX_AUTOMATON {
            return Err(format!(
                "{} positions × {q} states; at most {MAX_AUTOMATON} in all",
                xs.len()
            ));
        }
        let automaton = Automaton::new(q, s, delta, state(q0), &accepting)?;
        let xs = self.vars(xs)?;
        self.post(Regular::new(xs, automaton))
    }

    /// Tasks of fixed durations do not overlap.
    pub(super) fn disjunctive(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(2)?;
        let starts = self.terms_of(&call.args[0])?;
        let durations = self
            .ints(&call.args[1])?
            .into_iter()
            .map(|d| {
                u32::try_from(d)
                    .map_err(|_| format!("a duration of {d}; expected 0 to {}", u32::MAX))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let starts = self.vars(starts)?;
        self.model
            .no_overlap(&starts, &durations)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// Items of weights `w` in bins, bin `b` loaded with `load[b]`.
    pub(super) fn bin_packing_load(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(4)?;
        let (load, bin) = (self.terms_of(&call.args[0])?, self.terms_of(&call.args[1])?);
        let w = self.ints(&call.args[2])?;
        let offset = Self::value(self.constant(&call.args[3])?)?;
        let load = self.vars(load)?;
        let bin = self.vars(bin)?;
        self.post(BinPackingLoad::new(load, bin, w, offset)?)
    }

    /// `c` = the number of `xs` equal to `v`.
    pub(super) fn count_eq(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(3)?;
        let xs = self.terms_of(&call.args[0])?;
        let v = Self::value(self.constant(&call.args[1])?)?;
        let c = self.term(&call.args[2])?;
        let xs = self.vars(xs)?;
        let c = self.var_of(c)?;
        self.post(Count::new(xs, v, c))
    }

    /// Tasks within a capacity, constant or a variable.
    pub(super) fn cumulative(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(4)?;
        let starts = self.terms_of(&call.args[0])?;
        let (durations, uses) = (self.ints(&call.args[1])?, self.ints(&call.args[2])?);
        let capacity = self.term(&call.args[3])?;
        let starts = self.vars(starts)?;
        match capacity {
            Term::Const(b) => self.post(Cumulative::new(starts, durations, uses, b)?),
            Term::Var(b) => self.post(Cumulative::with_capacity_var(starts, durations, uses, b)?),
        }
    }

    /// `xs` is a row of the table (or, negative, no row of it).
    pub(super) fn table(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(2)?;
        let xs = self.terms_of(&call.args[0])?;
        let flat = self.ints(&call.args[1])?;
        if xs.is_empty() || flat.len() % xs.len() != 0 {
            return Err("the table's length is not a multiple of the arity".into());
        }
        let xs = self.vars(xs)?;
        let rows = flat
            .chunks(xs.len())
            .map(|r| {
                r.iter()
                    .map(|&v| Self::value(v))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        let posted = if call.base == "fzn_table_int" {
            self.model.table(&xs, rows)
        } else {
            self.model.negative_table(&xs, rows)
        };
        posted.map(|_| ()).map_err(|e| e.to_string())
    }
}

/// The most states or symbols of an automaton (`regular`), and of positions × states.
const MAX_AUTOMATON: usize = 1 << 24;

/// Whether a variable appears twice.
fn has_duplicate(xs: &[VarId]) -> bool {
    let mut sorted = xs.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).any(|w| w[0] == w[1])
}
