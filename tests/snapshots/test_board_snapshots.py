"""Snapshots of the board: deal 1 at 100x32 and 80x24, a selection, help and the win screen.
A fixed deal, a fixed size, a frozen clock and no animations; the winnability check is waited
for, so the status line is the same on every run."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Card
from freecell_tui.core.game import Game
from freecell_tui.core.state import GameState
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.assistant import CHECKING


def _app(tmp_path: Path, start: Game | None = None) -> FreeCellApp:
    app = FreeCellApp(deal=1, data_dir=tmp_path, start=start, clock=lambda: 0.0)
    app.animation_level = "none"
    return app


def _near_won() -> Game:
    columns = ((Card.parse("KS"),), (), (), (), (), (), (), ())
    state = GameState(columns, (None, None, None, None), (13, 13, 13, 12))
    return Game.from_position(state, autoplay=AutoplayMode.OFF)


async def _checked(pilot: Pilot[None]) -> None:
    """Wait for the winnability check (a background worker) to answer."""
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    while app.game_screen.status.extra == CHECKING:
        await pilot.pause(0.05)


def test_deal_1_full(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=(100, 32), run_before=_checked)


def test_deal_1_compact(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=(80, 24), run_before=_checked)


def test_selection_and_destinations(snap_compare, tmp_path: Path) -> None:
    # 2♥ to free cell a, then column 3's 8♦ picked up: free cells b–d light up as destinations.
    async def play(pilot: Pilot[None]) -> None:
        await pilot.press("3", "a")
        await _checked(pilot)
        await pilot.press("3")

    assert snap_compare(_app(tmp_path), terminal_size=(100, 32), run_before=play)


def test_hint(snap_compare, tmp_path: Path) -> None:
    # The hint's source (column 6's 3♦) and destination (free cell a) light up.
    async def hint(pilot: Pilot[None]) -> None:
        await _checked(pilot)
        await pilot.press("i")
        app = pilot.app
        assert isinstance(app, FreeCellApp)
        while app.game_screen.hint is None:
            await pilot.pause(0.05)

    assert snap_compare(_app(tmp_path), terminal_size=(100, 32), run_before=hint)


def test_help(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=(100, 32), press=["question_mark"])


def test_win_screen(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path, _near_won()), terminal_size=(100, 32), press=["1", "h"])
