"""The session issue's bugs, driven through the real UI (keys, screens, what is drawn). Each test
fails on the old behaviour; ``tests/session/test_session.py`` checks the same rules on the
session alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Label, Static

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.solver import solve_for_autoplay
from freecell_tui.store import Result, Store
from freecell_tui.ui.assist import autosolve
from freecell_tui.ui.screens.dialogs import ConfirmScreen, WinScreen
from freecell_tui.ui.screens.resume import ResumeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.screens.stats import StatsScreen

from .helpers import (
    SIZE,
    Clock,
    drawn_top,
    game,
    hinted,
    leave_unfinished,
    lines,
    looks,
    make_app,
    message,
    pile_widget,
    status_text,
    stored_turns,
    the_board,
    type_command,
    wait_for,
)
from .positions import game_with_history, kings_left_game, near_won_game


def drawn(widget: object) -> str:
    """A widget's text as drawn, its wrapped lines joined by spaces."""
    return " ".join(line.strip() for line in lines(widget) if line.strip())  # type: ignore[arg-type]


def fast_autosolve(monkeypatch: pytest.MonkeyPatch) -> None:
    """``:speed 10`` picks the fastest pace; make it a millisecond, so a whole game plays out in
    a moment (the pace itself is not what these tests are about)."""
    monkeypatch.setattr(autosolve, "PACES", (*autosolve.PACES[:-1], 0.001))


# ---------------------------------------------------------------- bug 1: saved before shown
async def test_a_move_is_on_disk_before_the_board_draws_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        store, board = app.session.store, the_board(app)
        column_3, cell_a = pile_widget(app, "col-3"), pile_widget(app, "cell-a")
        seen: list[tuple[str, str, bool]] = []
        commit = store.autosaves.save

        def autosave(saved: Game, elapsed: float, daily: object = None) -> object:
            # What the player sees at the moment the game is written.
            seen.append((drawn_top(column_3), drawn_top(cell_a), board.state == saved.state))
            return commit(saved, elapsed, daily)  # type: ignore[arg-type]

        monkeypatch.setattr(store.autosaves, "save", autosave)
        await pilot.press("3", "a")
        # Written while the board still showed 2♥ on column 3 and an empty free cell a...
        assert seen == [("2♥", "", False)]
        # ...and drawn only after: the board shows what is on disk, nothing more.
        assert (drawn_top(column_3), drawn_top(cell_a)) == ("8♦", "2♥")
        # Another connection sees the move as soon as the key press is handled: no pause.
        assert stored_turns(tmp_path) == [["3a"]]
        await pilot.press("u")
        assert seen[-1] == ("8♦", "2♥", False)
        assert stored_turns(tmp_path) == [[]]
        assert drawn_top(column_3) == "2♥"


# ---------------------------------------------------------------- bug 2: nothing thrown away
async def test_restart_then_undo_is_back_where_the_player_was(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for move in ("3a", "32", "3b", "3c", "5d"):
            await pilot.press(*move)
        assert game(app).move_count == 5
        before, drawn_before = game(app).state, looks(app)
        await pilot.press("r")
        assert message(app) == "Back to the start: u takes the restart back."
        assert game(app).move_count == 0 and "Moves 0" in status_text(app)
        await pilot.press("u")
        assert message(app) == "Undid the restart: back where you were."
        assert game(app).state == before and game(app).move_count == 5
        assert "Moves 5" in status_text(app)
        assert looks(app) == drawn_before  # every pile drawn as before the restart
        assert stored_turns(tmp_path) == [["3a", "32", "3b", "3c", "5d"]]


async def test_n_after_a_restart_asks_and_says_the_game_is_recorded_as_a_loss(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a", "r", "n")
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        assert drawn(question.query_one(".title", Label)) == "Start a new game?"
        assert drawn(question.query_one(".body", Label)) == (
            "Your game of deal 1 (0 moves) will be recorded as a loss."
        )
        await pilot.press("escape")
        assert message(app) == "Carry on: your game goes on."
        assert game(app).deal_number == 1 and len(game(app).turns) == 2  # 3a, the restart
        await pilot.press("n", "y")
        assert game(app).deal_number == 617
    results = Store.open(tmp_path).store.results.all().items
    assert [(r.deal_number, r.result) for r in results] == [(1, Result.LEFT)]


async def test_typing_deal_n_asks_first(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        await type_command(pilot, "deal 5")
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        assert question.question == "Start deal 5?"
        assert question.detail == "Your game of deal 1 (1 move) will be recorded as a loss."
        assert question.yes == "Deal 5"
        await pilot.press("n")
        assert game(app).deal_number == 1 and game(app).move_count == 1
        assert message(app) == "Carry on: your game goes on."
        app.game_screen.run_command("deal 5")  # the same words again, without the keys
        await pilot.press("y")
        assert game(app).deal_number == 5
        assert message(app) == "Deal 5 (easy). Good luck!"


async def test_n_at_the_resume_prompt_asks_and_no_goes_back_to_the_prompt(tmp_path: Path) -> None:
    leave_unfinished(tmp_path, game_with_history(), 30.0)
    app = make_app(tmp_path, deal=None)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("n")
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        assert question.question == "Start a new game?"
        assert question.detail == (
            "The unfinished game of deal 1 (2 moves, 0:30 played) will be recorded as a loss."
        )
        assert (question.yes, question.no) == ("New game", "Back")
        await pilot.press("n")  # no: back to the prompt, nothing written
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        assert Store.open(tmp_path).store.results.all().items == ()
        await pilot.press("n", "y")
        await pilot.pause()
        assert game(app).deal_number == 617 and not isinstance(app.screen, ResumeScreen)
        assert message(app) == "Deal 617 (expert). Good luck!"
    results = Store.open(tmp_path).store.results.all().items
    assert [(r.deal_number, r.result, r.move_count) for r in results] == [(1, Result.LEFT, 2)]


async def test_loading_a_save_while_a_game_is_under_way_asks_and_keeps_it(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    store.slots.save("early", game_with_history(), 90)
    store.close()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "a", "s")
        assert isinstance(app.screen, SaveSlotsScreen)
        await pilot.press("l")
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        assert question.question == "Load “early”?"
        assert question.detail == (
            "Your game of deal 1 (1 move) will be kept as an unfinished game: the saves list it."
        )
        await pilot.press("y")
        assert game(app) == game_with_history()
        assert app.session.elapsed == 90
        assert message(app) == (
            "Loaded “early”: deal 1, 2 moves, 1:30 played. The game you were playing is kept: "
            "the saves list it."
        )
        await pilot.press("ctrl+y")  # the save's redo history came with it
        assert message(app) == "Redid 8c."
    store = Store.open(tmp_path).store
    assert store.results.all().items == ()  # kept, not recorded
    assert sorted(info.move_count for info in store.autosaves.all().items) == [1, 3]


@pytest.mark.parametrize("answer", ["n", "escape"])
async def test_carry_on_at_load_goes_back_to_the_save_screen(tmp_path: Path, answer: str) -> None:
    """*Load?* asked over the save screen: Carry on closes the question only; the save screen
    is there with the save still highlighted, and Load again loads."""
    store = Store.open(tmp_path).store
    store.slots.save("early", game_with_history(), 90)
    store.close()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "a", "s")
        saves = app.screen
        assert isinstance(saves, SaveSlotsScreen)
        before = game(app)
        await pilot.press("l")
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question == "Load “early”?"
        await pilot.press(answer)
        await wait_for(pilot, lambda: app.screen is saves, "the save screen again")
        assert drawn(saves.query_one("#message", Static)) == "Not loaded: your game goes on."
        assert saves.selected is not None and saves.selected.name == "early"
        assert game(app) is before
        await pilot.press("l", "y")
        await wait_for(pilot, lambda: app.screen is app.game_screen, "the board")
        assert game(app) == game_with_history()
        assert message(app).startswith("Loaded “early”: deal 1, 2 moves, 1:30 played.")


# ---------------------------------------------------------------- bug 3: the prompt keeps its keys
async def test_after_tab_the_import_prompt_keeps_every_key_and_completes_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    (home / "games").mkdir(parents=True)
    (home / "notes.txt").write_text("")
    monkeypatch.setenv("HOME", str(home))
    data = tmp_path / "data"
    store = Store.open(data).store
    store.slots.save("mine", game_with_history(), 5)
    (home / "exports").mkdir()
    store.slots.export("mine", home / "exports" / "mine.json")
    store.close()
    app = make_app(data)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a", "s")
        saves = app.screen
        assert isinstance(saves, SaveSlotsScreen)
        before = game(app)
        await pilot.press("i")
        box = saves.query_one("#prompt-input", Input)
        assert box.value == ""  # the prompt opens empty: a pasted code is the code alone
        await pilot.press(*"~/", "tab")
        assert box.value == "~/"
        assert drawn(saves.query_one("#message", Static)) == "exports/  games/  notes.txt"
        await pilot.press("l", "e", "r", "n")  # load, export, rename, save new: not here
        assert box.has_focus and box.value == "~/lern"
        assert app.screen is saves  # no save loaded, no question
        assert (
            drawn(saves.query_one("#prompt-label", Label))
            == "Import from a file, or paste a game code:"
        )
        assert game(app) is before
        await pilot.press("escape", "i", *"~/e", "tab")  # a real path, completed
        assert box.value == "~/exports/"
        await pilot.press("tab")
        assert box.value == "~/exports/mine.json"
        await pilot.press("enter")  # the file is read in a worker
        message = saves.query_one("#message", Static)
        await wait_for(pilot, lambda: drawn(message).startswith("Imported"), "the import")
        assert drawn(message) == "Imported “mine (2)”: deal 1, 2 moves."
        assert game(app) is before
    store = Store.open(data).store
    assert sorted(slot.name for slot in store.slots.all().items) == ["mine", "mine (2)"]
    assert store.results.all().items == ()


async def test_typing_replaces_the_name_offered_for_a_new_save(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a", "s", "n")
        box = app.screen.query_one("#prompt-input", Input)
        assert box.value == "Deal 1" and box.selected_text == "Deal 1"
        await pilot.press("m", "y", "enter")
        assert drawn(app.screen.query_one("#message", Static)) == "Saved as “my”."
    assert [slot.name for slot in Store.open(tmp_path).store.slots.all().items] == ["my"]


# ---------------------------------------------------------------- bug 4: auto-solve per autoplay mode
async def test_auto_solve_after_autoplay_off_plays_the_whole_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = Game.new(1).state
    safe = len(solve_for_autoplay(start, AutoplayMode.SAFE, shorten=True).moves)
    solution = solve_for_autoplay(start, AutoplayMode.OFF, shorten=True).moves
    off = len(solution)
    assert off != safe  # with autoplay off, every move home is a move of the solution
    app = make_app(tmp_path, check=True)
    async with app.run_test(size=SIZE) as pilot:
        # The winnability check solves deal 1 with autoplay safe first.
        await wait_for(pilot, lambda: status_text(app).endswith("winnable"), "deal 1 checked")
        await pilot.press("i")
        await wait_for(pilot, lambda: hinted(app), "the hint (safe)")
        assert message(app).endswith(f"({safe} moves win from here).")
        await type_command(pilot, "autoplay off")
        await pilot.press("i")
        await wait_for(pilot, lambda: hinted(app), "the hint (off)")
        assert message(app).endswith(f"({off} moves win from here).")
        app.game_screen.run_command("speed 10")
        assert message(app) == "Auto-solve plays 10 moves a second."
        fast_autosolve(monkeypatch)
        await pilot.press("p")
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, WinScreen),
            "auto-solve's win",
            detail=lambda: f"{type(app.screen).__name__}: {message(app)!r}",
        )
        assert game(app).state.is_won and game(app).move_count == off
        assert game(app).solver_moves == off
        last = solution[-1]
        assert str(last).endswith("h")  # the last move sends the last king home
        assert message(app).startswith(f"Auto-solve {off}/{off}: {last}: K")
        assert message(app).endswith(" home")


# ---------------------------------------------------------------- bug 5: the computer's win
async def test_a_game_auto_solve_finished_is_not_the_players_win(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast_autosolve(monkeypatch)
    app = make_app(tmp_path, start=kings_left_game())
    async with app.run_test(size=SIZE) as pilot:
        app.game_screen.autosolver.pace = len(autosolve.PACES) - 1
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, WinScreen), "auto-solve's win")
        win = app.screen
        assert drawn(win.query_one(".title", Label)) == "Solved by the computer"
        # The title says who won; the body says it once more in other words, not twice.
        assert drawn(win.query_one(".body", Label)) == (
            "Auto-solve played all 4 moves, so this game is not counted as your win."
        )
        await pilot.press("escape", "t")
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        assert drawn(stats.query_one("#figures", Static)) == (
            "Played                   1    Won with hints     0 "
            "Won                      0    Current streak     0 "
            "Solved by the computer   1    Best streak        0 "
            "Lost                     0    Daily streak       0 "
            "Win rate                0%    Best daily streak  0"
        )


# ---------------------------------------------------------------- bug 6: the win time stays
async def test_the_win_screen_shows_the_same_time_after_undo_and_redo(tmp_path: Path) -> None:
    clock = Clock()
    app = make_app(tmp_path, start=near_won_game(), clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        clock.now += 65
        await pilot.press("1", "h")
        win = app.screen
        assert isinstance(win, WinScreen)
        first = drawn(win.query_one(".body", Label))
        assert first == "You won a custom position in 1 move and 1:05."
        await pilot.press("escape")
        clock.now += 100  # looking at the board, then undo and redo
        await pilot.press("u")
        clock.now += 7
        await pilot.press("ctrl+y")
        again = app.screen
        assert isinstance(again, WinScreen) and again is not win
        assert drawn(again.query_one(".body", Label)) == first
        await pilot.press("escape")
        assert "Time 1:05" in status_text(app)
    results = Store.open(tmp_path).store.results.all().items
    assert [(r.result, r.elapsed_seconds) for r in results] == [(Result.WON, 65)]
