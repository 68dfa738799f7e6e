"""The solver's compact, canonical form of a position: one byte per card not yet home.

A card's byte is its index (0–51, ``(rank − 1) × 4 + suit``). Each column is a ``bytes`` object,
deepest card first, its first card flagged with ``0x80`` to mark the pile boundary; the free-cell
cards are one ``bytes`` object, sorted, each flagged with ``0x40``. Cards at home are not written:
the foundations are exactly the cards missing. The search keeps the eight columns sorted (empty
ones first, then by their deepest card), so positions that differ only in the order of their
columns or free cells are one position: its key is the eight columns then the cells, as a tuple.
Because a move changes at most two columns and a non-empty column keeps its deepest card, the
order only changes when a column empties or an empty one is filled: most moves need no sorting.
"""

from __future__ import annotations

from typing import Final

from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL

__all__ = ["canonical_key"]

COL_FLAG: Final = 0x80
CELL_FLAG: Final = 0x40
#: Byte tables, indexed by a card byte with or without its flag.
RANK: Final = bytes(((v & 0x3F) >> 2) + 1 if (v & 0x3F) < 52 else 0 for v in range(256))
RED: Final = bytes(1 if (v & 3) in (1, 2) else 0 for v in range(256))
BYTE: Final = tuple(bytes((v,)) for v in range(256))
#: A card byte without its flags (a column's deepest card, a free cell's card).
PLAIN: Final = bytes(v & 0x3F for v in range(256))

Cols = tuple[bytes, ...]
Found = tuple[int, int, int, int]
#: The eight columns in canonical order, then the cells.
Key = tuple[bytes, ...]


def _fits(top: int) -> tuple[int, ...]:
    """The cards (bytes without flags) that may lie on the card byte ``top`` in a column."""
    rank = RANK[top]
    if not 2 <= rank <= 13:
        return ()
    suits = (0, 3) if RED[top] else (1, 2)
    return tuple((rank - 2) * 4 + suit for suit in suits)


FITS: Final = tuple(_fits(v) for v in range(256))
#: A card byte's class, 0-25 (26: no card): its rank and colour, ``(rank - 1) * 2 + red``. Cards
#: of one class may lie on the same cards.
CLASS: Final = bytes((RANK[v] - 1) * 2 + RED[v] if RANK[v] else 26 for v in range(256))
#: The class of the cards that may lie on the card byte ``top`` in a column (26: none, an ace).
FIT_CLASS: Final = bytes(
    (RANK[v] - 2) * 2 + 1 - RED[v] if 2 <= RANK[v] <= 13 else 26 for v in range(256)
)


class _SortedCells(dict[bytes, bytes]):
    """Free-cell bytes → the same bytes sorted, remembered (at most :data:`REMEMBERED` of them:
    then forgotten, all at once)."""

    REMEMBERED: Final = 100_000

    def __missing__(self, cells: bytes) -> bytes:
        if len(self) >= self.REMEMBERED:
            self.clear()
        self[cells] = ordered = bytes(sorted(cells))
        return ordered


#: ``SORTED_CELLS[cells + card]``: the cells with a card added, in order (quicker than sorting).
SORTED_CELLS: Final = _SortedCells()


def compact(state: GameState) -> tuple[Cols, bytes, Found]:
    """``state`` as search columns (flagged deepest card, in canonical order), sorted flagged
    cells, foundations."""
    cols = sorted(
        bytes([column[0].index | COL_FLAG, *(card.index for card in column[1:])]) if column else b""
        for column in state.columns
    )
    cells = bytes(sorted(card.index | CELL_FLAG for card in state.cells if card is not None))
    f = state.foundations
    return tuple(cols), cells, (f[0], f[1], f[2], f[3])


def canonical_key(state: GameState) -> bytes:
    """The compact, canonical form of ``state``: one byte per card not yet home (at most 52).

    Columns appear deepest card first, sorted by that card, whose byte carries the flag ``0x80``;
    then the free-cell cards, sorted, each with the flag ``0x40``. A card's byte (without flags) is
    :attr:`Card.index`. Two positions share a key exactly when they differ only in the order of
    their columns or of their free cells.

    A position of another game than classic FreeCell ends with ``0xFF`` (no card's byte), the
    game's key and its number of free cells, so that positions of two games never share a key.
    """
    cols, cells, _ = compact(state)
    key = b"".join(cols) + cells
    variant = state.variant
    if variant != FREECELL:
        key += b"\xff" + variant.key.encode("ascii") + bytes((variant.cells,))
    return key
