"""Solutions as a player plays them: the moves of a game with an autoplay mode, one turn each."""

from __future__ import annotations

import threading
from dataclasses import replace

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import apply_move, moved_cards
from freecell_tui.core.solver.search import SolveResult, solve
from freecell_tui.core.state import GameState

__all__ = ["solve_for_autoplay"]


def solve_for_autoplay(
    state: GameState,
    autoplay: AutoplayMode,
    *,
    timeout: float | None = None,
    cancel: threading.Event | None = None,
) -> SolveResult:
    """Like :func:`solve`, but the moves are those a player makes in a game whose autoplay mode is
    ``autoplay``: the moves home autoplay makes by itself are left out, so playing each move with
    :meth:`Game.play` (one undoable turn each) wins. For hints and auto-solve.

    The search itself sends cards home as that game does (see :func:`solve`), so the game and the
    solution stay in step after every turn.
    """
    result = solve(state, timeout=timeout, cancel=cancel, autoplay=autoplay)
    if result.status != "solved" or autoplay is AutoplayMode.OFF:
        return result
    played: list[Move] = []
    line = state  # along the solution, autoplay off
    current = state  # along the game, with its autoplay
    for move in result.moves:
        card = moved_cards(line, move)[0]
        line = apply_move(line, move)
        if move.dest.is_foundation and current.foundations[card.suit.index] >= card.rank:
            continue  # autoplay took it home already
        played.append(move)
        current, _ = run_autoplay(apply_move(current, move), autoplay)
    assert current.is_won
    return replace(result, moves=tuple(played))
