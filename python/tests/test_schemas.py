"""The JSON Schemas in schemas/: every subcommand's `--json` output and every bundled input
file validate against theirs, every schema speaks the one status vocabulary, and a typo in a
file is caught (the schemas are strict, so an editor can complete and check YAML)."""

import json
import subprocess
from pathlib import Path
from typing import Any, Dict, List

import jsonschema
import pytest
import yaml

from conftest import ROOT, csp_binary

SCHEMAS = ROOT / "schemas"
CLASSIC = "problems/sudoku-classic.txt"
WEEK = "problems/timetabling/school-week.yaml"

# Each output schema with the runs that must match it (`--json` is added).
RUNS = {
    "solve": [["solve", "problems/australia.yaml", "--stats"], ["solve", "problems/nqueens-6.yaml", "--count", "10"],
              ["solve", "problems/nqueens-6.yaml", "--all"], ["solve", "problems/knapsack.yaml"],
              ["solve", "problems/pigeonhole-5-4.yaml"]],
    "graph": [["graph", "problems/australia.yaml"]],
    "colour": [["colour", "problems/petersen.yaml"], ["colour", "problems/petersen.yaml", "-k", "2"],
               ["colour", "problems/petersen.yaml", "-k", "3", "--method", "sat"], ["colour", "problems/petersen.yaml", "--method", "sat"],
               ["colour", "data/colouring/queen8_8.col", "--no-tabu", "--time-limit", "0.2"]],
    "colour-bench": [["colour", "bench", "data/colouring", "--only", "myciel3", "--time-limit", "5"]],
    "sat": [["sat", "problems/pigeonhole-3-2.cnf"], ["sat", "problems/pigeonhole-3-2.cnf", "--count", "3"],
            ["sat", "problems/pigeonhole-3-2.cnf", "--dpll"]],
    "sudoku-solve": [["sudoku", "solve", CLASSIC, "--unique", "--stats"], ["sudoku", "solve", "data/sudoku/puzzles7_serg_benchmark", "--unique"]],
    "sudoku-rate": [["sudoku", "rate", CLASSIC], ["sudoku", "rate", "data/sudoku/puzzles7_serg_benchmark"]],
    "sudoku-explain": [["sudoku", "explain", CLASSIC]],
    "sudoku-hint": [["sudoku", "hint", CLASSIC], ["sudoku", "hint", CLASSIC, "--level", "1"], ["sudoku", "hint", CLASSIC, "--level", "2"]],
    "sudoku-generate": [["sudoku", "generate", "-n", "2", "--stats"], ["sudoku", "generate", "-n", "1", "--rate", "no"]],
    "sudoku-bench": [["sudoku", "bench", "data/sudoku/puzzles2_17_clue", "--limit", "2", "--strategies", "mrv+gac", "--models", "alldiff"]],
    "sudoku-cnf": [["sudoku", "cnf", CLASSIC]],
    "sudoku-techniques": [["sudoku", "techniques"]],
    "timetable-solve": [["timetable", "solve", WEEK, "--time-limit", "5"], ["timetable", "solve", "problems/timetabling/infeasible-week.yaml"],
                        ["timetable", "solve", "problems/timetabling/exam-session.yaml", "--time-limit", "5"]],
    "timetable-explain": [["timetable", "explain", "problems/timetabling/infeasible-week.yaml"], ["timetable", "explain", WEEK, "--time-limit", "5"]],
    "timetable-bench": [["timetable", "bench", "data/timetabling", "--only", "comp01,hec-s-92", "--time-limit", "1", "--seeds", "2"]],
    "study": [["study", "--models", "problems/send-more-money.yaml", "--strategies", "mrv+fc,dom/wdeg+gac", "--nodes", "10000"]],
}


def schema(path: Path) -> Dict[str, Any]:
    return json.loads(path.read_text())


def check(name: str, value: Any, where: str) -> None:
    validator = jsonschema.Draft202012Validator(schema(SCHEMAS / "output" / f"{name}.schema.json"))
    errors = sorted(validator.iter_errors(value), key=str)
    assert not errors, f"{where}: {errors[0].message} at {list(errors[0].absolute_path)}\n{json.dumps(value)[:500]}"


@pytest.mark.parametrize("name", sorted(RUNS))
def test_outputs_match_their_schemas(csp, name: str) -> None:
    for args in RUNS[name]:
        lines = csp(*args)
        assert lines, args
        for line in lines:
            check(name, line, " ".join(args))


def test_timetable_files_checked_and_reported_match_their_schemas(csp, tmp_path: Path) -> None:
    binary = csp_binary()
    if binary is None:
        pytest.skip("no csp binary")
    solution = tmp_path / "week.sol.yaml"
    subprocess.run([binary, "timetable", "solve", WEEK, "--out", str(solution)], cwd=ROOT, check=True, capture_output=True)
    for name, args in [("timetable-check", ["timetable", "check", WEEK, str(solution)]),
                       ("timetable-report", ["timetable", "report", WEEK, str(solution)])]:
        for line in csp(*args):
            check(name, line, " ".join(args))


def test_a_bench_row_for_a_file_it_cannot_run_matches_the_schema(tmp_path: Path) -> None:
    binary = csp_binary()
    if binary is None:
        pytest.skip("no csp binary")
    (tmp_path / "broken.ctt").write_text("Name: broken\nCourses: many\n")
    p = subprocess.run([binary, "timetable", "bench", str(tmp_path), "--json"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 2, p.stderr
    lines = [json.loads(line) for line in p.stdout.splitlines()]
    assert [sorted(line)[:2] for line in lines] == [["instance", "not_run"], ["gaps", "not_run"]], lines
    for line in lines:
        check("timetable-bench", line, "bench of a broken file")


def test_every_output_schema_is_exercised_and_well_formed() -> None:
    files = {p.name.removesuffix(".schema.json") for p in (SCHEMAS / "output").glob("*.schema.json")}
    # check and report run above from a solution file.
    assert files - set(RUNS) == {"timetable-check", "timetable-report"}
    for p in sorted(SCHEMAS.glob("*/*.schema.json")):
        jsonschema.Draft202012Validator.check_schema(schema(p))


def statuses(node: Any) -> List[List[str]]:
    """Every `enum` under a `status` property, anywhere in a schema."""
    found = []
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "status" and isinstance(v, dict) and "enum" in v:
                found.append(v["enum"])
            found.extend(statuses(v))
    elif isinstance(node, list):
        for v in node:
            found.extend(statuses(v))
    return found


def test_every_schema_speaks_the_one_status_vocabulary(csp) -> None:
    # The words and their order, as docs/cli.md's table gives them.
    doc = (ROOT / "docs" / "cli.md").read_text().split("## Statuses and exit codes")[1]
    words = [l.split("|")[1].strip().strip("`") for l in doc.splitlines() if l.startswith("| `") and "`status`" not in l]
    assert words[:7] == ["satisfiable", "optimal", "unsatisfiable", "unknown", "valid", "invalid", "done"]
    for p in sorted((SCHEMAS / "output").glob("*.schema.json")):
        for enum in statuses(schema(p)):
            assert set(enum) <= set(words), (p.name, enum)


class Loader(yaml.SafeLoader):
    """YAML as the toolkit and editors read it: `2026-01-05` stays a string (PyYAML would
    make it a date)."""


Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:timestamp"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def load(text: str) -> Any:
    return yaml.load(text, Loader=Loader)


def input_files() -> List[Path]:
    return sorted([*ROOT.glob("problems/**/*.yaml"), *ROOT.glob("studies/*.yaml")])


@pytest.mark.parametrize("path", input_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_bundled_files_match_the_input_schemas(path: Path) -> None:
    text = path.read_text()
    value = load(text)
    kind = value.get("kind")
    if kind in (None, "timetable-solution"):
        pytest.skip(f"{kind}: no input schema")
    name = {"coloring": "colouring"}.get(kind, kind)
    validator = jsonschema.Draft202012Validator(schema(SCHEMAS / "input" / f"{name}.schema.json"))
    errors = list(validator.iter_errors(value))
    assert not errors, f"{path}: {errors[0].message} at {list(errors[0].absolute_path)}"
    # The file names its schema for editors (yaml-language-server's modeline).
    assert text.startswith("# yaml-language-server: $schema="), f"{path} does not name its schema"


def test_a_typo_is_caught_where_an_editor_would_show_it() -> None:
    model = load((ROOT / "problems" / "queens.yaml").read_text())
    model["constriants"] = model.pop("constraints")
    validator = jsonschema.Draft202012Validator(schema(SCHEMAS / "input" / "csp.schema.json"))
    assert any("constriants" in e.message for e in validator.iter_errors(model))
    week = load((ROOT / WEEK).read_text())
    week["constraints"]["soft"][0]["per"] = "lesson"
    validator = jsonschema.Draft202012Validator(schema(SCHEMAS / "input" / "timetable.schema.json"))
    assert list(validator.iter_errors(week))
