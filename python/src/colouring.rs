//! `csptk.colouring`: the chromatic number with a proof, and k-colouring, as `csp colour`.

use crate::{error, interrupt, limit};
use csp_colouring::chromatic::{self, KAnswer};
use csp_colouring::{Colouring, Graph, Instance, render, verify};
use csp_model::Status;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::Arc;
use std::time::Instant;

/// The largest graph a result draws for Jupyter: past it a picture is a hairball and slow.
const MAX_PICTURE_VERTICES: usize = 500;

record! {
    /// What a colouring job found: the keys of `csp colour --json`.
    ColouringResult {
        instance: String,
        status: String,
        vertices: usize,
        edges: usize,
        k: Option<u32>,
        lb: Option<u32>,
        ub: Option<u32>,
        proved: Option<bool>,
        clique: Option<Py<PyList>>,
        lb_source: Option<String>,
        ub_source: Option<String>,
        nodes: u64,
        failures: u64,
        seconds: f64,
        colouring: Option<Py<PyDict>>,
        reason: Option<String>,
        ;
            /// The graph and colouring, for the picture.
            picture: Option<Arc<(Graph, Option<Colouring>)>>,
    }

    /// The number of colours the colouring uses.
    #[getter]
    fn colours(&self) -> Option<u32> {
        self.picture.as_ref().and_then(|p| p.1.as_ref()).map(|c| c.colours.iter().max().map_or(0, |m| m + 1))
    }

    /// The coloured graph as SVG (Jupyter shows it; up to 500 vertices).
    fn _repr_svg_(&self) -> Option<String> {
        let p = self.picture.as_ref()?;
        (p.0.len() <= MAX_PICTURE_VERTICES).then(|| render::svg(&p.0, p.1.as_ref(), &self.instance))
    }
}

/// A graph from a file, or from vertices `0..n` and edges (0-based).
fn instance(
    py: Python<'_>,
    path: Option<&str>,
    n: usize,
    edges: Vec<(usize, usize)>,
    name: &str,
) -> PyResult<Instance> {
    if let Some(path) = path {
        return csp_colouring::read(std::path::Path::new(path))
            .map_err(|e| error::colouring(py, &e));
    }
    if n > csp_colouring::graph::MAX_VERTICES {
        return Err(error::argument(format!(
            "{n} vertices; a graph may have at most {}",
            csp_colouring::graph::MAX_VERTICES
        )));
    }
    if let Some(&(u, v)) = edges.iter().find(|&&(u, v)| u >= n || v >= n) {
        return Err(error::argument(format!(
            "edge ({u}, {v}) names a vertex outside 0..{n}"
        )));
    }
    Ok(Instance::new(name, Graph::from_edges(n, edges)))
}

/// Edges from little-endian 64-bit pairs (a NumPy array's bytes).
fn edges_of(pairs: Option<&[u8]>, edges: Vec<(usize, usize)>) -> PyResult<Vec<(usize, usize)>> {
    let Some(bytes) = pairs else { return Ok(edges) };
    if bytes.len() % 16 != 0 {
        return Err(error::argument(
            "an edge array holds pairs of 64-bit integers",
        ));
    }
    bytes
        .chunks_exact(16)
        .map(|c| {
            let a = i64::from_le_bytes(c[..8].try_into().unwrap_or_default());
            let b = i64::from_le_bytes(c[8..].try_into().unwrap_or_default());
            match (usize::try_from(a), usize::try_from(b)) {
                (Ok(a), Ok(b)) => Ok((a, b)),
                _ => Err(error::argument(format!(
                    "edge ({a}, {b}) has a negative vertex"
                ))),
            }
        })
        .collect()
}

/// The caller's nodes: any sequence indexed by vertex (a list, or `range(n)` for an edge
/// array, which costs nothing however large `n`), or `None` for a file's vertex names.
type Nodes<'a, 'py> = Option<&'a Bound<'py, PyAny>>;

/// Vertex `v` as the caller knows it.
fn node<'py>(
    py: Python<'py>,
    g: &Graph,
    nodes: Nodes<'_, 'py>,
    v: usize,
) -> PyResult<Bound<'py, PyAny>> {
    match nodes {
        Some(ns) => ns.get_item(v),
        None => pyo3::IntoPyObjectExt::into_bound_py_any(g.name(v), py),
    }
}

/// The colouring as a dict from each vertex (the caller's node, or the file's vertex name) to
/// its colour, numbered from 1 as on the command line.
fn colouring_dict(
    py: Python<'_>,
    g: &Graph,
    nodes: Nodes<'_, '_>,
    c: &Colouring,
) -> PyResult<Py<PyDict>> {
    let d = PyDict::new(py);
    for v in 0..g.len() {
        d.set_item(node(py, g, nodes, v)?, c.colours[v] + 1)?;
    }
    Ok(d.unbind())
}

fn vertex_list(
    py: Python<'_>,
    g: &Graph,
    nodes: Nodes<'_, '_>,
    vs: &[usize],
) -> PyResult<Py<PyList>> {
    let items = vs
        .iter()
        .map(|&v| node(py, g, nodes, v))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, items)?.unbind())
}

/// The instance back when a colouring may exist, else the answer: adjacent vertices (or one
/// vertex twice) precoloured alike leave none, whatever the number of colours.
fn no_colouring(
    py: Python<'_>,
    inst: Instance,
    nodes: Nodes<'_, '_>,
    k: Option<u32>,
    start: Instant,
) -> PyResult<Result<Instance, ColouringResult>> {
    let Some(why) = inst.precolouring_conflict_words() else {
        return Ok(Ok(inst));
    };
    let mut r = result(py, inst, nodes, Status::Unsatisfiable, k, None, start)?;
    r.reason = Some(why);
    Ok(Err(r))
}

#[allow(
    clippy::too_many_arguments,
    reason = "the Python function's keyword arguments"
)]
fn result(
    py: Python<'_>,
    inst: Instance,
    nodes: Nodes<'_, '_>,
    status: Status,
    k: Option<u32>,
    colouring: Option<Colouring>,
    start: Instant,
) -> PyResult<ColouringResult> {
    // The independent check before anything is returned.
    if let Some(c) = &colouring {
        verify(&inst, k, c)
            .map_err(|v| error::internal(format!("the colouring does not verify: {v}")))?;
    }
    let dict = colouring
        .as_ref()
        .map(|c| colouring_dict(py, &inst.graph, nodes, c))
        .transpose()?;
    Ok(ColouringResult {
        instance: inst.name.clone(),
        status: status.name().into(),
        vertices: inst.graph.len(),
        edges: inst.graph.edge_count(),
        k,
        lb: None,
        ub: None,
        proved: None,
        clique: None,
        lb_source: None,
        ub_source: None,
        nodes: 0,
        failures: 0,
        seconds: start.elapsed().as_secs_f64(),
        colouring: dict,
        reason: None,
        picture: Some(Arc::new((inst.graph, colouring))),
    })
}

/// `colouring.chromatic_number(graph, time_limit=None, jobs=1, seed=1)`.
#[pyfunction]
#[pyo3(signature = (path = None, n = 0, edges = Vec::new(), edge_bytes = None, nodes = None, name = "graph", time_limit = None, jobs = 1, seed = 1))]
#[allow(
    clippy::too_many_arguments,
    reason = "the Python function's keyword arguments"
)]
fn colouring_chromatic(
    py: Python<'_>,
    path: Option<&str>,
    n: usize,
    edges: Vec<(usize, usize)>,
    edge_bytes: Option<&[u8]>,
    nodes: Option<Bound<'_, PyAny>>,
    name: &str,
    time_limit: Option<f64>,
    jobs: usize,
    seed: u64,
) -> PyResult<ColouringResult> {
    let start = Instant::now();
    let inst = instance(py, path, n, edges_of(edge_bytes, edges)?, name)?;
    let nodes = nodes.as_ref();
    let inst = match no_colouring(py, inst, nodes, None, start)? {
        Ok(inst) => inst,
        Err(answer) => return Ok(answer),
    };
    let config = chromatic::Config {
        time_limit: limit::duration(time_limit)?,
        jobs: limit::threads(jobs.max(1)),
        seed,
        ..chromatic::Config::default()
    };
    let r = interrupt::run(py, |_| {
        chromatic::chromatic_number(&inst, &config, &mut |_| {})
    })?;
    let status = Status::of_best(r.proved);
    let clique = vertex_list(py, &inst.graph, nodes, &r.clique)?;
    let mut out = result(
        py,
        inst,
        nodes,
        status,
        Some(r.ub),
        Some(r.colouring),
        start,
    )?;
    out.k = None;
    out.lb = Some(r.lb);
    out.ub = Some(r.ub);
    out.proved = Some(r.proved);
    out.clique = Some(clique);
    out.lb_source = Some(r.lb_source.name().into());
    out.ub_source = Some(r.ub_source.name().into());
    out.nodes = r.effort.nodes;
    out.failures = r.effort.failures;
    Ok(out)
}

/// `colouring.colour(graph, k, time_limit=None)`.
#[pyfunction]
#[pyo3(signature = (k, path = None, n = 0, edges = Vec::new(), edge_bytes = None, nodes = None, name = "graph", time_limit = None))]
#[allow(
    clippy::too_many_arguments,
    reason = "the Python function's keyword arguments"
)]
fn colouring_colour(
    py: Python<'_>,
    k: u32,
    path: Option<&str>,
    n: usize,
    edges: Vec<(usize, usize)>,
    edge_bytes: Option<&[u8]>,
    nodes: Option<Bound<'_, PyAny>>,
    name: &str,
    time_limit: Option<f64>,
) -> PyResult<ColouringResult> {
    let start = Instant::now();
    let inst = instance(py, path, n, edges_of(edge_bytes, edges)?, name)?;
    let nodes = nodes.as_ref();
    let inst = match no_colouring(py, inst, nodes, Some(k), start)? {
        Ok(inst) => inst,
        Err(answer) => return Ok(answer),
    };
    let deadline = limit::deadline(start, time_limit)?;
    let mut effort = chromatic::Effort::default();
    let answer = interrupt::run(py, |_| {
        chromatic::k_colourable(
            &inst,
            k,
            &[],
            chromatic::Strategy::default(),
            deadline,
            &mut effort,
        )
    })?;
    let (status, colouring) = match answer {
        KAnswer::Colourable(c) => (Status::Satisfiable, Some(c)),
        KAnswer::NotColourable => (Status::Unsatisfiable, None),
        KAnswer::Unknown => (Status::Unknown, None),
    };
    let mut out = result(py, inst, nodes, status, Some(k), colouring, start)?;
    out.nodes = effort.nodes;
    out.failures = effort.failures;
    Ok(out)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ColouringResult>()?;
    m.add_function(wrap_pyfunction!(colouring_chromatic, m)?)?;
    m.add_function(wrap_pyfunction!(colouring_colour, m)?)?;
    Ok(())
}
