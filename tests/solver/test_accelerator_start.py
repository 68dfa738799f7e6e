"""No solve waits for the compiled accelerator: while it compiles (in a process of its own) or
loads (in a thread), the pure search answers; once it is loaded it takes over. The compile and
the load are fakes here, so these tests need no numba and time nothing."""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from freecell_tui.cli import main
from freecell_tui.core.deals import deal
from freecell_tui.core.solver import SolveResult, portfolio, solve
from freecell_tui.core.solver import native as accel
from freecell_tui.core.solver.native import __main__ as build_command

from ..waiting import wait_for
from .fakes import Fake

PREPARE_AFTER = portfolio.PREPARE_AFTER
#: A deal long enough to ask for the accelerator under the fake's bound (1,377 positions
#: expanded, 64 before it asks), short enough to take milliseconds.
LONG = 24
DEADLINE = 60.0  # seconds a solve in a thread may take before the test calls it stuck


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Fake]:
    yield Fake(monkeypatch, tmp_path)


def in_thread(call: Callable[[], SolveResult]) -> SolveResult:
    """``call()`` in a thread, as the game's hint worker runs it; fails if it does not return."""
    answers: list[SolveResult] = []
    worker = threading.Thread(target=lambda: answers.append(call()), daemon=True)
    worker.start()
    worker.join(DEADLINE)
    assert not worker.is_alive(), "the solve waited for the compile"
    return answers[0]


def pure_answer(number: int) -> tuple[object, ...]:
    with pytest.MonkeyPatch.context() as pure:
        pure.setenv("FREECELL_TUI_PURE", "1")
        result = solve(deal(number))
    return result.status, result.moves, result.positions, result.expanded


def answer(result: SolveResult) -> tuple[object, ...]:
    return result.status, result.moves, result.positions, result.expanded


def test_with_the_cache_empty_the_first_solve_answers_while_the_compile_runs(fake: Fake) -> None:
    expected = pure_answer(LONG)
    result = in_thread(lambda: solve(deal(LONG)))  # long enough to ask for the accelerator
    assert answer(result) == expected  # the pure search's answer, whole
    assert len(fake.compiles) == 1  # the compile was started...
    assert fake.compiles[0].poll() is None  # ...and is still running: the solve did not wait
    assert accel.phase() == "building"
    assert fake.loads == 0 and fake.searches == 0
    assert answer(in_thread(lambda: solve(deal(LONG)))) == expected  # still pure, no new compile
    assert len(fake.compiles) == 1


def test_once_compiled_it_is_loaded_in_the_background_and_takes_over(fake: Fake) -> None:
    in_thread(lambda: solve(deal(LONG)))
    fake.finish_compile()
    wait_for(accel.accelerator, "the compile noticed, then loaded", DEADLINE, every=0.01)
    assert fake.loads == 1
    result = in_thread(lambda: solve(deal(1)))
    assert (result.status, result.positions, fake.searches) == ("unsolvable", 1, 1)


def test_a_pure_search_hands_over_to_the_accelerator_once_it_is_loaded(
    fake: Fake, monkeypatch: pytest.MonkeyPatch
) -> None:
    (fake.cache / "ready-k").touch()  # compiled before: the load alone is left

    def load_at_once(directory: Path) -> None:  # as the loading thread does, without the thread
        monkeypatch.setattr(accel, "_phase", "ready")
        monkeypatch.setattr(accel, "_solver", fake.load(directory))

    monkeypatch.setattr(accel, "_start_loading", load_at_once)
    result = in_thread(lambda: solve(deal(LONG)))
    assert fake.compiles == []
    assert (result.status, result.positions, fake.searches) == ("unsolvable", 1, 1)


def test_an_easy_solve_never_asks_for_the_accelerator(
    fake: Fake, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(portfolio, "PREPARE_AFTER", PREPARE_AFTER)
    in_thread(lambda: solve(deal(1)))  # 100-odd positions: pure, nothing loaded or compiled
    assert (accel.phase(), fake.compiles, fake.loads) == ("idle", [], 0)


def test_a_failed_compile_leaves_the_pure_search_and_is_not_started_again(
    fake: Fake, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(directory: Path) -> Callable[..., Any]:
        raise RuntimeError("no compiler here")

    monkeypatch.setattr(accel, "_load", broken)
    monkeypatch.setattr(accel.os, "nice", lambda increment: 0)
    with pytest.raises(RuntimeError):
        accel.build(background=True)  # what the compiling process runs
    assert (fake.cache / "failed-k").exists()
    assert accel.prepare() == "off"  # the next process sees the failure
    assert fake.compiles == []
    assert answer(in_thread(lambda: solve(deal(LONG)))) == pure_answer(LONG)


def test_a_compile_that_ends_without_its_stamp_leaves_the_pure_search(fake: Fake) -> None:
    accel.prepare()
    fake.compiles[0].code = 1
    assert accel.accelerator() is None
    assert accel.phase() == "off"


def test_compiling_at_install_says_it_is_compiling_and_when_it_is_ready(
    fake: Fake, capsys: pytest.CaptureFixture[str]
) -> None:
    assert build_command.main([]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Compiling the solver's accelerator into {fake.cache} (once; 15-60 s)..."
    assert out[1].startswith("Ready in ") and fake.loads == 1
    (fake.cache / "ready-k").touch()  # what the real load leaves
    assert build_command.main([]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Loading the solver's accelerator from {fake.cache}..."


def test_compiling_at_install_says_why_it_failed_in_one_line(
    fake: Fake, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(directory: Path) -> Callable[..., Any]:
        raise ImportError("No module named 'numba'")

    monkeypatch.setattr(accel, "_load", broken)
    assert build_command.main([]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1] == (
        "Not compiled (ImportError: No module named 'numba'); the pure solver answers alone."
    )


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stderr", [Terminal(), io.StringIO()], ids=["terminal", "pipe"])
def test_solve_says_at_a_terminal_that_the_compile_goes_on(
    fake: Fake, monkeypatch: pytest.MonkeyPatch, stderr: io.StringIO
) -> None:
    monkeypatch.setattr(sys, "stderr", stderr)
    assert main(["solve", str(LONG)]) == 0  # long enough to start the compile
    assert len(fake.compiles) == 1
    said = (
        "freecell-tui solve: compiling the solver's accelerator in the background (once, "
        "15-60 s); the pure solver answered meanwhile\n"
    )
    assert stderr.getvalue() == (said if stderr.isatty() else "")


def test_the_accelerator_loads_only_while_no_pure_search_runs(fake: Fake) -> None:
    (fake.cache / "ready-k").touch()
    with accel.searching():  # a pure search under way, in another thread
        assert accel.prepare() == "loading"
        loader = accel._loader
        assert loader is not None
        loader.join(0.2)
        assert loader.is_alive() and fake.loads == 0  # it waits for the search to end
    wait_for(accel.accelerator, "the load", DEADLINE, every=0.01)
    assert fake.loads == 1


def test_a_compile_holding_the_cache_s_lock_is_seen_from_any_process(fake: Fake) -> None:
    fcntl = pytest.importorskip("fcntl")
    assert not accel.compiling()  # no cache, no compile
    with open(fake.cache / "build.lock", "wb") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)  # as the compiling process holds it
        assert accel.compiling()
    assert not accel.compiling()


@pytest.mark.parametrize("call", ["warm", "command"])
def test_a_second_compile_waits_for_the_one_under_way_and_loads_its_work(
    fake: Fake, capsys: pytest.CaptureFixture[str], call: str
) -> None:
    fcntl = pytest.importorskip("fcntl")
    run: Callable[[], object] = accel.warm if call == "warm" else lambda: build_command.main([])
    answers: list[object] = []
    with open(fake.cache / "build.lock", "wb") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)  # as another process compiling holds it
        waiting = threading.Thread(target=lambda: answers.append(run()), daemon=True)
        waiting.start()
        waiting.join(0.2)
        assert waiting.is_alive() and fake.loads == 0  # no compile beside the other
        (fake.cache / "ready-k").touch()  # what the other compile leaves
    waiting.join(DEADLINE)
    assert answers == [True if call == "warm" else 0] and fake.loads == 1
    if call == "command":
        assert capsys.readouterr().out.splitlines()[0] == (
            f"Waiting for the compile of the solver's accelerator under way in {fake.cache}..."
        )
