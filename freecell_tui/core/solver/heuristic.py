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
    "column_part",
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


def column_part(facts: ColumnFacts, w: Weights, cols: Cols) -> int:
    """The heuristic's column part: the weighted disorder and unsorted cards of the columns."""
    total = 0
    for col in cols:
        if col:
            run, _, _, dis, _, _ = facts[col]
            total += w.disorder * dis + w.unsorted * (len(col) - run)
    return total


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
    w: Weights, facts: ColumnFacts, cols: Cols, cells: bytes, found: Found, moves: int
) -> tuple[int, int]:
    """The heuristic of a position reached in ``moves`` moves, from scratch: its value, and its
    column part."""
    part = column_part(facts, w, cols)
    h = (
        w.out * (52 - found[0] - found[1] - found[2] - found[3])
        + part
        + w.cell * len(cells)
        - w.empty * cols.count(b"")
        + w.moves * moves
        + (w.next * next_depth(cols, found) if w.next else 0)
    )
    return h, part
