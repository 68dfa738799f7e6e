"""A FreeCell solver in pure Python: finds a solution from any position, or proves there is none.

How it searches (see ``docs/solver.md`` for the figures):

* **Compact positions.** A position is stored as one ``bytes`` key of at most 52 slots, one per
  card still out (the single-array idea: every pile lives in one sequence). Each column is written
  deepest card first, its first card flagged with ``0x80`` to mark the pile boundary; free-cell
  cards follow, flagged with ``0x40``. Cards at home are not written: the foundations are exactly
  the cards missing from the key. Columns are sorted (by their deepest card) and cells are sorted,
  so positions that differ only in column order or free-cell order share one key.
* **Moves.** One search step is one move in standard notation: a card home, a card to a free cell,
  a card from a cell to a column, or a run of cards between columns (a run counts as one move, as
  in ``18v3``; to an empty column, one card or the longest run that may move), followed by every
  *safe* card home (the Windows rule: aces, twos on their ace, and a card when both cards of the
  other colour one rank lower are home). Safe moves can never hurt, so playing them at once loses
  no solution; they are written out in the solution. Every single-card move is among the moves,
  so every position reachable in the game is reachable in the search: runs are shortcuts.
* **Best-first search.** A priority queue ordered by a heuristic (cards not home, cards lying on a
  lower card, free cells in use, empty columns) plus a small weight on moves made, with every key
  seen kept in a dictionary (key → parent key). The search is exhaustive: when the queue runs dry,
  every position reachable from the start has been seen, and the position is proved unsolvable.
  Pruning is only by these sound rules: safe moves home, column and cell order, a whole column
  never moved to an empty column, and one empty column standing for all of them.
* **Two heuristics.** When the first search has not finished after a few thousand positions, a
  second one with other weights joins it, in turns; the first to finish answers.
* **Shorter solutions.** The path found is shortened by a pass that looks, from each position on
  it, for a single move that reaches a later position on it, and keeps the shortest chain.
"""

from __future__ import annotations

import heapq
import sys
import threading
import time
from collections.abc import Callable, MutableMapping, Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.cards import ALL_CARDS
from freecell_tui.core.notation import CELLS, COLUMNS, FOUNDATION, Move
from freecell_tui.core.rules import apply_move, moved_cards, resolve_move
from freecell_tui.core.state import GameState

__all__ = [
    "SolveResult",
    "SolveStatus",
    "WinnablePoint",
    "can_bring_card_home",
    "canonical_key",
    "is_winnable",
    "last_winnable",
    "solve",
    "solve_for_autoplay",
]

SolveStatus = Literal["solved", "unsolvable", "gave-up"]

# Byte tables, indexed by a card byte with or without its flag.
_COL_FLAG: Final = 0x80
_CELL_FLAG: Final = 0x40
_RANK: Final = bytes(((v & 0x3F) >> 2) + 1 if (v & 0x3F) < 52 else 0 for v in range(256))
_RED: Final = bytes(1 if (v & 3) in (1, 2) else 0 for v in range(256))

_Cols = tuple[bytes, ...]
_Found = tuple[int, int, int, int]
# What a search step did, in pile terms the core can replay: (kind, a, b, count).
_COL_TO_COL: Final = 0  # column a -> column b, count cards
_COL_TO_CELL: Final = 1  # column a -> a free cell
_CELL_TO_COL: Final = 2  # the cell card a (a card byte) -> column b
_COL_TO_HOME: Final = 3  # column a -> home
_CELL_TO_HOME: Final = 4  # the cell card a -> home
_Step = tuple[int, int, int, int]
_Child = tuple[bytes, _Cols, bytes, _Found, _Step]
#: Whether a card (rank, is red) that can go home goes there by itself, given the foundations.
_Safe = Callable[[int, int, Sequence[int]], bool]


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


# --------------------------------------------------------------------------- the compact form
def _compact(state: GameState) -> tuple[_Cols, bytes, _Found]:
    """``state`` as search columns (flagged deepest card), sorted flagged cells, foundations."""
    cols = tuple(
        bytes([column[0].index | _COL_FLAG, *(card.index for card in column[1:])])
        if column
        else b""
        for column in state.columns
    )
    cells = bytes(sorted(card.index | _CELL_FLAG for card in state.cells if card is not None))
    f = state.foundations
    return cols, cells, (f[0], f[1], f[2], f[3])


def _key(cols: Sequence[bytes], cells: bytes) -> bytes:
    return b"".join(sorted(cols)) + cells


def canonical_key(state: GameState) -> bytes:
    """The compact, canonical form of ``state``: one byte per card not yet home (at most 52).

    Columns appear deepest card first, sorted by that card, whose byte carries the flag ``0x80``;
    then the free-cell cards, sorted, each with the flag ``0x40``. A card's byte (without flags) is
    :attr:`Card.index`. Two positions share a key exactly when they differ only in the order of
    their columns or of their free cells.
    """
    cols, cells, _ = _compact(state)
    return _key(cols, cells)


class _Runs(dict[bytes, int]):
    """Column -> length of the ordered run on top of it, computed once per distinct column."""

    def __missing__(self, col: bytes) -> int:
        n = len(col)
        run = 1
        while run < n:
            upper, lower = col[n - run], col[n - run - 1]
            if _RANK[lower] != _RANK[upper] + 1 or _RED[lower] == _RED[upper]:
                break
            run += 1
        self[col] = run
        return run


class _Disorder(dict[bytes, int]):
    """Column -> a cost for the cards that must move off it: each card lying above a lower card
    (which it keeps from going home first) counts, weighted by how deep that lower card is."""

    def __missing__(self, col: bytes) -> int:
        cost = 0
        low = 14
        for v in col:
            r = _RANK[v]
            if r > low:
                cost += 1
            elif r < low:
                low = r
        self[col] = cost
        return cost


def _is_safe(rank: int, red: int, found: Sequence[int]) -> bool:
    """The Windows rule (as :func:`freecell_tui.core.autoplay.is_safe_home`): an ace, a two, or
    a card whose two other-colour cards one rank lower are home."""
    if rank <= 2:
        return True
    if red:
        return found[0] >= rank - 1 and found[3] >= rank - 1
    return found[1] >= rank - 1 and found[2] >= rank - 1


def _always(rank: int, red: int, found: Sequence[int]) -> bool:
    """Autoplay ``all``: every card that can go home does."""
    return True


def _autoplay(cols: list[bytes], cells: bytes, found: list[int], safe: _Safe) -> bytes:
    """Play every card ``safe`` lets go home (columns and cells), in place; returns the new
    cells."""
    moved = True
    while moved:
        moved = False
        for i in range(8):
            c = cols[i]
            while c:
                v = c[-1]
                s = v & 3
                r = _RANK[v]
                if r != found[s] + 1 or not safe(r, _RED[v], found):
                    break
                found[s] = r
                c = c[:-1]
                moved = True
            cols[i] = c
        for v in cells:
            s = v & 3
            r = _RANK[v]
            if r == found[s] + 1 and safe(r, _RED[v], found):
                found[s] = r
                cells = cells.replace(bytes((v,)), b"")
                moved = True
    return cells


def _fits(top: int) -> tuple[int, ...]:
    """The cards (bytes without flags) that may lie on the card byte ``top`` in a column."""
    rank = _RANK[top]
    if not 2 <= rank <= 13:
        return ()
    suits = (0, 3) if _RED[top] else (1, 2)
    return tuple((rank - 2) * 4 + suit for suit in suits)


_FITS: Final = tuple(_fits(v) for v in range(256))
_BYTE: Final = tuple(bytes((v,)) for v in range(256))


def _children(cols: _Cols, cells: bytes, found: _Found, runs: _Runs, safe: _Safe) -> list[_Child]:
    """Every position one move away, each followed by the moves home ``safe`` allows."""
    out: list[_Child] = []
    append = out.append
    free = 4 - len(cells)
    empties = cols.count(b"")
    first_empty = cols.index(b"") if empties else -1
    limit = (free + 1) << empties
    limit_e = (free + 1) << (empties - 1) if empties else 0
    rank = _RANK
    red = _RED
    byte = _BYTE
    # Which columns each card could go onto: two columns may want the same card.
    want: dict[int, tuple[int, ...]] = {}
    for d in range(8):
        cd = cols[d]
        if cd:
            for card in _FITS[cd[-1]]:
                want[card] = (*want[card], d) if card in want else (d,)

    def finish(new: list[bytes], new_cells: bytes, fnd: _Found, exposed: int, step: _Step) -> None:
        # After a move that sent nothing home, only the card it uncovered (in column
        # ``exposed``) can start safe moves home; exposed == -1: a card went home, look at all.
        if exposed >= 0:
            c = new[exposed]
            if c:
                v = c[-1]
                r = rank[v]
                if r == fnd[v & 3] + 1 and safe(r, red[v], fnd):
                    exposed = -1
        if exposed == -1:
            fl = list(fnd)
            new_cells = _autoplay(new, new_cells, fl, safe)
            fnd = (fl[0], fl[1], fl[2], fl[3])
        append((b"".join(sorted(new)) + new_cells, tuple(new), new_cells, fnd, step))

    for s in range(8):
        cs = cols[s]
        if not cs:
            continue
        ts = cs[-1]
        rs = rank[ts]
        n_cs = len(cs)
        if rs == found[ts & 3] + 1:
            new = list(cols)
            new[s] = cs[:-1]
            fl = list(found)
            fl[ts & 3] = rs
            finish(new, cells, (fl[0], fl[1], fl[2], fl[3]), -1, (_COL_TO_HOME, s, 0, 1))
        run = runs[cs]
        most = run if run < limit else limit
        for n in range(1, most + 1):
            dests = want.get(cs[-n] & 0x3F)
            if dests is None:
                continue
            for d in dests:
                if d == s:
                    continue
                new = list(cols)
                if n == n_cs:  # the whole column moves: its deepest card loses the flag
                    new[s] = b""
                    new[d] = cols[d] + byte[cs[0] & 0x3F] + cs[1:]
                else:
                    new[s] = cs[:-n]
                    new[d] = cols[d] + cs[-n:]
                finish(new, cells, found, s, (_COL_TO_COL, s, d, n))
        if first_empty >= 0 and n_cs > 1:
            top_n = min(run, limit_e, n_cs - 1)
            for n in (1, top_n) if top_n > 1 else (1,) if top_n else ():
                new = list(cols)
                new[s] = cs[:-n]
                new[first_empty] = (
                    byte[cs[-n] | _COL_FLAG] + cs[1 - n :] if n > 1 else byte[ts | _COL_FLAG]
                )
                finish(new, cells, found, s, (_COL_TO_COL, s, first_empty, n))
        if free:
            new = list(cols)
            new[s] = cs[:-1]
            new_cells = bytes(sorted(cells + byte[(ts & 0x3F) | _CELL_FLAG]))
            finish(new, new_cells, found, s, (_COL_TO_CELL, s, 0, 1))
    for v in cells:
        rv = rank[v]
        rest = cells.replace(byte[v], b"")
        card = v & 0x3F
        if rv == found[v & 3] + 1:
            fl = list(found)
            fl[v & 3] = rv
            finish(list(cols), rest, (fl[0], fl[1], fl[2], fl[3]), -1, (_CELL_TO_HOME, v, 0, 1))
        for d in want.get(card, ()):
            new = list(cols)
            new[d] = cols[d] + byte[card]
            finish(new, rest, found, -2, (_CELL_TO_COL, v, d, 1))
        if first_empty >= 0:
            new = list(cols)
            new[first_empty] = byte[card | _COL_FLAG]
            finish(new, rest, found, -2, (_CELL_TO_COL, v, first_empty, 1))
    return out


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
_CHECK_EVERY: Final = 16  # expansions between looks at the clock and the cancel event


class _Stop(Exception):
    """The search ran out of time, positions or was cancelled."""


class _Search:
    """One best-first search from a position with no safe move home left.

    Keeps every key seen (key → parent key) and a priority queue ordered by the heuristic plus
    the moves made; ties go to the position found first, so the search is deterministic.
    """

    def __init__(
        self, cols: _Cols, cells: bytes, found: _Found, runs: _Runs, safe: _Safe, weights: _Weights
    ) -> None:
        self.runs = runs
        self.safe = safe
        self.weights = weights
        self.disorder = _Disorder()
        root = _key(cols, cells)
        self.parents: dict[bytes, bytes | None] = {root: None}
        self.heap: list[tuple[int, int, _Cols, bytes, _Found, int, bytes]] = [
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
                if expanded % _CHECK_EVERY == 0 and should_stop():
                    raise _Stop
                _, _, cols, cells, found, g, key = pop(heap)
                g += 1
                for ckey, ccols, ccells, cfound, _step in _children(cols, cells, found, runs, safe):
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
    cols: _Cols,
    cells: bytes,
    found: _Found,
    runs: _Runs,
    safe: _Safe,
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
    cols: _Cols, cells: bytes, found: _Found, keys: list[bytes], runs: _Runs, safe: _Safe
) -> list[tuple[_Cols, bytes, _Found]]:
    """The positions along ``keys`` (which start at this position's key), rebuilt move by move
    so that column numbers are the real ones."""
    states = [(cols, cells, found)]
    for target in keys[1:]:
        for ckey, ccols, ccells, cfound, _step in _children(cols, cells, found, runs, safe):
            if ckey == target:
                cols, cells, found = ccols, ccells, cfound
                break
        else:  # pragma: no cover - the parent map only holds children
            raise AssertionError("solver path broken")
        states.append((cols, cells, found))
    return states


def _shortest_steps(
    states: list[tuple[_Cols, bytes, _Found]], runs: _Runs, safe: _Safe
) -> list[_Step]:
    """The fewest moves along ``states`` when any position may jump, by one move, to any later
    position of the path that one move reaches: a move that skips a detour replaces it."""
    index = {_key(c, s): i for i, (c, s, _) in enumerate(states)}
    last = len(states) - 1
    # best[j] = (moves to reach position j, the position it is reached from, the move).
    best: list[tuple[int, int, _Step]] = [
        (0 if j == 0 else 1 << 30, -1, (0, 0, 0, 0)) for j in range(last + 1)
    ]
    for i in range(last):
        dist = best[i][0]
        cols, cells, found = states[i]
        for ckey, _c, _s, _f, step in _children(cols, cells, found, runs, safe):
            j = index.get(ckey, -1)
            if j > i and dist + 1 < best[j][0]:
                best[j] = (dist + 1, i, step)
    steps: list[_Step] = []
    j = last
    while j > 0:
        _, i, step = best[j]
        steps.append(step)
        j = i
    steps.reverse()
    return steps


def _core_moves(state: GameState, steps: list[_Step], mode: AutoplayMode) -> tuple[Move, ...]:
    """The search steps as resolved core moves from ``state`` (after its safe moves home), with
    every safe move home written out after each one."""
    moves: list[Move] = []
    for kind, a, b, count in steps:
        if kind == _COL_TO_COL:
            move = Move(COLUMNS[a], COLUMNS[b], count)
        elif kind == _COL_TO_CELL:
            move = Move(COLUMNS[a], CELLS[state.cells.index(None)])
        elif kind == _COL_TO_HOME:
            move = Move(COLUMNS[a], FOUNDATION)
        else:
            card = ALL_CARDS[a & 0x3F]
            cell = CELLS[state.cells.index(card)]
            move = Move(cell, COLUMNS[b]) if kind == _CELL_TO_COL else Move(cell, FOUNDATION)
        move = resolve_move(state, move)
        state = apply_move(state, move)
        moves.append(move)
        state, auto = run_autoplay(state, mode)
        moves.extend(auto)
    assert state.is_won
    return tuple(moves)


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
    safe: _Safe = _always if mode is AutoplayMode.ALL else _is_safe
    root_state, first = run_autoplay(state, mode)
    cols, cells, found = _compact(root_state)
    runs = _Runs()
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
    moves = first + _core_moves(root_state, steps, mode)
    return SolveResult("solved", moves, time.monotonic() - started, positions, expanded, size)


def _stored_bytes(parents: dict[bytes, bytes | None]) -> int:
    """Bytes the stored positions take: each key object plus the dictionary's own table (a
    value is a reference to the parent's key, already counted)."""
    return sys.getsizeof(parents) + sum(map(sys.getsizeof, parents))


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
    cols, cells, found = _compact(state)
    room = (4 - len(cells)) + cols.count(b"")
    for suit in range(4):
        if found[suit] == 13:
            continue
        card = found[suit] * 4 + suit  # the next card this suit needs
        if card | _CELL_FLAG in cells:
            return True
        for col in cols:
            at = next((i for i, v in enumerate(col) if v & 0x3F == card), -1)
            if at >= 0:
                if len(col) - 1 - at <= room:
                    return True
                break
    runs = _Runs()
    safe = _is_safe
    seen = {_key(cols, cells)}
    frontier = [(cols, cells)]
    count = 0
    while frontier:
        next_frontier: list[tuple[_Cols, bytes]] = []
        for cols, cells in frontier:
            count += 1
            if count % _CHECK_EVERY == 0:
                if cancel is not None and cancel.is_set():
                    return None
                if timeout is not None and time.monotonic() - started >= timeout:
                    return None
            for ckey, ccols, ccells, cfound, _step in _children(cols, cells, found, runs, safe):
                if cfound != found:
                    return True
                if ckey not in seen:
                    seen.add(ckey)
                    next_frontier.append((ccols, ccells))
            if len(seen) > max_positions:
                return None
        frontier = next_frontier
    return False


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
