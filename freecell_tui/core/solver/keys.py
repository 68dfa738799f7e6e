"""The solver's compact, canonical form of a position: one byte per card not yet home.

Each column is written deepest card first, its first card flagged with ``0x80`` to mark the pile
boundary; free-cell cards follow, flagged with ``0x40``. Cards at home are not written: the
foundations are exactly the cards missing from the key. Columns are sorted (by their deepest
card) and cells are sorted, so positions that differ only in column order or free-cell order
share one key.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from freecell_tui.core.state import GameState

__all__ = ["canonical_key"]

# Byte tables, indexed by a card byte with or without its flag.
# Byte tables, indexed by a card byte with or without its flag.
COL_FLAG: Final = 0x80
CELL_FLAG: Final = 0x40
RANK: Final = bytes(((v & 0x3F) >> 2) + 1 if (v & 0x3F) < 52 else 0 for v in range(256))
RED: Final = bytes(1 if (v & 3) in (1, 2) else 0 for v in range(256))

Cols = tuple[bytes, ...]
Found = tuple[int, int, int, int]


# --------------------------------------------------------------------------- the compact form
def compact(state: GameState) -> tuple[Cols, bytes, Found]:
    """``state`` as search columns (flagged deepest card), sorted flagged cells, foundations."""
    cols = tuple(
        bytes([column[0].index | COL_FLAG, *(card.index for card in column[1:])]) if column else b""
        for column in state.columns
    )
    cells = bytes(sorted(card.index | CELL_FLAG for card in state.cells if card is not None))
    f = state.foundations
    return cols, cells, (f[0], f[1], f[2], f[3])


def key_of(cols: Sequence[bytes], cells: bytes) -> bytes:
    return b"".join(sorted(cols)) + cells


def canonical_key(state: GameState) -> bytes:
    """The compact, canonical form of ``state``: one byte per card not yet home (at most 52).

    Columns appear deepest card first, sorted by that card, whose byte carries the flag ``0x80``;
    then the free-cell cards, sorted, each with the flag ``0x40``. A card's byte (without flags) is
    :attr:`Card.index`. Two positions share a key exactly when they differ only in the order of
    their columns or of their free cells.
    """
    cols, cells, _ = compact(state)
    return key_of(cols, cells)
