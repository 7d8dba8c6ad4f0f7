//! One constraint as the posting methods read it: its arguments, its predicate without the
//! `_reif` / `_imp` suffix, and which suffix it had.

use super::{Encoder, Msg, Reif};
use crate::model::{Arg, Constraint};

/// How the predicate ties its relation to a trailing boolean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Form {
    /// No suffix: the relation holds.
    Plain,
    /// `_reif`: the boolean is true exactly when the relation holds.
    Reified,
    /// `_imp`: the relation holds when the boolean is true.
    Implied,
}

/// A constraint's call, split for the posting methods.
pub(super) struct Call<'c> {
    /// The arguments, the reifying boolean last.
    pub(super) args: &'c [Arg],
    /// The predicate without its suffix.
    pub(super) base: &'c str,
    /// Which suffix it had.
    pub(super) form: Form,
}

impl<'c> Call<'c> {
    /// Splits `c`'s predicate into its base and form.
    pub(super) fn new(c: &'c Constraint) -> Self {
        let n = c.name.as_str();
        let (base, form) = if let Some(b) = n.strip_suffix("_reif") {
            (b, Form::Reified)
        } else if let Some(b) = n.strip_suffix("_imp") {
            (b, Form::Implied)
        } else {
            (n, Form::Plain)
        };
        Call {
            args: &c.args,
            base,
            form,
        }
    }

    /// Exactly `k` arguments, or an error saying how many there are.
    pub(super) fn arity(&self, k: usize) -> Result<(), Msg> {
        if self.args.len() == k {
            Ok(())
        } else {
            Err(format!("expected {k} arguments, found {}", self.args.len()))
        }
    }

    /// 1 when a reifying boolean follows the base arguments, else 0.
    pub(super) fn extra(&self) -> usize {
        usize::from(self.form != Form::Plain)
    }

    /// The tie to the boolean at argument `k` (none for a plain predicate).
    pub(super) fn reif(&self, e: &Encoder<'_>, k: usize) -> Result<Reif, Msg> {
        let boolean =
            || -> Result<_, Msg> { e.term(self.args.get(k).ok_or("missing the boolean")?) };
        Ok(match self.form {
            Form::Plain => Reif::None,
            Form::Reified => Reif::Equiv(boolean()?),
            Form::Implied => Reif::Implied(boolean()?),
        })
    }
}
