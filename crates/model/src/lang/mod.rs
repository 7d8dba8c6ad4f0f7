//! The expression language of `kind: csp` models: constraints and objectives written as text
//! (`x + 2*y <= z`, `sum(q) == 10`, `all_different(q[i] + i for i in 1..8)`), read into a
//! syntax tree ([`parser`]), compiled into the engine's constraints ([`compile`]) and
//! checked on every solution by an evaluator that shares nothing with the engine
//! ([`eval`]).

pub mod ast;
pub mod compile;
pub mod eval;
pub mod lexer;
pub mod parser;
pub mod scope;

pub use parser::parse;

/// A mistake in an expression: where (a byte offset in its text) and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LangError {
    /// The byte offset in the expression's text.
    pub at: usize,
    /// What is wrong.
    pub message: String,
}

impl LangError {
    /// An error at `at`.
    pub fn new(at: usize, message: impl Into<String>) -> Self {
        LangError {
            at,
            message: message.into(),
        }
    }
}
