//! Indices: array elements at constant or variable positions, and calls that yield values.

use super::{Compiler, Lin, err};
use crate::lang::LangError;
use crate::lang::ast::{Expr, Kind};
use crate::lang::eval::{Env, V};
use crate::lang::scope::{IndexSet, Key, Named};
use csp_core::constraint::{Element, Extremum, Op};
use csp_core::{Value, VarId};

impl Compiler<'_> {
    pub(super) fn vars_of(&mut self, e: &Expr, env: &mut Env) -> Result<Vec<VarId>, LangError> {
        let items = self.items(e, env)?;
        items.into_iter().map(|l| self.var_of(l, e.at)).collect()
    }

    pub(super) fn index(
        &mut self,
        a: &Expr,
        idx: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<Lin, LangError> {
        if matches!(a.kind, Kind::List(_) | Kind::Comprehension(..)) {
            return self.index_list(a, idx, at, env);
        }
        let Kind::Name(n) = &a.kind else {
            return Err(err(at, "only an array or a list can be indexed"));
        };
        // Constant indices pick one item.
        let mut keys = Vec::new();
        for i in idx {
            match self.constant(i, env)? {
                Some(V::Key(k)) => keys.push(k),
                Some(V::List(_)) => return Err(err(i.at, "an index is one value, not a list")),
                None => break,
            }
        }
        let named = self.scope.get(n).cloned();
        if keys.len() == idx.len() {
            return match named {
                Some(Named::VarArray(arr)) => {
                    let p = arr.position(&keys).ok_or_else(|| {
                        let shown: Vec<String> = keys.iter().map(|&k| self.scope.show(k)).collect();
                        err(
                            at,
                            format!("`{n}[{}]` is out of its index set", shown.join(", ")),
                        )
                    })?;
                    Ok(Self::lin_of(arr.items[p]))
                }
                _ => Err(err(at, format!("`{n}` is not an array"))),
            };
        }
        // A variable index: an element constraint over a one-dimensional array.
        let (lo, items): (i64, Vec<Lin>) = match named {
            Some(Named::VarArray(arr)) if arr.index.len() == 1 => match arr.index[0] {
                crate::lang::scope::IndexSet::Range(lo, _) => {
                    (lo, arr.items.iter().map(|&x| Self::lin_of(x)).collect())
                }
                _ => {
                    return Err(err(
                        at,
                        format!("`{n}` is indexed by symbols; a variable index needs integers"),
                    ));
                }
            },
            Some(Named::ConstArray(arr)) if arr.index.len() == 1 => match arr.index[0] {
                crate::lang::scope::IndexSet::Range(lo, _) => (
                    lo,
                    arr.items
                        .iter()
                        .map(|k| match k {
                            Key::Int(c) => Ok(Lin {
                                terms: vec![],
                                c: *c,
                            }),
                            Key::Sym(s) => Ok(Lin {
                                terms: vec![],
                                c: *s as i64,
                            }),
                        })
                        .collect::<Result<_, LangError>>()?,
                ),
                _ => {
                    return Err(err(
                        at,
                        format!("`{n}` is indexed by symbols; a variable index needs integers"),
                    ));
                }
            },
            Some(Named::VarArray(_) | Named::ConstArray(_)) => {
                return Err(err(
                    at,
                    format!("a variable index works on one-dimensional arrays; `{n}` has more"),
                ));
            }
            _ => return Err(err(at, format!("`{n}` is not an array"))),
        };
        if items.is_empty() {
            return Err(err(at, format!("`{n}` is empty")));
        }
        self.element(items, lo, &idx[0], at, env)
    }

    /// `[a, b, c][i]`: a list indexed from 1.
    pub(super) fn index_list(
        &mut self,
        a: &Expr,
        idx: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<Lin, LangError> {
        if idx.len() != 1 {
            return Err(err(at, format!("a list has 1 index, found {}", idx.len())));
        }
        let items = self.items(a, env)?;
        match self.constant(&idx[0], env)? {
            Some(V::Key(Key::Int(k))) => usize::try_from(k)
                .ok()
                .and_then(|k| k.checked_sub(1))
                .and_then(|k| items.get(k).cloned())
                .ok_or_else(|| {
                    err(
                        at,
                        format!("index {k} is outside the list's 1..{}", items.len()),
                    )
                }),
            Some(_) => Err(err(idx[0].at, "a list's index is an integer")),
            None if items.is_empty() => Err(err(at, "the list is empty")),
            None => self.element(items, 1, &idx[0], at, env),
        }
    }

    /// `items[i]` for a variable index `i`, the first item at index `lo`: an element
    /// constraint and the variable it defines.
    pub(super) fn element(
        &mut self,
        items: Vec<Lin>,
        lo: i64,
        i: &Expr,
        at: usize,
        env: &mut Env,
    ) -> Result<Lin, LangError> {
        let i = self.lin(i, env)?;
        let i = self.var_of(i, at)?;
        let offset = self.value_of(lo, at)?;
        let (mut zl, mut zh) = (i128::MAX, i128::MIN);
        for l in &items {
            let (a, b) = self.bounds(l);
            zl = zl.min(a);
            zh = zh.max(b);
        }
        let xs = items
            .into_iter()
            .map(|l| self.var_of(l, at))
            .collect::<Result<Vec<_>, _>>()?;
        let fit = |v: i128| i64::try_from(v).map_err(|_| err(at, "values past 64 bits"));
        let z = self.new_aux(fit(zl)?, fit(zh)?, at)?;
        self.post(Ok(Element::new(i, xs, offset, z)), at)?;
        Ok(Self::lin_of(z))
    }

    pub(super) fn call_value(
        &mut self,
        f: &str,
        args: &[Expr],
        at: usize,
        env: &mut Env,
    ) -> Result<Lin, LangError> {
        match f {
            "sum" if args.len() == 1 => {
                let mut total = Lin::default();
                for l in self.items(&args[0], env)? {
                    total = Self::add(total, l, at)?;
                }
                Ok(total)
            }
            "min" | "max" if !args.is_empty() => {
                let xs = if args.len() == 1 {
                    self.vars_of(&args[0], env)?
                } else {
                    let mut xs = Vec::new();
                    for a in args {
                        let l = self.lin(a, env)?;
                        xs.push(self.var_of(l, at)?);
                    }
                    xs
                };
                if xs.is_empty() {
                    return Err(err(at, format!("`{f}` of an empty list")));
                }
                let (mut lo, mut hi) = (i64::MAX, i64::MIN);
                let pick = |a: i64, b: i64| if f == "max" { a.max(b) } else { a.min(b) };
                for (k, &x) in xs.iter().enumerate() {
                    let d = self.model.domain(x);
                    let (l, h) = (
                        i64::from(d.min().unwrap_or(0)),
                        i64::from(d.max().unwrap_or(0)),
                    );
                    if k == 0 {
                        (lo, hi) = (l, h);
                    } else {
                        (lo, hi) = (pick(lo, l), pick(hi, h));
                    }
                }
                let m = self.new_aux(lo, hi, at)?;
                self.post(Extremum::new(m, xs, f == "max"), at)?;
                Ok(Self::lin_of(m))
            }
            "abs" if args.len() == 1 => {
                let x = self.lin(&args[0], env)?;
                let neg = Self::scale(x.clone(), -1, at)?;
                self.arith(Op::Max, x, neg, at)
            }
            "all_different" | "no_overlap" | "disjunctive" | "cumulative" | "circuit"
            | "subcircuit" | "inverse" | "lex_lesseq" | "table" | "forbidden" => Err(err(
                at,
                format!(
                    "`{f}` is a constraint of its own; it cannot be used inside an expression, `or`, `not` or `->`"
                ),
            )),
            "sum" | "min" | "max" | "abs" | "len" => {
                Err(err(at, format!("`{f}`: wrong number of arguments")))
            }
            _ => Err(err(
                at,
                format!("unknown function `{f}`; expected sum, min, max, abs, len"),
            )),
        }
    }

    /// The first index of a list argument: an array's own (`x[0..4]` starts at 0), 1 for a
    /// list written out (as MiniZinc).
    pub(super) fn index_base(&self, e: &Expr, at: usize) -> Result<Value, LangError> {
        match &e.kind {
            Kind::Name(n) => match self.scope.get(n) {
                Some(Named::VarArray(a)) if a.index.len() == 1 => match a.index[0] {
                    IndexSet::Range(lo, _) => self.value_of(lo, at),
                    IndexSet::Syms(_) => Err(err(
                        at,
                        format!("`{n}` is indexed by symbols; successors are integers"),
                    )),
                },
                _ => Ok(1),
            },
            _ => Ok(1),
        }
    }
}
