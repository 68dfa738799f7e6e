"""Line mode and the store: autosave, the resume question (over a pipe), results, ``saves``,
``stats``, ``save NAME`` and ``load NAME``; every test uses its own data dir."""

from __future__ import annotations

import argparse
import io
import sqlite3
from pathlib import Path

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.errors import NotationError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.line import run_line_mode
from freecell_tui.session.parse import ActionCommand, parse_command
from freecell_tui.store import Result, Store

from .line import line_mode

QUESTION_END = "[Y/n/q]"


def play(data: Path, commands: str, *, deal: str | None = None, autoplay: str | None = None) -> str:
    """Run line mode in-process on ``commands`` with the data dir ``data``; what it printed (in
    ASCII: suits as letters, straight quotes). A win does not search par (its tests are in
    ``test_line_par.py``)."""
    out = io.StringIO()
    args = argparse.Namespace(deal=deal, autoplay=autoplay, ascii=True, data_dir=str(data))
    assert run_line_mode(args, stdin=io.StringIO(commands), stdout=out, par_seconds=0) == 0
    return out.getvalue()


def store(data: Path) -> Store:
    return Store.open(data).store


def heading(out: str) -> str:
    """The last board's heading line."""
    return [line for line in out.splitlines() if line.startswith("Deal ")][-1]


# ---------------------------------------------------------------------- autosave and resume
def test_every_move_is_written_at_once(tmp_path: Path) -> None:
    """The game in the store is the game on screen after each command, before the session ends."""
    session_out = io.StringIO()
    kept = store(tmp_path)
    session = line_mode(Game.new(1), session_out, store=kept)
    for command, turns in (("3a", '["3a"]'), ("6b", '["3a", "6b"]'), ("undo", '["3a"]')):
        session.handle(command)
        with sqlite3.connect(tmp_path / "freecell-tui.sqlite3") as other_reader:
            rows = list(other_reader.execute("SELECT turns, redo FROM autosaves"))
        assert rows[0][0] == turns
    assert rows == [('["3a"]', '["6b"]')]
    kept.close()


def test_no_deal_and_an_unfinished_game_asks_and_enter_resumes_it(tmp_path: Path) -> None:
    first = play(tmp_path, "autoplay off\n3a\n6b\n8c\nundo\n", deal="1")
    out = play(tmp_path, "\nredo\n")
    lines = out.splitlines()
    asked = next(i for i, line in enumerate(lines) if line.endswith(QUESTION_END))
    assert lines[asked - 1].startswith(
        "You have an unfinished game: deal 1, 2 moves, 0 of 52 cards home"
    )
    assert "Resumed where you left off: undo and redo work as before." in out
    assert heading(first) == "Deal 1 (hard), 2 moves, 0 of 52 cards home, autoplay off"
    assert "Redid 8c." in out
    assert heading(out) == "Deal 1 (hard), 3 moves, 0 of 52 cards home, autoplay off"


@pytest.mark.parametrize("answer", ["y", "Y", "yes", "resume"])
def test_yes_words_resume(tmp_path: Path, answer: str) -> None:
    play(tmp_path, "3a\n", deal="5")
    assert heading(play(tmp_path, answer + "\n")).startswith("Deal 5 (easy), 1 move,")


def test_an_unclear_answer_is_asked_again(tmp_path: Path) -> None:
    play(tmp_path, "3a\n", deal="5")
    out = play(tmp_path, "maybe\ny\n")
    assert "Please answer y (resume), n (new game) or q (quit). [Y/n/q]" in out
    assert heading(out).startswith("Deal 5 (easy), 1 move,")


def test_n_asks_then_starts_a_new_game_and_records_the_old_one_as_left(tmp_path: Path) -> None:
    play(tmp_path, "3a\n", deal="5")
    out = play(tmp_path, "n\ny\n")
    assert "Start a new game? The unfinished game of deal 5 (1 move, 0:0" in out
    assert "will be recorded as a loss. [y/N]" in out
    assert "The unfinished game counts as lost. Deal " in out
    assert not heading(out).startswith("Deal 5 (easy), 1 move")
    results = store(tmp_path).results.all().items
    assert [(r.deal_number, r.result, r.move_count) for r in results] == [(5, Result.LEFT, 1)]
    assert "unfinished game" not in play(tmp_path, "q\n")  # nothing more to resume


def test_n_then_no_goes_back_to_the_question(tmp_path: Path) -> None:
    play(tmp_path, "3a\n", deal="5")
    out = play(tmp_path, "n\nno\n\n")
    assert "Resume it? Enter or y resumes, n starts a new game, q quits. [Y/n/q]" in out
    assert heading(out).startswith("Deal 5 (easy), 1 move,")
    assert store(tmp_path).results.all().items == ()


@pytest.mark.parametrize("answer", ["q\n", ""])  # q, or the end of input
def test_q_or_end_of_input_at_the_question_keeps_the_game_waiting(
    tmp_path: Path, answer: str
) -> None:
    play(tmp_path, "3a\n", deal="5")
    out = play(tmp_path, answer)
    assert out.splitlines()[-1] == "Goodbye: the unfinished game waits for next time."
    assert "FreeCell in line mode" not in out
    assert heading(play(tmp_path, "\n")).startswith("Deal 5 (easy), 1 move,")
    assert store(tmp_path).results.all().items == ()


def test_a_deal_given_leaves_the_unfinished_game_waiting(tmp_path: Path) -> None:
    play(tmp_path, "3a\n", deal="5")
    out = play(tmp_path, "1a\n", deal="9")
    assert (
        "Your unfinished game of deal 5 (1 move) is kept: start without --deal to resume it." in out
    )
    assert QUESTION_END not in out
    assert store(tmp_path).results.all().items == ()
    # Deal 9 is the latest unfinished game now; deal 5 still waits behind it.
    unfinished = store(tmp_path).autosaves.all().items
    assert [(game.deal_number, game.move_count) for game in unfinished] == [(9, 1), (5, 1)]


def test_no_unfinished_game_no_question(tmp_path: Path) -> None:
    out = play(tmp_path, "")
    assert QUESTION_END not in out
    assert out.startswith("FreeCell in line mode.")


def test_autoplay_mode_and_play_time_come_back(tmp_path: Path) -> None:
    kept = store(tmp_path)
    ticks = iter(range(0, 1000, 10))
    session = line_mode(Game.new(3), store=kept, clock=lambda: float(next(ticks)))
    session.handle("autoplay all")
    session.handle("3a")
    session.session.close()  # the end of the session writes the play time once more
    saved = store(tmp_path).autosaves.offer().saved
    assert saved is not None
    assert saved.game.autoplay is AutoplayMode.ALL
    assert saved.elapsed_seconds == 30.0  # the clock read 0 at the start, 30 at the end


# ---------------------------------------------------------------------- results
def test_a_win_is_recorded_once(tmp_path: Path, deal_1_solution: str) -> None:
    commands = "\n".join(deal_1_solution.split()) + "\nundo\nredo\nnew\n3a\n"
    play(tmp_path, commands, deal="1", autoplay="off")
    results = store(tmp_path).results.all().items
    assert [(r.deal_number, r.result) for r in results] == [(1, Result.WON)]
    assert results[0].move_count == len(deal_1_solution.split())
    # The next game (3a played) waits to be resumed; it is not counted yet.
    assert store(tmp_path).autosaves.offer().saved is not None


def test_a_new_game_records_the_one_left(tmp_path: Path) -> None:
    play(tmp_path, "3a\ndeal 2\ny\nnew\n1a\n", deal="1")
    results = store(tmp_path).results.all().items
    # deal 1 (one move) is left; deal 2 had no move, so it does not count.
    assert [(r.deal_number, r.result, r.move_count) for r in results] == [(1, Result.LEFT, 1)]


def test_stats_prints_the_statistics(tmp_path: Path) -> None:
    assert "No finished games yet" in play(tmp_path, "stats\n", deal="1")
    out = play(tmp_path, "3a\ndeal 2\ny\nstats\n", deal="1")
    assert "Played                  1" in out
    assert "Won                     0" in out
    assert "Win rate                0%" in out


# ---------------------------------------------------------------------- saves
def test_save_and_load_restore_the_history(tmp_path: Path) -> None:
    out = play(tmp_path, 'autoplay off\n3a\n6b\nundo\nsave Deal 1 "early"\n', deal="1")
    assert 'Saved as "Deal 1 "early"": 1 move.' in out
    out = play(tmp_path, 'load deal 1 "EARLY"\nredo\n', deal="4")
    assert 'Loaded "Deal 1 "early"": deal 1, 1 move' in out
    assert "Redid 6b." in out
    assert heading(out) == "Deal 1 (hard), 2 moves, 0 of 52 cards home, autoplay off"


def test_load_keeps_the_game_being_played(tmp_path: Path) -> None:
    play(tmp_path, "3a\nsave one\n", deal="1")
    out = play(tmp_path, "1a\n2b\nload one\ny\nsaves\n", deal="8")
    assert (
        'Load "one"? Your game of deal 8 (2 moves) will be kept as an unfinished game: the '
        "saves list it. [y/N]" in out
    )
    assert "The game you were playing is kept: the saves list it." in out
    assert "2 unfinished games waiting:" in out  # deal 8, and deal 1 from the first session
    assert "deal 8, 2 moves, 3 cards home" in out
    assert store(tmp_path).results.all().items == ()  # set aside, not left


def test_saves_lists_the_named_saves(tmp_path: Path) -> None:
    assert "0 saves." in play(tmp_path, "saves\n", deal="1")
    out = play(tmp_path, "3a\nsave first\n1b\nsave second\nsaves\n", deal="1")
    assert "2 saves:" in out
    assert '"second": deal 1, 2 moves, 0 cards home' in out
    assert '"first": deal 1, 1 move, 0 cards home' in out


def test_a_taken_name_asks_before_overwriting(tmp_path: Path) -> None:
    out = play(tmp_path, "3a\nsave mine\n1b\nsave MINE\nn\nsave mine\ny\n", deal="1")
    assert out.count('A save named "mine" already exists. Overwrite it with this game? [y/N]') == 2
    assert "Not saved: the save is kept as it was." in out
    assert 'Saved over "mine": 2 moves.' in out
    assert store(tmp_path).slots.load("mine").game.move_count == 2


def test_the_answer_to_overwrite_is_not_a_command(tmp_path: Path) -> None:
    out = play(tmp_path, "3a\nsave mine\nsave mine\n1b\n", deal="1")
    assert "1b:" not in out  # "1b" answered the question (no), it was not played
    assert "Not saved" in out


def test_bad_names_and_unknown_saves_are_refused(tmp_path: Path) -> None:
    out = play(tmp_path, "save " + "x" * 41 + "\nload nothing\nsave\nsave a\tb\n", deal="1")
    assert "A slot name has at most 40 characters; this one has 41." in out
    # Bug: a bad slot name in line mode named the database file; the message is about the name.
    assert "sqlite3" not in out and str(tmp_path) not in out
    assert 'There is no save named "nothing".' in out
    assert "Not understood: save: give the save's name, as 'save my game'" in out


def test_save_and_load_parse_the_rest_of_the_line_as_the_name() -> None:
    assert parse_command("save  my   game ") == ActionCommand("save", name="my   game")
    assert parse_command("LOAD [x]") == ActionCommand("load", name="[x]")
    with pytest.raises(NotationError, match="give the save's name"):
        parse_command("load")


# ---------------------------------------------------------------------- when writing fails
def test_a_failing_write_is_said_once_and_play_goes_on(tmp_path: Path) -> None:
    def full(doing: str) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    out = io.StringIO()
    session = line_mode(Game.new(1), out, store=Store.in_memory(before_commit=full))
    for move in ("3a", "6b", "undo"):
        session.handle(move)
    text = out.getvalue()
    assert text.count("Note: Could not save the game in progress: the disk is full") == 1
    assert session.session.game.moves == (Move.parse("3a"),)


def test_a_data_dir_that_cannot_be_written_is_said_and_the_game_plays(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    out = play(blocker / "data", "3a\nsave x\nsaves\n", deal="1")
    assert out.startswith(f"Note: Cannot create the data folder {blocker / 'data'}")
    assert "in memory only" in out
    assert "3a: 2H to free cell a" in out
    assert '"x": deal 1, 1 move' in out
