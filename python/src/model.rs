//! `csptk.model`: a `kind: csp` model (the text `csptk.model.Model` writes, or a file) solved,
//! optimised or counted as `csp solve` does, every answer checked by the file's evaluator.

use crate::{answer, convert, error, interrupt, limit};
use csp_core::{PropagationLevel, Search, SearchConfig, ValueOrder, VarOrder};
use csp_model::output::solution_json;
use csp_model::{CspFile, Status};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::Instant;

record! {
    /// A model's answer: the keys of `csp solve --json`.
    ModelResult {
        instance: String,
        status: String,
        objective: Option<i64>,
        solution: Option<Py<PyAny>>,
        improvements: Vec<(f64, i64)>,
        seconds: f64,
        nodes: u64,
        failures: u64,
        limit: Option<String>,
    }

    /// A value of the solution: `r["q"]`, `r[q]` (a variable or an array), `r[x + y]`.
    fn __getitem__<'py>(slf: &Bound<'py, Self>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        slf.py().import("csptk.model")?.getattr("value")?.call1((slf, key))
    }
}

record! {
    /// A count of a model's solutions: the keys of `csp solve --count N --json`.
    ModelCount {
        instance: String,
        status: String,
        count: u64,
        exact: bool,
        seconds: f64,
        nodes: u64,
        limit: Option<String>,
    }
}

/// The search options a caller may set, each over the file's own (`solve:`).
struct Options<'a> {
    time_limit: Option<f64>,
    seed: Option<u64>,
    propagation: Option<&'a str>,
    var_order: Option<&'a str>,
    value_order: Option<&'a str>,
}

/// `what` parsed, or a `ValueError` naming the argument.
fn parsed<T: std::str::FromStr>(what: &str, v: Option<&str>) -> PyResult<Option<T>>
where
    T::Err: std::fmt::Display,
{
    v.map(|s| {
        s.parse::<T>()
            .map_err(|e| error::argument(format!("{what}: {e}")))
    })
    .transpose()
}

impl Options<'_> {
    /// The configuration: the file's options under the caller's, the deadline from `start`.
    fn config(&self, file: &CspFile, base: SearchConfig, start: Instant) -> PyResult<SearchConfig> {
        let mut c = base;
        if let Some(l) =
            parsed::<PropagationLevel>("propagation", self.propagation)?.or(file.solve.propagation)
        {
            c = c.with_level(l);
        }
        if let Some(v) = parsed::<VarOrder>("var_order", self.var_order)?.or(file.solve.var_order) {
            c.var_order = v;
        }
        if let Some(v) =
            parsed::<ValueOrder>("value_order", self.value_order)?.or(file.solve.value_order)
        {
            c.value_order = v;
        }
        if let Some(seed) = self.seed.or(file.solve.seed) {
            c.seed = seed;
        }
        let time = limit::duration(self.time_limit)?.or(file.solve.time_limit);
        c.limits.deadline = time.map(|t| start + t);
        Ok(c)
    }
}

fn parse(py: Python<'_>, text: &str, name: &str) -> PyResult<CspFile> {
    CspFile::parse(text, name).map_err(|e| error::source(py, &e))
}

/// The checked solution as the dict of `csp solve --json` (arrays as nested lists).
fn checked(
    py: Python<'_>,
    file: &CspFile,
    s: &csp_core::Solution,
) -> PyResult<(Py<PyAny>, Option<i64>)> {
    file.verify(s.values())
        .map_err(|v| error::internal(format!("the solution found violates {v}")))?;
    let objective = file
        .objective
        .as_ref()
        .map(|_| file.objective_value(s.values()))
        .transpose()
        .map_err(error::internal)?;
    Ok((convert::json(py, &solution_json(file, s))?, objective))
}

/// `model_solve(text, name, …)`: the first solution, or the optimum when the model has an
/// objective (branch and bound with restarts, improvements recorded as found).
#[pyfunction]
#[pyo3(signature = (text, name = "<model>", time_limit = None, seed = None, propagation = None, var_order = None, value_order = None))]
#[allow(
    clippy::too_many_arguments,
    reason = "the Python function's keyword arguments"
)]
fn model_solve(
    py: Python<'_>,
    text: &str,
    name: &str,
    time_limit: Option<f64>,
    seed: Option<u64>,
    propagation: Option<&str>,
    var_order: Option<&str>,
    value_order: Option<&str>,
) -> PyResult<ModelResult> {
    let start = Instant::now();
    let file = parse(py, text, name)?;
    let options = Options {
        time_limit,
        seed,
        propagation,
        var_order,
        value_order,
    };
    // Optimisation restarts, as `csp solve` does.
    let base = SearchConfig {
        restarts: file.objective.as_ref().map(|_| csp_core::Restarts {
            scale: csp_flatzinc::search::RESTART_SCALE,
        }),
        ..SearchConfig::default()
    };
    let config = options.config(&file, base, start)?;
    let objective = file.objective.as_ref().map(|o| (o.var, o.minimize));
    let (answer, stats) = interrupt::run(py, |_| {
        let mut search = Search::new(&file.model, config);
        // Each improvement is checked as it is found.
        let value = |s: &csp_core::Solution| {
            file.verify(s.values())
                .and_then(|()| file.objective_value(s.values()))
        };
        let answer = answer::run(&mut search, objective, start, value);
        (answer, search.stats())
    })?;
    let answer =
        answer.map_err(|e| error::internal(format!("an improving solution violates {e}")))?;
    let (solution, objective) = match &answer.best {
        Some(s) => {
            let (d, o) = checked(py, &file, s)?;
            (Some(d), o)
        }
        None => (None, None),
    };
    Ok(ModelResult {
        instance: file.name.clone(),
        status: answer.status.name().into(),
        objective,
        solution,
        improvements: answer.improvements,
        seconds: start.elapsed().as_secs_f64(),
        nodes: stats.nodes,
        failures: stats.failures,
        limit: answer.limit.map(|l| l.to_string()),
    })
}

/// `model_count(text, name, cap, …)`: the solutions counted up to `cap`, each checked.
#[pyfunction]
#[pyo3(signature = (text, name = "<model>", cap = u64::MAX, time_limit = None, propagation = None))]
fn model_count(
    py: Python<'_>,
    text: &str,
    name: &str,
    cap: u64,
    time_limit: Option<f64>,
    propagation: Option<&str>,
) -> PyResult<ModelCount> {
    let start = Instant::now();
    let file = parse(py, text, name)?;
    let options = Options {
        time_limit,
        seed: None,
        propagation,
        var_order: None,
        value_order: None,
    };
    let config = options.config(&file, SearchConfig::default(), start)?;
    let (count, failure, limit, stats) = interrupt::run(py, |_| {
        let mut search = Search::new(&file.model, config);
        let mut count = 0u64;
        let mut failure = None;
        for s in search.solutions() {
            if let Err(v) = file.verify(s.values()) {
                failure = Some(v);
                break;
            }
            count += 1;
            if count >= cap {
                break;
            }
        }
        (count, failure, search.limit_reached(), search.stats())
    })?;
    if let Some(v) = failure {
        return Err(error::internal(format!("a solution found violates {v}")));
    }
    let status = Status::of_count(&csp_core::Count {
        count,
        exhausted: limit.is_none() && count < cap,
        limit,
    });
    Ok(ModelCount {
        instance: file.name.clone(),
        status: status.name().into(),
        count,
        exact: limit.is_none() && count < cap,
        seconds: start.elapsed().as_secs_f64(),
        nodes: stats.nodes,
        limit: limit.map(|l| l.to_string()),
    })
}

/// `model_check(text, name)`: reads the model, raising `InputError` where it is wrong; returns
/// its statistics (variables, constraints, with the auxiliary ones).
#[pyfunction]
#[pyo3(signature = (text, name = "<model>"))]
fn model_check<'py>(py: Python<'py>, text: &str, name: &str) -> PyResult<Bound<'py, PyDict>> {
    let file = parse(py, text, name)?;
    let d = PyDict::new(py);
    d.set_item("instance", &file.name)?;
    d.set_item("variables", file.model.num_vars())?;
    d.set_item("constraints", file.model.num_constraints())?;
    d.set_item("objective", file.objective.as_ref().map(|o| o.text.clone()))?;
    Ok(d)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ModelResult>()?;
    m.add_class::<ModelCount>()?;
    m.add_function(wrap_pyfunction!(model_solve, m)?)?;
    m.add_function(wrap_pyfunction!(model_count, m)?)?;
    m.add_function(wrap_pyfunction!(model_check, m)?)?;
    Ok(())
}
