"""The search's queue entries and the building of a queued child.

An entry is a priority, an order of arrival (negated: ties go to the child found last), a node
(:data:`Node`: a position and what the search keeps of it) and a code: -1 when the node is the
child itself, built already; a step from the node and the child's column part packed in one
number (:func:`pack`), the child to be built by :func:`play` when its turn comes; or a list, the
node's moves to a free cell waiting together (see ``_Search.to_cells`` in :mod:`.search`).
"""

from __future__ import annotations

from typing import Final

from freecell_tui.core.solver.keys import BYTE, CELL_FLAG, COL_FLAG, Found, Key
from freecell_tui.core.solver.moves import (
    CELL_TO_COL,
    COL_TO_CELL,
    COL_TO_COL,
    COL_TO_HOME,
    Step,
)

__all__ = ["CELL", "EMPTY", "Entry", "Node", "pack", "play", "unpack"]

#: A position in the queue: its key (the eight columns, then the cells), foundations, moves made,
#: the column part of the heuristic (weighted disorder and unsorted cards), and the card the step
#: that made it moved with what that card lay on (to skip the step straight back).
Node = tuple[Key, Found, int, int, int]
#: Priority, order of arrival (negated: ties go to the child found last), then either a built
#: node (code -1), or a parent and the step that leads to the child with the child's column part,
#: packed in one number (see :func:`pack`), or a parent's moves to a free cell (see
#: :meth:`_Search.to_cells`): the order of arrival each was given, by column (0: none).
Entry = tuple[int, int, Node, int | list[int]]


def pack(kind: int, a: int, b: int, n: int, part: int) -> int:
    """A step (kind 0-4, a < 256, b < 8, n < 32) and a child's column part in one number (the
    search inlines it)."""
    return part << 19 | kind << 16 | a << 8 | b << 5 | n


def unpack(code: int) -> tuple[Step, int]:
    """The step and the column part packed by :func:`pack`."""
    return (code >> 16 & 7, code >> 8 & 0xFF, code >> 5 & 7, code & 31), code >> 19


#: What a moved card lay on, besides a card: nothing (it was alone in its column), a free cell.
EMPTY: Final = 0x80
CELL: Final = 0x40


def play(key: Key, found: Found, code: int) -> tuple[Key, Found, int]:
    """The child a queued step leads to, when no autoplay follows the step (the search builds
    the others at once, with ``moves.apply_step``): its key, foundations, and the card moved with
    what it lay on (``card << 8 | under``, to skip the step straight back; -1 for a move home).
    ``code`` packs the step as the search queues it: ``kind << 16 | a << 8 | b << 5 | count``."""
    kind, a, b, n = code >> 16 & 7, code >> 8 & 0xFF, code >> 5 & 7, code & 31
    new = list(key)
    cells = new.pop()
    if kind == COL_TO_COL:
        cs, cd = key[a], key[b]
        undo = (cs[-n] & 0x3F) << 8 | (cs[-n - 1] & 0x3F if n < len(cs) else EMPTY)
        if not cd:
            new[a] = cs[:-n]
            new[b] = BYTE[cs[-n] | COL_FLAG] + cs[len(cs) - n + 1 :]
            new.sort()
        elif n == len(cs):
            new[a] = b""
            new[b] = cd + BYTE[cs[0] & 0x3F] + cs[1:]
            new.sort()
        else:
            new[a] = cs[:-n]
            new[b] = cd + cs[-n:]
    elif kind == COL_TO_CELL:
        cs = key[a]
        undo = (cs[-1] & 0x3F) << 8 | (cs[-2] & 0x3F if len(cs) > 1 else EMPTY)
        new[a] = cs[:-1]
        if len(cs) == 1:
            new.sort()
        cells = bytes(sorted(cells + BYTE[(cs[-1] & 0x3F) | CELL_FLAG]))
    elif kind == CELL_TO_COL:
        undo = (a & 0x3F) << 8 | CELL
        cells = cells.replace(BYTE[a], b"")
        cd = key[b]
        if cd:
            new[b] = cd + BYTE[a & 0x3F]
        else:
            new[b] = BYTE[(a & 0x3F) | COL_FLAG]
            new.sort()
    else:
        undo = -1
        if kind == COL_TO_HOME:
            cs = key[a]
            new[a] = cs[:-1]
            if len(cs) == 1:
                new.sort()
            suit = cs[-1] & 3
        else:
            cells = cells.replace(BYTE[a], b"")
            suit = a & 3
        fl = list(found)
        fl[suit] += 1
        found = (fl[0], fl[1], fl[2], fl[3])
    return (*new, cells), found, undo
