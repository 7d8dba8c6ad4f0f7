"""Benchmark: csptk against OR-Tools CP-SAT, both from Python, one thread, in one run.

    pip install ortools
    python python/benches/vs_cpsat.py [--puzzles 200] [--runs 5]

The first N puzzles of top1465 (data/sudoku/puzzles3_magictour_top1465). For each puzzle,
CP-SAT gets the usual model (81 integer variables 1..9, the givens fixed, 27
AddAllDifferent) built and solved with `num_workers = 1`, as a Python user writes it; csptk
gets `sudoku.solve(puzzle)`. Both find one solution, checked here against the rules. Times are
the medians of N alternated passes over the whole list.
"""

import argparse
import statistics
import time
from pathlib import Path

from ortools.sat.python import cp_model

from csptk import sudoku

ROOT = Path(__file__).resolve().parents[2]


def read(path, n):
    ps = [l.split()[0] for l in Path(path).read_text().splitlines() if l.strip() and not l.startswith("#")]
    return ps[:n]


def valid(puzzle, solution):
    rows = [solution[9 * r : 9 * r + 9] for r in range(9)]
    units = rows + ["".join(r[c] for r in rows) for c in range(9)]
    units += ["".join(rows[3 * (b // 3) + i][3 * (b % 3) + j] for i in range(3) for j in range(3)) for b in range(9)]
    keeps = all(p in ".0" or p == s for p, s in zip(puzzle, solution))
    return keeps and all(set(u) == set("123456789") for u in units)


def cpsat(puzzle):
    m = cp_model.CpModel()
    x = [m.NewIntVar(1, 9, f"x{i}") for i in range(81)]
    for i, ch in enumerate(puzzle):
        if ch not in ".0":
            m.Add(x[i] == int(ch))
    for k in range(9):
        m.AddAllDifferent([x[9 * k + j] for j in range(9)])
        m.AddAllDifferent([x[9 * j + k] for j in range(9)])
        r, c = 3 * (k // 3), 3 * (k % 3)
        m.AddAllDifferent([x[9 * (r + i) + c + j] for i in range(3) for j in range(3)])
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    assert s.Solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    return "".join(str(s.Value(v)) for v in x)


def ours(puzzle):
    return sudoku.solve(puzzle).solution


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--puzzles", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    ps = read(ROOT / "data/sudoku/puzzles3_magictour_top1465", a.puzzles)
    times = {"CP-SAT": [], "csptk": []}
    for _ in range(a.runs):
        for name, fn in (("CP-SAT", cpsat), ("csptk", ours)):
            t = time.perf_counter()
            sols = [fn(p) for p in ps]
            times[name].append(time.perf_counter() - t)
            assert all(valid(p, s) for p, s in zip(ps, sols)), name
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"{len(ps)} top1465 puzzles, one thread, medians of {a.runs} passes")
    for k, v in med.items():
        print(f"  {k:7} {v:.4f} s  {v / len(ps) * 1e6:9.1f} µs/puzzle")
    print(f"  csptk is {med['CP-SAT'] / med['csptk']:.0f}× faster")


if __name__ == "__main__":
    main()
