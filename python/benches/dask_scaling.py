"""Benchmark: a batch of hard puzzles on a Dask LocalCluster of one worker and of two.

    python python/benches/dask_scaling.py [--puzzles 100000] [--chunk N] [--runs 3]

The forum's hardest puzzles (the 301 of ../shared/data/sudoku/puzzles6_forum_hardest_1106_shared301,
or the 51 of the bundled sample), repeated
to the size asked, solved with `sudoku.solve_many(..., backend="dask")` through a
`distributed.Client` on a LocalCluster of 1 and then 2 worker processes (one thread each);
medians of N runs after a warm-up. Prints the speed-up, and the per-chunk overhead: the
wall time of a run of many one-puzzle chunks, less the same puzzles in one chunk, per chunk.
"""

import argparse
import statistics
import time
from pathlib import Path

from distributed import Client, LocalCluster

from csptk import _batch, sudoku

ROOT = Path(__file__).resolve().parents[2]


def read(path):
    return [l.split()[0] for l in Path(path).read_text().splitlines() if l.strip() and not l.startswith("#")]


def median_time(fn, runs):
    fn()  # warm-up: workers import csptk, the puzzles reach them once
    ts = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--puzzles", type=int, default=100_000)
    ap.add_argument("--chunk", type=int, default=None)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    name = "sudoku/puzzles6_forum_hardest_1106_shared301"
    full = ROOT.parent / "shared/data" / name
    base = read(full if full.exists() else ROOT / "data" / name)
    ps = (base * (a.puzzles // len(base) + 1))[: a.puzzles]
    local = median_time(lambda: sudoku.solve_many(ps, count=2, jobs=1), a.runs)
    times = {}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster):
            size = _batch.chunk_size(len(ps), "dask", a.chunk)
            times[workers] = median_time(lambda: sudoku.solve_many(ps, count=2, backend="dask", chunk_size=a.chunk), a.runs)
            print(f"{workers} worker(s): {times[workers]:.3f} s, chunks of {size} puzzles")
            if workers == 1:
                few = ps[:2000]
                one = median_time(lambda: sudoku.solve_many(few, count=2, backend="dask", chunk_size=len(few)), a.runs)
                many = median_time(lambda: sudoku.solve_many(few, count=2, backend="dask", chunk_size=1), a.runs)
                print(f"per-chunk overhead: {(many - one) / (len(few) - 1) * 1e3:.2f} ms")
    print(f"{len(ps)} puzzles ({len(base)} repeated); one thread without Dask: {local:.3f} s")
    print(f"speed-up of 2 workers over 1: {times[1] / times[2]:.2f}×; 1 worker against no Dask: {local / times[1]:.2f}×")


if __name__ == "__main__":
    main()
