//! Sums and boolean connectives, all posted as the engine's [`Linear`] (plain, reified or
//! half-reified), constants folded into the right-hand side.

use super::call::{Call, Form};
use super::{Encoder, Msg, Reif, Term};
use csp_core::Domain;
use csp_core::constraint::{Linear, Reification, Relation};

impl Encoder<'_> {
    /// `Σ a·t ⋈ rhs`, reified as asked; constants folded into the right-hand side.
    pub(super) fn linear(
        &mut self,
        terms: Vec<(i64, Term)>,
        rel: Relation,
        rhs: i64,
        reif: Reif,
    ) -> Result<(), Msg> {
        let past = || "a sum's constants past 64 bits".to_string();
        let mut rhs = rhs;
        let mut vars = Vec::with_capacity(terms.len());
        for (a, t) in terms {
            match t {
                Term::Var(x) => vars.push((a, x)),
                Term::Const(c) => {
                    rhs = rhs
                        .checked_sub(a.checked_mul(c).ok_or_else(past)?)
                        .ok_or_else(past)?
                }
            }
        }
        let reification = match reif {
            Reif::None => Reification::None,
            Reif::Equiv(Term::Const(0)) => {
                // The relation is false: post its negation.
                let (vars, rel, rhs) = match rel {
                    Relation::Le => (
                        vars.into_iter().map(|(a, x)| (-a, x)).collect(),
                        Relation::Le,
                        rhs.checked_neg()
                            .and_then(|r| r.checked_sub(1))
                            .ok_or_else(past)?,
                    ),
                    Relation::Eq => (vars, Relation::Ne, rhs),
                    Relation::Ne => (vars, Relation::Eq, rhs),
                };
                return self.post(Linear::new(vars, rel, rhs, Reification::None)?);
            }
            Reif::Implied(Term::Const(0)) => return Ok(()),
            Reif::Equiv(Term::Const(_)) | Reif::Implied(Term::Const(_)) => Reification::None,
            Reif::Equiv(Term::Var(b)) => Reification::Equiv(b),
            Reif::Implied(Term::Var(b)) => Reification::Implied(b),
        };
        // A boolean inside its own sum: through a copy.
        let reification = match reification {
            Reification::Equiv(b) | Reification::Implied(b)
                if vars.iter().any(|&(_, x)| x == b) =>
            {
                let copy = self.fresh(Domain::range(0, 1)).map_err(|e| e.to_string())?;
                self.post(Linear::new(
                    vec![(1, b), (-1, copy)],
                    Relation::Eq,
                    0,
                    Reification::None,
                )?)?;
                match reification {
                    Reification::Equiv(_) => Reification::Equiv(copy),
                    _ => Reification::Implied(copy),
                }
            }
            r => r,
        };
        self.post(Linear::new(vars, rel, rhs, reification)?)
    }

    /// `Σ aᵢ·xᵢ ⋈ c` over integers or booleans, ⋈ one of =, ≤, ≠.
    pub(super) fn int_lin(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(3 + call.extra())?;
        let (coeffs, xs) = (self.ints(&call.args[0])?, self.terms_of(&call.args[1])?);
        if coeffs.len() != xs.len() {
            return Err("coefficients and variables differ in number".into());
        }
        let rhs = match self.term(&call.args[2])? {
            Term::Const(c) => c,
            Term::Var(_) => return Err("expected a constant right-hand side".into()),
        };
        let rel = match &call.base[call.base.len() - 2..] {
            "eq" => Relation::Eq,
            "le" => Relation::Le,
            _ => Relation::Ne,
        };
        let r = call.reif(self, 3)?;
        self.linear(coeffs.into_iter().zip(xs).collect(), rel, rhs, r)
    }

    /// `x ⋈ y` for =, ≠, ≤, < (booleans as 0/1).
    pub(super) fn comparison(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(2 + call.extra())?;
        let (x, y) = (self.term(&call.args[0])?, self.term(&call.args[1])?);
        let (rel, rhs) = match &call.base[call.base.len() - 2..] {
            "eq" => (Relation::Eq, 0),
            "ne" => (Relation::Ne, 0),
            "le" => (Relation::Le, 0),
            _ => (Relation::Le, -1),
        };
        let r = call.reif(self, 2)?;
        self.linear(vec![(1, x), (-1, y)], rel, rhs, r)
    }

    /// `y = x` (a boolean as 0/1).
    pub(super) fn bool2int(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(2)?;
        let (x, y) = (self.term(&call.args[0])?, self.term(&call.args[1])?);
        self.linear(vec![(1, x), (-1, y)], Relation::Eq, 0, Reif::None)
    }

    /// `y = ¬x`: `x + y = 1`.
    pub(super) fn bool_not(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(2)?;
        let (x, y) = (self.term(&call.args[0])?, self.term(&call.args[1])?);
        self.linear(vec![(1, x), (1, y)], Relation::Eq, 1, Reif::None)
    }

    /// `x ∧ y`, `x ∨ y`, `x ⊕ y` as sums, alone or tied to a third boolean.
    pub(super) fn bool_connective(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        let (x, y) = (
            self.term(&call.args.first().ok_or("missing arguments")?.clone())?,
            self.term(call.args.get(1).ok_or("missing arguments")?)?,
        );
        // bool_xor(a, b) with two arguments is a constraint; with three, reified.
        let r = match (call.form, call.args.len()) {
            (Form::Plain, 2) if call.base == "bool_xor" => Reif::None,
            (Form::Plain, 3) => Reif::Equiv(self.term(&call.args[2])?),
            (Form::Implied, 3) => Reif::Implied(self.term(&call.args[2])?),
            _ => {
                return Err(format!(
                    "expected 2 or 3 arguments, found {}",
                    call.args.len()
                ));
            }
        };
        match call.base {
            "bool_and" => self.linear(vec![(-1, x), (-1, y)], Relation::Le, -2, r),
            "bool_or" => self.linear(vec![(-1, x), (-1, y)], Relation::Le, -1, r),
            _ => self.linear(vec![(1, x), (-1, y)], Relation::Ne, 0, r),
        }
    }

    /// `∨ pos ∨ ¬neg`: at least one literal true.
    pub(super) fn bool_clause(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(2 + call.extra())?;
        let (pos, neg) = (self.terms_of(&call.args[0])?, self.terms_of(&call.args[1])?);
        let k = neg.len() as i64;
        let mut terms: Vec<(i64, Term)> = pos.into_iter().map(|t| (-1, t)).collect();
        terms.extend(neg.into_iter().map(|t| (1, t)));
        let r = call.reif(self, 2)?;
        self.linear(terms, Relation::Le, k - 1, r)
    }

    /// `∧ xs` or `∨ xs` as a sum, alone or tied to a boolean.
    pub(super) fn array_bool(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        let xs = self.terms_of(call.args.first().ok_or("missing arguments")?)?;
        let r = match (call.form, call.args.len()) {
            (Form::Plain, 2) => Reif::Equiv(self.term(&call.args[1])?),
            (Form::Implied, 2) => Reif::Implied(self.term(&call.args[1])?),
            (Form::Plain, 1) => Reif::None,
            _ => {
                return Err(format!(
                    "expected 1 or 2 arguments, found {}",
                    call.args.len()
                ));
            }
        };
        let need = if call.base == "array_bool_and" {
            xs.len() as i64
        } else {
            1
        };
        self.linear(
            xs.into_iter().map(|t| (-1, t)).collect(),
            Relation::Le,
            -need,
            r,
        )
    }

    /// The parity of `xs` is odd.
    pub(super) fn array_bool_xor(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(1)?;
        let xs = self.terms_of(&call.args[0])?;
        // Parity as a chain: p ↔ (p' ≠ x), the last p true.
        let mut p = Term::Const(0);
        for x in xs {
            let q = Term::Var(self.fresh(Domain::range(0, 1)).map_err(|e| e.to_string())?);
            self.linear(vec![(1, p), (-1, x)], Relation::Ne, 0, Reif::Equiv(q))?;
            p = q;
        }
        self.linear(vec![(1, p)], Relation::Eq, 1, Reif::None)
    }

    /// `z = x + y`.
    pub(super) fn int_plus(&mut self, call: &Call<'_>) -> Result<(), Msg> {
        call.arity(3)?;
        let (x, y, z) = (
            self.term(&call.args[0])?,
            self.term(&call.args[1])?,
            self.term(&call.args[2])?,
        );
        self.linear(vec![(1, x), (1, y), (-1, z)], Relation::Eq, 0, Reif::None)
    }
}
