"""Game codes in line mode: ``share`` prints the code on a line of its own; ``deal CODE`` plays
the code's deal; a bad code is one line and changes nothing."""

from __future__ import annotations

import io

from freecell_tui.core.codes import decode, encode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move

from ..store.helpers import one_from_won
from .line import line_mode


def test_share_prints_the_code_then_what_it_is() -> None:
    out = io.StringIO()
    line = line_mode(Game.new(617), out)
    line.handle("3a")
    played = line.session.game
    out.truncate(0)
    out.seek(0)
    line.handle("share")
    code, note = out.getvalue().splitlines()
    assert code == encode(played)
    back = decode(code)
    assert isinstance(back, Game) and back.turns == played.turns
    assert "deal 617 (1 move" in note and "replay" in note
    assert line.session.game == played


def test_deal_code_plays_the_codes_deal() -> None:
    line = line_mode(Game.new(5))
    line.handle("deal " + encode(Game.new(1234).play(Move.parse("3a"))))
    assert line.session.game.deal_number == 1234
    assert not line.session.game.turns


def test_deal_code_of_a_custom_position_plays_that_position_asking_first() -> None:
    out = io.StringIO()
    line = line_mode(Game.new(5), out)
    line.handle("3a")
    line.handle("deal " + encode(one_from_won().play(Move.parse("1h"))))
    assert "Start this position?" in out.getvalue()
    assert line.session.game.deal_number == 5
    line.handle("y")
    assert line.session.game.deal_number is None
    assert line.session.game.start == one_from_won().start and not line.session.game.turns


def test_a_bad_code_is_one_line_and_changes_nothing() -> None:
    out = io.StringIO()
    line = line_mode(Game.new(5), out)
    line.handle("3a")
    before = line.session.game
    good = encode(Game.new(1234))
    for text in ("F1abcdef", good[:-1], good + "A", "F1%%", "F3" + good[2:]):
        out.truncate(0)
        out.seek(0)
        line.handle(f"deal {text}")
        said = out.getvalue().splitlines()
        assert len(said) == 1 and "game code" in said[0], said
        assert line.session.game == before
