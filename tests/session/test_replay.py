"""The replay model: a game's steps, and a cursor that walks them forward, back and to a move."""

from __future__ import annotations

import random

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import decode, encode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import describe_move
from freecell_tui.session.replay import FIRST_WORDS, OffTheEnd, Replay
from tests.core.test_codes import random_games, solver_game

GAMES = random_games(2511, 40)


def walked(replay: Replay | OffTheEnd) -> Replay:
    assert isinstance(replay, Replay), replay
    return replay


def refused(answer: Replay | OffTheEnd) -> str:
    assert isinstance(answer, OffTheEnd), "the cursor moved"
    assert "\n" not in answer.reason and answer.reason
    return answer.reason


@pytest.mark.parametrize("game", GAMES, ids=lambda game: f"{len(game.line)}turns")
def test_stepping_forward_from_the_start_reaches_the_games_position(game: Game) -> None:
    replay = Replay.of(game)
    assert replay.state == game.start
    seen = [replay.state]
    while not replay.at_end:
        replay = walked(replay.next())
        seen.append(replay.state)
    assert replay.state == game.state
    assert replay.at == len(game.line)
    # Each step is one turn of the line: after N steps the board is as after its N turns.
    assert seen == list(game.states[len(game.turns) - len(game.line) :])
    refused(replay.next())


@pytest.mark.parametrize("game", GAMES, ids=lambda game: f"{len(game.line)}turns")
def test_back_undoes_exactly_and_to_n_is_n_nexts(game: Game) -> None:
    replay = Replay.of(game)
    forward = [replay]
    while not replay.at_end:
        replay = walked(replay.next())
        forward.append(replay)
    for expected in reversed(forward[:-1]):
        replay = walked(replay.back())
        assert replay.state == expected.state and replay.at == expected.at
    refused(replay.back())
    rng = random.Random(len(game.line))
    for _ in range(5):
        number = rng.randint(0, replay.last_number)
        jumped = walked(Replay.of(game).to(number))
        assert jumped.state == forward[number].state
        assert jumped.at == number
    assert walked(replay.to(replay.last_number)) == replay.last()
    assert replay.last().first() == Replay.of(game)


def test_a_turn_is_its_move_with_its_autoplay_in_notation_and_in_words() -> None:
    game = solver_game(1, AutoplayMode.SAFE)
    replay = Replay.of(game)
    assert replay.step.words == (FIRST_WORDS,) and replay.step.notation == ""
    with_autoplay = next(n for n, turn in enumerate(game.line, start=1) if turn.autoplay)
    replay = walked(replay.to(with_autoplay))
    turn = game.line[with_autoplay - 1]
    before = replay.steps[with_autoplay - 1].state
    assert turn.move is not None
    said = describe_move(before, turn.move)
    assert replay.step.words[0] == said
    assert replay.step.words[1].startswith("Autoplay ")
    assert len(replay.step.words) == 1 + len(turn.autoplay)
    assert replay.step.notation.split() == [move.notation for move in turn.moves]
    autoplay = [line.removeprefix("Autoplay ") for line in replay.step.words[1:]]
    assert replay.step.summary == f"{said}; autoplay {', '.join(autoplay)}"


def test_each_step_says_what_the_game_said_of_its_move() -> None:
    played = Game.new(1)
    for text in ("1a", "1b", "1c", "1d"):
        played = played.play(Move.parse(text))
    replay = Replay.of(played)
    assert [step.summary for step in replay.steps[1:3]] == [
        describe_move(replay.steps[0].state, Move.parse("1a")),
        describe_move(replay.steps[1].state, Move.parse("1b")),
    ]
    assert replay.steps[1].summary.startswith("1a: ") and "free cell a" in replay.steps[1].summary


def test_out_of_range_is_one_line_and_moves_nothing() -> None:
    game = solver_game(617)
    replay = walked(Replay.of(game).to(3))
    reason = refused(replay.to(999))
    assert "999" in reason and str(replay.last_number) in reason
    assert "There is no move -1" in refused(replay.to(-1))
    assert replay.at == 3
    assert "no moves" in refused(Replay.of(Game.new(5)).next())
    assert "no moves" in refused(Replay.of(Game.new(5)).to(1))


def test_a_game_and_its_code_replay_alike_and_undone_turns_are_not_watched() -> None:
    game = solver_game(617)
    undone = game.undo().undo()
    replay = Replay.of(undone)
    assert replay.last_number == len(game.line) - 2
    decoded = decode(encode(undone))
    assert isinstance(decoded, Game)
    assert [step.state for step in Replay.of(decoded).steps] == [s.state for s in replay.steps]


def test_a_restart_starts_the_watched_line_again() -> None:
    game = Game.new(617).play(Move.parse("1a")).restart().play(Move.parse("2a"))
    replay = Replay.of(game)
    assert replay.last_number == 1
    assert replay.steps[1].notation.startswith("2a")


def test_the_game_at_the_cursor_counts_its_moves() -> None:
    game = solver_game(617)
    replay = walked(Replay.of(game).to(5))
    at = replay.game_at()
    assert at.move_count == 5 and at.state == replay.state
    assert at.deal_number == 617
