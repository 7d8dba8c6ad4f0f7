import pickle

import networkx as nx
import numpy as np
import pytest

import csptk
from csptk import colouring

from conftest import DATA, colouring_ok, dimacs_edges, known_chromatic

# Graphs whose χ the default search proves in well under a second.
QUICK = ["myciel3.col", "myciel4.col", "queen5_5.col", "anna.col", "david.col", "huck.col", "jean.col", "miles250.col"]


@pytest.mark.parametrize("n", [1, 2, 5, 9])
def test_complete_graphs(n):
    r = colouring.chromatic_number(nx.complete_graph(n))
    assert (r.status, r.lb, r.ub, r.proved) == ("optimal", n, n, True)
    assert colouring_ok(list(nx.complete_graph(n).edges), r.colouring)


def test_networkx_nodes_keep_their_labels():
    g = nx.petersen_graph()
    g = nx.relabel_nodes(g, {v: f"v{v}" for v in g})
    r = colouring.chromatic_number(g)
    assert r.ub == 3 and r.proved and set(r.colouring) == set(g.nodes)
    assert colouring_ok(list(g.edges), r.colouring)
    assert all(v in g for v in r.clique)
    assert r._repr_svg_().startswith("<svg") and r.colours == 3


def test_edge_lists_and_arrays():
    odd_cycle = [(i, (i + 1) % 7) for i in range(7)]
    r = colouring.chromatic_number(odd_cycle)
    assert (r.ub, r.proved) == (3, True) and colouring_ok(odd_cycle, r.colouring)
    arr = np.array(odd_cycle, dtype=np.int32)
    ra = colouring.chromatic_number(arr)
    assert (ra.ub, ra.proved) == (3, True) and set(ra.colouring) == set(range(7))
    labels = [("a", "b"), ("b", "c"), ("c", "a")]
    assert colouring.colour(labels, 2).status == "unsatisfiable"
    r3 = colouring.colour(labels, 3)
    assert r3.status == "satisfiable" and colouring_ok(labels, r3.colouring)


def test_rustworkx_graph():
    rx = pytest.importorskip("rustworkx")
    g = rx.generators.cycle_graph(5)
    r = colouring.chromatic_number(g)
    assert (r.ub, r.proved) == (3, True) and set(r.colouring) == set(g.node_indices())


@pytest.mark.parametrize("name", QUICK)
def test_bundled_graphs_match_the_literature(name):
    known = known_chromatic()
    path = DATA / "colouring" / name
    r = colouring.chromatic_number(path, time_limit=20)
    assert r.proved and r.ub == known[name]
    assert colouring_ok(dimacs_edges(path), r.colouring)


@pytest.mark.parametrize("name", QUICK)
def test_networkx_gives_the_answers_and_proofs_of_csp_colour(name, csp):
    path = DATA / "colouring" / name
    g = nx.Graph()
    g.add_edges_from(dimacs_edges(path))
    mine = colouring.chromatic_number(g, time_limit=20)
    (theirs,) = csp("colour", str(path), "--time-limit", "20")
    assert (mine.status, mine.lb, mine.ub, mine.proved) == (theirs["status"], theirs["lb"], theirs["ub"], theirs["proved"])
    # The same vocabulary: every key the command prints, in the same types.
    d = mine.to_dict()
    for key, value in theirs.items():
        assert key in d, key
        if key not in ("seconds", "instance", "colouring", "clique", "nodes", "failures", "vertices"):
            assert d[key] == value, key


def test_file_errors_name_line_and_column(tmp_path):
    bad = tmp_path / "bad.col"
    bad.write_text("p edge 3 2\ne 1 2\ne 1 9\n")
    with pytest.raises(csptk.InputError) as e:
        colouring.chromatic_number(bad)
    assert (e.value.line, e.value.column) == (3, 5) and "out of range" in str(e.value)
    with pytest.raises(ValueError):
        colouring.chromatic_number([(1, 2, 3)])
    # A vertex number past the library's limit is refused, not allocated for.
    with pytest.raises(ValueError, match="at most"):
        colouring.chromatic_number(np.array([[0, 10**12]]))
    # More threads than cores asked for: the cores.
    assert colouring.chromatic_number(nx.cycle_graph(5), jobs=10**6).ub == 3


def test_result_pickles():
    r = colouring.chromatic_number(nx.petersen_graph())
    back = pickle.loads(pickle.dumps(r))
    assert back == r and back.colouring == r.colouring
