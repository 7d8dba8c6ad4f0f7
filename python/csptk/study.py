"""Studies: a grid of strategies over sets of instances (``kind: study``), as ``csp study``
runs them. A study's runs can go to a Dask or Ray cluster: the grid is cut into ranges of
runs, each run by one worker, and the rows come back in the study's order."""

import json
import os
from typing import Any, Dict, List, Optional, Tuple, Union

from . import _batch, _native
from .records import Records

__all__ = ["count", "run"]

Spec = Union[str, "os.PathLike[str]", Dict[str, Any]]


def _source(spec: Spec) -> Tuple[str, bool, str]:
    """(text or path, whether a path, the folder relative paths start from)."""
    if isinstance(spec, dict):
        # JSON is YAML: the reader takes the dict as the file would hold it.
        return json.dumps(spec), False, os.getcwd()
    text = os.fspath(spec)
    if "\n" not in text and os.path.exists(text):
        return text, True, os.path.dirname(os.path.abspath(text))
    return text, False, os.getcwd()


def count(spec: Spec) -> int:
    """The number of runs in a study (instances × strategies × repetitions)."""
    source, is_path, folder = _source(spec)
    return _native.study_count(source, is_path, folder)


def _run_range(part: Tuple[int, int], source: str, is_path: bool, folder: str, jobs: int) -> List[Dict[str, Any]]:
    return list(_native.study_run(source, is_path, folder, part[0], part[1], jobs))


def run(
    spec: Spec,
    jobs: Optional[int] = None,
    backend: str = "local",
    chunk_size: Optional[int] = None,
) -> Records:
    """Runs a study (a ``kind: study`` file, its YAML text, or the same as a dict): one row
    per run (set, instance, strategy, seed, status, nodes, failures, …, seconds), every
    answer checked. `jobs` threads here (default: every core), or ``backend="dask"``/``"ray"``
    with ranges of `chunk_size` runs per task. Paths in the spec must exist on the workers."""
    _batch.check_backend(backend)
    source, is_path, folder = _source(spec)
    if backend == "local":
        return _native.study_run(source, is_path, folder, 0, None, jobs or 0)
    total = _native.study_count(source, is_path, folder)
    # Runs take milliseconds to minutes, not microseconds: a few per worker, no minimum.
    size = chunk_size or max(1, -(-total // (_batch.CHUNKS_PER_WORKER * _batch.workers(backend))))
    parts = [(s, min(s + size, total)) for s in range(0, total, size)]
    rows = Records()
    for part in _batch.run_chunks(_run_range, parts, backend, source, is_path, folder, jobs or 1):
        rows.extend(part)
    return rows
