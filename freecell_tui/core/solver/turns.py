"""Solutions as a player plays them: the turns of a game with an autoplay mode, and how many of
them are player moves."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import replace
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.errors import IllegalMoveError
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import apply_move, moved_cards
from freecell_tui.core.solver.fewest import solve_fewest
from freecell_tui.core.solver.portfolio import SolveResult, solve
from freecell_tui.core.state import GameState

__all__ = ["SHORTEN_WIDTHS", "count_player_moves", "solve_for_autoplay", "turns"]

#: The beams of :func:`solve_fewest` a hint or auto-solve spends on shortening the fast solver's
#: line: about 0.1 s after it (0.17 s at most on deals 1–40), and a quarter fewer player moves
#: (43.5 to 33.6 a deal on deals 1–40; par's ten seconds reach about 27). Fixed widths, not a
#: time budget, so the same position always gives the same line.
SHORTEN_WIDTHS: Final = (16, 64)


def turns(state: GameState, moves: Iterable[Move], autoplay: AutoplayMode) -> tuple[Move, ...]:
    """The moves of a solution written out with autoplay off (every move home, as :func:`solve`
    writes them) that a player makes in a game whose autoplay mode is ``autoplay``: the moves home
    autoplay makes by itself are left out, so playing each with :meth:`Game.play` (one turn each)
    wins.

    Raises :class:`IllegalMoveError` when the moves do not win that game: autoplay ``all`` may send
    home a card such a solution still needs (a solution found for that mode never does).
    """
    played: list[Move] = []
    line = state  # along the solution, autoplay off
    current = state  # along the game, which plays autoplay after each turn
    for move in moves:
        card = moved_cards(line, move)[0]
        line = apply_move(line, move)
        if move.dest.is_foundation and current.foundations[card.suit.index] >= card.rank:
            continue  # autoplay took it home already
        played.append(move)
        current, _ = run_autoplay(apply_move(current, move), autoplay)
    if not current.is_won:
        raise IllegalMoveError("these moves do not win the game")
    return tuple(played)


def count_player_moves(state: GameState, moves: Iterable[Move], autoplay: AutoplayMode) -> int:
    """How many player moves a solution (written out with autoplay off) takes in a game whose
    autoplay mode is ``autoplay``: its turns there that are not moves to a foundation. Par is
    counted this way (see :func:`solve_fewest`), and so are the published tables of near-optimal
    solutions (with autoplay ``all`` every turn is such a move). Raises :class:`IllegalMoveError`
    when the moves do not win that game (see :func:`turns`)."""
    return sum(1 for move in turns(state, moves, autoplay) if not move.dest.is_foundation)


def solve_for_autoplay(
    state: GameState,
    autoplay: AutoplayMode,
    *,
    timeout: float | None = None,
    cancel: threading.Event | None = None,
    shorten: bool = False,
) -> SolveResult:
    """Like :func:`solve`, but the moves are those a player makes in a game whose autoplay mode is
    ``autoplay``: the moves home autoplay makes by itself are left out, so playing each move with
    :meth:`Game.play` (one undoable turn each) wins. For hints and auto-solve.

    The search itself sends cards home as that game does (see :func:`solve`), so the game and the
    solution stay in step after every turn.

    ``shorten``: then spend the beams :data:`SHORTEN_WIDTHS` of :func:`solve_fewest` on a line of
    fewer turns (what a hint points along and auto-solve plays; the fast solver's line is kept
    when the beams find none shorter, or when ``cancel`` or ``timeout`` stop them).
    """
    result = solve(state, timeout=timeout, cancel=cancel, autoplay=autoplay)
    if result.status != "solved":
        return result
    off = autoplay is AutoplayMode.OFF  # every move is a turn: nothing to leave out
    played = result.moves if off else turns(state, result.moves, autoplay)
    if shorten:
        budget = float("inf") if timeout is None else max(timeout - result.seconds, 0.0)
        short = solve_fewest(
            state, autoplay, budget=budget, cancel=cancel, widths=SHORTEN_WIDTHS, first=result
        )
        # Fewer player moves may take more moves home by hand (autoplay safe or off): the line
        # with fewer turns is kept.
        shorter = short.moves if off else turns(state, short.moves, autoplay)
        if len(shorter) < len(played):
            result, played = short, shorter
    return replace(result, moves=played)
