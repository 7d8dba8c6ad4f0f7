//! The expression language of `kind: csp` models: constraints and objectives written as text
//! (`x + 2*y <= z`, `sum(q) == 10`, `all_different(q[i] + i for i in 1..8)`), read into a
//! syntax tree ([`parser`]), compiled into the engine's constraints ([`compile`]) and
//! checked on every solution by an evaluator that shares nothing with the engine
//! ([`eval`]).

pub mod ast;
pub mod compile;
pub mod error;
pub mod eval;
pub mod lexer;
pub mod parser;
pub mod scope;

pub use error::LangError;
pub use parser::parse;
