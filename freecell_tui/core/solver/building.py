"""A child that autoplay follows, built at once (:meth:`Building.built`): the step, the moves
home autoplay makes after it, its key, its value. :class:`.search._Search` builds these children
at once, as what autoplay does needs the whole position and they may win; the other children,
a card sent home with nothing after it among them, are queued unbuilt (see :mod:`.search`).
"""

from __future__ import annotations

from collections import defaultdict

from freecell_tui.core.solver.heuristic import NO_NEXTS, next_depth
from freecell_tui.core.solver.keys import Found, Key
from freecell_tui.core.solver.moves import Safe, Step, autoplay, play_step
from freecell_tui.core.solver.scoring import Scoring

__all__ = ["Building", "Entry", "Node"]

#: A position: key, foundations, moves made, column part, the card moved and what it lay on,
#: :func:`.heuristic.next_depth` and its ``where`` (0 and :data:`.heuristic.NO_NEXTS` for a
#: search that does not weigh the next cards).
Node = tuple[Key, Found, int, int, int, int, list[tuple[int, ...]]]
#: Queued: a built node (kind -1), or a parent, the step (kind, a, b, count) and the column part.
Entry = tuple[Node, int, int, int, int, int]


class Building(Scoring):
    """What a search builds children with: its column facts, weights, autoplay, the positions
    it has seen, and its goal once a child wins."""

    safe: Safe
    seen: dict[Key, tuple[Key, Step] | None]
    goal: Key | None
    queue: defaultdict[int, list[Entry]]

    def built(self, parent: Node, step: Step, lo: int) -> int:
        """A child that autoplay follows, built now and queued (unless it was seen already):
        returns the least priority queued, ``lo`` or the child's. Sets :attr:`goal` when it
        wins. Its column part is the parent's, updated for the columns the step and autoplay
        changed; its value as :meth:`score`."""
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
