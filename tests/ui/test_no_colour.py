"""With ``NO_COLOR`` (Textual draws greys, or no colour at all under an ANSI theme) the board is
read by its text alone: red and black cards by their suits (♥♦ / ♣♠, or H D / C S), and the
picked-up cards, the places they may go to and a hint by outlines of their own. Read here off
the drawn lines, not their colours."""

from __future__ import annotations

from pathlib import Path

import pytest

from freecell_tui.ui.app import FreeCellApp

from .helpers import COMPACT, SIZE, hinted, lines, make_app, pile_widget, styles_on, wait_for


def drawn(app: FreeCellApp, pile: str) -> str:
    return "\n".join(lines(pile_widget(app, pile)))


@pytest.fixture
def no_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # read by Textual as the app is made


@pytest.mark.usefixtures("no_colour")
async def test_the_selection_its_places_and_a_hint_have_outlines_of_their_own(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    assert app.no_color
    async with app.run_test(size=SIZE) as pilot:
        assert "♥" in drawn(app, "col-3") and "♠" in drawn(app, "col-1")  # suits tell the colours
        await pilot.press("3")  # 2♥ picked up: the free cells may take it
        await pilot.pause()
        assert "┏ 2♥ ┅" in drawn(app, "col-3") and "┇" in drawn(app, "col-3")
        for cell in "abcd":
            assert "╭┄" in drawn(app, f"cell-{cell}") and "┆" in drawn(app, f"cell-{cell}")
        assert "┄" not in drawn(app, "col-1")  # 2♥ cannot go on 6♠
        await pilot.press("escape", "i")
        await wait_for(pilot, lambda: hinted(app), "the hint", 60.0)
        assert "╔" in drawn(app, "col-7") and "╔" in drawn(app, "cell-a")  # 7a: 8♣ to cell a
        assert "┏" not in drawn(app, "col-3") and "┆" not in drawn(app, "cell-b")


@pytest.mark.usefixtures("no_colour")
async def test_compact_and_ascii_too(tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii=True)
    async with app.run_test(size=COMPACT) as pilot:
        assert "2H" in drawn(app, "col-3") and "6S" in drawn(app, "col-1")
        await pilot.press("3")
        await pilot.pause()
        assert "▐2H" in drawn(app, "col-3")
        assert all(drawn(app, f"cell-{cell}").startswith(f"{cell} +") for cell in "abcd")
        await pilot.press("escape", "i")
        await wait_for(pilot, lambda: hinted(app), "the hint", 60.0)
        assert "║8C" in drawn(app, "col-7") and drawn(app, "cell-a").startswith("a ═")


async def test_with_colours_the_outlines_stay_as_they_were(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    assert not app.no_color
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert "╭ 2♥ ─" in drawn(app, "col-3") and "╌" in drawn(app, "cell-a")


@pytest.mark.usefixtures("no_colour")
async def test_an_ansi_theme_is_drawn_in_the_terminals_own_colours_not_black(
    tmp_path: Path,
) -> None:
    # Textual picks its greys as the app is made, under the default theme; the player's ANSI
    # theme comes after (settings, palette), and the greys of ANSI colours are black on black.
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "ansi-dark"
        await pilot.pause()
        for text in ("2♥", "6♠", "Deal #1"):
            widget = pile_widget(app, "col-3" if text == "2♥" else "col-1")
            if text == "Deal #1":
                widget = app.game_screen.status
            for style in styles_on(widget, text):
                assert style.color is None or style.color.is_default, (text, style)
                assert style.bgcolor is None or style.bgcolor.is_default, (text, style)
