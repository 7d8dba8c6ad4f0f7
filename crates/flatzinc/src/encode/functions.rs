//! Functional constraints `z = f(x, …)`: arithmetic, absolute value, element, extremum.

use super::call::Call;
use super::{Encoder, Msg, Reif, Term};
use csp_core::constraint::{Arith, Element, Extremum, Linear, Op, Reification, Relation};
use csp_core::{Domain, Value};

impl Encoder<'_> {
    /// `z = x ∘ y` for ·, div, mod, pow, min, max.
    pub(super) fn int_arith(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(3)?;
        let op = match call.base {
            "int_times" => Op::Times,
            "int_div" => Op::Div,
            "int_mod" => Op::Mod,
            "int_pow" => Op::Pow,
            "int_min" => Op::Min,
            _ => Op::Max,
        };
        let (x, y, z) = (
            self.term(&call.args[0])?,
            self.term(&call.args[1])?,
            self.term(&call.args[2])?,
        );
        let (x, y, z) = (self.var_of(x)?, self.var_of(y)?, self.var_of(z)?);
        self.post(Arith::new(op, x, y, z))
    }

    /// `y = |x|`.
    pub(super) fn int_abs(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(2)?;
        // |x| = max(x, −x).
        let (x, y) = (self.term(&call.args[0])?, self.term(&call.args[1])?);
        let x = self.var_of(x)?;
        let (lo, hi) = {
            let d = self.model.domain(x);
            (d.min().unwrap_or(0), d.max().unwrap_or(0))
        };
        let neg = self
            .fresh(Domain::range(hi.saturating_neg(), lo.saturating_neg()))
            .map_err(|e| e.to_string())?;
        self.post(Linear::new(
            vec![(1, x), (1, neg)],
            Relation::Eq,
            0,
            Reification::None,
        )?)?;
        let y = self.var_of(y)?;
        self.post(Arith::new(Op::Max, x, neg, y))
    }

    /// `z = table[i]` over constants: a map from `i`, or fixed points when `z` is `i`.
    pub(super) fn constant_element(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(3)?;
        let (i, table, z) = (
            self.term(&call.args[0])?,
            self.ints(&call.args[1])?,
            self.term(&call.args[2])?,
        );
        match i {
            Term::Const(k) => match k
                .checked_sub(1)
                .and_then(|k| usize::try_from(k).ok())
                .and_then(|k| table.get(k))
            {
                Some(&v) => self.linear(vec![(1, z)], Relation::Eq, v, Reif::None),
                // An index outside the array: the constraint is false.
                None => self.linear(vec![], Relation::Le, -1, Reif::None),
            },
            Term::Var(i) => {
                let pairs = table
                    .iter()
                    .enumerate()
                    .map(|(k, &v)| Ok((Self::value(k as i64 + 1)?, Self::value(v)?)))
                    .collect::<Result<Vec<_>, Msg>>()?;
                let z = self.var_of(z)?;
                if z == i {
                    // z = table[z]: the fixed points.
                    let fixed: Vec<Value> =
                        pairs.iter().filter(|p| p.0 == p.1).map(|p| p.0).collect();
                    return self
                        .model
                        .member(i, &fixed)
                        .map(|_| ())
                        .map_err(|e| e.to_string());
                }
                self.model
                    .map(i, z, pairs)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
        }
    }

    /// `z = xs[i]` over variables.
    pub(super) fn variable_element(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(3)?;
        let (i, xs, z) = (
            self.term(&call.args[0])?,
            self.terms_of(&call.args[1])?,
            self.term(&call.args[2])?,
        );
        match i {
            Term::Const(k) => match k
                .checked_sub(1)
                .and_then(|k| usize::try_from(k).ok())
                .and_then(|k| xs.get(k))
            {
                Some(&x) => self.linear(vec![(1, x), (-1, z)], Relation::Eq, 0, Reif::None),
                None => self.linear(vec![], Relation::Le, -1, Reif::None),
            },
            Term::Var(i) => {
                let xs = self.vars(xs)?;
                let z = self.var_of(z)?;
                self.post(Element::new(i, xs, 1, z))
            }
        }
    }

    /// `m = max(xs)` or `min(xs)`.
    pub(super) fn extremum(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(2)?;
        let (m, xs) = (self.term(&call.args[0])?, self.terms_of(&call.args[1])?);
        let m = self.var_of(m)?;
        let xs = self.vars(xs)?;
        self.post(Extremum::new(m, xs, call.base == "array_int_maximum")?)
    }
}
