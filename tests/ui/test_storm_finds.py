"""Crashes the storms found (storm-tui in tmux, the Pilot storm), each made certain in a test."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from textual import events
from textual.command import CommandList
from textual.coordinate import Coordinate
from textual.events import Click, Key, MouseDown, Resize
from textual.geometry import Size
from textual.widgets import DataTable, HelpPanel, Input

from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.ui.palette import GuardedPalette
from freecell_tui.ui.screens.dialogs import ConfirmScreen
from freecell_tui.ui.screens.help import HelpScreen
from freecell_tui.ui.screens.resume import ResumeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.screens.stats import StatsScreen
from freecell_tui.ui.themes import CLASSIC_NAME

from .helpers import (
    NO_MATCHES_SECONDS,
    SIZE,
    click_on_option,
    end_search_finding_nothing,
    game,
    leave_unfinished,
    make_app,
    no_matches_due,
    screen_stack,
    set_terminal_size,
    wait_for,
)

#: Each crash was met as the app drew or laid out what a storm left: every frame is drawn.
pytestmark = pytest.mark.frames


async def test_the_key_panel_chosen_as_the_screens_change_waits_for_its_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The palette's "Keys" (Textual's key panel) chosen while the top screen was not in the
    app (dialogs opening and closing in a storm): Textual mounted the panel on it and the app
    died (``MountError: Can't mount widget(s) before HelpScreen() is mounted``)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        help_screen = HelpScreen()
        app.push_screen(help_screen)
        with monkeypatch.context() as patch:  # the instant the crash needs, made certain
            patch.setattr(HelpScreen, "is_attached", property(lambda screen: False))
            app.action_show_help_panel()
        await pilot.pause()
        await pilot.pause()
        assert app.is_running and app.crash_report is None
        assert app.screen is help_screen and help_screen.query(HelpPanel)  # shown on it


async def test_two_quick_question_marks_open_one_help(tmp_path: Path) -> None:
    """Two ? typed before the first help is drawn opened two helps: Esc showed help again."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.game_screen.action_help()
        app.game_screen.action_help()  # before the first help is on screen
        await pilot.pause()
        assert sum(isinstance(screen, HelpScreen) for screen in app.screen_stack) == 1
        await pilot.press("escape")
        assert app.screen is app.game_screen


@pytest.mark.parametrize("palette", ["commands", "themes"])
async def test_a_click_outside_the_shrunk_palette_is_nothing(tmp_path: Path, palette: str) -> None:
    """A click the terminal sent before it shrank lands where no widget is any more: the
    palette's click handler raised ``NoWidget`` and the app died (storm-tui, seed 25). The
    palette's "Theme" list was Textual's plain palette (ScreenStackError, the long storm)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        if palette == "themes":
            app.search_themes()
        else:
            await pilot.press("ctrl+p")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, GuardedPalette)
        x, y = SIZE[0] + 5, SIZE[1] + 5  # off the screen
        shown.post_message(Click(shown, x, y, 0, 0, 1, False, False, False, x, y))
        await pilot.pause()
        assert app.is_running and app.crash_report is None
        assert app.screen is shown  # a click on nothing does not close it


async def test_input_after_the_last_screen_closed_is_dropped_not_a_crash(tmp_path: Path) -> None:
    """Keys and clicks still queued when the app had closed its last screen (the end of the
    long storm, a burst still queued as the app closed): Textual's App.on_event looked for a
    screen and raised ``ScreenStackError``. The moment is made certain: no screen, then input."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        stack = screen_stack(app)
        screens = list(stack)
        stack.clear()
        try:
            await app.on_event(Key("b", "b"))
            await app.on_event(MouseDown(None, 5, 5, 0, 0, 1, False, False, False, 5, 5))
        finally:
            stack.extend(screens)
        await pilot.press("3", "b")  # the game goes on
        assert app.is_running and app.crash_report is None
        assert str(game(app).moves[-1]) == "3b"


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 4, 26])
async def test_dialogs_live_through_resizes_faster_than_the_app(tmp_path: Path, seed: int) -> None:
    """A terminal dragged to and fro: resizes arriving faster than the app lays out, with the
    save screen and the palette open. The screens under the palette were laid out at a tiny
    size before they knew to hide their insides, and Rich's wrapping raised ``ValueError``
    (storm-tui, seed 28, at 64x24 after a tiny size; here seed 1 crashed at the 6th resize). With
    the insides shown again for the whole stack at the latest size, seeds 4 and 26 still crashed
    about every other run: the save screen laid out again at its own last size, 13x4, after the
    latest resize had shown its insides (ui/tiny.py)."""
    rng = random.Random(seed)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a", "s")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        for number in range(90):
            size = Size(rng.randint(1, 120), rng.randint(1, 50))
            set_terminal_size(app, size)
            app.post_message(Resize(size, size))
            if number % 3 == 0:
                await asyncio.sleep(rng.choice([0, 0.001, 0.01, 0.02]))
        await pilot.resize_terminal(*SIZE)
        assert app.is_running and app.crash_report is None
        assert isinstance(app.screen, GuardedPalette)


async def test_no_matches_after_the_palette_list_is_gone_is_nothing(tmp_path: Path) -> None:
    """The palette says "No matches found" half a second after a search that found nothing; when
    its list was gone by then (the palette closing), Textual raised ``NoMatches`` (the
    20,000-event storm)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, GuardedPalette)
        await pilot.press(*"zqzqzq")  # matches nothing
        await wait_for(pilot, lambda: no_matches_due(shown), "the search's end", 10)
        await shown.query_one(CommandList).remove()  # the instant the crash needs
        await pilot.pause(NO_MATCHES_SECONDS + 0.3)
        assert app.is_running and app.crash_report is None


async def test_a_search_ending_after_the_palette_list_is_gone_says_nothing(tmp_path: Path) -> None:
    """A search still running as the palette's list goes (the palette closing) ends having found
    nothing: no "No matches found" is due, whose countdown would look the list up."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, GuardedPalette)
        await shown.query_one(CommandList).remove()
        end_search_finding_nothing(shown, "zqzqzq")
        assert not no_matches_due(shown)
        await pilot.pause(NO_MATCHES_SECONDS + 0.3)
        assert app.is_running and app.crash_report is None


async def test_keys_typed_after_an_answer_keep_their_order(tmp_path: Path) -> None:
    """Enter at the resume prompt, then 1 b typed at once (one read from the terminal: the
    three keys in the app's queue together): the prompt answers as Enter is read, so 1 and b
    reach the resumed board, in order."""
    leave_unfinished(tmp_path, Game.new(1).play(Move.parse("3a")))
    app = make_app(tmp_path, deal=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        for key, character in (("enter", "\r"), ("1", "1"), ("b", "b")):
            app.post_message(Key(key, character))
        await wait_for(pilot, lambda: game(app).move_count == 2, "1b played", 10)
        assert [str(move) for move in game(app).moves] == ["3a", "1b"]


async def test_a_click_on_a_palette_option_that_is_gone_is_nothing(tmp_path: Path) -> None:
    """A click carries the option drawn under the mouse when the screen was last drawn; when the
    palette's list changed since (a new search, a command that opened a dialog or the save
    screen), Textual's option list indexed past its options: ``IndexError`` (storm-tui, seed
    105). A click on an option that is there still runs it."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        shown = app.screen
        assert isinstance(shown, GuardedPalette)
        await pilot.press(*"save")  # "Saved games": opens the save screen
        options, search = shown.query_one(CommandList), shown.query_one(Input)

        def searched() -> bool:  # every key typed, and the last search ended with results
            searching = any(w.node is shown and w.is_running for w in app.workers)
            return search.value == "save" and not searching and options.option_count > 0

        await wait_for(pilot, searched, "the search's results", 20)
        gone = options.option_count + 3
        options.post_message(click_on_option(options, gone))
        await pilot.pause()
        assert app.is_running and app.crash_report is None
        assert app.screen is shown  # nothing chosen
        options.post_message(click_on_option(options, 0))
        opened = lambda: isinstance(app.screen, SaveSlotsScreen)  # noqa: E731
        await wait_for(pilot, opened, "the save screen", 20)
        assert app.is_running and app.crash_report is None


async def test_keys_typed_after_q_in_the_same_read_do_nothing(tmp_path: Path) -> None:
    """``q`` then ``s`` in one read (a fast typist; tmux, 2 runs of 3): the app was leaving,
    the ``s`` opened the save screen as it went, and its first draw found no list and died
    (``NoMatches: '#body'``; the player saw a crash report)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        await app.on_event(Key("q", "q"))  # both decided before the app's exit is handled
        await app.on_event(Key("s", "s"))
        assert not any(isinstance(screen, SaveSlotsScreen) for screen in app.screen_stack)
        await pilot.pause()
    assert app.return_code == 0 and app.crash_report is None


async def test_the_resume_prompt_answered_before_it_is_drawn_is_no_crash(tmp_path: Path) -> None:
    """Enter at the very start (a pty, ``\\r6b`` in one write): the prompt was answered and
    closed before Textual mounted it, and its first fit found no miniature (``NoMatches:
    'PositionPreview'``): a crash report, though the keys after it were played."""
    leave_unfinished(tmp_path, Game.new(1).play(Move.parse("3a")))
    app = make_app(tmp_path, deal=None)
    async with app.run_test(size=SIZE) as pilot:
        offer = app.session.offer
        assert offer is not None
        prompt = ResumeScreen(offer, then=lambda choice: None)
        app.push_screen(prompt)
        assert await prompt.decide_key(Key("enter", "\r"))  # answered before it is mounted
        await pilot.pause()
        await pilot.pause()
        assert app.is_running and app.crash_report is None


async def test_the_palette_asked_for_while_one_is_under_a_dialog_is_not_opened_twice(
    tmp_path: Path,
) -> None:
    """A palette left under the save screen (the storm: 11,800 events in 9 minutes), then
    ``ctrl+p`` on the save screen: a second palette of the same id was pushed
    (``DuplicateIds '--command-palette'``) and the app died. The palette anywhere in the stack
    keeps a second one out."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, GuardedPalette), "the palette")
        app.game_screen.action_saves()  # a dialog over it, as a command run in a storm opens
        await wait_for(pilot, lambda: isinstance(app.screen, SaveSlotsScreen), "the saves")
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.pause()
        assert app.is_running and app.crash_report is None
        palettes = [screen for screen in app.screen_stack if isinstance(screen, GuardedPalette)]
        assert len(palettes) == 1 and isinstance(app.screen, SaveSlotsScreen)
        await pilot.press("escape")  # the saves close; the palette below answers again
        await wait_for(pilot, lambda: app.screen is palettes[0], "the palette again")


async def test_a_palette_asked_for_right_after_a_click_closed_one_opens(
    tmp_path: Path,
) -> None:
    """A click on the palette's background and ctrl+p in one read (the burst storm, seed 2):
    the click closes the palette, then the key opens another while the first is still being
    removed. With a fixed id the second was refused (``DuplicateIds``) and the app died."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, GuardedPalette), "the palette")
        first = app.screen
        x, y = 2, SIZE[1] - 2  # the palette's background, below its list
        for button in (events.MouseDown, events.MouseUp):  # as the driver posts them
            app.post_message(button(None, x, y, 0, 0, 1, False, False, False, x, y))
        app.post_message(events.Key("ctrl+p", None))
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, GuardedPalette) and app.screen is not first,
            "the second palette",
        )
        assert app.is_running and app.crash_report is None


async def test_a_row_chosen_before_a_question_opened_over_the_saves_asks_no_second(
    tmp_path: Path,
) -> None:
    """Clicks and Enter on the saves' list are messages, handled after keys decided as they are
    read: in a storm a row chosen earlier reached the saves screen while its "Load?" was open,
    and opened another over it, and another (four deep; Python 3.12 then died drawing them,
    ``RecursionError``). What was chosen under a dialog is no choice."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")  # a game under way: a load asks first
        app.session.save_named("one")
        app.game_screen.action_saves()
        await wait_for(pilot, lambda: isinstance(app.screen, SaveSlotsScreen), "the saves")
        await pilot.pause()
        saves = app.screen
        assert isinstance(saves, SaveSlotsScreen)
        saves.action_load()
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        table = saves.query_one("#slots", DataTable)
        row = table.coordinate_to_cell_key(Coordinate(0, 0)).row_key
        for _ in range(3):
            table.post_message(DataTable.RowSelected(table, 0, row))
        await pilot.pause()
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack].count(ConfirmScreen) == 1


async def test_the_palette_over_a_dialog_offers_no_command_of_the_board_under_it(
    tmp_path: Path,
) -> None:
    """The game's commands act on the board: chosen in a palette opened over a dialog, each
    opened its own dialog over that one (a storm stacked nine screens: confirm over confirm,
    code over code; Python 3.12 then died drawing them, ``RecursionError``). Over a dialog the
    palette offers the theme alone; over the board, everything."""

    def offered() -> list[str]:
        lists = app.screen.query(CommandList)
        if not lists or not isinstance(app.screen, GuardedPalette):
            return []
        options = lists.first()
        return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: any("Share" in option for option in offered()), "Share")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.game_screen, "the board")
        question = ConfirmScreen("Overwrite “one”?", "It holds another game.")
        app.push_screen(question)
        await wait_for(pilot, lambda: app.screen is question, "the question")
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: bool(offered()), "the palette's list")
        assert [option.splitlines()[0] for option in offered()] == ["Theme"]
        await pilot.press(*"new game", "enter")
        await pilot.pause()
        assert app.is_running and app.crash_report is None
        assert [type(screen) for screen in screen_stack(app)].count(ConfirmScreen) == 1


async def test_the_theme_list_due_after_a_palette_opened_by_a_key_is_not_a_second(
    tmp_path: Path,
) -> None:
    """The palette's Theme command runs after the palette closed, from the app's queue; in the
    burst storm (seed 14) ctrl+p was read between the two and opened a palette, then the Theme
    list came on top of it: two palettes piled up. As there: ctrl+p, then the command's run
    waiting behind it. One palette at a time."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(Key("ctrl+p", None))
        app.call_later(app.action_change_theme)  # as the palette leaves its command to run
        await wait_for(pilot, lambda: isinstance(app.screen, GuardedPalette), "a palette")
        for _ in range(3):
            await pilot.pause()
        palettes = [screen for screen in app.screen_stack if isinstance(screen, GuardedPalette)]
        assert len(palettes) == 1
        assert app.is_running and app.crash_report is None


async def test_a_dialog_closing_with_a_tiny_resize_waiting_for_it_lives(tmp_path: Path) -> None:
    """A resize to 10x5 waiting in the statistics' queue as they close (the burst storm, seed
    7): the closing dialog was laid out at that size with its insides shown, and Rich's
    wrapping raised ``ValueError``. A dialog hides its insides at a tiny size on the stack or
    off it."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        stats = StatsScreen(app.session.store)
        app.push_screen(stats)
        await wait_for(pilot, lambda: stats.outer_size == Size(*SIZE), "the statistics")
        tiny = Size(10, 5)
        stats.post_message(Resize(tiny, tiny))
        app.pop_screen()
        for _ in range(3):
            await pilot.pause()
        assert app.is_running and app.crash_report is None


async def test_escape_and_ctrl_p_in_one_read_close_the_palette_then_open_one(
    tmp_path: Path,
) -> None:
    """With the palette open, Escape then ctrl+p in one read: Escape goes to the palette's
    queue, ctrl+p was decided at once, while the palette was still open (so refused), and
    Escape then closed it: no palette. In the order typed, a new palette is open."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, GuardedPalette), "the palette")
        first = app.screen
        app.post_message(Key("escape", None))
        app.post_message(Key("ctrl+p", None))
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, GuardedPalette) and app.screen is not first,
            "the second palette",
        )
        assert first not in app.screen_stack
        assert app.is_running and app.crash_report is None


async def test_the_palettes_arrows_and_pages_move_its_highlight_and_enter_runs_it(
    tmp_path: Path,
) -> None:
    """The palette decides its arrows and pages as they are read (as it decides Escape): Down
    and Up step through its list, Page Down and Page Up jump a page, ctrl+End and ctrl+Home
    to its ends; Enter runs the command
    highlighted (the commands are in the order of their titles) and closes it."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, GuardedPalette), "the palette")
        palette = app.screen
        commands = palette.query_one(CommandList)
        await wait_for(pilot, lambda: commands.option_count > 3, "the commands")
        await wait_for(pilot, lambda: commands.highlighted == 0, "the first lit")
        await pilot.press("down", "down")
        await wait_for(pilot, lambda: commands.highlighted == 2, "two down")
        await pilot.press("up")
        await wait_for(pilot, lambda: commands.highlighted == 1, "one up")
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: (commands.highlighted or 0) > 2, "a page down")
        paged = commands.highlighted
        await pilot.press("pageup")
        await wait_for(pilot, lambda: (commands.highlighted or 0) < (paged or 0), "a page up")
        await pilot.press("ctrl+end")
        await wait_for(pilot, lambda: commands.highlighted == commands.option_count - 1, "last")
        await pilot.press("ctrl+home", "down", "down")
        await wait_for(pilot, lambda: commands.highlighted == 2, "the third")
        assert str(commands.get_option_at_index(2).prompt).startswith("Classic look\n")
        await pilot.press("enter")
        await wait_for(pilot, lambda: palette not in app.screen_stack, "the palette closed")
        assert app.theme == CLASSIC_NAME
        assert app.is_running and app.crash_report is None
