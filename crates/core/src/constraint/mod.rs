//! Constraints: the [`Constraint`] trait (what a constraint *means*: its scope and when an
//! assignment satisfies it) and the built-in kinds.
//!
//! A constraint is model data; during search it is enforced by a
//! [`Propagator`] it creates. Keeping the two apart lets the
//! same constraint be propagated at different strengths (all-different pairwise or by
//! matching) and keeps [`Constraint::is_satisfied`] an independent definition that the
//! verifier and the tests use.
//!
//! To add a constraint kind (a linear sum, …): implement [`Constraint`]; start
//! with [`GenericPropagator`](crate::propagation::GenericPropagator) (correct for any
//! constraint, exponential in the arity) and write a dedicated propagator when it matters.

mod all_different;
mod arith;
mod at_most;
mod bin_packing;
mod cardinality;
mod circuit;
mod count;
mod cumulative;
mod element;
mod extremum;
mod inverse;
mod lex;
mod linear;
mod map;
mod member;
mod negative_table;
mod no_overlap;
mod not_equal;
mod precedence;
mod regular;
mod table;
mod unary;

pub use all_different::AllDifferent;
pub use arith::{Arith, Op};
pub use at_most::AtMost;
pub use bin_packing::BinPackingLoad;
pub use cardinality::Cardinality;
pub use circuit::Circuit;
pub use count::Count;
pub use cumulative::Cumulative;
pub use element::Element;
pub use extremum::Extremum;
pub use inverse::Inverse;
pub use lex::LexLessEq;
pub use linear::{Linear, Reification, Relation};
pub use map::Map;
pub use member::MemberReif;
pub use negative_table::NegativeTable;
pub use no_overlap::{NO_OVERLAP_FULL_LIMIT, NoOverlap};
pub use not_equal::NotEqual;
pub use precedence::Precedence;
pub use regular::{Automaton, Regular};
pub use table::Table;
pub use unary::InSet;

use crate::domain::Value;
use crate::index::VarId;
use crate::propagation::{Propagator, PropagatorOptions};
use std::fmt;

/// A constraint over a fixed list of variables (its scope).
pub trait Constraint: fmt::Debug + Send + Sync {
    /// A short name of the kind, as used in model files: `not_equal`, `all_different`, …
    fn kind(&self) -> &'static str;

    /// The variables constrained, in the order [`Constraint::is_satisfied`] receives values.
    fn scope(&self) -> &[VarId];

    /// Whether `values` (one per scope variable, in scope order) satisfy the constraint.
    /// This is the constraint's definition; it never consults domains or search state.
    fn is_satisfied(&self, values: &[Value]) -> bool;

    /// The constraint in words, with variables named by `name`: `q1 ≠ q2 + 1`.
    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String;

    /// A propagator enforcing this constraint during search.
    fn propagator(&self, options: &PropagatorOptions) -> Box<dyn Propagator + '_>;
}

/// Joins the names of `vars` with `sep`.
pub(crate) fn names(vars: &[VarId], name: &dyn Fn(VarId) -> String, sep: &str) -> String {
    vars.iter().map(|&x| name(x)).collect::<Vec<_>>().join(sep)
}

/// Whether `c` holds on its variables' values once all are fixed (true while one is open):
/// the `check` of a propagator that enforces `c` alone.
pub(crate) fn holds_once_fixed(c: &dyn Constraint, d: &crate::domain::DomainStore) -> bool {
    let values: Option<Vec<crate::domain::Value>> = c.scope().iter().map(|&x| d.value(x)).collect();
    values.is_none_or(|v| c.is_satisfied(&v))
}
