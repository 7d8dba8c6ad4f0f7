//! The builder: a read file turned into a model, section by section.

use super::raw::{RawEntry, RawFile, RawSolve, RawVariables};
use super::{Check, CspFile, Objective, Shown, SolveOptions, VarKind, time_limit};
use crate::lang::compile::Compiler;
use crate::lang::scope::Scope;
use crate::lang::{self, LangError};
use crate::source::SourceError;
use csp_core::{Model, Value};
use serde_saphyr::{Location, Spanned};

pub(super) struct Builder<'t> {
    pub(super) text: &'t str,
    pub(super) file: &'t str,
    pub(super) model: Model,
    pub(super) scope: Scope,
    pub(super) kinds: Vec<VarKind>,
    pub(super) shown: Vec<Shown>,
    pub(super) checks: Vec<Check>,
}

impl Builder<'_> {
    pub(super) fn err(&self, at: &Location, message: impl Into<String>) -> SourceError {
        SourceError::at(
            self.file,
            self.text,
            at.line() as u32,
            at.column() as u32,
            message,
        )
    }

    pub(super) fn build(mut self, raw: RawFile) -> Result<CspFile, SourceError> {
        if raw.kind.value != "csp" {
            return Err(self.err(
                &raw.kind.referenced,
                format!("kind: expected `csp`, found `{}`", raw.kind.value),
            ));
        }
        for (name, value) in raw.data.as_ref().map_or(&[][..], |d| &d.0[..]) {
            self.datum(name, value)?;
        }
        match &raw.variables.value {
            RawVariables::List(vs) => {
                for v in vs {
                    self.variable(v)?;
                }
            }
            RawVariables::Map(vs) => {
                for (key, domain) in vs {
                    self.declared(key, domain)?;
                }
            }
        }
        if raw.variables.value.is_empty() {
            return Err(self.err(
                &raw.variables.referenced,
                "variables: expected at least one variable",
            ));
        }
        for (i, c) in raw.constraints.iter().enumerate() {
            match &c.value {
                RawEntry::Named(r) => self.constraint(i, r, &c.referenced)?,
                RawEntry::Text(t) => self.text_constraint(t, &c.referenced)?,
            }
        }
        let objective = match &raw.objective {
            Some(o) => Some(self.objective(o)?),
            None => None,
        };
        let solve = self.solve(raw.solve.unwrap_or_default())?;
        let name = raw.name.unwrap_or_else(|| crate::source::stem(self.file));
        Ok(CspFile {
            path: self.file.to_string(),
            name,
            description: raw.description,
            model: self.model,
            symbols: self.scope.symbols().to_vec(),
            kinds: self.kinds,
            shown: self.shown,
            objective,
            solve,
            scope: self.scope,
            checks: self.checks,
        })
    }

    pub(super) fn solve(&self, raw: RawSolve) -> Result<SolveOptions, SourceError> {
        fn named<T: std::str::FromStr<Err = String>>(
            b: &Builder<'_>,
            key: &str,
            v: Option<Spanned<String>>,
        ) -> Result<Option<T>, SourceError> {
            v.map(|v| {
                v.value
                    .parse::<T>()
                    .map_err(|e| b.err(&v.referenced, format!("solve.{key}: {e}")))
            })
            .transpose()
        }
        Ok(SolveOptions {
            propagation: named(self, "propagation", raw.propagation)?,
            var_order: named(self, "var_order", raw.var_order)?,
            value_order: named(self, "value_order", raw.value_order)?,
            count: raw
                .count
                .map(|c| match c.value {
                    0 => Err(self.err(
                        &c.referenced,
                        "solve.count: expected at least 1 (the number of solutions to count up to)",
                    )),
                    n => Ok(n),
                })
                .transpose()?,
            all: raw.all,
            time_limit: raw
                .time_limit
                .map(|t| {
                    time_limit(t.value)
                        .map_err(|e| self.err(&t.referenced, format!("solve.time_limit: {e}")))
                })
                .transpose()?,
            seed: raw.seed,
        })
    }

    pub(super) fn symbol(&mut self, s: &str) -> Value {
        self.scope.symbol(s) as Value
    }

    pub(super) fn int(&self, at: &Location, i: i64) -> Result<Value, SourceError> {
        Value::try_from(i).map_err(|_| {
            self.err(
                at,
                format!("value {i} is out of range; expected a 32-bit integer"),
            )
        })
    }

    /// A constraint written as text.
    pub(super) fn text_constraint(&mut self, text: &str, at: &Location) -> Result<(), SourceError> {
        let expr = lang::parse(text).map_err(|e| self.lang_err(at, text, e))?;
        Compiler::new(&mut self.model, &self.scope)
            .constraint(&expr, &mut Vec::new())
            .map_err(|e| self.lang_err(at, text, e))?;
        self.kinds.resize(self.model.num_vars(), VarKind::Int);
        self.checks.push(Check {
            expr,
            text: text.to_string(),
            line: at.line() as u32,
        });
        Ok(())
    }

    /// `objective: minimize EXPR` or `maximize EXPR`.
    pub(super) fn objective(&mut self, o: &Spanned<String>) -> Result<Objective, SourceError> {
        let at = &o.referenced;
        let t = o.value.trim_start();
        let (minimize, rest) = if let Some(r) = t.strip_prefix("minimize ") {
            (true, r)
        } else if let Some(r) = t.strip_prefix("maximize ") {
            (false, r)
        } else {
            return Err(self.err(
                at,
                format!(
                    "objective: expected `minimize EXPR` or `maximize EXPR`, found `{}`",
                    o.value
                ),
            ));
        };
        // Offsets in errors count from the start of the whole value.
        let skip = o.value.len() - rest.len();
        let expr = lang::parse(rest).map_err(|mut e| {
            e.at += skip;
            self.lang_err(at, &o.value, e)
        })?;
        let var = Compiler::new(&mut self.model, &self.scope)
            .objective(&expr)
            .map_err(|mut e| {
                e.at += skip;
                self.lang_err(at, &o.value, e)
            })?;
        self.kinds.resize(self.model.num_vars(), VarKind::Int);
        Ok(Objective {
            var,
            minimize,
            text: rest.trim().to_string(),
            expr,
        })
    }

    /// An error in expression `text`, written at `at` in the file: its line and column
    /// are those of the offending part when the text sits on one line as written.
    pub(super) fn lang_err(&self, at: &Location, text: &str, e: LangError) -> SourceError {
        let (line, col) = (at.line() as u32, at.column() as u32);
        let src = self
            .text
            .lines()
            .nth(line.saturating_sub(1) as usize)
            .unwrap_or("");
        let start = src
            .char_indices()
            .nth(col.saturating_sub(1) as usize)
            .map_or(src.len(), |(i, _)| i);
        let rest = &src[start..];
        let quoted = rest.starts_with('"') || rest.starts_with('\'');
        let body = if quoted { &rest[1..] } else { rest };
        let prefix = text.get(..e.at).unwrap_or(text);
        let column = if body.starts_with(prefix) {
            col + u32::from(quoted) + prefix.chars().count() as u32
        } else {
            col
        };
        SourceError::at(self.file, self.text, line, column, e.message)
    }
}
