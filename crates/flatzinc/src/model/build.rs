//! Names resolved item by item: the builder behind [`parse`].

use super::declare::Declaration;
use super::{Ann, Arg, Constraint, FlatZinc, Goal, IntSet, Output, Solve, Var};
use crate::ast::{Base, Expr, Item, Pos, SetLit};
use crate::parser::{ParseError, Parser};
use csp_model::SourceError;
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Debug, Clone)]
pub(super) enum Binding {
    Par(Arg),
    Var(usize),
    VarArray(Arc<[Arg]>),
}

pub(super) struct Builder<'t> {
    pub(super) file: &'t str,
    pub(super) text: &'t str,
    pub(super) names: HashMap<String, Binding>,
    pub(super) vars: Vec<Var>,
    pub(super) constraints: Vec<Constraint>,
    pub(super) solve: Option<Solve>,
    pub(super) outputs: Vec<Output>,
}

/// Reads FlatZinc `text` (named `file` in errors).
pub fn parse(text: &str, file: &str) -> Result<FlatZinc, SourceError> {
    let mut b = Builder {
        file,
        text,
        names: HashMap::new(),
        vars: Vec::new(),
        constraints: Vec::new(),
        solve: None,
        outputs: Vec::new(),
    };
    let mut parser = Parser::new(text).map_err(|e| b.err(e.pos, e.message))?;
    let mut failure = None;
    let r = parser.items(|item| {
        b.item(item).map_err(|e| {
            failure = Some(e);
            ParseError {
                pos: Pos::default(),
                message: String::new(),
            }
        })
    });
    if let Some(e) = failure {
        return Err(e);
    }
    r.map_err(|e| b.err(e.pos, e.message))?;
    let Some(solve) = b.solve.take() else {
        let lines = text.lines().count().max(1) as u32;
        return Err(b.err(
            Pos {
                line: lines,
                column: 1,
            },
            "expected a solve item (`solve satisfy;`), found the end of the file",
        ));
    };
    Ok(FlatZinc {
        vars: b.vars,
        constraints: b.constraints,
        solve,
        outputs: b.outputs,
    })
}

impl Builder<'_> {
    pub(super) fn err(&self, pos: Pos, message: impl Into<String>) -> SourceError {
        SourceError::at(self.file, self.text, pos.line, pos.column, message)
    }

    fn item(&mut self, item: Item) -> Result<(), SourceError> {
        if let Some(s) = &self.solve {
            let pos = match &item {
                Item::Decl { pos, .. } | Item::Constraint { pos, .. } | Item::Solve { pos, .. } => {
                    *pos
                }
                Item::Predicate { .. } => s.pos,
            };
            return Err(self.err(pos, "expected nothing after the solve item"));
        }
        match item {
            Item::Predicate { .. } => Ok(()),
            Item::Decl {
                ty,
                name,
                anns,
                value,
                pos,
            } => self.declaration(Declaration {
                ty,
                name,
                anns,
                value,
                pos,
            }),
            Item::Constraint {
                name,
                args,
                anns,
                pos,
            } => self.constraint(name, args, &anns, pos),
            Item::Solve {
                anns,
                objective,
                pos,
            } => self.solve(&anns, objective, pos),
        }
    }

    /// A constraint item: its arguments resolved, the variable it defines noted.
    fn constraint(
        &mut self,
        name: String,
        args: Vec<(Expr, Pos)>,
        anns: &[Expr],
        pos: Pos,
    ) -> Result<(), SourceError> {
        let mut resolved = Vec::with_capacity(args.len());
        let mut arg_pos = Vec::with_capacity(args.len());
        for (e, at) in args {
            resolved.push(self.resolve(&e, at)?);
            arg_pos.push(at);
        }
        let mut defines = None;
        for a in anns {
            if let Expr::Call(n, xs) = a
                && n == "defines_var"
                && let [Expr::Ident(x)] = xs.as_slice()
                && let Some(Binding::Var(v)) = self.names.get(x)
            {
                defines = Some(*v);
            }
        }
        self.constraints.push(Constraint {
            name,
            args: resolved,
            arg_pos,
            defines,
            pos,
        });
        Ok(())
    }

    /// The solve item: the goal (an integer objective) and the search annotations.
    fn solve(
        &mut self,
        anns: &[Expr],
        objective: Option<(bool, Expr, Pos)>,
        pos: Pos,
    ) -> Result<(), SourceError> {
        let goal = match objective {
            None => Goal::Satisfy,
            Some((min, e, at)) => {
                let a = self.resolve(&e, at)?;
                if !matches!(a, Arg::Int(_) | Arg::Var(_)) {
                    return Err(
                        self.err(at, "expected an integer variable or constant to optimise")
                    );
                }
                if let Arg::Var(v) = a
                    && self.vars[v].is_bool
                {
                    return Err(self.err(
                        at,
                        "expected an integer objective, found a boolean variable",
                    ));
                }
                if min {
                    Goal::Minimize(a)
                } else {
                    Goal::Maximize(a)
                }
            }
        };
        let anns = anns
            .iter()
            .map(|a| self.annotation(a, pos))
            .collect::<Result<_, _>>()?;
        self.solve = Some(Solve { goal, anns, pos });
        Ok(())
    }

    pub(super) fn check_len(
        &self,
        name: &str,
        declared: i64,
        found: usize,
        at: Pos,
    ) -> Result<(), SourceError> {
        if declared.max(0) as u64 != found as u64 {
            return Err(self.err(
                at,
                format!("`{name}` is declared with {declared} elements but has {found}"),
            ));
        }
        Ok(())
    }

    /// `output_array([a..b, …])`: the ranges, whose sizes multiply to the array's length.
    pub(super) fn dims(
        &self,
        xs: &[Expr],
        len: usize,
        pos: Pos,
    ) -> Result<Vec<(i64, i64)>, SourceError> {
        let bad = || {
            self.err(pos, "expected `output_array([a..b, …])` with ranges whose sizes multiply to the array's length")
        };
        let [Expr::Array(ranges)] = xs else {
            return Err(bad());
        };
        let mut dims = Vec::new();
        let mut product: u128 = 1;
        for r in ranges {
            match r {
                Expr::Set(SetLit::Range(lo, hi)) => {
                    dims.push((*lo, *hi));
                    product = product
                        .saturating_mul((i128::from(*hi) - i128::from(*lo) + 1).max(0) as u128);
                }
                _ => return Err(bad()),
            }
        }
        if product != len as u128 || dims.is_empty() {
            return Err(bad());
        }
        Ok(dims)
    }

    pub(super) fn check_par(&self, base: &Base, v: &Arg, at: Pos) -> Result<(), SourceError> {
        let ok = match base {
            Base::Bool => matches!(v, Arg::Bool(_)),
            Base::Int => matches!(v, Arg::Int(_)),
            Base::IntIn(s) => matches!(v, Arg::Int(i) if set_of(s).contains(*i)),
            Base::Float => matches!(v, Arg::Float(_) | Arg::Int(_)),
            Base::SetOf => matches!(v, Arg::Set(_)),
        };
        if ok {
            Ok(())
        } else {
            Err(self.err(at, "expected a value of the declared type"))
        }
    }

    /// An expression's value: names replaced by what they stand for.
    pub(super) fn resolve(&self, e: &Expr, at: Pos) -> Result<Arg, SourceError> {
        Ok(match e {
            Expr::Bool(b) => Arg::Bool(*b),
            Expr::Int(i) => Arg::Int(*i),
            Expr::Float(f) => Arg::Float(*f),
            Expr::Set(s) => match s {
                SetLit::FloatRange(..) => return Err(self.err(at, "expected a set of integers")),
                s => Arg::Set(set_of(s)),
            },
            Expr::Ident(n) => match self.names.get(n) {
                Some(Binding::Par(a)) => a.clone(),
                Some(Binding::Var(v)) => Arg::Var(*v),
                Some(Binding::VarArray(a)) => Arg::Array(a.clone()),
                None => {
                    return Err(self.err(at, format!("`{n}` is not declared (before this use)")));
                }
            },
            Expr::Access(n, i) => {
                let items = match self.names.get(n) {
                    Some(Binding::Par(Arg::Array(a))) | Some(Binding::VarArray(a)) => a,
                    Some(_) => return Err(self.err(at, format!("`{n}` is not an array"))),
                    None => {
                        return Err(
                            self.err(at, format!("`{n}` is not declared (before this use)"))
                        );
                    }
                };
                match usize::try_from(*i)
                    .ok()
                    .and_then(|i| i.checked_sub(1))
                    .and_then(|k| items.get(k))
                {
                    Some(a) => a.clone(),
                    None => {
                        return Err(self.err(
                            at,
                            format!("index {i} is outside `{n}` (1..{})", items.len()),
                        ));
                    }
                }
            }
            Expr::Array(items) => {
                let v = items
                    .iter()
                    .map(|x| self.resolve(x, at))
                    .collect::<Result<Vec<_>, _>>()?;
                if v.iter().any(|a| matches!(a, Arg::Array(_))) {
                    return Err(
                        self.err(at, "expected an array of values, found an array inside it")
                    );
                }
                Arg::Array(v.into())
            }
            Expr::Str(_) => return Err(self.err(at, "expected a value, found a string")),
            Expr::Call(f, _) => {
                return Err(self.err(at, format!("expected a value, found a call of `{f}`")));
            }
        })
    }

    /// An annotation: names of parameters and variables resolved, other names kept.
    fn annotation(&self, e: &Expr, at: Pos) -> Result<Ann, SourceError> {
        Ok(match e {
            Expr::Ident(n) if !self.names.contains_key(n) => Ann::Name(n.clone()),
            Expr::Call(f, xs) => Ann::Call(
                f.clone(),
                xs.iter()
                    .map(|x| self.annotation(x, at))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Array(xs)
                if xs.iter().any(|x| {
                    matches!(x, Expr::Call(..))
                        || matches!(x, Expr::Ident(n) if !self.names.contains_key(n))
                }) =>
            {
                Ann::Array(
                    xs.iter()
                        .map(|x| self.annotation(x, at))
                        .collect::<Result<_, _>>()?,
                )
            }
            Expr::Str(s) => Ann::Str(s.clone()),
            e => Ann::Arg(self.resolve(e, at)?),
        })
    }
}

/// A set literal's integers (a float range has none: refused where it is read).
pub(super) fn set_of(s: &SetLit) -> IntSet {
    match s {
        SetLit::Range(lo, hi) => IntSet::range(*lo, *hi),
        SetLit::Values(v) => IntSet::from_values(v.clone()),
        SetLit::FloatRange(..) => IntSet::default(),
    }
}
