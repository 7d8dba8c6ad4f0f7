"""Sudoku of any box size: solve, count, rate, explain, hint, generate.

A puzzle is a string as ``csp sudoku`` reads it: 81 characters with ``.`` or ``0`` for a
blank, a grid on several lines, or the larger forms (16×16 with letters, numbers for
bigger grids). Results carry the fields of ``csp sudoku … --json``.
"""

import pickle
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, List, Optional, Sequence, Union

from . import _batch, _native
from ._native import SudokuExplanation, SudokuPuzzle, SudokuRating, SudokuResult, SudokuStep

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = [
    "STATUS",
    "SolvedArrays",
    "SudokuExplanation",
    "SudokuPuzzle",
    "SudokuRating",
    "SudokuResult",
    "SudokuStep",
    "explain",
    "generate",
    "hint",
    "rate",
    "solve",
    "solve_many",
    "svg",
]

#: The status names of the array path's codes (``SolvedArrays.codes``), in code order.
STATUS = ("satisfiable", "unsatisfiable", "unknown")


def solve(puzzle: str, count: int = 1, time_limit: Optional[float] = None, method: str = "fast") -> SudokuResult:
    """Solves one puzzle, counting solutions up to `count` (2 checks uniqueness).

    `method` is ``fast`` (the dedicated 9×9 solver; the engine for other sizes), ``csp`` (the
    engine), ``dlx`` (dancing links) or ``sat``. The solution is verified before it is
    returned. ``status`` is ``satisfiable``, ``unsatisfiable`` or ``unknown`` (the time limit
    came first).
    """
    return _native.sudoku_solve(puzzle, count, time_limit, method)


@dataclass(frozen=True)
class SolvedArrays:
    """What `solve_many` returns for a NumPy array of puzzles: one row per puzzle."""

    #: (n, cells) uint8: each solution (zeros where there is none).
    solutions: "np.ndarray"
    #: (n,) uint64: solutions counted, up to the cap.
    counts: "np.ndarray"
    #: (n,) uint8: index into `STATUS`.
    codes: "np.ndarray"

    @property
    def status(self) -> "np.ndarray":
        """(n,) the status names."""
        import numpy as np

        names: "np.ndarray" = np.asarray(STATUS)[self.codes]
        return names

    @property
    def unique(self) -> "np.ndarray":
        """(n,) bool: exactly one solution (needs count ≥ 2)."""
        unique: "np.ndarray" = (self.counts == 1) & (self.codes == 0)
        return unique

    def __len__(self) -> int:
        return len(self.counts)


def _is_array(x: Any) -> bool:
    return type(x).__module__ == "numpy" and type(x).__name__ == "ndarray"


def _solve_strings(part: Sequence[str], count: int, jobs: int, time_limit: Optional[float], method: str) -> List[SudokuResult]:
    with _batch.gc_paused():
        return _native.sudoku_solve_many(list(part), count, jobs, time_limit, method)


def _solve_strings_packed(part: Sequence[str], count: int, jobs: int, time_limit: Optional[float], method: str) -> bytes:
    """A worker's chunk, its results pickled as one block: Dask serialises a list of objects
    one element at a time, which cost 45 µs a result against 4 µs for this (measured)."""
    return pickle.dumps(_solve_strings(part, count, jobs, time_limit, method), protocol=pickle.HIGHEST_PROTOCOL)


def _solve_rows(part: Any, count: int, jobs: int, time_limit: Optional[float], method: str) -> Any:
    import numpy as np

    rows = np.ascontiguousarray(part, dtype=np.uint8)
    sols, counts, codes = _native.sudoku_solve_array(rows.tobytes(), rows.shape[1], count, jobs, time_limit, method)
    return (
        np.frombuffer(sols, dtype=np.uint8).reshape(rows.shape),
        np.frombuffer(counts, dtype="<u8"),
        np.frombuffer(codes, dtype=np.uint8),
    )


def solve_many(
    puzzles: Union[Iterable[str], "np.ndarray"],
    count: int = 2,
    jobs: Optional[int] = None,
    backend: str = "local",
    time_limit: Optional[float] = None,
    method: str = "fast",
    chunk_size: Optional[int] = None,
) -> Union[List[SudokuResult], SolvedArrays]:
    """Solves many puzzles, results in input order.

    `puzzles` is any iterable of strings (a list of `SudokuResult` comes back) or a NumPy
    array of shape (n, 81) of digits 0–9, 0 for a blank (a `SolvedArrays` comes back, without
    a Python object per puzzle). `jobs` threads solve them here (default: every core);
    ``backend="dask"`` or ``"ray"`` sends chunks of `chunk_size` puzzles to that engine's
    workers instead (one thread per chunk). `time_limit` bounds each chunk, in seconds.
    """
    _batch.check_backend(backend)
    if _is_array(puzzles):
        import numpy as np

        arr: Any = puzzles
        if arr.ndim != 2:
            raise ValueError(f"an array of puzzles has shape (n, 81), not {arr.shape}")
        if backend == "local":
            s, c, k = _solve_rows(arr, count, jobs or 0, time_limit, method)
            return SolvedArrays(s, c, k)
        size = _batch.chunk_size(len(arr), backend, chunk_size)
        parts = _batch.run_chunks(_solve_rows, _batch.chunks(arr, size), backend, count, jobs or 1, time_limit, method)
        if not parts:
            empty = _solve_rows(arr[:0], count, 1, time_limit, method)
            return SolvedArrays(*empty)
        return SolvedArrays(
            np.concatenate([p[0] for p in parts]),
            np.concatenate([p[1] for p in parts]),
            np.concatenate([p[2] for p in parts]),
        )
    items = puzzles if isinstance(puzzles, list) else list(puzzles)
    bad = next((i for i, p in enumerate(items) if not isinstance(p, str)), None)
    if bad is not None:
        raise TypeError(f"puzzles[{bad}] is a {type(items[bad]).__name__}, not a string")
    if backend == "local":
        return _solve_strings(items, count, jobs or 0, time_limit, method)
    size = _batch.chunk_size(len(items), backend, chunk_size)
    out: List[SudokuResult] = []
    with _batch.gc_paused():
        for part in _batch.run_chunks(
            _solve_strings_packed, _batch.chunks(items, size), backend, count, jobs or 1, time_limit, method, finish=pickle.loads
        ):
            out.extend(part)
    return out


def rate(puzzle: str, time_limit: Optional[float] = None) -> SudokuRating:
    """Rates a puzzle as Sudoku Explainer does (``er``, ``ep``, ``ed``) with its ``level``
    (easy to extreme) and hardest technique; ``status`` is ``done`` when rated."""
    return _native.sudoku_rate(puzzle, time_limit)


def explain(puzzle: str, min_rating: float = 0.0, time_limit: Optional[float] = None) -> SudokuExplanation:
    """The logical path that solves a puzzle, step by step (each a `SudokuStep` with
    ``technique``, ``rating``, ``cells``, ``placements``, ``eliminations`` and ``text``).
    Steps rated below `min_rating` are applied but not listed. A puzzle with no or several
    solutions has no path: ``unique`` is False and ``reason`` says why. `puzzle` may also be
    a 729-character pencil-mark grid."""
    return _native.sudoku_explain(puzzle, min_rating, time_limit)


def hint(puzzle: str, time_limit: Optional[float] = None) -> Optional[SudokuStep]:
    """The easiest next logical step, or None when the grid is solved or no implemented
    technique applies."""
    return _native.sudoku_hint(puzzle, time_limit)


def generate(
    level: Optional[str] = None,
    seed: Optional[int] = None,
    box: int = 3,
    symmetry: str = "none",
    time_limit: Optional[float] = None,
) -> SudokuPuzzle:
    """A new puzzle with exactly one solution (checked by dancing links), at `level`
    (easy, medium, hard, expert, extreme) when given. The same `seed` gives the same puzzle;
    without one, a random seed is drawn (and returned in ``seed``)."""
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 63)
    return _native.sudoku_generate(seed, level, box, symmetry, time_limit)


def svg(puzzle: str, solution: Optional[str] = None) -> str:
    """The puzzle drawn as SVG (with its solution in another colour, when given)."""
    return _native.sudoku_svg(puzzle, solution)


