"""ASCII suits (``--ascii``, the palette, the terminal probe): every text on screen follows the
board's letters — the status and message lines as line mode writes them (``->``), dialogs, the
help, the statistics and the palette too. Read off the screen as the terminal gets it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.command import CommandPalette

from freecell_tui.ui.screens.dialogs import ConfirmScreen
from freecell_tui.ui.screens.help import HelpScreen
from freecell_tui.ui.screens.stats import StatsScreen

from .helpers import SIZE, hinted, make_app, screen_lines, the_board, wait_for

#: What a player who asked for ASCII must not see.
SYMBOLS = set("♣♦♥♠♧♢♡♤–—−×“”‘’…→←↑↓≤·")


def symbols_on_screen(app: object) -> list[str]:
    return [line for line in screen_lines(app) if SYMBOLS & set(line)]  # type: ignore[arg-type]


def status_line(app: object) -> str:
    status = app.game_screen.status  # type: ignore[attr-defined]
    return screen_lines(app)[status.region.y]  # type: ignore[arg-type]


def message_line(app: object) -> str:
    message = app.game_screen.message  # type: ignore[attr-defined]
    return screen_lines(app)[message.region.y].strip()  # type: ignore[arg-type]


@pytest.mark.slow
async def test_every_text_on_screen_has_letters(tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        assert status_line(app).rstrip().endswith("Run <=5  3 (2H) -> ?")
        assert symbols_on_screen(app) == []
        await pilot.press("escape", "i")
        await wait_for(pilot, lambda: hinted(app), "the hint", 60.0)
        assert message_line(app).startswith("Hint: 7a - 8C to free cell a (")
        assert symbols_on_screen(app) == []
        for key, screen in (("question_mark", HelpScreen), ("t", StatsScreen)):
            await pilot.press(key)
            await wait_for(pilot, lambda s=screen: isinstance(app.screen, s), screen.__name__)
            await pilot.pause()
            assert symbols_on_screen(app) == [], screen.__name__
            if screen is HelpScreen:  # the cursor keys
                assert any("<  >  ^  v" in line for line in screen_lines(app))
            await pilot.press("escape")
        await pilot.press("escape", "3", "a", "n")  # a game under way: asked first
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert symbols_on_screen(app) == []
        await pilot.press("escape", "ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*"motion")
        await pilot.pause(0.3)
        assert symbols_on_screen(app) == []


async def test_the_setting_changes_the_status_and_message_lines_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        assert message_line(app) == "3a: 2♥ to free cell a"
        await app.game_screen.run_action("ascii")
        await wait_for(pilot, lambda: symbols_on_screen(app) == [], "letters everywhere")
        assert message_line(app) == "3a: 2H to free cell a"
        await pilot.press("4")
        assert status_line(app).rstrip().endswith("Run <=4  4 (6H) -> ?")
        await app.game_screen.run_action("ascii")
        await wait_for(pilot, lambda: "4 (6♥) → ?" in status_line(app), "symbols again")
        assert status_line(app).rstrip().endswith("Run ≤4  4 (6♥) → ?")


async def test_letters_everywhere_when_the_terminal_draws_the_suits_wide(tmp_path: Path) -> None:
    app = make_app(tmp_path, probe=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        app._probing = True  # a headless app asks no terminal: as if it had asked
        app.post_message(events.CursorPosition(2, 0))
        await wait_for(pilot, lambda: the_board(app).ascii, "letters for wide suits")
        await wait_for(pilot, lambda: "3 (2H) -> ?" in status_line(app), "the status line")
        assert symbols_on_screen(app) == []
