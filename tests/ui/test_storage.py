"""The full-screen game and the store, where the screens and keys are the point: the resume prompt
(Enter resumes, keys typed after it reach the board, q quits), a deal asked for leaves the
unfinished game waiting, ``:save`` and ``:load``, the store's troubles as notices, and a double
click that loads a save. What the store keeps is tested on the session and the store
(``tests/session``, ``tests/store``, and line mode on the same session in ``tests/cli``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from textual import events
from textual.message import Message
from textual.notifications import Notify
from textual.widgets import DataTable

from freecell_tui.core.notation import Move, Pile
from freecell_tui.store import DB_NAME, Store
from freecell_tui.ui.messages import PileClicked
from freecell_tui.ui.screens.dialogs import ConfirmScreen
from freecell_tui.ui.screens.game import GameScreen
from freecell_tui.ui.screens.resume import ResumeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen

from .helpers import (
    SIZE,
    Clock,
    drawn_top,
    game,
    leave_unfinished,
    make_app,
    message,
    pile_widget,
    status_text,
    stored_turns,
    tone,
    type_command,
    wait_for,
)
from .positions import game_with_history


def notices(messages: list[Message]) -> list[str]:
    return [m.notification.message for m in messages if isinstance(m, Notify)]


# ---------------------------------------------------------------------- the resume prompt
async def test_enter_resumes_the_game_exactly_and_keys_typed_after_it_reach_the_board(
    tmp_path: Path,
) -> None:
    saved = game_with_history()
    leave_unfinished(tmp_path, saved, 75.0)
    clock = Clock()
    app = make_app(tmp_path, deal=None, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ResumeScreen)
        assert game(app) == saved  # the offered game is shown under the prompt
        clock.now += 600  # ten minutes thinking at the prompt are not play time
        # Typed at once, as a quick typist does (all queued before the first is handled): the
        # answer, redo (the redo history came back too), then a move.
        for key, character in (("enter", "\r"), ("ctrl+y", None), ("5", "5"), ("d", "d")):
            app.post_message(events.Key(key, character))
        played = (*saved.moves, Move.parse("8c"), Move.parse("5d"))
        await wait_for(pilot, lambda: game(app).moves == played, "redo and 5d on the board")
        assert isinstance(app.screen, GameScreen)
        assert message(app) == "5d: 6♣ to free cell d"
        assert app.session.elapsed == 75
        assert "Moves 4  Time 1:15  Autoplay off" in status_text(app)
    assert stored_turns(tmp_path) == [["3a", "6b", "8c", "5d"]]  # its own row, continued


async def test_q_at_the_prompt_quits_and_the_game_waits(tmp_path: Path) -> None:
    saved = game_with_history()
    leave_unfinished(tmp_path, saved, 30.0)
    app = make_app(tmp_path, deal=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
    assert app.return_code == 0
    store = Store.open(tmp_path).store
    found = store.autosaves.offer().saved
    assert found is not None and found.game == saved and found.elapsed_seconds == 30.0
    assert store.results.all().items == ()


async def test_a_deal_asked_for_leaves_the_unfinished_game_waiting(tmp_path: Path) -> None:
    leave_unfinished(tmp_path, game_with_history())
    seen: list[Message] = []
    app = make_app(tmp_path, deal=617)
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        assert isinstance(app.screen, GameScreen)
        assert game(app).deal_number == 617
        assert notices(seen) == [
            "Your unfinished game of deal 1 (2 moves) is kept: s opens the saves, where it is "
            "listed."
        ]
        await pilot.press("s")
        table = app.screen.query_one("#slots", DataTable)
        assert [str(cell) for cell in table.get_row_at(0)[:3]] == ["unfinished game", "#1", "2"]
    assert Store.open(tmp_path).store.results.all().items == ()


# ---------------------------------------------------------------------- typed save and load
async def test_save_and_load_by_command(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        await type_command(pilot, "save mine [x]")
        assert message(app) == "Saved as “mine [x]”: 1 move."
        assert tone(app) == "success"
        app.game_screen.run_command("save MINE [x]")  # taken: asked before overwriting
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        assert question.question == "A save named “mine [x]” already exists."
        assert question.detail == "Overwrite it with this game?"
        await pilot.press("n")
        assert message(app) == "Not saved: the save is kept as it was."
        await pilot.press("6", "b")
        app.game_screen.run_command("load mine [x]")  # a game under way: asked first
        await pilot.press("y")
        assert game(app).moves == (Move.parse("3a"),)
        assert message(app) == (
            "Loaded “mine [x]”: deal 1, 1 move, 0:00 played. The game you were playing is kept: "
            "the saves list it."
        )
        app.game_screen.run_command("load nothing")
        assert message(app) == "There is no save named “nothing”."
        assert tone(app) == "error"


# ---------------------------------------------------------------------- when the store has trouble
async def test_a_damaged_save_file_is_said_moved_aside_and_play_is_saved_anew(
    tmp_path: Path,
) -> None:
    (tmp_path / DB_NAME).write_bytes(b"this is not a database" * 100)
    seen: list[Message] = []
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        [notice] = notices(seen)
        [aside] = tmp_path.glob("freecell-tui.damaged-*.sqlite3")
        assert notice == (
            "The save file was damaged (file is not a database). It was moved aside to "
            f"{aside} and a new, empty one was started."
        )
        await pilot.press("3", "a")
        assert stored_turns(tmp_path) == [["3a"]]


async def test_a_failing_write_is_shown_once_and_play_goes_on(tmp_path: Path) -> None:
    def full(doing: str) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    seen: list[Message] = []
    app = make_app(tmp_path, store=Store.in_memory(before_commit=full))
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        await pilot.press("3", "a", "6", "b", "u")
        assert game(app).moves == (Move.parse("3a"),)
        assert drawn_top(pile_widget(app, "cell-a")) == "2♥"
        assert notices(seen) == [
            "Could not save the game in progress: the disk is full (the previous save is kept). "
            "You can play on; this is said once."
        ]


# ---------------------------------------------------------------------- the mouse on the saves
async def test_a_double_click_that_loads_a_save_does_not_also_click_the_board(
    tmp_path: Path,
) -> None:
    """The first click loads the highlighted save and closes the screen; the second click of
    the double click lands on the board, which must not act on it."""
    store = Store.open(tmp_path).store
    store.slots.save("mine", game_with_history(), 0)
    store.close()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SaveSlotsScreen)
        await pilot.click("#slots", offset=(4, 1))  # the highlighted row: loads it
        assert isinstance(app.screen, GameScreen)
        assert game(app) == game_with_history()
        # The second click of the chain lands on column 3's top card, as the column posts it.
        app.game_screen.board.post_message(PileClicked(Pile.parse("3"), 5, chain=2))
        await pilot.pause()
        assert game(app) == game_with_history()
        assert message(app) == "Loaded “mine”: deal 1, 2 moves, 0:00 played."
