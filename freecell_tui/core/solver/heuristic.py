"""The fast solver's heuristic: its :class:`Weights`, the :data:`PORTFOLIO` of weightings the
searches use, and :func:`next_depth`, the cards lying on the cards the foundations need next.

The heuristic of a position is a weighted sum: the cards not home, the cards lying on a lower card
of their column (*disorder*), the cards under the run on top of their column (*unsorted*: each
must move once), the free cells in use, the empty columns (a bonus), the moves made so far, and
the cards lying on the next card each foundation needs. :mod:`.search` keeps it step by step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from freecell_tui.core.solver.keys import Found, Key

__all__ = ["NO_NEXTS", "PORTFOLIO", "Weights", "depth_after", "next_after", "next_depth"]


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


#: The searches of the portfolio, in the order they join. Tuned together with the schedule's
#: :data:`..schedule.ALONE` and :data:`..schedule.TURN` by a coordinate descent (steps of one) on
#: the positions all the searches expand for deals 1-6000, each deal counted up to 3000 (a search
#: with the next cards' depth counted 1.2 times: it costs the pure search that much more), starting
#: from the best of 60 weightings on the deals that need the most; checked on deals 6001-18000
#: (18% fewer positions than the portfolio before). The first weighs no disorder.
PORTFOLIO: Final = (
    Weights(2, 0, 6, 8, 6, 3, 1),
    Weights(4, 1, 4, 9, 11, 3, 2),
    Weights(0, 2, 4, 10, 8, 1, 0),
    Weights(6, 4, 0, 8, 12, 2, 2),
)


#: Bytes as :func:`next_depth` reads them: a column's deepest card without its flag; the cells'
#: flags and the separator (0xFF) kept.
DEPTH_BYTES: Final = bytes(b & 0x3F if 0x80 <= b < 0xC0 else b for b in range(256))


def next_depth(key: Key, found: Found, where: list[tuple[int, ...]] | None = None) -> int:
    """How many cards lie on the cards the foundations need next, in the position of ``key``
    (the columns, then the cells); ``where`` gets, for each column, how many lie on each of
    those cards in it."""
    joined = b"\xff".join(key).translate(DEPTH_BYTES)
    find = joined.find
    total = 0
    f0, f1, f2, f3 = found
    for card in f0 * 4, f1 * 4 + 1, f2 * 4 + 2, f3 * 4 + 3:  # past a king, 52 and up: no card
        at = find(card)
        if at >= 0:  # else in a free cell
            depth = find(255, at) - 1 - at  # the cells follow the last column
            total += depth
            if where is not None:
                i = joined.count(255, 0, at)
                where[i] += (depth,)
    return total


#: :func:`next_depth`'s ``where`` for a search that does not weigh the next cards (never changed).
NO_NEXTS: Final[list[tuple[int, ...]]] = [()] * 8


def next_after(
    depth: int, where: list[tuple[int, ...]], kind: int, a: int, b: int, n: int, card_next: bool
) -> tuple[int, list[tuple[int, ...]]]:
    """:func:`next_depth` and its ``where`` after a step that sends no card home and leaves
    every column in its place (none emptied, none filled), from those before it (``where`` is
    not changed): kind 0 moves ``n`` cards from column ``a`` onto column ``b``, kind 1 the top
    card of column ``a`` to a free cell, kind 2 a free cell's card onto column ``b``
    (``card_next``: a foundation needs it next). Cheaper than :func:`next_depth` from scratch,
    which reads the whole position."""
    if kind == 0:
        source, dest = where[a], where[b]
        if not source and not dest:
            return depth, where
        new = where.copy()
        moved: tuple[int, ...] = ()
        if source:  # those under the run stay, the run's own go with it
            stay = tuple([j - n for j in source if j >= n])
            moved = tuple([j for j in source if j < n])
            new[a] = stay
            depth -= n * len(stay)
        new[b] = tuple([j + n for j in dest]) + moved if dest else moved
        return depth + n * len(dest), new
    if kind == 1:
        source = where[a]
        if not source:
            return depth, where
        new = where.copy()
        new[a] = stay = tuple([j - 1 for j in source if j])  # one at the top leaves for a cell
        return depth - len(stay), new
    dest = where[b]
    if not dest and not card_next:
        return depth, where
    new = where.copy()
    new[b] = tuple([j + 1 for j in dest]) + ((0,) if card_next else ())
    return depth + len(dest), new


def depth_after(key: Key, card: int, column: int = -1) -> int:
    """How many cards lie on ``card`` in the position of ``key`` once the top card of the
    column numbered ``column`` is gone (-1: none is); 0 when ``card`` is in a free cell or past a
    king (52 and up)."""
    joined = b"\xff".join(key).translate(DEPTH_BYTES)
    at = joined.find(card)
    if at < 0:
        return 0
    depth = joined.find(255, at) - 1 - at
    return depth - 1 if column >= 0 and joined.count(255, 0, at) == column else depth
