"""Games: start plus moves, unlimited undo and redo, restart, outcome."""

from __future__ import annotations

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.core.deals import deal
from freecell_tui.core.errors import IllegalMoveError, NotationError
from freecell_tui.core.game import MAX_TURNS, Game, Outcome, Turn
from freecell_tui.core.notation import Move, parse_moves
from freecell_tui.core.rules import apply_move, legal_moves
from freecell_tui.core.state import GameState


def play_all(game: Game, text: str) -> Game:
    for move in parse_moves(text):
        game = game.play(move)
    return game


def test_new_game() -> None:
    game = Game.new(617)
    assert game.start == deal(617) == game.state
    assert (game.deal_number, game.autoplay) == (617, AutoplayMode.SAFE)
    assert game.outcome is Outcome.PLAYING
    assert not game.turns and not game.redo_tail and not game.is_started


def test_play_records_turns_and_leaves_the_old_game_alone() -> None:
    game = Game.new(1)
    after = game.play(Move.parse("3a"))
    assert game.state == deal(1) and game.turns == ()
    assert after.turns == (Turn(Move.parse("3a"), (), AutoplayMode.SAFE),)
    assert after.state == apply_move(deal(1), Move.parse("3a"))
    assert after.moves == (Move.parse("3a"),) and after.move_count == 1


def test_refused_move_raises_and_changes_nothing() -> None:
    game = Game.new(1)
    with pytest.raises(IllegalMoveError, match="ranks must step down by one"):
        game.play(Move.parse("12"))
    assert game == Game.new(1)


def test_undo_redo_are_unlimited_and_restore_equal_games() -> None:
    moves = "3a 32 3b 3c"
    games = [Game.new(1)]
    for move in parse_moves(moves):
        games.append(games[-1].play(move))
    game = games[-1]
    for earlier in reversed(games[:-1]):
        game = game.undo()
        assert game.state == earlier.state and game.turns == earlier.turns
    assert not game.turns and game.redo_tail
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()
    for later in games[1:]:
        game = game.redo()
        assert game.state == later.state
    assert game == games[-1]
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()


def test_a_new_move_drops_the_redo_tail() -> None:
    game = play_all(Game.new(1), "3a 32").undo()
    assert game.redo_tail
    game = game.play(Move.parse("3b"))
    assert not game.redo_tail and [str(m) for m in game.moves] == ["3a", "3b"]


def test_one_undo_takes_back_the_move_and_its_autoplay() -> None:
    game = play_all(Game.new(1, autoplay=AutoplayMode.SAFE), "5a 5b 5c")
    before = game.state
    game = game.play(Move.parse("5d"))  # uncovers A♦, which goes home by itself
    assert game.turns[-1].move == Move.parse("5d")
    assert game.turns[-1].autoplay == (Move.parse("5h"),)
    assert game.state.foundations == (0, 1, 0, 0)
    assert game.move_count == 4 and len(game.moves) == 5
    undone = game.undo()
    assert undone.state == before
    assert undone.redo() == game


def test_restart_is_one_undoable_turn() -> None:
    game = play_all(Game.new(1), "3a 32 3b")
    restarted = game.restart()
    assert restarted.state == deal(1) and restarted.turns[-1].is_restart
    assert restarted.move_count == 0 and restarted.line == () and restarted.is_started
    back = restarted.undo()
    assert back.turns == game.turns and back.state == game.state and back.move_count == 3
    assert back.redo() == restarted


def test_restart_then_play_counts_only_the_new_line() -> None:
    game = play_all(Game.new(1), "3a 32").restart()
    game = game.play(Move.parse("1b"))
    assert game.move_count == 1 and [str(m) for m in game.moves] == ["1b"]
    assert len(game.turns) == 4 and len(game.states) == 5
    # Undoing crosses the restart back into the old line.
    assert game.undo().undo().state == play_all(Game.new(1), "3a 32").state


def test_restart_at_the_start_is_refused() -> None:
    with pytest.raises(IllegalMoveError, match="already at its start"):
        Game.new(1).restart()
    with pytest.raises(IllegalMoveError, match="already at its start"):
        play_all(Game.new(1), "3a").restart().restart()


def test_restart_drops_the_redo_tail() -> None:
    game = play_all(Game.new(1), "3a 32 3b").undo().undo()
    assert game.redo_tail
    assert not game.restart().redo_tail


def test_win_with_a_known_solution(deal_1_solution: str) -> None:
    game = play_all(Game.new(1, autoplay=AutoplayMode.OFF), deal_1_solution)
    assert game.outcome is Outcome.WON and game.state.is_won
    assert game.state.foundations == (13, 13, 13, 13)
    assert game.move_count == len(parse_moves(deal_1_solution))


def stuck_position() -> GameState:
    """All free cells hold kings, no column is empty, and the eight top cards are black:
    no build, no home move, no free cell."""
    kings = [Card.parse(code) for code in ("KC", "KD", "KH", "KS")]
    tops = [Card.parse(code) for code in ("QC", "QS", "TC", "TS", "8C", "8S", "6C", "6S")]
    rest = [card for card in ALL_CARDS if card not in kings and card not in tops]
    columns = tuple(tuple(rest[i::8]) + (tops[i],) for i in range(8))
    state = GameState(columns, tuple(kings), (0, 0, 0, 0))
    state.validate()
    return state


def test_stuck_when_no_legal_move_is_left() -> None:
    game = Game.from_position(stuck_position())
    assert list(legal_moves(game.state)) == []
    assert game.outcome is Outcome.STUCK
    assert game.deal_number is None


def test_replay_checks_every_move() -> None:
    turns = [Turn(move) for move in parse_moves("3a 32 3b")]
    game = Game.replay(deal(1), turns, deal_number=1, autoplay=AutoplayMode.OFF)
    assert game == play_all(Game.new(1, autoplay=AutoplayMode.OFF), "3a 32 3b")
    redo = Game.replay(deal(1), turns[:1], redo_tail=turns[1:], deal_number=1)
    assert redo.state == apply_move(deal(1), Move.parse("3a")) and len(redo.redo_tail) == 2
    with pytest.raises(IllegalMoveError) as info:
        Game.replay(deal(1), [*turns, Turn(Move.parse("12"))])
    assert str(info.value) == "move 4: 12: 6♠ cannot go on 8♦: ranks must step down by one"
    assert not isinstance(info.value, NotationError)


def test_autoplay_mode_changes_from_now_on() -> None:
    game = Game.new(1, autoplay=AutoplayMode.OFF).with_autoplay(AutoplayMode.ALL)
    assert game.autoplay is AutoplayMode.ALL and game.state == deal(1)


def test_turns_remember_their_autoplay_mode_and_replay_with_it() -> None:
    game = play_all(Game.new(1, autoplay=AutoplayMode.OFF), "5a 5b 5c 5d")
    assert game.turns[-1].autoplay == () and game.turns[-1].mode is AutoplayMode.OFF
    game = game.with_autoplay(AutoplayMode.SAFE).play(Move.parse("5h"))
    assert game.turns[-1].mode is AutoplayMode.SAFE
    again = Game.replay(deal(1), game.turns, deal_number=1, autoplay=AutoplayMode.SAFE)
    assert again == game


def test_replay_works_out_an_unknown_mode_from_the_autoplay_moves() -> None:
    safe = play_all(Game.new(1, autoplay=AutoplayMode.SAFE), "5a 5b 5c 5d")
    assert safe.turns[-1].autoplay == (Move.parse("5h"),)
    unknown = [Turn(turn.move, turn.autoplay) for turn in safe.turns]
    # The game's mode is off now, but the last turn's autoplay is what safe plays: accepted.
    again = Game.replay(deal(1), unknown, deal_number=1, autoplay=AutoplayMode.OFF)
    assert again.state == safe.state and again.turns[-1].mode is AutoplayMode.SAFE
    assert again.turns[0].mode is AutoplayMode.OFF


def test_replay_refuses_moves_packed_into_a_turn_as_autoplay() -> None:
    moves = parse_moves("3a 32 3b")
    packed = Turn(moves[0], tuple(moves[1:]))
    with pytest.raises(IllegalMoveError) as info:
        Game.replay(deal(1), [packed], deal_number=1)
    assert str(info.value) == (
        "move 2: 32: only autoplay may follow a move in a turn, and no autoplay mode plays it here"
    )
    with pytest.raises(IllegalMoveError, match="autoplay off plays nothing more here"):
        Game.replay(deal(1), [Turn(moves[0], tuple(moves[1:]), AutoplayMode.OFF)])


def test_replay_refuses_a_turn_that_stops_before_its_autoplay() -> None:
    safe = play_all(Game.new(1, autoplay=AutoplayMode.SAFE), "5a 5b 5c 5d")
    cut = [*safe.turns[:-1], Turn(safe.turns[-1].move, (), AutoplayMode.SAFE)]
    with pytest.raises(IllegalMoveError, match="stops early: autoplay safe also plays 5h"):
        Game.replay(deal(1), cut, deal_number=1)


def test_replay_takes_restarts() -> None:
    game = play_all(Game.new(1), "3a 32").restart().play(Move.parse("1b"))
    again = Game.replay(deal(1), game.turns, deal_number=1)
    assert again == game and again.states == game.states


def test_solver_moves_and_hints_are_recorded() -> None:
    game = Game.new(1).play(Move.parse("3a"), solver=True).with_hint()
    game = game.play(Move.parse("32"))
    assert game.solver_moves == 1 and game.hints == 1
    assert game.turns[0].solver and not game.turns[1].solver
    assert game.restart().solver_moves == 0


def _longest(deal_number: int = 1) -> Game:
    """A game of deal 1 with :data:`MAX_TURNS` turns: a card sent to a free cell, then moved
    between two free cells."""
    game = Game.new(deal_number).play(Move.parse("3a"))
    turns = [*game.turns, *(Turn(Move.parse(w)) for w in ("ab", "ba") * (MAX_TURNS // 2))]
    return Game.replay(game.start, turns[:MAX_TURNS], deal_number=deal_number)


def test_a_game_keeps_at_most_max_turns() -> None:
    """Issue 23: a game of 200,001 moves took seconds to replay at every load."""
    game = _longest()
    assert len(game.turns) == MAX_TURNS == 10_000
    for refused in (lambda: game.play(Move.parse("ab")), game.restart):
        with pytest.raises(IllegalMoveError, match="has 10,000 moves, the most a game keeps"):
            refused()
    assert len(game.undo().play(Move.parse("ab")).turns) == MAX_TURNS  # another way is fine
    with pytest.raises(IllegalMoveError, match="it has 10,001 moves, and a game keeps at most"):
        Game.replay(game.start, game.turns, redo_tail=game.turns[-1:], deal_number=1)
