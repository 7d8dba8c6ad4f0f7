//! Result objects: frozen classes with read-only fields, a readable `repr`, `to_dict()`, and
//! pickling by their fields (so that Dask and Ray can send them between processes).

/// Declares a result class: its fields (exposed read-only and pickled, in order), optional
/// hidden fields after a `;` (what its pictures are drawn from: not pickled, so an unpickled result has
/// no picture), and extra methods placed in the same `#[pymethods]` block.
macro_rules! record {
    (
        $(#[$doc:meta])*
        $name:ident {
            $($(#[$fdoc:meta])* $field:ident : $ty:ty),* $(,)?
            $(; $($(#[$hdoc:meta])* $hidden:ident : $hty:ty),* $(,)?)?
        }
        $($extra:tt)*
    ) => {
        $(#[$doc])*
        #[pyo3::pyclass(frozen, module = "csptk._native")]
        #[derive(Debug)]
        pub struct $name {
            $($(#[$fdoc])* #[pyo3(get)] pub $field: $ty,)*
            $($($(#[$hdoc])* pub $hidden: $hty,)*)?
        }

        #[pyo3::pymethods]
        impl $name {
            #[new]
            #[allow(clippy::too_many_arguments, reason = "a record's constructor takes every field")]
            fn new($($field: $ty),*) -> Self {
                $name { $($field,)* $($($hidden: Default::default(),)*)? }
            }

            /// The fields as a dict (the keys of the command line's JSON).
            fn to_dict<'py>(&self, py: pyo3::Python<'py>) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyDict>> {
                use pyo3::types::PyDictMethods;
                let d = pyo3::types::PyDict::new(py);
                $(d.set_item(stringify!($field), &self.$field)?;)*
                Ok(d)
            }

            fn __reduce__<'py>(
                slf: &pyo3::Bound<'py, Self>,
            ) -> pyo3::PyResult<(pyo3::Bound<'py, pyo3::types::PyType>, pyo3::Bound<'py, pyo3::types::PyTuple>)> {
                let py = slf.py();
                let this = slf.get();
                let fields: Vec<pyo3::Bound<'py, pyo3::PyAny>> = vec![
                    $(pyo3::IntoPyObjectExt::into_bound_py_any(&this.$field, py)?),*
                ];
                Ok((slf.get_type(), pyo3::types::PyTuple::new(py, fields)?))
            }

            fn __repr__(slf: &pyo3::Bound<'_, Self>) -> pyo3::PyResult<String> {
                let py = slf.py();
                let this = slf.get();
                let mut parts: Vec<String> = Vec::new();
                $(
                    let v = pyo3::IntoPyObjectExt::into_bound_py_any(&this.$field, py)?;
                    parts.push(format!("{}={}", stringify!($field), $crate::record::short_repr(&v)?));
                )*
                Ok(format!("{}({})", stringify!($name), parts.join(", ")))
            }

            fn __eq__(slf: &pyo3::Bound<'_, Self>, other: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<bool> {
                use pyo3::types::PyAnyMethods;
                let Ok(other) = other.cast::<Self>() else { return Ok(false) };
                let a = slf.call_method0("to_dict")?;
                let b = other.call_method0("to_dict")?;
                a.eq(b)
            }

            $($extra)*
        }
    };
}

use pyo3::prelude::*;

/// Longest repr of one field before it is cut (a timetable's placements run to thousands).
const MAX_FIELD_REPR: usize = 200;

/// A field's repr, cut short with its length when long.
pub(crate) fn short_repr(v: &Bound<'_, PyAny>) -> PyResult<String> {
    let r: String = v.repr()?.extract()?;
    if r.chars().count() <= MAX_FIELD_REPR {
        return Ok(r);
    }
    let len = if v.is_instance_of::<pyo3::types::PyString>() {
        format!(" ({} characters)", v.len()?)
    } else {
        v.len().map(|n| format!(" ({n} items)")).unwrap_or_default()
    };
    let head: String = r.chars().take(MAX_FIELD_REPR).collect();
    Ok(format!("{head}…{len}"))
}
