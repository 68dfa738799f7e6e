"""fc-solve, the independent reference, agrees on which deals can be won (nothing timed)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from freecell_tui.core.deals import deal
from freecell_tui.core.solver import solve


@pytest.mark.fcsolve
@pytest.mark.parametrize("number", [1, 617, 1941, 31465])
def test_fc_solve_agrees_the_deal_can_be_won(
    number: int, fcsolve_solution: Callable[[int], str]
) -> None:
    assert "This game is solveable." in fcsolve_solution(number)
    assert solve(deal(number), timeout=20).status == "solved"


@pytest.mark.fcsolve
def test_fc_solve_agrees_11982_cannot_be_won(fcsolve_solution: Callable[[int], str]) -> None:
    # Our own proof is tests/solver/test_solver.py::test_deal_11982_is_proved_unsolvable.
    assert "I could not solve this game." in fcsolve_solution(11982)
