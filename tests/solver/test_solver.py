"""The solver: solutions replay to a win through the rules, proofs of unsolvability, the compact
canonical form, cancellation and time budgets, and the helpers the game uses."""

from __future__ import annotations

import random
import threading
import time
from functools import cache

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, parse_moves
from freecell_tui.core.rules import apply_move, legal_moves
from freecell_tui.core.solver import (
    SolveResult,
    can_bring_card_home,
    canonical_key,
    is_winnable,
    last_winnable,
    solve,
    solve_for_autoplay,
)
from freecell_tui.core.solver.heuristic import PORTFOLIO
from freecell_tui.core.solver.moves import is_safe, root
from freecell_tui.core.solver.portfolio import SCOUTS, _portfolio
from freecell_tui.core.solver.schedule import SHARE_AFTER
from freecell_tui.core.state import GameState
from tests.solver.helpers import play_out

#: Unsolvable: the one Microsoft deal of the first 32,000 that no line of play wins.
UNSOLVABLE_DEAL = 11982


def C(code: str) -> Card:
    return Card.parse(code)


def position(
    columns: list[str], cells: str = "", foundations: tuple[int, ...] = (0, 0, 0, 0)
) -> GameState:
    """A position from column codes ("KH QS"), cell codes and foundation ranks (C D H S)."""
    cards = [tuple(C(code) for code in column.split()) for column in columns]
    cards += [()] * (8 - len(cards))
    cell_cards: list[Card | None] = [C(code) for code in cells.split()]
    cell_cards += [None] * (4 - len(cell_cards))
    state = GameState(tuple(cards), tuple(cell_cards), foundations)
    state.validate()
    return state


@pytest.mark.parametrize(
    "number", [1, 2, 3, 164, 617, 1941, 24567, 1_000_000, 2**31 + 7, 8_589_934_591]
)
def test_solution_replays_to_a_win_through_the_rules(number: int) -> None:
    result = solve(deal(number), timeout=20)
    assert result.status == "solved"
    assert play_out(deal(number), result.moves).is_won
    # Every foundation move is written out: 52 of them, one per card.
    assert sum(1 for move in result.moves if move.dest.is_foundation) == 52
    assert result.positions >= 1


def test_a_scout_solves_a_deal_that_leads_the_portfolio_astray() -> None:
    """Deal 8742 takes the four searches of the portfolio 8,449 positions expanded on their own;
    a scout of the first wave finishes it first (5,629 in all), and the line it found (in the
    scout's own positions) replays to a win."""
    cols, cells, found = root(deal(8742), is_safe)
    searches, winner = _portfolio(cols, cells, found, is_safe, lambda: False, None)
    assert winner is not None
    assert searches.index(winner) >= len(PORTFOLIO)  # a scout
    result = solve(deal(8742), timeout=20)
    assert result.status == "solved"
    assert result.expanded < 8_000
    assert play_out(deal(8742), result.moves).is_won


def test_solution_replays_with_the_notation_parser() -> None:
    """The text of the moves, read back by the one notation parser, still wins."""
    result = solve(deal(7), timeout=20)
    text = " ".join(str(move) for move in result.moves)
    state = deal(7)
    for move in parse_moves(text):
        state = apply_move(state, move)
    assert state.is_won


def test_solves_from_the_middle_of_a_game_with_cells_and_an_empty_column() -> None:
    game = Game.new(1, autoplay=AutoplayMode.OFF)
    for move in parse_moves("5a 5b 5c 5d 5h b2 8b a8 7a b7 58 a5 85"):
        game = game.play(move)
    result = solve(game.state, timeout=20)
    assert result.status == "solved"
    assert play_out(game.state, result.moves).is_won


def test_the_same_position_always_gives_the_same_solution() -> None:
    assert solve(deal(42)).moves == solve(deal(42)).moves


def test_deal_11982_is_proved_unsolvable() -> None:
    result = solve(deal(UNSOLVABLE_DEAL), timeout=60)
    assert result.status == "unsolvable"
    assert result.moves == ()
    assert result.positions > 1000  # a proof searched the position space


def test_a_position_one_move_from_the_end_is_solved_in_one_move() -> None:
    in_column = position(["KH"], foundations=(13, 13, 12, 13))
    assert [str(m) for m in solve(in_column).moves] == ["1h"]
    in_cell = position([], cells="KD", foundations=(13, 12, 13, 13))
    assert [str(m) for m in solve(in_cell).moves] == ["ah"]


def test_a_won_position_needs_no_moves() -> None:
    result = solve(position([], foundations=(13, 13, 13, 13)))
    assert result.status == "solved"
    assert result.moves == ()


def test_a_short_ending_is_solved_in_the_fewest_moves() -> None:
    # K♠ lies on Q♠, every other card is home: K♠ off (to a cell or a column), then both home.
    state = position(["QS KS"], foundations=(13, 13, 13, 11))
    result = solve(state)
    assert len(result.moves) == 3
    assert play_out(state, result.moves).is_won


def test_cancelling_stops_a_long_search_promptly() -> None:
    cancel = threading.Event()
    timer = threading.Timer(0.15, cancel.set)
    started = time.monotonic()
    timer.start()
    try:
        result = solve(deal(UNSOLVABLE_DEAL), cancel=cancel)
    finally:
        timer.cancel()
    elapsed = time.monotonic() - started
    assert result.status == "gave-up"
    assert result.moves == ()
    assert elapsed < 0.15 + 0.25  # the search looks at the event every few milliseconds


def test_a_time_budget_ends_in_gave_up() -> None:
    started = time.monotonic()
    result = solve(deal(UNSOLVABLE_DEAL), timeout=0.1)
    assert result.status == "gave-up"
    assert time.monotonic() - started < 0.1 + 0.25


def test_a_position_budget_ends_in_gave_up() -> None:
    assert solve(deal(UNSOLVABLE_DEAL), max_positions=500).status == "gave-up"


# ----------------------------------------------------------------------------- the compact form
def permuted(state: GameState, rng: random.Random) -> GameState:
    columns = list(state.columns)
    cells = list(state.cells)
    rng.shuffle(columns)
    rng.shuffle(cells)
    return GameState(tuple(columns), tuple(cells), state.foundations)


def test_canonical_key_ignores_column_and_cell_order() -> None:
    game = Game.new(1, autoplay=AutoplayMode.OFF)
    for move in parse_moves("5a 5b 5c 5d 5h b2 8b a8 7a"):
        game = game.play(move)
    rng = random.Random(4)
    for state in game.states:
        key = canonical_key(state)
        for _ in range(10):
            assert canonical_key(permuted(state, rng)) == key


def test_canonical_key_tells_different_positions_apart() -> None:
    game = Game.new(1, autoplay=AutoplayMode.OFF)
    for move in parse_moves("5a 5b 5c 5d 5h b2 8b a8 7a"):
        game = game.play(move)
    keys = {canonical_key(state) for state in game.states}
    assert len(keys) == len(game.states)
    # A card moved from one column to another is a different position, though the piles'
    # sizes may match.
    assert canonical_key(position(["QS KS"], foundations=(13, 13, 13, 11))) != canonical_key(
        position(["QS", "KS"], foundations=(13, 13, 13, 11))
    )


def test_canonical_key_is_one_byte_per_card_out_with_pile_boundaries() -> None:
    start = deal(1)
    key = canonical_key(start)
    assert len(key) == 52
    assert sorted(b & 0x3F for b in key) == list(range(52))
    # Eight columns: eight bytes carry the column flag, each a column's deepest card.
    assert sorted(b & 0x3F for b in key if b & 0x80) == sorted(c[0].index for c in start.columns)
    later = position(["KH"], cells="KD", foundations=(13, 12, 12, 13))
    assert canonical_key(later) == bytes([ALL_CARDS[50].index | 0x80, ALL_CARDS[49].index | 0x40])


def test_bytes_per_stored_position_is_reported() -> None:
    result = solve(deal(1))
    # A key tuple of nine references, a link (parent and step), two new column objects and a
    # dictionary slot: a few hundred bytes.
    assert 200 < result.bytes_per_position < 500


# ----------------------------------------------------------------------------- game helpers
def test_is_winnable() -> None:
    assert is_winnable(deal(1)) is True
    assert is_winnable(lost_game().state) is False
    assert is_winnable(deal(UNSOLVABLE_DEAL), timeout=0.01) is None


def lost_game() -> Game:
    """Deal 5, autoplay off: four free cells filled, then 4 onto 3 leaves no way to win."""
    game = Game.new(5, autoplay=AutoplayMode.OFF)
    for move in parse_moves("7a 5d 4b 7c 43"):
        game = game.play(move)
    return game


def test_last_winnable_finds_where_the_game_was_lost() -> None:
    game = lost_game()
    point = last_winnable(game.states)
    assert point.status == "lost"
    assert point.index == 4
    assert point.undo_count == 1
    assert is_winnable(game.states[4]) is True
    assert is_winnable(game.states[5]) is False


def test_last_winnable_of_a_winnable_game_is_its_last_position() -> None:
    game = lost_game().undo()
    point = last_winnable(game.states)
    assert (point.status, point.index, point.undo_count) == ("winnable", 4, 0)


def test_last_winnable_when_even_the_start_cannot_be_won() -> None:
    stuck = position([*OPEN_COLUMNS[:7], "9S TS JS QS KS 5S"], cells="KC KD KH 6S")
    point = last_winnable([stuck])
    assert (point.status, point.index, point.undo_count) == ("lost", None, None)


def test_last_winnable_can_skip_the_position_already_proved_lost() -> None:
    game = lost_game()
    point = last_winnable(game.states, last_is_lost=True)
    assert (point.status, point.index, point.undo_count) == ("lost", 4, 1)


def test_last_winnable_keeps_and_uses_known_verdicts() -> None:
    game = lost_game()
    known: dict[bytes, bool] = {}
    point = last_winnable(game.states, known=known, autoplay=AutoplayMode.OFF)
    assert (point.status, point.undo_count) == ("lost", 1)
    assert known[canonical_key(game.states[4])] is True
    assert known[canonical_key(game.states[5])] is False
    # A verdict found in ``known`` is believed, not searched again: a made-up one shows it.
    known[canonical_key(game.states[5])] = True
    assert last_winnable(game.states, known=known).status == "winnable"
    assert is_winnable(game.states[5], known=known) is True


def test_is_winnable_with_autoplay_all_searches_that_game() -> None:
    assert is_winnable(deal(1), autoplay=AutoplayMode.ALL) is True
    assert is_winnable(lost_game().state, autoplay=AutoplayMode.ALL) is False


def test_last_winnable_that_runs_out_of_time_is_unknown() -> None:
    assert last_winnable([deal(UNSOLVABLE_DEAL)], timeout=0.01).status == "unknown"


# Seed 004's end of game. Every ace lies under at least two cards, the two top cards of every
# column are black (no column card fits on another) and three free cells hold kings.
OPEN_COLUMNS = [
    "AC 2D 3D 4D 2C 3C",
    "AD 5D 6D 7D 4C 5C",
    "AH 8D 9D TD 6C 7C",
    "AS JD QD 2H 8C 9C",
    "3H 4H 5H 6H TC JC",
    "7H 8H 9H TH QC 2S",
    "JH QH 7S 8S 3S 4S",
    "9S TS JS QS KS 5S 6S",
]


def test_no_move_can_bring_a_card_home_when_stuck() -> None:
    # The fourth cell full too (6♠ from column 8): no legal move at all.
    stuck = position([*OPEN_COLUMNS[:7], "9S TS JS QS KS 5S"], cells="KC KD KH 6S")
    assert next(legal_moves(stuck), None) is None
    assert can_bring_card_home(stuck) is False


def test_a_game_with_moves_left_but_no_way_home_is_over() -> None:
    # One free cell: any top card can go there and back, which only shows another black card.
    state = position(OPEN_COLUMNS, cells="KC KD KH")
    assert next(legal_moves(state), None) is not None
    assert can_bring_card_home(state) is False


def test_a_card_can_come_home() -> None:
    assert can_bring_card_home(deal(1)) is True  # free cells enough to dig out an ace
    # A♣ under 2♣ 3♣ with one free cell: 3♣ onto 4♥, 2♣ to the cell, then A♣ can go home.
    columns = list(OPEN_COLUMNS)
    columns[0] = "2D 3D 4D AC 2C 3C"
    columns[4] = "3H JC 5H 6H TC 4H"
    assert can_bring_card_home(position(columns, cells="KC KD KH")) is True
    # And a card that can go home now.
    columns[0] = "2D 3D 4D 2C 3C AC"
    assert can_bring_card_home(position(columns, cells="KC KD KH")) is True


@cache
def fast_line(state: GameState, mode: AutoplayMode) -> SolveResult:
    """The fast search's line for ``state`` in autoplay ``mode``: searched once a process (the
    tests of hints and of shortening both start from it; a result is frozen)."""
    return solve_for_autoplay(state, mode)


@cache
def full_solution(number: int) -> SolveResult:
    """Deal ``number``'s solution with every move written out, searched once a process."""
    return solve(deal(number))


@pytest.mark.parametrize("mode", list(AutoplayMode))
@pytest.mark.parametrize("number", [1, 10, 617])
def test_moves_for_a_game_with_autoplay_win_turn_by_turn(mode: AutoplayMode, number: int) -> None:
    """Hints and auto-solve: each move is one turn of the game, autoplay does the rest."""
    game = Game.new(number, autoplay=mode)
    result = fast_line(game.state, mode)
    assert result.status == "solved"
    for move in result.moves:
        game = game.play(move)
    assert game.state.is_won
    if mode is not AutoplayMode.OFF:
        # Autoplay's own moves are left out.
        assert len(result.moves) < len(full_solution(number).moves)


@pytest.mark.parametrize("mode", list(AutoplayMode))
@pytest.mark.parametrize("number", [1, 2, 617])
def test_a_shortened_line_wins_turn_by_turn_and_is_never_longer(
    mode: AutoplayMode, number: int
) -> None:
    """What hints and auto-solve play: the fast line shortened by narrow beams, never longer."""
    game = Game.new(number, autoplay=mode)
    fast = fast_line(game.state, mode)
    short = solve_for_autoplay(game.state, mode, shorten=True)
    assert short.status == "solved"
    assert len(short.moves) <= len(fast.moves)
    for move in short.moves:
        game = game.play(move)
    assert game.state.is_won
    # Deterministic: fixed beam widths, not a time budget.
    assert solve_for_autoplay(deal(number), mode, shorten=True).moves == short.moves


def test_shortening_deal_1_finds_a_shorter_line() -> None:
    fast = fast_line(deal(1), AutoplayMode.SAFE)
    short = solve_for_autoplay(deal(1), AutoplayMode.SAFE, shorten=True)
    assert len(short.moves) < len(fast.moves)


def test_searching_with_autoplay_all_replays_with_autoplay_off() -> None:
    result = solve(deal(10), autoplay=AutoplayMode.ALL)
    assert play_out(deal(10), result.moves).is_won


def test_a_proof_with_autoplay_all_runs_past_the_sharing_and_the_scouts() -> None:
    """Deal 1941 after ``3a``: safe autoplay wins it; with autoplay all, sending every card home
    is what loses it, and the proof runs past the sharing and the last wave of scouts' caps
    (41,859 positions expanded; deal 1941 itself takes 660,788)."""
    state = apply_move(deal(1941), Move.parse("3a"))
    assert solve(state, autoplay=AutoplayMode.SAFE).status == "solved"
    lost = solve(state, autoplay=AutoplayMode.ALL)
    assert lost.status == "unsolvable"
    scouted = SCOUTS[-1][0] + sum(most * len(weights) for _, most, weights in SCOUTS)
    assert lost.expanded > max(SHARE_AFTER, scouted)
