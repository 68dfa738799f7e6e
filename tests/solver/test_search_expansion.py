"""The search expands a position with its own, faster code (children scored before they are
built), not with the move generator: on random reachable positions it must push exactly the
children of the generator (which ``test_moves_property.py`` checks against the rules), each scored
as the heuristic computed from scratch scores it (hypothesis). Without this, an "unsolvable"
verdict would rest on code no test compares with the rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.solver.facts import ColumnFacts
from freecell_tui.core.solver.keys import Found, Key
from freecell_tui.core.solver.moves import apply_step, children, root, safe_rule
from freecell_tui.core.solver.search import PORTFOLIO, Entry, Node, Search, Weights, score
from freecell_tui.core.state import GameState

from .helpers import positions

modes = st.sampled_from([AutoplayMode.SAFE, AutoplayMode.ALL])


def waiting(search: Search) -> list[tuple[int, Node, int, int, int, int, int]]:
    """What waits in the search's queue, each entry with its priority, in the order they come out
    (the lowest priority first, the latest of a priority first)."""
    queue: dict[int, list[Entry]] = search.queue
    return [(h, *entry) for h in sorted(queue) for entry in reversed(queue[h])]


def pushed(search: Search) -> dict[Key, list[tuple[int, int, Found]]]:
    """What the search's queue holds: each child's key, with its priority, column part and
    foundations (a child waiting to be built is built here, as the search would)."""
    out: dict[Key, list[tuple[int, int, Found]]] = {}
    for h, node, kind, a, b, n, part in waiting(search):
        if kind < 0:
            out.setdefault(node[0], []).append((h, node[3], node[1]))
        else:
            key = node[0]
            step = (kind, a, b, n)
            cols, cells, found = apply_step(key[:8], key[8], node[1], step, search.safe)
            out.setdefault((*cols, cells), []).append((h, part, found))
    return out


def generated(key: Key, found: Found, mode: AutoplayMode) -> set[Key]:
    return {
        (*c, s) for c, s, _, _ in children(key[:8], key[8], found, ColumnFacts(), safe_rule(mode))
    }


def scored_right(search: Search, queue: dict[Key, list[tuple[int, int, Found]]], g: int) -> bool:
    return all(
        (h, part) == score(search.facts, search.w, key[:8], key[8], found, g)
        for key, entries in queue.items()
        for h, part, found in entries
    )


@settings(max_examples=100, deadline=None)
@given(positions(), modes, st.sampled_from(PORTFOLIO))
def test_the_search_expands_a_position_to_the_generator_children(
    state: GameState, mode: AutoplayMode, weights: Weights
) -> None:
    cols, cells, found = root(state, safe_rule(mode))
    start = (*cols, cells)
    search = Search(cols, cells, found, ColumnFacts(), safe_rule(mode), weights, {})
    if search.run(1, lambda: False) is not None:
        return  # won at once, or no move at all: nothing queued to compare
    queue = pushed(search)
    assert set(queue) == generated(start, found, mode) - {start}
    assert scored_right(search, queue, 1)


@settings(max_examples=100, deadline=None)
@given(positions(), modes, st.sampled_from(PORTFOLIO), st.integers(0, 1000))
def test_a_child_is_built_expanded_and_scored_like_the_start(
    state: GameState, mode: AutoplayMode, weights: Weights, pick: int
) -> None:
    """A child waiting in the queue is built when its turn comes and expanded in turn: its own
    children are the generator's, but for the step straight back to its parent (skipped: the
    parent was seen)."""
    cols, cells, found = root(state, safe_rule(mode))
    start = (*cols, cells)
    search = Search(cols, cells, found, ColumnFacts(), safe_rule(mode), weights, {})
    if search.run(1, lambda: False) is not None:
        return
    unbuilt = [entry for entry in waiting(search) if entry[2] >= 0]
    if not unbuilt:
        return
    entry = unbuilt[pick % len(unbuilt)]
    search.queue.clear()
    search.queue[entry[0]].append(entry[1:])
    search.lo = entry[0]
    search.seen = {start: None}
    if search.run(1, lambda: False) is not None:
        return
    child_key = next(key for key in search.seen if key != start)
    step = entry[2:6]
    *_, child_found = apply_step(start[:8], start[8], found, step, safe_rule(mode))
    queue = pushed(search)
    assert start not in queue
    assert set(queue) == generated(child_key, child_found, mode) - {start, child_key}
    assert scored_right(search, queue, 2)
