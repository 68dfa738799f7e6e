"""Every dialog fits the smallest terminal the board supports (64x24), and so 80x24: each button
is on screen, inside its dialog, and wide enough for its whole label. One app opens every dialog
in turn. The resume prompt is checked at 64x24, 80x24 and 80x20."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.widgets import Button

from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.screens.dialogs import ConfirmScreen, NoticeScreen, StuckScreen, WinScreen
from freecell_tui.ui.screens.help import HelpScreen
from freecell_tui.ui.screens.resume import ResumeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.screens.stats import StatsScreen

from .helpers import game, leave_unfinished, make_app, wait_for
from .positions import game_with_history

SIZES = [(64, 24), (80, 24)]

LONG = (
    "Moves are left, but no sequence of them brings another card home: this game is over. "
    "u undoes 12 moves, back to a winnable position; r restarts the deal; n starts a new game."
)

DIALOGS: dict[str, Callable[[FreeCellApp], Screen[object]]] = {
    "stuck": lambda app: StuckScreen("No card can go home any more", LONG),
    "no move": lambda app: StuckScreen("No legal move left", "No card can move. " * 3),
    "win": lambda app: WinScreen(
        "Solved by the computer",
        "Auto-solve played 93 of the 105 moves, so this game is not counted as your win. "
        "Hints used: 3.",
    ),
    "confirm": lambda app: ConfirmScreen(
        "Start a new game?",
        "The unfinished game of deal 1234567 (105 moves, 1:02:03 played) will be recorded as "
        "a loss.",
        yes="New game",
        no="Back",
    ),
    "notice": lambda app: NoticeScreen(
        "Your game is open elsewhere",
        "Another copy of freecell-tui has just resumed that game. A new game starts instead.",
    ),
    "saves": lambda app: SaveSlotsScreen(app.session.store, game(app), 0.0),
    "stats": lambda app: StatsScreen(app.session.store),
    "help": lambda app: HelpScreen(),
}


def assert_buttons_fit(screen: Screen[object], size: tuple[int, int], name: str) -> None:
    buttons = list(screen.query(Button))
    assert buttons, name
    for button in buttons:
        region = button.region
        label = f"{name}: {button.label}"
        assert region.width and region.height, f"{label} is not shown"
        assert region.x >= 0 and region.right <= size[0], f"{label} is cut at the side"
        assert region.y >= 0 and region.bottom <= size[1], f"{label} is cut at the bottom"
        assert button.content_size.width >= len(str(button.label)), f"{label} does not fit"
        dialog = button.parent
        while dialog is not None and dialog.parent is not screen:
            dialog = dialog.parent
        assert dialog is not None and dialog.region.contains_region(region), label


@pytest.mark.slow
async def test_every_dialog_fits(tmp_path: Path) -> None:
    """At 64x24: the fixed-width dialogs (60 columns) are laid out the same at 80x24, and the ones
    that follow the terminal's width only gain room there (the save screen keeps its narrow form
    below 112 columns); the height is the same."""
    size = SIZES[0]
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        for name, make in DIALOGS.items():
            dialog = make(app)
            app.push_screen(dialog)
            await pilot.pause()
            assert app.screen is dialog
            if name == "help":  # no buttons: a scrolling box, inside the screen, closed by Esc
                box = dialog.query_one(VerticalScroll).region
                assert Region(0, 0, *size).contains_region(box) and box.height > 4
            else:
                assert_buttons_fit(dialog, size, name)
            app.pop_screen()
            await pilot.pause()


async def test_the_resume_prompt_fits(tmp_path: Path) -> None:
    leave_unfinished(tmp_path, game_with_history(), 30.0)
    app = make_app(tmp_path, deal=None)
    async with app.run_test(size=SIZES[0]) as pilot:
        assert isinstance(app.screen, ResumeScreen)
        for size in (*SIZES, (80, 20)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert_buttons_fit(app.screen, size, f"resume at {size}")


#: Terminal sizes far below the board's smallest, where a dialog's columns shrink to nothing.
TINY = [(3, 1), (3, 59), (11, 1), (11, 59), (39, 59), (40, 10), (63, 24), (80, 20)]


@pytest.mark.slow
@pytest.mark.frames
async def test_dialogs_stacked_live_through_tiny_terminals(tmp_path: Path) -> None:
    """Every dialog open at once (each laid out under the next, as Textual lays out the screens
    under a dialog), then the command palette on top, while the terminal shrinks to a few
    columns and back: once a dialog's grid of buttons came to columns 0 wide and Rich's wrapping
    raised ``ValueError`` (a crash found by a storm at 11x59, confirm under the palette)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZES[0]) as pilot:
        for make in DIALOGS.values():
            app.push_screen(make(app))
            await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        for width, height in TINY:
            await pilot.resize_terminal(width, height)
            assert app.is_running, f"died at {width}x{height}"
        await pilot.resize_terminal(*SIZES[1])
        await pilot.pause()
        assert app.is_running and app.crash_report is None
        assert len(app.screen_stack) == 2 + len(DIALOGS)  # the board, the dialogs, the palette


async def test_a_tiny_terminal_hides_the_dialogs_insides_not_the_board_under_them(
    tmp_path: Path,
) -> None:
    """Below a dialog's size the dialogs hide their insides; the board under them stays (it says
    itself that the terminal is too small). They come back as the terminal grows."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZES[1]) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        shown = lambda screen: [child.display for child in screen.children]  # noqa: E731
        board = shown(app.game_screen)
        await pilot.resize_terminal(39, 9)  # below DIALOG_SIZE
        await pilot.pause()
        assert not any(shown(help_screen))
        assert shown(app.game_screen) == board
        await pilot.resize_terminal(*SIZES[1])
        await pilot.pause()
        assert all(shown(help_screen))


async def test_a_dialog_laid_out_at_a_newer_size_leaves_the_one_on_top_at_its_own(
    tmp_path: Path,
) -> None:
    """Resizes wait in each screen's own queue: the dialog under the palette may handle a bigger
    size first. Textual then lays it out at that size, but not the palette on top, which stays
    laid out a few columns wide: its insides stay hidden until its own resize comes."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZES[1]) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        app.action_command_palette()
        await pilot.pause()
        palette = app.screen
        assert isinstance(help_screen, HelpScreen) and palette is not help_screen
        await pilot.resize_terminal(11, 59)
        await pilot.pause()
        big = Size(*SIZES[1])
        help_screen.post_message(Resize(big, big))  # the palette's has not come yet
        await wait_for(pilot, lambda: help_screen.outer_size == big, "the help laid out", 10)
        await pilot.pause()
        assert palette.outer_size == Size(11, 59)
        assert not any(child.display for child in palette.children)
        assert all(child.display for child in help_screen.children)
        assert app.is_running and app.crash_report is None


def test_the_help_names_each_setting_once() -> None:
    from freecell_tui.ui.screens.help import help_sections

    texts = [text for _, rows in help_sections() for _, text in rows]
    for text in texts:
        head = text.partition(":")[0].lower()
        rest = text.partition(":")[2].lower()
        assert not rest.strip().startswith(head), text  # "Motion: motion: …" before
    assert any(text.startswith("Motion: cards glide") for text in texts)
    assert any(text.startswith("The classic look: light card faces") for text in texts)
