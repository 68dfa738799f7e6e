"""Par: the fewest moves the solver finds for a deal, counted as the game counts moves.

A game counts its turns: every move the player makes (autoplay's moves are not counted; with
autoplay ``safe`` or ``off`` the player's own moves home are). Par is counted the same way: the
turns of the shortest solution :func:`~freecell_tui.core.solver.solve_fewest` finds within its
budget, played in a game with that autoplay mode — so "You won in 38 moves — par 27" compares
like with like. With autoplay ``all`` par is the published tables' count (player moves).

Pure: the front ends run :func:`find_par` in a worker (it polls a cancel flag) and keep what it
found in the store (:meth:`~freecell_tui.store.pars.Pars.keep`), so a deal's par is searched once
per autoplay mode.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, parse_moves
from freecell_tui.core.solver import solve_fewest, solve_for_autoplay, turns
from freecell_tui.core.solver.fewest import WIDTHS
from freecell_tui.core.state import GameState
from freecell_tui.store import Par

__all__ = ["LINE_PAR_SECONDS", "PAR_SECONDS", "ParSearch", "find_par", "par_line", "par_phrase"]

#: How long the full-screen game searches a deal's par, in the background.
PAR_SECONDS: Final = 10.0
#: How long line mode searches a par it does not know yet when a game is won (it waits for it).
LINE_PAR_SECONDS: Final = 3.0


@dataclass(frozen=True, slots=True)
class ParSearch:
    """What :func:`find_par` found: the par (``None`` when the deal has no solution the solver
    found), and whether the search ran its whole budget (``complete``; a cancelled search gives
    its best so far, which is not kept as the deal's par)."""

    par: Par | None
    complete: bool


def find_par(
    number: int,
    mode: AutoplayMode,
    *,
    budget: float = PAR_SECONDS,
    cancel: threading.Event | None = None,
    widths: tuple[int, ...] = WIDTHS,
) -> ParSearch:
    """The par of deal ``number`` in a game with autoplay ``mode``: the turns of the shortest
    solution found within ``budget`` seconds. Never more than the fast solver's solution played
    in that game (both are counted, the shorter wins)."""
    start = deal(number)
    fewest = solve_fewest(start, mode, budget=budget, cancel=cancel, widths=widths)
    stopped = cancel is not None and cancel.is_set()
    if not fewest.solved:
        return ParSearch(None, not stopped and fewest.status == "unsolvable")
    best = turns(start, fewest.moves, mode)
    if mode is not AutoplayMode.ALL:
        # Par minimises the moves not to a foundation; in these modes the player's own moves
        # home are turns too, so the fast solution may take fewer turns.
        fast = solve_for_autoplay(start, mode, timeout=budget, cancel=cancel)
        if fast.solved and len(fast.moves) < len(best):
            best = fast.moves
    solution = " ".join(str(move) for move in best)
    return ParSearch(Par(number, mode, len(best), solution), not stopped)


def par_line(par: Par) -> tuple[tuple[Move, ...], tuple[GameState, ...]] | None:
    """The par's turns and the position before each, played from the deal in its autoplay mode
    (``None`` when the stored solution does not win that game: a damaged row is ignored)."""
    try:
        moves = tuple(parse_moves(par.solution))
        game = Game.new(par.deal_number, autoplay=par.autoplay)
        line = [game.state]
        for move in moves:
            game = game.play(move)
            line.append(game.state)
    except (FreeCellError, ValueError):
        return None
    if not game.state.is_won or len(moves) != par.moves:
        return None
    return moves, tuple(line[:-1])


def par_phrase(moves: int, par: int) -> str:
    """How a won game's moves compare with par: ``par 27``, ``par 27, you matched it``,
    ``par 27, you beat it``."""
    if moves < par:
        return f"par {par}, you beat it"
    if moves == par:
        return f"par {par}, you matched it"
    return f"par {par}"
