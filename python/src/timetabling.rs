//! `csptk.timetabling`: load an instance (YAML, Toronto, ITC 2007), solve it, explain it, as
//! `csp timetable` does.

use crate::{convert, error, interrupt, limit};
use csp_model::Status;
use csp_timetabling::formats::{self, Format, Loaded};
use csp_timetabling::{CostReport, Instance, Timetable, cost, explain, render, solve, verify};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// The name YAML text given directly is reported under.
const GIVEN: &str = "<timetable>";

/// What pickling an instance gives: the loader and its arguments.
type Reduce<'py> = (Bound<'py, PyAny>, (String, Option<usize>));

/// A timetabling instance, read once and solved as often as wanted.
#[pyclass(frozen, module = "csptk._native")]
#[derive(Debug)]
pub struct TimetableInstance {
    loaded: Arc<Loaded>,
    /// The instance the solvers see (shared with the threads that solve it).
    inst: Arc<Instance>,
    /// What it was read from (a path, or YAML text), for pickling.
    source: String,
    slots: Option<usize>,
}

#[pymethods]
impl TimetableInstance {
    /// The instance's name.
    #[getter]
    fn name(&self) -> String {
        self.loaded.instance().name.clone()
    }

    /// The format: `yaml`, `toronto`, `itc2007-ctt` or `itc2007-exam`.
    #[getter]
    fn format(&self) -> &'static str {
        self.loaded.format().name()
    }

    /// Events (lessons, courses, exams).
    #[getter]
    fn events(&self) -> usize {
        self.loaded.instance().events.len()
    }

    /// Occurrences to place (an event taught three times a week is three).
    #[getter]
    fn occurrences(&self) -> usize {
        self.loaded.instance().occurrences.len()
    }

    /// Rooms.
    #[getter]
    fn rooms(&self) -> usize {
        self.loaded.instance().rooms.len()
    }

    /// Slots: days × periods.
    #[getter]
    fn slots(&self) -> usize {
        let i = self.loaded.instance();
        i.days.len() * i.periods.len()
    }

    fn __repr__(&self) -> String {
        format!("TimetableInstance({})", self.loaded.instance().summary())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduce<'py>> {
        let load = py.import("csptk._native")?.getattr("timetabling_load")?;
        Ok((load, (self.source.clone(), self.slots)))
    }
}

record! {
    /// A solve's answer: the keys of `csp timetable solve --json`.
    TimetableResult {
        instance: String,
        status: String,
        cost: Option<u64>,
        seconds: f64,
        first_seconds: Option<f64>,
        nodes: u64,
        moves_tried: u64,
        phases: Vec<String>,
        cost_by_time: Vec<(f64, u64)>,
        breakdown: Option<Py<PyDict>>,
        placements: Py<PyAny>,
        reason: Option<String>,
        ;
            /// The instance and timetable, for the picture.
            picture: Option<Arc<(Arc<Loaded>, Timetable, CostReport)>>,
    }

    /// The timetable as an HTML page: a grid per group, teacher and room (Jupyter shows it).
    fn _repr_html_(&self) -> Option<String> {
        let p = self.picture.as_ref()?;
        let inst = p.0.instance();
        Some(render::html(inst, &p.1, &self.status, &p.2, &verify(inst, &p.1)))
    }

    /// The timetable as CSV (one line per occurrence), as `csp timetable solve --csv`.
    fn to_csv(&self) -> Option<String> {
        let p = self.picture.as_ref()?;
        Some(render::csv(p.0.instance(), &p.1))
    }
}

record! {
    /// Why no timetable exists, or what a timetable found costs: the keys of
    /// `csp timetable explain --json`.
    TimetableExplanation {
        status: String,
        minimal: Option<bool>,
        conflict: Vec<String>,
        events: Vec<String>,
        solves: usize,
        violations: Vec<String>,
        breakdown: Option<Py<PyDict>>,
    }
}

/// `timetabling.load(path_or_yaml_text, slots=None)`.
#[pyfunction]
#[pyo3(signature = (source, slots = None))]
pub(crate) fn timetabling_load(
    py: Python<'_>,
    source: String,
    slots: Option<usize>,
) -> PyResult<TimetableInstance> {
    let looks_like_path = !source.contains('\n') && Path::new(&source).exists();
    let loaded = if looks_like_path {
        let path = Path::new(&source);
        py.detach(|| formats::read(path, slots))
            .map_err(|e| error::source(py, &e))?
    } else {
        if !source.contains('\n')
            && matches!(
                Format::of(Path::new(&source)),
                Format::Toronto | Format::Ctt | Format::Exam
            )
            || source.ends_with(".yaml")
        {
            return Err(error::input_error(
                py,
                format!("{source}: no such file"),
                Some(&source),
                None,
                None,
            ));
        }
        Loaded::Yaml(
            py.detach(|| csp_timetabling::yaml::parse(&source, GIVEN))
                .map_err(|e| error::source(py, &e))?,
        )
    };
    csp_timetabling::encode::check_size(loaded.instance()).map_err(|e| {
        error::input_error(
            py,
            format!("{}: {e}", if looks_like_path { &source } else { GIVEN }),
            None,
            None,
            None,
        )
    })?;
    let inst = Arc::new(loaded.instance().clone());
    Ok(TimetableInstance {
        loaded: Arc::new(loaded),
        inst,
        source,
        slots,
    })
}

fn placements(py: Python<'_>, inst: &Instance, tt: &Timetable) -> PyResult<Py<PyAny>> {
    let rows = tt
        .placements
        .iter()
        .enumerate()
        .map(|(o, p)| {
            let oc = inst.occurrences[o];
            let d = PyDict::new(py);
            d.set_item("event", &inst.events[oc.event].id)?;
            d.set_item("n", oc.rank + 1)?;
            d.set_item("slot", inst.slot_name(p.start))?;
            d.set_item("room", p.room.map(|r| inst.rooms[r].id.clone()))?;
            Ok(d)
        })
        .collect::<PyResult<Vec<_>>>()?;
    convert::records(py, rows)
}

fn breakdown(py: Python<'_>, c: &CostReport) -> PyResult<Py<PyDict>> {
    let d = PyDict::new(py);
    d.set_item("total", c.total)?;
    let items = PyList::empty(py);
    for it in &c.items {
        let i = PyDict::new(py);
        i.set_item("requirement", &it.path)?;
        i.set_item("type", it.kind)?;
        i.set_item("weight", it.weight)?;
        i.set_item("violations", it.violations)?;
        i.set_item("cost", it.cost)?;
        i.set_item("details", &it.details)?;
        items.append(i)?;
    }
    d.set_item("items", items)?;
    Ok(d.unbind())
}

/// `timetabling.solve(instance, time_limit=None, seed=1, first=False)`.
#[pyfunction]
#[pyo3(signature = (instance, time_limit = None, seed = 1, first = false))]
fn timetabling_solve(
    py: Python<'_>,
    instance: &TimetableInstance,
    time_limit: Option<f64>,
    seed: u64,
    first: bool,
) -> PyResult<TimetableResult> {
    let start = Instant::now();
    let cfg = solve::Config {
        deadline: limit::deadline(start, time_limit)?,
        seed,
        first_only: first,
        ..solve::Config::default()
    };
    let loaded = instance.loaded.clone();
    let inst = &instance.inst;
    let r = interrupt::run(py, |_| solve::solve(inst, &cfg, &mut |_| {}))?
        .map_err(|e| error::input_error(py, format!("{}: {e}", inst.name), None, None, None))?;
    let seconds = start.elapsed().as_secs_f64();
    let Some(tt) = r.timetable.clone() else {
        let (status, reason) = match r.status {
            solve::Status::Unsatisfiable => (
                Status::Unsatisfiable,
                "no timetable exists; timetabling.explain says why".to_string(),
            ),
            _ => (
                Status::Unknown,
                format!(
                    "no timetable found before the {}",
                    r.limit.map_or("limit".to_string(), |l| l.to_string())
                ),
            ),
        };
        return Ok(TimetableResult {
            instance: inst.name.clone(),
            status: status.name().into(),
            cost: None,
            seconds,
            first_seconds: None,
            nodes: r.nodes,
            moves_tried: r.moves.0,
            phases: phase_names(&r),
            cost_by_time: Vec::new(),
            breakdown: None,
            placements: convert::records(py, Vec::new())?,
            reason: Some(reason),
            picture: None,
        });
    };
    // Every answer checked by the independent verifier before it is returned.
    let violations = verify(inst, &tt);
    if let Some(v) = violations.first() {
        return Err(error::internal(format!(
            "the timetable found breaks {} rule(s), first: {v}",
            violations.len()
        )));
    }
    let c = cost(inst, &tt);
    if Some(c.total) != r.cost {
        return Err(error::internal(format!(
            "the solver's cost {:?} differs from the checker's {}",
            r.cost, c.total
        )));
    }
    let status = r.status;
    Ok(TimetableResult {
        instance: inst.name.clone(),
        status: status.name().into(),
        cost: Some(c.total),
        seconds,
        first_seconds: r.first.map(|d| d.as_secs_f64()),
        nodes: r.nodes,
        moves_tried: r.moves.0,
        phases: phase_names(&r),
        cost_by_time: r.trace.iter().map(|(t, c)| (t.as_secs_f64(), *c)).collect(),
        breakdown: Some(breakdown(py, &c)?),
        placements: placements(py, inst, &tt)?,
        reason: None,
        picture: Some(Arc::new((loaded.clone(), tt, c))),
    })
}

/// The names of the phases a solve ran, in order: the CLI's `phases`.
fn phase_names(r: &solve::Report) -> Vec<String> {
    r.phases.iter().map(|p| p.name().to_string()).collect()
}

/// `timetabling.explain(instance, time_limit=None)`: the conflicting requirements when no
/// timetable exists, else the soft requirements the best timetable found breaks.
#[pyfunction]
#[pyo3(signature = (instance, time_limit = None))]
fn timetabling_explain(
    py: Python<'_>,
    instance: &TimetableInstance,
    time_limit: Option<f64>,
) -> PyResult<TimetableExplanation> {
    let start = Instant::now();
    let deadline = limit::deadline(start, time_limit)?;
    let inst = &instance.inst;
    let unknown = || TimetableExplanation {
        status: Status::Unknown.name().into(),
        minimal: None,
        conflict: Vec::new(),
        events: Vec::new(),
        solves: 0,
        violations: Vec::new(),
        breakdown: None,
    };
    match interrupt::run(py, |_| explain::explain(inst, deadline))? {
        Err(csp_timetabling::encode::EncodeError::TooLarge(e)) => Err(error::input_error(
            py,
            format!("{}: {e}", inst.name),
            None,
            None,
            None,
        )),
        Err(csp_timetabling::encode::EncodeError::Stopped) => Ok(unknown()),
        Ok(Some(e)) => Ok(TimetableExplanation {
            status: Status::Unsatisfiable.name().into(),
            minimal: Some(e.minimal),
            conflict: e.words,
            events: e.events,
            solves: e.solves,
            violations: Vec::new(),
            breakdown: None,
        }),
        Ok(None) => {
            let cfg = solve::Config {
                deadline,
                ..solve::Config::default()
            };
            let r =
                interrupt::run(py, |_| solve::solve(inst, &cfg, &mut |_| {}))?.map_err(|e| {
                    error::input_error(py, format!("{}: {e}", inst.name), None, None, None)
                })?;
            let Some(tt) = r.timetable else {
                return Ok(unknown());
            };
            let v = verify(inst, &tt);
            if let Some(x) = v.first() {
                return Err(error::internal(format!(
                    "the timetable found breaks a rule: {x}"
                )));
            }
            Ok(TimetableExplanation {
                status: Status::Satisfiable.name().into(),
                minimal: None,
                conflict: Vec::new(),
                events: Vec::new(),
                solves: 0,
                violations: Vec::new(),
                breakdown: Some(breakdown(py, &cost(inst, &tt))?),
            })
        }
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TimetableInstance>()?;
    m.add_class::<TimetableResult>()?;
    m.add_class::<TimetableExplanation>()?;
    m.add_function(wrap_pyfunction!(timetabling_load, m)?)?;
    m.add_function(wrap_pyfunction!(timetabling_solve, m)?)?;
    m.add_function(wrap_pyfunction!(timetabling_explain, m)?)?;
    Ok(())
}
