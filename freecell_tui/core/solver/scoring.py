"""The heuristic of the fast solver's search computed from scratch (:class:`Scoring`): the
search keeps it step by step; the start and the tests use this."""

from __future__ import annotations

from freecell_tui.core.solver.facts import ColumnFacts
from freecell_tui.core.solver.heuristic import Weights, next_depth
from freecell_tui.core.solver.keys import Cols, Found

__all__ = ["Scoring"]


class Scoring:
    """What a search scores with: its column facts and weights."""

    facts: ColumnFacts
    w: Weights

    def column_part(self, cols: Cols) -> int:
        facts, w_dis, w_uns = self.facts, self.w.disorder, self.w.unsorted
        total = 0
        for col in cols:
            if col:
                run, _, _, dis, _, _ = facts[col]
                total += w_dis * dis + w_uns * (len(col) - run)
        return total

    def score(
        self, cols: Cols, cells: bytes, found: Found, moves: int, part: int | None = None
    ) -> tuple[int, int]:
        """The heuristic of a position reached in ``moves`` moves (the search updates it step by
        step; here from scratch, but for the column ``part`` when it is known): its value, and its
        column part."""
        w = self.w
        if part is None:
            part = self.column_part(cols)
        h = (
            w.out * (52 - found[0] - found[1] - found[2] - found[3])
            + part
            + w.cell * len(cells)
            - w.empty * cols.count(b"")
            + w.moves * moves
            + (w.next * next_depth((*cols, cells), found) if w.next else 0)
        )
        return h, part
