#!/usr/bin/env python3
"""csp against Gecode through MiniZinc on a folder of instances (instances.csv: family,model,data).

Each instance runs through `minizinc --solver csp` and `minizinc --solver gecode` with the same
time limit, one after the other (or side by side with `--jobs 2`, each on its own core); every final solution is checked twice: by csp (every answer
of `csp fzn` passes its FlatZinc checker before it is printed) and by MiniZinc, which solves the
model again with the solution's values fixed (`--output-mode dzn` fed back as data). Prints one
line per instance (status, objective, time of the last solution) and a summary with the
MiniZinc Challenge's scoring between the two (a point per instance, split by time on ties).

    python3 benches/minizinc.py [DIR] [--time-limit S] [--csp PATH] [-p N] [--jobs 2] [--only FAMILY]

DIR defaults to $CSP_DATA/minizinc or ../shared/data/minizinc. csp is installed for MiniZinc
into a temporary solver folder (`csp minizinc install --dir`); Gecode is run with its own
library, or with MiniZinc's standard decompositions (`-G std`) where its library fails to
compile a model (Debian's Gecode library predates its compiler), which the line says.
"""

import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def run(cmd, env, timeout):
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr, time.monotonic() - start
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return -1, out, "timeout", time.monotonic() - start


def parse(out):
    """Solutions (dzn text, objective, time) and the final status of a MiniZinc run."""
    sols, cur, status, stamp = [], [], "unknown", 0.0
    for line in out.splitlines():
        m = re.match(r"% time elapsed: ([0-9.]+) s", line)
        if m:
            stamp = float(m.group(1))
        elif line == "----------":
            text = "\n".join(cur)
            obj = re.search(r"^_objective = (-?\d+);", text, re.M)
            sols.append((text, int(obj.group(1)) if obj else None, stamp))
            cur = []
        elif line == "==========":
            status = "complete"
        elif line == "=====UNSATISFIABLE=====":
            status = "unsat"
        elif line.startswith("=====") and "ERROR" in line:
            status = "error"
        elif not line.startswith("%"):
            cur.append(line)
    if status == "unknown" and sols:
        status = "solved"
    return sols, status


def checked_by_minizinc(model, data, solution, env, timeout):
    """Whether MiniZinc finds the model satisfiable with the solution's values fixed."""
    with tempfile.NamedTemporaryFile("w", suffix=".dzn", delete=False) as f:
        f.write(re.sub(r"^_objective = .*$", "", solution, flags=re.M))
        path = f.name
    try:
        code, out, err, _ = run(
            ["minizinc", "--solver", "gecode", "-G", "std", model, data, path], env, timeout
        )
        return code == 0 and "----------" in out
    finally:
        os.unlink(path)


def solve(solver, model, data, args, env, method):
    cmd = ["minizinc", "--solver", solver, "-t", str(args.time_limit * 1000),
           "--output-mode", "dzn", "--output-objective", "--output-time"]
    if method != "sat":
        cmd.append("-a")  # every improving solution, with its time
    if args.threads > 1:
        cmd += ["-p", str(args.threads)]
    lib = ""
    code, out, err, secs = run(cmd + [model, data], env, args.time_limit + 120)
    if solver == "gecode" and ("Error" in err or "error" in err) and "----------" not in out:
        lib = " (-G std)"
        code, out, err, secs = run(cmd[:3] + ["-G", "std"] + cmd[3:] + [model, data], env,
                                   args.time_limit + 120)
    sols, status = parse(out)
    if code not in (0, -1) and not sols and status == "unknown":
        status = "error"
    return sols, status, secs, lib, err.strip().splitlines()[-1:] if status == "error" else []


def method_of(model, data, env):
    code, out, err, _ = run(["minizinc", "--model-interface-only", model, data], env, 120)
    m = re.search(r'"method"\s*:\s*"(\w+)"', out)
    return m.group(1) if m else "sat"


def better(a, b, method):
    """-1, 0, 1: how result a compares with b (proof first, then objective)."""
    (sa, va), (sb, vb) = a, b
    rank = {"complete": 3, "unsat": 3, "solved": 2, "unknown": 1, "error": 0}
    if rank[sa] != rank[sb]:
        return 1 if rank[sa] > rank[sb] else -1
    if method != "sat" and va is not None and vb is not None and va != vb:
        return 1 if (va < vb) == (method == "min") else -1
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", nargs="?")
    ap.add_argument("--time-limit", type=int, default=60, help="seconds per instance and solver")
    ap.add_argument("--csp", default="target/release/csp")
    ap.add_argument("-p", "--threads", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, choices=(1, 2),
                    help="2: the two solvers of an instance side by side (use with -p 1 on 2+ cores)")
    ap.add_argument("--only", help="one family")
    args = ap.parse_args()
    root = Path(args.dir or os.environ.get("CSP_DATA", "../shared/data") + "/minizinc")
    if not args.dir and not root.exists():
        root = Path("../shared/data/minizinc")
    solvers_dir = tempfile.mkdtemp(prefix="csp-mzn-")
    subprocess.run([args.csp, "minizinc", "install", "--dir", solvers_dir], check=True,
                   capture_output=True)
    env = dict(os.environ, MZN_SOLVER_PATH=solvers_dir)
    with open(root / "instances.csv") as f:
        rows = [r for r in csv.DictReader(f) if not args.only or r["family"] == args.only]
    score = {"csp": 0.0, "gecode": 0.0}
    counts = {s: {"solved": 0, "proved": 0, "wrong": 0} for s in score}
    print(f"# {len(rows)} instances, {args.time_limit} s each, -p {args.threads}, "
          f"--jobs {args.jobs}")
    pool = ThreadPoolExecutor(args.jobs)
    for r in rows:
        model, data = str(root / r["model"]), str(root / r["data"])
        method = method_of(model, data, env)
        res = {}
        runs = {s: pool.submit(solve, s, model, data, args, env, method) for s in ("csp", "gecode")}
        for s in ("csp", "gecode"):
            sols, status, secs, lib, err = runs[s].result()
            last = sols[-1] if sols else None
            ok = last is None or checked_by_minizinc(model, data, last[0], env, 300)
            if not ok:
                counts[s]["wrong"] += 1
                status = "error"
            counts[s]["solved"] += bool(sols) and ok
            counts[s]["proved"] += status in ("complete", "unsat")
            # The time to the final word: the proof, or the last solution.
            t = secs if status in ("complete", "unsat") or not last else last[2]
            res[s] = (status, last[1] if last else None, t if status != "unknown" else args.time_limit)
            obj = "" if not last or last[1] is None else f" obj={last[1]}"
            note = " " + "; ".join(err) if err else ""
            print(f"{r['family']}/{Path(data).stem} {s}{lib}: {status}{obj} at {t:.2f}s"
                  f"{'' if ok else ' REFUSED BY MINIZINC'}{note}", flush=True)
        c = better(res["csp"][:2], res["gecode"][:2], method)
        if c > 0:
            score["csp"] += 1
        elif c < 0:
            score["gecode"] += 1
        elif res["csp"][0] != "unknown":
            tc, tg = max(res["csp"][2], 1e-3), max(res["gecode"][2], 1e-3)
            score["csp"] += tg / (tc + tg)
            score["gecode"] += tc / (tc + tg)
    for s in score:
        c = counts[s]
        print(f"{s}: solved {c['solved']}, proved {c['proved']}, refused {c['wrong']}, "
              f"score {score[s]:.2f}")
    return 1 if any(counts[s]["wrong"] for s in ("csp",)) else 0


if __name__ == "__main__":
    sys.exit(main())
