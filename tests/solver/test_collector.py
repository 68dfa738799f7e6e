"""The cyclic collector is paused while a search runs, and comes back as it was."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from freecell_tui.core.deals import deal
from freecell_tui.core.solver import portfolio, solve
from freecell_tui.core.solver.collector import paused


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
