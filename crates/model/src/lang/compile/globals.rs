//! The global constraints, each mapped to the engine's own.

use super::{Compiler, constant_needed, err};
use crate::lang::LangError;
use crate::lang::ast::{Expr, Kind};
use crate::lang::eval::{Env, Eval};
use csp_core::Value;
use csp_core::constraint::{Cumulative, LexLessEq, NegativeTable, Table};

/// Exactly `n` arguments, or an error naming the global.
fn arity(f: &str, args: &[Expr], at: usize, n: usize) -> Result<(), LangError> {
    if args.len() == n {
        Ok(())
    } else {
        Err(err(
            at,
            format!("`{f}` takes {n} argument(s), found {}", args.len()),
        ))
    }
}

impl Compiler<'_> {
    pub(super) fn global(
        &mut self,
        f: &str,
        args: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<(), LangError> {
        match f {
            "all_different" => self.all_different(f, args, at, env),
            "no_overlap" | "disjunctive" => self.no_overlap(f, args, at, env),
            "circuit" | "subcircuit" => self.circuit(f, args, at, env),
            "inverse" => self.inverse(f, args, at, env),
            "lex_lesseq" => self.lex_lesseq(f, args, at, env),
            "table" | "forbidden" => self.table(f, args, at, env),
            "cumulative" => self.cumulative(f, args, at, env),
            _ => self.truth(f, args, at, env),
        }
    }

    /// `all_different(xs)`: items `x + c` keep their offsets, the engine takes them.
    fn all_different(
        &mut self,
        f: &str,
        args: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<(), LangError> {
        arity(f, args, at, 1)?;
        let items = self.items(&args[0], env)?;
        // x + c items keep their offsets: the engine's all-different takes them.
        let mut vars = Vec::with_capacity(items.len());
        let mut offsets = Vec::with_capacity(items.len());
        for l in items {
            if let [(1, x)] = l.terms.as_slice() {
                vars.push(*x);
                offsets.push(self.value_of(l.c, at)?);
            } else {
                vars.push(self.var_of(l, at)?);
                offsets.push(0);
            }
        }
        if offsets.iter().all(|&o| o == 0) {
            self.model.all_different(&vars)
        } else {
            self.model.all_different_offset(&vars, &offsets)
        }
        .map_err(|e| err(at, e.to_string()))?;
        Ok(())
    }

    /// `no_overlap(starts, durations)`: tasks of constant durations in sequence.
    fn no_overlap(
        &mut self,
        f: &str,
        args: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<(), LangError> {
        arity(f, args, at, 2)?;
        let starts = self.vars_of(&args[0], env)?;
        let durations = self.constant_ints(&args[1], env, "the durations")?;
        let durations = durations
            .into_iter()
            .map(|d| {
                u32::try_from(d).map_err(|_| {
                    err(
                        args[1].at,
                        format!("a duration of {d}; expected 0 to {}", u32::MAX),
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.model
            .no_overlap(&starts, &durations)
            .map_err(|e| err(at, e.to_string()))?;
        Ok(())
    }

    /// `circuit(succ)` or `subcircuit(succ)`, numbered from the array's first index.
    fn circuit(
        &mut self,
        f: &str,
        args: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<(), LangError> {
        arity(f, args, at, 1)?;
        let succ = self.vars_of(&args[0], env)?;
        let offset = self.index_base(&args[0], at)?;
        self.model
            .circuit(&succ, offset, f == "subcircuit")
            .map_err(|e| err(at, e.to_string()))?;
        Ok(())
    }

    /// `inverse(f, g)`: `f[i] = j` exactly when `g[j] = i`.
    fn inverse(
        &mut self,
        f: &str,
        args: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<(), LangError> {
        arity(f, args, at, 2)?;
        let fs = self.vars_of(&args[0], env)?;
        let gs = self.vars_of(&args[1], env)?;
        let (fo, go) = (
            self.index_base(&args[0], at)?,
            self.index_base(&args[1], at)?,
        );
        self.model
            .inverse(&fs, fo, &gs, go)
            .map_err(|e| err(at, e.to_string()))?;
        Ok(())
    }

    /// `lex_lesseq(xs, ys)`.
    fn lex_lesseq(
        &mut self,
        f: &str,
        args: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<(), LangError> {
        arity(f, args, at, 2)?;
        let xs = self.vars_of(&args[0], env)?;
        let ys = self.vars_of(&args[1], env)?;
        self.post(Ok(LexLessEq::new(xs, ys)), at)
    }

    /// `table(xs, tuples)` (allowed rows) or `forbidden(xs, tuples)`.
    fn table(&mut self, f: &str, args: &[Expr], at: usize, env: &mut Env) -> Result<(), LangError> {
        arity(f, args, at, 2)?;
        let xs = self.vars_of(&args[0], env)?;
        let rows = Eval::constants(self.scope)
            .rows(&args[1], env, xs.len())
            .map_err(|f| constant_needed(f, "the tuples"))?;
        let tuples = rows
            .into_iter()
            .map(|r| r.into_iter().map(|v| self.value_of(v, at)).collect())
            .collect::<Result<Vec<Vec<Value>>, _>>()?;
        if f == "table" {
            self.post(Table::new(xs, tuples), at)
        } else {
            self.post(NegativeTable::new(xs, tuples), at)
        }
    }

    /// `cumulative(starts, durations, uses, capacity)`, the capacity constant or not.
    fn cumulative(
        &mut self,
        f: &str,
        args: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<(), LangError> {
        arity(f, args, at, 4)?;
        let starts = self.vars_of(&args[0], env)?;
        let durations = self.constant_ints(&args[1], env, "the durations")?;
        let uses = self.constant_ints(&args[2], env, "the uses")?;
        match self.constant(&args[3], env)? {
            Some(_) => {
                let capacity = self.constant_int(&args[3], env, "the capacity")?;
                self.post(Cumulative::new(starts, durations, uses, capacity), at)
            }
            None => {
                let l = self.lin(&args[3], env)?;
                let capacity = self.var_of(l, at)?;
                let c = Cumulative::with_capacity_var(starts, durations, uses, capacity);
                self.post(c, at)
            }
        }
    }

    /// Any other call is a truth value (`count`, `member`, …) that must hold.
    fn truth(&mut self, f: &str, args: &[Expr], at: usize, env: &mut Env) -> Result<(), LangError> {
        let l = self.lit(
            &Expr {
                kind: Kind::Call(f.to_string(), args.to_vec()),
                at,
            },
            env,
        )?;
        let v = if l.negated { 0 } else { 1 };
        self.model
            .member(l.var, &[v])
            .map_err(|e| err(at, e.to_string()))?;
        Ok(())
    }
}
