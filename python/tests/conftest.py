"""Shared helpers: the repository's data, the `csp` binary for parity tests, and checkers
written here from the rules alone (they share nothing with the library)."""

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"


def puzzles(name: str, limit: Optional[int] = None) -> List[str]:
    """The puzzles of a bundled list (comments skipped)."""
    out = []
    for line in (DATA / "sudoku" / name).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line.split()[0])
            if limit is not None and len(out) == limit:
                break
    return out


def sudoku_ok(puzzle: str, solution: str) -> bool:
    """A 9×9 solution keeps the givens and has every digit once per row, column and box."""
    if len(solution) != 81 or any(p not in ".0" and p != s for p, s in zip(puzzle, solution)):
        return False
    digits = set("123456789")
    rows = [solution[9 * r : 9 * r + 9] for r in range(9)]
    cols = ["".join(rows[r][c] for r in range(9)) for c in range(9)]
    boxes = ["".join(rows[3 * br + r][3 * bc + c] for r in range(3) for c in range(3)) for br in range(3) for bc in range(3)]
    return all(set(u) == digits for u in rows + cols + boxes)


def colouring_ok(edges: List[Any], colouring: Dict[Any, int]) -> bool:
    """Every edge joins two different colours, every vertex of an edge coloured."""
    return all(u in colouring and v in colouring and colouring[u] != colouring[v] for u, v in edges if u != v)


def dimacs_edges(path: Path) -> List[Any]:
    """The edges of a DIMACS .col file, read here (1-based vertex numbers as strings)."""
    edges = []
    for line in path.read_text().splitlines():
        if line.startswith("e "):
            _, u, v = line.split()[:3]
            edges.append((u, v))
    return edges


def known_chromatic() -> Dict[str, int]:
    """χ of the bundled graphs whose row in data/colouring/README.md says it is exact (=)."""
    out = {}
    for line in (DATA / "colouring" / "README.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 5 and cells[0].endswith(".col") and cells[3] == "=":
            out[cells[0]] = int(cells[4])
    return out


def csp_binary() -> Optional[str]:
    """The `csp` command for parity tests: $CSP_BIN, else a build in target/."""
    if os.environ.get("CSP_BIN"):
        return os.environ["CSP_BIN"]
    for p in (ROOT / "target" / "debug" / "csp", ROOT / "target" / "release" / "csp"):
        if p.exists():
            return str(p)
    return shutil.which("csp")


@pytest.fixture(scope="session")
def csp():
    """Runs `csp ARGS --json` and returns its JSON lines."""
    binary = csp_binary()
    if binary is None:
        pytest.skip("no csp binary (build it with cargo build, or set CSP_BIN)")

    def run(*args: str, stdin: Optional[str] = None) -> List[Dict[str, Any]]:
        p = subprocess.run([binary, *args, "--json"], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=300)
        assert p.returncode in (0, 1), p.stderr
        return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]

    return run
