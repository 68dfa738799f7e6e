"""Issue 40: a command that works in several processes never forks itself to start its workers.
It may run threads (its pool's own, the solver's loader, a test runner's), and a child forked
while another thread holds a lock may wait on it for good; the suite refuses such a fork
(tests/conftest.py), so each command here runs beside a thread of the test's."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

import pytest

from freecell_tui.cli import main


@pytest.fixture
def another_thread() -> Iterator[None]:
    """A thread that runs until the test ends."""
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, name="another", daemon=True)
    thread.start()
    yield
    stop.set()
    thread.join()


@pytest.mark.usefixtures("another_thread")
def test_solve_starts_its_workers_beside_a_thread(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--range", "1", "4", "--jobs", "2", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["deal"], r["status"]) for r in records] == [(n, "solved") for n in (1, 2, 3, 4)]


@pytest.mark.usefixtures("another_thread")
def test_klondike_starts_its_workers_beside_a_thread(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["klondike", "--games", "2100", "--seed", "9", "--show", "1", "--jobs"]
    assert main([*args, "2"]) == 0
    two = capsys.readouterr().out
    assert main([*args, "1"]) == 0
    assert two == capsys.readouterr().out
