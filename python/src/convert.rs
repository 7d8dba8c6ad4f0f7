//! Python containers the results share: placements and study rows as `csptk.Records` (a
//! list of dicts with `to_pandas()`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// `csptk.records.Records(rows)`.
pub(crate) fn records(py: Python<'_>, rows: Vec<Bound<'_, PyDict>>) -> PyResult<Py<PyAny>> {
    let list = PyList::new(py, rows)?;
    let class = py.import("csptk.records")?.getattr("Records")?;
    Ok(class.call1((list,))?.unbind())
}

/// A JSON value as the Python object `json.loads` would give.
pub(crate) fn json(py: Python<'_>, v: &serde_json::Value) -> PyResult<Py<PyAny>> {
    use pyo3::IntoPyObjectExt;
    use serde_json::Value;
    Ok(match v {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_py_any(py)?,
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_py_any(py)?,
            (None, Some(i)) => i.into_py_any(py)?,
            _ => n.as_f64().unwrap_or(f64::NAN).into_py_any(py)?,
        },
        Value::String(s) => s.into_py_any(py)?,
        Value::Array(a) => PyList::new(
            py,
            a.iter()
                .map(|x| json(py, x))
                .collect::<PyResult<Vec<_>>>()?,
        )?
        .into_any()
        .unbind(),
        Value::Object(m) => {
            let d = PyDict::new(py);
            for (k, x) in m {
                d.set_item(k, json(py, x)?)?;
            }
            d.into_any().unbind()
        }
    })
}
