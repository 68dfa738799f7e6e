"""What the solver knows about the game: solutions and verdicts per autoplay mode (bug 4: after
``:autoplay off``, auto-solve stopped after a move or two and the hint counted for the old mode)."""

from __future__ import annotations

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.solver import WinnablePoint
from freecell_tui.session.analysis import Analyst, analyse, lost_sentence, lost_text


def solved(analyst: Analyst, game: Game) -> tuple[Move, ...]:
    found = analyse(game, solve_it=True, known=analyst.known(game.autoplay))
    assert found.status == "solved"
    analyst.learn(game, found)
    moves = analyst.solution(game)
    assert moves is not None
    return moves


def play_out(game: Game, moves: tuple[Move, ...]) -> Game:
    for move in moves:
        game = game.play(move)
    return game


def test_each_autoplay_mode_has_its_own_solution() -> None:
    analyst = Analyst()
    safe = Game.new(1, autoplay=AutoplayMode.SAFE)
    safe_moves = solved(analyst, safe)
    off = safe.with_autoplay(AutoplayMode.OFF)
    # The same position in another mode: the safe solution is not offered (it leaves the moves
    # home to autoplay, which is off now).
    assert analyst.solution(off) is None
    off_moves = solved(analyst, off)
    assert len(off_moves) > len(safe_moves)  # every move home is the player's now
    assert play_out(off, off_moves).state.is_won
    assert play_out(safe, safe_moves).state.is_won
    assert analyst.solution(safe) == safe_moves


def test_the_hint_counts_the_moves_of_the_game_s_mode() -> None:
    analyst = Analyst()
    safe = Game.new(1, autoplay=AutoplayMode.SAFE)
    safe_moves = solved(analyst, safe)
    off = safe.with_autoplay(AutoplayMode.OFF)
    off_moves = solved(analyst, off)
    safe_hint, off_hint = analyst.hint(safe), analyst.hint(off)
    assert safe_hint is not None and off_hint is not None
    assert f"({len(safe_moves)} moves win from here)" in safe_hint[1]
    assert f"({len(off_moves)} moves win from here)" in off_hint[1]


def test_following_a_solution_needs_no_new_search() -> None:
    analyst = Analyst()
    game = Game.new(1)
    moves = solved(analyst, game)
    later = game.play(moves[0]).play(moves[1])
    assert analyst.solution(later) == moves[2:]
    point = analyst.point(later)
    assert point is not None and point.status == "winnable"


def test_loss_words() -> None:
    lost = WinnablePoint("lost", 3, 6)
    assert lost_text(lost) == ("no longer winnable — undo 2 moves", "lost: undo 2")
    assert (
        lost_sentence(lost)
        == "No longer winnable: undo 2 moves to get back to a winnable position."
    )
    one = WinnablePoint("lost", 4, 6)
    assert lost_text(one)[0] == "no longer winnable — undo 1 move"
    never = WinnablePoint("lost", None, 6)
    assert lost_sentence(never) == "This deal cannot be won, even from its start."
