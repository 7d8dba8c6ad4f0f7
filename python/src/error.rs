//! The library's errors as Python exceptions: bad input is `csptk.InputError` (a
//! `ValueError`) carrying `file`, `line` and `column` where the command line gives them.

use pyo3::prelude::*;

/// `csptk.errors.InputError(message, file, line, column)`.
pub(crate) fn input_error(
    py: Python<'_>,
    message: impl Into<String>,
    file: Option<&str>,
    line: Option<usize>,
    column: Option<usize>,
) -> PyErr {
    let message = message.into();
    let make = || -> PyResult<PyErr> {
        let class = py.import("csptk.errors")?.getattr("InputError")?;
        let e = class.call1((
            message.clone(),
            file,
            line.filter(|&l| l > 0),
            column.filter(|&c| c > 0),
        ))?;
        Ok(PyErr::from_value(e))
    };
    make().unwrap_or_else(|_| pyo3::exceptions::PyValueError::new_err(message))
}

/// A reader's error with its place.
pub(crate) fn source(py: Python<'_>, e: &csp_model::SourceError) -> PyErr {
    match e {
        csp_model::SourceError::Io { file, .. } => {
            input_error(py, e.to_string(), Some(file), None, None)
        }
        csp_model::SourceError::At {
            file, line, column, ..
        } => input_error(
            py,
            e.to_string(),
            Some(file),
            Some(*line as usize),
            Some(*column as usize),
        ),
    }
}

/// A reader's syntax error, with its place.
fn syntax(py: Python<'_>, s: &csp_model::source::Syntax) -> PyErr {
    input_error(
        py,
        s.to_string(),
        Some(&s.file),
        Some(s.line),
        Some(s.column),
    )
}

/// A sudoku reader's error.
pub(crate) fn sudoku(py: Python<'_>, e: &csp_sudoku::ParseError) -> PyErr {
    use csp_sudoku::ParseError as E;
    match e {
        E::Io(s) => source(py, s),
        E::Syntax(s) => syntax(py, s),
        E::Empty { file } => input_error(py, e.to_string(), Some(file), None, None),
    }
}

/// A graph reader's error.
pub(crate) fn colouring(py: Python<'_>, e: &csp_colouring::ParseError) -> PyErr {
    use csp_colouring::ParseError as E;
    match e {
        E::Io(s) => source(py, s),
        E::Syntax(s) | E::Yaml(s) => syntax(py, s),
        E::VertexOutOfRange {
            file, line, column, ..
        }
        | E::EdgeCount {
            file, line, column, ..
        } => input_error(py, e.to_string(), Some(file), Some(*line), Some(*column)),
        E::MissingHeader { file, .. } => input_error(py, e.to_string(), Some(file), None, None),
    }
}

/// An error of the caller's own making (a bad argument).
pub(crate) fn argument(message: impl Into<String>) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(message.into())
}

/// An answer the independent verifier refused: a bug, never returned as an answer.
pub(crate) fn internal(message: impl Into<String>) -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(format!("internal error: {}", message.into()))
}
