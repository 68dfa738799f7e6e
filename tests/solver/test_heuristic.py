"""The next cards' depth kept step by step (:func:`next_after`) equals :func:`next_depth` computed
from scratch after the step: the search scores every child of a position from what it gives."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings

from freecell_tui.core.deals import deal
from freecell_tui.core.rules import apply_move
from freecell_tui.core.solver import solve
from freecell_tui.core.solver.facts import ColumnFacts
from freecell_tui.core.solver.heuristic import next_after, next_depth
from freecell_tui.core.solver.keys import RANK
from freecell_tui.core.solver.moves import (
    CELL_TO_COL,
    COL_TO_CELL,
    COL_TO_COL,
    apply_step,
    is_safe,
    root,
    steps_from,
)
from freecell_tui.core.state import GameState

from .helpers import positions


def never(rank: int, red: int, found: Sequence[int]) -> bool:
    """No autoplay: the bare position after a step."""
    return False


Depths = tuple[int, list[tuple[int, ...]]]


def cases(state: GameState) -> list[tuple[Depths, Depths]]:
    """For each step from ``state`` that keeps every column in place and sends no card home:
    (:func:`next_after`'s answer, :func:`next_depth`'s after the step)."""
    cols, cells, found = root(state, is_safe)
    where: list[tuple[int, ...]] = [()] * 8
    depth = next_depth((*cols, cells), found, where)
    out: list[tuple[Depths, Depths]] = []
    for step in steps_from(cols, cells, found, ColumnFacts()):
        kind, a, b, n = step
        if kind not in (COL_TO_COL, COL_TO_CELL, CELL_TO_COL):
            continue
        if kind != COL_TO_CELL and not cols[b]:
            continue  # fills an empty column
        if kind != CELL_TO_COL and len(cols[a]) == n:
            continue  # empties a column
        new, new_cells, new_found = apply_step(cols, cells, found, step, never)
        after: list[tuple[int, ...]] = [()] * 8
        scratch = next_depth((*new, new_cells), new_found, after)
        card_next = RANK[a] == found[a & 3] + 1
        kept = next_after(depth, where, kind, a, b, n, card_next)
        out.append((kept, (scratch, after)))
    return out


def same(kept: Depths, scratch: Depths) -> bool:
    """The same depth, and in each column the same depths (in any order)."""
    return kept[0] == scratch[0] and [sorted(j) for j in kept[1]] == [sorted(j) for j in scratch[1]]


@settings(max_examples=150, deadline=None)
@given(positions())
def test_next_after_a_step_equals_next_depth_from_scratch(state: GameState) -> None:
    for kept, scratch in cases(state):
        assert same(kept, scratch)


def test_next_after_along_solved_deals_where_the_next_cards_move() -> None:
    """The same along the solutions of deals 1-8; steps that move a card a foundation needs
    next, or cards lying on one, occur (so the cases that change the depth are checked)."""
    changed = 0
    for number in range(1, 9):
        state = deal(number)
        for move in solve(state).moves:
            for kept, scratch in cases(state):
                assert same(kept, scratch)
                cols, cells, found = root(state, is_safe)
                changed += kept[0] != next_depth((*cols, cells), found)
            state = apply_move(state, move)
    assert changed > 100
