import pickle

import pytest

import csptk
from csptk import study

from conftest import ROOT


def test_quick_study_file():
    spec = ROOT / "studies" / "quick.yaml"
    rows = study.run(spec, jobs=2)
    assert len(rows) == study.count(spec) == 132
    assert {r["status"] for r in rows} <= {"satisfiable", "unsatisfiable", "unknown"}
    # dom/wdeg with GAC solves every puzzle of the sample within the node limit.
    assert all(r["status"] == "satisfiable" for r in rows if r["strategy"] == "dom/wdeg+gac")
    df = rows.to_pandas()
    assert set(df["strategy"]) == {"naive", "input+fc", "mrv+fc", "mrv+ac3", "mrv+counting", "dom/wdeg+gac"}
    assert pickle.loads(pickle.dumps(rows)) == rows


def test_spec_errors():
    with pytest.raises(csptk.InputError) as e:
        study.run({"kind": "study", "name": "x", "sets": [], "strategies": ["nonsense"]})
    assert e.value.file == "<study>"
