//! `csptk.flatzinc`: a FlatZinc model (what MiniZinc compiles a model into) solved as
//! `csp fzn` does with one thread, every answer checked by csp-flatzinc's checker.

use crate::{answer, error, interrupt, limit};
use csp_core::Search;
use csp_flatzinc::encode::{Encoded, encode};
use csp_flatzinc::{Arg, FlatZinc, Output, check};
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::time::Instant;

/// The name FlatZinc text given directly is reported under.
const GIVEN: &str = "<flatzinc>";

record! {
    /// A FlatZinc model's answer: the status words of `csp solve --json`, the output
    /// variables (`output_var`, `output_array`) by name.
    FlatZincResult {
        status: String,
        objective: Option<i64>,
        solution: Option<Py<PyDict>>,
        improvements: Vec<(f64, i64)>,
        seconds: f64,
        nodes: u64,
        failures: u64,
        limit: Option<String>,
    }

    /// An output variable's value: `r["x"]`.
    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        let Some(d) = &self.solution else {
            return Err(error::argument("no solution"));
        };
        d.bind(py)
            .get_item(key)?
            .ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(key.to_string()))
    }
}

/// FlatZinc text and the name it goes by: the file at `path`, or `text` itself.
fn read(py: Python<'_>, path: Option<&str>, text: Option<&str>) -> PyResult<(String, String)> {
    match (path, text) {
        (Some(p), None) => {
            let src = csp_model::source::read(std::path::Path::new(p))
                .map_err(|e| error::source(py, &e))?;
            Ok((src.text, src.name))
        }
        (None, Some(t)) => Ok((t.to_string(), GIVEN.to_string())),
        _ => Err(error::argument("give a path or FlatZinc text, not both")),
    }
}

/// One output value: a number, or `True`/`False` for a boolean.
fn value<'py>(py: Python<'py>, o: &Output, a: &Arg, values: &[i64]) -> PyResult<Bound<'py, PyAny>> {
    let v = match a {
        Arg::Var(x) => values[*x],
        Arg::Int(i) => *i,
        Arg::Bool(b) => i64::from(*b),
        _ => 0,
    };
    if o.is_bool {
        (v != 0).into_bound_py_any(py)
    } else {
        v.into_bound_py_any(py)
    }
}

/// `items` (row-major over `dims`) as nested lists, one level per dimension.
fn nested<'py>(
    py: Python<'py>,
    o: &Output,
    items: &[Arg],
    dims: &[(i64, i64)],
    values: &[i64],
) -> PyResult<Bound<'py, PyAny>> {
    if dims.len() <= 1 {
        let vs = items
            .iter()
            .map(|a| value(py, o, a, values))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(PyList::new(py, vs)?.into_any());
    }
    let row: usize = dims[1..]
        .iter()
        .map(|(lo, hi)| usize::try_from(hi - lo + 1).unwrap_or(0))
        .product();
    let rows = items
        .chunks(row.max(1))
        .map(|c| nested(py, o, c, &dims[1..], values))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, rows)?.into_any())
}

/// The output variables of a checked solution, by name.
fn solution(py: Python<'_>, fzn: &FlatZinc, values: &[i64]) -> PyResult<Py<PyDict>> {
    let d = PyDict::new(py);
    for o in &fzn.outputs {
        let v = match (&o.dims, &o.value) {
            (Some(dims), Arg::Array(items)) => nested(py, o, items, dims, values)?,
            (_, a) => value(py, o, a, values)?,
        };
        d.set_item(&o.name, v)?;
    }
    Ok(d.unbind())
}

/// The checker's verdict on a solution, as the values of the FlatZinc variables.
fn checked(fzn: &FlatZinc, enc: &Encoded, s: &csp_core::Solution) -> Result<Vec<i64>, String> {
    let values = enc.values(s);
    check::check(fzn, &values).map_err(|v| v.to_string())?;
    Ok(values)
}

/// `flatzinc_solve(path | text, …)`: the first solution, or the optimum (branch and bound with
/// restarts, following the model's search annotations unless `free`).
#[pyfunction]
#[pyo3(signature = (path = None, text = None, time_limit = None, free = false, seed = 0))]
fn flatzinc_solve(
    py: Python<'_>,
    path: Option<&str>,
    text: Option<&str>,
    time_limit: Option<f64>,
    free: bool,
    seed: u64,
) -> PyResult<FlatZincResult> {
    let start = Instant::now();
    let (text, name) = read(py, path, text)?;
    let fzn = csp_flatzinc::parse(&text, &name).map_err(|e| error::source(py, &e))?;
    let enc = encode(&fzn, &name, &text).map_err(|e| error::source(py, &e))?;
    let time = limit::duration(time_limit)?.map(|t| t.saturating_sub(start.elapsed()));
    let plan = csp_flatzinc::search::plan(&fzn, &enc);
    let config = csp_flatzinc::search::portfolio_member(0, &plan, free, seed, time);
    let objective = enc.objective.map(|o| (o.var, o.minimize));
    let (answer, stats) = interrupt::run(py, |_| {
        let mut search = Search::new(&enc.model, config);
        // Each improvement is checked as it is found.
        let value = |s: &csp_core::Solution| {
            let values = checked(&fzn, &enc, s)?;
            check::objective(&fzn, &values).ok_or_else(|| "no objective value".to_string())
        };
        let answer = answer::run(&mut search, objective, start, value);
        (answer, search.stats())
    })?;
    let answer = answer.map_err(|e| {
        error::internal(format!(
            "an improving solution fails the FlatZinc checker ({e})"
        ))
    })?;
    let (solution, objective) = match &answer.best {
        Some(s) => {
            let values = checked(&fzn, &enc, s).map_err(|e| {
                error::internal(format!(
                    "the solution found fails the FlatZinc checker ({e})"
                ))
            })?;
            (
                Some(self::solution(py, &fzn, &values)?),
                check::objective(&fzn, &values),
            )
        }
        None => (None, None),
    };
    Ok(FlatZincResult {
        status: answer.status.name().into(),
        objective: enc.objective.and(objective),
        solution,
        improvements: answer.improvements,
        seconds: start.elapsed().as_secs_f64(),
        nodes: stats.nodes,
        failures: stats.failures,
        limit: answer.limit.map(|l| l.to_string()),
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<FlatZincResult>()?;
    m.add_function(wrap_pyfunction!(flatzinc_solve, m)?)?;
    Ok(())
}
