"""What the game screen says as a game ends, without a screen
(:mod:`freecell_tui.ui.screens.endings`): the dead-end notices and how far their undo goes, the
win's title and cascade."""

from __future__ import annotations

from freecell_tui.core.game import Game
from freecell_tui.core.rules import legal_moves
from freecell_tui.core.solver import WinnablePoint
from freecell_tui.ui.screens.endings import NO_MOVE_LEFT, cascade_cards, no_card_home, win_title


def test_no_card_home_undoes_back_to_the_last_winnable_position_when_known() -> None:
    notice = no_card_home(WinnablePoint("lost", 2, 6))  # positions 0-5: undo 3 turns
    assert notice.title == "No card can go home any more"
    assert notice.undo == 3 and notice.undo_reason == ": back to a winnable position"
    assert "u undoes 3 moves, back to a winnable position; r restarts" in notice.body


def test_no_card_home_undoes_one_move_when_no_winnable_position_is_known() -> None:
    for point in (None, WinnablePoint("unknown", None, 6), WinnablePoint("lost", None, 6)):
        notice = no_card_home(point)
        assert notice.undo == 1 and notice.undo_reason == ""
        assert "over. u undoes a move; r restarts the deal; n starts a new game." in notice.body


def test_no_move_left_undoes_one_move() -> None:
    assert NO_MOVE_LEFT.title == "No legal move left"
    assert NO_MOVE_LEFT.undo == 1 and NO_MOVE_LEFT.undo_reason == ""


def test_a_win_by_auto_solve_is_the_computers_with_a_short_cascade() -> None:
    game = Game.new(1)
    assert (win_title(game), cascade_cards(game)) == ("You won!", 52)
    solved = game.play(next(legal_moves(game.state)), solver=True)
    assert (win_title(solved), cascade_cards(solved)) == ("Solved by the computer", 12)
