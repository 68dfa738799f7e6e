"""Snapshots of the save-slot, statistics and resume screens: fixed games, a fixed clock shown in
UTC, a fixed size, no animations."""

from __future__ import annotations

import time
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from freecell_tui.core.rules import legal_moves
from freecell_tui.store import Store
from freecell_tui.ui.screens.resume import ResumeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.screens.stats import StatsScreen

from .helpers import Clock, one_from_won, played


@pytest.fixture(autouse=True)
def _utc(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Saved times are shown in local time: make local time UTC for a stable picture."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


class Host(App[None]):
    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.animation_level = "none"
        self.screen_under_test = screen

    def on_mount(self) -> None:
        self.push_screen(self.screen_under_test)


async def _settle(pilot: Pilot[None]) -> None:
    await pilot.pause()


def _store() -> Store:
    store = Store.in_memory(clock=Clock())
    store.save_slot("Deal 5 [hard]", played(5, 12), 125)
    store.save_slot("Robert'); DROP TABLE slots;--", played(6, 4), 3)
    store.save_slot("Partie à Noël ♥", played(7, 20), 3725)
    return store


def test_save_slots_screen(snap_compare: Any) -> None:
    app = Host(SaveSlotsScreen(_store(), played(9, 3), 10))
    assert snap_compare(app, terminal_size=(120, 36), run_before=_settle)


def test_save_slots_screen_naming_a_new_save(snap_compare: Any) -> None:
    app = Host(SaveSlotsScreen(_store(), played(9, 3), 10))
    assert snap_compare(app, terminal_size=(120, 36), press=["n"], run_before=_settle)


def test_stats_screen(snap_compare: Any) -> None:
    store = Store.in_memory(clock=Clock())
    won = one_from_won()
    won = won.play(next(iter(legal_moves(won.state))))
    for game, seconds in ((played(3, 10), 100), (won, 5), (won, 4), (played(3, 20), 300)):
        store.finish(game, seconds)
    assert snap_compare(Host(StatsScreen(store)), terminal_size=(100, 30), run_before=_settle)


def test_resume_screen(snap_compare: Any) -> None:
    store = Store.in_memory(clock=Clock())
    store.autosave(played(11, 7), 75)
    store.set_aside()
    saved = store.load_autosave().saved
    assert saved is not None
    assert snap_compare(Host(ResumeScreen(saved)), terminal_size=(100, 34), run_before=_settle)
