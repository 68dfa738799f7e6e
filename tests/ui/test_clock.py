"""The game clock counts play time only: it waits while any screen is over the board (saves,
statistics, help, a question, Klondike, the command palette) and goes on when the board is back.
The clock is injected and moved by hand, so nothing here depends on real time."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandPalette

from freecell_tui.ui.screens.dialogs import ConfirmScreen
from freecell_tui.ui.screens.game import GameScreen
from freecell_tui.ui.screens.help import HelpScreen
from freecell_tui.ui.screens.klondike import KlondikeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.screens.stats import StatsScreen

from .helpers import SIZE, Clock, board, make_app

#: Keys that open a screen over the board (after one move, 3a, so "new game" asks first), the
#: screen they open, and the key that closes it.
OPENERS = [
    (["s"], SaveSlotsScreen, "escape"),
    (["t"], StatsScreen, "escape"),
    (["question_mark"], HelpScreen, "escape"),
    (["n"], ConfirmScreen, "escape"),
    (["colon", *"klondike", "enter"], KlondikeScreen, "escape"),
    (["ctrl+p"], CommandPalette, "escape"),
]


@pytest.mark.parametrize(
    ("keys", "kind", "close"), OPENERS, ids=[kind.__name__ for _, kind, _ in OPENERS]
)
async def test_the_clock_waits_under_every_screen(
    tmp_path: Path, keys: list[str], kind: type, close: str
) -> None:
    clock = Clock()
    app = make_app(tmp_path, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        clock.now += 10
        assert board(app).elapsed == 10
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(app.screen, kind)
        assert not board(app).clock_running
        clock.now += 600  # ten minutes reading the screen are not play time
        assert board(app).elapsed == 10
        await pilot.press(close)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert board(app).clock_running
        assert board(app).elapsed == 10
        clock.now += 5
        assert board(app).elapsed == 15
        assert board(app).game.move_count == 1  # closing the screen changed nothing


async def test_two_screens_over_the_board_hold_the_clock_until_both_close(
    tmp_path: Path,
) -> None:
    clock = Clock()
    app = make_app(tmp_path, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        clock.now += 3
        await pilot.press("s")  # the saves, then help over them
        await pilot.pause()
        app.push_screen(HelpScreen())
        await pilot.pause()
        clock.now += 100
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SaveSlotsScreen)
        clock.now += 100
        assert board(app).elapsed == 3
        await pilot.press("escape")
        await pilot.pause()
        clock.now += 2
        assert board(app).elapsed == 5


async def test_the_status_line_shows_the_paused_time(tmp_path: Path) -> None:
    clock = Clock()
    app = make_app(tmp_path, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        clock.now += 65
        await pilot.press("t")
        await pilot.pause()
        clock.now += 1000
        await pilot.press("escape")
        await pilot.pause()
        assert board(app).status.elapsed == 65
