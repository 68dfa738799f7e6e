"""The first game's card: on a first start only, over the lines under the board (never over a
pile, at any size), it says the three ways to move and ``?``; the player's first key, paste or
click closes it for good and still does what it does (a move typed while it shows is played)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.geometry import Size

from freecell_tui.store.settings import SETTINGS_NAME
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.board.piles import PileWidget
from freecell_tui.ui.widgets.intro import INTRO_TITLE, IntroCard

from ..terminal import Terminal
from .helpers import COMPACT, SIZE, column, make_app, message, screen_lines, wait_for

SIZES = [COMPACT, (64, 24), SIZE]


def card_shown(app: FreeCellApp) -> bool:
    return any("? shows every key" in line for line in screen_lines(app))


def seen(data_dir: Path) -> object:
    path = data_dir / SETTINGS_NAME
    return json.loads(path.read_text(encoding="utf-8")).get("seen_intro") if path.exists() else None


def assert_clear_of_the_piles(app: FreeCellApp) -> None:
    """The card shows whole, and no pile it covers."""
    card = app.game_screen.query_one(IntroCard)
    assert card.region.height >= 3 and card.region.width == app.size.width
    for pile in app.game_screen.query(PileWidget):
        if pile.display and pile.region:
            assert not pile.region.overlaps(card.region), pile.id
    drawn = screen_lines(app)[card.region.y : card.region.bottom]
    assert any("3a" in line for line in drawn) and any("drag" in line for line in drawn)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_first_start_shows_the_card_clear_of_the_piles(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, intro=None)  # as a player starts: no settings yet
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert card_shown(app)
        assert_clear_of_the_piles(app)
        for other in SIZES:  # it follows the terminal's size, never over a pile
            await pilot.resize_terminal(*other)
            wanted = Size(*other)
            await wait_for(pilot, lambda: app.size == wanted, f"the size {wanted}")  # noqa: B023
            await pilot.pause()
            assert_clear_of_the_piles(app)


async def test_a_terminal_too_small_for_the_board_says_so_without_the_card(tmp_path: Path) -> None:
    app = make_app(tmp_path, intro=None)
    async with app.run_test(size=(50, 16)) as pilot:
        await pilot.pause()
        drawn = "\n".join(screen_lines(app))
        assert "How to play" not in drawn and "every key" not in drawn
        assert "Make the terminal bigger" in drawn
        await pilot.resize_terminal(*COMPACT)
        await wait_for(pilot, lambda: card_shown(app), "the card again at 80x24")


async def test_a_move_typed_while_it_shows_is_played_and_closes_it_for_good(tmp_path: Path) -> None:
    app = make_app(tmp_path, intro=None)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("3", "a")  # 2♥ to free cell a
        await pilot.pause()
        assert column(app, 3)[-1] == "8D"
        assert app.session.game.state.cells[0] is not None and message(app).startswith("3a")
        assert not card_shown(app) and not app.game_screen.query(IntroCard)
    assert seen(tmp_path) is True
    again = make_app(tmp_path, intro=None)  # the next start, on the same data folder
    async with again.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        assert not card_shown(again) and not again.game_screen.query(IntroCard)


async def test_the_clock_waits_while_the_card_shows(tmp_path: Path) -> None:
    now = [0.0]
    app = make_app(tmp_path, intro=None, clock=lambda: now[0])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert card_shown(app)
        now[0] = 30.0  # the player reads the card
        assert app.session.elapsed == 0.0
        await pilot.press("escape")
        await pilot.pause()
        now[0] = 35.0
        assert app.session.elapsed == 5.0  # counted from the card's closing


@pytest.mark.parametrize("how", ["click", "escape"])
async def test_a_click_on_it_or_escape_closes_it(tmp_path: Path, how: str) -> None:
    app = make_app(tmp_path, intro=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert card_shown(app)
        if how == "click":
            await pilot.click(IntroCard, offset=(5, 1))
        else:
            await pilot.press("escape")
        await pilot.pause()
        assert not card_shown(app)
        assert app.session.game.move_count == 0
    assert seen(tmp_path) is True


async def test_no_card_once_seen_or_when_turned_off(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_NAME).write_text('{"seen_intro": true}', encoding="utf-8")
    for app in (make_app(tmp_path, intro=None), make_app(tmp_path / "fresh")):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert not card_shown(app)
            assert not app.game_screen.query(IntroCard)


def test_a_move_typed_as_the_real_game_starts_is_played_and_closes_the_card(
    tmp_path: Path,
) -> None:
    """The program in a terminal, first start: the move typed at once (before the card is
    drawn, even) is played, and the card is not shown again."""
    term = Terminal(tmp_path, "--deal", "1", "--autoplay", "off")
    try:
        term.write("3a")
        term.wait(lambda: seen(tmp_path) is True, "the card closed")
        term.wait(
            lambda: bool(term.rows("SELECT turns FROM autosaves WHERE turns LIKE '%3a%'")), "3a"
        )
        # Saved before shown: the move's message is drawn after the row is written.
        term.wait(lambda: b"3a: 2" in term.output, "the move's message")
        assert INTRO_TITLE.encode() not in term.output.rpartition(b"3a: 2")[2]
    finally:
        term.close()
