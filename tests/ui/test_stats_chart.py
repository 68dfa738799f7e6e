"""The statistics screen's chart, opened as a player opens it (``t`` on the board): the latest
results as marks in their theme colours, moves over par as a sparkline against its scale, ASCII
only with ``--ascii``, and the whole dialog on screen at every size from 64x24."""

from __future__ import annotations

from pathlib import Path

from textual.color import Color
from textual.widget import Widget

from freecell_tui.core.notation import Move
from freecell_tui.store import Store
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.screens.stats import StatsScreen

from ..store.helpers import one_from_won, played, record_games
from .helpers import lines, make_app
from .test_dialogs import assert_buttons_fit


def _text(screen: StatsScreen, selector: str) -> list[str]:
    return [line.rstrip() for line in lines(screen.query_one(selector))]


async def _open(app: FreeCellApp, pilot: object) -> StatsScreen:
    await pilot.press("t")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    return screen


def _mark_colours(widget: Widget) -> list[Color]:
    """The colour of each mark drawn, in order."""
    strip = widget.render_lines(widget.region.reset_offset)[0]
    return [
        Color.from_rich_color(segment.style.color)
        for segment in strip
        for _ in segment.text.strip()
        if segment.style and segment.style.color
    ]


def _near(drawn: Color, expected: Color) -> bool:
    """The same colour, give or take Textual's rounding."""
    return all(abs(a - b) <= 2 for a, b in zip(drawn.rgb, expected.rgb, strict=True))


async def test_after_three_wins_and_a_loss_the_marks_say_so(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    won = one_from_won().play(Move.parse("1h"))
    for game in (won, won, played(3, 5), won):  # won, won, left for a new game, won
        assert store.autosaves.finish(game, 30) is None
    store.close()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot)
        assert _text(screen, "#recent-label") == ["Last 4 games"]
        assert _text(screen, "#marks") == ["●●✕●"]
        theme = app.current_theme
        success, error = (Color.parse(c) for c in (theme.success, theme.error))
        drawn = _mark_colours(screen.query_one("#marks"))
        expected = [success, success, error, success]
        assert len(drawn) == 4 and all(map(_near, drawn, expected)), drawn
        assert _text(screen, "#legend") == ["● won   ✕ lost   ◆ solved by the computer"]
        # Custom positions have no par: no line to draw, and the line says what would draw one.
        assert not screen.query_one("#par-row").display
        assert _text(screen, "#no-par") == [
            "Moves over par: drawn once you win a deal with a known par."
        ]


async def test_moves_over_par_are_drawn_against_their_scale(tmp_path: Path) -> None:
    # Three wins of deal 1 (par 80) in 80, 89 and 84 moves; a loss and a deal without par between.
    games = [(1, "won", 80), (2, "won", 50), (1, "left", 10), (1, "won", 89), (1, "won", 84)]
    record_games(tmp_path, games, pars={1: 80})
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot)
        assert _text(screen, "#marks") == ["●●✕●●"]
        assert _text(screen, "#par-label") == ["Moves over par", "last 3 wins"]
        assert _text(screen, "#par-scale") == ["+9", "+0"]
        # The lowest is a sliver, the highest a full column, 4 over par a bit under half of it.
        assert _text(screen, "#over-par") == [" █", "▁█▇"]


async def test_ascii_draws_letters_and_plain_bars(tmp_path: Path) -> None:
    games = [(1, "won", 80), (1, "solved", 90), (1, "left", 10), (1, "won", 89), (1, "won", 84)]
    record_games(tmp_path, games, pars={1: 80})
    app = make_app(tmp_path, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot)
        chart = _text(screen, "#chart")
        assert all(line.isascii() for line in chart), chart
        assert _text(screen, "#marks") == ["WSLWW"]
        assert _text(screen, "#legend") == ["W won   L lost   S solved by the computer"]
        assert _text(screen, "#over-par") == [" #", ".##"]


async def test_the_dialog_fits_every_size_and_its_table_takes_the_rows_left(
    tmp_path: Path,
) -> None:
    """Forty games of twenty deals: at each size the figures, the chart and the buttons are on
    screen, and the table shows as many deals as the height leaves (at least two)."""
    games = [
        (1 + index % 20, ("won", "won", "left", "solved")[index % 4], 60) for index in range(40)
    ]
    record_games(tmp_path, games, pars={deal: 50 for deal in range(1, 21)})
    app = make_app(tmp_path)
    async with app.run_test(size=(64, 24)) as pilot:
        screen = await _open(app, pilot)
        shown = {}
        for size in [(64, 24), (80, 24), (100, 32), (160, 50), (64, 24)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert_buttons_fit(screen, size, f"stats at {size}")
            dialog = screen.query_one("#dialog").region
            for part in ("#figures", "#marks", "#legend", "#over-par", "#par-scale"):
                assert dialog.contains_region(screen.query_one(part).region), (size, part)
            assert len(_text(screen, "#marks")[0]) == 30
            table = screen.query_one("#deals")
            assert dialog.contains_region(table.region), size
            shown[size] = table.region.height
        assert shown[(64, 24)] >= 3  # the header and two deals at the least
        assert shown[(100, 32)] > shown[(64, 24)]
        assert shown[(160, 50)] == 14  # all it may take


async def test_a_fit_asked_for_as_the_dialog_closes_finds_nothing_to_fit(tmp_path: Path) -> None:
    """A resize asks for the table's fit after the next refresh; the dialog may be closing by
    then, its widgets gone: the fit does nothing."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await screen.query_one("#dialog").remove()  # as the dialog's close removes its widgets
        screen.fit_table()
        await pilot.press("escape")
        await pilot.pause()
    assert app.crash_report is None
