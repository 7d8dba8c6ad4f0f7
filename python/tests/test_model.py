"""csptk.model: models built in Python agree with brute force written here (Python's own
arithmetic, rounding toward zero for div/mod as the language says), with known results, and
with `csp solve` on the file they write; FlatZinc solved and checked."""

import itertools
import json
import pickle
import random
import subprocess

import pytest

import csptk.model as cm
from conftest import csp_binary
from csptk import InputError
from csptk.model import Model, all_different


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def queens(n):
    m = Model(f"queens{n}")
    q = m.int_array("q", n, 0, n - 1)
    m += all_different(q)
    m += all_different(q[i] + i for i in range(n))
    m += all_different(q[i] - i for i in range(n))
    return m, q


def test_queens_count_and_a_solution_checked_here():
    m, q = queens(8)
    c = m.count()
    assert (c.status, c.count, c.exact) == ("satisfiable", 92, True)
    r = m.solve()
    s = r[q]
    assert r.status == "satisfiable" and sorted(s) == list(range(8))
    assert all(abs(s[i] - s[j]) != j - i for i in range(8) for j in range(i + 1, 8))
    assert r["q"] == s and r[q[0] + q[1]] == s[0] + s[1] and r[q[3]] == s[3]


def test_knapsack_optimum_is_brute_force():
    rng = random.Random(7)
    for _ in range(10):
        n = 8
        w = [rng.randint(1, 20) for _ in range(n)]
        v = [rng.randint(0, 30) for _ in range(n)]
        cap = rng.randint(10, 60)
        m = Model("knapsack")
        x = m.bool_array("x", n)
        m += cm.sum(w[i] * x[i] for i in range(n)) <= cap
        m.maximize(sum(v[i] * x[i] for i in range(n)))
        r = m.solve()
        best = max(
            sum(v[i] for i in range(n) if bits[i])
            for bits in itertools.product([0, 1], repeat=n)
            if sum(w[i] for i in range(n) if bits[i]) <= cap
        )
        assert r.status == "optimal" and r.objective == best
        assert sum(w[i] for i in range(n) if r[x][i]) <= cap
        assert r.improvements and r.improvements[-1][1] == best


# Random models over three small variables, checked against every assignment.
DOMAINS = {"x": range(-2, 3), "y": range(-1, 4), "z": range(0, 3)}


def random_int(rng, v, depth):
    if depth == 0 or rng.random() < 0.3:
        return rng.choice([v["x"], v["y"], v["z"], rng.randint(-3, 3)])
    a, b = random_int(rng, v, depth - 1), random_int(rng, v, depth - 1)
    k = rng.randrange(11)
    if k == 0:
        return a + b
    if k == 1:
        return a - b
    if k == 2:
        return a * b
    if k == 3:
        return cm.div(a, b)
    if k == 4:
        return cm.mod(a, b)
    if k == 5:
        return cm.abs(a)
    if k == 6:
        return cm.min(a, b, v["z"])
    if k == 7:
        return cm.max([a, b])
    if k == 8:
        return cm.element([3, v["x"], -1], v["z"])
    if k == 9:
        return -a + 2 * b
    return cm.sum([a, b, v["x"] == v["y"]])


def random_bool(rng, v, depth):
    ops = [lambda a, b: a == b, lambda a, b: a != b, lambda a, b: a < b, lambda a, b: a <= b,
           lambda a, b: a > b, lambda a, b: a >= b]
    if depth == 0 or rng.random() < 0.3:
        k = rng.randrange(4)
        a = random_int(rng, v, 1)
        if k == 0:
            return cm.is_in(a, rng.choice([range(-1, 2), [0, 2, 5]]))
        if k == 1:
            return cm.not_in(a, [1, -2])
        return rng.choice(ops)(a, random_int(rng, v, 1))
    p, q = random_bool(rng, v, depth - 1), random_bool(rng, v, depth - 1)
    return rng.choice([lambda: p & q, lambda: p | q, lambda: ~p, lambda: p ^ q,
                       lambda: p.implies(q), lambda: p.iff(q)])()


def python_holds(c, env):
    """The constraint on one assignment, by the builder's own Python evaluation."""
    try:
        return cm.value(env, c)
    except (ZeroDivisionError, IndexError):
        return False  # undefined: the constraint fails, as the language says


def test_random_models_agree_with_brute_force():
    rng = random.Random(2026)
    for seed in range(150):
        m = Model(f"random{seed}")
        v = {name: m.int_var(d.start, d.stop - 1, name) for name, d in DOMAINS.items()}
        cs = [random_bool(rng, v, 2) for _ in range(rng.randint(1, 2))]
        for c in cs:
            m += c
        expected = 0
        for vals in itertools.product(*DOMAINS.values()):
            env = dict(zip(DOMAINS, vals))
            expected += all(python_holds(c, env) for c in cs)
        try:
            got = m.count()
        except InputError as e:
            # A constant division by zero is refused when the model is read.
            assert "zero" in str(e), (e, m.to_yaml())
            continue
        assert got.count == expected and got.exact, (seed, m.to_yaml())
        if expected:
            r = m.solve()
            assert all(python_holds(c, r.solution) for c in cs), m.to_yaml()


def test_random_objectives_reach_brute_force():
    rng = random.Random(51)
    for seed in range(60):
        m = Model(f"objective{seed}")
        v = {name: m.int_var(d.start, d.stop - 1, name) for name, d in DOMAINS.items()}
        c = random_bool(rng, v, 1)
        m += c
        obj = v["y"] + random_int(rng, v, 2)
        minimize = rng.random() < 0.5
        (m.minimize if minimize else m.maximize)(obj)
        values = []
        for vals in itertools.product(*DOMAINS.values()):
            env = dict(zip(DOMAINS, vals))
            if python_holds(c, env):
                try:
                    values.append(cm.value(env, obj))
                except (ZeroDivisionError, IndexError):
                    pass
        try:
            r = m.solve()
        except InputError as e:
            assert "zero" in str(e), (e, m.to_yaml())
            continue
        if not values:
            assert r.status == "unsatisfiable", m.to_yaml()
        else:
            want = min(values) if minimize else max(values)
            assert (r.status, r.objective) == ("optimal", want), m.to_yaml()


def test_globals_and_tables():
    m = Model("tour")
    succ = m.int_array("succ", 5, 0, 4)
    m += cm.circuit(succ)
    dist = [[0, 3, 4, 2, 7], [3, 0, 4, 6, 3], [4, 4, 0, 5, 8], [2, 6, 5, 0, 6], [7, 3, 8, 6, 0]]
    m.minimize(cm.sum(cm.element(dist[i], succ[i]) for i in range(5)))
    r = m.solve()
    best = min(
        sum(dist[t[i]][t[(i + 1) % 5]] for i in range(5))
        for p in itertools.permutations(range(1, 5))
        for t in [(0,) + p]
    )
    assert (r.status, r.objective) == ("optimal", best)
    s = r[succ]
    seen, at = set(), 0
    for _ in range(5):
        seen.add(at)
        at = s[at]
    assert seen == set(range(5)) and at == 0

    m = Model("table")
    a = m.int_array("a", 2, 0, 3)
    m += cm.table(a, [[0, 1], [2, 3], [3, 3]])
    m += a[0] >= 1
    assert m.count().count == 2

    m = Model("forbidden")
    a = m.int_array("a", 3, 0, 2)
    banned = [list(t) for t in itertools.product(range(3), repeat=3) if sum(t) % 2 == 0]
    m += cm.forbidden(a, banned)
    assert m.count().count == 27 - len(banned)

    m = Model("inverse")
    f, g = m.int_array("f", 3, 0, 2), m.int_array("g", 3, 0, 2)
    m += cm.inverse(f, g)
    m += f[0] == 2
    r = m.solve()
    assert all(r[g][r[f][i]] == i for i in range(3))
    assert m.count().count == 2


def test_scheduling_with_no_overlap_and_cumulative():
    durations = [3, 2, 4, 1]
    m = Model("one machine")
    s = m.int_array("start", 4, 0, 20)
    end = m.int_var(0, 30, "end")
    m += cm.no_overlap(s, durations)
    m += [s[i] + durations[i] <= end for i in range(4)]
    m.minimize(end)
    r = m.solve()
    assert (r.status, r.objective) == ("optimal", 10)
    m = Model("two units")
    s = m.int_array("start", 4, 0, 20)
    m += cm.cumulative(s, durations, [1, 1, 1, 1], 2)
    m.minimize(cm.max(s[i] + durations[i] for i in range(4)))
    assert m.solve().objective == 5


def test_python_mistakes_are_caught_early():
    m = Model()
    x, y = m.int_var(0, 5, "x"), m.int_var(0, 5, "y")
    with pytest.raises(TypeError, match="div"):
        x // 2
    with pytest.raises(TypeError, match="mod"):
        x % 2
    with pytest.raises(TypeError, match="truth value"):
        if x < y:
            pass
    with pytest.raises(ValueError, match="already declared"):
        m.int_var(0, 1, "x")
    with pytest.raises(ValueError, match="cannot name"):
        m.int_var(0, 1, "sum")
    with pytest.raises(ValueError, match="empty domain"):
        m.int_var(3, 1)
    with pytest.raises(ValueError, match="32-bit"):
        m.int_var(0, 2**40)
    with pytest.raises(TypeError, match="constraint"):
        m.add(x + 1)
    with pytest.raises(TypeError, match="truth value"):
        (x + y) & (x < y)
    assert x in [y, x] and {x: 1}[x] == 1
    # Unnamed variables never take a name the caller may give.
    u = m.int_var(0, 3)
    m.int_var(0, 3, "v1")
    m += u + x == 8
    r = m.solve()
    assert r[u] == 3 and r[x] == 5 and "_v1" in r.solution


def test_a_model_the_language_refuses_names_its_line():
    m = Model("bad")
    a = m.int_array("a", (2, 2), 0, 3)
    i = m.int_var(0, 1, "i")
    with pytest.raises(TypeError, match="1-dimensional"):
        a[i]
    m += cm.no_overlap([i, a[0, 0]], [2, -1])
    with pytest.raises(InputError, match="duration of -1") as e:
        m.solve()
    assert e.value.file == "<model bad>" and e.value.line == 7


def test_time_limit_and_pickling():
    m, _ = queens(14)
    c = m.count(time_limit=0.05)
    # A count cut short is satisfiable once it found one (a lower bound), else unknown.
    assert c.status == ("satisfiable" if c.count else "unknown")
    assert not c.exact and c.limit == "time limit"
    r = m.solve(time_limit=10)
    assert pickle.loads(pickle.dumps(r)) == r
    with pytest.raises(ValueError, match="time_limit"):
        m.solve(time_limit=-1)
    with pytest.raises(ValueError, match="propagation"):
        m.solve(propagation="psychic")


def test_matches_csp_solve_on_the_written_file(tmp_path):
    binary = csp_binary()
    if binary is None:
        pytest.skip("no csp binary")
    m = Model("ft-like")
    s = m.int_array("s", 3, 0, 20)
    m += cm.no_overlap(s, [4, 2, 3])
    m += s[0] + 4 <= s[2]
    m.minimize(cm.max(s[0] + 4, s[1] + 2, s[2] + 3))
    path = tmp_path / "m.yaml"
    m.write(path)
    p = subprocess.run([binary, "solve", str(path), "--json"], capture_output=True, text=True)
    j = json.loads(p.stdout)
    r = m.solve()
    assert (j["status"], j["objective"]) == (r.status, r.objective) == ("optimal", 9)


FZN = """var 0..10: x :: output_var;
var 0..10: y :: output_var;
var 0..30: z :: output_var;
array [1..2] of var int: g :: output_array([1..1, 1..2]) = [x, y];
constraint int_lin_eq([2, 1, -1], [x, y, z], 0);
constraint int_lin_le([1, 1], [x, y], 12);
solve maximize z;
"""


def test_flatzinc_text_and_file(tmp_path):
    r = cm.solve_flatzinc(FZN)
    assert (r.status, r.objective) == ("optimal", 22)
    assert r["x"] == 10 and r["y"] == 2 and r["g"] == [[10, 2]]
    path = tmp_path / "m.fzn"
    path.write_text(FZN.replace("solve maximize z", "solve satisfy"))
    r = cm.solve_flatzinc(path)
    assert r.status == "satisfiable" and 2 * r["x"] + r["y"] == r["z"]
    path.write_text("var 0..3: x;\nconstraint int_le(x, q);\nsolve satisfy;\n")
    with pytest.raises(InputError) as e:
        cm.solve_flatzinc(str(path))
    assert e.value.line == 2
