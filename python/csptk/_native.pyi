"""Type stubs of the extension module (the Rust library crates, bound with PyO3)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, final

from .records import Records

__all__ = [
    "ColouringResult",
    "FlatZincResult",
    "ModelCount",
    "ModelResult",
    "SudokuExplanation",
    "SudokuPuzzle",
    "SudokuRating",
    "SudokuResult",
    "SudokuStep",
    "TimetableExplanation",
    "TimetableInstance",
    "TimetableResult",
    "colouring_chromatic",
    "colouring_colour",
    "flatzinc_solve",
    "model_check",
    "model_count",
    "model_solve",
    "study_count",
    "study_run",
    "sudoku_explain",
    "sudoku_generate",
    "sudoku_hint",
    "sudoku_rate",
    "sudoku_solve",
    "sudoku_solve_array",
    "sudoku_solve_many",
    "sudoku_svg",
    "timetabling_explain",
    "timetabling_load",
    "timetabling_solve",
]

@final
class SudokuResult:
    status: str
    puzzle: str
    solution: Optional[str]
    count: int
    exact: bool
    unique: bool
    clash: Optional[str]
    nodes: int
    failures: int
    seconds: float
    instance: Optional[str]
    line: int
    def __new__(
        cls,
        status: str,
        puzzle: str,
        solution: Optional[str],
        count: int,
        exact: bool,
        unique: bool,
        clash: Optional[str],
        nodes: int,
        failures: int,
        seconds: float,
        instance: Optional[str],
        line: int,
    ) -> SudokuResult: ...
    @property
    def stats(self) -> Dict[str, Any]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def _repr_svg_(self) -> Optional[str]: ...

@final
class SudokuRating:
    status: str
    puzzle: str
    er: Optional[float]
    ep: Optional[float]
    ed: Optional[float]
    level: Optional[str]
    hardest: Optional[str]
    solved_by_logic: Optional[bool]
    steps: Optional[int]
    unique: Optional[bool]
    er_at_least: Optional[float]
    error: Optional[str]
    def __new__(
        cls,
        status: str,
        puzzle: str,
        er: Optional[float],
        ep: Optional[float],
        ed: Optional[float],
        level: Optional[str],
        hardest: Optional[str],
        solved_by_logic: Optional[bool],
        steps: Optional[int],
        unique: Optional[bool],
        er_at_least: Optional[float],
        error: Optional[str],
    ) -> SudokuRating: ...
    def to_dict(self) -> Dict[str, Any]: ...

@final
class SudokuStep:
    technique: str
    rating: float
    pattern: List[str]
    placements: List[Tuple[str, int]]
    eliminations: List[Tuple[str, int]]
    explanation: str
    before: str
    index: int
    def __new__(
        cls,
        technique: str,
        rating: float,
        pattern: Sequence[str],
        placements: Sequence[Tuple[str, int]],
        eliminations: Sequence[Tuple[str, int]],
        explanation: str,
        before: str,
        index: int,
    ) -> SudokuStep: ...
    @property
    def cells(self) -> List[str]: ...
    @property
    def text(self) -> str: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def _repr_svg_(self) -> Optional[str]: ...

@final
class SudokuExplanation:
    status: str
    steps: List[SudokuStep]
    solved: bool
    grid: str
    unique: bool
    reason: Optional[str]
    def __new__(
        cls, status: str, steps: Sequence[SudokuStep], solved: bool, grid: str, unique: bool, reason: Optional[str]
    ) -> SudokuExplanation: ...
    def __len__(self) -> int: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def _repr_html_(self) -> str: ...

@final
class SudokuPuzzle:
    status: str
    puzzle: str
    givens: int
    level: Optional[str]
    seed: int
    er: Optional[float]
    def __new__(
        cls, status: str, puzzle: str, givens: int, level: Optional[str], seed: int, er: Optional[float]
    ) -> SudokuPuzzle: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def _repr_svg_(self) -> Optional[str]: ...

@final
class ColouringResult:
    instance: str
    status: str
    vertices: int
    edges: int
    k: Optional[int]
    lb: Optional[int]
    ub: Optional[int]
    proved: Optional[bool]
    clique: Optional[List[Any]]
    lb_source: Optional[str]
    ub_source: Optional[str]
    nodes: int
    failures: int
    seconds: float
    colouring: Optional[Dict[Any, int]]
    reason: Optional[str]
    def __new__(
        cls,
        instance: str,
        status: str,
        vertices: int,
        edges: int,
        k: Optional[int],
        lb: Optional[int],
        ub: Optional[int],
        proved: Optional[bool],
        clique: Optional[List[Any]],
        lb_source: Optional[str],
        ub_source: Optional[str],
        nodes: int,
        failures: int,
        seconds: float,
        colouring: Optional[Dict[Any, int]],
        reason: Optional[str],
    ) -> ColouringResult: ...
    @property
    def colours(self) -> Optional[int]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def _repr_svg_(self) -> Optional[str]: ...

@final
class TimetableInstance:
    @property
    def name(self) -> str: ...
    @property
    def format(self) -> str: ...
    @property
    def events(self) -> int: ...
    @property
    def occurrences(self) -> int: ...
    @property
    def rooms(self) -> int: ...
    @property
    def slots(self) -> int: ...

@final
class TimetableResult:
    instance: str
    status: str
    cost: Optional[int]
    seconds: float
    first_seconds: Optional[float]
    nodes: int
    moves_tried: int
    phases: List[str]
    cost_by_time: List[Tuple[float, int]]
    breakdown: Optional[Dict[str, Any]]
    placements: Records
    reason: Optional[str]
    def __new__(
        cls,
        instance: str,
        status: str,
        cost: Optional[int],
        seconds: float,
        first_seconds: Optional[float],
        nodes: int,
        moves_tried: int,
        phases: Sequence[str],
        cost_by_time: Sequence[Tuple[float, int]],
        breakdown: Optional[Dict[str, Any]],
        placements: Records,
        reason: Optional[str],
    ) -> TimetableResult: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def to_csv(self) -> Optional[str]: ...
    def _repr_html_(self) -> Optional[str]: ...

@final
class TimetableExplanation:
    status: str
    minimal: Optional[bool]
    conflict: List[str]
    events: List[str]
    solves: int
    violations: List[str]
    breakdown: Optional[Dict[str, Any]]
    def __new__(
        cls,
        status: str,
        minimal: Optional[bool],
        conflict: Sequence[str],
        events: Sequence[str],
        solves: int,
        violations: Sequence[str],
        breakdown: Optional[Dict[str, Any]],
    ) -> TimetableExplanation: ...
    def to_dict(self) -> Dict[str, Any]: ...

def sudoku_solve(puzzle: str, count: int = 1, time_limit: Optional[float] = None, method: str = "fast") -> SudokuResult: ...
def sudoku_solve_many(
    puzzles: Sequence[str], count: int = 2, jobs: int = 0, time_limit: Optional[float] = None, method: str = "fast"
) -> List[SudokuResult]: ...
def sudoku_solve_array(
    cells: bytes, width: int, count: int = 2, jobs: int = 0, time_limit: Optional[float] = None, method: str = "fast"
) -> Tuple[bytes, bytes, bytes]: ...
def sudoku_explain(puzzle: str, min_rating: float = 0.0, time_limit: Optional[float] = None) -> SudokuExplanation: ...
def sudoku_hint(puzzle: str, time_limit: Optional[float] = None) -> Optional[SudokuStep]: ...
def sudoku_rate(puzzle: str, time_limit: Optional[float] = None) -> SudokuRating: ...
def sudoku_generate(
    seed: int, level: Optional[str] = None, box: int = 3, symmetry: str = "none", time_limit: Optional[float] = None
) -> SudokuPuzzle: ...
def sudoku_svg(puzzle: str, solution: Optional[str] = None) -> str: ...
def colouring_chromatic(
    path: Optional[str] = None,
    n: int = 0,
    edges: Sequence[Tuple[int, int]] = ...,
    edge_bytes: Optional[bytes] = None,
    nodes: Optional[Sequence[Any]] = None,
    name: str = "graph",
    time_limit: Optional[float] = None,
    jobs: int = 1,
    seed: int = 1,
) -> ColouringResult: ...
def colouring_colour(
    k: int,
    path: Optional[str] = None,
    n: int = 0,
    edges: Sequence[Tuple[int, int]] = ...,
    edge_bytes: Optional[bytes] = None,
    nodes: Optional[Sequence[Any]] = None,
    name: str = "graph",
    time_limit: Optional[float] = None,
) -> ColouringResult: ...
def timetabling_load(source: str, slots: Optional[int] = None) -> TimetableInstance: ...
def timetabling_solve(
    instance: TimetableInstance, time_limit: Optional[float] = None, seed: int = 1, first: bool = False
) -> TimetableResult: ...
def timetabling_explain(instance: TimetableInstance, time_limit: Optional[float] = None) -> TimetableExplanation: ...
def study_count(source: str, is_path: bool, dir: str = ".") -> int: ...
def study_run(
    source: str, is_path: bool, dir: str = ".", start: int = 0, end: Optional[int] = None, jobs: int = 0
) -> Records: ...

@final
class ModelResult:
    instance: str
    status: str
    objective: Optional[int]
    solution: Optional[Dict[str, Any]]
    improvements: List[Tuple[float, int]]
    seconds: float
    nodes: int
    failures: int
    limit: Optional[str]
    def __new__(
        cls,
        instance: str,
        status: str,
        objective: Optional[int],
        solution: Optional[Dict[str, Any]],
        improvements: Sequence[Tuple[float, int]],
        seconds: float,
        nodes: int,
        failures: int,
        limit: Optional[str],
    ) -> ModelResult: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def __getitem__(self, key: Any, /) -> Any: ...

@final
class ModelCount:
    instance: str
    status: str
    count: int
    exact: bool
    seconds: float
    nodes: int
    limit: Optional[str]
    def __new__(
        cls,
        instance: str,
        status: str,
        count: int,
        exact: bool,
        seconds: float,
        nodes: int,
        limit: Optional[str],
    ) -> ModelCount: ...
    def to_dict(self) -> Dict[str, Any]: ...

@final
class FlatZincResult:
    status: str
    objective: Optional[int]
    solution: Optional[Dict[str, Any]]
    improvements: List[Tuple[float, int]]
    seconds: float
    nodes: int
    failures: int
    limit: Optional[str]
    def __new__(
        cls,
        status: str,
        objective: Optional[int],
        solution: Optional[Dict[str, Any]],
        improvements: Sequence[Tuple[float, int]],
        seconds: float,
        nodes: int,
        failures: int,
        limit: Optional[str],
    ) -> FlatZincResult: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def __getitem__(self, key: str, /) -> Any: ...

def model_solve(
    text: str,
    name: str = "<model>",
    time_limit: Optional[float] = None,
    seed: Optional[int] = None,
    propagation: Optional[str] = None,
    var_order: Optional[str] = None,
    value_order: Optional[str] = None,
) -> ModelResult: ...
def model_count(
    text: str, name: str = "<model>", cap: int = ..., time_limit: Optional[float] = None, propagation: Optional[str] = None
) -> ModelCount: ...
def model_check(text: str, name: str = "<model>") -> Dict[str, Any]: ...
def flatzinc_solve(
    path: Optional[str] = None, text: Optional[str] = None, time_limit: Optional[float] = None, free: bool = False, seed: int = 0
) -> FlatZincResult: ...
