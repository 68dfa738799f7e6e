"""Shared by the solver's tests: random reachable positions."""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from freecell_tui.core.deals import MAX_DEAL, deal
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import apply_move, legal_moves, resolve_move
from freecell_tui.core.solver import solve
from freecell_tui.core.state import GameState

#: Deals whose solutions lead to late positions (empty columns, full cells, long runs).
SOLVED_DEALS = tuple(range(1, 25))


@cache
def solution(number: int) -> tuple[Move, ...]:
    return solve(deal(number)).moves


def reachable(number: int, picks: list[int], along: int = 0) -> GameState:
    """A position of deal ``number``: ``along`` moves into the solver's solution (so that late
    positions come up as often as early ones), then at each step legal move number ``pick`` (mod
    their count), autoplay off. It stops early when no move is left."""
    state = deal(number)
    if along:
        moves = solution(number)
        for move in moves[: along % (len(moves) + 1)]:
            state = apply_move(state, move)
    for pick in picks:
        options = list(legal_moves(state))
        if not options:
            break
        state = apply_move(state, options[pick % len(options)])
    return state


@st.composite
def positions(draw: st.DrawFn) -> GameState:
    """Random reachable positions: random play from any deal, or from a point along the solution
    of one of :data:`SOLVED_DEALS` (see :func:`reachable`)."""
    picks = draw(st.lists(st.integers(min_value=0, max_value=10_000), max_size=60))
    if draw(st.booleans()):
        return reachable(draw(st.integers(min_value=1, max_value=MAX_DEAL)), picks)
    number = draw(st.sampled_from(SOLVED_DEALS))
    return reachable(number, picks[:10], draw(st.integers(min_value=1, max_value=120)))


def play_out(start: GameState, moves: tuple[Move, ...]) -> GameState:
    """Apply ``moves`` through the rules, autoplay off, checking each is already resolved."""
    state = start
    for move in moves:
        assert move == resolve_move(state, move), f"{move} is not written resolved"
        state = apply_move(state, move)
    return state
