"""csptk: a constraint-satisfaction toolkit, from Python.

Sudoku (solve, count, rate, explain, hint, generate), graph colouring (the chromatic
number with a proof), timetabling (school weeks and exam sessions, solved and explained),
studies of search strategies, and models of your own (`csptk.model`: variables,
constraints, an objective; FlatZinc read too), on a Rust engine. Every answer is checked by an
independent verifier before it is returned; every solve releases the GIL and stops on
Ctrl-C. Batches run on threads, or on a Dask or Ray cluster (``backend="dask"``/``"ray"``).

>>> from csptk import sudoku
>>> r = sudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", count=2)
>>> r.status, r.unique
('satisfiable', True)
"""

from importlib.metadata import PackageNotFoundError, version

from . import colouring, model, study, sudoku, timetabling
from .errors import InputError
from .records import Records

try:
    __version__ = version("csptk")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = ["InputError", "Records", "colouring", "model", "study", "sudoku", "timetabling", "__version__"]
