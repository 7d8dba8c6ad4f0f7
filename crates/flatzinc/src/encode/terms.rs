//! Arguments read as terms, constants and engine variables; fresh auxiliaries.

use super::{Encoder, Msg, Term};
use crate::model::Arg;
use csp_core::{Domain, Value, VarId};
use csp_model::SourceError;

impl Encoder<'_> {
    /// A fresh engine variable (an auxiliary of a decomposition).
    pub(super) fn fresh(&mut self, d: Domain) -> Result<VarId, SourceError> {
        self.aux += 1;
        self.model
            .new_var(format!("(aux {})", self.aux), d)
            .map_err(|m| self.err(self.fzn.solve.pos, m.to_string()))
    }

    pub(super) fn term(&self, a: &Arg) -> Result<Term, Msg> {
        match a {
            Arg::Var(v) => Ok(self.terms[*v]),
            Arg::Int(c) => Ok(Term::Const(*c)),
            Arg::Bool(b) => Ok(Term::Const(i64::from(*b))),
            _ => Err("expected an integer or boolean, variable or constant".into()),
        }
    }

    pub(super) fn terms_of(&self, a: &Arg) -> Result<Vec<Term>, Msg> {
        a.as_array()
            .ok_or("expected an array")?
            .iter()
            .map(|x| self.term(x))
            .collect()
    }

    pub(super) fn ints(&self, a: &Arg) -> Result<Vec<i64>, Msg> {
        a.as_array()
            .ok_or("expected an array of constants")?
            .iter()
            .map(|x| match x {
                Arg::Int(c) => Ok(*c),
                Arg::Bool(b) => Ok(i64::from(*b)),
                _ => Err("expected an array of constants".to_string()),
            })
            .collect()
    }

    pub(super) fn constant(&self, a: &Arg) -> Result<i64, Msg> {
        match self.term(a)? {
            Term::Const(c) => Ok(c),
            Term::Var(_) => Err("expected a constant".into()),
        }
    }

    pub(super) fn value(c: i64) -> Result<Value, Msg> {
        Value::try_from(c)
            .map_err(|_| format!("the constant {c} is past ±2³¹; csp's values are 32-bit"))
    }

    /// An engine variable for a term (a constant gets a fixed variable, one per value).
    pub(super) fn var_of(&mut self, t: Term) -> Result<VarId, Msg> {
        match t {
            Term::Var(x) => Ok(x),
            Term::Const(c) => {
                if let Some(&x) = self.consts.get(&c) {
                    return Ok(x);
                }
                let v = Self::value(c)?;
                let x = self
                    .model
                    .new_var(format!("({c})"), Domain::range(v, v))
                    .map_err(|e| e.to_string())?;
                self.consts.insert(c, x);
                Ok(x)
            }
        }
    }

    /// Engine variables for terms.
    pub(super) fn vars(&mut self, ts: Vec<Term>) -> Result<Vec<VarId>, Msg> {
        ts.into_iter().map(|t| self.var_of(t)).collect()
    }
}
