"""A list of moves played by the session one turn a move (:mod:`freecell_tui.session.listed`):
read whole first, each move a turn of its own, the first refused one named by its number; a list
written out for autoplay off is read as written in a game that autoplays. And a move typed by its
keys made to carry another count (``18`` then ``v3``: :meth:`PlaySession.amend`)."""

from __future__ import annotations

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.errors import NotationError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.solver import solve
from freecell_tui.core.solver.turns import turns
from freecell_tui.core.variant import FREECELL, SEAHAVEN
from freecell_tui.session import PlaySession, Tone
from freecell_tui.session.listed import MovePlan, play_listed, read_moves
from freecell_tui.store import Store


def session(mode: AutoplayMode = AutoplayMode.SAFE) -> PlaySession:
    return PlaySession(Store.in_memory(), Game.new(1, autoplay=mode))


def solution(mode: AutoplayMode) -> tuple[Move, ...]:
    """Deal 1's solution as ``freecell-tui solve 1 --autoplay MODE`` prints it."""
    game = Game.new(1, autoplay=mode)
    found = solve(game.state, autoplay=mode)
    assert found.moves is not None
    return turns(game.state, found.moves, mode)


def play_all(played: PlaySession, moves: tuple[Move, ...]) -> list[str]:
    """Play the list to its end or its first refusal; what each move said."""
    listed = MovePlan.plan(played.game, moves)
    said = []
    for index in range(len(moves)):
        if played.game.state.is_won:
            break
        step = play_listed(played, listed, index)
        said.append(step.said)
        if step.refused:
            break
    return said


def test_a_solvers_output_reads_whole_its_first_line_skipped() -> None:
    text = "deal 1: solved in 3 moves (3 player moves, 0.00 s)\n6a 6b\n7b\n"
    assert read_moves(text, FREECELL) == tuple(Move.parse(w) for w in ("6a", "6b", "7b"))
    assert read_moves("deal 617", FREECELL) is None  # no list of moves: a command
    with pytest.raises(NotationError, match=r"^move 3 of 4: x9: "):
        read_moves("6a 6b x9 7b", FREECELL)
    assert read_moves("110 10a", SEAHAVEN) == (
        Move.parse("110", SEAHAVEN),
        Move.parse("10a", SEAHAVEN),
    )


@pytest.mark.parametrize("mode", list(AutoplayMode))
def test_a_solution_for_the_games_autoplay_wins_one_turn_a_move(mode: AutoplayMode) -> None:
    moves = solution(mode)
    played = session(mode)
    said = play_all(played, moves)
    assert played.game.state.is_won
    assert [turn.move for turn in played.game.turns] == list(moves)
    assert said[0].startswith(f"move 1 of {len(moves)}: {moves[0]}: ")


def test_a_list_written_out_for_autoplay_off_wins_where_autoplay_is_safe() -> None:
    """The moves of cards autoplay has sent home already are left out (nothing changes), the
    others are played as the list means them."""
    moves = solution(AutoplayMode.OFF)
    played = session(AutoplayMode.SAFE)
    said = play_all(played, moves)
    assert played.game.state.is_won
    left_out = [line for line in said if line.endswith("autoplay sent it home already")]
    assert left_out and len(played.game.turns) + len(left_out) == len(said)


def test_a_list_that_needs_autoplay_stops_where_it_first_does_and_says_so() -> None:
    moves = solution(AutoplayMode.SAFE)
    played = session(AutoplayMode.OFF)
    said = play_all(played, moves)
    assert not played.game.state.is_won
    refusal = said[-1]
    count = len(said)
    assert refusal.startswith(f"move {count} of {len(moves)}: {moves[count - 1]}: ")
    assert refusal.endswith("; the list was made for autoplay safe")
    assert len(played.game.turns) == count - 1  # the moves before it stay played


def test_18_then_v3_is_one_turn_of_18v3() -> None:
    """A move between columns made by its keys, then ``v`` and a count: that move with that
    count, in place of the one played (one turn); refused, the move stays as played."""
    moves = solution(AutoplayMode.SAFE)
    last = moves[-1]
    assert last.count == 2  # 13v2: two cards onto the empty column 3
    played = session()
    play_all(played, moves[:-1])
    one = played.play(Move(last.source, last.dest))  # 13: one card
    assert not one.refused and played.game.turns[-1].move.count == 1  # type: ignore[union-attr]
    turns_before = len(played.game.turns)
    refused = played.amend(Move(last.source, last.dest, 5))
    assert refused.tone is Tone.ERROR and refused.said.endswith("13 stays as played")
    assert len(played.game.turns) == turns_before
    step = played.amend(last)
    assert not step.refused and len(played.game.turns) == turns_before
    assert played.game.turns[-1].move == last and played.game.state.is_won
    other = played.amend(Move.parse("12v2"))
    assert other.refused  # not the move just played
