#!/usr/bin/env python3
"""csp's MiniZinc library against Gecode's: every model here, each stating one of the globals
csp takes natively, solved for all its solutions through `minizinc --solver csp` and
`minizinc --solver gecode`; the two sets of solutions must be equal (and not empty).

Usage: run.py CSP_BINARY. Needs `minizinc` and Gecode's `fzn-gecode` (Debian: minizinc,
flatzinc)."""

import os
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent


def solutions(solver: str, model: pathlib.Path, env: dict) -> set:
    out = subprocess.run(
        ["minizinc", "--solver", solver, "-a", str(model)],
        env=env, capture_output=True, text=True, timeout=120,
    )
    if out.returncode != 0:
        sys.exit(f"{model.name}: minizinc --solver {solver} failed:\n{out.stderr}")
    found = [s.strip() for s in out.stdout.split("----------")]
    if not out.stdout.rstrip().endswith("=========="):
        sys.exit(f"{model.name}: {solver} did not finish the search:\n{out.stdout[-500:]}")
    return {s for s in found if s and s != "=========="}


def main() -> None:
    csp = pathlib.Path(sys.argv[1]).resolve()
    failed = []
    with tempfile.TemporaryDirectory() as solvers:
        subprocess.run([str(csp), "minizinc", "install", "--dir", solvers], check=True,
                       capture_output=True)
        env = dict(os.environ, MZN_SOLVER_PATH=solvers)
        for model in sorted(HERE.glob("*.mzn")):
            ours, theirs = solutions("csp", model, env), solutions("gecode", model, env)
            ok = ours == theirs and ours
            print(f"{model.name}: csp {len(ours)}, gecode {len(theirs)} solutions"
                  f"{'' if ok else '  <- differ'}")
            if not ok:
                failed.append(model.name)
    if failed:
        sys.exit(f"solutions differ from Gecode's on {', '.join(failed)}")


if __name__ == "__main__":
    main()
