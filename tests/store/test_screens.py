"""The save-slot, statistics and resume screens, driven like a player (keys and mouse) in a small
host app; each screen's result arrives through its dismiss callback. Every message is asserted
word for word, as drawn."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import Button, DataTable, Input

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.notation import Move
from freecell_tui.core.words import plural
from freecell_tui.store import SavedGame, Store
from freecell_tui.ui.screens.dialogs import ConfirmScreen
from freecell_tui.ui.screens.resume import ResumeChoice, ResumeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.screens.stats import StatsScreen
from freecell_tui.ui.widgets.preview import PositionPreview

from .helpers import one_from_won, played


class Host(App[None]):
    """Pushes one screen at mount and records what it returns."""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.screen_under_test = screen
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.screen_under_test, self.results.append)


def _drawn(screen: Screen[Any], selector: str) -> str:
    """A widget's text as drawn (its lines stripped, blank ones left out, joined by spaces)."""
    widget = screen.query_one(selector)
    drawn = [strip.text.strip() for strip in widget.render_lines(widget.region.reset_offset)]
    return " ".join(line for line in drawn if line)


def _message(screen: Screen[Any]) -> str:
    return _drawn(screen, "#message")


def _rows(screen: Screen[Any]) -> list[str]:
    table = screen.query_one("#slots", DataTable)
    return [str(table.get_row_at(index)[0]) for index in range(table.row_count)]


async def _type(pilot: Any, text: str) -> None:
    await pilot.press(*list(text))


def _store(tmp_path: Path) -> Store:
    store = Store.open(tmp_path / "data").store
    store.slots.save("first [x]", played(3, 6), 10)
    store.slots.save("second", played(4, 9), 20)
    return store


# ---------------------------------------------------------------------- save slots
async def test_the_list_shows_the_slots_and_a_miniature_of_the_highlighted_one(
    tmp_path: Path,
) -> None:
    store = _store(tmp_path)
    app = Host(SaveSlotsScreen(store, played(5, 3), 4))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SaveSlotsScreen)
        assert _rows(screen) == ["second", "first [x]"]  # newest first; brackets shown as typed
        preview = screen.query_one(PositionPreview)
        assert preview.state == played(4, 9).state
        await pilot.press("down")
        await pilot.pause()
        assert preview.state == played(3, 6).state
        text = str(preview.render())
        assert text.splitlines()[2].split()[0] == played(3, 6).state.columns[0][0].label


async def test_save_new_with_a_name_typed_in(tmp_path: Path) -> None:
    store = _store(tmp_path)
    game = played(5, 3)
    app = Host(SaveSlotsScreen(store, game, 42))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("n")
        box = screen.query_one("#prompt-input", Input)
        assert box.has_focus and box.value == "Deal 5"
        assert box.selected_text == "Deal 5"  # typing replaces it
        await _type(pilot, "It's [mine]")
        await pilot.press("enter")
        await pilot.pause()
        assert _message(screen) == "Saved as “It's [mine]”."
        assert _rows(screen)[0] == "It's [mine]"
        assert not box.has_focus
    assert store.slots.load("It's [mine]").game == game
    assert app.results == []  # still open when the test ended


async def test_a_bad_or_taken_name_keeps_the_prompt_open_with_the_reason(tmp_path: Path) -> None:
    store = _store(tmp_path)
    app = Host(SaveSlotsScreen(store, played(5, 3), 4))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("n")
        box = screen.query_one("#prompt-input", Input)
        box.value = "SECOND"
        await pilot.press("enter")
        await pilot.pause()
        assert _message(screen) == (
            "A save named “second” already exists. Choose another name, or use Overwrite (o)."
        )
        assert screen.query_one("#message").has_class("-error")
        assert box.has_focus
        box.value = "x" * 41
        await pilot.press("enter")
        await pilot.pause()
        assert _message(screen) == "A slot name has at most 40 characters; this one has 41."
        await pilot.press("escape")  # closes the prompt, not the screen
        await pilot.pause()
        assert app.screen is screen
    assert len(store.slots.all().items) == 2


async def test_load_with_enter_returns_the_saved_game(tmp_path: Path) -> None:
    store = _store(tmp_path)
    app = Host(SaveSlotsScreen(store, played(5, 3), 4))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
    [result] = app.results
    assert isinstance(result, SavedGame)
    assert result.name == "first [x]"
    assert result.game == played(3, 6)


async def test_load_by_clicking_a_row_then_the_load_button(tmp_path: Path) -> None:
    store = _store(tmp_path)
    app = Host(SaveSlotsScreen(store, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click("#slots", offset=(3, 2))  # the second row (the header is row 0)
        await pilot.pause()
        await pilot.click("#load")
        await pilot.pause()
    [result] = app.results
    assert result.game == played(3, 6)


async def test_overwrite_asks_first(tmp_path: Path) -> None:
    store = _store(tmp_path)
    game = played(5, 3)
    app = Host(SaveSlotsScreen(store, game, 4))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # no: nothing changes
        await pilot.pause()
        assert store.slots.load("second").game == played(4, 9)
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert _message(app.screen) == "“second” now holds this game."
    assert store.slots.load("second").game == game


async def test_rename_and_delete_with_confirmation(tmp_path: Path) -> None:
    store = _store(tmp_path)
    app = Host(SaveSlotsScreen(store, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("r")
        box = screen.query_one("#prompt-input", Input)
        assert box.value == "second"
        box.value = "Ünïcødé ♠"
        await pilot.press("enter")
        await pilot.pause()
        assert _rows(screen)[0] == "Ünïcødé ♠"
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.click("#yes")
        await pilot.pause()
        assert _rows(screen) == ["first [x]"]
        assert _message(screen) == "Deleted “Ünïcødé ♠”."
    assert [slot.name for slot in store.slots.all().items] == ["first [x]"]


async def test_export_and_import_from_the_screen(tmp_path: Path) -> None:
    store = _store(tmp_path)
    target = tmp_path / "out.json"
    app = Host(SaveSlotsScreen(store, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("e")
        box = screen.query_one("#prompt-input", Input)
        box.value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert _message(screen) == f"Exported “second” to {target}."
        assert json.loads(target.read_text())["name"] == "second"
        # Exporting again over the same file asks first.
        await pilot.press("e")
        box.value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen

        bad = tmp_path / "bad.json"
        bad.write_text("{}")
        await pilot.press("i")
        box.value = str(bad)
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert _message(screen) == (
            'Nothing imported from bad.json: the file is not a saved game: "format" must be '
            '"freecell-tui save".'
        )
        assert screen.query_one("#message").has_class("-error")
        box.value = str(target)
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert _message(screen) == "Imported “second (2)”: deal 4, 9 moves."
        assert _rows(screen) == ["second", "first [x]", "second (2)"]  # by the time it was saved
        assert screen.selected is not None and screen.selected.name == "second (2)"  # highlighted


BROKEN = (
    "The save “second” cannot be loaded: move 1: 1h: 9♣ cannot go home yet: the ♣ foundation "
    "starts with A♣. It is left as it was."
)


async def test_a_save_that_does_not_replay_is_named_and_the_screen_carries_on(
    tmp_path: Path,
) -> None:
    store = _store(tmp_path)
    store.database.write(
        "break", lambda c: c.execute("""UPDATE slots SET turns='["1h"]' WHERE name='second'""")
    )
    app = Host(SaveSlotsScreen(store, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        preview = screen.query_one(PositionPreview)
        assert preview.state is None
        assert preview.note == BROKEN
        await pilot.press("enter")
        await pilot.pause()
        assert _message(screen) == BROKEN
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]


async def test_without_a_game_there_is_nothing_to_save(tmp_path: Path) -> None:
    app = Host(SaveSlotsScreen(Store.in_memory(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert _message(screen).startswith("No saves yet.")
        await pilot.press("n")
        await pilot.pause()
        assert _message(screen) == "There is no game to save."


# ---------------------------------------------------------------------- statistics
async def test_stats_screen_shows_the_figures_and_resets_after_asking(tmp_path: Path) -> None:
    store = Store.in_memory()
    store.autosaves.finish(played(3, 5), 60)
    store.autosaves.finish(played(4, 5), 60)
    app = Host(StatsScreen(store))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert _drawn(screen, "#figures") == (
            "Played                   2    Won with hints     0 "
            "Won                      0    Current streak     0 "
            "Solved by the computer   0    Best streak        0 "
            "Lost                     2    Daily streak       0 "
            "Win rate                0%    Best daily streak  0"
        )
        table = screen.query_one("#deals", DataTable)
        assert table.row_count == 2
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert store.results.statistics({}, AutoplayMode.SAFE).statistics.played == 2
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert _message(screen) == "Statistics reset: 2 finished games forgotten. Saves are kept."
        assert store.results.statistics({}, AutoplayMode.SAFE).statistics.played == 0
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]


async def test_stats_screen_counts_the_computers_wins_and_wins_with_hints_apart(
    tmp_path: Path,
) -> None:
    store = Store.in_memory()
    won = one_from_won().play(Move.parse("1h"))
    store.autosaves.finish(won.with_hint(), 30)  # the player's win, with a hint
    store.autosaves.finish(one_from_won().play(Move.parse("1h"), solver=True), 10)  # auto-solve's
    app = Host(StatsScreen(store))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert _drawn(app.screen, "#figures") == (
            "Played                    2    Won with hints     1 "
            "Won                       1    Current streak     0 "
            "Solved by the computer    1    Best streak        1 "
            "Lost                      0    Daily streak       0 "
            "Win rate                50%    Best daily streak  0"
        )


def _history(directory: Path) -> None:
    """One game of each kind a player leaves behind: a win, a game auto-solve won, a game left
    for a new one, a game abandoned at the saves screen, and a game in progress (quit)."""
    store = Store.open(directory).store
    store.autosaves.finish(one_from_won().play(Move.parse("1h")), 30)
    store.autosaves.finish(one_from_won().play(Move.parse("1h"), solver=True), 10)
    store.autosaves.finish(played(3, 5), 60)
    store.autosaves.save(played(8, 5), 50)
    store.autosaves.set_aside()
    saved = store.autosaves.offer().saved
    assert saved is not None and store.autosaves.discard(saved) is None
    store.autosaves.save(played(9, 4), 20)
    store.close()


def _pairs(lines: list[str]) -> list[tuple[str, str]]:
    """(label, value) pairs of lines of the form ``Label   value``."""
    return [tuple(line.strip().rsplit(None, 1)) for line in lines]  # type: ignore[misc]


async def test_the_screen_and_the_command_line_show_the_same_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One set of rows: Played, then won, solved by the computer and lost, which add up to it
    (a game abandoned counts as lost; the game in progress is not counted until it ends)."""
    directory = tmp_path / "data"
    _history(directory)
    assert main(["stats", "--data-dir", str(directory)]) == 0
    printed = capsys.readouterr().out.splitlines()[:10]
    store = Store.open(directory).store
    app = Host(StatsScreen(store))
    async with app.run_test(size=(64, 24)) as pilot:
        await pilot.pause()
        figures = app.screen.query_one("#figures")
        drawn = [strip.text.rstrip() for strip in figures.render_lines(figures.region.reset_offset)]
    store.close()
    drawn = [line for line in drawn if line]
    middle = drawn[0].index("Won with hints")  # two columns of figures: down, then across
    on_screen = _pairs([line[:middle] for line in drawn] + [line[middle:] for line in drawn])
    assert on_screen == _pairs(printed)
    assert on_screen == [
        ("Played", "4"),
        ("Won", "1"),
        ("Solved by the computer", "1"),
        ("Lost", "2"),
        ("Win rate", "25%"),
        ("Won with hints", "0"),
        ("Current streak", "0"),
        ("Best streak", "1"),
        ("Daily streak", "0"),
        ("Best daily streak", "0"),
    ]
    # The command line's values stand in one column.
    assert len({len(line) - len(line.rsplit(None, 1)[-1]) for line in printed}) == 1, printed


# ---------------------------------------------------------------------- resume prompt
def _unfinished(tmp_path: Path) -> SavedGame:
    first = Store.open(tmp_path).store
    first.autosaves.save(played(11, 7), 75)
    first.close()
    saved = Store.open(tmp_path).store.autosaves.offer().saved
    assert saved is not None
    return saved


async def test_resume_is_the_default_with_enter(tmp_path: Path) -> None:
    saved = _unfinished(tmp_path)
    app = Host(ResumeScreen(saved))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        saved_at = saved.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
        assert _drawn(app.screen, "#summary") == (
            f"Deal 11: 7 moves, {plural(played(11, 7).state.cards_home, 'card')} home, 1:15 played; "
            f"saved {saved_at}."
        )
        assert app.screen.query_one(PositionPreview).state == played(11, 7).state
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [ResumeChoice.RESUME]


async def test_new_game_and_quit(tmp_path: Path) -> None:
    saved = _unfinished(tmp_path)
    for key, choice in (("n", ResumeChoice.NEW), ("q", ResumeChoice.QUIT)):
        app = Host(ResumeScreen(saved))
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
        assert app.results == [choice]
    app = Host(ResumeScreen(saved))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.click("#new")
        await pilot.pause()
    assert app.results == [ResumeChoice.NEW]


async def test_unfinished_games_are_listed_loadable_and_can_be_abandoned(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.autosaves.save(played(8, 5), 50)
    store.autosaves.set_aside()  # as when the player loaded a save: the game waits in its own row
    app = Host(SaveSlotsScreen(store, played(9, 2), 3))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert _rows(screen) == ["second", "first [x]", "unfinished game"]
        await pilot.press("down", "down")
        await pilot.pause()
        assert screen.query_one(PositionPreview).state == played(8, 5).state
        for key, doing in (("r", "rename"), ("o", "overwrite"), ("e", "export")):
            await pilot.press(key)
            await pilot.pause()
            assert _message(screen) == (
                f"An unfinished game has no name to {doing}: load it, then save it under a name."
            )
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    [result] = app.results
    assert result.game == played(8, 5) and result.autosave_id is not None
    assert store.autosaves.switch_to(result) is None  # what the game screen does with it


async def test_abandoning_an_unfinished_game_counts_a_loss(tmp_path: Path) -> None:
    store = Store.in_memory()
    store.autosaves.save(played(8, 5), 50)
    store.autosaves.set_aside()
    app = Host(SaveSlotsScreen(store, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert _rows(app.screen) == []
        assert _message(app.screen) == "The unfinished game was abandoned (it counts as a loss)."
    assert store.results.statistics({}, AutoplayMode.SAFE).statistics.played == 1


async def test_the_save_screen_is_drawn_as_a_dialog_and_fits_80_by_24(tmp_path: Path) -> None:
    """The screen's own CSS applies: a framed box over the board, the eight buttons in two rows
    of four, and the prompt drawn only while it is open; at 80x24 the list takes the room of the
    miniature and every button stays on screen. (The resume prompt's fit is in
    ``tests/ui/test_dialogs.py``.)"""
    app = Host(SaveSlotsScreen(_store(tmp_path), played(5, 3), 4))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        frame = screen.query_one("Vertical").region
        assert frame.y > 0 and frame.y == 36 - frame.bottom  # centred, the board above and below
        assert screen.query_one("#slots").region.height == 16  # the list's own height
        assert screen.query_one("#prompt").region.height == 0
        rows = {button.region.y for button in screen.query(Button)}
        assert len(rows) == 2
        assert all(frame.contains_region(button.region) for button in screen.query(Button))
        await pilot.press("n")
        await pilot.pause()
        assert screen.query_one("#prompt").region.height > 0
        assert _drawn(screen, "#prompt-label") == "Name for the new save (1–40 characters):"
        await pilot.resize_terminal(80, 24)  # with the name prompt open
        await pilot.pause()
        assert screen.has_class("-narrow")
        assert screen.query_one(PositionPreview).region.height == 0
        for button in ("#save_new", "#close", "#prompt-input"):
            region = screen.query_one(button).region
            assert region.height > 0 and region.bottom <= 24, button
        await pilot.click("#close")  # closes the prompt first
        await pilot.pause()
        assert screen.query_one("#prompt").region.height == 0
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
async def test_importing_a_fifo_is_refused_and_the_screen_never_waits(tmp_path: Path) -> None:
    """Issue 23: importing a FIFO froze the whole interface (Esc and q ignored) until someone
    wrote to it."""
    store = _store(tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    app = Host(SaveSlotsScreen(store, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("i")
        screen.query_one("#prompt-input", Input).value = str(fifo)
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert _message(screen) == (
            f"Nothing imported: {fifo} is a FIFO (named pipe), not a file: it is not read."
        )
    assert [slot.name for slot in store.slots.all().items] == ["second", "first [x]"]


async def test_a_slow_import_leaves_the_screen_answering(tmp_path: Path) -> None:
    """The file is read and checked in a worker: while it is, the keys still work."""
    store = _store(tmp_path)
    (tmp_path / "game.json").write_text(store.slots.export_text("second"))
    release = threading.Event()
    reading = threading.Event()
    real = store.slots.import_file

    def slow(path: Any, **options: Any) -> Any:
        reading.set()
        assert release.wait(30)  # a slow disk
        return real(path, **options)

    store.slots.import_file = slow  # type: ignore[method-assign]
    app = Host(SaveSlotsScreen(store, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("i")
        screen.query_one("#prompt-input", Input).value = str(tmp_path / "game.json")
        await pilot.press("enter")
        assert reading.wait(30)
        await pilot.press("down")  # the list still moves while the file is read
        await pilot.pause()
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert _message(screen) == "Imported “second (2)”: deal 4, 9 moves."
        assert "second (2)" in _rows(screen)
