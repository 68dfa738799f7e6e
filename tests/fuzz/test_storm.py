"""The full-screen game survives a storm of keys, clicks, drags, palette use and resizes (down to
1×1 and back), keeps all 52 cards, and everything it stored replays legally."""

from __future__ import annotations

from pathlib import Path

import pytest

from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.variant import EIGHT_OFF, FREECELL, SEAHAVEN, Variant
from freecell_tui.ui.app import FreeCellApp

from ..harness import exit_renderables
from .storm import burst_storm, drawn_cards, stored_game, stored_games_replay, storm

#: Events per seed in the suite, each waited for (the nightly-size storm is
#: benchmarks/storm_bench.py).
EVENTS = 80
#: Events per seed of the fast storm, sent as a terminal sends them, without waiting.
BURST_EVENTS = 1500


@pytest.mark.storm
@pytest.mark.parametrize(
    ("seed", "burst", "variant"),
    [(1, False, FREECELL), (2, True, FREECELL), (5, False, EIGHT_OFF), (4, True, SEAHAVEN)],
    ids=["1-freecell", "2-freecell-burst", "5-eight-off", "4-seahaven-burst"],
)
async def test_the_game_survives_a_storm(
    tmp_path: Path, seed: int, burst: bool, variant: Variant
) -> None:
    # Eight Off's twelve piles a row and Seahaven's ten columns are stormed too.
    app = FreeCellApp(
        deal=seed, data_dir=tmp_path, clock=lambda: 0.0, deal_source=lambda: 7, variant=variant
    )
    app.animation_level = "none"
    async with app.run_test(size=(100, 32)) as pilot:
        if burst:
            report = await burst_storm(pilot, seed, BURST_EVENTS)
        else:
            report = await storm(pilot, seed, EVENTS)
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert app.is_running
        assert drawn_cards(app) == 52
        session = app.session
        session.game.state.validate()
        # Saved before shown, through the whole storm: the stored game is the one on the board.
        stored = stored_game(tmp_path, session.store.database.owner)
        if session.under_way:
            assert stored is not None and stored.turns == session.game.turns
            assert stored.state == session.game.state
        else:
            assert stored is None
    assert app.crash_report is None
    assert report.resizes >= 3 and report.clicks >= 10 and report.drags >= 10
    stored_games_replay(tmp_path)  # raises unless every stored game (saves too) replays


async def test_a_crash_writes_a_report_and_keeps_the_game(tmp_path: Path) -> None:
    """The last line of defence: an unexpected error stops the app with a report, not a
    traceback, and the last move is already on disk."""
    app = FreeCellApp(deal=1, data_dir=tmp_path, clock=lambda: 0.0)
    app.animation_level = "none"
    with pytest.raises(RuntimeError, match="a bug"):
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press("3", "a")
            await pilot.pause()

            def boom() -> None:
                raise RuntimeError("a bug")

            app.call_later(boom)
            await pilot.pause()
    assert app.crash_report is not None and app.crash_report.exists()
    report = app.crash_report.read_text(encoding="utf-8")
    assert "RuntimeError: a bug" in report and "moves: 3a" in report
    assert app.crash_report.parent == tmp_path / "crash-reports"
    assert exit_renderables(app) == []  # no traceback is printed for the player
    from freecell_tui.store import Store

    saved = Store.open(tmp_path).store.autosaves.offer().saved
    assert saved is not None and saved.game.moves == Game.new(1).play(Move.parse("3a")).moves
