import pickle

import pytest

import csptk
from csptk import timetabling

from conftest import DATA, ROOT

WEEK = ROOT / "problems" / "timetabling" / "school-week.yaml"
INFEASIBLE = ROOT / "problems" / "timetabling" / "infeasible-week.yaml"


def test_solve_school_week():
    inst = timetabling.load(WEEK)
    assert inst.format == "yaml" and inst.occurrences == 22
    r = timetabling.solve(inst, time_limit=30)
    assert r.status == "optimal" and r.cost == r.breakdown["total"]
    assert len(r.placements) == 22 and set(r.placements[0]) == {"event", "n", "slot", "room"}
    df = pytest.importorskip("pandas") and r.placements.to_pandas()
    assert list(df.columns) == ["event", "n", "slot", "room"] and len(df) == 22
    assert "<html" in r._repr_html_().lower() and r.to_csv().startswith("event,")


def test_yaml_text_and_its_errors():
    text = WEEK.read_text()
    r = timetabling.solve(text, time_limit=30)
    assert r.status == "optimal"
    with pytest.raises(csptk.InputError) as e:
        timetabling.load(text.replace("days:", "dayz:", 1))
    assert e.value.file == "<timetable>" and e.value.line and e.value.column


def test_explain():
    e = timetabling.explain(INFEASIBLE)
    assert e.status == "unsatisfiable" and e.minimal and e.conflict
    assert timetabling.solve(INFEASIBLE).status == "unsatisfiable"
    ok = timetabling.explain(WEEK)
    assert ok.status == "satisfiable" and ok.breakdown is not None


def test_itc2007_formats():
    r = timetabling.solve(DATA / "timetabling" / "itc2007" / "comp01.ctt", time_limit=3)
    assert r.status in ("satisfiable", "optimal") and r.cost is not None
    t = timetabling.load(DATA / "timetabling" / "toronto" / "hec-s-92.crs")
    assert t.format == "toronto"
    e = timetabling.load(DATA / "timetabling" / "itc2007" / "exam_comp_set6.exam")
    assert e.format == "itc2007-exam" and e.events > 0


def test_matches_csp_timetable_solve(csp):
    (theirs,) = csp("timetable", "solve", str(WEEK), "--time-limit", "30")
    mine = timetabling.solve(WEEK, time_limit=30).to_dict()
    for key in theirs:
        assert key in mine, key
    assert (mine["status"], mine["cost"], mine["breakdown"]) == (theirs["status"], theirs["cost"], theirs["breakdown"])
    assert mine["placements"] == theirs["placements"]
    assert mine["phases"] == theirs["phases"] == ["engine", "local search", "large neighbourhood search", "branch and bound"]


def test_pickles():
    inst = timetabling.load(WEEK)
    r = timetabling.solve(inst, time_limit=30)
    assert pickle.loads(pickle.dumps(r)) == r
    assert repr(pickle.loads(pickle.dumps(inst))) == repr(inst)
    e = timetabling.explain(INFEASIBLE)
    assert pickle.loads(pickle.dumps(e)) == e
