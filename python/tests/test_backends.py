"""The same results, in the same order, from every backend."""

import numpy as np
import pytest

from csptk import study, sudoku

from conftest import ROOT, puzzles

STUDY = {
    "kind": "study",
    "name": "backends",
    "sets": [
        {"name": "hard", "sudoku": str(ROOT / "data" / "sudoku" / "puzzles3_magictour_top1465"), "limit": 6},
        {"name": "myciel", "colouring": [str(ROOT / "data" / "colouring" / "myciel3.col")], "k": 4},
    ],
    "strategies": ["mrv+fc", "dom/wdeg+gac"],
    "limits": {"nodes": 20000},
}

# Fields that measure time: the same run takes different times on different workers.
TIMES = ("seconds", "cpu_seconds")


def answers(rs):
    return [(r.puzzle, r.solution, r.count, r.status, r.unique) for r in rs]


def rows(rs):
    return [{k: v for k, v in r.items() if k not in TIMES} for r in rs]


@pytest.fixture(scope="module")
def work():
    ps = puzzles("puzzles3_magictour_top1465", 300)
    arr = np.array([[0 if c in ".0" else int(c) for c in p] for p in ps], dtype=np.uint8)
    local = sudoku.solve_many(ps, count=2)
    return ps, arr, local, sudoku.solve_many(arr, count=2), rows(study.run(STUDY))


@pytest.fixture(scope="module")
def dask_cluster():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_dask_local_scheduler(work):
    pytest.importorskip("dask")
    ps, _, local, _, _ = work
    assert answers(sudoku.solve_many(ps, count=2, backend="dask", chunk_size=70)) == answers(local)


def test_dask_cluster(work, dask_cluster):
    ps, arr, local, local_arr, local_rows = work
    assert answers(sudoku.solve_many(ps, count=2, backend="dask", chunk_size=50)) == answers(local)
    a = sudoku.solve_many(arr, count=2, backend="dask", chunk_size=64)
    assert (a.solutions == local_arr.solutions).all() and (a.counts == local_arr.counts).all()
    assert rows(study.run(STUDY, backend="dask", chunk_size=5)) == local_rows
    # Both workers took part.
    assert len(dask_cluster.scheduler_info()["workers"]) == 2


def test_ray(work):
    ray = pytest.importorskip("ray", reason="Ray is not installed here (pip install 'csptk[ray]')")
    ps, arr, local, local_arr, local_rows = work
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        assert answers(sudoku.solve_many(ps, count=2, backend="ray", chunk_size=50)) == answers(local)
        a = sudoku.solve_many(arr, count=2, backend="ray", chunk_size=64)
        assert (a.solutions == local_arr.solutions).all()
        assert rows(study.run(STUDY, backend="ray", chunk_size=5)) == local_rows
    finally:
        ray.shutdown()


def test_unknown_backend():
    with pytest.raises(ValueError, match="backend"):
        sudoku.solve_many(["." * 81], backend="spark")
