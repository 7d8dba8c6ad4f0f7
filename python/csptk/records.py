"""Records: a list of dicts (timetable placements, study rows) with ``to_pandas()``."""

import importlib
from typing import Any, Dict, List


class Records(List[Dict[str, Any]]):
    """A list of rows, each a dict with the same keys as the command line's JSON."""

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame`` (pandas must be installed)."""
        try:
            pd: Any = importlib.import_module("pandas")
        except ImportError as e:  # pragma: no cover - depends on the environment
            raise ImportError("to_pandas() needs pandas: pip install pandas") from e
        return pd.DataFrame(list(self))

    def __repr__(self) -> str:
        if len(self) <= 6:
            return f"Records({list.__repr__(self)})"
        head = ", ".join(repr(r) for r in self[:3])
        return f"Records([{head}, … {len(self)} rows])"

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (Records, (list(self),))
