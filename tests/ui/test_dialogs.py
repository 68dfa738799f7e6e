"""Every dialog fits the smallest terminals the board supports (64x24) and 80x24: each button is
on screen, inside its dialog, and wide enough for its whole label."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widgets import Button

from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.screens.dialogs import ConfirmScreen, StuckScreen, WinScreen
from freecell_tui.ui.screens.help import HelpScreen
from freecell_tui.ui.screens.resume import ResumeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.screens.stats import StatsScreen

from .helpers import board, make_app
from .test_storage import game_with_history, unfinished

SIZES = [(64, 24), (80, 24)]

LONG = (
    "Moves are left, but no sequence of them brings another card home: this game is over. "
    "u undoes 12 moves, back to a winnable position; r restarts the deal; n starts a new game."
)

DIALOGS: dict[str, Callable[[FreeCellApp], Screen[object]]] = {
    "stuck": lambda app: StuckScreen("No card can go home any more", LONG),
    "no move": lambda app: StuckScreen("No legal move left", "No card can move. " * 3),
    "win": lambda app: WinScreen("You won!", "You won deal 1 in 93 moves and 1:02:03."),
    "confirm": lambda app: ConfirmScreen("Start a new game?", "The game will be left. " * 3),
    "saves": lambda app: SaveSlotsScreen(app.store, board(app).game, 0.0),
    "stats": lambda app: StatsScreen(app.store),
    "help": lambda app: HelpScreen(),
}


def assert_buttons_fit(screen: Screen[object], size: tuple[int, int]) -> None:
    buttons = list(screen.query(Button))
    for button in buttons:
        region = button.region
        assert region.width and region.height, f"{button.label} is not shown"
        assert region.x >= 0 and region.right <= size[0], f"{button.label} is cut at the side"
        assert region.y >= 0 and region.bottom <= size[1], f"{button.label} is cut at the bottom"
        label = str(button.label)
        assert button.content_size.width >= len(label), f"{label!r} does not fit its button"
        dialog = button.parent
        while dialog is not None and dialog.parent is not screen:
            dialog = dialog.parent
        assert dialog is not None and dialog.region.contains_region(region), label


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(DIALOGS))
async def test_every_dialog_fits(tmp_path: Path, name: str, size: tuple[int, int]) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        app.push_screen(DIALOGS[name](app))
        await pilot.pause()
        await pilot.pause()
        assert_buttons_fit(app.screen, size)


@pytest.mark.parametrize("size", SIZES)
async def test_the_resume_prompt_fits(tmp_path: Path, size: tuple[int, int]) -> None:
    unfinished(tmp_path, game_with_history(), 30.0)
    app = FreeCellApp(data_dir=tmp_path, clock=lambda: 0.0)
    app.animation_level = "none"
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        assert_buttons_fit(app.screen, size)
