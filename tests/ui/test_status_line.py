"""The status line at every width: whole parts, the least important dropped first, what is
picked up always there; read off the screen as the terminal gets it."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.app import App, ComposeResult

from freecell_tui.ui.widgets.status import StatusLine, fit_parts

from .helpers import make_app, screen_lines, wait_for
from .positions import run_game

PICKED = "1 (9♠–7♣, 3 cards; +/− to change) → ?"


class StatusOnly(App[None]):
    """The status line alone, as the game set it: resizing it is quick."""

    def __init__(self, values: dict[str, object]) -> None:
        super().__init__()
        self.values = values

    def compose(self) -> ComposeResult:
        status = StatusLine()
        for name, value in self.values.items():
            status.set_reactive(getattr(StatusLine, name), value)
        yield status


@pytest.mark.slow
async def test_every_width_shows_whole_parts_and_keeps_what_is_picked_up(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, start=run_game(), check=True)
    async with app.run_test(size=(200, 32)) as pilot:
        status = app.game_screen.status
        await wait_for(pilot, lambda: status.extra not in ("", "checking…"), "the check")
        await pilot.press("1")
        full = screen_lines(app)[status.region.y].rstrip()
        names = ("deal", "moves", "elapsed", "autoplay", "run_limit", "pending", "extra")
        values = {name: getattr(status, name) for name in (*names, "extra_short")}
        for width in (40, 64, 80, 100, 120):  # the whole game at a few widths
            await pilot.resize_terminal(width, 32)
            await wait_for(pilot, lambda w=width: status.size.width == w, f"width {width}")
            check_line(full, screen_lines(app)[status.region.y], width)
    alone = StatusOnly(values)
    async with alone.run_test(size=(200, 1)) as pilot:
        assert screen_lines(alone)[0].rstrip() == full
        for width in range(40, 201):
            await pilot.resize_terminal(width, 1)
            check_line(full, screen_lines(alone)[0], width)


def check_line(full: str, line: str, width: int) -> None:
    """``line`` fits ``width`` and shows whole parts of ``full``, in its order, among them
    what is picked up."""
    parts = full.strip().split("  ")
    assert PICKED in parts and len(parts) == 7
    line = line.rstrip()
    shown = line.strip().split("  ")
    assert cell_len(line) <= width, (width, line)
    assert shown == [part for part in parts if part in shown], (width, line)
    assert PICKED in shown, (width, line)


async def test_the_least_important_part_goes_first(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=run_game(), check=True)
    async with app.run_test(size=(200, 32)) as pilot:
        status = app.game_screen.status
        await wait_for(pilot, lambda: status.extra not in ("", "checking…"), "the check")
        await pilot.press("1")
        await pilot.resize_terminal(100, 32)
        await wait_for(pilot, lambda: status.size.width == 100, "width 100")
        line = screen_lines(app)[status.region.y]
        assert "Autoplay" not in line and "Time 0:00" in line
        assert f"Run ≤6  {PICKED}  {status.extra}" in line


def test_a_part_gives_way_to_its_short_form_before_it_goes() -> None:
    # (rank, cells of each form): rank 1 kept longest.
    parts = [(3, [10]), (1, [20, 8]), (2, [30, 12])]
    assert fit_parts(parts, 100) == [0, 0, 0]
    assert fit_parts(parts, 60) == [None, 0, 0]  # 1 + 20 + 2 + 30 = 53
    assert fit_parts(parts, 40) == [None, 0, 1]  # 1 + 20 + 2 + 12 = 35
    assert fit_parts(parts, 30) == [None, 0, None]
    assert fit_parts(parts, 12) == [None, 1, None]
    assert fit_parts(parts, 5) == [None, 1, None]  # the most important part stays
    assert fit_parts([(2, []), (3, [10])], 5) == [None, 0]  # the most important one there
