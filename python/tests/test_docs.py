"""The Python examples a newcomer reads first run as shown."""

import contextlib
import io
import re
import textwrap

from conftest import ROOT


def python_block_after(path, heading):
    text = path.read_text()
    start = text.index(heading)
    match = re.search(r"```python\n(.*?)```", text[start:], re.S)
    assert match, f"no python block after {heading!r} in {path}"
    return match.group(1)


def test_readme_example_prints_what_its_comments_say():
    code = python_block_after(ROOT / "README.md", "## From Python")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    printed = out.getvalue().splitlines()
    said = [line.split("# ", 1)[1].strip() for line in code.splitlines() if line.startswith("print(") and "# " in line]
    assert len(printed) == len(said) == 2
    # Each comment starts with what the line prints (the colouring's adds ", proved").
    for p, s in zip(printed, said):
        assert s.startswith(p), (p, s)


def test_package_readme_example_runs():
    code = python_block_after(ROOT / "python" / "README.md", "# csptk")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "python/README.md", "exec"), {})
    assert out.getvalue().startswith("satisfiable True 534678912")


def python_blocks(path):
    return re.findall(r"```python\n(.*?)```", path.read_text(), re.S)


def test_guide_examples_run(monkeypatch):
    """The blocks of docs/python.md, in order and in one namespace as in a notebook, but for
    those that need what a repository does not hold (a user's file, a cluster, a Ray head)."""
    monkeypatch.chdir(ROOT)
    blocks = python_blocks(ROOT / "docs" / "python.md")
    outside = ("puzzles.txt", "Client(", "ray.init")
    runnable = [b for b in blocks if not any(s in b for s in outside)]
    assert len(runnable) >= 6
    namespace: dict = {}
    for b in runnable:
        code = textwrap.dedent(b)
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, "docs/python.md", "exec"), namespace)
