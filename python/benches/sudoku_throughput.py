"""Benchmark: csptk's sudoku batches against the `csp` command, measured in one run.

    python python/benches/sudoku_throughput.py [PUZZLE_FILE] [--csp PATH] [--runs N]

Times (median of N alternated runs, wall clock): `csp sudoku solve FILE --unique --jobs 1`
(the whole command: start, read, solve, check, print), `sudoku.solve_many(puzzles,
count=2, jobs=J)` on strings and on a NumPy array (after reading the file), and `sudoku.solve`
one puzzle at a time, whose overhead is its wall time less the solver's own (`seconds`).
Prints each as a ratio to the command's throughput. Build both in release mode first:
`cargo build --release` and `pip install ./python`.
"""

import argparse
import statistics
import subprocess
import time
from pathlib import Path

import numpy as np

from csptk import sudoku

ROOT = Path(__file__).resolve().parents[2]


def read(path):
    return [l.split()[0] for l in Path(path).read_text().splitlines() if l.strip() and not l.startswith("#")]


def timed(fn):
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?", default=str(ROOT.parent / "shared/data/sudoku/puzzles2_17_clue"))
    ap.add_argument("--csp", default=str(ROOT / "target/release/csp"))
    ap.add_argument("--runs", type=int, default=7)
    a = ap.parse_args()
    ps = read(a.file)
    arr = np.array([[0 if c in ".0" else int(c) for c in p] for p in ps], dtype=np.uint8)
    cli = [a.csp, "sudoku", "solve", a.file, "--unique", "--jobs", "1"]
    cases = {
        "csp --jobs 1": lambda: subprocess.run(cli, stdout=subprocess.DEVNULL, check=True),
        "solve_many(str, jobs=1)": lambda: sudoku.solve_many(ps, count=2, jobs=1),
        "solve_many(str, jobs=2)": lambda: sudoku.solve_many(ps, count=2, jobs=2),
        "solve_many(array, jobs=1)": lambda: sudoku.solve_many(arr, count=2, jobs=1),
        "solve_many(array, jobs=2)": lambda: sudoku.solve_many(arr, count=2, jobs=2),
    }
    times = {k: [] for k in cases}
    for _ in range(a.runs):
        for k, fn in cases.items():
            times[k].append(timed(fn))
    base = statistics.median(times["csp --jobs 1"])
    print(f"{len(ps)} puzzles from {a.file}, {a.runs} runs each, medians")
    for k, ts in times.items():
        m = statistics.median(ts)
        print(f"  {k:28} {m:.3f} s  {len(ps) / m:>9.0f} puzzles/s  {base / m:.2f}× the command")
    # One call per puzzle: wall time against the solver's own time.
    overheads = []
    sample = ps[:20000]
    for _ in range(a.runs):
        t = time.perf_counter()
        inside = sum(sudoku.solve(p, count=2).seconds for p in sample)
        wall = time.perf_counter() - t
        overheads.append((wall - inside) / len(sample))
    print(f"  solve() overhead per call: {statistics.median(overheads) * 1e6:.2f} µs (median of {a.runs} passes over {len(sample)} puzzles)")


if __name__ == "__main__":
    main()
