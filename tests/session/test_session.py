"""The play session: saved before shown, nothing thrown away, questions that tell the truth, the
assistance record and the win time. Each bug of the session issue has a test here."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, parse_moves
from freecell_tui.core.variant import BAKERS_GAME, SEAHAVEN
from freecell_tui.session import Event, PlaySession, Step, Tone
from freecell_tui.session.replay import Replay, with_solution
from freecell_tui.store import DB_NAME, ErrorKind, Result, SavedGame, Store

from ..store.helpers import played


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def session_on(tmp_path: Path, game: Game | None = None, **options: object) -> PlaySession:
    store = Store.open(tmp_path).store
    return PlaySession(store, game or Game.new(1), deal_source=lambda: 617, **options)  # type: ignore[arg-type]


def stored_turns(tmp_path: Path) -> list[str]:
    """The turns of every game in progress, read from the file by another connection."""
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        rows = connection.execute("SELECT turns FROM autosaves").fetchall()
    return [turn for (turns,) in rows for turn in json.loads(turns)]


def play(session: PlaySession, text: str, *, solver: bool = False) -> None:
    for move in parse_moves(text):
        step = session.play(move, solver=solver)
        assert not step.refused, step.said


# ---------------------------------------------------------------- bug 1: saved before shown
def test_a_move_is_on_disk_when_play_returns(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    step = session.play(Move.parse("3a"))
    assert step.changed and step.said == "3a: 2♥ to free cell a"
    # Another connection sees it at once: nothing waits for a message queue or an idle moment.
    assert stored_turns(tmp_path) == ["3a"]
    session.play(Move.parse("32"))
    assert stored_turns(tmp_path) == ["3a", "32"]


def test_a_refused_move_says_why_and_writes_nothing(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    step = session.play(Move.parse("12"))
    assert step.refused and step.tone is Tone.ERROR and not step.changed
    assert step.said == "6♠ cannot go on 9♣: ranks must step down by one"
    assert stored_turns(tmp_path) == []


# ---------------------------------------------------------------- bug 2: restart, new game
def test_restart_is_one_undoable_step(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    play(session, "3a 32 3b 3c")
    before = session.game.state
    step = session.restart()
    assert step.changed and session.game.move_count == 0
    assert session.under_way  # a restarted game still has history: leaving it is asked
    step = session.undo()
    assert step.said == "Undid the restart: back where you were."
    assert session.game.state == before and session.game.move_count == 4
    assert stored_turns(tmp_path) == ["3a", "32", "3b", "3c"]


def test_restart_at_the_start_is_refused(tmp_path: Path) -> None:
    step = session_on(tmp_path).restart()
    assert step.refused and step.said == "this game is already at its start"


def test_new_game_asks_and_says_the_game_is_recorded_as_a_loss(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    assert session.question_new() is None  # nothing at stake yet
    play(session, "3a")
    question = session.question_new()
    assert question is not None
    assert question.title == "Start a new game?"
    assert question.detail == "Your game of deal 1 (1 move) will be recorded as a loss."
    assert session.question_new(617) is not None
    assert session.question_new(617).title == "Start deal 617?"  # type: ignore[union-attr]
    step = session.new_game()
    assert step.new_game and step.said == "Deal 617. Good luck!"
    results = session.store.results.all().items
    assert [(r.deal_number, r.result) for r in results] == [(1, Result.LEFT)]  # it was true


def test_a_game_of_another_game_keeps_this_one_unfinished(tmp_path: Path) -> None:
    """Leaving a game for a deal of another game keeps it, as starting with ``--game`` does;
    the question says so, and it is true."""
    session = session_on(tmp_path, Game.new(1, variant=SEAHAVEN))
    play(session, "1a")
    question = session.question_new(5, BAKERS_GAME)
    assert question is not None and question.title == "Start deal 5 of Baker's Game?"
    assert question.detail.endswith("will be kept as an unfinished game: the saves list it.")
    step = session.new_game(5, variant=BAKERS_GAME)
    assert step.new_game and session.variant == BAKERS_GAME
    assert step.said.endswith("The game you were playing is kept: the saves list it.")
    assert session.store.results.all().items == ()
    kept = session.store.autosaves.all().items
    assert [(info.deal_number, info.variant) for info in kept] == [(1, SEAHAVEN)]
    # A new deal of the same game still records the game left as a loss, as it says.
    play(session, "1a")
    question = session.question_new(6, BAKERS_GAME)
    assert question is not None and question.detail.endswith("will be recorded as a loss.")
    session.new_game(6, variant=BAKERS_GAME)
    results = session.store.results.all().items
    assert [(r.deal_number, r.result) for r in results] == [(5, Result.LEFT)]


def test_a_game_with_only_moves_to_redo_is_under_way(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    play(session, "3a")
    session.undo()
    assert session.game.move_count == 0 and session.under_way
    assert session.question_new() is not None


def test_restart_then_new_asks(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    play(session, "3a 32")
    session.restart()
    assert session.question_new() is not None


def test_loading_asks_and_says_the_game_is_kept(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.store.slots.save("other", played(5, 3), 10)
    play(session, "3a")
    question = session.question_load("“other”")
    assert question is not None and question.title == "Load “other”?"
    assert "kept as an unfinished game" in question.detail
    found = session.find_slot("other")
    assert isinstance(found, SavedGame)
    step = session.play_saved(found)
    assert step.new_game and session.game.deal_number == 5
    assert "The game you were playing is kept" in step.said
    # It was true: the game is kept as an unfinished game, not recorded.
    assert [info.deal_number for info in session.store.autosaves.all().items] == [1]
    assert session.store.results.all().items == ()


def test_load_of_a_missing_save_says_so(tmp_path: Path) -> None:
    found = session_on(tmp_path).find_slot("nope")
    assert isinstance(found, Step) and found.refused and found.error is ErrorKind.NOT_FOUND
    assert found.said == "There is no save named “nope”."


def test_declining_the_offer_asks_and_records_the_old_game_as_a_loss(tmp_path: Path) -> None:
    first = session_on(tmp_path)
    play(first, "3a 32")
    first.close()
    store = Store.open(tmp_path).store
    offer = store.autosaves.offer().saved
    assert offer is not None
    session = PlaySession(store, Game.new(9), offer=offer, deal_source=lambda: 617)
    assert session.game.move_count == 2  # the offered game is shown under the question
    refused = session.play(Move.parse("3b"))
    assert refused.refused
    question = session.question_decline()
    assert question.detail.startswith("The unfinished game of deal 1 (2 moves,")
    assert question.detail.endswith("will be recorded as a loss.")
    step = session.decline_offer()
    assert session.game.deal_number == 617 and step.new_game
    assert [r.result for r in store.results.all().items] == [Result.LEFT]


def test_resuming_the_offer_takes_its_history(tmp_path: Path) -> None:
    first = session_on(tmp_path)
    play(first, "3a 32")
    first.restart()
    first.close()
    store = Store.open(tmp_path).store
    offer = store.autosaves.offer().saved
    assert offer is not None
    session = PlaySession(store, Game.new(9), offer=offer, autoplay=AutoplayMode.OFF)
    step = session.resume_offer()
    assert step.said.startswith("Welcome back: 0 moves")
    assert session.game.autoplay is AutoplayMode.OFF  # --autoplay applies to a resumed game
    assert session.undo().said == "Undid the restart: back where you were."
    assert session.game.move_count == 2


# ---------------------------------------------------------------- bug 5: assistance
def test_a_game_auto_solve_finished_is_the_computers_not_the_players(
    tmp_path: Path, deal_1_solution: str
) -> None:
    session = session_on(tmp_path, Game.new(1, autoplay=AutoplayMode.OFF))
    moves = parse_moves(deal_1_solution)
    play(session, " ".join(str(m) for m in moves[:-10]))
    play(session, " ".join(str(m) for m in moves[-10:]), solver=True)
    assert session.game.state.is_won and session.finished
    moves = session.game.move_count
    assert session.win_text() == (
        f"Auto-solve played 10 of the {moves} moves, so this game is not counted as your win."
    )
    stats = session.store.results.statistics({}, AutoplayMode.SAFE).statistics
    assert (stats.played, stats.won, stats.solved, stats.lost) == (1, 0, 1, 0)
    assert stats.current_streak == 0 and stats.deals[0].best_seconds is None
    assert [r.result for r in session.store.results.all().items] == [Result.SOLVED]


def test_hints_are_recorded_with_the_game_and_shown_on_the_win(
    tmp_path: Path, deal_1_solution: str
) -> None:
    session = session_on(tmp_path, Game.new(1, autoplay=AutoplayMode.OFF))
    session.note_hint()
    play(session, "5a")
    session.note_hint()
    assert session.game.hints == 2
    with sqlite3.connect(tmp_path / DB_NAME) as connection:  # it is in the stored record
        assert connection.execute("SELECT hints FROM autosaves").fetchall() == [(2,)]
    session.undo()
    play(session, deal_1_solution)
    assert session.win_text().endswith("Hints used: 2.")
    assert session.win_text().startswith("You won deal 1 in")
    stats = session.store.results.statistics({}, AutoplayMode.SAFE).statistics
    assert (stats.won, stats.won_with_hints, stats.solved) == (1, 1, 0)


# ---------------------------------------------------------------- bug 6: the win time
def test_the_win_time_never_changes_after_the_win(tmp_path: Path, deal_1_solution: str) -> None:
    clock = Clock()
    session = session_on(tmp_path, Game.new(1, autoplay=AutoplayMode.OFF), clock=clock)
    moves = parse_moves(deal_1_solution)
    for move in moves[:-1]:
        session.play(move)
        clock.now += 0.5
    step = session.play(moves[-1])
    assert step.event is Event.WON
    won_at = session.elapsed
    text = session.win_text()
    clock.now += 120
    session.undo()
    clock.now += 7
    again = session.redo()
    assert again.event is Event.WON
    assert session.elapsed == won_at and session.win_text() == text
    assert session.store.results.all().items[0].elapsed_seconds == pytest.approx(won_at)


def test_the_clock_waits_while_held(tmp_path: Path) -> None:
    clock = Clock()
    session = session_on(tmp_path, clock=clock)
    clock.now += 5
    session.hold_clock("covered")
    clock.now += 100
    session.release_clock("covered")
    clock.now += 1
    assert session.elapsed == pytest.approx(6)


# ---------------------------------------------------------------- the store's troubles
def test_a_failing_write_is_said_once_and_play_goes_on(tmp_path: Path) -> None:
    import sqlite3 as sql

    def full(doing: str) -> None:
        raise sql.OperationalError("database or disk is full")

    store = Store.open(tmp_path, before_commit=full).store
    session = PlaySession(store, Game.new(1))
    first = session.play(Move.parse("3a"))
    assert first.changed and len(first.notices) == 1
    assert "the disk is full" in first.notices[0] and "said once" in first.notices[0]
    second = session.play(Move.parse("32"))
    assert second.changed and second.notices == ()


def test_save_as_reports_a_taken_name_for_the_front_end_to_ask(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    play(session, "3a")
    assert session.save_as("mine").said == "Saved as “mine”: 1 move."
    taken = session.save_as("MINE")
    assert taken.refused and taken.error is ErrorKind.EXISTS
    assert session.save_as("mine", overwrite=True).said == "Saved over “mine”: 1 move."


def test_no_legal_move_left_is_an_event_once() -> None:
    from ..ui.positions import near_stuck_game

    session = PlaySession(Store.in_memory(), near_stuck_game())
    step = session.play(Move.parse("1d"))
    assert step.event is Event.STUCK
    assert session.undo().event is None and session.redo().event is Event.STUCK


def test_winning_is_an_event_and_finishes_the_game() -> None:
    from ..ui.positions import near_won_game

    session = PlaySession(Store.in_memory(), near_won_game())
    step = session.play(Move.parse("1h"))
    assert step.event is Event.WON and session.finished and not session.under_way
    assert session.question_new() is None  # a won game is recorded: nothing is at stake
    assert [r.result for r in session.store.results.all().items] == [Result.WON]


# ---------------------------------------------------------------- playing on from a watched game
def test_playing_on_from_a_watched_move_keeps_its_history_on_disk(tmp_path: Path) -> None:
    watched = Game.new(617)
    for move in parse_moves("3a 3b 3c"):
        watched = watched.play(move)
    session = session_on(tmp_path, Game.new(617))
    step = session.leave_for_game(Replay.of(watched).last().game_at())
    assert isinstance(step, Step) and step.changed and step.new_game
    assert step.said == "Playing on from deal 617 after 3 moves: u takes them back one by one."
    assert stored_turns(tmp_path) == ["3a", "3b", "3c"]  # saved before shown
    assert session.undo().changed and session.game.state == watched.states[2]


def test_playing_on_over_a_game_under_way_asks_and_keeps_it_unfinished(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    play(session, "3a")
    mine = session.game
    watched = Game.new(617).play(Move.parse("3a"))
    ask = session.leave_for_game(watched)
    assert not isinstance(ask, Step) and ask is not None
    assert ask.question.title == "Play on from here?" and "unfinished" in ask.question.detail
    assert session.game == mine and ask.no == "Not started: your game goes on."
    step = ask.yes()
    assert isinstance(step, Step) and session.game == watched
    assert "The game you were playing is kept" in step.said
    kept = [info.deal_number for info in session.store.autosaves.all().items]
    assert kept == [1]  # the game left, set aside (the new one is this copy's own)


def test_a_solution_watched_is_marked_as_the_solvers() -> None:
    game = Game.new(1, autoplay=AutoplayMode.OFF).play(Move.parse("6a"))
    solved = with_solution(game, parse_moves("6b 6h"))
    assert solved.move_count == 3 and solved.solver_moves == 2
    assert [turn.solver for turn in solved.turns] == [False, True, True]
