//! `csptk.study`: a study's grid of runs, all of it on this machine or a part of it on a
//! worker of a distributed engine (the Python side splits the runs and gathers the rows).

use crate::{convert, error, interrupt};
use csp_study::run::{self, RunError};
use csp_study::spec::Spec;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::{Path, PathBuf};

/// Where a study's relative data paths are looked up: `$CSP_DATA`, else `../shared/data`
/// when it exists, else `data` (as the command line does).
fn data_dir() -> PathBuf {
    let shared =
        std::env::var_os("CSP_DATA").map_or_else(|| PathBuf::from("../shared/data"), PathBuf::from);
    if shared.is_dir() {
        shared
    } else {
        PathBuf::from("data")
    }
}

/// The spec from a file, or from YAML (or JSON) text with paths relative to `dir`.
fn spec(py: Python<'_>, source: &str, is_path: bool, dir: &str) -> PyResult<Spec> {
    let data = data_dir();
    let r = if is_path {
        Spec::load(Path::new(source), &data)
    } else {
        Spec::parse(source, "<study>", Path::new(dir), &data)
    };
    r.map_err(|e| error::source(py, &e))
}

fn run_error(py: Python<'_>, e: RunError) -> PyErr {
    match e {
        RunError::Load(l) => error::input_error(py, l.to_string(), None, None, None),
        RunError::Wrong(w) => error::internal(w),
        e => error::input_error(py, e.to_string(), None, None, None),
    }
}

/// The number of runs of a study.
#[pyfunction]
#[pyo3(signature = (source, is_path, dir = "."))]
fn study_count(py: Python<'_>, source: &str, is_path: bool, dir: &str) -> PyResult<usize> {
    let s = spec(py, source, is_path, dir)?;
    py.detach(|| run::count_runs(&s))
        .map_err(|e| run_error(py, e))
}

/// The rows of runs `start..end` (all when `end` is None) on `jobs` threads (0: every core).
#[pyfunction]
#[pyo3(signature = (source, is_path, dir = ".", start = 0, end = None, jobs = 0))]
fn study_run(
    py: Python<'_>,
    source: &str,
    is_path: bool,
    dir: &str,
    start: usize,
    end: Option<usize>,
    jobs: usize,
) -> PyResult<Py<PyAny>> {
    let s = spec(py, source, is_path, dir)?;
    let rows = interrupt::run(py, |_| {
        run::run_range(&s, start..end.unwrap_or(usize::MAX), jobs, &|_, _| {})
    })?
    .map_err(|e| run_error(py, e))?;
    let dicts = rows
        .iter()
        .map(|r| {
            let v = serde_json::to_value(r).map_err(|e| error::internal(e.to_string()))?;
            convert::json(py, &v)?
                .into_bound(py)
                .cast_into::<PyDict>()
                .map_err(|_| error::internal("a row is not an object"))
        })
        .collect::<PyResult<Vec<_>>>()?;
    convert::records(py, dicts)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(study_count, m)?)?;
    m.add_function(wrap_pyfunction!(study_run, m)?)?;
    Ok(())
}
