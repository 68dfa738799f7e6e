"""Line mode's ``hint`` and ``solve``: the solver's next move, a whole solution as undoable turns,
and what it says when the game can no longer be won."""

from __future__ import annotations

import io

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, parse_moves
from freecell_tui.line import LineMode
from freecell_tui.line import mode as line_module

from ..cli.line import line_mode


def session(number: int, mode: AutoplayMode = AutoplayMode.SAFE) -> tuple[LineMode, io.StringIO]:
    out = io.StringIO()
    return line_mode(Game.new(number, autoplay=mode), out), out


def said(out: io.StringIO) -> list[str]:
    lines = out.getvalue().splitlines()
    out.seek(0)
    out.truncate()
    return lines


def test_hint_names_a_move_that_keeps_the_game_winnable() -> None:
    line, out = session(1)
    line.handle("hint")
    [hint] = said(out)
    assert hint.startswith("Hint: ")
    assert hint.endswith(" moves win from here).")
    notation = hint.removeprefix("Hint: ").split(" — ")[0]
    Move.parse(notation)  # a real move in standard notation
    line.handle(notation)
    assert line.session.game.move_count == 1  # the hinted move was legal


@pytest.mark.parametrize("mode", list(AutoplayMode))
def test_solve_plays_to_a_win_one_undoable_turn_a_move(mode: AutoplayMode) -> None:
    line, out = session(2, mode)
    line.handle("solve")
    text = said(out)
    assert text[0].startswith("Solving: ")
    assert line.session.game.state.is_won
    # The computer played it: the win is not the player's (bug: solver wins counted as theirs).
    assert any(row.startswith("Solved by the computer: auto-solve played") for row in text)
    turns = line.session.game.move_count
    line.handle("undo")
    assert line.session.game.move_count == turns - 1
    assert not line.session.game.state.is_won


def test_when_the_game_is_lost_hint_says_how_far_to_undo() -> None:
    line, out = session(5, AutoplayMode.OFF)
    for move in parse_moves("7a 5d 4b 7c 43"):
        line.handle(str(move))
    said(out)
    line.handle("hint")
    assert said(out) == [
        "No solution: No longer winnable: undo 1 move to get back to a winnable position."
    ]
    line.handle("solve")
    assert said(out)[0].startswith("No solution:")
    assert line.session.game.move_count == 5  # nothing was played


def test_a_deal_that_cannot_be_won_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # The proof takes about 2 s alone; two test workers on two busy cores can take over line
    # mode's 10 s, and then it says the solver gave up: this test is about the words of a proof.
    monkeypatch.setattr(line_module, "LINE_SOLVER_SECONDS", 300.0)
    line, out = session(11982)
    line.handle("hint")
    assert said(out) == ["No solution: This deal cannot be won, even from its start."]


def test_a_hint_counts_in_the_games_record() -> None:
    line, out = session(1)
    line.handle("hint")
    line.handle("hint")
    assert line.session.game.hints == 2
