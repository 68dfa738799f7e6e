"""The cyclic collector is paused while a search runs, and comes back as it was; the
solver's memo tables are emptied once the last search running ends."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from freecell_tui.core.deals import deal
from freecell_tui.core.solver import moves, portfolio, solve, solve_fewest
from freecell_tui.core.solver.collector import paused
from freecell_tui.core.solver.keys import SORTED_CELLS


@pytest.fixture
def collector_on() -> Iterator[None]:
    was_on = gc.isenabled()
    gc.enable()
    yield
    if not was_on:
        gc.disable()


@pytest.mark.usefixtures("collector_on")
def test_paused_turns_the_collector_off_and_back_on() -> None:
    with paused():
        assert not gc.isenabled()
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_on")
def test_paused_leaves_an_off_collector_off() -> None:
    gc.disable()
    with paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


@pytest.mark.usefixtures("collector_on")
def test_paused_turns_the_collector_back_on_after_an_error() -> None:
    with pytest.raises(RuntimeError), paused():
        raise RuntimeError("the search failed")
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_on")
def test_the_search_runs_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    search = portfolio._portfolio

    def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(gc.isenabled())
        return search(*args, **kwargs)

    monkeypatch.setattr(portfolio, "_portfolio", watched)
    assert solve(deal(1)).solved
    assert seen == [False]
    assert gc.isenabled()


def _memo_sizes() -> tuple[int, int, int]:
    return len(SORTED_CELLS), sum(len(table) for table in moves._HOMES.values()), len(moves._MOVES)


def test_the_memo_tables_are_empty_after_each_search() -> None:
    assert solve(deal(1)).solved
    assert _memo_sizes() == (0, 0, 0)
    assert solve_fewest(deal(1), widths=(16,)).solved
    assert _memo_sizes() == (0, 0, 0)


def test_the_memo_tables_are_kept_while_another_search_runs() -> None:
    with paused():  # a search running in another thread
        assert solve(deal(1)).solved
        cells, homes, core_moves = _memo_sizes()
        assert cells > 0 and homes > 0 and core_moves > 0
    assert _memo_sizes() == (0, 0, 0)
