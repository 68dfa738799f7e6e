"""Par (``solve_fewest``): its solutions replay to wins, it is never more than the fast solution
(in player moves, same autoplay mode), a cancelled search returns its best so far, and it is
deterministic. Widths are kept small so the tests stay fast; the figures are in benchmarks/."""

from __future__ import annotations

import functools

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Card
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game
from freecell_tui.core.rules import apply_move
from freecell_tui.core.solver import SolveResult, count_player_moves, solve, solve_fewest
from freecell_tui.core.solver.beam import Children
from freecell_tui.core.solver.facts import ColumnFacts, blocked_prefixes
from freecell_tui.core.solver.fewest import _SCORES, Node, _Beam
from freecell_tui.core.solver.keys import compact
from freecell_tui.core.solver.moves import SearchStep, always, apply_step, root, steps_from
from freecell_tui.core.solver.turns import turns
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import EIGHT_OFF
from tests.solver.helpers import play_out

from .test_solver import position

SMALL = (16, 64)
MODES = [AutoplayMode.ALL, AutoplayMode.SAFE, AutoplayMode.OFF]


@functools.cache
def par_of(number: int, mode: AutoplayMode) -> SolveResult:
    """Par of deal ``number`` found by the small widths: searched once a process (two tests
    read it; a result is frozen, and the search is deterministic)."""
    return solve_fewest(deal(number), mode, budget=600, widths=SMALL)


class CountingCancel:
    """A cancel flag that turns on at its ``after``-th look (the solver looks every few
    positions), so a test can stop a search at a chosen point, whatever the machine's speed."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.polls = 0

    def is_set(self) -> bool:
        self.polls += 1
        return self.polls > self.after


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("number", [1, 7, 617])
def test_par_replays_to_a_win_and_is_never_more_than_the_fast_solution(
    number: int, mode: AutoplayMode
) -> None:
    fast = solve(deal(number), autoplay=mode)
    par = par_of(number, mode)
    assert par.status == "solved"
    assert play_out(deal(number), par.moves).is_won  # the rules alone, autoplay off
    assert par.player_moves <= fast.player_moves
    assert par.player_moves == count_player_moves(deal(number), par.moves, mode)
    # Played one turn at a time in a game with that autoplay, it wins.
    game = Game.new(number, autoplay=mode)
    for move in turns(game.state, par.moves, mode):
        game = game.play(move)
    assert game.state.is_won


def test_par_with_autoplay_all_counts_every_turn_but_the_opening_moves_home() -> None:
    """A game does not autoplay its opening position (deal 3 opens with an ace on top of column
    5): the player's moves home can only come before the first other move; after it, autoplay
    ``all`` sends every card home, so every later turn is a player move."""
    par = solve_fewest(deal(3), AutoplayMode.ALL, budget=60, widths=SMALL)
    played = turns(deal(3), par.moves, AutoplayMode.ALL)
    opening = next(i for i, move in enumerate(played) if not move.dest.is_foundation)
    assert all(move.dest.is_foundation for move in played[:opening])
    assert not any(move.dest.is_foundation for move in played[opening:])
    assert par.player_moves == len(played) - opening


def test_a_wider_beam_finds_fewer_player_moves_than_the_fast_solver() -> None:
    fast = solve(deal(9), autoplay=AutoplayMode.ALL)
    par = solve_fewest(deal(9), AutoplayMode.ALL, budget=60, widths=(16, 64, 256))
    assert par.player_moves < fast.player_moves


def test_the_fewest_moves_of_a_short_ending() -> None:
    # K♠ on Q♠, all else home: one player move (K♠ off), then both go home.
    state = position(["QS KS"], foundations=(13, 13, 13, 11))
    for mode in MODES:
        par = solve_fewest(state, mode, budget=10, widths=SMALL)
        assert par.player_moves == 1
        assert play_out(state, par.moves).is_won


@pytest.mark.parametrize(
    ("state", "widths"),
    [(deal(9), (16, 64, 256)), (deal(1, EIGHT_OFF), (16, 64))],  # another game's beams too
    ids=["freecell", "eight-off"],
)
def test_a_cancelled_search_returns_its_best_so_far(
    state: GameState, widths: tuple[int, ...]
) -> None:
    counter = CountingCancel(10**9)
    first_beam = solve_fewest(state, AutoplayMode.ALL, budget=600, widths=(16,), cancel=counter)
    looks = counter.polls  # the solver's looks and the 16-wide beam's
    fast = solve(state, autoplay=AutoplayMode.ALL)
    assert first_beam.player_moves < fast.player_moves  # the first beam improved on it

    cancel = CountingCancel(looks + 3)  # on during the 64-wide beam
    result = solve_fewest(state, AutoplayMode.ALL, budget=600, widths=widths, cancel=cancel)
    assert cancel.polls == looks + 4  # it stopped at the first look that saw the flag
    assert result.status == "solved"
    assert result.moves == first_beam.moves  # the best found before the cancel
    assert play_out(state, result.moves).is_won


def test_a_cancel_before_any_solution_gives_up() -> None:
    result = solve_fewest(deal(9), AutoplayMode.ALL, budget=600, cancel=CountingCancel(0))
    assert (result.status, result.moves) == ("gave-up", ())


def test_the_budget_ends_the_search_with_the_best_so_far() -> None:
    result = solve_fewest(deal(9), AutoplayMode.ALL, budget=0.3)
    assert result.status == "solved"
    assert play_out(deal(9), result.moves).is_won
    assert result.seconds < 10  # the budget, not the widths, ended it (generous: shared CI)


def test_par_is_deterministic() -> None:
    one = solve_fewest(deal(21), AutoplayMode.ALL, budget=600, widths=SMALL)
    two = solve_fewest(deal(21), AutoplayMode.ALL, budget=600, widths=SMALL)
    assert one.moves == two.moves


def blocked(state: GameState) -> int:
    cols, _, _ = compact(state)
    return sum(blocked_prefixes(col)[-1] for col in cols)


def test_blocked_cards_count_once_a_run_they_lie_in() -> None:
    def prefixes(codes: str) -> tuple[int, ...]:
        return blocked_prefixes(bytes(Card.parse(code).index for code in codes.split()))

    # Deepest first. Only 5♠ lies above a lower card of its suit (2♠).
    assert prefixes("2S 9H 5S 4H 3H") == (0, 0, 0, 1, 1, 1)
    # 4♥ and 3♠ lie above 3♥ and 2♠, in one run (4♥ 3♠): one move may pick both up.
    assert prefixes("2S 3H 6C 4H 3S") == (0, 0, 0, 0, 1, 1)
    # 5♠ and 3♠ are blocked, in the one run 5♠ 4♥ 3♠ 2♥: one move.
    assert prefixes("2S 5S 4H 3S 2H") == (0, 0, 1, 1, 1, 1)
    # 9♣ breaks the stretch: 5♠ and 3♠ need a move each.
    assert prefixes("2S 5S 9C 3S") == (0, 0, 1, 1, 2)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("number", [1, 7, 617])
def test_blocked_cards_never_outnumber_the_player_moves_left_on_par_s_line(
    number: int, mode: AutoplayMode
) -> None:
    """The beams drop a child whose blocked cards cannot all move below the bound: that is
    only sound if every position of every solution needs at least that many player moves."""
    par = par_of(number, mode)
    state, left = deal(number), par.player_moves
    for move in par.moves:
        assert blocked(state) <= left
        state = apply_move(state, move)
        left -= not move.dest.is_foundation
    assert state.is_won and left == 0


def test_pruned_beams_are_deterministic_in_every_mode() -> None:
    for mode in MODES:
        one = solve_fewest(deal(617), mode, budget=600, widths=(16, 64, 256))
        two = solve_fewest(deal(617), mode, budget=600, widths=(16, 64, 256))
        assert one.moves == two.moves


def test_an_unsolvable_position_is_proved() -> None:
    stuck = position(
        [
            "AC 2D 3D 4D 2C 3C",
            "AD 5D 6D 7D 4C 5C",
            "AH 8D 9D TD 6C 7C",
            "AS JD QD 2H 8C 9C",
            "3H 4H 5H 6H TC JC",
            "7H 8H 9H TH QC 2S",
            "JH QH 7S 8S 3S 4S",
            "9S TS JS QS KS 5S",
        ],
        cells="KC KD KH 6S",
    )
    assert solve_fewest(stuck, AutoplayMode.SAFE, budget=10).status == "unsolvable"


@functools.cache
def line_positions(number: int) -> list[tuple[tuple[bytes, ...], bytes, tuple[int, int, int, int]]]:
    """The compact positions (after autoplay ``all``) along the par line of deal ``number``,
    and every position one step from each."""
    state = deal(number)
    line = [root(state, always)]
    for move in solve_fewest(state, AutoplayMode.ALL, budget=600, widths=SMALL).moves:
        state = apply_move(state, move)
        line.append(root(state, always))
    facts = ColumnFacts()
    return line + [
        apply_step(cols, cells, found, step, always)
        for cols, cells, found in line
        for step in steps_from(cols, cells, found, facts)
    ]


@pytest.mark.parametrize("cell_count", [4, 2])
def test_a_beam_scores_every_step_the_moves_module_makes_in_its_order(cell_count: int) -> None:
    """The beam makes its steps itself (to score them before making them): with no bound and
    no width to keep it from any, it keeps each step of :func:`.moves.steps_from`, in order."""
    positions = line_positions(617)
    assert any(cells and b"" in cols for cols, cells, _ in positions)
    for cols, cells, found in positions:
        if sum(found) == 52 or len(cells) > cell_count:
            continue
        beam = _Beam((cols, cells, found), always, 10**9, 999, lambda: False, cell_count)
        children: Children[Node, SearchStep, Node] = Children(beam.width, _SCORES)
        level = [beam.node(cols, cells, found)]
        if beam.expand(level, children, 999) is not None:
            continue  # a step wins: the beam stops there
        assert len(level) == 1  # with autoplay all no card that may go home is left out
        facts = ColumnFacts()
        assert children.steps == steps_from(cols, cells, found, facts, cell_count)
