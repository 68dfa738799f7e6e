"""fc-solve's solutions replay to a win through the core (skipped without fc-solve)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import parse_moves, solution_words

DEALS = range(1, 201)


@pytest.mark.fcsolve
def test_fcsolve_solutions_win_through_the_core(fcsolve_solution: Callable[[int], str]) -> None:
    for number in DEALS:
        output = fcsolve_solution(number)
        assert "This game is solveable." in output, f"fc-solve did not solve deal {number}"
        game = Game.new(number, autoplay=AutoplayMode.OFF)
        for move in parse_moves(" ".join(solution_words(output))):
            game = game.play(move)
        assert game.outcome is Outcome.WON, f"deal {number}"
        # Stored as moves and replayed, the game is the same.
        assert Game.replay(game.start, game.turns, deal_number=number).state.is_won
