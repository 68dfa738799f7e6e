"""The compiled accelerator (numba, the ``fast`` extra) against the pure search: on the same
position it must expand the same positions in the same order and answer the same (status,
moves, positions stored, positions expanded). Skipped when numba is not installed."""

from __future__ import annotations

import threading

import pytest
from hypothesis import HealthCheck, given, settings

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import apply_move
from freecell_tui.core.solver import SolveResult, solve
from freecell_tui.core.solver import native as accel
from freecell_tui.core.solver.portfolio import SCOUTS
from freecell_tui.core.solver.schedule import SHARE_AFTER
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import parse_variant

from ..waiting import wait_for
from .helpers import positions

pytest.importorskip("numba")
pytestmark = pytest.mark.compiled

Answer = tuple[str, tuple[object, ...], int, int]


def answer(result: SolveResult) -> Answer:
    return result.status, result.moves, result.positions, result.expanded


def both(
    monkeypatch: pytest.MonkeyPatch, state: GameState, **options: object
) -> tuple[Answer, Answer]:
    """The pure search's answer and the compiled one's, for the same call. (The pure one first:
    it needs no compile, which the suite may still be running.)"""
    with monkeypatch.context() as pure:
        pure.setenv("FREECELL_TUI_PURE", "1")
        assert accel.accelerator() is None
        expected = answer(solve(state, **options))  # type: ignore[arg-type]
    assert accel.warm(), "numba is installed but the compiled search did not load"
    assert accel.accelerator() is not None
    got = answer(solve(state, **options))  # type: ignore[arg-type]
    # A compiled search that failed would have fallen back to the pure one, and turned itself off.
    assert accel.accelerator() is not None, "the compiled search failed and the pure one answered"
    return expected, got


@pytest.mark.parametrize("first", range(1, 301, 25))
@pytest.mark.parametrize("mode", [AutoplayMode.SAFE, AutoplayMode.ALL])
def test_deals_1_to_300_are_searched_alike(
    monkeypatch: pytest.MonkeyPatch, first: int, mode: AutoplayMode
) -> None:
    for number in range(first, first + 25):
        expected, got = both(monkeypatch, deal(number), autoplay=mode)
        assert got == expected, number
        assert got[0] == "solved"


def after(number: int, moves: str) -> GameState:
    """Deal ``number`` after ``moves`` (autoplay off)."""
    state = deal(number)
    for word in moves.split():
        state = apply_move(state, Move.parse(word))
    return state


@pytest.mark.parametrize(
    ("number", "moves", "mode", "status"),
    [
        (617, "", AutoplayMode.SAFE, "solved"),  # they share their positions; the fourth wins
        # A proof with autoplay all (safe autoplay wins it) past the sharing and both waves of
        # scouts: 41,859 expansions (deal 1941 itself takes 660,788, 25 s of pure search).
        (1941, "3a", AutoplayMode.ALL, "unsolvable"),
        (11982, "", AutoplayMode.SAFE, "unsolvable"),  # a proof: every queue runs dry
        (8742, "", AutoplayMode.SAFE, "solved"),  # a scout of the first wave wins
        (8436, "", AutoplayMode.SAFE, "solved"),  # a scout of the second wave wins
        (12795, "", AutoplayMode.SAFE, "solved"),  # the third search wins
    ],
)
def test_hard_deals_are_searched_alike(
    monkeypatch: pytest.MonkeyPatch, number: int, moves: str, mode: AutoplayMode, status: str
) -> None:
    expected, got = both(monkeypatch, after(number, moves), autoplay=mode)
    assert got == expected
    assert got[0] == status


@pytest.mark.parametrize(
    ("cells", "number", "status"),
    [(2, 1, "unsolvable"), (2, 209, "solved"), (0, 164, "solved"), (1, 3, "unsolvable")],
)
def test_freecell_with_fewer_cells_is_searched_alike(
    monkeypatch: pytest.MonkeyPatch, cells: int, number: int, status: str
) -> None:
    expected, got = both(monkeypatch, deal(number, parse_variant("freecell", cells)))
    assert got == expected
    assert got[0] == status
    if (cells, number) == (2, 1):  # the whole proof (the general search's: 70,882 positions)
        assert got[2] == 84_882


def test_autoplay_all_alone_loses_the_position_proved_above() -> None:
    """The autoplay-all proof above is one where sending every card home is what loses, and it
    runs past the sharing and the last wave of scouts' caps."""
    state = after(1941, "3a")
    assert solve(state, autoplay=AutoplayMode.SAFE).status == "solved"
    scouted = SCOUTS[-1][0] + sum(most * len(weights) for _, most, weights in SCOUTS)
    assert solve(state, autoplay=AutoplayMode.ALL).expanded > max(SHARE_AFTER, scouted)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=positions())
def test_random_positions_are_searched_alike(state: GameState) -> None:
    # A position bound (checked at the same looks in both) keeps lost positions' proofs short.
    with pytest.MonkeyPatch.context() as monkeypatch:
        for mode in (AutoplayMode.SAFE, AutoplayMode.ALL):
            expected, got = both(monkeypatch, state, autoplay=mode, max_positions=3_000)
            assert got == expected


def test_a_position_bound_gives_up_at_the_same_look(monkeypatch: pytest.MonkeyPatch) -> None:
    for bound in (40, 500, 5_000):
        expected, got = both(monkeypatch, deal(11982), max_positions=bound)
        assert got == expected == ("gave-up", (), 0, 0)


def test_a_cancel_set_before_the_search_stops_it_at_the_first_look(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cancel = threading.Event()
    cancel.set()
    expected, got = both(monkeypatch, deal(617), cancel=cancel)
    assert got == expected == ("gave-up", (), 0, 0)
    end = GameState(((),) * 8, (None,) * 4, (13, 13, 13, 13))  # won: no look at all
    assert both(monkeypatch, end, cancel=cancel)[1][0] == "solved"


def test_a_failing_accelerator_falls_back_to_the_pure_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("no compiler here")

    expected = answer(solve(deal(5)))
    monkeypatch.setattr(accel, "_phase", "ready")
    monkeypatch.setattr(accel, "_solver", broken)
    assert answer(solve(deal(5))) == expected
    assert accel.accelerator() is None  # and it is not tried again


@pytest.mark.slow
def test_a_pure_search_handing_over_to_the_compiled_one_answers_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from freecell_tui.core.solver import portfolio

    assert accel.warm()  # compiled and stamped in the cache: what a later process finds
    # A solution and a proof, whose compiled answers are the pure search's
    # (test_hard_deals_are_searched_alike; the proof with autoplay all is searched alike there).
    for number, mode in ((617, AutoplayMode.SAFE), (11982, AutoplayMode.SAFE)):
        expected = answer(solve(deal(number), autoplay=mode))
        assert accel.accelerator() is not None  # that answer was the compiled search's
        with monkeypatch.context() as fresh:  # a process that has not loaded it yet
            fresh.setattr(accel, "_phase", "idle")
            fresh.setattr(accel, "_solver", None)
            fresh.setattr(portfolio, "_pure_looks", 0)
            fresh.setattr(portfolio, "PREPARE_AFTER", 1_000)
            assert answer(solve(deal(number), autoplay=mode)) == expected
            wait_for(accel.accelerator, "the load the search started", 120, every=0.01)


def test_the_compiled_search_gives_up_past_its_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    from freecell_tui.core.solver.native import glue

    assert accel.warm()
    monkeypatch.setattr(glue, "MEMORY", 2_000_000)  # a few thousand positions
    assert answer(solve(deal(11982))) == ("gave-up", (), 0, 0)
    monkeypatch.undo()
    assert solve(deal(11982)).status == "unsolvable"
