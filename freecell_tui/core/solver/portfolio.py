"""The fast solver: a small portfolio of searches (:mod:`.search`) in turn; the first to finish
answers. Exhaustive, deterministic, cancellable.

* **A portfolio.** A deal that leads one heuristic astray rarely fools another: the first search
  runs alone for a hundred positions, then the others join it, in turns; the first to finish
  answers. Each keeps its own positions seen at first (so that one search's path is never blocked
  by positions another took), and past :data:`SHARE_AFTER` expansions they share them: a position
  is then expanded once, by the search that takes it first, so a proof of unsolvability costs
  about one exhaustive search, not one per heuristic.
* **Scouts.** A deal still unsolved after a few thousand positions brings in more heuristics
  (:data:`SCOUTS`, in two waves), each on its own positions and for a few thousand positions at
  most: a deal that leads the portfolio astray rarely fools them all.
* **Exhaustive.** Every child generated is eventually taken from some queue: when a search's
  queue runs dry while it keeps its own positions, or every queue once they share them, every
  position reachable from the start has been expanded and the start is proved unsolvable. The
  only pruning is sound: autoplay's safe moves, column and cell order, one empty column standing
  for all, no whole column moved to an empty one, no step straight back.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.notation import Move
from freecell_tui.core.solver.collector import paused
from freecell_tui.core.solver.facts import ColumnFacts
from freecell_tui.core.solver.general import GeneralStop, check_win, search_general, stopper
from freecell_tui.core.solver.keys import Cols, Found, Key
from freecell_tui.core.solver.moves import (
    Safe,
    SearchStep,
    core_moves,
    root,
    safe_rule,
)
from freecell_tui.core.solver.schedule import Scouts, run_in_turns
from freecell_tui.core.solver.search import PORTFOLIO, Search, Stop, Weights
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant

__all__ = ["SolveResult", "SolveStatus", "line_to", "solve"]

SolveStatus = Literal["solved", "unsolvable", "gave-up"]


@dataclass(frozen=True, slots=True)
class SolveResult:
    """What a search found.

    ``moves`` play from the position given with autoplay off and write out every move home; each
    is a resolved :class:`Move` (``str(move)`` is standard notation, runs to an empty column as
    ``18v3``). ``positions`` counts the distinct positions the search stored; ``expanded`` those
    whose moves it generated; ``bytes_per_position`` is what each stored position cost in memory
    (its key plus its share of the dictionary holding it). ``moves`` is empty unless ``status`` is
    ``"solved"``.
    """

    status: SolveStatus
    moves: tuple[Move, ...]
    seconds: float
    positions: int
    expanded: int = 0
    bytes_per_position: float = 0.0

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    @property
    def player_moves(self) -> int:
        """The moves that are not to a foundation: what a player with autoplay ``all`` plays, and
        how published tables count a solution."""
        return sum(1 for move in self.moves if not move.dest.is_foundation)


#: Scouts: more heuristics, each with its own positions seen, in waves: a wave joins the turns
#: once the portfolio has expanded its first number of positions, and each of its scouts works
#: at most its second. A hard deal is hard for a heuristic, rarely for all (deal 8742: 8,449
#: positions expanded by the portfolio alone, 5,629 with the scout that wins it; with the
#: portfolio before, deal 8436 took 130,000, and a scout 2,637); a scout costs a deal at most its
#: cap.
SCOUTS: Final[Scouts] = (
    (
        2_700,
        1_500,
        (
            Weights(3, 1, 5, 12, 4, 1, 0),
            Weights(5, 1, 3, 6, 8, 1, 1),
            Weights(2, 2, 4, 11, 5, 1, 1),
            Weights(1, 2, 2, 6, 6, 1, 3),
        ),
    ),
    (15_000, 4_000, (Weights(2, 2, 4, 20, 10, 2, 1), Weights(1, 4, 2, 4, 2, 0, 0))),
)


def _portfolio(
    cols: Cols,
    cells: bytes,
    found: Found,
    safe: Safe,
    should_stop: Callable[[], bool],
    max_positions: int | None,
    cell_count: int = 4,
) -> tuple[list[Search], Search | None]:
    """Run the searches of :data:`PORTFOLIO` and the waves of :data:`SCOUTS` by the schedule of
    :func:`.schedule.run_in_turns`. Returns the searches (scouts last) and the one that solved the
    position (None: unsolvable). Raises :class:`Stop`."""
    facts = ColumnFacts()
    searches = [Search(cols, cells, found, facts, safe, w, {}, cell_count) for w in PORTFOLIO]

    def stop() -> bool:
        if max_positions is not None and _stored(searches) > max_positions:
            return True
        return should_stop()

    winner = run_in_turns(
        searches,
        lambda search, budget: search.run(budget, stop),
        lambda search: search.queued(),
        _share,
        lambda w: Search(cols, cells, found, facts, safe, w, {}, cell_count),
        SCOUTS,
    )
    return searches, winner


def _share(searches: list[Search]) -> None:
    """From now on the searches share one dictionary of positions seen, the union of theirs: a
    position is then expanded once, by the first search to take it. Each position keeps the link
    of the first search (in portfolio order) that saw it: a parent is always in the same search's
    dictionary, so following links from any position stays in searches of the same or an earlier
    place and reaches the start."""
    union: dict[Key, tuple[Key, SearchStep] | None] = {}
    for search in reversed(searches):
        union.update(search.seen)
    for search in searches:
        search.seen = union


def _dictionaries(searches: list[Search]) -> list[dict[Key, tuple[Key, SearchStep] | None]]:
    """The dictionaries of positions the searches keep, each once (the portfolio's may be one)."""
    return list({id(search.seen): search.seen for search in searches}.values())


def _stored(searches: list[Search]) -> int:
    """Positions the searches hold in memory."""
    return sum(map(len, _dictionaries(searches)))


def solve(
    state: GameState,
    *,
    timeout: float | None = None,
    cancel: threading.Event | None = None,
    max_positions: int | None = None,
    autoplay: AutoplayMode = AutoplayMode.SAFE,
) -> SolveResult:
    """Solve ``state``: a solution, a proof that there is none, or ``gave-up``.

    ``timeout`` (seconds) bounds the search; ``cancel``, when set from another thread, stops it
    within a few milliseconds; ``max_positions`` bounds memory. All three end in ``"gave-up"``.
    The result is deterministic: the same position always gives the same moves.

    ``autoplay`` is how cards go home by themselves during the search: ``safe`` (the default; also
    used for ``off``, since safe moves never lose a win) or ``all``, which searches the game a
    player with autoplay ``all`` plays, where a card sent home too early can lose it. Either way
    the moves written out replay with autoplay off.

    FreeCell with fewer free cells is searched the same way (the searches take the number of
    cells), its solution checked by the core's rules (:class:`.general.ReplayError` if it breaks
    them); when it gives up with time left (:data:`FAST_SHARE` of the time at most), the general
    search has the rest. A position of another game (its variant) is searched by
    :mod:`.general`, on the core's rules for that game.
    """
    started = time.monotonic()
    cell_count = fast_cells(state.variant)
    if cell_count is None:
        return _solve_general(state, timeout, cancel, max_positions, autoplay, started)
    if cell_count == 4:
        return _solve_fast(state, 4, timeout, cancel, max_positions, autoplay, started)
    # A deal that leads the fast searches astray rarely fools the general one too: its moves,
    # pruning and heuristic differ.
    first = _solve_fast(
        state,
        cell_count,
        None if timeout is None else timeout * FAST_SHARE,
        cancel,
        max_positions,
        autoplay,
        started,
    )
    if first.status != "gave-up" or (cancel is not None and cancel.is_set()):
        return first
    if timeout is not None and time.monotonic() >= started + timeout:
        return first
    return _solve_general(state, timeout, cancel, max_positions, autoplay, started)


#: The share of a solve's time FreeCell with fewer cells gives the fast searches before the
#: general search has the rest: the fast searches decide nearly every deal, many times faster;
#: the general one, on other moves and heuristics, solves some they are led astray on.
FAST_SHARE: Final = 2 / 3


def _solve_fast(
    state: GameState,
    cell_count: int,
    timeout: float | None,
    cancel: threading.Event | None,
    max_positions: int | None,
    autoplay: AutoplayMode,
    started: float,
) -> SolveResult:
    """:func:`solve` with the fast searches, for FreeCell with ``cell_count`` cells (four or
    fewer); ``timeout`` counts from ``started``."""
    deadline = None if timeout is None else started + timeout

    def should_stop() -> bool:
        if cancel is not None and cancel.is_set():
            return True
        return deadline is not None and time.monotonic() >= deadline

    safe = safe_rule(autoplay)
    cols, cells, found = root(state, safe)
    bound = max_positions
    if state.variant != FREECELL:
        bound = min(max_positions or GENERAL_MAX_POSITIONS, GENERAL_MAX_POSITIONS)
    with paused():  # until the searches are freed too
        start = (cols, cells, found, cell_count)
        return _checked(_run_portfolio(state, start, safe, should_stop, bound, started), state)


def fast_cells(variant: Variant) -> int | None:
    """The free cells of ``variant`` when it is FreeCell with four cells or fewer (the fast
    searches play it), else None (:mod:`.general` searches it)."""
    if variant.cells <= 4 and variant == FREECELL.with_cells(variant.cells):
        return variant.cells
    return None


def _checked(result: SolveResult, state: GameState) -> SolveResult:
    """``result``, its moves played from ``state`` by the core's rules with autoplay off
    when the game is not classic FreeCell: :class:`.general.ReplayError` unless they win."""
    if result.solved and state.variant != FREECELL:
        check_win(state, result.moves)
    return result


#: The most positions a search of another game than classic FreeCell stores, whatever its caller
#: asks (the general search's about 470 bytes each, the fast search's 360: under 500 MB). A
#: search a player starts (a hint, auto-solve) gives no bound of its own.
GENERAL_MAX_POSITIONS: Final = 1_000_000


def _solve_general(
    state: GameState,
    timeout: float | None,
    cancel: threading.Event | None,
    max_positions: int | None,
    autoplay: AutoplayMode,
    started: float,
) -> SolveResult:
    """:func:`solve` for a position of another game than classic FreeCell, its memory bounded
    by :data:`GENERAL_MAX_POSITIONS` at most."""
    try:
        outcome = search_general(
            state,
            should_stop=stopper(timeout, cancel, started),
            max_positions=min(max_positions or GENERAL_MAX_POSITIONS, GENERAL_MAX_POSITIONS),
            autoplay=autoplay,
        )
    except GeneralStop:
        return SolveResult("gave-up", (), time.monotonic() - started, 0)
    seconds = time.monotonic() - started
    if outcome.moves is None:
        return SolveResult("unsolvable", (), seconds, outcome.positions, outcome.expanded)
    return SolveResult("solved", outcome.moves, seconds, outcome.positions, outcome.expanded)


def _run_portfolio(
    state: GameState,
    start: tuple[Cols, bytes, Found, int],
    safe: Safe,
    should_stop: Callable[[], bool],
    max_positions: int | None,
    started: float,
) -> SolveResult:
    """:func:`solve` with the portfolio's searches, from the start: columns, cells, foundations and
    the game's number of free cells."""
    cols, cells, found, cell_count = start
    try:
        searches, winner = _portfolio(
            cols, cells, found, safe, should_stop, max_positions, cell_count
        )
    except Stop:
        return SolveResult("gave-up", (), time.monotonic() - started, 0)
    dictionaries = _dictionaries(searches)
    positions = sum(map(len, dictionaries))
    expanded = sum(search.expanded for search in searches)
    size = sum(map(_stored_bytes, dictionaries)) / positions
    if winner is None:
        return SolveResult("unsolvable", (), time.monotonic() - started, positions, expanded, size)
    moves = core_moves(state, line_to(winner.seen, winner.goal), safe)
    return SolveResult("solved", moves, time.monotonic() - started, positions, expanded, size)


def line_to(
    seen: dict[Key, tuple[Key, SearchStep] | None], key: Key | None
) -> list[tuple[Cols, bytes, SearchStep]]:
    """The steps from the start to ``key``, each with the columns and cells it is played from."""
    line: list[tuple[Cols, bytes, SearchStep]] = []
    link = seen[key] if key is not None else None
    while link is not None:
        parent, step = link
        line.append((parent[:8], parent[8], step))
        link = seen[parent]
    line.reverse()
    return line


def _stored_bytes(seen: dict[Key, tuple[Key, SearchStep] | None]) -> int:
    """Bytes the stored positions take: the dictionary's table, each key tuple, its link (a tuple
    of the parent's key, already counted, and the step) and the column objects new to each
    position (two: a step changes two columns; the others are shared with the parent)."""
    sample = next(iter(seen))
    column = sum(sys.getsizeof(col) for col in sample[:8]) // 8
    link = sys.getsizeof((sample, sample)) + sys.getsizeof((0, 0, 0, 0))
    return sys.getsizeof(seen) + len(seen) * (sys.getsizeof(sample) + link + 2 * column)
