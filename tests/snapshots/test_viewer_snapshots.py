"""Snapshots of the viewer: the first forty moves of deal 1's solution (autoplay off), at move
27, at 100x32 (the move list beside the board) and 80x24 (one line of moves under it); a lost
game reviewed, its marks beside the moves, at 100x32. A fixed game, a fixed size, no
animations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.screens.viewer import ViewerScreen

from ..ui.helpers import COMPACT, SIZE, make_app, wait_for
from ..ui.test_viewer_review import lost_game

MOVES = (
    "6a 6b 6h bh 6h 7b 76 7c 7h 3h 86 32 a3 67v3 56 8a 82 42 8h 8h 86 36v2 b8 a8 18 5a 5h 4b "
    "45 54v2 5h 58 24v4 68v2 62v3 25v4 26 c2 24v2 1c"
)


def _watched() -> Game:
    game = Game.new(1, autoplay=AutoplayMode.OFF)
    for move in MOVES.split():
        game = game.play(Move.parse(move))
    return game


async def _at_move_27(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the viewer")
    for _ in range(27):
        await pilot.press("right")


def test_viewer_full(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, deal=None, watch=_watched())
    assert snap_compare(app, terminal_size=SIZE, run_before=_at_move_27)


def test_viewer_compact(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, deal=None, watch=_watched())
    assert snap_compare(app, terminal_size=COMPACT, run_before=_at_move_27)


async def _reviewed_on_the_last_winnable_step(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the viewer")
    screen = app.screen
    assert isinstance(screen, ViewerScreen)
    await pilot.press("r")
    await wait_for(pilot, lambda: screen.found is not None, "the review", 120)
    await pilot.press("m")  # the step's words and mark, not the summary (its count may vary)


def test_viewer_review_marks(snap_compare: Any, tmp_path: Path) -> None:
    """A lost game reviewed: ``last winnable`` and ``lost here`` beside their moves, the cursor
    on the last winnable one, the status line's ``lost at move 11``."""
    app = make_app(tmp_path, deal=None, watch=lost_game())
    assert snap_compare(app, terminal_size=SIZE, run_before=_reviewed_on_the_last_winnable_step)
