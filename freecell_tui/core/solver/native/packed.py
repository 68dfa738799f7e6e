"""The compiled search's positions: a key packed into seven int64 words, decoded into columns
and cells, built into children, scored, and kept in open-addressing tables of node numbers.

A key is the bytes of :func:`freecell_tui.core.solver.keys.canonical_key` (the eight columns in
canonical order, deepest card first and flagged ``0x80``, then the sorted cells flagged ``0x40``),
padded with ``0xFF`` to 56 bytes, little-endian in seven words. The foundations are the cards
missing. A node is a row of nine words: the key, then ``parent + 1 | step << 32``, then
``g | part << 32 | (undo + 1) << 45`` (see :mod:`.kernel`).
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit

WORDS: Final = 7  # words of a key
ROW: Final = 9  # words of a node
WIDTH: Final = 53  # a column's cards, at most
PAD: Final = 0xFF
RANK: Final = np.array(
    [((v & 0x3F) >> 2) + 1 if (v & 0x3F) < 52 else 0 for v in range(256)], dtype=np.int64
)
RED: Final = np.array([1 if (v & 3) in (1, 2) else 0 for v in range(256)], dtype=np.int64)


@njit(cache=True, nogil=True)
def decode(nodes: np.ndarray, node: int, cols: np.ndarray, lens: np.ndarray, cells: np.ndarray,
           found: np.ndarray) -> int:  # fmt: skip
    """The position of ``node``: columns in canonical order, cells sorted, foundations; returns
    the number of cells in use."""
    count = 0
    for i in range(56):
        v = (nodes[node, i >> 3] >> ((i & 7) * 8)) & 0xFF
        if v == PAD:
            break
        if v & 0x80:
            count += 1
    c = 7 - count
    ncells = 0
    for k in range(8):
        lens[k] = 0
    for s in range(4):
        found[s] = 13
    for i in range(56):
        v = (nodes[node, i >> 3] >> ((i & 7) * 8)) & 0xFF
        if v == PAD:
            break
        found[v & 3] -= 1
        if v & 0x80:
            c += 1
            cols[c, 0] = v
            lens[c] = 1
        elif v & 0x40:
            cells[ncells] = v
            ncells += 1
        else:
            cols[c, lens[c]] = v
            lens[c] += 1
    return ncells


@njit(cache=True, nogil=True)
def encode(cols: np.ndarray, lens: np.ndarray, cells: np.ndarray, ncells: int,
           key: np.ndarray) -> None:  # fmt: skip
    """``key`` gets the canonical key of the position (columns in any order, cells in any
    order): empty columns first, then by deepest card; cells sorted."""
    order = np.empty(8, np.int64)
    for k in range(8):  # insertion sort on (non-empty, deepest card)
        rank = cols[k, 0] if lens[k] else -1
        j = k
        while j > 0:
            o = order[j - 1]
            if (cols[o, 0] if lens[o] else -1) <= rank:
                break
            order[j] = o
            j -= 1
        order[j] = k
    sorted_cells = np.empty(4, np.int64)
    for k in range(ncells):
        v = cells[k]
        j = k
        while j > 0 and sorted_cells[j - 1] > v:
            sorted_cells[j] = sorted_cells[j - 1]
            j -= 1
        sorted_cells[j] = v
    for w in range(WORDS):
        key[w] = 0
    i = 0
    for k in range(8):
        o = order[k]
        for j in range(lens[o]):
            key[i >> 3] |= cols[o, j] << ((i & 7) * 8)
            i += 1
    for k in range(ncells):
        key[i >> 3] |= sorted_cells[k] << ((i & 7) * 8)
        i += 1
    while i < 56:
        key[i >> 3] |= PAD << ((i & 7) * 8)
        i += 1


@njit(cache=True, nogil=True)
def slot(table: np.ndarray, nodes: np.ndarray, key: np.ndarray) -> int:
    """Where ``key`` is in ``table`` (node numbers, -1 for free; a power of two long), or the
    free slot where it goes."""
    h = np.int64(0x2545F4914F6CDD1D)
    for w in range(WORDS):
        h = (h ^ key[w]) * np.int64(0x5851F42D4C957F2D)
        h ^= h >> 29
    mask = table.shape[0] - 1
    i = h & mask
    while True:
        node = table[i]
        if node < 0:
            return i
        same = True
        for w in range(WORDS):
            if nodes[node, w] != key[w]:
                same = False
                break
        if same:
            return i
        i = (i + 1) & mask


@njit(cache=True, nogil=True)
def merge(table: np.ndarray, source: np.ndarray, nodes: np.ndarray) -> int:
    """Put the positions of ``source`` that ``table`` lacks into it; returns how many."""
    added = 0
    for i in range(source.shape[0]):
        node = source[i]
        if node >= 0:
            at = slot(table, nodes, nodes[node, :WORDS])
            if table[at] < 0:
                table[at] = node
                added += 1
    return added


@njit(cache=True, nogil=True, inline="always")
def goes_home(v: int, found: np.ndarray, safe_all: bool) -> bool:
    """Whether autoplay sends the card byte ``v`` home now (it may go, and is safe to)."""
    rank = RANK[v]
    if rank != found[v & 3] + 1:
        return False
    if safe_all or rank <= 2:
        return True
    if RED[v]:
        return found[0] >= rank - 1 and found[3] >= rank - 1
    return found[1] >= rank - 1 and found[2] >= rank - 1


@njit(cache=True, nogil=True)
def autoplay(cols: np.ndarray, lens: np.ndarray, cells: np.ndarray, ncells: int,
             found: np.ndarray, safe_all: bool) -> int:  # fmt: skip
    """Send home every card autoplay lets go, in place; returns the number of cells in use."""
    moved = True
    while moved:
        moved = False
        for k in range(8):
            while lens[k] and goes_home(cols[k, lens[k] - 1], found, safe_all):
                found[cols[k, lens[k] - 1] & 3] += 1
                lens[k] -= 1
                moved = True
        kept = 0
        for k in range(ncells):
            v = cells[k]
            if goes_home(v, found, safe_all):
                found[v & 3] += 1
                moved = True
            else:
                cells[kept] = v
                kept += 1
        ncells = kept
    return ncells


@njit(cache=True, nogil=True)
def facts(cols: np.ndarray, lens: np.ndarray, disorders: np.ndarray, runs: np.ndarray,
          run: np.ndarray, dis: np.ndarray, low: np.ndarray) -> None:  # fmt: skip
    """Each column's facts (as :class:`..facts.ColumnFacts`): the disorder and top run of every
    prefix, the run on top, the disorder, the lowest rank (14 for an empty column)."""
    for c in range(8):
        d = 0
        lo = 14
        disorders[c, 0] = 0
        runs[c, 0] = 0
        for k in range(lens[c]):
            v = cols[c, k]
            r = RANK[v]
            if r > lo:
                d += 1
            elif r < lo:
                lo = r
            disorders[c, k + 1] = d
            if k and RANK[cols[c, k - 1]] == r + 1 and RED[cols[c, k - 1]] != RED[v]:
                runs[c, k + 1] = runs[c, k] + 1
            else:
                runs[c, k + 1] = 1
        run[c] = runs[c, lens[c]]
        dis[c] = d
        low[c] = lo


@njit(cache=True, nogil=True)
def next_depth(cols: np.ndarray, lens: np.ndarray, found: np.ndarray, nx_n: np.ndarray,
               nx_pos: np.ndarray) -> int:  # fmt: skip
    """How many cards lie on the cards the foundations need next; ``nx_n``/``nx_pos`` get, for
    each column, the places of those cards in it."""
    total = 0
    for c in range(8):
        nx_n[c] = 0
    for c in range(8):
        for k in range(lens[c]):
            card = cols[c, k] & 0x3F
            suit = card & 3
            if found[suit] < 13 and card == found[suit] * 4 + suit:
                total += lens[c] - 1 - k
                nx_pos[c, nx_n[c]] = k
                nx_n[c] += 1
    return total


@njit(cache=True, nogil=True)
def score(cols: np.ndarray, lens: np.ndarray, ncells: int, found: np.ndarray, g: int,
          w: np.ndarray, nx_n: np.ndarray, nx_pos: np.ndarray) -> tuple[int, int]:  # fmt: skip
    """The heuristic of a position from scratch (as :func:`..search.score`): value, column part."""
    part = 0
    empties = 0
    for c in range(8):
        if lens[c] == 0:
            empties += 1
            continue
        d = 0
        lo = 14
        run = 1
        for k in range(lens[c]):
            v = cols[c, k]
            r = RANK[v]
            if r > lo:
                d += 1
            elif r < lo:
                lo = r
            if k and RANK[cols[c, k - 1]] == r + 1 and RED[cols[c, k - 1]] != RED[v]:
                run += 1
            else:
                run = 1
        part += w[1] * d + w[2] * (lens[c] - run)
    h = (
        w[0] * (52 - found[0] - found[1] - found[2] - found[3])
        + part
        + w[3] * ncells
        - w[4] * empties
        + w[5] * g
    )
    if w[6]:
        h += w[6] * next_depth(cols, lens, found, nx_n, nx_pos)
    return h, part


@njit(cache=True, nogil=True)
def cascades(cols: np.ndarray, lens: np.ndarray, cells: np.ndarray, ncells: int,
             found: np.ndarray, x: int, under: int, safe_all: bool) -> bool:  # fmt: skip
    """Whether autoplay sends a card home once the card ``x`` (a column top or a cell's card) is
    home, ``under`` the card it uncovers (-1 for none): as ``search._cascades``."""
    found[x & 3] += 1
    result = False
    for t in range(4):
        c = found[t] * 4 + t
        if found[t] == 13:
            continue
        free = c == under
        for k in range(8):
            if lens[k] and cols[k, lens[k] - 1] & 0x3F == c:
                free = True
        for k in range(ncells):
            if cells[k] & 0x3F == c:
                free = True
        if free and goes_home(c, found, safe_all):
            result = True
            break
    found[x & 3] -= 1
    return result


@njit(cache=True, nogil=True)
def depth_of(cols: np.ndarray, lens: np.ndarray, card: int, s: int) -> int:
    """How many cards lie on ``card`` in its column once the top of column ``s`` (-1: none) is
    gone; 0 when it is in a free cell or past a king."""
    for c in range(8):
        for k in range(lens[c]):
            if cols[c, k] & 0x3F == card:
                return lens[c] - 1 - k - (1 if c == s else 0)
    return 0
