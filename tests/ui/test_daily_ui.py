"""The daily deal in the full-screen game: ``:daily`` and the palette's *Daily deal* ask first
when a game is under way, then deal today's daily, which the status line names."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from textual.command import CommandList, CommandPalette
from textual.widgets import Label

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import encode
from freecell_tui.core.daily import daily_deal
from freecell_tui.core.solver import solve
from freecell_tui.ui.screens.dialogs import ConfirmScreen, WinScreen
from freecell_tui.ui.screens.game import GameScreen

from .helpers import SIZE, game, make_app, screen_lines, type_command, wait_for


async def test_typed_daily_asks_then_deals_todays_deal(tmp_path: Path) -> None:
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        await pilot.pause()
        await type_command(pilot, "daily")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert game(app).deal_number == 5
        await pilot.press("y")
        await wait_for(pilot, lambda: app.session.daily is not None, "the daily deal")
        day = app.session.daily
        assert day is not None and game(app).deal_number == daily_deal(day)
        assert not game(app).turns
        await wait_for(
            pilot,
            lambda: any(f"Daily {day.isoformat()}" in line for line in screen_lines(app)),
            "the status line naming the daily",
        )


async def test_the_palette_deals_the_daily(tmp_path: Path) -> None:
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*"daily deal")

        def first() -> str:
            options = app.screen.query(CommandList)
            if not options or options.first().option_count == 0:
                return ""
            return str(options.first().get_option_at_index(0).prompt)

        await wait_for(pilot, lambda: "Daily deal" in first(), "the palette's daily entry")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.session.daily is not None, "the daily deal")
        assert isinstance(app.screen, GameScreen)
        assert game(app).deal_number == daily_deal(app.session.daily or date.today())


async def test_the_app_started_with_daily_plays_it(tmp_path: Path) -> None:
    day = date(2026, 11, 26)
    app = make_app(tmp_path, deal=None, daily=day)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert game(app).deal_number == 28225 and app.session.daily == day


async def test_a_daily_won_shows_the_share_line_and_the_code(tmp_path: Path) -> None:
    day = date(2026, 11, 26)
    app = make_app(tmp_path, deal=None, daily=day, autoplay="off")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        *moves, last = solve(game(app).state, autoplay=AutoplayMode.OFF).moves
        for move in moves:  # as the : line plays them, without typing each
            app.game_screen.show(app.session.play(move))
        await pilot.pause()
        await type_command(pilot, str(last))
        await wait_for(pilot, lambda: isinstance(app.screen, WinScreen), "the win")
        body = str(app.screen.query_one(".body", Label).render())
        share, code = body.splitlines()[-1].rsplit(None, 1)
        assert share.startswith("FreeCell daily 2026-11-26 · won in ")
        assert code == encode(game(app))


async def test_typed_daily_in_seahaven_deals_todays_seahaven(tmp_path: Path) -> None:
    from freecell_tui.core.variant import SEAHAVEN

    app = make_app(tmp_path, variant=SEAHAVEN)
    async with app.run_test(size=SIZE) as pilot:
        await type_command(pilot, "daily 2026-11-26")
        await wait_for(pilot, lambda: app.session.daily is not None, "the daily deal")
        assert game(app).start.variant == SEAHAVEN
        assert game(app).deal_number == daily_deal(date(2026, 11, 26), SEAHAVEN) == 12519
        await wait_for(
            pilot,
            lambda: any("Seahaven Towers · Daily 2026-11-26" in line for line in screen_lines(app)),
            "the status line naming the game and its daily",
        )
