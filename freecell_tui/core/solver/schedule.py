"""The portfolio's schedule (:mod:`.portfolio`): which search expands positions when.

The first search runs alone for :data:`ALONE` expansions, then all in turn, each for its
:data:`TURNS` (scouts :data:`TURN`). Each keeps its own positions seen until together they have expanded :data:`SHARE_AFTER`; from then
on they share them, so that a proof of unsolvability costs one exhaustive search more, not one per
search. The waves of scouts join the turns past their thresholds, each on its own positions, until
it has expanded its cap.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, Protocol, TypeVar

from freecell_tui.core.solver.heuristic import Weights

__all__ = ["ALONE", "SHARE_AFTER", "TURN", "TURNS", "Scouts", "run_in_turns"]

ALONE: Final = 100  # expansions the first search makes alone
TURN: Final = 300  # expansions a scout makes in its turn
#: Expansions each search of the portfolio makes in its turn once several run: the second, the
#: best of the four alone on the deals that need the most, three turns' worth (deals 1-32,000:
#: 4.6% fewer positions; 32,001-48,000, not looked at to choose it: 4.9%).
TURNS: Final = (TURN, 3 * TURN, TURN, TURN)
SHARE_AFTER: Final = 10_000  # expansions after which the searches share the positions seen
#: Waves of scouts: expansions of the portfolio before the wave joins, the expansions each of its
#: scouts may make, their weights.
Scouts = Sequence[tuple[int, int, Sequence[Weights]]]


class Turned(Protocol):
    """A search the schedule runs: how many positions it has expanded."""

    expanded: int


S = TypeVar("S", bound=Turned)


def run_in_turns(
    searches: list[S],
    turn: Callable[[S, int], bool | None],
    queued: Callable[[S], bool],
    share: Callable[[list[S]], None],
    scout: Callable[[Weights], S],
    scouts: Scouts,
) -> S | None:
    """Run ``searches`` (the portfolio, in order) and the waves of ``scouts`` by the schedule:
    ``turn(search, budget)`` expands up to ``budget`` positions (True once solved, False once its
    queue ran dry, None when neither yet; it may raise to stop everything), ``queued(search)``
    says whether its queue holds anything, ``share`` makes the portfolio's searches share their
    positions from then on, ``scout`` starts a search with other weights on its own positions.
    Scouts are appended to ``searches``. Returns the search that solved the position, or None
    when one proved it unsolvable (it saw every position: its own queue ran dry, or every queue
    once the portfolio shares)."""
    main = len(searches)
    shared = False
    verdict = turn(searches[0], ALONE)
    if verdict is not None:
        return searches[0] if verdict else None
    live = list(searches)
    turns = {search: TURNS[i] for i, search in enumerate(searches[: len(TURNS)])}
    caps: dict[S, int] = {}  # each scout and the positions it may expand
    waves = list(scouts)
    while live:
        done = sum(search.expanded for search in searches[:main])
        if not shared and done >= SHARE_AFTER:
            share(searches[:main])
            shared = True
        while waves and done >= waves[0][0]:
            _, most, weights = waves.pop(0)
            for w in weights:
                new = scout(w)
                caps[new] = most
                searches.append(new)
                live.append(new)
        for search in live:
            cap = caps.get(search)
            budget = turns.get(search, TURN) if cap is None else min(TURN, cap - search.expanded)
            verdict = turn(search, budget)
            if verdict:
                return search
            if verdict is False and (cap is not None or not shared):
                return None  # its own queue ran dry: it saw every position
        live = [
            search
            for search in live
            if queued(search) and (search not in caps or search.expanded < caps[search])
        ]
    return None
