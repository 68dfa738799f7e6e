"""Helpers for the game: is a position winnable, where a history stopped being winnable, and can
any line of play still bring a card home (seed 004's end of game)."""

from __future__ import annotations

import threading
import time
from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass
from typing import Literal

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.solver.collector import paused
from freecell_tui.core.solver.facts import ColumnFacts
from freecell_tui.core.solver.general import can_bring_home_general, stopper
from freecell_tui.core.solver.keys import CELL_FLAG, Cols, Found, canonical_key, compact
from freecell_tui.core.solver.moves import children, is_safe
from freecell_tui.core.solver.portfolio import solve
from freecell_tui.core.solver.search import CHECK_EVERY
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL

__all__ = ["WinnablePoint", "can_bring_card_home", "is_winnable", "last_winnable"]


# --------------------------------------------------------------------------- helpers for the game
def is_winnable(
    state: GameState,
    timeout: float | None = None,
    cancel: threading.Event | None = None,
    *,
    autoplay: AutoplayMode = AutoplayMode.SAFE,
    known: MutableMapping[bytes, bool] | None = None,
) -> bool | None:
    """True when ``state`` can still be won, False when the solver proved it cannot, None when
    it gave up (out of time or cancelled).

    ``autoplay`` is the game's mode (see :func:`solve`). ``known`` is a cache of verdicts by
    :func:`canonical_key`, for that one mode: a position found there is not searched again, and
    a verdict reached is written there (a game's screen keeps one, so undo and redo cost
    nothing)."""
    key = canonical_key(state) if known is not None else b""
    if known is not None and key in known:
        return known[key]
    status = solve(state, timeout=timeout, cancel=cancel, autoplay=autoplay).status
    if status == "gave-up":
        return None
    verdict = status == "solved"
    if known is not None:
        known[key] = verdict
    return verdict


@dataclass(frozen=True, slots=True)
class WinnablePoint:
    """Where a game's history stops being winnable.

    ``status`` is ``"winnable"`` when the last position can still be won (``index`` is the last
    index), ``"lost"`` when it cannot (``index`` is the last winnable position, ``None`` when not
    even the start could be won), ``"unknown"`` when a check gave up before it was decided.
    """

    status: Literal["winnable", "lost", "unknown"]
    index: int | None
    #: How many positions the history has (``len(states)``), to say "undo N moves".
    length: int

    @property
    def undo_count(self) -> int | None:
        """Turns to undo to get back to the last winnable position (None when there is none)."""
        if self.index is None:
            return None
        return self.length - 1 - self.index


def last_winnable(
    states: Sequence[GameState],
    *,
    timeout: float | None = None,
    cancel: threading.Event | None = None,
    last_is_lost: bool = False,
    autoplay: AutoplayMode = AutoplayMode.SAFE,
    known: MutableMapping[bytes, bool] | None = None,
) -> WinnablePoint:
    """The last winnable position of a history (``Game.states``: the start, then the position
    after each turn).

    A position that can be won was reached only from positions that can be won, so the winnable
    positions are a prefix of the history: after checking the last position, a binary search
    finds the end of that prefix with about log2(turns) solver runs. ``timeout`` bounds the whole
    search; a run that gives up makes the answer ``"unknown"``. ``last_is_lost=True`` skips
    checking the last position, when the caller's solver run has just proved it lost.
    ``autoplay`` and ``known`` are passed to :func:`is_winnable` for every position checked.
    """
    if not states:
        raise ValueError("a history has at least its start position")
    started = time.monotonic()
    length = len(states)

    def check(index: int) -> bool | None:
        left = None if timeout is None else max(timeout - (time.monotonic() - started), 0.0)
        return is_winnable(states[index], left, cancel, autoplay=autoplay, known=known)

    verdict = False if last_is_lost else check(length - 1)
    if verdict is None:
        return WinnablePoint("unknown", None, length)
    if verdict:
        return WinnablePoint("winnable", length - 1, length)
    low, high = -1, length - 1  # states[low] winnable (or low = -1: none known), states[high] not
    while high - low > 1:
        mid = (low + high) // 2
        verdict = check(mid)
        if verdict is None:
            return WinnablePoint("unknown", None, length)
        if verdict:
            low = mid
        else:
            high = mid
    return WinnablePoint("lost", None if low < 0 else low, length)


def can_bring_card_home(
    state: GameState,
    *,
    timeout: float | None = None,
    cancel: threading.Event | None = None,
    max_positions: int = 200_000,
) -> bool | None:
    """Seed 004's end of game: can any sequence of moves still bring another card home?

    True when some line of play reaches a move home, False when none ever can (the game is over
    even though moves may remain), None when undecided within the bounds.

    Cheap answers first: a card that can go home now, or the next card of a suit with no more
    cards on it than free cells plus empty columns (each can take one of them), settle it at
    once. Otherwise every position reachable without a move home is searched (canonical keys, so
    column and cell order do not count) until one move home appears; a position with no free cell
    and no empty column has few moves, so a stuck game is proved stuck quickly.
    """
    started = time.monotonic()
    if state.variant != FREECELL:
        should_stop = stopper(timeout, cancel, started)
        return can_bring_home_general(state, should_stop=should_stop, max_positions=max_positions)
    cols, cells, found = compact(state)
    if _next_card_in_reach(cols, cells, found):
        return True
    with paused():
        facts = ColumnFacts()
        seen = {(*cols, cells)}
        frontier = [(cols, cells)]
        count = 0
        while frontier:
            next_frontier: list[tuple[Cols, bytes]] = []
            for cols, cells in frontier:
                count += 1
                if count % CHECK_EVERY == 0:
                    if cancel is not None and cancel.is_set():
                        return None
                    if timeout is not None and time.monotonic() - started >= timeout:
                        return None
                for ccols, ccells, cfound, _step in children(cols, cells, found, facts, is_safe):
                    if cfound != found:
                        return True
                    ckey = (*ccols, ccells)
                    if ckey not in seen:
                        seen.add(ckey)
                        next_frontier.append((ccols, ccells))
                if len(seen) > max_positions:
                    return None
            frontier = next_frontier
        return False


def _next_card_in_reach(cols: Cols, cells: bytes, found: Found) -> bool:
    """Whether the next card of some suit is in a free cell, or has no more cards on it than
    free cells plus empty columns (each can take one of them)."""
    room = (4 - len(cells)) + cols.count(b"")
    for suit in range(4):
        if found[suit] == 13:
            continue
        card = found[suit] * 4 + suit  # the next card this suit needs
        if card | CELL_FLAG in cells:
            return True
        for col in cols:
            at = next((i for i, v in enumerate(col) if v & 0x3F == card), -1)
            if at >= 0:
                if len(col) - 1 - at <= room:
                    return True
                break
    return False
