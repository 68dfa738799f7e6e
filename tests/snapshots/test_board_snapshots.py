"""Snapshots of the board: deal 1 at 100x32, 80x24 and 200x60, a selection with its destinations,
the target under the mouse, the cursor, a hint, the classic look,
help and the win screen. A fixed deal, a fixed size, a frozen clock and no animations; the one
snapshot with the winnability check waits for its answer (with a deadline), the others run
without it, so the status line is the same on every run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from freecell_tui.ui.app import FreeCellApp

from ..ui.helpers import COMPACT, SIZE, make_app, message, wait_for
from ..ui.positions import near_won_game


def _app(pilot: Pilot[None]) -> FreeCellApp:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    return app


async def _checked(pilot: Pilot[None]) -> None:
    """Wait for the winnability check (a background worker) to say so."""
    status = _app(pilot).game_screen.status
    await wait_for(pilot, lambda: status.extra == "winnable", "the winnability check", 60)


def test_deal_1_full(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, check=True)
    assert snap_compare(app, terminal_size=SIZE, run_before=_checked)


def test_deal_1_compact(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=COMPACT)


def test_selection_and_destinations(snap_compare: Any, tmp_path: Path) -> None:
    # 2♥ to free cell a, then column 3's 8♦ picked up: free cells b–d light up as destinations.
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, press=["3", "a", "3"])


def test_hint(snap_compare: Any, tmp_path: Path) -> None:
    # The hint's source (column 7's 8♣) and destination (free cell a) light up.
    async def hint(pilot: Pilot[None]) -> None:
        await pilot.press("i")
        app = _app(pilot)
        await wait_for(pilot, lambda: message(app).startswith("Hint: 7a"), "the hint", 60)

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=hint)


def test_help(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, press=["question_mark"])


def test_win_screen(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, start=near_won_game())
    assert snap_compare(app, terminal_size=SIZE, press=["1", "h"])


def test_the_target_under_the_mouse(snap_compare: Any, tmp_path: Path) -> None:
    # 2♥ picked up: the free cells are targets, free cell a (under the mouse) a block.
    async def hover(pilot: Pilot[None]) -> None:
        await pilot.press("3")
        await pilot.hover("#cell-a", offset=(3, 2))

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=hover)


def test_the_cursor_outlines_its_card(snap_compare: Any, tmp_path: Path) -> None:
    # The cursor on column 2: its key reversed, its top card (9♣) outlined in heavy lines.
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, press=["down", "right"])


def test_a_big_terminal_uses_its_height(snap_compare: Any, tmp_path: Path) -> None:
    # 200x60: tall cards, covered cards showing more of themselves, the board centred.
    assert snap_compare(make_app(tmp_path), terminal_size=(200, 60))


def test_the_classic_look(snap_compare: Any, tmp_path: Path) -> None:
    # Light faces with red and black ink on a green table, 2♥ picked up.
    async def classic(pilot: Pilot[None]) -> None:
        await _app(pilot).game_screen.run_action("classic")
        await pilot.press("3")

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=classic)
