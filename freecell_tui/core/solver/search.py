"""One search of the fast solver: best-first on a cheap heuristic (:mod:`.heuristic`), children
scored before they are built. :mod:`.portfolio` runs several of them in turn and answers.

* **Scored, then built.** Expanding a position lists its steps and scores each child from the
  facts of the two columns it changes (the heuristic is a sum over columns, kept in the position),
  without building it; a child is built, keyed and checked against the positions seen only when
  the queue hands it out. Most children are never handed out, so they cost a few operations each.
  A move home waits unbuilt too, unless autoplay follows it: the steps autoplay follows are built
  at once (the cards that go are only known by playing them, and they may win).
* **Moves to a free cell wait together** in one entry per node (:meth:`_Search.to_cells`): they
  are rarely taken, and are listed, in the order they would have had, only when it comes up.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import Final

from freecell_tui.core.solver.entries import CELL, EMPTY, Entry, Node, play, unpack
from freecell_tui.core.solver.heuristic import (
    PORTFOLIO,
    Weights,
    column_part,
    depth_after,
    next_depth,
    score,
)
from freecell_tui.core.solver.keys import (
    BYTE,
    CELL_FLAG,
    FITS,
    RANK,
    RED,
    Cols,
    Found,
    Key,
)
from freecell_tui.core.solver.moves import (
    ColumnFacts,
    Safe,
    Step,
    apply_step,
    autoplay_follows,
)

__all__ = ["PORTFOLIO", "Stop", "Weights"]

ALONE: Final = 300  # expansions the first search makes alone
TURN: Final = 300  # expansions each search makes in its turn once several run
SHARE_AFTER: Final = 10_000  # expansions after which the searches share the positions seen
CHECK_EVERY: Final = 16  # expansions between looks at the clock and the cancel event
NONE: Final = 1 << 30  # more than any heuristic


class Stop(Exception):
    """The search ran out of time, positions or was cancelled."""


class _Search:
    """One best-first search, its queue and the positions it has seen (key → parent key and step)."""

    def __init__(
        self,
        cols: Cols,
        cells: bytes,
        found: Found,
        facts: ColumnFacts,
        safe: Safe,
        w: Weights,
        seen: dict[Key, tuple[Key, Step] | None],
    ) -> None:
        self.facts = facts
        self.safe = safe
        self.w = w
        key = (*cols, cells)
        #: Position → parent and step. Shared by the searches of a portfolio once they have worked
        #: a while (see :func:`_share`): a position is then expanded by the first to take it.
        self.seen = seen
        seen.setdefault(key, None)
        part = column_part(facts, w, cols)
        self.heap: list[Entry] = [(0, 0, (key, found, 0, part, -1), -1)]
        self.seq = 0
        self.expanded = 0
        self.goal: Key | None = key if sum(found) == 52 else None

    def built(self, parent: Node, step: Step) -> tuple[int, Node] | None:
        """A child that changes the foundations, built now: its heuristic and node, or None when
        it was seen already. Sets :attr:`goal` when it wins."""
        pkey = parent[0]
        cols, cells, found = apply_step(pkey[:8], pkey[8], parent[1], step, self.safe)
        key = (*cols, cells)
        seen = self.seen
        if key in seen:
            return None
        seen[key] = (pkey, step)
        if found == (13, 13, 13, 13):
            self.goal = key
        g = parent[2] + 1
        h, part = score(self.w, self.facts, cols, cells, found, g)
        return h, (key, found, g, part, -1)

    def score(self, cols: Cols, cells: bytes, found: Found, moves: int) -> tuple[int, int]:
        """The heuristic of a position reached in ``moves`` moves, from scratch (the search
        updates it step by step): its value, and its column part."""
        return score(self.w, self.facts, cols, cells, found, moves)

    def queued(self) -> list[tuple[int, Node, Step | None, int]]:
        """What the queue holds: each entry's heuristic, node, the step from it (None for a node
        built already) and the child's column part."""
        out: list[tuple[int, Node, Step | None, int]] = []
        for h, _, node, code in self.heap:
            if isinstance(code, list):
                for h_cell, _, parent, cell_code in self.to_cells(node, code):
                    assert isinstance(cell_code, int)
                    step, part = unpack(cell_code)
                    out.append((h_cell, parent, step, part))
            elif code < 0:
                out.append((h, node, None, node[3]))
            else:
                step, part = unpack(code)
                out.append((h, node, step, part))
        return out

    def to_cells(self, node: Node, cells: list[int]) -> list[Entry]:
        """The queue entries of the moves of ``node`` to a free cell: ``cells`` holds, by column,
        the order of arrival each was given (0: none), then its heuristic, then its packed step.

        Those moves are rarely taken (one in fifty), so an expansion queues them as one entry,
        at the priority and order of arrival of the best of them, and lists them only when that
        entry comes up: the search takes its positions in the same order as if each had been
        queued. (A move to a free cell that autoplay follows is built at once.)"""
        return [(cells[8 + s], -cells[s], node, cells[16 + s]) for s in range(8) if cells[s]]

    def run(self, budget: int, should_stop: Callable[[], bool]) -> bool | None:
        """Expand up to ``budget`` positions: True once solved, False once every reachable
        position has been seen (unsolvable), None when neither yet. Raises :class:`Stop`."""
        if self.goal is not None:
            return True
        seen, heap, facts, safe = self.seen, self.heap, self.facts, self.safe
        w = self.w
        w_out, w_dis, w_uns, w_cell, w_empty, w_moves, w_next = (
            w.out,
            w.disorder,
            w.unsorted,
            w.cell,
            w.empty,
            w.moves,
            w.next,
        )
        rank, red, fits, byte = RANK, RED, FITS, BYTE
        push, pop = heapq.heappush, heapq.heappop
        seq, expanded = self.seq, self.expanded
        try:
            while budget > 0:
                if not heap:
                    return False
                _, _, node, code = pop(heap)
                if isinstance(code, list):
                    for entry in self.to_cells(node, code):
                        push(heap, entry)
                    continue
                if code >= 0:  # build the child of ``node``
                    pkey, found, g, _, _ = node
                    kind, a, b, n = code >> 16 & 7, code >> 8 & 0xFF, code >> 5 & 7, code & 31
                    # The common cases inline (as moves.play builds them), the others by play.
                    if kind == 0 and pkey[b] and n < len(pkey[a]):  # a run onto a card
                        cs = pkey[a]
                        new = list(pkey)
                        new[a] = cs[:-n]
                        new[b] = pkey[b] + cs[-n:]
                        key = tuple(new)
                        undo = (cs[-n] & 0x3F) << 8 | cs[-n - 1] & 0x3F
                    elif kind == 1 and len(pkey[a]) > 1:  # a card to a free cell
                        cs = pkey[a]
                        new = list(pkey)
                        new[a] = cs[:-1]
                        new[8] = bytes(sorted(pkey[8] + byte[(cs[-1] & 0x3F) | CELL_FLAG]))
                        key = tuple(new)
                        undo = (cs[-1] & 0x3F) << 8 | cs[-2] & 0x3F
                    elif kind == 2 and pkey[b]:  # a free-cell card onto a card
                        new = list(pkey)
                        new[8] = pkey[8].replace(byte[a], b"")
                        new[b] = pkey[b] + byte[a & 0x3F]
                        key = tuple(new)
                        undo = (a & 0x3F) << 8 | CELL
                    else:
                        key, found, undo = play(pkey, found, code)
                    if key in seen:
                        continue
                    seen[key] = (pkey, (kind, a, b, n))
                    node = (key, found, g + 1, code >> 19, undo)
                    if undo < 0 and found == (13, 13, 13, 13):
                        self.goal = key
                        return True
                budget -= 1
                expanded += 1
                if expanded % CHECK_EVERY == 0 and should_stop():
                    raise Stop
                pkey, found, g, part, undo = node
                cols, cells = pkey, pkey[8]  # the columns are the key's first eight
                back, under = undo >> 8, undo & 0xFF  # the card just moved, what it lay on
                g1 = g + 1
                free = 4 - len(cells)
                empties = 0
                while empties < 8 and not cols[empties]:
                    empties += 1
                limit = (free + 1) << empties
                limit_e = (free + 1) << (empties - 1) if empties else 0
                base = (
                    w_out * (52 - found[0] - found[1] - found[2] - found[3])
                    + part
                    + w_cell * len(cells)
                    - w_empty * empties
                    + w_moves * g1
                )
                nexts: list[tuple[int, ...]] = [()] * 8
                if w_next:
                    base += w_next * next_depth(cols, found, nexts)
                want: list[tuple[int, ...]] = [()] * 52  # card -> the columns it may go on
                for d in range(empties, 8):
                    for card in fits[cols[d][-1]]:
                        want[card] += (d,)
                # The moves to a free cell (see to_cells), and the best of them.
                to_cell_list: list[int] | None = None
                to_cells, to_seq = NONE, 0  # NONE: more than any heuristic
                for s in range(empties, 8):
                    cs = cols[s]
                    run, disorders, _, dis, runs, run_cards = facts[cs]
                    size = len(cs)
                    top = cs[-1]
                    # What the column part gains when the top card leaves (home or to a cell).
                    lift = w_dis * (disorders[size - 1] - dis)
                    if run == 1 and size > 1:
                        lift -= w_uns * runs[size - 1]
                    if rank[top] == found[top & 3] + 1:
                        if autoplay_follows(cols, cells, found, s, top, safe):
                            child = self.built(node, (3, s, 0, 1))
                            if child is not None:
                                if self.goal is not None:
                                    return True
                                seq += 1
                                push(heap, (child[0], -seq, child[1], -1))
                        else:  # queued unbuilt, scored like a move to a free cell
                            h = base + lift - w_out
                            if size == 1:
                                h -= w_empty
                            if w_next:
                                for j in nexts[s]:
                                    if j < size - 1:
                                        h -= w_next
                                h += w_next * depth_after(cols, s, top)
                            seq += 1
                            push(heap, (h, -seq, node, (part + lift) << 19 | 0x30001 | s << 8))
                    most = run if run < limit else limit
                    n = 0
                    for card in run_cards:
                        n += 1
                        if n > most:
                            break
                        dests = want[card]
                        if not dests:
                            continue
                        if n < size:
                            v = cs[-n - 1]
                            rv = rank[v]
                            auto = rv == found[v & 3] + 1 and safe(rv, red[v], found)
                        else:
                            auto = False
                        moved = rank[card]
                        undoes = card == back
                        for d in dests:
                            if undoes and cols[d][-1] & 0x3F == under:
                                continue
                            if auto:
                                child = self.built(node, (0, s, d, n))
                                if child is not None:
                                    if self.goal is not None:
                                        return True
                                    seq += 1
                                    push(heap, (child[0], -seq, child[1], -1))
                                continue
                            low = facts[cols[d]][2]
                            add = moved - low if moved > low else 0
                            delta = w_dis * (disorders[size - n] - dis + (add if add < n else n))
                            if n == run and n < size:
                                delta -= w_uns * runs[size - n]
                            h = base + delta
                            if n == size:
                                h -= w_empty
                            if w_next:
                                shift = len(nexts[d])
                                for j in nexts[s]:
                                    if j < size - n:
                                        shift -= 1
                                h += w_next * n * shift
                            seq += 1
                            push(heap, (h, -seq, node, (part + delta) << 19 | s << 8 | d << 5 | n))
                    if empties and size > 1:
                        most = min(run, limit_e, size - 1)
                        for n in (1, most) if most > 1 else (1,) if most else ():
                            if cs[-n] & 0x3F == back and under == EMPTY:
                                continue
                            v = cs[-n - 1]
                            rv = rank[v]
                            if rv == found[v & 3] + 1 and safe(rv, red[v], found):
                                child = self.built(node, (0, s, 0, n))
                                if child is not None:
                                    if self.goal is not None:
                                        return True
                                    seq += 1
                                    push(heap, (child[0], -seq, child[1], -1))
                                continue
                            delta = w_dis * (disorders[size - n] - dis)
                            if n == run:
                                delta -= w_uns * runs[size - n]
                            h = base + delta + w_empty
                            if w_next:
                                for j in nexts[s]:
                                    if j < size - n:
                                        h -= w_next * n
                            seq += 1
                            push(heap, (h, -seq, node, (part + delta) << 19 | s << 8 | n))
                    if free and not (top & 0x3F == back and under == CELL):
                        if size > 1:
                            v = cs[-2]
                            rv = rank[v]
                            if rv == found[v & 3] + 1 and safe(rv, red[v], found):
                                child = self.built(node, (1, s, 0, 1))
                                if child is not None:
                                    if self.goal is not None:
                                        return True
                                    seq += 1
                                    push(heap, (child[0], -seq, child[1], -1))
                                continue
                        h = base + lift + w_cell
                        if size == 1:
                            h -= w_empty
                        if w_next:
                            for j in nexts[s]:
                                if j < size - 1:
                                    h -= w_next
                        seq += 1
                        if to_cell_list is None:
                            to_cell_list = [0] * 24
                        to_cell_list[s] = seq
                        to_cell_list[8 + s] = h
                        to_cell_list[16 + s] = (part + lift) << 19 | 0x10001 | s << 8
                        if h <= to_cells:  # ties go to the later
                            to_cells, to_seq = h, seq
                if to_cell_list is not None:
                    push(heap, (to_cells, -to_seq, node, to_cell_list))
                for v in cells:
                    rv = rank[v]
                    if rv == found[v & 3] + 1:
                        if autoplay_follows(cols, cells, found, -1, v, safe):
                            child = self.built(node, (4, v, 0, 1))
                            if child is not None:
                                if self.goal is not None:
                                    return True
                                seq += 1
                                push(heap, (child[0], -seq, child[1], -1))
                        else:
                            h = base - w_out - w_cell
                            if w_next:
                                h += w_next * depth_after(cols, -1, v)
                            seq += 1
                            push(heap, (h, -seq, node, part << 19 | 0x40001 | v << 8))
                    undoes = v & 0x3F == back
                    for d in want[v & 0x3F]:
                        if undoes and cols[d][-1] & 0x3F == under:
                            continue
                        delta = w_dis if rv > facts[cols[d]][2] else 0
                        h = base + delta - w_cell + w_next * len(nexts[d])
                        seq += 1
                        push(
                            heap, (h, -seq, node, (part + delta) << 19 | 0x20001 | v << 8 | d << 5)
                        )
                    if empties and not (undoes and under == EMPTY):
                        seq += 1
                        push(
                            heap,
                            (base - w_cell + w_empty, -seq, node, part << 19 | 0x20001 | v << 8),
                        )
            return None if heap else False
        finally:
            self.seq = seq
            self.expanded = expanded
