"""The search: best-first with two heuristics in turn, exhaustive, deterministic, cancellable.

A priority queue ordered by a heuristic (cards not home, cards lying on a lower card, free cells
in use, empty columns) plus a small weight on moves made, with every key seen kept in a
dictionary (key → parent key). When the queue runs dry, every position reachable from the start
has been seen, and the position is proved unsolvable. When the first search has not finished
after a few thousand positions, a second one with other weights joins it, in turns; the first to
finish answers. The path found is shortened by a pass that looks, from each position on it, for a
single move that reaches a later position on it, and keeps the shortest chain.
"""

from __future__ import annotations

import heapq
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.notation import Move
from freecell_tui.core.solver.keys import RANK, Cols, Found, compact, key_of
from freecell_tui.core.solver.moves import Runs, Safe, Step, always, children, core_moves, is_safe
from freecell_tui.core.state import GameState

__all__ = ["SolveResult", "SolveStatus", "solve"]

SolveStatus = Literal["solved", "unsolvable", "gave-up"]


@dataclass(frozen=True, slots=True)
class SolveResult:
    """What :func:`solve` found.

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


class _Disorder(dict[bytes, int]):
    """Column -> a cost for the cards that must move off it: each card lying above a lower card
    (which it keeps from going home first) counts, weighted by how deep that lower card is."""

    def __missing__(self, col: bytes) -> int:
        cost = 0
        low = 14
        for v in col:
            r = RANK[v]
            if r > low:
                cost += 1
            elif r < low:
                low = r
        self[col] = cost
        return cost


# --------------------------------------------------------------------------- the search
@dataclass(frozen=True, slots=True)
class _Weights:
    """The heuristic's weights (found by trying them on Microsoft deals 1–3000)."""

    out: int  # per card not home
    disorder: int  # per card lying on a lower card of its column
    cell: int  # per occupied free cell
    empty: int  # per empty column (a bonus)
    moves: int  # per move made so far: longer lines rank later, so solutions stay short


#: The first search, and the others that join it in turn when it has not finished after
#: ``_ALONE`` expansions: a deal that leads one heuristic astray rarely fools all of them.
_PORTFOLIO: Final = (
    _Weights(6, 4, 8, 6, 1),
    _Weights(3, 3, 10, 6, 2),
)
_ALONE: Final = 3000
_TURN: Final = 1000  # expansions each search makes in its turn once several run
CHECK_EVERY: Final = 16  # expansions between looks at the clock and the cancel event


class _Stop(Exception):
    """The search ran out of time, positions or was cancelled."""


class _Search:
    """One best-first search from a position with no safe move home left.

    Keeps every key seen (key → parent key) and a priority queue ordered by the heuristic plus
    the moves made; ties go to the position found first, so the search is deterministic.
    """

    def __init__(
        self, cols: Cols, cells: bytes, found: Found, runs: Runs, safe: Safe, weights: _Weights
    ) -> None:
        self.runs = runs
        self.safe = safe
        self.weights = weights
        self.disorder = _Disorder()
        root = key_of(cols, cells)
        self.parents: dict[bytes, bytes | None] = {root: None}
        self.heap: list[tuple[int, int, Cols, bytes, Found, int, bytes]] = [
            (0, 0, cols, cells, found, 0, root)
        ]
        self.seq = 0
        self.expanded = 0
        self.solved = not root

    def run(self, budget: int, should_stop: Callable[[], bool]) -> bool | None:
        """Expand up to ``budget`` positions: True once solved, False once every reachable
        position has been seen (unsolvable), None when neither yet. Raises :class:`_Stop`."""
        if self.solved:
            return True
        w_out, w_dis, w_cell, w_empty, w_moves = (
            self.weights.out,
            self.weights.disorder,
            self.weights.cell,
            self.weights.empty,
            self.weights.moves,
        )
        parents = self.parents
        heap = self.heap
        disorder = self.disorder.__getitem__
        runs, safe = self.runs, self.safe
        push = heapq.heappush
        pop = heapq.heappop
        seq = self.seq
        expanded = self.expanded
        try:
            for _ in range(budget):
                if not heap:
                    return False
                expanded += 1
                if expanded % CHECK_EVERY == 0 and should_stop():
                    raise _Stop
                _, _, cols, cells, found, g, key = pop(heap)
                g += 1
                for ckey, ccols, ccells, cfound, _step in children(cols, cells, found, runs, safe):
                    if ckey in parents:
                        continue
                    parents[ckey] = key
                    if not ckey:
                        self.solved = True
                        return True
                    seq += 1
                    h = (
                        w_out * (52 - cfound[0] - cfound[1] - cfound[2] - cfound[3])
                        + w_dis * sum(map(disorder, ccols))
                        + w_cell * len(ccells)
                        - w_empty * ccols.count(b"")
                        + w_moves * g
                    )
                    push(heap, (h, seq, ccols, ccells, cfound, g, ckey))
            return None if heap else False
        finally:
            self.seq = seq
            self.expanded = expanded


def _portfolio(
    cols: Cols,
    cells: bytes,
    found: Found,
    runs: Runs,
    safe: Safe,
    should_stop: Callable[[], bool],
    max_positions: int | None,
) -> tuple[list[_Search], _Search | None]:
    """Run the searches of :data:`_PORTFOLIO`: the first alone for :data:`_ALONE` expansions, then
    all in turn. Returns them all and the one that solved the position (None: unsolvable, which
    any one search proves by running dry). Raises :class:`_Stop`."""
    searches = [_Search(cols, cells, found, runs, safe, _PORTFOLIO[0])]

    def stop() -> bool:
        if max_positions is not None and sum(len(s.parents) for s in searches) > max_positions:
            return True
        return should_stop()

    verdict = searches[0].run(_ALONE, stop)
    if verdict is not None:
        return searches, searches[0] if verdict else None
    searches += [_Search(cols, cells, found, runs, safe, w) for w in _PORTFOLIO[1:]]
    while True:
        for search in searches:
            verdict = search.run(_TURN, stop)
            if verdict is not None:
                return searches, search if verdict else None


def _path_states(
    cols: Cols, cells: bytes, found: Found, keys: list[bytes], runs: Runs, safe: Safe
) -> list[tuple[Cols, bytes, Found]]:
    """The positions along ``keys`` (which start at this position's key), rebuilt move by move
    so that column numbers are the real ones."""
    states = [(cols, cells, found)]
    for target in keys[1:]:
        for ckey, ccols, ccells, cfound, _step in children(cols, cells, found, runs, safe):
            if ckey == target:
                cols, cells, found = ccols, ccells, cfound
                break
        else:  # pragma: no cover - the parent map only holds children
            raise AssertionError("solver path broken")
        states.append((cols, cells, found))
    return states


def _shortest_steps(states: list[tuple[Cols, bytes, Found]], runs: Runs, safe: Safe) -> list[Step]:
    """The fewest moves along ``states`` when any position may jump, by one move, to any later
    position of the path that one move reaches: a move that skips a detour replaces it."""
    index = {key_of(c, s): i for i, (c, s, _) in enumerate(states)}
    last = len(states) - 1
    # best[j] = (moves to reach position j, the position it is reached from, the move).
    best: list[tuple[int, int, Step]] = [
        (0 if j == 0 else 1 << 30, -1, (0, 0, 0, 0)) for j in range(last + 1)
    ]
    for i in range(last):
        dist = best[i][0]
        cols, cells, found = states[i]
        for ckey, _c, _s, _f, step in children(cols, cells, found, runs, safe):
            j = index.get(ckey, -1)
            if j > i and dist + 1 < best[j][0]:
                best[j] = (dist + 1, i, step)
    steps: list[Step] = []
    j = last
    while j > 0:
        _, i, step = best[j]
        steps.append(step)
        j = i
    steps.reverse()
    return steps


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
    """
    started = time.monotonic()
    deadline = None if timeout is None else started + timeout

    def should_stop() -> bool:
        if cancel is not None and cancel.is_set():
            return True
        return deadline is not None and time.monotonic() >= deadline

    mode = AutoplayMode.ALL if autoplay is AutoplayMode.ALL else AutoplayMode.SAFE
    safe: Safe = always if mode is AutoplayMode.ALL else is_safe
    root_state, first = run_autoplay(state, mode)
    cols, cells, found = compact(root_state)
    runs = Runs()
    try:
        searches, winner = _portfolio(cols, cells, found, runs, safe, should_stop, max_positions)
    except _Stop:
        return SolveResult("gave-up", (), time.monotonic() - started, 0)
    positions = sum(len(search.parents) for search in searches)
    expanded = sum(search.expanded for search in searches)
    size = sum(_stored_bytes(search.parents) for search in searches) / positions
    if winner is None:
        return SolveResult("unsolvable", (), time.monotonic() - started, positions, expanded, size)
    parents = winner.parents
    keys: list[bytes] = []
    key: bytes | None = b""
    while key is not None:
        keys.append(key)
        key = parents[key]
    keys.reverse()
    states = _path_states(cols, cells, found, keys, runs, safe)
    steps = _shortest_steps(states, runs, safe)
    moves = first + core_moves(root_state, steps, mode)
    return SolveResult("solved", moves, time.monotonic() - started, positions, expanded, size)


def _stored_bytes(parents: dict[bytes, bytes | None]) -> int:
    """Bytes the stored positions take: each key object plus the dictionary's own table (a
    value is a reference to the parent's key, already counted)."""
    return sys.getsizeof(parents) + sum(map(sys.getsizeof, parents))
