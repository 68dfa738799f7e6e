"""One search of the fast solver: best-first on a cheap heuristic, children scored before they
are built. :mod:`.portfolio` runs several of them in turn and answers.

* **Scored, then built.** Expanding a position lists its steps and scores each child from the
  facts of the two columns it changes (the heuristic is a sum over columns, kept in the position),
  without building it; a child is built, keyed and checked against the positions seen only when
  the queue hands it out. Most children are never handed out, so they cost a few operations each.
  A step followed by autoplay is built at once (:meth:`Search.built`): what autoplay sends home
  needs the whole position, and it may win. A card sent home with nothing after it is queued like
  the others, its value from its parent's: the column it leaves, the depth of its suit's next card.
  A child built from the queue learns its new columns' facts from the columns they came from
  (:meth:`.facts.ColumnFacts.cut`, ``grow``) and, when no column empties or fills and no card goes
  home, the next cards' depths from its parent's (:func:`.heuristic.next_after`).
* **The heuristic** is :mod:`.heuristic`'s (see ``docs/solver.md``); the search keeps it step by
  step, :func:`score` computes it from scratch (for the start and the tests).
* **The hot loop is one method** (:meth:`Search.run`), its steps written out inline rather than
  in helper functions: a call for each child would be a large part of that child's cost.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Final

from freecell_tui.core.solver.facts import ColumnFacts
from freecell_tui.core.solver.heuristic import (
    NO_NEXTS,
    PORTFOLIO,
    Weights,
    depth_after,
    next_after,
    next_depth,
)
from freecell_tui.core.solver.keys import (
    BYTE,
    CELL_FLAG,
    CLASS,
    COL_FLAG,
    FIT_CLASS,
    RANK,
    SORTED_CELLS,
    Cols,
    Found,
    Key,
)
from freecell_tui.core.solver.moves import (
    Safe,
    SearchStep,
    autoplay,
    cascades,
    free_cards,
    homes_for,
    play_step,
)

__all__ = ["PORTFOLIO", "Entry", "Node", "Search", "Stop", "Weights", "column_part", "score"]


CHECK_EVERY: Final = 16  # expansions between looks at the clock and the cancel event
# What a moved card lay on, besides a card: nothing (it was alone in its column), a free cell.
EMPTY: Final = 0x80
CELL: Final = 0x40


#: A set of columns as bits → the columns, in order.
BITS: Final = tuple(tuple(d for d in range(8) if mask >> d & 1) for mask in range(256))

#: A position: key, foundations, moves made, column part, the card moved and what it lay on,
#: :func:`.heuristic.next_depth` and its ``where`` (0 and :data:`.heuristic.NO_NEXTS` for a
#: search that does not weigh the next cards).
Node = tuple[Key, Found, int, int, int, int, list[tuple[int, ...]]]
#: Queued: a built node (kind -1), or a parent, the step (kind, a, b, count) and the column part.
Entry = tuple[Node, int, int, int, int, int]


def column_part(facts: ColumnFacts, w: Weights, cols: Cols) -> int:
    """The heuristic's part from the columns (disorder and cards under the top run), from
    scratch."""
    w_dis, w_uns = w.disorder, w.unsorted
    total = 0
    for col in cols:
        if col:
            run, _, _, dis, _, _ = facts[col]
            total += w_dis * dis + w_uns * (len(col) - run)
    return total


def score(
    facts: ColumnFacts,
    w: Weights,
    cols: Cols,
    cells: bytes,
    found: Found,
    moves: int,
    part: int | None = None,
) -> tuple[int, int]:
    """The heuristic of a position reached in ``moves`` moves (the search updates it step by
    step; here from scratch, but for the column ``part`` when it is known): its value, and its
    column part."""
    if part is None:
        part = column_part(facts, w, cols)
    h = (
        w.out * (52 - found[0] - found[1] - found[2] - found[3])
        + part
        + w.cell * len(cells)
        - w.empty * cols.count(b"")
        + w.moves * moves
        + (w.next * next_depth((*cols, cells), found) if w.next else 0)
    )
    return h, part


class Stop(Exception):
    """The search ran out of time, positions or was cancelled."""


class Search:
    """One best-first search, its queue and the positions it has seen (key → parent key and step),
    with the column facts and weights it scores children by."""

    def __init__(
        self,
        cols: Cols,
        cells: bytes,
        found: Found,
        facts: ColumnFacts,
        safe: Safe,
        w: Weights,
        seen: dict[Key, tuple[Key, SearchStep] | None],
        cell_count: int = 4,
    ) -> None:
        self.facts = facts
        #: The free cells of the game (FreeCell has four; the same search plays it with fewer).
        self.cell_count = cell_count
        self.safe = safe
        self.homes = homes_for(safe)
        self.w = w
        key = (*cols, cells)
        #: Position → parent and step. Shared by the searches of a portfolio once they have worked
        #: a while (see :func:`.portfolio._share`): a position is then expanded by the first to take it.
        self.seen = seen
        seen.setdefault(key, None)
        #: The queue: priority → its entries in order of arrival, the latest out first (a bucket
        #: queue: priorities are small integers); no entry has a priority below :attr:`lo`.
        self.queue: defaultdict[int, list[Entry]] = defaultdict(list)
        nexts = NO_NEXTS
        depth = 0
        if w.next:
            nexts = [()] * 8
            depth = next_depth(key, found, nexts)
        node = (key, found, 0, column_part(facts, w, cols), -1, depth, nexts)
        self.queue[0].append((node, -1, 0, 0, 0, 0))
        self.lo = 0
        self.expanded = 0
        self.goal: Key | None = key if sum(found) == 52 else None

    def queued(self) -> bool:
        """Whether anything waits in the queue."""
        return any(self.queue.values())

    def built(self, parent: Node, step: SearchStep, lo: int) -> int:
        """A child that autoplay follows, built now and queued (unless it was seen already):
        returns the least priority queued, ``lo`` or the child's. Sets :attr:`goal` when it
        wins. Its column part is the parent's, updated for the columns the step and autoplay
        changed; its value as :func:`score`."""
        pkey = parent[0]
        new = list(pkey)
        cells = new.pop()
        fl = list(parent[1])
        cells = play_step(new, cells, fl, step)
        cells = autoplay(new, cells, fl, self.safe)
        cols = tuple(sorted(new))
        key = (*cols, cells)
        if key in self.seen:
            return lo
        self.seen[key] = (pkey, step)
        facts, w = self.facts, self.w
        w_dis, w_uns = w.disorder, w.unsorted
        part = parent[3]
        for old, col in zip(pkey, new, strict=False):  # the key ends with the cells
            if col is not old:
                if old:
                    run, _, _, dis, _, _ = facts[old]
                    part -= w_dis * dis + w_uns * (len(old) - run)
                if col:
                    run, _, _, dis, _, _ = facts[col]
                    part += w_dis * dis + w_uns * (len(col) - run)
        home = fl[0] + fl[1] + fl[2] + fl[3]
        if home == 52:
            self.goal = key
            return lo
        found = (fl[0], fl[1], fl[2], fl[3])
        g = parent[2] + 1
        nexts = NO_NEXTS
        depth = 0
        if w.next:
            nexts = [()] * 8
            depth = next_depth(key, found, nexts)
        h = (
            w.out * (52 - home)
            + part
            + w.cell * len(cells)
            - w.empty * cols.count(b"")
            + w.moves * g
            + w.next * depth
        )
        self.queue[h].append(((key, found, g, part, -1, depth, nexts), -1, 0, 0, 0, 0))
        return h if h < lo else lo

    def run(  # noqa: C901, PLR0912, PLR0915 -- the hot loop, inline (see the module's notes)
        self, budget: int, should_stop: Callable[[], bool]
    ) -> bool | None:
        """Expand up to ``budget`` positions: True once solved, False once every reachable
        position has been seen (unsolvable), None when neither yet. Raises :class:`Stop`."""
        if self.goal is not None:
            return True
        seen, facts, safe, homes = self.seen, self.facts, self.safe, self.homes
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
        rank, byte, bits, in_order = RANK, BYTE, BITS, SORTED_CELLS
        fits, kind_of = FIT_CLASS, CLASS
        queue, lo, highest, keys = self.queue, self.lo, self.lo, 0
        cell_count = self.cell_count
        get = queue.get
        expanded = self.expanded
        try:
            while budget > 0:
                bucket = get(lo)
                while not bucket:  # the least priority queued
                    if lo >= highest:
                        if len(queue) == keys:  # no priority new since: none above lo
                            return False
                        keys = len(queue)
                        highest = max(queue)  # the largest ever queued
                        continue
                    lo += 1
                    bucket = get(lo)
                node, kind, a, b, n, part = bucket.pop()
                if kind >= 0:  # build the child of ``node``
                    pkey, found, g, _, _, depth, nexts = node
                    in_place = True  # no column emptied or filled
                    cols = pkey
                    new = list(pkey)
                    cells = new.pop()
                    if kind == 0:
                        cs, cd = cols[a], cols[b]
                        undo = (cs[-n] & 0x3F) << 8 | (cs[-n - 1] & 0x3F if n < len(cs) else EMPTY)
                        if not cd:
                            new[a] = made = cs[:-n]
                            if made not in facts:  # from the column's: quicker than from scratch
                                facts.cut(made, cs)
                            new[b] = byte[cs[-n] | COL_FLAG] + cs[len(cs) - n + 1 :]
                            new.sort()
                            in_place = False
                        elif n == len(cs):
                            new[a] = b""
                            new[b] = made = cd + byte[cs[0] & 0x3F] + cs[1:]
                            if made not in facts:
                                facts.grow(made, cd)
                            new.sort()
                            in_place = False
                        else:
                            new[a] = made = cs[:-n]
                            if made not in facts:
                                facts.cut(made, cs)
                            new[b] = made = cd + cs[-n:]
                            if made not in facts:
                                facts.grow(made, cd)
                    elif kind == 1:
                        cs = cols[a]
                        undo = (cs[-1] & 0x3F) << 8 | (cs[-2] & 0x3F if len(cs) > 1 else EMPTY)
                        new[a] = made = cs[:-1]
                        if not made:
                            new.sort()
                            in_place = False
                        elif made not in facts:
                            facts.cut(made, cs)
                        cells = in_order[cells + byte[(cs[-1] & 0x3F) | CELL_FLAG]]
                    elif kind == 3:  # a card home, no autoplay after it
                        cs = cols[a]
                        new[a] = made = cs[:-1]
                        if not made:
                            new.sort()
                        elif made not in facts:
                            facts.cut(made, cs)
                        fl = list(found)
                        fl[cs[-1] & 3] += 1
                        found = (fl[0], fl[1], fl[2], fl[3])
                        undo = -1
                    elif kind == 4:
                        cells = cells.replace(byte[a], b"")
                        fl = list(found)
                        fl[a & 3] += 1
                        found = (fl[0], fl[1], fl[2], fl[3])
                        undo = -1
                    else:
                        undo = (a & 0x3F) << 8 | CELL
                        cells = cells.replace(byte[a], b"")
                        cd = cols[b]
                        if cd:
                            new[b] = made = cd + byte[a & 0x3F]
                            if made not in facts:
                                facts.grow(made, cd)
                        else:
                            new[b] = byte[(a & 0x3F) | COL_FLAG]
                            new.sort()
                            in_place = False
                    key = (*new, cells)
                    if key in seen:
                        continue
                    seen[key] = (pkey, (kind, a, b, n))
                    if w_next:
                        if in_place and kind < 3:
                            wanted = kind == 2 and rank[a] == found[a & 3] + 1  # a cell's card
                            depth, nexts = next_after(depth, nexts, kind, a, b, n, wanted)
                        else:
                            nexts = [()] * 8
                            depth = next_depth(key, found, nexts)
                    node = (key, found, g + 1, part, undo, depth, nexts)
                budget -= 1
                expanded += 1
                if expanded % CHECK_EVERY == 0 and should_stop():
                    raise Stop
                pkey, found, g, part, undo, depth, nexts = node
                cols, cells = pkey, pkey[8]  # the columns are the key's first eight
                back, under = undo >> 8, undo & 0xFF  # the card just moved, what it lay on
                g1 = g + 1
                free = cell_count - len(cells)
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
                if w_next:
                    base += w_next * depth
                free_now = None  # the free cards, once a card may go home
                homing = homes[found]  # the cards that would go home by themselves
                want = [0] * 27  # a card's class -> the columns it may go on, one bit each
                for d in range(empties, 8):
                    want[fits[cols[d][-1]]] |= 1 << d  # 26: none
                for s in range(empties, 8):
                    cs = cols[s]
                    run, disorders, _, dis, runs, run_cards = facts[cs]
                    size = len(cs)
                    top = cs[-1]
                    if rank[top] == found[top & 3] + 1:
                        if free_now is None:
                            free_now = free_cards(cols, cells)
                        x = top & 0x3F
                        if not cascades(
                            found, x, cs[-2] & 0x3F if size > 1 else -1, free_now, safe
                        ):
                            delta = w_dis * (disorders[size - 1] - dis)  # as to a cell
                            if run == 1 and size > 1:
                                delta -= w_uns * runs[size - 1]
                            h = base - w_out + delta
                            if size == 1:
                                h -= w_empty
                            if w_next:  # the suit's next card, and those under ``x``
                                h += w_next * depth_after(cols, x + 4, s)
                                for j in nexts[s]:
                                    if j:
                                        h -= w_next
                            if h < lo:
                                lo = h
                            queue[h].append((node, 3, s, 0, 1, part + delta))
                        else:
                            lo = self.built(node, (3, s, 0, 1), lo)
                            if self.goal is not None:
                                return True
                    most = run if run < limit else limit
                    n = 0
                    for card in run_cards:
                        n += 1
                        if n > most:
                            break
                        dests = want[kind_of[card]]
                        if not dests:
                            continue
                        auto = n < size and cs[-n - 1] & 0x3F in homing
                        moved = rank[card]
                        undoes = card == back
                        for d in bits[dests]:
                            if undoes and cols[d][-1] & 0x3F == under:
                                continue
                            if auto:
                                lo = self.built(node, (0, s, d, n), lo)
                                if self.goal is not None:
                                    return True
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
                                    if j >= n:
                                        shift -= 1
                                h += w_next * n * shift
                            if h < lo:
                                lo = h
                            queue[h].append((node, 0, s, d, n, part + delta))
                    if empties and size > 1:
                        most = run if run < limit_e else limit_e
                        if most >= size:
                            most = size - 1
                        for n in (1, most) if most > 1 else (1,) if most else ():
                            if cs[-n] & 0x3F == back and under == EMPTY:
                                continue
                            if cs[-n - 1] & 0x3F in homing:
                                lo = self.built(node, (0, s, 0, n), lo)
                                if self.goal is not None:
                                    return True
                                continue
                            delta = w_dis * (disorders[size - n] - dis)
                            if n == run:
                                delta -= w_uns * runs[size - n]
                            h = base + delta + w_empty
                            if w_next:
                                for j in nexts[s]:
                                    if j >= n:
                                        h -= w_next * n
                            if h < lo:
                                lo = h
                            queue[h].append((node, 0, s, 0, n, part + delta))
                    if free and not (top & 0x3F == back and under == CELL):
                        if size > 1 and cs[-2] & 0x3F in homing:
                            lo = self.built(node, (1, s, 0, 1), lo)
                            if self.goal is not None:
                                return True
                            continue
                        delta = w_dis * (disorders[size - 1] - dis)
                        if run == 1 and size > 1:
                            delta -= w_uns * runs[size - 1]
                        h = base + delta + w_cell
                        if size == 1:
                            h -= w_empty
                        if w_next:
                            for j in nexts[s]:
                                if j:
                                    h -= w_next
                        if h < lo:
                            lo = h
                        queue[h].append((node, 1, s, 0, 1, part + delta))
                for v in cells:
                    rv = rank[v]
                    if rv == found[v & 3] + 1:
                        if free_now is None:
                            free_now = free_cards(cols, cells)
                        if not cascades(found, v & 0x3F, -1, free_now, safe):
                            h = base - w_out - w_cell
                            if w_next:
                                h += w_next * depth_after(cols, (v & 0x3F) + 4)
                            if h < lo:
                                lo = h
                            queue[h].append((node, 4, v, 0, 1, part))
                        else:
                            lo = self.built(node, (4, v, 0, 1), lo)
                            if self.goal is not None:
                                return True
                    undoes = v & 0x3F == back
                    for d in bits[want[kind_of[v]]]:
                        if undoes and cols[d][-1] & 0x3F == under:
                            continue
                        delta = w_dis if rv > facts[cols[d]][2] else 0
                        h = base + delta - w_cell + w_next * len(nexts[d])
                        if h < lo:
                            lo = h
                        queue[h].append((node, 2, v, d, 1, part + delta))
                    if empties and not (undoes and under == EMPTY):
                        h = base - w_cell + w_empty
                        if h < lo:
                            lo = h
                        queue[h].append((node, 2, v, 0, 1, part))
            return None if self.queued() else False
        finally:
            self.lo = lo
            self.expanded = expanded
