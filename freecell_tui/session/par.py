"""Par: the fewest moves the solver finds for a deal, counted as the game counts moves.

A game counts its turns: every move the player makes (autoplay's moves are not counted; with
autoplay ``safe`` or ``off`` the player's own moves home are). Par is counted the same way: the
turns of the shortest solution :func:`~freecell_tui.core.solver.solve_fewest` finds within its
budget, played in a game with that autoplay mode — so "You won in 38 moves — par 27" compares
like with like. With autoplay ``all`` par is the published tables' count (player moves).

Par is only what a search that finished its work found: every beam of its widths ran to the end
(:attr:`ParSearch.complete`). The time given is a bound, not the work: a search the bound (or a
cancel) cut short gives its best so far, which depends on the machine's speed and is no par —
it is neither kept nor shown, and "you beat it" is never said against it.

Pure: the front ends run :func:`find_par` (the full-screen game in a worker, line mode when a
game is won) and keep what a finished search found in the store
(:meth:`~freecell_tui.session.play.PlaySession.keep_par`), so a deal's par is searched until
one search finishes, once per autoplay mode.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, parse_moves
from freecell_tui.core.solver import solve_fewest, solve_for_autoplay, turns
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.store import Par

__all__ = ["LINE_PAR_SECONDS", "PAR_SECONDS", "ParSearch", "find_par", "par_line", "par_phrase"]

#: The bound on the full-screen game's search for a deal's par, in the background. The search's
#: work is its beams; they finish in about 5 to 25 s on one loaded core (``docs/solver.md``).
PAR_SECONDS: Final = 120.0
#: The bound on line mode's background search for a par the store does not know.
LINE_PAR_SECONDS: Final = 60.0


@dataclass(frozen=True, slots=True)
class ParSearch:
    """What :func:`find_par` found: the best solution (``None`` when the solver found none), and
    whether the search finished its work (``complete``): only then is ``par`` the deal's par. A
    search its time bound or a cancel cut short gives its best so far, which is not par."""

    par: Par | None
    complete: bool


def find_par(
    number: int,
    mode: AutoplayMode,
    variant: Variant = FREECELL,
    *,
    budget: float = PAR_SECONDS,
    cancel: threading.Event | None = None,
    widths: tuple[int, ...] | None = None,
) -> ParSearch:
    """The par of deal ``number`` of ``variant``'s game with autoplay ``mode``: the turns of
    the shortest solution the beams of ``widths`` (by default the game's) find, never more than
    the solver's solution played in that game (both are counted, the shorter wins). ``budget``
    seconds bound the whole search: a search they (or ``cancel``) cut short is not complete."""
    started = time.monotonic()
    start = deal(number, variant)
    fewest = solve_fewest(start, mode, budget=budget, cancel=cancel, widths=widths)
    if not fewest.solved:
        finished = fewest.status == "unsolvable" and not _cut_short(started, budget, cancel)
        return ParSearch(None, finished)
    best = turns(start, fewest.moves, mode)
    if mode is not AutoplayMode.ALL:
        # Par minimises the moves not to a foundation; in these modes the player's own moves
        # home are turns too, so the fast solution may take fewer turns.
        left = max(budget - (time.monotonic() - started), 0.0)
        fast = solve_for_autoplay(start, mode, timeout=left, cancel=cancel)
        if fast.solved and len(fast.moves) < len(best):
            best = fast.moves
    solution = " ".join(str(move) for move in best)
    return ParSearch(
        Par(number, mode, len(best), solution, variant), not _cut_short(started, budget, cancel)
    )


def _cut_short(started: float, budget: float, cancel: threading.Event | None) -> bool:
    """A search begun at ``started`` was stopped before it finished: cancelled, or it reached
    its time bound (each part stops at the bound, so one that finished ended before it)."""
    return (cancel is not None and cancel.is_set()) or time.monotonic() - started >= budget


def par_line(par: Par) -> tuple[tuple[Move, ...], tuple[GameState, ...]] | None:
    """The par's turns and the position before each, played from the deal of its game in its
    autoplay mode (``None`` when the stored solution does not win that game: a damaged row is
    ignored)."""
    try:
        moves = tuple(parse_moves(par.solution, par.variant))
        game = Game.new(par.deal_number, autoplay=par.autoplay, variant=par.variant)
        line = [game.state]
        for move in moves:
            game = game.play(move)
            line.append(game.state)
    except (FreeCellError, ValueError):
        return None
    if not game.state.is_won or len(moves) != par.moves:
        return None
    return moves, tuple(line[:-1])


def par_phrase(moves: int, par: int | None) -> str:
    """How a won game's moves compare with par: ``par 27``, ``par 27, you matched it``,
    ``par 27, you beat it`` — or ``par not known yet`` (``par`` ``None``: no finished search
    found it; nothing is beaten or matched then)."""
    if par is None:
        return "par not known yet"
    if moves < par:
        return f"par {par}, you beat it"
    if moves == par:
        return f"par {par}, you matched it"
    return f"par {par}"
