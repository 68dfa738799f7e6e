"""Difficulty on the board: ``:difficulty`` says why a deal is rated so, ``:new hard`` and the
palette's *New game: expert deal* deal a deal of that band, the status line names the band."""

from __future__ import annotations

from pathlib import Path

from freecell_tui.core.difficulty import Band, rating
from freecell_tui.core.variant import FREECELL

from .helpers import COMPACT, SIZE, game, lines, make_app, message, status_text, type_command


def band(number: int | None) -> Band:
    assert number is not None
    rated = rating(number)
    assert rated is not None
    return rated.band


async def test_the_board_says_a_deal_s_difficulty_and_deals_by_band(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert status_text(app).startswith(f" Deal #1 · {band(1)}  Moves 0")
        await type_command(pilot, "difficulty")
        assert message(app).startswith(f"Deal 1: {band(1)}: needs ")
        await type_command(pilot, "rating 5")
        assert message(app).startswith("Deal 5: easy: needs 1 free cell, the solver stored ")
        await type_command(pilot, "new hard")
        assert band(game(app).deal_number) is Band.HARD
        assert message(app) == f"Deal {game(app).deal_number} (hard). Good luck!"
        assert status_text(app).startswith(f" Deal #{game(app).deal_number} · hard  Moves 0")
        await type_command(pilot, "new fewest 5")
        assert (game(app).deal_number, game(app).start.variant) == (5, FREECELL.with_cells(1))
        assert message(app) == "FreeCell (1 cell), deal 5 (needs 1 free cell). Good luck!"


async def test_the_palette_deals_a_deal_of_each_band(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        titles = {command.title: command for command in app.get_system_commands(app.screen)}
        assert "Difficulty" in titles
        for chosen in Band:
            titles[f"New game: {chosen} deal"].callback()
            await pilot.pause()
            assert band(game(app).deal_number) is chosen


async def test_a_deal_s_difficulty_fits_the_message_line_at_80x24_without_a_word_cut(
    tmp_path: Path,
) -> None:
    """Where the whole reason does not fit, a shorter one that ends its sentence shows."""
    app = make_app(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await type_command(pilot, "rating 5")
        await pilot.pause()
        drawn = " ".join(line.strip() for line in lines(app.game_screen.message)).strip()
        assert message(app).startswith(drawn.removesuffix("."))
        assert drawn.startswith("Deal 5: easy: needs 1 free cell")
        assert drawn.endswith(".") and "…" not in drawn
