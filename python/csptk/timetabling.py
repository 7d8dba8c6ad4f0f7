"""Timetabling: school weeks and exam sessions (YAML), Toronto (``.crs``/``.stu``) and
ITC 2007 (``.ctt``, ``.exam``) instances; solved to a proved optimum when the time allows,
explained when impossible. Results carry the fields of ``csp timetable … --json``; the
placements are `Records` (``to_pandas()``)."""

import os
from typing import Optional, Union

from . import _native
from ._native import TimetableExplanation, TimetableInstance, TimetableResult

__all__ = ["TimetableExplanation", "TimetableInstance", "TimetableResult", "explain", "load", "solve"]


def load(source: Union[str, "os.PathLike[str]"], slots: Optional[int] = None) -> TimetableInstance:
    """Reads an instance from a path (its extension names the format) or from YAML text.
    A Toronto instance gets its standard number of slots unless `slots` is given."""
    return _native.timetabling_load(os.fspath(source), slots)


def solve(
    instance: Union[TimetableInstance, str, "os.PathLike[str]"],
    time_limit: Optional[float] = None,
    seed: int = 1,
    first: bool = False,
) -> TimetableResult:
    """Solves an instance (or the path or YAML text of one): ``optimal`` when the cost is
    proved least, ``satisfiable`` with the best timetable found when a limit came first,
    ``unsatisfiable`` when no timetable exists. `first` stops at the first timetable."""
    if not isinstance(instance, TimetableInstance):
        instance = load(instance)
    return _native.timetabling_solve(instance, time_limit, seed, first)


def explain(
    instance: Union[TimetableInstance, str, "os.PathLike[str]"], time_limit: Optional[float] = None
) -> TimetableExplanation:
    """Why no timetable exists (``unsatisfiable``: the conflicting requirements in words,
    minimal when every test was decided) or, when one does, what the best one found costs
    (``satisfiable`` with the cost ``breakdown``)."""
    if not isinstance(instance, TimetableInstance):
        instance = load(instance)
    return _native.timetabling_explain(instance, time_limit)
