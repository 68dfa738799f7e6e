"""What the fast solver needs to know of one column (:data:`Facts`), computed once per distinct
column (:class:`ColumnFacts`): from scratch, or, quicker, from the column it was cut from or
grew from (a step takes cards off one column and puts them on another)."""

from __future__ import annotations

from typing import Final

from freecell_tui.core.solver.keys import PLAIN, RANK, RED

__all__ = ["ColumnFacts", "Facts", "blocked_prefixes"]

#: What the search needs to know of one column: the length of the run on top, and for each
#: prefix ``col[:k]`` its disorder (cards lying on a lower card) and the length of the run on its
#: top; the lowest rank in it; its disorder; the cards of the run on top, top card first, without
#: flags.
Facts = tuple[int, tuple[int, ...], int, int, tuple[int, ...], bytes]

NO_CARD: Final = 14  # the lowest rank of no card: above every rank


class ColumnFacts(dict[bytes, Facts]):
    """Column → its :data:`Facts`, computed once per distinct column."""

    def __missing__(self, col: bytes) -> Facts:
        facts = _grown(col, 0, (0,), (0,), NO_CARD, 0)
        self[col] = facts
        return facts

    def cut(self, col: bytes, whole: bytes) -> None:
        """Learn the facts of ``col``, the first cards (at least one) of the column ``whole``,
        whose facts are known: its prefixes are ``whole``'s."""
        _, disorder, _, _, runs, _ = self[whole]
        k = len(col)
        run = runs[k]
        low = min(col.translate(RANK))
        self[col] = (run, disorder[: k + 1], low, disorder[k], runs[: k + 1], _top(col, run))

    def grow(self, col: bytes, base: bytes) -> None:
        """Learn the facts of ``col``, the column ``base`` (not empty; its facts known) with
        more cards on it: only those are read."""
        _, disorder, low, dis, runs, _ = self[base]
        self[col] = _grown(col, len(base), disorder, runs, low, dis)


def _top(col: bytes, run: int) -> bytes:
    """The cards of the run on top of ``col`` (``run`` long), top card first, without flags."""
    return col[len(col) - run :].translate(PLAIN)[::-1]


def _grown(
    col: bytes, start: int, disorder: tuple[int, ...], runs: tuple[int, ...], low: int, dis: int
) -> Facts:
    """The facts of ``col`` from those of its first ``start`` cards: their prefixes' disorder and
    runs, their lowest rank and disorder."""
    prefix_disorder = list(disorder)
    prefix_runs = list(runs)
    run = runs[-1]
    below = col[start - 1] if start else -1
    rank_below = RANK[below] if start else 0  # no card: no card lies on it in a run
    red_below = RED[below] if start else 2
    for v in col[start:]:
        r = RANK[v]
        if r > low:
            dis += 1
        elif r < low:
            low = r
        prefix_disorder.append(dis)
        red = RED[v]
        run = run + 1 if rank_below == r + 1 and red_below != red else 1
        prefix_runs.append(run)
        rank_below = r
        red_below = red
    return (run, tuple(prefix_disorder), low, dis, tuple(prefix_runs), _top(col, run))


def blocked_prefixes(col: bytes) -> tuple[int, ...]:
    """For each prefix ``col[:k]`` of a column (card bytes, deepest first, flags or not), how
    many player moves its *blocked* cards — those lying above a lower card of their suit — need
    at least, in every game whose foundations are built up by suit and whose columns down by
    rank.

    A blocked card cannot go home before the card it covers, so it must be picked up at least
    once: a player move (autoplay only sends cards home). One move picks up several only when
    they lie in one run (each card one rank below the one under it) from where they were dealt
    to the top: so each stretch of the column where every card is one rank below the one under
    it counts once if it holds a blocked card."""
    low = [NO_CARD] * 4
    blocked = [0]
    count = 0
    below = 0  # the rank under the card: 0, no card or a new stretch
    counted = False  # the stretch the card is in holds a blocked card counted already
    for v in col:
        r, s = RANK[v], v & 3
        if r != below - 1:
            counted = False
        if r > low[s]:
            if not counted:
                count += 1
                counted = True
        else:
            low[s] = r
        below = r
        blocked.append(count)
    return tuple(blocked)
