//! `csptk._native`: the toolkit's library crates seen from Python.
//!
//! A thin layer: each function reads its arguments, calls the library (the same calls the
//! `csp` command makes), checks the answer with the library's independent verifier, and
//! returns a result object whose fields and status strings are those of `csp … --json`. The
//! Python package `csptk` (python/csptk) wraps these functions with the conversions and the
//! batch backends (Dask, Ray) that belong in Python.
//!
//! Every solve releases the GIL and can be stopped by Ctrl-C (the `interrupt` module).

use pyo3::prelude::*;

#[macro_use]
mod record;
mod answer;
mod colouring;
mod convert;
mod error;
mod flatzinc;
mod interrupt;
mod limit;
mod model;
mod study;
mod sudoku;
mod timetabling;

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    sudoku::register(m)?;
    colouring::register(m)?;
    timetabling::register(m)?;
    study::register(m)?;
    model::register(m)?;
    flatzinc::register(m)?;
    Ok(())
}
