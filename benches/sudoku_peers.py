#!/usr/bin/env python3
"""csp's dedicated 9×9 solver against tdoku, side by side on the same puzzle lists.

tdoku (T. Dillon, https://github.com/t-dillon/tdoku) is not part of this repository: build it
yourself, then give this script its `run_benchmark`. Its best build on x86-64 is clang with
`-O3 -march=native`:

    CC=clang CXX=clang++ ./BUILD.sh run_benchmark      # in a tdoku checkout: build/run_benchmark

Each set runs through `run_benchmark -s tdoku -r 0 -t S` (its own harness: puzzles in input
order, count up to 2, passes over the file for at least S seconds) and
`csp sudoku bench --methods fast --jobs 1 --repeat-seconds S` (the same: count up to 2, passes
until S seconds of solving, every answer verified outside the timing). The two alternate,
ROUNDS times each, and the best rate of each counts. Prints the machine, the builds and a
Markdown table of puzzles/s with the ratio ours / tdoku.

    python3 benches/sudoku_peers.py --tdoku PATH/run_benchmark [--csp PATH] [-t S] [--rounds N] [FILES...]

FILES default to the four lists in $CSP_DATA/sudoku or ../shared/data/sudoku.
"""

import argparse
import json
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

SETS = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106_shared301",
    "puzzles7_serg_benchmark",
]


def default_files():
    data = Path(os.environ.get("CSP_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
    files = [data / "sudoku" / s for s in SETS]
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        sys.exit(f"sudoku_peers: no puzzle list at {', '.join(missing)} (set $CSP_DATA or give FILES)")
    return files


def cpu():
    """The CPU's model name and the vector extensions both solvers may use."""
    name, flags = platform.processor() or "unknown CPU", set()
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                name = line.split(":", 1)[1].strip()
            elif line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
                break
    except OSError:
        pass
    wanted = ["avx2", "bmi2", "avx512f", "avx512vl", "avx512bw", "avx512_bitalg"]
    return name, [f for f in wanted if f in flags]


def tdoku_build(tdoku):
    """The compiler and flags tdoku's `run_benchmark -h` reports."""
    out = subprocess.run([tdoku, "-h"], capture_output=True, text=True).stdout
    m = re.search(r"build info: (.*)", out)
    return m.group(1).strip() if m else "unknown build"


def tdoku_rate(tdoku, file, seconds):
    cmd = [tdoku, "-s", "tdoku", "-r", "0", "-t", str(seconds), "-w", "1", str(file)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    rows = [l for l in p.stdout.splitlines() if l.startswith("|tdoku")]
    if p.returncode != 0 or not rows:
        sys.exit(f"sudoku_peers: `{' '.join(cmd)}` failed:\n{p.stdout}{p.stderr}")
    cells = [c.strip() for c in rows[-1].strip("|").split("|")]
    return float(cells[1])


def csp_rate(csp, file, seconds):
    cmd = [csp, "sudoku", "bench", "--methods", "fast", "--jobs", "1",
           "--repeat-seconds", str(seconds), "--max-seconds", str(10 * seconds + 10),
           "--json", str(file)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"sudoku_peers: `{' '.join(cmd)}` failed:\n{p.stderr}")
    row = json.loads(p.stdout.splitlines()[-1])
    return row["puzzles_per_second"], row["puzzles"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--tdoku", required=True, help="tdoku's run_benchmark")
    ap.add_argument("--csp", default=str(Path(__file__).resolve().parents[1] / "target" / "release" / "csp"),
                    help="the csp binary (default: target/release/csp)")
    ap.add_argument("-t", "--seconds", type=int, default=1, help="seconds per run (whole, at least 1)")
    ap.add_argument("--rounds", type=int, default=2, help="alternated runs of each, the best counts")
    a = ap.parse_args()
    if not os.access(a.tdoku, os.X_OK):
        sys.exit(f"sudoku_peers: {a.tdoku} is not an executable (tdoku's build/run_benchmark)")
    if not os.access(a.csp, os.X_OK):
        sys.exit(f"sudoku_peers: {a.csp} is not an executable (cargo build --release -p csp-cli)")
    files = a.files or default_files()
    name, flags = cpu()
    version = subprocess.run([a.csp, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"machine: {name}, {os.cpu_count()} cores, {' '.join(flags) or 'no AVX2'}")
    print(f"tdoku: {tdoku_build(a.tdoku)}; ours: {version}, `--methods fast`")
    print(f"one core, count up to 2, {a.seconds} s per run, best of {a.rounds} alternated runs\n")
    print("| set | puzzles | ours | tdoku | ours / tdoku |")
    print("|---|---:|---:|---:|---:|")
    ratios = []
    for f in files:
        ours, theirs, n = 0.0, 0.0, 0
        for _ in range(a.rounds):
            rate, n = csp_rate(a.csp, f, a.seconds)
            ours = max(ours, rate)
            theirs = max(theirs, tdoku_rate(a.tdoku, f, a.seconds))
        ratios.append(ours / theirs)
        print(f"| {f.name} | {n:,} | {ours:,.0f}/s | {theirs:,.0f}/s | {ours / theirs:.2f}× |", flush=True)
    print(f"\nlowest ratio {min(ratios):.2f}×")


if __name__ == "__main__":
    main()
