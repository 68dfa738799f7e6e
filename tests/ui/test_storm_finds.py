"""Crashes the storms found (storm-tui in tmux, the Pilot storm), each made certain in a test."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.events import Click, Key, MouseDown
from textual.widgets import HelpPanel

from freecell_tui.ui.palette import GuardedPalette
from freecell_tui.ui.screens.help import HelpScreen

from .helpers import SIZE, game, make_app


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


async def test_a_click_outside_the_shrunk_palette_is_nothing(tmp_path: Path) -> None:
    """A click the terminal sent before it shrank lands where no widget is any more: the
    palette's click handler raised ``NoWidget`` and the app died (storm-tui, seed 25)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, GuardedPalette)
        x, y = SIZE[0] + 5, SIZE[1] + 5  # off the screen
        palette.post_message(Click(palette, x, y, 0, 0, 1, False, False, False, x, y))
        await pilot.pause()
        assert app.is_running and app.crash_report is None
        assert app.screen is palette  # a click on nothing does not close it


async def test_input_after_the_last_screen_closed_is_dropped_not_a_crash(tmp_path: Path) -> None:
    """Keys and clicks still queued when the app had closed its last screen (the end of the
    long storm, a burst still queued as the app closed): Textual's App.on_event looked for a
    screen and raised ``ScreenStackError``. The moment is made certain: no screen, then input."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        stack = app._screen_stacks[app._current_mode]
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
