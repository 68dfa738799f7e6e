"""The game clock counts play time only: it waits while any screen is over the board (saves,
statistics, help, a question, Klondike, the command palette) and goes on when the board is back.
The clock is injected and moved by hand, so nothing depends on real time."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandPalette

from freecell_tui.ui.screens.dialogs import ConfirmScreen
from freecell_tui.ui.screens.game import GameScreen
from freecell_tui.ui.screens.help import HelpScreen
from freecell_tui.ui.screens.klondike import KlondikeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen

from .helpers import SIZE, Clock, game, make_app, status_text

#: Keys that open each kind of screen over the board (after one move, 3a, so "new game" asks
#: first), and the screen they open; Escape closes each. The clock waits in the game screen's
#: suspend handler, whatever covers it; the statistics and help open in ``test_dialogs.py``, help
#: over the saves below. (A command's other keys — ctrl+s, F4, F1, F2 — are bound from the same
#: table entry: ``test_layout.py`` checks they run the same action.)
OPENERS: list[tuple[list[str] | str, type]] = [
    (["s"], SaveSlotsScreen),  # a dialog
    (["n"], ConfirmScreen),  # a question
    ("klondike", KlondikeScreen),  # a screen of its own (a typed command: run as words)
    (["ctrl+p"], CommandPalette),  # Textual's own screen
]


@pytest.mark.slow
async def test_every_screen_over_the_board_holds_the_clock_until_it_closes(tmp_path: Path) -> None:
    clock = Clock()
    app = make_app(tmp_path, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        await pilot.press("3", "a")
        played = 10.0
        clock.now += played
        for keys, kind in OPENERS:
            if isinstance(keys, str):
                app.game_screen.run_command(keys)
                await pilot.pause()
            else:
                await pilot.press(*keys)
            assert isinstance(app.screen, kind), keys
            if kind is CommandPalette:  # the table's palette entries are there, over the board
                below = app.screen_stack[-2]
                titles = {command.title for command in app.get_system_commands(below)}
                assert {"Saved games", "Statistics", "Watch Klondike", "Hint"} <= titles
            assert not session.clock_running, keys
            clock.now += 600  # ten minutes reading the screen are not play time
            await pilot.press("escape")
            assert isinstance(app.screen, GameScreen), keys
            assert session.clock_running and session.elapsed == played, keys
            clock.now += 5
            played += 5
        assert session.elapsed == played
        assert game(app).move_count == 1  # opening and closing screens changed nothing
        # Two screens over the board (help over the saves): the clock waits until both close,
        # and the status line shows the time that was played.
        await pilot.press("s")
        app.push_screen(HelpScreen())
        await pilot.pause()
        clock.now += 100
        await pilot.press("escape")
        assert isinstance(app.screen, SaveSlotsScreen)
        clock.now += 100
        assert session.elapsed == played
        await pilot.press("escape")
        assert f"Time 0:{played:02.0f}" in status_text(app)
        clock.now += 2
        assert session.elapsed == played + 2
