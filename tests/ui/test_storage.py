"""The full-screen game and the store, played through Pilot: the resume prompt, autosave after
every change, the save screen (save, load, history), statistics on a win and on a new game,
notices when the data dir is damaged, read-only or full, and the Klondike screen. Every test has
its own data dir (``tmp_path``)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from textual.message import Message
from textual.notifications import Notify
from textual.widgets import DataTable

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, Pile
from freecell_tui.store import DB_NAME, Result, Store
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.messages import PileClicked
from freecell_tui.ui.screens.dialogs import ConfirmScreen, WinScreen
from freecell_tui.ui.screens.game import GameScreen
from freecell_tui.ui.screens.klondike import KlondikeScreen
from freecell_tui.ui.screens.resume import ResumeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.screens.stats import StatsScreen

from .helpers import SIZE, board, make_app, message
from .positions import near_won_game


class Clock:
    """A game clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def unfinished(data: Path, game: Game, elapsed: float = 0.0) -> None:
    """Leave ``game`` in ``data`` as a copy of the game that quit would."""
    store = Store.open(data).store
    assert store.autosave(game, elapsed) is None
    store.close()


def game_with_history() -> Game:
    """Deal 1, autoplay off, three moves played and one undone."""
    game = Game.new(1, autoplay=AutoplayMode.OFF)
    for move in ("3a", "6b", "8c"):
        game = game.play(Move.parse(move))
    return game.undo()


def autosaved_turns(data: Path) -> list[list[str]]:
    """The turns of every game in progress, read by a second connection, as another copy
    of the game (or a crash's survivor) would."""
    with sqlite3.connect(data / DB_NAME) as connection:
        return [json.loads(turns) for (turns,) in connection.execute("SELECT turns FROM autosaves")]


def notices(messages: list[Message]) -> list[str]:
    return [m.notification.message for m in messages if isinstance(m, Notify)]


def new_app(data: Path, **options: Any) -> FreeCellApp:
    """The app as ``freecell-tui`` starts it (no --deal unless given)."""
    app = FreeCellApp(data_dir=data, clock=options.pop("clock", lambda: 0.0), **options)
    app.animation_level = "none"
    return app


# ---------------------------------------------------------------------- the resume prompt
async def test_no_unfinished_game_no_prompt(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_an_unfinished_game_is_offered_and_enter_resumes_it_exactly(tmp_path: Path) -> None:
    saved = game_with_history()
    unfinished(tmp_path, saved, 75.0)
    clock = Clock()
    app = new_app(tmp_path, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        clock.now += 600  # ten minutes thinking at the prompt do not count
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = board(app).game
        assert game == saved  # position, undo history and redo tail
        assert game.autoplay is AutoplayMode.OFF
        assert board(app).elapsed == 75.0
        assert message(app).startswith("Welcome back: 2 moves, 1:15 played.")
        await pilot.press("ctrl+y")  # the redo history survived
        assert board(app).game.moves[-1] == Move.parse("8c")
        await pilot.pause()
        assert autosaved_turns(tmp_path) == [["3a", "6b", "8c"]]  # its own row, continued


async def test_new_game_at_the_prompt_records_the_old_one_as_lost(tmp_path: Path) -> None:
    unfinished(tmp_path, game_with_history(), 30.0)
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert board(app).game.move_count == 0
        assert not board(app).game.is_started
    results = Store.open(tmp_path).store.results()
    assert [(r.deal_number, r.result, r.move_count) for r in results] == [(1, Result.LEFT, 2)]
    assert Store.open(tmp_path).store.load_autosave().saved is None


async def test_q_at_the_prompt_quits_and_the_game_waits(tmp_path: Path) -> None:
    saved = game_with_history()
    unfinished(tmp_path, saved, 30.0)
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code in (None, 0)
    assert not app.is_running
    found = Store.open(tmp_path).store.load_autosave().saved
    assert found is not None and found.game == saved and found.elapsed_seconds == 30.0
    assert Store.open(tmp_path).store.results() == []


async def test_a_deal_asked_for_leaves_the_unfinished_game_waiting(tmp_path: Path) -> None:
    saved = game_with_history()
    unfinished(tmp_path, saved)
    app = new_app(tmp_path, deal=617)
    seen: list[Message] = []
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert board(app).game.deal_number == 617
        assert notices(seen) == [
            "Your unfinished game of deal 1 (2 moves) is kept: s opens the saves, where it is "
            "listed."
        ]
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SaveSlotsScreen)
        table = screen.query_one("#slots", DataTable)
        assert str(table.get_row_at(0)[0]) == "unfinished game"
    assert Store.open(tmp_path).store.results() == []


# ---------------------------------------------------------------------- autosave
async def test_every_move_undo_and_restart_is_written_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        await pilot.pause()
        assert autosaved_turns(tmp_path) == [["3a"]]
        await pilot.press("6", "b")
        await pilot.pause()
        assert autosaved_turns(tmp_path) == [["3a", "6b"]]
        await pilot.press("u")
        await pilot.pause()
        assert autosaved_turns(tmp_path) == [["3a"]]
        await pilot.press("r")
        await pilot.pause()
        assert autosaved_turns(tmp_path) == [[]]  # restarted: the moves wait in the redo tail


async def test_quitting_keeps_the_game_and_its_time_for_next_time(tmp_path: Path) -> None:
    clock = Clock()
    app = new_app(tmp_path, deal=1, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        clock.now += 42
        await pilot.press("q")
        await pilot.pause()
    found = Store.open(tmp_path).store.load_autosave().saved
    assert found is not None
    assert found.game.moves == (Move.parse("3a"),)
    assert found.elapsed_seconds == 42


# ---------------------------------------------------------------------- statistics
async def test_a_win_is_recorded_once(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=near_won_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "h")
        await pilot.pause()
        assert isinstance(app.screen, WinScreen)
        await pilot.press("escape", "u")  # undo the winning move and win again
        await pilot.press("1", "h")
        await pilot.pause()
        await pilot.press("n")  # a new game from the win notice: the win is not counted twice
        await pilot.pause()
        assert board(app).game.move_count == 0
    store = Store.open(tmp_path).store
    assert [(r.result, r.move_count) for r in store.results()] == [(Result.WON, 1)]
    assert store.load_autosave().saved is None


async def test_a_game_left_for_a_new_one_is_recorded_as_lost(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a", "n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("colon", *"deal 5", "enter")  # no move on the new game: not counted
        await pilot.pause()
        assert board(app).game.deal_number == 5
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        figures = str(app.screen.query_one("#figures").render())
        assert "Played 1   Won 0   Lost 1" in figures
    results = Store.open(tmp_path).store.results()
    assert [(r.deal_number, r.result, r.move_count) for r in results] == [(1, Result.LEFT, 1)]


async def test_stats_open_with_f4_the_command_and_the_palette(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for keys in (["f4"], ["colon", *"stats", "enter"]):
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(app.screen, StatsScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Saved games", "Statistics", "Watch Klondike"} <= set(titles)


# ---------------------------------------------------------------------- saves
async def test_s_ctrl_s_and_the_command_open_the_save_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for keys in (["s"], ["ctrl+s"], ["colon", *"saves", "enter"]):
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(app.screen, SaveSlotsScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)


async def test_save_then_load_restores_position_history_settings_and_time(tmp_path: Path) -> None:
    clock = Clock()
    app = new_app(tmp_path, start=game_with_history(), clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        clock.now += 90
        await pilot.press("s", "n")  # save new: the name box opens with "Deal 1"
        await pilot.press(*" early", "enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.press("colon", *"autoplay all", "enter")
        await pilot.press("1", "d", "5", "h")
        await pilot.pause()
        played_on = board(app).game
        assert played_on.move_count > 2
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SaveSlotsScreen)
        table = screen.query_one("#slots", DataTable)
        assert str(table.get_row_at(0)[0]) == "Deal 1 early"
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert board(app).game == game_with_history()
        assert board(app).game.autoplay is AutoplayMode.OFF
        assert board(app).elapsed == 90
        assert message(app) == (
            "Loaded “Deal 1 early”: deal 1, 2 moves. The game you were playing is kept: "
            "s lists it under the saves."
        )
        await pilot.press("ctrl+y")
        assert board(app).game.moves[-1] == Move.parse("8c")
        await pilot.pause()
        # The game played before loading waits as an unfinished game of its own.
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one("#slots", DataTable)
        assert str(table.get_row_at(1)[0]) == "unfinished game"
        assert str(table.get_row_at(1)[2]) == str(played_on.move_count)
    store = Store.open(tmp_path).store
    assert store.results() == []  # set aside, not left: nothing counted
    turns = sorted(len(t) for t in autosaved_turns(tmp_path))
    assert turns == [3, played_on.move_count]


async def test_save_and_load_by_command(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a", "colon", *"save mine [x]", "enter")
        await pilot.pause()
        assert message(app) == "Saved as “mine [x]”. s opens the saves."
        await pilot.press("colon", *"save MINE [x]", "enter")
        assert message(app) == "A save named “mine [x]” already exists."
        await pilot.press("6", "b", "colon", *"load mine [x]", "enter")
        await pilot.pause()
        assert board(app).game.moves == (Move.parse("3a"),)
        await pilot.press("colon", *"load nothing", "enter")
        assert message(app) == "There is no save named “nothing”."


# ---------------------------------------------------------------------- when the store has trouble
async def test_a_damaged_save_file_is_said_and_moved_aside(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"this is not a database" * 100)
    app = make_app(tmp_path)
    seen: list[Message] = []
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        await pilot.pause()
        [notice] = notices(seen)
        assert notice.startswith("The save file was damaged")
        assert "moved aside" in notice
        await pilot.press("3", "a")
        await pilot.pause()
        assert autosaved_turns(tmp_path) == [["3a"]]
    assert list(tmp_path.glob("freecell-tui.damaged-*.sqlite3"))


async def test_a_data_dir_that_cannot_be_written_still_plays_and_saves_in_memory(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    app = make_app(blocker / "data")
    seen: list[Message] = []
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        await pilot.pause()
        said = notices(seen)
        assert said[0].startswith(f"Cannot create the data folder {blocker / 'data'}")
        assert "in memory only" in said[-1]
        await pilot.press("3", "a", "colon", *"save here", "enter")
        await pilot.pause()
        assert board(app).game.move_count == 1
        assert message(app) == "Saved as “here”. s opens the saves."


async def test_a_failing_write_is_shown_once_and_play_goes_on(tmp_path: Path) -> None:
    def full(doing: str) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    app = make_app(tmp_path, store=Store.in_memory(before_commit=full))
    seen: list[Message] = []
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        await pilot.press("3", "a", "6", "b", "u")
        await pilot.pause()
        assert board(app).game.moves == (Move.parse("3a"),)
        assert notices(seen) == [
            "Could not save the game in progress: the disk is full (the previous save is kept). "
            "You can play on; this is shown once."
        ]


# ---------------------------------------------------------------------- Klondike
async def test_klondike_opens_and_returns_to_the_same_game_and_time(tmp_path: Path) -> None:
    clock = Clock()
    app = new_app(tmp_path, deal=1, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        clock.now += 10
        await pilot.press("colon", *"klondike", "enter")
        await pilot.pause()
        assert isinstance(app.screen, KlondikeScreen)
        clock.now += 300  # watching Klondike is not FreeCell play time
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert board(app).game.moves == (Move.parse("3a"),)
        assert board(app).elapsed == 10
        clock.now += 5
        assert board(app).elapsed == 15


async def test_a_double_click_that_loads_a_save_does_not_also_click_the_board(
    tmp_path: Path,
) -> None:
    """The first click loads the highlighted save and closes the screen; the second click of
    the double click lands on the board, which must not act on it."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a", "colon", *"save mine", "enter", "6", "b", "s")
        await pilot.pause()
        assert isinstance(app.screen, SaveSlotsScreen)
        await pilot.click("#slots", offset=(4, 1))  # the highlighted row: loads it
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        # The second click of the chain lands on column 3's top card, as the column posts it.
        board(app).post_message(PileClicked(Pile.parse("3"), 5, chain=2))
        await pilot.pause()
        assert board(app).game.moves == (Move.parse("3a"),)
        assert message(app).startswith("Loaded “mine”")
