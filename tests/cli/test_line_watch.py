"""Line mode's text viewer: ``watch CODE`` lists the moves, then next, back, to N and board step
through them until quit returns to the game, which nothing in the viewer changed."""

from __future__ import annotations

import io
from functools import partial

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import encode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.line.board_text import format_board
from freecell_tui.line.mode import LineMode
from freecell_tui.session import review as review_module
from freecell_tui.session.par import find_par
from freecell_tui.session.replay import Replay
from freecell_tui.store import Store

from ..core.test_codes import solver_game
from ..session.test_review import DEAL, losing_move, par_of, solution
from ..session.test_review import played as solver_moves_played
from .line import line_mode


def said(out: io.StringIO) -> list[str]:
    """The lines written since the last call."""
    lines = out.getvalue().splitlines()
    out.truncate(0)
    out.seek(0)
    return lines


def test_a_scripted_session_steps_through_a_code_and_returns_to_the_game() -> None:
    watched = solver_game(617)
    replay = Replay.of(watched)
    out = io.StringIO()
    line = line_mode(Game.new(5), out)
    line.handle("3a")
    game = line.session.game
    said(out)

    line.handle(f"watch {encode(watched)}")
    opening = said(out)
    assert opening[0] == f"Watching deal 617 ({len(watched.line)} moves, won):"
    listed = opening[1:-1]
    assert len(listed) == len(watched.line)
    assert listed[0] == f"1. {replay.steps[1].summary}"
    assert listed[-1].startswith(f"{len(watched.line)}. ")
    assert "next" in opening[-1] and "quit returns to the game" in opening[-1]

    line.handle("next")
    line.handle("next")
    last = replay.last_number
    assert said(out) == [
        f"1 of {last}. {replay.steps[1].summary}",
        f"2 of {last}. {replay.steps[2].summary}",
    ]
    line.handle("back")
    assert said(out) == [f"1 of {last}. {replay.steps[1].summary}"]
    line.handle("to 3")
    assert said(out) == [f"3 of {last}. {replay.steps[3].summary}"]
    line.handle("board")
    board = said(out)
    at_three = Game(watched.start, 617, watched.autoplay, watched.line[:3])
    assert board == format_board(at_three)
    assert board[0].startswith("Deal 617 (expert), 3 moves")
    # The game waited, untouched, while its lines went to the viewer.
    assert line.session.game == game

    line.handle("quit")
    back = said(out)
    assert back[0] == "Back to the game."
    assert back[1:] == format_board(game)
    assert line.running
    line.handle("u")
    assert not line.session.game.turns


def test_enter_steps_forward_and_the_ends_are_one_line() -> None:
    watched = Game.new(617).play(Move.parse("3a")).play(Move.parse("1b"))
    out = io.StringIO()
    line = line_mode(Game.new(5), out)
    line.handle(f"watch {encode(watched)}")
    said(out)
    line.handle("back")
    assert said(out) == ["This is the first position: next plays the first move."]
    line.handle("")
    line.handle("last")
    line.handle("next")
    lines = said(out)
    assert lines[0].startswith("1 of 2. 3a: ")
    assert lines[1].startswith("2 of 2. 1b: ")
    assert lines[2] == "That was the last move (2 of 2): back steps back."
    line.handle("first")
    assert said(out) == ["0 of 2. The first position, before any move."]


def test_bad_input_in_the_viewer_is_one_line_and_moves_nothing() -> None:
    watched = solver_game(617)
    out = io.StringIO()
    line = line_mode(Game.new(5), out)
    line.handle(f"watch {encode(watched)}")
    line.handle("to 2")
    said(out)
    last = len(watched.line)
    for text, answer in (
        (
            "to 999",
            f"There is no move 999: this game has {last} moves (to 0 is the first position, to {last} the last).",
        ),
        ("to x", f"to: give a move number from 0 to {last}, as 'to 12'."),
        ("to", f"to: give a move number from 0 to {last}, as 'to 12'."),
        ("to -1", f"to: give a move number from 0 to {last}, as 'to 12'."),
    ):
        line.handle(text)
        assert said(out) == [answer], text
    line.handle("3a")
    (refused,) = said(out)
    assert refused.startswith("Not understood in the viewer: '3a'. Step through it:")
    line.handle("board")
    assert said(out)[0].startswith("Deal 617 (expert), 2 moves")


def test_a_bad_code_is_one_line_and_nothing_opens() -> None:
    out = io.StringIO()
    line = line_mode(Game.new(5), out)
    line.handle("3a")
    game = line.session.game
    said(out)
    good = encode(solver_game(617))
    line.handle(f"watch {good[:-1]}")
    (refused,) = said(out)
    assert refused.startswith("Not understood: ") and "is not a game code" in refused
    # Still the game: a move is played, not taken by a viewer.
    line.handle("u")
    assert line.session.game.turns == game.turns[:-1]


def test_watch_alone_watches_this_game() -> None:
    out = io.StringIO()
    line = line_mode(Game.new(617), out)
    line.handle("3a")
    said(out)
    line.handle("watch")
    opening = said(out)
    assert opening[0] == "Watching deal 617 (1 move):"
    assert opening[1].startswith("1. 3a: ")
    line.handle("q")
    assert said(out)[0] == "Back to the game."


def test_after_a_win_the_question_waits_for_the_viewer() -> None:
    won = solver_game(617)
    out = io.StringIO()
    line = line_mode(Game(won.start, 617, won.autoplay, won.turns[:-1]), out)
    last = won.line[-1]
    assert last.move is not None
    line.handle(last.move.notation)
    assert "Another game?" in out.getvalue()
    said(out)
    line.handle("watch")
    assert said(out)[0].startswith("Watching deal 617")
    line.handle("last")
    said(out)
    line.handle("quit")
    assert said(out)[-1].startswith("Another game?")
    line.handle("no")
    assert not line.running


def test_review_in_the_viewer_marks_the_lost_move_beside_its_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The search decides in well under a second; on a loaded machine the game's 4.5 s is not
    # enough, and a bound is not what this test is about.
    monkeypatch.setattr(LineMode, "review_seconds", 120.0)
    game = solver_moves_played(solution()[:6])
    game = game.play(losing_move(game))
    steps = Replay.of(game).steps
    out = io.StringIO()
    line = line_mode(Game.new(5), out)
    line.handle(f"watch {encode(game)}")
    assert "review" in said(out)[-1]
    line.handle("review")
    reviewed = said(out)
    assert reviewed[0].startswith("Reviewing the game: the solver looks for up to ")
    assert reviewed[1].startswith("Move 7 lost it: after move 6 the deal could still be won (")
    assert reviewed[2:4] == [
        f"Move 6 (last winnable): {steps[6].summary}",
        f"Move 7 (lost here): {steps[7].summary}",
    ]
    line.handle("to 7")
    assert said(out) == [f"7 of 7. {steps[7].summary}  [lost here]"]
    line.handle("moves")
    listed = said(out)
    assert listed[5:] == [
        f"6. {steps[6].summary}  [last winnable]",
        f"7. {steps[7].summary}  [lost here]",
    ]
    assert listed[0] == f"1. {steps[1].summary}"  # no mark
    line.handle("review")  # once found, said again without a search
    assert said(out) == reviewed[1:]


def test_review_of_a_win_in_line_mode_uses_the_par_the_store_knows() -> None:
    best = solution()
    store = Store.in_memory()
    assert store.pars.keep(par_of(best), 1.0) is None
    out = io.StringIO()
    line = line_mode(Game.new(5), out, store=store)
    line.handle(f"watch {encode(solver_moves_played(best))}")
    said(out)
    line.handle("review")
    assert said(out)[1] == f"Won in {len(best)} moves, par {len(best)}: you played par's very line."


def test_a_par_the_review_found_in_line_mode_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """As the full-screen viewer keeps it: the next review, and the game, know the deal's par."""
    # A narrow search: it finishes fast, and a finished search's par is par.
    monkeypatch.setattr(review_module, "find_par", partial(find_par, widths=(300,)))
    monkeypatch.setattr(LineMode, "review_seconds", 120.0)  # not about the bound
    store = Store.in_memory()
    out = io.StringIO()
    line = line_mode(Game.new(5), out, store=store)
    line.handle(f"watch {encode(solver_moves_played(solution()))}")
    said(out)
    line.handle("review")
    kept = store.pars.get(DEAL, AutoplayMode.SAFE)
    assert kept is not None and kept.moves <= len(solution())
    reviewed = said(out)
    assert reviewed[0] == "Reviewing the game: the solver looks for up to 120 s."
    assert reviewed[1].startswith(f"Won in {len(solution())} moves, par {kept.moves}: ")
    line.handle("quit")
    line.handle(f"watch {encode(solver_moves_played(solution()))}")
    said(out)
    monkeypatch.setattr(review_module, "find_par", None)  # no search: par is in the store
    line.handle("review")  # a new viewer
    assert said(out)[1] == reviewed[1]


def test_watch_solution_lists_this_game_and_the_solvers_moves_from_here() -> None:
    start = Game.new(1, autoplay=AutoplayMode.OFF).play(Move.parse("6a"))
    out = io.StringIO()
    line = line_mode(start, out)
    line.handle("watch solution")
    looking, *opening = said(out)
    assert looking == "Watch the solution: looking for a solution…"  # searched inline
    assert opening[0].startswith("Watching deal 1 (") and opening[0].endswith(", won):")
    assert opening[1].startswith("1. 6a: 3♦ to free cell a")  # the player's move, then the solver's
    assert opening[-2].startswith("1 of ")  # the cursor on this game's position
    line.handle("next")
    assert said(out)[0].startswith("2 of ")
    line.handle("quit")
    assert line.session.game == start  # watching plays nothing
