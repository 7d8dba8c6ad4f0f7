//! Errors of the graph readers.

use csp_model::source::Syntax;
use thiserror::Error;

/// What is wrong with a graph file. Every variant names the file and, where there is one,
/// the line and column.
#[derive(Debug, Error)]
pub enum ParseError {
    /// The file could not be read (or is too large, or not text).
    #[error(transparent)]
    Io(#[from] csp_model::SourceError),
    /// A line that is not a comment, header or edge, or a malformed one.
    #[error(transparent)]
    Syntax(Syntax),
    /// A vertex number outside `1..=V`.
    #[error(
        "{file}:{line}:{column}: vertex {vertex} is out of range; the header declares vertices 1..{vertices}"
    )]
    VertexOutOfRange {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The vertex.
        vertex: u64,
        /// `V` from the header.
        vertices: usize,
    },
    /// The header's edge count matches neither the edge lines nor the distinct edges.
    #[error(
        "{file}:{line}:{column}: the header declares {declared} edges but the file lists {lines} edge lines ({distinct} distinct edges); is it truncated?"
    )]
    EdgeCount {
        /// The file.
        file: String,
        /// Line of the header.
        line: usize,
        /// Column of the edge count.
        column: usize,
        /// Declared count.
        declared: usize,
        /// `e` lines.
        lines: usize,
        /// Distinct edges.
        distinct: usize,
    },
    /// No `p` line.
    #[error("{file}: no `p edge V E` header line")]
    MissingHeader {
        /// The file.
        file: String,
    },
    /// A YAML graph problem (syntax, type, unknown vertex…).
    #[error(transparent)]
    Yaml(Syntax),
}

impl ParseError {
    /// `(line, column)` when the error has a place.
    pub fn position(&self) -> Option<(usize, usize)> {
        match self {
            ParseError::Syntax(s) | ParseError::Yaml(s) => Some((s.line, s.column)),
            ParseError::VertexOutOfRange { line, column, .. }
            | ParseError::EdgeCount { line, column, .. } => Some((*line, *column)),
            _ => None,
        }
    }
}
