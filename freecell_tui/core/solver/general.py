"""The general search: any variant's position, on the core's own rules.

The fast searches (:mod:`.search`, :mod:`.native`) know classic FreeCell only: four cells,
eight columns, alternate colours, any card to an empty column. Every other game
(:mod:`freecell_tui.core.variant`) is searched here, on the core's positions and rules: the
legal moves (:func:`steps_of` lists them as :func:`~freecell_tui.core.rules.legal_moves` does,
less the pruned; tests/solver/test_variants.py holds it to that), applied by
:func:`~freecell_tui.core.rules.apply_resolved`, then the game's autoplay. Its answers follow the
game's rules exactly, at a fraction of the fast search's speed.

* **Best-first**, on a heuristic: cards not home, cards lying out of order in their column
  (the game's order: alternate colours or suit), free cells in use, empty columns, and a small
  weight on moves made.
* **Exhaustive**: every position reachable from the start is stored under the canonical key
  (:func:`.keys.compact`: column and cell order do not count); when the queue runs dry, every
  one has been expanded and the start is proved unsolvable. The only pruning is sound: autoplay's
  safe moves (the game's rule, :func:`~freecell_tui.core.autoplay.is_safe_home`), no card from
  one free cell to another (the same position), one empty column and one empty free cell
  standing for all, no whole column to an empty one (the same position).
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import count
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.notation import FOUNDATION, Move, Pile
from freecell_tui.core.rules import apply_resolved
from freecell_tui.core.solver.keys import CELL_FLAG, COL_FLAG, Key
from freecell_tui.core.state import Column, GameState, run_length
from freecell_tui.core.variant import MAX_CELLS, MAX_COLUMNS

__all__ = [
    "GeneralOutcome",
    "GeneralStop",
    "Keys",
    "can_bring_home_general",
    "search_general",
    "steps_of",
    "stopper",
]

#: Positions expanded between looks at the clock and the cancel event.
CHECK_EVERY: Final = 64
#: The heuristic's weights: a card not home, a card out of order, a card in a free cell, an
#: empty column (a bonus), a move made. Weighing the cards on the next card each foundation
#: needs too (as the fast search does) gave up on more deals (docs/solver.md).
W_OUT: Final = 4
W_DISORDER: Final = 3
W_CELL: Final = 1
W_EMPTY: Final = 3
W_MOVE: Final = 1


class GeneralStop(Exception):
    """The search ran out of time or positions, or was cancelled."""


@dataclass(frozen=True, slots=True)
class GeneralOutcome:
    """What the search found: the moves of a solution (``None``: proved unsolvable), written
    out with autoplay off, every move home; the positions stored and expanded."""

    moves: tuple[Move, ...] | None
    positions: int
    expanded: int


class Keys:
    """Canonical keys (as :func:`.keys.compact` writes them), each column's bytes made once: a
    move changes at most two columns, and the others are the parent's very tuples. A column is
    known by its identity, and held here so that its ``id`` is never another's."""

    def __init__(self) -> None:
        self._columns: dict[int, tuple[Column, bytes]] = {}

    def __call__(self, state: GameState) -> Key:
        known = self._columns
        cols = []
        for column in state.columns:
            entry = known.get(id(column))
            if entry is None or entry[0] is not column:
                data = (
                    bytes([column[0].index | COL_FLAG, *(card.index for card in column[1:])])
                    if column
                    else b""
                )
                known[id(column)] = entry = (column, data)
            cols.append(entry[1])
        cols.sort()
        cells = bytes(sorted(card.index | CELL_FLAG for card in state.cells if card is not None))
        return (*cols, cells)


def _value(state: GameState, moves: int) -> int:
    """The heuristic of ``state``, reached in ``moves`` moves (lower is nearer a win)."""
    variant = state.variant
    fits = variant.stack_table
    disorder = 0
    empty = 0
    for column in state.columns:
        if not column:
            empty += 1
            continue
        for i in range(1, len(column)):
            if not fits[column[i].index * 52 + column[i - 1].index]:
                disorder += 1
    return (
        W_OUT * (52 - state.cards_home)
        + W_DISORDER * disorder
        + W_CELL * (variant.cells - state.empty_cells)
        - W_EMPTY * empty
        + W_MOVE * moves
    )


_CELL: Final = tuple(Pile.cell(i) for i in range(MAX_CELLS))
_COLUMN: Final = tuple(Pile.column(i) for i in range(MAX_COLUMNS))
_MOVES: dict[tuple[Pile, Pile, int], Move] = {}


def _move(source: Pile, dest: Pile, count: int = 0) -> Move:
    """The resolved move, made once (``count`` 0: a move that has none)."""
    move = _MOVES.get((source, dest, count))
    if move is None:
        move = _MOVES[source, dest, count] = Move(source, dest, count or None)
    return move


def steps_of(state: GameState) -> list[Move]:
    """The moves worth searching from ``state``, in the order of
    :func:`~freecell_tui.core.rules.legal_moves` (home, column to column, cell to column, into a
    cell): every legal move but those the module's notes prune, and a card to a free cell only
    to the first empty one (the cells are interchangeable, as the empty columns are)."""
    found = state.foundations
    columns = state.columns
    steps = [
        _move(_CELL[i], FOUNDATION)
        for i, card in enumerate(state.cells)
        if card is not None and found[card.index & 3] + 1 == card.rank
    ]
    steps += [
        _move(_COLUMN[s], FOUNDATION)
        for s, column in enumerate(columns)
        if column and found[column[-1].index & 3] + 1 == column[-1].rank
    ]
    first_empty = next((i for i, column in enumerate(columns) if not column), -1)
    _column_to_column(state, first_empty, steps)
    _cell_to_column(state, first_empty, steps)
    first_cell = next((i for i, card in enumerate(state.cells) if card is None), -1)
    if first_cell >= 0:
        steps += [
            _move(_COLUMN[s], _CELL[first_cell]) for s, column in enumerate(columns) if column
        ]
    return steps


def _column_to_column(state: GameState, first_empty: int, steps: list[Move]) -> None:
    """Onto ``steps``: the run that fits onto another column, and each count that may go to the
    first empty column (not the whole column)."""
    variant = state.variant
    fits = variant.stack_table
    columns = state.columns
    limit = state.max_run()
    limit_empty = state.max_run(to_empty_column=True)
    for s, column in enumerate(columns):
        if not column:
            continue
        top = column[-1]
        run = run_length(column, variant.build)
        for d, dest in enumerate(columns):
            if d == s:
                continue
            if dest:
                count = dest[-1].rank - top.rank
                if (
                    1 <= count <= min(run, limit)
                    and fits[column[-count].index * 52 + dest[-1].index]
                ):
                    steps.append(_move(_COLUMN[s], _COLUMN[d], count))
            elif d == first_empty:
                for count in range(1, min(run, limit_empty, len(column) - 1) + 1):
                    if variant.fills_empty(column[-count]):
                        steps.append(_move(_COLUMN[s], _COLUMN[d], count))


def _cell_to_column(state: GameState, first_empty: int, steps: list[Move]) -> None:
    """Onto ``steps``: each free cell's card onto the columns it fits, and to the first empty
    one."""
    variant = state.variant
    fits = variant.stack_table
    for i, card in enumerate(state.cells):
        if card is None:
            continue
        for d, dest in enumerate(state.columns):
            if (
                fits[card.index * 52 + dest[-1].index]
                if dest
                else d == first_empty and variant.fills_empty(card)
            ):
                steps.append(_move(_CELL[i], _COLUMN[d]))


def search_general(
    state: GameState,
    *,
    should_stop: Callable[[], bool],
    max_positions: int | None,
    autoplay: AutoplayMode,
) -> GeneralOutcome:
    """Search ``state`` (any variant) for a win; raises :class:`GeneralStop` when
    ``should_stop`` answers True or more than ``max_positions`` positions are stored."""
    mode = AutoplayMode.ALL if autoplay is AutoplayMode.ALL else AutoplayMode.SAFE
    start, start_home = run_autoplay(state, mode)
    key_of = Keys()
    start_key = key_of(start)
    #: Position key → its parent's key and the moves from it (a move and its autoplay).
    seen: dict[Key, tuple[Key, tuple[Move, ...]] | None] = {start_key: None}
    order = count()
    queue: list[tuple[int, int, int, GameState, Key]] = [(0, next(order), 0, start, start_key)]
    expanded = 0
    goal: Key | None = start_key if start.is_won else None
    while queue and goal is None:
        _, _, moves, position, key = heapq.heappop(queue)
        expanded += 1
        if expanded % CHECK_EVERY == 0 and should_stop():
            raise GeneralStop
        for move in steps_of(position):
            after, home = run_autoplay(apply_resolved(position, move), mode)
            child = key_of(after)
            if child in seen:
                continue
            seen[child] = (key, (move, *home))
            if after.is_won:
                goal = child
                break
            heapq.heappush(queue, (_value(after, moves + 1), next(order), moves + 1, after, child))
        if max_positions is not None and len(seen) > max_positions:
            raise GeneralStop
    if goal is None:
        return GeneralOutcome(None, len(seen), expanded)
    line: list[Move] = []
    link = seen[goal]
    while link is not None:
        parent, step = link
        line[:0] = step
        link = seen[parent]
    return GeneralOutcome((*start_home, *line), len(seen), expanded)


def stopper(
    timeout: float | None, cancel: threading.Event | None, started: float
) -> Callable[[], bool]:
    """A ``should_stop`` for :func:`search_general`: ``timeout`` seconds from ``started`` (a
    :func:`time.monotonic` reading), or ``cancel`` set."""
    deadline = None if timeout is None else started + timeout

    def should_stop() -> bool:
        if cancel is not None and cancel.is_set():
            return True
        return deadline is not None and time.monotonic() >= deadline

    return should_stop


def can_bring_home_general(
    state: GameState, *, should_stop: Callable[[], bool], max_positions: int
) -> bool | None:
    """:func:`.winnable.can_bring_card_home` for any variant: whether some line of play brings
    another card home (None: undecided within the bounds). Every position reachable without a
    move home is searched, breadth first, until a move home appears."""
    key_of = Keys()
    seen = {key_of(state)}
    frontier = [state]
    looked = 0
    while frontier:
        next_frontier: list[GameState] = []
        for position in frontier:
            looked += 1
            if looked % CHECK_EVERY == 0 and should_stop():
                return None
            for move in steps_of(position):
                if move.dest.is_foundation:
                    return True
                after = apply_resolved(position, move)
                key = key_of(after)
                if key not in seen:
                    seen.add(key)
                    next_frontier.append(after)
            if len(seen) > max_positions:
                return None
        frontier = next_frontier
    return False
