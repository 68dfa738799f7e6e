"""The fast solver's heuristic: its weights, the portfolio's weightings, and the heuristic of a
position computed from scratch (the search updates it step by step, see :mod:`.search`).

The heuristic weighs the cards not home, the cards lying on a lower card of their column
(*disorder*), the cards under the run on top of their column (*unsorted*: each must move once),
the free cells in use, the empty columns (a bonus), the moves made so far, and how many cards lie
on the next card each foundation needs.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import Final

from freecell_tui.core.solver.keys import Cols, Found
from freecell_tui.core.solver.moves import ColumnFacts

__all__ = [
    "PORTFOLIO",
    "ColumnInfo",
    "ColumnParts",
    "Weights",
    "depth_after",
    "next_depth",
    "score",
]


@dataclass(frozen=True, slots=True)
class Weights:
    """The heuristic's weights (see :data:`PORTFOLIO` and ``docs/solver.md``)."""

    out: int  # per card not home
    disorder: int  # per card lying on a lower card of its column
    unsorted: int  # per card under the run on top of its column
    cell: int  # per occupied free cell
    empty: int  # per empty column (a bonus)
    moves: int  # per move made so far: longer lines rank later
    next: int  # per card lying on a card a foundation needs next


#: The searches of the portfolio, in the order they join. The first was tuned on deals 1-300 by a
#: coordinate descent on positions expanded; the others were chosen among nine candidates for the
#: deals they finish where it goes astray (each alone, deals 1-1000 and 5001-5600): one greedy
#: (no weight on moves made), one weighing everything alike, one without the next cards.
PORTFOLIO: Final = (
    Weights(2, 2, 4, 11, 5, 2, 1),
    Weights(6, 4, 0, 8, 6, 0, 2),
    Weights(1, 1, 1, 1, 1, 1, 0),
    Weights(4, 3, 3, 11, 5, 2, 0),
)

_STRIP: Final = bytes(v & 0x7F for v in range(256))  # column cards without their flag


class ColumnParts(dict[bytes, int]):
    """Column → its share of the heuristic's column part (weighted disorder and unsorted cards),
    computed once per distinct column for one search's weights."""

    def __init__(self, facts: ColumnFacts, w: Weights) -> None:
        super().__init__()
        self.facts = facts
        self.w_dis = w.disorder
        self.w_uns = w.unsorted

    def __missing__(self, col: bytes) -> int:
        run, _, _, dis, _, _ = self.facts[col]
        part = self.w_dis * dis + self.w_uns * (len(col) - run) if col else 0
        self[col] = part
        return part


#: What one search's expansion needs of a non-empty column: its size, top card (flagged byte),
#: the length of the run on top and its cards (top first, unflagged), the disorder of each prefix,
#: its disorder, the run on top of each prefix, its lowest rank, the change of the column part
#: when its top card leaves, the change of the heuristic when that card goes to a free cell, and
#: the card under its top (-1: none).
Info = tuple[
    int, int, int, tuple[int, ...], tuple[int, ...], int, tuple[int, ...], int, int, int, int
]


class ColumnInfo(dict[bytes, Info]):
    """Column → its :data:`Info` for one search's weights, computed once per distinct column."""

    def __init__(self, facts: ColumnFacts, w: Weights) -> None:
        super().__init__()
        self.facts = facts
        self.w = w

    def __missing__(self, col: bytes) -> Info:
        run, disorders, low, dis, runs, run_cards = self.facts[col]
        w = self.w
        size = len(col)
        lift = w.disorder * (disorders[size - 1] - dis)
        if run == 1 and size > 1:
            lift -= w.unsorted * runs[size - 1]
        to_cell = lift + w.cell - (w.empty if size == 1 else 0)
        below = col[-2] if size > 1 else -1
        info = (size, col[-1], run, run_cards, disorders, dis, runs, low, lift, to_cell, below)
        self[col] = info
        return info


def next_depth(cols: Cols, found: Found, where: list[tuple[int, ...]] | None = None) -> int:
    """How many cards lie on the cards the foundations need next; ``where`` gets, for each
    column, the places of those cards in it."""
    plain = b"".join(cols).translate(_STRIP)
    ends: list[int] | None = None  # where each column ends in ``plain``
    total = 0
    for suit in (0, 1, 2, 3):
        rank = found[suit]
        if rank == 13:
            continue
        at = plain.find(rank * 4 + suit)
        if at < 0:
            continue  # in a free cell
        if ends is None:
            ends = list(accumulate(map(len, cols)))
        i = bisect_right(ends, at)
        end = ends[i]
        total += end - 1 - at
        if where is not None:
            where[i] = (*where[i], at - end + len(cols[i]))
    return total


def depth_after(cols: Cols, s: int, card: int) -> int:
    """How many cards lie on the next card of ``card``'s suit once ``card`` (the top of column
    ``s``, or a free-cell card when ``s`` is -1) is home."""
    after = (card & 0x3F) + 4
    if after >= 52:
        return 0
    at = b"".join(cols).translate(_STRIP).find(after)
    if at < 0:
        return 0  # in a free cell
    for i in range(8):
        size = len(cols[i])
        if at < size:
            return size - 1 - at - (i == s)
        at -= size
    raise AssertionError  # pragma: no cover - ``at`` lies in some column


def score(
    w: Weights, parts: ColumnParts, cols: Cols, cells: bytes, found: Found, moves: int
) -> tuple[int, int]:
    """The heuristic of a position reached in ``moves`` moves, from scratch: its value, and its
    column part."""
    part = sum(map(parts.__getitem__, cols))
    h = (
        w.out * (52 - found[0] - found[1] - found[2] - found[3])
        + part
        + w.cell * len(cells)
        - w.empty * cols.count(b"")
        + w.moves * moves
        + (w.next * next_depth(cols, found) if w.next else 0)
    )
    return h, part
