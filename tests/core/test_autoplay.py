"""Autoplay: off, safe (the classic Windows rule) and all."""

from __future__ import annotations

import pytest

from freecell_tui.core.autoplay import AutoplayMode, is_safe_home, run_autoplay
from freecell_tui.core.cards import Card
from freecell_tui.core.errors import NotationError
from freecell_tui.core.notation import Move
from freecell_tui.core.state import GameState

from .helpers import board


def home_moves(state: GameState, mode: AutoplayMode) -> list[str]:
    return [str(move) for move in run_autoplay(state, mode)[1]]


def test_modes_parse() -> None:
    assert [AutoplayMode.parse(t) for t in ("off", "SAFE", " all ")] == list(AutoplayMode)
    assert str(AutoplayMode.SAFE) == "safe"
    with pytest.raises(NotationError) as info:
        AutoplayMode.parse("some")
    assert str(info.value) == "'some' is not an autoplay mode: use off, safe or all"


def test_off_moves_nothing() -> None:
    state = board("KS AC", cells="AH - - -")
    assert run_autoplay(state, AutoplayMode.OFF) == (state, ())


def test_aces_always_go_home() -> None:
    state = board("KS AC", "2C AD", cells="AH - - -")
    after, moves = run_autoplay(state, AutoplayMode.SAFE)
    # Free cells a–d first, then columns 1–8, again until none is left: A♥, A♣, 2♣ (now free), A♦.
    assert [str(m) for m in moves] == ["ah", "1h", "2h", "2h"]
    assert after.foundations == (2, 1, 1, 0)


def test_a_two_goes_when_its_ace_is_home() -> None:
    assert home_moves(board("KS 2H", foundations=(0, 0, 1, 0)), AutoplayMode.SAFE) == ["1h"]
    assert home_moves(board("KS 2H"), AutoplayMode.SAFE) == []


@pytest.mark.parametrize(
    ("foundations", "safe"),
    [
        ((2, 0, 2, 2), True),  # 3♥: both black twos (2♣, 2♠) are home
        ((2, 0, 2, 1), False),  # 2♠ still out: it could need 3♥ to hold it
        ((1, 0, 2, 2), False),  # 2♣ still out
        ((5, 0, 2, 7), True),  # higher black cards are fine
    ],
)
def test_a_higher_card_needs_both_opposite_colour_cards_one_lower_home(
    foundations: tuple[int, int, int, int], safe: bool
) -> None:
    state = board("KD 3H", foundations=foundations)
    assert is_safe_home(state, Card.parse("3H")) is safe
    assert home_moves(state, AutoplayMode.SAFE) == (["1h"] if safe else [])
    assert home_moves(state, AutoplayMode.ALL) == ["1h"]


def test_black_cards_look_at_the_red_foundations() -> None:
    state = board("KD 5S", foundations=(0, 4, 3, 4))
    assert not is_safe_home(state, Card.parse("5S"))  # 4♥ is out
    assert is_safe_home(board("KD 5S", foundations=(0, 4, 4, 4)), Card.parse("5S"))


def test_all_sends_every_card_that_can_go() -> None:
    state = board("KD 4C 3C", "5H", cells="2C 4H - -", foundations=(1, 0, 3, 0))
    assert home_moves(state, AutoplayMode.SAFE) == ["ah"]  # 2♣; 3♣ needs red twos home
    assert home_moves(state, AutoplayMode.ALL) == ["ah", "bh", "1h", "1h", "2h"]


def test_autoplay_belongs_to_the_players_move() -> None:
    from freecell_tui.core.game import Game

    start = board("KS AC 7D", "8S", "9H", "10S", "JH", "QS", "KH", "QD JD", cells="- - - -")
    game = Game(start, None, AutoplayMode.SAFE)
    played = game.play(Move.parse("12"))
    assert played.turns[-1].move == Move.parse("12v1")  # resolved: it carries its count
    assert played.turns[-1].autoplay == (Move.parse("1h"),)
    assert played.state.foundations == (1, 0, 0, 0)
    assert played.undo().state == start
