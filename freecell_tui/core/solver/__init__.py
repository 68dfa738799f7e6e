"""A FreeCell solver in pure Python: finds a solution from any position, or proves there is none.

How it searches (see ``docs/solver.md`` for the figures):

* **Compact positions.** A position is stored as one ``bytes`` key of at most 52 slots, one per
  card still out (the single-array idea: every pile lives in one sequence). Each column is written
  deepest card first, its first card flagged with ``0x80`` to mark the pile boundary; free-cell
  cards follow, flagged with ``0x40``. Cards at home are not written: the foundations are exactly
  the cards missing from the key. Columns are sorted (by their deepest card) and cells are sorted,
  so positions that differ only in column order or free-cell order share one key.
* **Moves.** One search step is one move in standard notation: a card home, a card to a free cell,
  a card from a cell to a column, or a run of cards between columns (a run counts as one move, as
  in ``18v3``; to an empty column, one card or the longest run that may move), followed by every
  *safe* card home (the Windows rule: aces, twos on their ace, and a card when both cards of the
  other colour one rank lower are home). Safe moves can never hurt, so playing them at once loses
  no solution; they are written out in the solution. Every single-card move is among the moves,
  so every position reachable in the game is reachable in the search: runs are shortcuts.
* **Best-first search.** A priority queue ordered by a heuristic (cards not home, cards lying on a
  lower card, cards under the run on top of their column, free cells in use, empty columns, the
  cards on the next card each foundation needs) plus a small weight on moves made, children
  scored before they are built, with every key seen kept in a dictionary (key → parent key). The
  search is exhaustive: when the queue runs dry, every position reachable from the start has been
  seen, and the position is proved unsolvable. Pruning is only by sound rules: safe moves home,
  column and cell order, a whole column never moved to an empty column, one empty column standing
  for all of them, no step straight back.
* **A portfolio** (:mod:`.portfolio`). Four weightings take turns, the first alone at first, and
  share the positions seen once they have worked a while; on a hard deal, scouts with other
  weights join for a few thousand positions each. The first to finish answers.
* **Par** (:mod:`.fewest`). Beam searches by player moves below the fast solution, wider and
  wider within a time budget; hints and auto-solve use two narrow beams of it to shorten the
  fast line (:func:`solve_for_autoplay` with ``shorten=True``). The other games' beams play
  their own positions and rules (:mod:`.fewest_general`), below the general search's solution.
"""

from typing import TYPE_CHECKING

from freecell_tui.lazy import lazy_names

if TYPE_CHECKING:
    from freecell_tui.core.solver.fewest import DEFAULT_BUDGET, solve_fewest
    from freecell_tui.core.solver.keys import canonical_key
    from freecell_tui.core.solver.portfolio import SolveResult, SolveStatus, solve
    from freecell_tui.core.solver.turns import count_player_moves, solve_for_autoplay
    from freecell_tui.core.solver.winnable import (
        WinnablePoint,
        can_bring_card_home,
        is_winnable,
        last_winnable,
    )

#: Each name the package offers, with its module: a name is imported when first asked for, so
#: that the game imports the search when it first searches (a position's key is all its first
#: frame needs). :func:`.turns.turns` is imported from its module: a module of the package of
#: the same name takes its place here once imported.
_HOMES: dict[str, str] = {
    "DEFAULT_BUDGET": "fewest",
    "solve_fewest": "fewest",
    "canonical_key": "keys",
    "SolveResult": "portfolio",
    "SolveStatus": "portfolio",
    "solve": "portfolio",
    "count_player_moves": "turns",
    "solve_for_autoplay": "turns",
    "WinnablePoint": "winnable",
    "can_bring_card_home": "winnable",
    "is_winnable": "winnable",
    "last_winnable": "winnable",
}

__getattr__ = lazy_names(__name__, _HOMES, globals())

__all__ = [
    "DEFAULT_BUDGET",
    "SolveResult",
    "SolveStatus",
    "WinnablePoint",
    "can_bring_card_home",
    "canonical_key",
    "count_player_moves",
    "is_winnable",
    "last_winnable",
    "solve",
    "solve_fewest",
    "solve_for_autoplay",
]
