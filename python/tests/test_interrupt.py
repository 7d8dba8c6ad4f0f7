"""Ctrl-C stops a long solve: KeyboardInterrupt, nothing printed from Rust."""

import os
import random
import signal
import threading
import time

import pytest

from csptk import colouring, sudoku

from conftest import puzzles


def random_graph(n, p, seed):
    rng = random.Random(seed)
    return [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < p]


def interrupt_after(seconds):
    """Sends SIGINT to this process from a timer thread; returns when it was sent."""
    sent = {}

    def fire():
        sent["at"] = time.perf_counter()
        os.kill(os.getpid(), signal.SIGINT)

    t = threading.Timer(seconds, fire)
    t.start()
    return t, sent


@pytest.mark.parametrize(
    "work",
    [
        # χ of G(300, 0.5) is not proved in minutes (the time limit only bounds a failure).
        lambda: colouring.chromatic_number(random_graph(300, 0.5, 1), time_limit=60),
        # A million copies of hard puzzles: about a minute of solving.
        lambda: sudoku.solve_many(puzzles("puzzles6_forum_hardest_1106_shared301") * 3000, count=2, jobs=2),
    ],
    ids=["chromatic_number", "solve_many"],
)
def test_ctrl_c_stops_the_solve(work, capfd):
    # A process started in the background by a non-interactive shell inherits SIGINT ignored,
    # and Python then never raises KeyboardInterrupt: install Python's handler for this test.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        check_ctrl_c_stops(work, capfd)
    finally:
        signal.signal(signal.SIGINT, previous)


def check_ctrl_c_stops(work, capfd):
    timer, sent = interrupt_after(0.5)
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        work()
    stopped = time.perf_counter()
    timer.join()
    # Stopped by the signal, not by finishing: well before the work could end.
    assert stopped - start < 5
    assert stopped >= sent["at"]
    out, err = capfd.readouterr()
    assert out == "" and err == ""
    # The library is usable afterwards (the stop was this call's, not the process's).
    assert sudoku.solve("." * 81).status == "satisfiable"
