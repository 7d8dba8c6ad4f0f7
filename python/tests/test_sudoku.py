import pickle

import numpy as np
import pytest

import csptk
from csptk import sudoku

from conftest import puzzles, sudoku_ok

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_solve_verifies_and_counts():
    r = sudoku.solve(CLASSIC, count=2)
    assert (r.status, r.count, r.exact, r.unique) == ("satisfiable", 1, True, True)
    assert sudoku_ok(CLASSIC, r.solution)
    assert set(r.stats) == {"nodes", "failures", "seconds"}


def test_no_solution_and_clash():
    clash = "55" + "." * 79
    r = sudoku.solve(clash)
    assert r.status == "unsatisfiable" and r.solution is None and "twice in a row" in r.clash
    empty = "." * 81
    r = sudoku.solve(empty, count=5)
    assert (r.status, r.count, r.exact, r.unique) == ("satisfiable", 5, False, False)


@pytest.mark.parametrize("method", ["fast", "csp", "dlx", "sat"])
def test_methods_agree(method):
    ps = puzzles("puzzles3_magictour_top1465", 40)
    base = sudoku.solve_many(ps, count=2, method="dlx")
    other = sudoku.solve_many(ps, count=2, method=method)
    assert [(r.solution, r.count, r.unique) for r in other] == [(r.solution, r.count, r.unique) for r in base]


def test_solve_many_17_clue_in_order():
    ps = puzzles("puzzles2_17_clue")
    rs = sudoku.solve_many(ps, count=2, jobs=2)
    assert [r.puzzle for r in rs] == [p.replace("0", ".") for p in ps]
    assert all(r.unique and sudoku_ok(p, r.solution) for p, r in zip(ps, rs))
    assert [r.line for r in rs] == list(range(1, len(ps) + 1))


def test_more_jobs_than_cores_are_the_cores():
    rs = sudoku.solve_many([CLASSIC] * 10, jobs=10**6)
    assert all(r.unique for r in rs)


def test_solve_many_accepts_any_iterable():
    gen = (p for p in puzzles("puzzles7_serg_benchmark", 10))
    assert len(sudoku.solve_many(gen)) == 10


def test_array_path_matches_strings():
    ps = puzzles("puzzles6_forum_hardest_1106_shared301", 30)
    arr = np.array([[0 if c in ".0" else int(c) for c in p] for p in ps], dtype=np.uint8)
    a = sudoku.solve_many(arr, count=2, jobs=2)
    rs = sudoku.solve_many(ps, count=2)
    assert a.solutions.shape == (30, 81) and a.solutions.dtype == np.uint8
    assert ["".join(map(str, row)) for row in a.solutions] == [r.solution for r in rs]
    assert list(a.counts) == [r.count for r in rs]
    assert list(a.status) == [r.status for r in rs]
    assert a.unique.all()


def test_array_rejects_bad_shapes_and_digits():
    with pytest.raises(ValueError, match="81"):
        sudoku.solve_many(np.zeros((2, 80), dtype=np.uint8))
    bad = np.zeros((1, 81), dtype=np.uint8)
    bad[0, 3] = 12
    with pytest.raises(ValueError, match="row 0"):
        sudoku.solve_many(bad)


def test_input_errors_carry_their_place():
    with pytest.raises(csptk.InputError) as e:
        sudoku.solve("12x")
    assert (e.value.file, e.value.line, e.value.column) == ("<puzzle>", 1, 3)
    with pytest.raises(csptk.InputError) as e:
        sudoku.solve_many([CLASSIC, "1234"])
    assert e.value.file == "puzzles[1]"
    with pytest.raises(TypeError, match=r"puzzles\[1\]"):
        sudoku.solve_many([CLASSIC, 5])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="method"):
        sudoku.solve(CLASSIC, method="magic")


def test_larger_grids():
    r = sudoku.solve("." * 256, count=1)
    assert r.status == "satisfiable" and len(r.solution) == 256


def test_rate_explain_hint():
    r = sudoku.rate(CLASSIC)
    assert (r.status, r.level, r.solved_by_logic) == ("done", "easy", True) and r.er == pytest.approx(1.2)
    e = sudoku.explain(CLASSIC)
    assert e.status == "satisfiable" and e.solved and sudoku_ok(CLASSIC, e.grid)
    assert len(e) == len(e.steps) > 0
    s = e.steps[0]
    assert s.cells == s.pattern and s.text == s.explanation and s.placements
    assert s._repr_svg_().startswith("<svg")
    assert "<ol>" in e._repr_html_()
    h = sudoku.hint(CLASSIC)
    assert h is not None and h.technique == s.technique
    assert sudoku.hint(e.grid) is None


def test_hard_rating_and_improper():
    hard = puzzles("puzzles6_forum_hardest_1106_shared301", 1)[0]
    r = sudoku.rate(hard, time_limit=60)
    assert r.status == "done" and r.level == "extreme"
    e = sudoku.explain("." * 81)
    assert (e.status, e.unique, e.steps) == ("satisfiable", False, [])
    assert "more than one" in e.reason


def test_generate_is_seeded_and_unique():
    a = sudoku.generate(seed=7)
    b = sudoku.generate(seed=7)
    assert a.puzzle == b.puzzle and a.seed == 7
    assert sudoku.solve(a.puzzle, count=2).unique
    c = sudoku.generate(level="easy", seed=3)
    assert c.level == "easy" and sudoku.rate(c.puzzle).level == "easy"
    assert sudoku.generate().seed != sudoku.generate().seed


def test_every_result_pickles():
    e = sudoku.explain(CLASSIC)
    for obj in [sudoku.solve(CLASSIC), sudoku.rate(CLASSIC), e, e.steps[0], sudoku.generate(seed=1)]:
        back = pickle.loads(pickle.dumps(obj))
        assert back == obj and repr(back) == repr(obj)


def test_matches_csp_sudoku_solve(csp, tmp_path):
    ps = puzzles("puzzles3_magictour_top1465", 20) + ["55" + "." * 79]
    f = tmp_path / "p.txt"
    f.write_text("\n".join(ps) + "\n")
    theirs = csp("sudoku", "solve", str(f), "--unique")
    mine = [r.to_dict() for r in sudoku.solve_many(ps, count=2)]
    assert len(theirs) == len(mine)
    for t, m in zip(theirs, mine):
        assert {k: v for k, v in t.items() if k != "seconds"} == {k: m[k] for k in t if k != "seconds"}


def test_matches_csp_sudoku_rate_and_explain(csp, tmp_path):
    ps = puzzles("puzzles3_magictour_top1465", 5)
    f = tmp_path / "p.txt"
    f.write_text("\n".join(ps) + "\n")
    for t, p in zip(csp("sudoku", "rate", str(f)), ps):
        m = sudoku.rate(p).to_dict()
        where = ("line", "instance")  # where the puzzle sits in the file the command read
        assert {k: v for k, v in t.items() if k not in where} == {k: m[k] for k in t if k not in where}
    one = tmp_path / "one.txt"
    one.write_text(CLASSIC + "\n")
    (t,) = csp("sudoku", "explain", str(one))
    m = sudoku.explain(CLASSIC)
    assert (t["status"], t["solved"], t["grid"]) == (m.status, m.solved, m.grid)
    pair = lambda ps: [{"cell": c, "digit": d} for c, d in ps]  # noqa: E731
    steps = [
        {"technique": s.technique, "rating": s.rating, "pattern": s.pattern, "placements": pair(s.placements),
         "eliminations": pair(s.eliminations), "explanation": s.explanation}
        for s in m.steps
    ]
    assert t["steps"] == steps
