"""Snapshots of the save-slot screen, and of it naming a new save: fixed games, a fixed clock shown
in UTC, a fixed size, no animations. (The statistics and resume screens are checked as drawn text
in ``test_screens.py``.)"""

from __future__ import annotations

import time
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from freecell_tui.store import Store
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.widgets.prompt import Prompt

from .helpers import Clock, played


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


async def _settle_still(pilot: Pilot[None]) -> None:
    """Settled, the prompt's cursor shown steadily: a blink would change the picture half a
    second later (a loaded machine takes that long to draw it)."""
    await pilot.pause()
    pilot.app.screen.query_one(Prompt).cursor_blink = False


def _store() -> Store:
    store = Store.in_memory(clock=Clock())
    store.slots.save("Deal 5 [hard]", played(5, 12), 125)
    store.slots.save("Robert'); DROP TABLE slots;--", played(6, 4), 3)
    store.slots.save("Partie à Noël ♥", played(7, 20), 3725)
    return store


def test_save_slots_screen(snap_compare: Any) -> None:
    app = Host(SaveSlotsScreen(_store(), played(9, 3), 10))
    assert snap_compare(app, terminal_size=(120, 36), run_before=_settle)


def test_save_slots_screen_naming_a_new_save(snap_compare: Any) -> None:
    app = Host(SaveSlotsScreen(_store(), played(9, 3), 10))
    assert snap_compare(app, terminal_size=(120, 36), press=["n"], run_before=_settle_still)
