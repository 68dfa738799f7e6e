""" "Winnable deals only" chooses a deal the solver does not prove unsolvable (pure, no terminal).
The solver's own proof that deal 11982 cannot be won is in ``tests/solver``; here a stand-in
says so at once."""

from __future__ import annotations

import pytest

from freecell_tui.core import solver as solver_package
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.solver import SolveResult
from freecell_tui.session import analysis
from freecell_tui.session.analysis import MAX_DEALS_TRIED, choose_deal

UNSOLVABLE = 11982


@pytest.fixture
def proves_11982_unsolvable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver, except that it proves deal 11982 unsolvable at once (the real proof takes
    seconds)."""
    real = solver_package.solve_for_autoplay
    start = deal(UNSOLVABLE)

    def solver(state, mode, **options):  # type: ignore[no-untyped-def]
        if state == start:
            return SolveResult("unsolvable", (), 0.0, 0)
        return real(state, mode, **options)

    monkeypatch.setattr(solver_package, "solve_for_autoplay", solver)


@pytest.mark.usefixtures("proves_11982_unsolvable")
def test_a_deal_proved_unsolvable_is_skipped_and_the_next_comes_with_its_solution() -> None:
    choice = choose_deal(AutoplayMode.SAFE, iter([UNSOLVABLE, 617]).__next__)
    assert choice is not None
    assert (choice.number, choice.skipped, choice.mode) == (617, (UNSOLVABLE,), AutoplayMode.SAFE)
    solution = solver_package.solve_for_autoplay(deal(617), AutoplayMode.SAFE).moves
    assert choice.moves == solution and len(choice.line) == len(solution)
    assert choice.line[0] == deal(617)


@pytest.mark.usefixtures("proves_11982_unsolvable")
def test_after_too_many_unsolvable_deals_it_gives_up() -> None:
    choice = choose_deal(AutoplayMode.OFF, lambda: UNSOLVABLE)
    assert choice is not None
    assert choice.number is None and choice.skipped == (UNSOLVABLE,) * MAX_DEALS_TRIED


def test_a_cancelled_search_chooses_nothing() -> None:
    cancel = analysis.Cancel()
    cancel.set()
    assert choose_deal(AutoplayMode.SAFE, lambda: 617, cancel) is None
