"""Models written in Python: integer and boolean variables, arithmetic, comparisons, logic,
the global constraints and an objective, solved by csp's engine.

A `Model` is the `kind: csp` language underneath (``m.to_yaml()`` shows it, and
``csp solve`` runs the file ``m.write(path)`` writes), so a model means the same here and on
the command line, and every answer is checked by the language's own evaluator before it is
returned. Indices are Python's: arrays, `element` and the successors of `circuit` count
from 0.

>>> from csptk.model import Model, all_different
>>> m = Model("queens")
>>> q = m.int_array("q", 8, 0, 7)
>>> m += all_different(q)
>>> m += all_different(q[i] + i for i in range(8))
>>> m += all_different(q[i] - i for i in range(8))
>>> m.count().count
92
>>> r = m.solve()
>>> r.status, len(r["q"])
('satisfiable', 8)
"""

import builtins
import os
import re
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _native
from ._native import FlatZincResult, ModelCount, ModelResult

__all__ = [
    "BoolExpr",
    "Constraint",
    "Expr",
    "FlatZincResult",
    "Model",
    "ModelCount",
    "ModelResult",
    "VarArray",
    "abs",
    "all_different",
    "circuit",
    "cumulative",
    "disjunctive",
    "div",
    "element",
    "forbidden",
    "implies",
    "inverse",
    "is_in",
    "lex_lesseq",
    "max",
    "min",
    "mod",
    "no_overlap",
    "not_in",
    "solve_flatzinc",
    "subcircuit",
    "sum",
    "table",
    "value",
]

Number = int
Term = Union["Expr", int, bool]

# Words of the language that cannot name a variable.
_RESERVED = {
    "and", "or", "not", "in", "for", "if", "div", "mod", "true", "false", "bool",
    "sum", "min", "max", "abs", "len", "minimize", "maximize",
    "all_different", "no_overlap", "disjunctive", "cumulative", "circuit", "subcircuit",
    "inverse", "lex_lesseq", "table", "forbidden",
}
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
# The engine's values are 32-bit integers.
_MIN_VALUE, _MAX_VALUE = -(2**31), 2**31 - 1


def _expr(x: Term) -> "Expr":
    """`x` as an expression: an `Expr` as it is, an integer (or bool) as a constant."""
    if isinstance(x, Expr):
        return x
    if isinstance(x, (bool, int)):
        return _Const(int(x))
    # NumPy integers and the like.
    if hasattr(x, "__index__"):
        return _Const(x.__index__())
    raise TypeError(f"expected an expression or an integer, found {type(x).__name__}: {x!r}")


def _num(n: int) -> str:
    """A constant as the language reads it anywhere (a negative one in parentheses)."""
    return str(n) if n >= 0 else f"({n})"


def _truncdiv(a: int, b: int) -> int:
    q = builtins.abs(a) // builtins.abs(b)
    return q if (a >= 0) == (b >= 0) else -q


class Expr:
    """An integer expression over the model's variables. Arithmetic (``+ - *``, `div`, `mod`,
    ``abs()``), comparisons (``== != < <= > >=``, each a `BoolExpr`) and indexing build
    larger ones; a comparison counts 1 when true, so ``sum(x == 3 for x in xs)`` counts."""

    __slots__ = ()

    def _text(self) -> str:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def _value(self, sol: Dict[str, Any]) -> int:  # pragma: no cover
        raise NotImplementedError

    # An expression is hashed by identity (so variables can be dict keys); `==` builds a
    # constraint, it does not compare.
    __hash__ = object.__hash__

    def __add__(self, other: Term) -> "Expr":
        return _Lin.of(self).plus(_expr(other), 1)

    def __radd__(self, other: Term) -> "Expr":
        return _Lin.of(_expr(other)).plus(self, 1)

    def __sub__(self, other: Term) -> "Expr":
        return _Lin.of(self).plus(_expr(other), -1)

    def __rsub__(self, other: Term) -> "Expr":
        return _Lin.of(_expr(other)).plus(self, -1)

    def __neg__(self) -> "Expr":
        return _Lin.of(_Const(0)).plus(self, -1)

    def __pos__(self) -> "Expr":
        return self

    def __mul__(self, other: Term) -> "Expr":
        o = _expr(other)
        if isinstance(o, _Const):
            return _Lin.of(_Const(0)).plus(self, o.value)
        if isinstance(self, _Const):
            return _Lin.of(_Const(0)).plus(o, self.value)
        return _Binary("*", self, o)

    def __rmul__(self, other: Term) -> "Expr":
        return _expr(other).__mul__(self)

    def __floordiv__(self, other: Term) -> "Expr":
        raise TypeError("`//` rounds down in Python but toward zero in a model: write div(a, b)")

    __rfloordiv__ = __floordiv__

    def __mod__(self, other: Term) -> "Expr":
        raise TypeError("`%` follows `//` in Python but `div` in a model: write mod(a, b)")

    __rmod__ = __mod__

    def __abs__(self) -> "Expr":
        return _Call("abs", [self])

    def __eq__(self, other: object) -> "BoolExpr":  # type: ignore[override]
        if not isinstance(other, (Expr, int)):
            return NotImplemented
        return _Compare("==", self, _expr(other))

    def __ne__(self, other: object) -> "BoolExpr":  # type: ignore[override]
        if not isinstance(other, (Expr, int)):
            return NotImplemented
        return _Compare("!=", self, _expr(other))

    def __lt__(self, other: Term) -> "BoolExpr":
        return _Compare("<", self, _expr(other))

    def __le__(self, other: Term) -> "BoolExpr":
        return _Compare("<=", self, _expr(other))

    def __gt__(self, other: Term) -> "BoolExpr":
        return _Compare(">", self, _expr(other))

    def __ge__(self, other: Term) -> "BoolExpr":
        return _Compare(">=", self, _expr(other))

    def __bool__(self) -> bool:
        raise TypeError(
            "an expression over variables has no truth value in Python; add it to the model "
            "(m += x < y), or combine with & | ~ and implies()"
        )

    def __repr__(self) -> str:
        return self._text()


class BoolExpr(Expr):
    """A truth value: a comparison, a boolean variable, or ``&`` (and), ``|`` (or), ``~``
    (not), ``^`` (xor) and `implies` of those. As a number it is 1 when true."""

    __slots__ = ()

    def __and__(self, other: "BoolLike") -> "BoolExpr":
        return _Logic("and", self, _bool(other))

    def __rand__(self, other: "BoolLike") -> "BoolExpr":
        return _Logic("and", _bool(other), self)

    def __or__(self, other: "BoolLike") -> "BoolExpr":
        return _Logic("or", self, _bool(other))

    def __ror__(self, other: "BoolLike") -> "BoolExpr":
        return _Logic("or", _bool(other), self)

    def __xor__(self, other: "BoolLike") -> "BoolExpr":
        return _Not(_Logic("<->", self, _bool(other)))

    def __rxor__(self, other: "BoolLike") -> "BoolExpr":
        return _Not(_Logic("<->", _bool(other), self))

    def __invert__(self) -> "BoolExpr":
        return _Not(self)

    def implies(self, other: "BoolLike") -> "BoolExpr":
        """``self -> other``."""
        return _Logic("->", self, _bool(other))

    def iff(self, other: "BoolLike") -> "BoolExpr":
        """``self <-> other``."""
        return _Logic("<->", self, _bool(other))

    def _holds(self, sol: Dict[str, Any]) -> bool:  # pragma: no cover
        raise NotImplementedError

    def _value(self, sol: Dict[str, Any]) -> int:
        return int(self._holds(sol))


BoolLike = Union[BoolExpr, bool]


def _bool(x: BoolLike) -> BoolExpr:
    if isinstance(x, BoolExpr):
        return x
    if isinstance(x, bool):
        return _Truth(x)
    raise TypeError(
        f"expected a truth value (a comparison, a boolean variable, True or False), found {x!r}"
    )


class _Const(Expr):
    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def _text(self) -> str:
        return _num(self.value)

    def _value(self, sol: Dict[str, Any]) -> int:
        return self.value


class _Truth(BoolExpr):
    __slots__ = ("value",)

    def __init__(self, value: bool) -> None:
        self.value = value

    def _text(self) -> str:
        return "true" if self.value else "false"

    def _holds(self, sol: Dict[str, Any]) -> bool:
        return self.value


class _Var(Expr):
    """An integer variable, alone or an element of an array (`path` its indices from 0)."""

    __slots__ = ("name", "path")

    def __init__(self, name: str, path: Tuple[int, ...] = ()) -> None:
        self.name = name
        self.path = path

    def _text(self) -> str:
        if not self.path:
            return self.name
        return f"{self.name}[{', '.join(str(i + 1) for i in self.path)}]"

    def _raw(self, sol: Dict[str, Any]) -> Any:
        v = sol[self.name]
        for i in self.path:
            v = v[i]
        return v

    def _value(self, sol: Dict[str, Any]) -> int:
        return int(self._raw(sol))


class _BoolVar(_Var, BoolExpr):
    __slots__ = ()

    def _holds(self, sol: Dict[str, Any]) -> bool:
        return bool(self._raw(sol))


class _Lin(Expr):
    """``c + Σ aᵢ·eᵢ``, kept flat so that a long sum stays one linear constraint."""

    __slots__ = ("terms", "const")

    def __init__(self, terms: List[Tuple[int, Expr]], const: int) -> None:
        self.terms = terms
        self.const = const

    @staticmethod
    def of(e: Expr) -> "_Lin":
        if isinstance(e, _Lin):
            return _Lin(list(e.terms), e.const)
        if isinstance(e, _Const):
            return _Lin([], e.value)
        return _Lin([(1, e)], 0)

    def plus(self, e: Expr, k: int) -> "_Lin":
        if isinstance(e, _Const):
            self.const += k * e.value
        elif isinstance(e, _Lin):
            self.terms.extend((k * a, x) for a, x in e.terms)
            self.const += k * e.const
        else:
            self.terms.append((k, e))
        return self

    def _text(self) -> str:
        parts = []
        for a, x in self.terms:
            if a == 1:
                parts.append(x._text())
            elif a != 0:
                parts.append(f"{_num(a)} * {x._text()}")
        if self.const or not parts:
            parts.append(_num(self.const))
        # A long sum as one list (an operator chain has a length limit).
        if len(parts) > 8:
            return f"sum([{', '.join(parts)}])"
        return "(" + " + ".join(parts) + ")"

    def _value(self, sol: Dict[str, Any]) -> int:
        return self.const + builtins.sum(a * x._value(sol) for a, x in self.terms)


class _Binary(Expr):
    __slots__ = ("op", "a", "b")

    def __init__(self, op: str, a: Expr, b: Expr) -> None:
        self.op, self.a, self.b = op, a, b

    def _text(self) -> str:
        return f"({self.a._text()} {self.op} {self.b._text()})"

    def _value(self, sol: Dict[str, Any]) -> int:
        x, y = self.a._value(sol), self.b._value(sol)
        if self.op == "*":
            return x * y
        if y == 0:
            raise ZeroDivisionError(f"{self._text()}: division by zero")
        q = _truncdiv(x, y)
        return q if self.op == "div" else x - q * y


class _Call(Expr):
    __slots__ = ("f", "args")

    def __init__(self, f: str, args: List[Expr]) -> None:
        self.f, self.args = f, args

    def _text(self) -> str:
        inner = ", ".join(a._text() for a in self.args)
        return f"{self.f}([{inner}])" if self.f in ("min", "max") else f"{self.f}({inner})"

    def _value(self, sol: Dict[str, Any]) -> int:
        vs = [a._value(sol) for a in self.args]
        if self.f == "abs":
            return builtins.abs(vs[0])
        return builtins.min(vs) if self.f == "min" else builtins.max(vs)


class _Element(Expr):
    """``items[index]`` for a variable index (from 0)."""

    __slots__ = ("items", "index", "named")

    def __init__(self, items: List[Expr], index: Expr, named: Optional[str]) -> None:
        self.items, self.index, self.named = items, index, named

    def _text(self) -> str:
        base = self.named or "[" + ", ".join(x._text() for x in self.items) + "]"
        return f"{base}[{(self.index + 1)._text()}]"

    def _value(self, sol: Dict[str, Any]) -> int:
        i = self.index._value(sol)
        if not 0 <= i < len(self.items):
            raise IndexError(f"{self._text()}: index {i} outside 0..{len(self.items) - 1}")
        return self.items[i]._value(sol)


class _Compare(BoolExpr):
    __slots__ = ("op", "a", "b")

    def __init__(self, op: str, a: Expr, b: Expr) -> None:
        self.op, self.a, self.b = op, a, b

    def _text(self) -> str:
        return f"({self.a._text()} {self.op} {self.b._text()})"

    def __bool__(self) -> bool:
        # Between two variables (as `in`, `list.index` and dict lookups ask): the same one?
        if self.op in ("==", "!=") and isinstance(self.a, _Var) and isinstance(self.b, _Var):
            return (self.a is self.b) == (self.op == "==")
        return super().__bool__()

    def _holds(self, sol: Dict[str, Any]) -> bool:
        x, y = self.a._value(sol), self.b._value(sol)
        return {"==": x == y, "!=": x != y, "<": x < y, "<=": x <= y, ">": x > y,
                ">=": x >= y}[self.op]


class _Logic(BoolExpr):
    __slots__ = ("op", "a", "b")

    def __init__(self, op: str, a: BoolExpr, b: BoolExpr) -> None:
        self.op, self.a, self.b = op, a, b

    def _text(self) -> str:
        return f"({self.a._text()} {self.op} {self.b._text()})"

    def _holds(self, sol: Dict[str, Any]) -> bool:
        p, q = self.a._holds(sol), self.b._holds(sol)
        return {"and": p and q, "or": p or q, "->": (not p) or q, "<->": p == q}[self.op]


class _Not(BoolExpr):
    __slots__ = ("a",)

    def __init__(self, a: BoolExpr) -> None:
        self.a = a

    def _text(self) -> str:
        return f"(not {self.a._text()})"

    def _holds(self, sol: Dict[str, Any]) -> bool:
        return not self.a._holds(sol)


class _Member(BoolExpr):
    __slots__ = ("a", "values", "negated")

    def __init__(self, a: Expr, values: Union[range, List[int]], negated: bool) -> None:
        self.a, self.values, self.negated = a, values, negated

    def _text(self) -> str:
        v = self.values
        if isinstance(v, range) and len(v) > 0:
            s = f"{_num(v.start)}..{_num(v.stop - 1)}"
        else:
            s = "[" + ", ".join(str(i) for i in v) + "]"
        return f"({self.a._text()} {'not in' if self.negated else 'in'} {s})"

    def _holds(self, sol: Dict[str, Any]) -> bool:
        return (self.a._value(sol) in self.values) != self.negated


class Constraint:
    """A global constraint (`all_different`, `circuit`, …): stated on its own, not combined."""

    __slots__ = ("_src",)

    def __init__(self, text: str) -> None:
        self._src = text

    def _text(self) -> str:
        return self._src

    def __repr__(self) -> str:
        return self._src

    def __bool__(self) -> bool:
        raise TypeError("a global constraint has no truth value in Python; add it to the model")


class VarArray:
    """An array of variables: ``a[i]``, ``a[i, j]`` (from 0), ``a[x]`` for a variable `x`
    (1-dimensional arrays), iteration over the first index, ``len(a)``; ``a.flat`` lists
    every element."""

    def __init__(self, name: str, shape: Tuple[int, ...], boolean: bool) -> None:
        self.name, self.shape, self.boolean = name, shape, boolean
        make = _BoolVar if boolean else _Var
        self.flat: List[Expr] = [make(name, p) for p in _positions(shape)]

    def __len__(self) -> int:
        return self.shape[0]

    def _at(self, idx: Tuple[int, ...]) -> Expr:
        flat = 0
        for i, n in zip(idx, self.shape):
            flat = flat * n + i
        return self.flat[flat]

    def __getitem__(self, key: Any) -> Any:
        if not isinstance(key, tuple):
            key = (key,)
        if any(isinstance(k, Expr) for k in key):
            if len(self.shape) != 1 or len(key) != 1:
                raise TypeError(f"{self.name}: a variable index works on 1-dimensional arrays")
            return _Element(self.flat, key[0], self.name)
        if len(key) > len(self.shape):
            raise IndexError(f"{self.name} has {len(self.shape)} indices, found {len(key)}")
        ranges = []
        for k, n in zip(key, self.shape):
            if isinstance(k, slice):
                ranges.append(list(range(n))[k])
            else:
                i = k.__index__()
                if not -n <= i < n:
                    raise IndexError(f"{self.name}: index {i} outside 0..{n - 1}")
                ranges.append([i % n])
        ranges += [list(range(n)) for n in self.shape[len(key):]]
        keep = [isinstance(k, slice) for k in key] + [True] * (len(self.shape) - len(key))
        return _pick(self, ranges, keep, ())

    def __iter__(self) -> Iterator[Any]:
        return (self[i] for i in range(self.shape[0]))

    def __repr__(self) -> str:
        dims = ", ".join(f"0..{n - 1}" for n in self.shape)
        return f"VarArray({self.name}[{dims}]{', bool' if self.boolean else ''})"


def _positions(shape: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
    if not shape:
        yield ()
        return
    for i in range(shape[0]):
        for rest in _positions(shape[1:]):
            yield (i,) + rest


def _pick(a: VarArray, ranges: List[List[int]], keep: List[bool], at: Tuple[int, ...]) -> Any:
    d = len(at)
    if d == len(ranges):
        return a._at(at)
    if keep[d]:
        return [_pick(a, ranges, keep, at + (i,)) for i in ranges[d]]
    return _pick(a, ranges, keep, at + (ranges[d][0],))


def _exprs(xs: Any, what: str) -> List[Expr]:
    if isinstance(xs, VarArray):
        return list(xs.flat)
    try:
        return [_expr(x) for x in xs]
    except TypeError as e:
        raise TypeError(f"{what}: {e}") from None


def _ints(xs: Iterable[Any], what: str) -> List[int]:
    out = []
    for x in xs:
        if isinstance(x, Expr) or not hasattr(x, "__index__"):
            raise TypeError(f"{what}: expected integers, found {x!r}")
        out.append(x.__index__())
    return out


def _list(xs: Sequence[Expr]) -> str:
    return "[" + ", ".join(x._text() for x in xs) + "]"


def _plus_one(xs: Sequence[Expr]) -> str:
    return _list([x + 1 for x in xs])


# Arithmetic and logic -----------------------------------------------------------------------


def div(a: Term, b: Term) -> Expr:
    """``a div b``: integer division rounding toward zero (as MiniZinc), unlike ``//``."""
    return _Binary("div", _expr(a), _expr(b))


def mod(a: Term, b: Term) -> Expr:
    """``a mod b``: the remainder of `div`, with the sign of `a`."""
    return _Binary("mod", _expr(a), _expr(b))


def abs(x: Term) -> Any:  # noqa: A001 - the model's abs, falling back to Python's
    """``|x|``; Python's ``abs`` for a number."""
    return x.__abs__() if isinstance(x, Expr) else builtins.abs(x)


def sum(xs: Iterable[Term], start: Term = 0) -> Any:  # noqa: A001
    """``Σ xs``, one flat linear sum however long; Python's ``sum`` for numbers."""
    items = list(xs)
    if not any(isinstance(x, Expr) for x in items) and not isinstance(start, Expr):
        return builtins.sum(items, start)
    total = _Lin.of(_expr(start))
    for x in items:
        total.plus(_expr(x), 1)
    return total


def _extremum(f: str, args: Tuple[Any, ...]) -> Any:
    items = list(args[0]) if len(args) == 1 else list(args)
    if not items:
        raise ValueError(f"{f}() of nothing")
    if not any(isinstance(x, Expr) for x in items):
        return builtins.min(items) if f == "min" else builtins.max(items)
    return _Call(f, [_expr(x) for x in items])


def min(*args: Any) -> Any:  # noqa: A001
    """The least of a list (or of the arguments); Python's ``min`` for numbers."""
    return _extremum("min", args)


def max(*args: Any) -> Any:  # noqa: A001
    """The greatest of a list (or of the arguments); Python's ``max`` for numbers."""
    return _extremum("max", args)


def element(items: Any, index: Term) -> Expr:
    """``items[index]`` for a variable `index` (from 0): constants, variables or expressions."""
    named = items.name if isinstance(items, VarArray) and len(items.shape) == 1 else None
    xs = _exprs(items, "element")
    if not xs:
        raise ValueError("element of an empty list")
    return _Element(xs, _expr(index), named)


def implies(p: BoolLike, q: BoolLike) -> BoolExpr:
    """``p -> q``."""
    return _bool(p).implies(q)


def _member(x: Term, values: Union[range, Iterable[int]], negated: bool) -> BoolExpr:
    vs: Union[range, List[int]] = values if isinstance(values, range) else _ints(values, "in")
    if isinstance(vs, range) and vs.step != 1:
        vs = list(vs)
    return _Member(_expr(x), vs, negated)


def is_in(x: Term, values: Union[range, Iterable[int]]) -> BoolExpr:
    """``x in values``: a range or a list of constants."""
    return _member(x, values, False)


def not_in(x: Term, values: Union[range, Iterable[int]]) -> BoolExpr:
    """``x not in values``."""
    return _member(x, values, True)


# Global constraints -----------------------------------------------------------------------


def all_different(xs: Any) -> Constraint:
    """All of `xs` differ (``q[i] + i`` keeps the offset inside the engine's all-different)."""
    return Constraint(f"all_different({_list(_exprs(xs, 'all_different'))})")


def no_overlap(starts: Any, durations: Iterable[int]) -> Constraint:
    """Tasks starting at `starts` and lasting `durations` (constants) do not overlap in time."""
    s, d = _exprs(starts, "no_overlap"), _ints(durations, "no_overlap durations")
    if len(s) != len(d):
        raise ValueError(f"no_overlap: {len(s)} starts but {len(d)} durations")
    return Constraint(f"no_overlap({_list(s)}, {d})")


def disjunctive(starts: Any, durations: Iterable[int]) -> Constraint:
    """The same as `no_overlap`."""
    return no_overlap(starts, durations)


def cumulative(starts: Any, durations: Iterable[int], uses: Iterable[int], capacity: int) -> Constraint:
    """Tasks using `uses` of a resource of `capacity` at every time (durations, uses and
    capacity constant)."""
    s = _exprs(starts, "cumulative")
    d, u = _ints(durations, "cumulative durations"), _ints(uses, "cumulative uses")
    if not len(s) == len(d) == len(u):
        raise ValueError(f"cumulative: {len(s)} starts, {len(d)} durations, {len(u)} uses")
    cap = _ints([capacity], "cumulative capacity")[0]
    return Constraint(f"cumulative({_list(s)}, {d}, {u}, {cap})")


def circuit(succ: Any) -> Constraint:
    """`succ[i]` is the node after `i` (from 0) on one cycle through every node."""
    return Constraint(f"circuit({_plus_one(_exprs(succ, 'circuit'))})")


def subcircuit(succ: Any) -> Constraint:
    """As `circuit`, where a node may stay out of the cycle (``succ[i] == i``)."""
    return Constraint(f"subcircuit({_plus_one(_exprs(succ, 'subcircuit'))})")


def inverse(f: Any, g: Any) -> Constraint:
    """``g[f[i]] == i`` and ``f[g[j]] == j`` (from 0)."""
    return Constraint(
        f"inverse({_plus_one(_exprs(f, 'inverse'))}, {_plus_one(_exprs(g, 'inverse'))})"
    )


def lex_lesseq(xs: Any, ys: Any) -> Constraint:
    """`xs` is lexicographically at most `ys`."""
    return Constraint(f"lex_lesseq({_list(_exprs(xs, 'lex_lesseq'))}, {_list(_exprs(ys, 'lex_lesseq'))})")


def _rows(xs: Any, tuples: Iterable[Iterable[int]], what: str) -> str:
    x = _exprs(xs, what)
    rows = [_ints(t, what) for t in tuples]
    for i, r in enumerate(rows):
        if len(r) != len(x):
            raise ValueError(f"{what}: tuple {i} has {len(r)} values, the table {len(x)} variables")
    return f"{what}({_list(x)}, [{', '.join(str(r) for r in rows)}])"


def table(xs: Any, tuples: Iterable[Iterable[int]]) -> Constraint:
    """`xs` takes the values of one of `tuples` (a list of lists of integers, or a 2-D NumPy
    array)."""
    return Constraint(_rows(xs, tuples, "table"))


def forbidden(xs: Any, tuples: Iterable[Iterable[int]]) -> Constraint:
    """`xs` takes the values of none of `tuples` (a negative table; a list of lists of
    integers, or a 2-D NumPy array)."""
    return Constraint(_rows(xs, tuples, "forbidden"))


# The model ---------------------------------------------------------------------------------


class Model:
    """Variables, constraints and an optional objective.

    ``m += c`` (or ``m.add(c)``) states a constraint: a comparison or logic of them, a global
    constraint, or a list of those."""

    def __init__(self, name: str = "model") -> None:
        self.name = name
        self._decls: List[Tuple[str, str]] = []
        self._names: Dict[str, object] = {}
        self._constraints: List[str] = []
        self._objective: Optional[str] = None
        self._auto = 0

    # Variables --------------------------------------------------------------------------

    def _claim(self, name: Optional[str], what: object) -> str:
        if name is None:
            # Outside the names a caller may give (those start with a letter).
            self._auto += 1
            name = f"_v{self._auto}"
            self._names[name] = what
            return name
        if not isinstance(name, str) or not _NAME.match(name) or name in _RESERVED:
            raise ValueError(
                f"{name!r} cannot name a variable: a letter then letters, digits or _, and "
                "not a word of the language"
            )
        if name in self._names:
            raise ValueError(f"{name!r} is already declared")
        self._names[name] = what
        return name

    @staticmethod
    def _domain(lo: Optional[int], hi: Optional[int], values: Optional[Iterable[int]]) -> str:
        if values is not None:
            if lo is not None or hi is not None:
                raise ValueError("give bounds or values, not both")
            vs = sorted(set(_ints(values, "values")))
            if not vs:
                raise ValueError("an empty domain")
            _check_value(vs[0])
            _check_value(vs[-1])
            return "[" + ", ".join(str(v) for v in vs) + "]"
        if lo is None or hi is None:
            raise ValueError("an integer variable needs bounds (lo, hi) or values")
        lo, hi = _ints([lo, hi], "bounds")
        _check_value(lo)
        _check_value(hi)
        if lo > hi:
            raise ValueError(f"an empty domain: {lo}..{hi}")
        return f"{_num(lo)}..{_num(hi)}"

    def int_var(self, lo: Optional[int] = None, hi: Optional[int] = None, name: Optional[str] = None,
                values: Optional[Iterable[int]] = None) -> Expr:
        """An integer variable from `lo` to `hi` (or over `values`)."""
        domain = self._domain(lo, hi, values)
        v = _Var("")
        v.name = self._claim(name, v)
        self._decls.append((v.name, domain))
        return v

    def bool_var(self, name: Optional[str] = None) -> BoolExpr:
        """A boolean variable (0 or 1 in sums)."""
        v = _BoolVar("")
        v.name = self._claim(name, v)
        self._decls.append((v.name, "bool"))
        return v

    def int_array(self, name: str, shape: Union[int, Tuple[int, ...]], lo: Optional[int] = None,
                  hi: Optional[int] = None, values: Optional[Iterable[int]] = None) -> VarArray:
        """An array of integer variables of `shape` (a length, or a tuple of them)."""
        dims = _shape(shape)
        domain = self._domain(lo, hi, values)
        a = VarArray(self._claim(name, None), dims, False)
        self._names[a.name] = a
        self._decls.append((f"{a.name}[{', '.join(f'1..{n}' for n in dims)}]", domain))
        return a

    def bool_array(self, name: str, shape: Union[int, Tuple[int, ...]]) -> VarArray:
        """An array of boolean variables of `shape`."""
        dims = _shape(shape)
        a = VarArray(self._claim(name, None), dims, True)
        self._names[a.name] = a
        self._decls.append((f"{a.name}[{', '.join(f'1..{n}' for n in dims)}]", "bool"))
        return a

    # Constraints and the objective -----------------------------------------------------------

    def add(self, c: Any) -> "Model":
        """States `c`: a comparison, logic of comparisons, a boolean variable, a global
        constraint, True/False, or a list of those."""
        if isinstance(c, (list, tuple)) or (hasattr(c, "__iter__") and not isinstance(c, (Expr, Constraint, str))):
            for x in c:
                self.add(x)
            return self
        if isinstance(c, Constraint):
            self._constraints.append(c._text())
        elif isinstance(c, (BoolExpr, bool)):
            self._constraints.append(_bool(c)._text())
        else:
            raise TypeError(
                f"a constraint is a comparison, logic of them or a global constraint; found {c!r}"
            )
        return self

    def __iadd__(self, c: Any) -> "Model":
        return self.add(c)

    def minimize(self, e: Term) -> None:
        """Solve for the least value of `e`."""
        self._objective = f"minimize {_expr(e)._text()}"

    def maximize(self, e: Term) -> None:
        """Solve for the greatest value of `e`."""
        self._objective = f"maximize {_expr(e)._text()}"

    # The language ------------------------------------------------------------------------

    def to_yaml(self) -> str:
        """The model as a `kind: csp` file (what ``csp solve`` reads)."""
        lines = ["kind: csp", f"name: {_quote(self.name)}", "variables:"]
        lines += [f"  {_quote(n)}: {_quote(d)}" for n, d in self._decls] or ["  {}"]
        if self._constraints:
            lines.append("constraints:")
            lines += [f"  - {_quote(c)}" for c in self._constraints]
        if self._objective:
            lines.append(f"objective: {_quote(self._objective)}")
        return "\n".join(lines) + "\n"

    def write(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes `to_yaml()` to `path`, for ``csp solve``."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_yaml())

    def check(self) -> Dict[str, Any]:
        """Reads the model as ``csp solve`` would: `InputError` where it is wrong, else its size
        (variables and constraints, the auxiliary ones included)."""
        return dict(_native.model_check(self.to_yaml(), self._label()))

    def _label(self) -> str:
        return f"<model {self.name}>"

    # Solving -------------------------------------------------------------------------------

    def solve(self, time_limit: Optional[float] = None, seed: Optional[int] = None,
              propagation: Optional[str] = None, var_order: Optional[str] = None,
              value_order: Optional[str] = None) -> ModelResult:
        """The first solution (``satisfiable``), or with an objective the optimum (``optimal``
        when proved, ``satisfiable`` with the best found when `time_limit` came first);
        ``unsatisfiable`` or ``unknown`` otherwise. ``r["q"]``, ``r[q]`` or ``r[expr]`` read
        values; ``r.improvements`` lists (seconds, objective) as they were found."""
        return _native.model_solve(self.to_yaml(), self._label(), time_limit, seed, propagation,
                                   var_order, value_order)

    def count(self, limit: Optional[int] = None, time_limit: Optional[float] = None,
              propagation: Optional[str] = None) -> ModelCount:
        """The number of solutions, up to `limit` (`exact` when all were counted)."""
        cap = 2**64 - 1 if limit is None else limit
        if cap < 1:
            raise ValueError("limit must be at least 1")
        return _native.model_count(self.to_yaml(), self._label(), cap, time_limit, propagation)

    def __repr__(self) -> str:
        return (f"Model({self.name!r}: {len(self._decls)} declarations, "
                f"{len(self._constraints)} constraints{', ' + self._objective if self._objective else ''})")


def _shape(shape: Union[int, Tuple[int, ...]]) -> Tuple[int, ...]:
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    if not dims or any(not isinstance(n, int) or n < 1 for n in dims):
        raise ValueError(f"a shape is one or more positive lengths, not {shape!r}")
    return dims


def _check_value(v: int) -> None:
    if not _MIN_VALUE <= v <= _MAX_VALUE:
        raise ValueError(f"{v} is past the engine's 32-bit values")


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def value(result: Union[ModelResult, Dict[str, Any]], e: Any) -> Any:
    """The value of `e` (a variable, an array, an expression) in a result's solution."""
    sol = result.solution if isinstance(result, ModelResult) else result
    if sol is None:
        raise ValueError("no solution")
    if isinstance(e, str):
        return sol[e]
    if isinstance(e, VarArray):
        return sol[e.name]
    if isinstance(e, (list, tuple)):
        return [value(sol, x) for x in e]
    if isinstance(e, _BoolVar):
        return bool(e._raw(sol))
    if isinstance(e, BoolExpr):
        return e._holds(sol)
    if isinstance(e, Expr):
        return e._value(sol)
    raise TypeError(f"cannot read {e!r} from a solution")


def solve_flatzinc(source: Union[str, "os.PathLike[str]"], time_limit: Optional[float] = None,
                   free: bool = False, seed: int = 0) -> FlatZincResult:
    """Solves a FlatZinc model (a ``.fzn`` path, or its text) as ``csp fzn`` does with one
    thread: the first solution, or the optimum; the output variables by name in
    ``r.solution``, each answer checked by the FlatZinc checker. The model's search
    annotations lead unless `free`."""
    if isinstance(source, os.PathLike) or ("\n" not in source and ";" not in source):
        return _native.flatzinc_solve(os.fspath(source), None, time_limit, free, seed)
    return _native.flatzinc_solve(None, source, time_limit, free, seed)
