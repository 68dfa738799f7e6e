"""The compiled search's steps: played on arrays, children that autoplay follows built at once
(``Search.built``), and the queue, a binary heap of two-word entries.

A heap entry is ``h << 36 | (2**36 − 1 − seq)`` (so the heap's order is (priority, −order of
arrival), as the pure search's tuples) and ``node | step << 32 | part << 51``, where ``step`` is
``kind | a << 3 | b << 10 | n << 13`` (kind :data:`BUILT` for a node already built). Memory bounds
the packed fields: a line of 2**26 moves or 2**36 entries would need more than the caller allows.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit

from freecell_tui.core.solver.native.packed import (
    WIDTH,
    WORDS,
    autoplay,
    decode,
    encode,
    score,
    slot,
)

BUILT: Final = 7
SEQ: Final = (1 << 36) - 1
LOW32: Final = 0xFFFFFFFF


@njit(cache=True, nogil=True, inline="always")
def push(heap, nheap, h, seq, payload):
    prio = (h << 36) + (SEQ - seq)
    i = nheap
    while i > 0:
        p = (i - 1) >> 1
        if heap[p, 0] <= prio:
            break
        heap[i, 0] = heap[p, 0]
        heap[i, 1] = heap[p, 1]
        i = p
    heap[i, 0] = prio
    heap[i, 1] = payload
    return nheap + 1


@njit(cache=True, nogil=True)
def pop(heap, nheap):
    payload = heap[0, 1]
    nheap -= 1
    prio = heap[nheap, 0]
    last = heap[nheap, 1]
    i = 0
    while True:
        c = 2 * i + 1
        if c >= nheap:
            break
        if c + 1 < nheap and heap[c + 1, 0] < heap[c, 0]:
            c += 1
        if heap[c, 0] >= prio:
            break
        heap[i, 0] = heap[c, 0]
        heap[i, 1] = heap[c, 1]
        i = c
    heap[i, 0] = prio
    heap[i, 1] = last
    return payload, nheap


@njit(cache=True, nogil=True)
def apply(cols, lens, cells, ncells, found, kind, a, b, n):  # noqa: C901, PLR0913 -- compiled: arrays and ints
    """Play one step in place (columns in the order the step names them); the cells in use."""
    if kind == 0:
        la = lens[a]
        lb = lens[b]
        if lb == 0:
            cols[b, 0] = cols[a, la - n] | 0x80
            for j in range(1, n):
                cols[b, j] = cols[a, la - n + j]
        elif n == la:
            cols[b, lb] = cols[a, 0] & 0x3F
            for j in range(1, n):
                cols[b, lb + j] = cols[a, j]
        else:
            for j in range(n):
                cols[b, lb + j] = cols[a, la - n + j]
        lens[a] = la - n
        lens[b] = lb + n
    elif kind == 1:
        cells[ncells] = (cols[a, lens[a] - 1] & 0x3F) | 0x40
        ncells += 1
        lens[a] -= 1
    elif kind == 3:
        found[cols[a, lens[a] - 1] & 3] += 1
        lens[a] -= 1
    else:
        kept = 0
        for k in range(ncells):
            if cells[k] != a:
                cells[kept] = cells[k]
                kept += 1
        ncells = kept
        if kind == 4:
            found[a & 3] += 1
        elif lens[b]:
            cols[b, lens[b]] = a & 0x3F
            lens[b] += 1
        else:
            cols[b, 0] = (a & 0x3F) | 0x80
            lens[b] = 1
    return ncells


@njit(cache=True, nogil=True)
def build(nodes, nnodes, table, parent, step, cols, lens, cells, ncells, found, g1, w, safe_all,  # noqa: PLR0913 -- compiled: the kernel's arrays
          ws, wlens, wcells, wfound, key, nx_n, nx_pos):  # fmt: skip
    """A child that autoplay follows, built now (``Search.built``): its node (-1 when
    seen already; else it is node ``nnodes``, in ``table``), priority, and whether it wins."""
    for c in range(8):
        wlens[c] = lens[c]
        for j in range(lens[c]):
            ws[c, j] = cols[c, j]
    for k in range(ncells):
        wcells[k] = cells[k]
    for s in range(4):
        wfound[s] = found[s]
    kind, a, b, n = step & 7, (step >> 3) & 0x7F, (step >> 10) & 7, (step >> 13) & 0x3F
    nc = apply(ws, wlens, wcells, ncells, wfound, kind, a, b, n)
    nc = autoplay(ws, wlens, wcells, nc, wfound, safe_all)
    encode(ws, wlens, wcells, nc, key)
    at = slot(table, nodes, key)
    if table[at] >= 0:
        return -1, 0, False
    for i in range(WORDS):
        nodes[nnodes, i] = key[i]
    h, part = score(ws, wlens, nc, wfound, g1, w, nx_n, nx_pos)
    nodes[nnodes, WORDS] = (parent + 1) | (step << 32)
    nodes[nnodes, WORDS + 1] = g1 | (part << 32)
    table[at] = nnodes
    return nnodes, h, wfound[0] + wfound[1] + wfound[2] + wfound[3] == 52


@njit(cache=True, nogil=True)
def plant(nodes, node, w):
    """Give ``node`` (a start: no parent, no moves, no step to undo) its column part."""
    cols = np.zeros((8, WIDTH), np.int64)
    lens = np.zeros(8, np.int64)
    cells = np.zeros(4, np.int64)
    found = np.zeros(4, np.int64)
    ncells = decode(nodes, node, cols, lens, cells, found)
    _, part = score(
        cols, lens, ncells, found, 0, w, np.zeros(8, np.int64), np.zeros((8, 4), np.int64)
    )
    nodes[node, WORDS] = 0
    nodes[node, WORDS + 1] = part << 32


@njit(cache=True, nogil=True)
def path(nodes, slots, goal):
    """The line to ``goal`` as ``line_to`` follows it (each parent looked up in ``slots``):
    the parents' nodes and the steps, from the goal back to the start."""
    parents = np.empty(64, np.int64)
    steps = np.empty(64, np.int64)
    count = 0
    node = slots[slot(slots, nodes, nodes[goal, :WORDS])]
    while nodes[node, WORDS] & 0xFFFFFFFF:
        if count == parents.shape[0]:
            parents = np.concatenate((parents, np.empty(count, np.int64)))
            steps = np.concatenate((steps, np.empty(count, np.int64)))
        parent = (nodes[node, WORDS] & 0xFFFFFFFF) - 1
        parents[count] = parent
        steps[count] = nodes[node, WORDS] >> 32
        count += 1
        node = slots[slot(slots, nodes, nodes[parent, :WORDS])]
    return parents[:count], steps[:count]
