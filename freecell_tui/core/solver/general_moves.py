"""Any game's moves on a compact position: what :mod:`.general` searches.

A position is three plain values: the columns, each a ``bytes`` of card indexes (0–51,
``(rank − 1) × 4 + suit``), deepest card first; the free cells' cards as one sorted ``bytes`` (the
cells are interchangeable: which one holds a card never matters); the foundations as a list or
tuple of four ranks. Its key is the columns sorted, then the cells (:func:`key_of`): column and
cell order do not count.

:class:`GeneralRules` reads a :class:`~freecell_tui.core.variant.Variant` once and answers what
:mod:`freecell_tui.core.rules` answers for its positions: the cells, what builds on what, what
fills an empty column, how many cards a run may carry (the supermove formula, kings-only's
``empty cells + 1``, unlimited, one card), and the game's safe autoplay
(:func:`~freecell_tui.core.autoplay.is_safe_home`). :meth:`GeneralRules.steps` lists the moves
worth searching; tests hold them to :func:`~freecell_tui.core.rules.legal_moves` less the pruned:

* no card from one free cell to another, and a card to a free cell once (the same position);
* one empty column stands for all, and no whole column moves to an empty one (the same
  position);

so every position a legal move reaches, some step reaches (column and cell order not counting).

A step is a tuple ``(kind, a, b, n)``: :data:`COL_TO_COL` (``n`` cards from column ``a`` onto
column ``b``), :data:`COL_TO_CELL` (column ``a``'s top card to a cell), :data:`CELL_TO_COL` (the
card ``a``, in a cell, onto column ``b``), :data:`COL_HOME` (column ``a``'s top card home),
:data:`CELL_HOME` (the card ``a``, in a cell, home). Columns are numbered in the order of the
position the step is listed for.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from freecell_tui.core.state import GameState
from freecell_tui.core.variant import MAX_COLUMNS, STACKS, Build, EmptyColumn, Moving, Variant

__all__ = [
    "CELL_HOME",
    "CELL_TO_COL",
    "COL_HOME",
    "COL_TO_CELL",
    "COL_TO_COL",
    "BYTE",
    "OPPOSITE",
    "GeneralRules",
    "GeneralStep",
    "compact",
    "key_of",
]

COL_TO_COL: Final = 0
COL_TO_CELL: Final = 1
CELL_TO_COL: Final = 2
COL_HOME: Final = 3
CELL_HOME: Final = 4

GeneralStep = tuple[int, int, int, int]
Cols = tuple[bytes, ...]
#: A position's key: its columns sorted, then its cells.
Key = tuple[bytes, ...]

#: One card index as ``bytes``.
BYTE: Final = tuple(bytes((v,)) for v in range(256))
#: A card index's rank (1–13) and suit (0–3: clubs, diamonds, hearts, spades).
RANK: Final = tuple(v // 4 + 1 for v in range(52))
#: A card's suit's colour's opposite suits: those whose cards a card of the other colour lies on.
OPPOSITE: Final = ((1, 2), (0, 3), (0, 3), (1, 2))
#: The first king's index: the cards from it on are kings.
KING: Final = 48
#: Column facts kept at most (bytes → run length and disorder), then forgotten all at once.
FACTS_KEPT: Final = 200_000


def compact(state: GameState) -> tuple[list[bytes], bytes, list[int]]:
    """``state`` as a compact position, its columns in the game's order."""
    cols = [bytes(card.index for card in column) for column in state.columns]
    cells = bytes(sorted(card.index for card in state.cells if card is not None))
    return cols, cells, list(state.foundations)


def key_of(cols: Sequence[bytes], cells: bytes) -> Key:
    """The canonical key of a position: its columns sorted, then its cells (sorted already)."""
    return (*sorted(cols), cells)


@cache
def _lying_on(build: Build) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards that may lie on it in a column (made once a build)."""
    table = STACKS[build]
    return tuple(tuple(c for c in range(52) if table[c * 52 + on]) for on in range(52))


class GeneralRules:
    """One game's rules on compact positions (see the module's notes)."""

    def __init__(self, variant: Variant, *, autoplay_all: bool = False) -> None:
        self.variant = variant
        self.cells = variant.cells
        self.kings_only = variant.empty_column is EmptyColumn.KINGS_ONLY
        self.moving = variant.moving
        table = STACKS[variant.build]
        #: ``fits[card * 52 + on]``: ``card`` may lie on ``on`` in a column.
        self.fits = table
        #: The cards that may lie on each card in a column.
        self.on = _lying_on(variant.build)
        #: Every card that can go home goes (autoplay ``all``, or a game built by suit, where
        #: no card could ever need one that can go home: see :mod:`..autoplay`).
        self.all_safe = autoplay_all or variant.build is Build.SAME_SUIT
        #: Column bytes → (length of its top run, cards lying out of order).
        self.facts: dict[bytes, tuple[int, int]] = {}
        #: The run limit by empty cells and empty columns: onto a card, and to an empty column.
        self.limits = tuple(
            tuple(self.run_limit(free, empty, False) for empty in range(MAX_COLUMNS + 1))
            for free in range(self.cells + 1)
        )
        self.limits_to_empty = tuple(
            tuple(self.run_limit(free, empty, True) for empty in range(MAX_COLUMNS + 1))
            for free in range(self.cells + 1)
        )

    # ------------------------------------------------------------------ facts
    def column_facts(self, col: bytes) -> tuple[int, int]:
        """The run on top of ``col`` (its length) and how many of its cards lie on a card
        they do not build on."""
        found = self.facts.get(col)
        if found is not None:
            return found
        fits = self.fits
        run = 1 if col else 0
        i = len(col) - 1
        while i > 0 and fits[col[i] * 52 + col[i - 1]]:
            run += 1
            i -= 1
        disorder = sum(1 for j in range(1, i + 1) if not fits[col[j] * 52 + col[j - 1]])
        facts = self.facts
        if len(facts) >= FACTS_KEPT:
            facts.clear()
        facts[col] = found = (run, disorder)
        return found

    def run_limit(self, free: int, empty: int, to_empty: bool) -> int:
        """How many cards one move may carry with ``free`` empty cells and ``empty`` empty
        columns, to an empty column or not (see :class:`~freecell_tui.core.variant.Moving`)."""
        if self.moving is Moving.ONE_CARD:
            return 1
        if self.moving is Moving.UNLIMITED:
            return 13
        if self.kings_only:
            return free + 1
        return (free + 1) << max(empty - (1 if to_empty else 0), 0)

    # ------------------------------------------------------------------ moves
    def steps(  # noqa: C901, PLR0912 -- every kind of move, in one pass over the position
        self, cols: Sequence[bytes], cells: bytes, found: Sequence[int]
    ) -> list[GeneralStep]:
        """The moves worth searching from the position: moves home, column to column (onto a
        card, then to the first empty column), cell to column, column to a cell."""
        steps: list[GeneralStep] = []
        append = steps.append
        for card in cells:
            if card >> 2 == found[card & 3]:  # the next card of its suit
                append((CELL_HOME, card, 0, 1))
        free = self.cells - len(cells)
        empty = cols.count(b"")
        limit = self.limits[free][empty]
        facts, column_facts = self.facts, self.column_facts
        runs = [0] * 52  # a card of a top run → its column × 16 + its depth + 1 (0: none)
        tops: list[tuple[int, int]] = []  # the non-empty columns' numbers and top cards
        first_empty = -1
        for i, col in enumerate(cols):
            if not col:
                if first_empty < 0:
                    first_empty = i
                continue
            top = col[-1]
            if top >> 2 == found[top & 3]:
                append((COL_HOME, i, 0, 1))
            tops.append((i, top))
            code = i << 4
            runs[top] = code | 1
            if limit > 1:
                run = (facts.get(col) or column_facts(col))[0]
                for depth in range(2, (run if run < limit else limit) + 1):
                    runs[col[-depth]] = code | depth
        on = self.on
        for d, top in tops:
            for card in on[top]:
                where = runs[card]
                if where and where >> 4 != d:
                    append((COL_TO_COL, where >> 4, d, where & 15))
        if first_empty >= 0:
            limit = self.limits_to_empty[free][empty]
            kings_only = self.kings_only
            for s, _ in tops:
                col = cols[s]
                most = min((facts.get(col) or column_facts(col))[0], limit, len(col) - 1)
                for n in range(1, most + 1):
                    if not kings_only or col[-n] >= KING:
                        append((COL_TO_COL, s, first_empty, n))
        fits = self.fits
        for card in cells:
            for d, top in tops:
                if fits[card * 52 + top]:
                    append((CELL_TO_COL, card, d, 1))
            if first_empty >= 0 and (not self.kings_only or card >= KING):
                append((CELL_TO_COL, card, first_empty, 1))
        if free > 0:
            steps += [(COL_TO_CELL, s, 0, 1) for s, _ in tops]
        return steps

    def play(self, cols: list[bytes], cells: bytes, found: list[int], step: GeneralStep) -> bytes:
        """Play ``step`` on ``cols`` and ``found`` (changed in place); returns the cells."""
        kind, a, b, n = step
        if kind == COL_TO_COL:
            src = cols[a]
            cols[b] += src[-n:]
            cols[a] = src[:-n]
        elif kind == COL_TO_CELL:
            src = cols[a]
            cols[a] = src[:-1]
            cells = bytes(sorted(cells + BYTE[src[-1]]))
        elif kind == CELL_TO_COL:
            cells = cells.replace(BYTE[a], b"")
            cols[b] += BYTE[a]
        elif kind == COL_HOME:
            card = cols[a][-1]
            cols[a] = cols[a][:-1]
            found[card & 3] += 1
        else:
            cells = cells.replace(BYTE[a], b"")
            found[a & 3] += 1
        return cells

    def autoplay(self, cols: list[bytes], cells: bytes, found: list[int]) -> bytes:
        """Send home every card the game's autoplay sends (changes ``cols`` and ``found`` in
        place); returns the cells. Safe autoplay's end is the same whatever the order: a card
        home only ever makes more cards safe."""
        all_safe = self.all_safe
        while True:
            moved = False
            for suit in range(4):
                rank = found[suit] + 1
                if rank > 13:
                    continue
                if not all_safe and rank > 2:
                    a, b = OPPOSITE[suit]
                    if found[a] < rank - 1 or found[b] < rank - 1:
                        continue
                card = rank * 4 - 4 + suit
                if card in cells:
                    cells = cells.replace(BYTE[card], b"")
                    found[suit] = rank
                    moved = True
                    continue
                for i, col in enumerate(cols):
                    if col and col[-1] == card:
                        cols[i] = col[:-1]
                        found[suit] = rank
                        moved = True
                        break
            if not moved:
                return cells
