"""Graph colouring: the chromatic number with a proof, and k-colouring.

A graph is a networkx graph, a rustworkx ``PyGraph``, a list of edges (pairs of any
hashable vertices), a NumPy array of shape (m, 2) of integer vertices, or the path of a
DIMACS (``.col``) or YAML graph file. The colouring comes back as a dict from each vertex
(the graph's own node, or the file's vertex name) to its colour, numbered from 1.
"""

import os
from typing import Any, Dict, Hashable, List, Optional, Tuple

from . import _native
from ._native import ColouringResult

__all__ = ["ColouringResult", "chromatic_number", "colour"]


def _graph_args(graph: Any) -> Dict[str, Any]:
    """The native functions' graph arguments: a path, or vertices 0..n with edges and the
    caller's nodes."""
    if isinstance(graph, (str, os.PathLike)):
        return {"path": os.fspath(graph)}
    module = type(graph).__module__.split(".")[0]
    if module == "rustworkx":
        nodes: List[Hashable] = list(graph.node_indices())
        index = {v: i for i, v in enumerate(nodes)}
        edges = [(index[u], index[v]) for u, v in graph.edge_list()]
        return {"n": len(nodes), "edges": edges, "nodes": nodes}
    if module == "networkx":
        nodes = list(graph.nodes)
        index = {v: i for i, v in enumerate(nodes)}
        edges = [(index[u], index[v]) for u, v in graph.edges()]
        name = str(graph.name) if getattr(graph, "name", "") else "graph"
        return {"n": len(nodes), "edges": edges, "nodes": nodes, "name": name}
    if module == "numpy":
        import numpy as np

        arr = np.asarray(graph)
        if arr.ndim != 2 or arr.shape[1] != 2 or not np.issubdtype(arr.dtype, np.integer):
            raise ValueError(f"an edge array has shape (m, 2) of integers, not {arr.shape} of {arr.dtype}")
        if arr.size and arr.min() < 0:
            raise ValueError("an edge array's vertices are integers from 0")
        n = int(arr.max()) + 1 if arr.size else 0
        data = np.ascontiguousarray(arr, dtype="<i8").tobytes()
        return {"n": n, "edge_bytes": data, "nodes": range(n)}
    try:
        pairs: List[Tuple[Hashable, ...]] = [tuple(edge) for edge in graph]
    except TypeError as err:
        raise TypeError(
            "a graph is a networkx or rustworkx graph, a list of edges, an (m, 2) NumPy array or a file path"
        ) from err
    labels: Dict[Hashable, int] = {}
    for k, pair in enumerate(pairs):
        if len(pair) != 2:
            raise ValueError(f"edge {k} has {len(pair)} ends, not 2")
        for v in pair:
            labels.setdefault(v, len(labels))
    edge_list = [(labels[u], labels[v]) for u, v in pairs]
    return {"n": len(labels), "edges": edge_list, "nodes": list(labels)}


def chromatic_number(graph: Any, time_limit: Optional[float] = None, jobs: int = 1, seed: int = 1) -> ColouringResult:
    """The chromatic number χ: ``lb`` ≤ χ ≤ ``ub`` with ``proved`` True (``status``
    ``optimal``) when they meet, else ``satisfiable`` (the best colouring found), the clique behind the lower bound, and a colouring with
    ``ub`` colours (verified). `jobs` threads run the local search."""
    return _native.colouring_chromatic(**_graph_args(graph), time_limit=time_limit, jobs=jobs, seed=seed)


def colour(graph: Any, k: int, time_limit: Optional[float] = None) -> ColouringResult:
    """A colouring with at most `k` colours (``satisfiable``), a proof that none exists
    (``unsatisfiable``), or ``unknown`` when the time limit came first."""
    if k < 0:
        raise ValueError("k must be at least 0")
    return _native.colouring_colour(k, **_graph_args(graph), time_limit=time_limit)
