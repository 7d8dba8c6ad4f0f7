//! The one error shape of the expression language: a byte offset and what was expected.

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
