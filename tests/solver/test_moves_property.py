"""The solver's move generator against the rules, on random reachable positions (hypothesis).

The "unsolvable" verdict rests on this: the search may only prove what it can see. What "equals"
means here, exactly, comparing resulting positions by their canonical form (column order and
free-cell order do not count, as in the search):

* **Sound**: every step the solver generates is one legal move: its position is the position of
  some move ``rules.legal_moves`` lists.
* **Complete, but for three documented prunings**: every legal move's position is a solver step's
  position, except (a) a card from one free cell to another (the same position), (b) a whole column
  to an empty column (the same position), (c) a run to an empty column of more than one card and
  fewer than the most that may move (the solver moves one card or the longest run there; the
  lengths between are several single-card moves, all of which it has).
* **With autoplay**: the solver's children are exactly those positions, each followed by every
  safe move home (the game's default autoplay), or every move home (autoplay ``all``).

Dropping any move kind from the generator (or adding an illegal one) breaks one of these.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.deals import deal
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import apply_move, legal_moves
from freecell_tui.core.solver import solve
from freecell_tui.core.solver.facts import ColumnFacts
from freecell_tui.core.solver.keys import Key, compact
from freecell_tui.core.solver.moves import (
    Safe,
    always,
    apply_step,
    cascades,
    children,
    free_cards,
    homes_for,
    is_safe,
    root,
    safe_rule,
    steps_from,
)
from freecell_tui.core.state import GameState

from .helpers import positions, reachable


def key(state: GameState) -> Key:
    cols, cells, _ = compact(state)
    return (*cols, cells)


def never(rank: int, red: int, found: Sequence[int]) -> bool:
    """No autoplay: the bare position after a step."""
    return False


def pruned(state: GameState, move: Move) -> bool:
    """Whether ``move`` is one of the three kinds the solver leaves out on purpose."""
    if move.source.is_cell and move.dest.is_cell:
        return True
    if move.source.is_column and move.dest.is_column and not state.columns[move.dest.index]:
        column = state.columns[move.source.index]
        count = move.count or 1
        if count == len(column):
            return True
        most = min(state.run_length(move.source.index), state.max_run(to_empty_column=True))
        return 1 < count < most
    return False


@settings(max_examples=100, deadline=None)
@given(positions())
def test_the_solver_steps_are_the_legal_moves(state: GameState) -> None:
    cols, cells, found = compact(state)
    solver = {
        (*c, s)
        for c, s, _ in (
            apply_step(cols, cells, found, step, never)
            for step in steps_from(cols, cells, found, ColumnFacts())
        )
    }
    by_rules: dict[Key, list[Move]] = {}
    for move in legal_moves(state):
        by_rules.setdefault(key(apply_move(state, move)), []).append(move)
    # Sound: no step the rules do not allow.
    assert solver <= set(by_rules)
    # Complete: a legal move's position the solver lacks comes only from a documented pruning.
    for missing in set(by_rules) - solver:
        assert all(pruned(state, move) for move in by_rules[missing]), by_rules[missing]


@settings(max_examples=100, deadline=None)
@given(positions(), st.sampled_from([AutoplayMode.SAFE, AutoplayMode.ALL]))
def test_the_solver_children_are_the_legal_moves_then_autoplay(
    state: GameState, mode: AutoplayMode
) -> None:
    cols, cells, found = compact(state)
    solver = {
        (*c, s) for c, s, _, _ in children(cols, cells, found, ColumnFacts(), safe_rule(mode))
    }
    by_rules: dict[Key, list[Move]] = {}
    for move in legal_moves(state):
        after, _ = run_autoplay(apply_move(state, move), mode)
        by_rules.setdefault(key(after), []).append(move)
    assert solver <= set(by_rules)
    for missing in set(by_rules) - solver:
        assert all(pruned(state, move) for move in by_rules[missing]), by_rules[missing]


def test_the_check_fails_when_a_move_kind_is_dropped() -> None:
    """The property is not vacuous: without cell-to-column steps, a position with a card in a
    free cell that may go to a column breaks completeness."""
    state = reachable(1, [8, 36, 48, 4, 16, 7])
    cell_moves = [m for m in legal_moves(state) if m.source.is_cell and m.dest.is_column]
    assert cell_moves  # the position has what the check needs
    cols, cells, found = compact(state)
    solver = {
        (*c, s)
        for c, s, _ in (
            apply_step(cols, cells, found, step, never)
            for step in steps_from(cols, cells, found, ColumnFacts())
            if step[0] != 2  # CELL_TO_COL dropped
        )
    }
    missing = {key(apply_move(state, m)) for m in legal_moves(state)} - solver
    assert any(not pruned(state, m) for m in cell_moves if key(apply_move(state, m)) in missing)


def cascade_cases(state: GameState, safe: Safe) -> list[tuple[bool, bool]]:
    """For each card ``state`` may send home: (what ``cascades`` says, whether autoplay follows)."""
    cols, cells, found = root(state, safe)
    free = free_cards(cols, cells)
    out = []
    for kind, a, b, n in steps_from(cols, cells, found, ColumnFacts()):
        if kind not in (3, 4):  # a column's top, a cell's card home
            continue
        card = cols[a][-1] & 0x3F if kind == 3 else a & 0x3F
        under = cols[a][-2] & 0x3F if kind == 3 and len(cols[a]) > 1 else -1
        bare = apply_step(cols, cells, found, (kind, a, b, n), never)
        after = apply_step(cols, cells, found, (kind, a, b, n), safe)
        out.append((cascades(found, card, under, free, safe), after[2] != bare[2]))
    return out


@settings(max_examples=100, deadline=None)
@given(positions())
def test_cascades_says_whether_autoplay_follows_a_card_sent_home(state: GameState) -> None:
    """The search queues a card sent home unbuilt only when autoplay sends nothing after it:
    ``cascades`` must say so exactly, from the position before the step (autoplay ``safe``:
    with ``all`` no card that may go home is left to send)."""
    for said, happens in cascade_cases(state, is_safe):
        assert said == happens


def test_cascades_on_the_positions_of_solved_deals() -> None:
    """The same along the solutions of deals 1-12, where cards go home all the time; both
    answers occur."""
    seen = set()
    for number in range(1, 13):
        state = deal(number)
        for move in solve(state).moves:
            for said, happens in cascade_cases(state, is_safe):
                assert said == happens
                seen.add(said)
            state = apply_move(state, move)
    assert seen == {True, False}


def test_homes_are_the_next_cards_the_rule_lets_go() -> None:
    """The search asks :func:`homes_for` which cards would go home by themselves: the next card
    of each suit that the rule lets go, none past a king."""
    safe, every = homes_for(is_safe), homes_for(always)
    assert safe[(0, 0, 0, 0)] == every[(0, 0, 0, 0)] == bytes([0, 1, 2, 3])  # the aces
    # Threes of clubs and diamonds wait for the other colour's twos; the twos of hearts and
    # spades go (2 ranks or less).
    assert safe[(2, 2, 1, 1)] == bytes([6, 7])
    assert every[(2, 2, 1, 1)] == bytes([8, 9, 6, 7])
    assert safe[(13, 13, 13, 12)] == every[(13, 13, 13, 12)] == bytes([51])  # the king of spades
    assert homes_for(is_safe) is safe  # one table a rule
    for found in [(4, 2, 7, 3), (5, 5, 4, 4), (9, 11, 10, 12)]:
        expected = [
            s + 4 * r for s, r in enumerate(found) if r < 13 and is_safe(r + 1, s in (1, 2), found)
        ]
        assert list(safe[found]) == expected
