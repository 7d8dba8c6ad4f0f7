//! `csp-flatzinc`: FlatZinc, the language MiniZinc compiles models into, for the toolkit.
//!
//! [`parse`] reads a `.fzn` file into a [`FlatZinc`] model (names resolved; errors name
//! `file:line:column` and what was expected); [`check`] evaluates every constraint and the
//! objective on an assignment, without the engine, so that no answer is printed unchecked.

#![warn(missing_docs)]

pub mod ast;
pub mod check;
pub mod encode;
mod lexer;
pub mod model;
pub mod mznlib;
pub mod output;
mod parser;
pub mod search;
#[cfg(feature = "testing")]
pub mod testing;

pub use model::{Ann, Arg, Constraint, FlatZinc, Goal, IntSet, Output, Solve, Var, parse};
