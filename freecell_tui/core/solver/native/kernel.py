"""The compiled search: ``Search.run`` of :mod:`..search`, step for step, on arrays.

It expands the same positions in the same order as the pure search: the same steps in the same
order, scored alike, children that autoplay follows built at once, the others (a card sent home
with nothing after it too) when the queue hands them out (:mod:`.steps`). It stops after ``budget`` expansions, when it wins, when
its queue runs dry, at a look (every :data:`..search.CHECK_EVERY` expansions) when ``stopping``
or past ``max_stored`` positions (``other`` of them in other searches' tables; -1: no bound), or
before an expansion for which its arrays lack room: the caller grows them and calls again.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit

from freecell_tui.core.solver.native.packed import (
    RANK,
    RED,
    WIDTH,
    WORDS,
    cascades,
    decode,
    depth_of,
    encode,
    facts,
    goes_home,
    next_depth,
    slot,
)
from freecell_tui.core.solver.native.steps import BUILT, apply, build, pop, push
from freecell_tui.core.solver.search import CELL, CHECK_EVERY, EMPTY

MORE: Final = 0  # the budget is spent, the queue is not empty
SOLVED: Final = 1
DRY: Final = 2  # the queue ran dry
STOP: Final = 3
ROOM: Final = 4  # the arrays need more room before the next expansion
SPARE: Final = 300  # room an expansion may need: at most 256 children
LOW32: Final = 0xFFFFFFFF


@njit(cache=True, nogil=True)
def run(nodes, nnodes, table, ntable, heap, nheap, w, safe_all, seq, expanded, budget, stopping,  # noqa: C901, PLR0912, PLR0913, PLR0915 -- Search.run step for step; compiled, takes arrays
        other, max_stored, cell_count):  # fmt: skip
    """Returns (code, nnodes, ntable, nheap, seq, expanded, goal node or -1); the game has
    ``cell_count`` free cells."""
    w_out, w_dis, w_uns, w_cell, w_empty, w_moves, w_next = w[0], w[1], w[2], w[3], w[4], w[5], w[6]
    cols = np.zeros((8, WIDTH), np.int64)
    lens = np.zeros(8, np.int64)
    cells = np.zeros(4, np.int64)
    found = np.zeros(4, np.int64)
    ws = np.zeros((8, WIDTH), np.int64)
    wlens = np.zeros(8, np.int64)
    wcells = np.zeros(4, np.int64)
    wfound = np.zeros(4, np.int64)
    key = np.zeros(WORDS, np.int64)
    disorders = np.zeros((8, WIDTH + 1), np.int64)
    runs = np.zeros((8, WIDTH + 1), np.int64)
    run_ = np.zeros(8, np.int64)
    dis = np.zeros(8, np.int64)
    low = np.zeros(8, np.int64)
    nx_n = np.zeros(8, np.int64)
    nx_pos = np.zeros((8, 4), np.int64)
    cnx_n = np.zeros(8, np.int64)
    cnx_pos = np.zeros((8, 4), np.int64)
    want_n = np.zeros(52, np.int64)
    want_d = np.zeros((52, 2), np.int64)
    while budget > 0:
        if (
            nodes.shape[0] - nnodes < SPARE
            or heap.shape[0] - nheap < SPARE
            or 2 * (ntable + SPARE) > table.shape[0]
        ):
            return ROOM, nnodes, ntable, nheap, seq, expanded, -1
        if nheap == 0:
            return DRY, nnodes, ntable, nheap, seq, expanded, -1
        payload, nheap = pop(heap, nheap)
        node = payload & LOW32
        step = (payload >> 32) & 0x7FFFF
        kind = step & 7
        if kind != BUILT:  # build the child of ``node``
            a, b, n = (step >> 3) & 0x7F, (step >> 10) & 7, (step >> 13) & 0x3F
            ncells = decode(nodes, node, cols, lens, cells, found)
            if kind == 0:
                la = lens[a]
                under = cols[a, la - n - 1] & 0x3F if n < la else EMPTY
                undo = (cols[a, la - n] & 0x3F) << 8 | under
            elif kind == 1:
                la = lens[a]
                under = cols[a, la - 2] & 0x3F if la > 1 else EMPTY
                undo = (cols[a, la - 1] & 0x3F) << 8 | under
            elif kind == 2:
                undo = (a & 0x3F) << 8 | CELL
            else:  # a card home, no autoplay after it
                undo = -1
            ncells = apply(cols, lens, cells, ncells, found, kind, a, b, n)
            encode(cols, lens, cells, ncells, key)
            at = slot(table, nodes, key)
            if table[at] >= 0:
                continue
            g = (nodes[node, WORDS + 1] & LOW32) + 1
            part = (payload >> 51) & 0x1FFF
            for i in range(WORDS):
                nodes[nnodes, i] = key[i]
            nodes[nnodes, WORDS] = (node + 1) | (step << 32)
            nodes[nnodes, WORDS + 1] = g | (part << 32) | ((undo + 1) << 45)
            table[at] = nnodes
            node = nnodes
            nnodes += 1
            ntable += 1
        budget -= 1
        expanded += 1
        if expanded % CHECK_EVERY == 0 and (
            stopping or (max_stored >= 0 and other + ntable > max_stored)
        ):
            return STOP, nnodes, ntable, nheap, seq, expanded, -1
        # ------------------------------------------------------------ expand ``node``
        ncells = decode(nodes, node, cols, lens, cells, found)
        word = nodes[node, WORDS + 1]
        g1 = (word & LOW32) + 1
        part = (word >> 32) & 0x1FFF
        undo = ((word >> 45) & 0x3FFF) - 1
        back = undo >> 8 if undo >= 0 else -1  # the card just moved
        under = undo & 0xFF if undo >= 0 else 0xFF  # what it lay on
        free = cell_count - ncells
        empties = 0
        while empties < 8 and lens[empties] == 0:
            empties += 1
        limit = (free + 1) << empties
        limit_e = (free + 1) << (empties - 1) if empties else 0
        base = (
            w_out * (52 - found[0] - found[1] - found[2] - found[3])
            + part
            + w_cell * ncells
            - w_empty * empties
            + w_moves * g1
        )
        for c in range(8):
            nx_n[c] = 0
        if w_next:
            base += w_next * next_depth(cols, lens, found, nx_n, nx_pos)
        facts(cols, lens, disorders, runs, run_, dis, low)
        for card in range(52):
            want_n[card] = 0
        for d in range(empties, 8):
            top = cols[d, lens[d] - 1]
            r = RANK[top]
            if 2 <= r <= 13:
                for k in range(2):
                    suit = (0 if k == 0 else 3) if RED[top] else (1 if k == 0 else 2)
                    card = (r - 2) * 4 + suit
                    want_d[card, want_n[card]] = d
                    want_n[card] += 1
        for s in range(empties, 8):
            size = lens[s]
            top = cols[s, size - 1]
            rn = run_[s]
            ds = dis[s]
            for m in range(30):  # the steps of column ``s`` in the pure search's order:
                # home (m 0), runs of n cards to their two destinations (m 1-26), to the first
                # empty column one card then the longest run (27, 28), to a free cell (29)
                h = 0
                delta = 0
                if m == 0:
                    if RANK[top] != found[top & 3] + 1:
                        continue
                    stepm = 3 | (s << 3) | (1 << 13)
                    x = top & 0x3F
                    auto = cascades(cols, lens, cells, ncells, found, x,
                                    cols[s, size - 2] & 0x3F if size > 1 else -1, safe_all)  # fmt: skip
                    if not auto:
                        delta = w_dis * (disorders[s, size - 1] - ds)
                        if rn == 1 and size > 1:
                            delta -= w_uns * runs[s, size - 1]
                        h = base - w_out + delta
                        if size == 1:
                            h -= w_empty
                        if w_next:
                            h += w_next * depth_of(cols, lens, x + 4, s)
                            for j in range(nx_n[s]):
                                if nx_pos[s, j] < size - 1:
                                    h -= w_next
                elif m <= 26:  # a run of n cards, to its destination number t
                    n = (m + 1) >> 1
                    t = (m + 1) & 1
                    if n > rn or n > limit:
                        continue
                    card = cols[s, size - n] & 0x3F
                    if t >= want_n[card]:
                        continue
                    d = want_d[card, t]
                    if card == back and cols[d, lens[d] - 1] & 0x3F == under:
                        continue
                    auto = n < size and goes_home(cols[s, size - n - 1], found, safe_all)
                    stepm = (s << 3) | (d << 10) | (n << 13)
                    if not auto:
                        moved = RANK[card]
                        add = moved - low[d] if moved > low[d] else 0
                        delta = w_dis * (disorders[s, size - n] - ds + (add if add < n else n))
                        if n == rn and n < size:
                            delta -= w_uns * runs[s, size - n]
                        h = base + delta
                        if n == size:
                            h -= w_empty
                        if w_next:
                            shift = nx_n[d]
                            for j in range(nx_n[s]):
                                if nx_pos[s, j] < size - n:
                                    shift -= 1
                            h += w_next * n * shift
                elif m <= 28:  # to the first empty column: one card, then the longest run
                    if not empties or size <= 1:
                        continue
                    most = min(rn, limit_e, size - 1)
                    n = 1 if m == 27 else most
                    if most == 0 or (m == 28 and most <= 1):
                        continue
                    if cols[s, size - n] & 0x3F == back and under == EMPTY:
                        continue
                    auto = goes_home(cols[s, size - n - 1], found, safe_all)
                    stepm = (s << 3) | (n << 13)
                    if not auto:
                        delta = w_dis * (disorders[s, size - n] - ds)
                        if n == rn:
                            delta -= w_uns * runs[s, size - n]
                        h = base + delta + w_empty
                        if w_next:
                            for j in range(nx_n[s]):
                                if nx_pos[s, j] < size - n:
                                    h -= w_next * n
                else:  # to a free cell
                    if not free or (top & 0x3F == back and under == CELL):
                        continue
                    auto = size > 1 and goes_home(cols[s, size - 2], found, safe_all)
                    stepm = 1 | (s << 3) | (1 << 13)
                    if not auto:
                        delta = w_dis * (disorders[s, size - 1] - ds)
                        if rn == 1 and size > 1:
                            delta -= w_uns * runs[s, size - 1]
                        h = base + delta + w_cell
                        if size == 1:
                            h -= w_empty
                        if w_next:
                            for j in range(nx_n[s]):
                                if nx_pos[s, j] < size - 1:
                                    h -= w_next
                if auto:
                    child, h, won = build(nodes, nnodes, table, node, stepm, cols, lens, cells,
                                          ncells, found, g1, w, safe_all, ws, wlens, wcells,
                                          wfound, key, cnx_n, cnx_pos)  # fmt: skip
                    if child >= 0:
                        nnodes += 1
                        ntable += 1
                        if won:
                            return SOLVED, nnodes, ntable, nheap, seq, expanded, child
                        seq += 1
                        nheap = push(heap, nheap, h, seq, child | (BUILT << 32))
                else:
                    seq += 1
                    nheap = push(heap, nheap, h, seq, node | (stepm << 32) | ((part + delta) << 51))
        for k in range(ncells):
            v = cells[k]
            rv = RANK[v]
            if rv == found[v & 3] + 1 and not cascades(
                cols, lens, cells, ncells, found, v & 0x3F, -1, safe_all
            ):
                h = base - w_out - w_cell
                if w_next:
                    h += w_next * depth_of(cols, lens, (v & 0x3F) + 4, -1)
                seq += 1
                stepm = 4 | (v << 3) | (1 << 13)
                nheap = push(heap, nheap, h, seq, node | (stepm << 32) | (part << 51))
            elif rv == found[v & 3] + 1:
                stepm = 4 | (v << 3) | (1 << 13)
                child, h, won = build(nodes, nnodes, table, node, stepm, cols, lens, cells, ncells,
                                      found, g1, w, safe_all, ws, wlens, wcells, wfound, key,
                                      cnx_n, cnx_pos)  # fmt: skip
                if child >= 0:
                    nnodes += 1
                    ntable += 1
                    if won:
                        return SOLVED, nnodes, ntable, nheap, seq, expanded, child
                    seq += 1
                    nheap = push(heap, nheap, h, seq, child | (BUILT << 32))
            card = v & 0x3F
            undoes = card == back
            for t in range(want_n[card]):
                d = want_d[card, t]
                if undoes and cols[d, lens[d] - 1] & 0x3F == under:
                    continue
                delta = w_dis if rv > low[d] else 0
                h = base + delta - w_cell + w_next * nx_n[d]
                seq += 1
                stepm = 2 | (v << 3) | (d << 10) | (1 << 13)
                nheap = push(heap, nheap, h, seq, node | (stepm << 32) | ((part + delta) << 51))
            if empties and not (undoes and under == EMPTY):
                seq += 1
                stepm = 2 | (v << 3) | (1 << 13)
                h = base - w_cell + w_empty
                nheap = push(heap, nheap, h, seq, node | (stepm << 32) | (part << 51))
    return (MORE if nheap else DRY), nnodes, ntable, nheap, seq, expanded, -1
