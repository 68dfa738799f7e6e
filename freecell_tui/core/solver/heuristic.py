"""The fast solver's heuristic: its :class:`Weights`, the :data:`PORTFOLIO` of weightings the
searches use, and :func:`next_depth`, the cards lying on the cards the foundations need next.

The heuristic of a position is a weighted sum: the cards not home, the cards lying on a lower card
of their column (*disorder*), the cards under the run on top of their column (*unsorted*: each
must move once), the free cells in use, the empty columns (a bonus), the moves made so far, and
the cards lying on the next card each foundation needs. :mod:`.search` keeps it step by step.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import Final

from freecell_tui.core.solver.keys import COL_FLAG, Cols, Found

__all__ = ["PORTFOLIO", "Weights", "next_depth"]


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


def next_depth(cols: Cols, found: Found, where: list[tuple[int, ...]] | None = None) -> int:
    """How many cards lie on the cards the foundations need next; ``where`` gets, for each
    column, the places of those cards in it."""
    joined = b"".join(cols)  # a column's deepest card carries COL_FLAG
    ends: list[int] = []  # where each column ends in ``joined``, worked out when first needed
    total = 0
    for suit in 0, 1, 2, 3:
        rank = found[suit]
        if rank == 13:
            continue
        card = rank * 4 + suit
        at = joined.find(card)
        if at < 0:
            at = joined.find(card | COL_FLAG)
            if at < 0:
                continue  # in a free cell
        if not ends:
            ends = list(accumulate(map(len, cols)))
        i = bisect_right(ends, at)
        end = ends[i]
        total += end - 1 - at
        if where is not None:
            where[i] = (*where[i], at - end + len(cols[i]))
    return total
