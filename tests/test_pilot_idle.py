"""Pilot's wait for idle (``tests/pilot_idle.py``) waits for what the app still has to draw."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from . import pilot_idle
from .ui.helpers import screen_lines


class Words(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("before", id="words")


async def test_a_refresh_still_to_draw_is_not_idle() -> None:
    app = Words()
    async with app.run_test(size=(30, 3)) as pilot:
        await pilot.pause()
        assert not pilot_idle.app_busy()
        app.query_one("#words", Static).update("after")
        assert pilot_idle.app_busy()  # the change waits for the screen's next refresh
        await pilot.pause()
        assert not pilot_idle.app_busy()
        assert screen_lines(app)[0].rstrip() == "after"


async def test_the_screen_after_a_resize_is_drawn_at_the_new_size() -> None:
    app = Words()
    async with app.run_test(size=(30, 3)) as pilot:
        for width in (12, 7, 40, 5, 20):  # a resize waits 1/120 s to reach the screen
            await pilot.resize_terminal(width, 3)
            assert [len(line) for line in screen_lines(app)] == [width] * 3


def test_with_no_app_running_nothing_is_busy() -> None:
    assert not pilot_idle.app_busy()


async def test_an_app_that_is_leaving_is_idle() -> None:
    app = Words()
    async with app.run_test(size=(30, 3)) as pilot:
        app.query_one("#words", Static).update("after")
        assert pilot_idle.app_busy()
        app.exit()  # as a key that quits: what it left undrawn will never be drawn
        assert not pilot_idle.app_busy()
        await pilot.press("x")  # returns at once, not after Pilot's longest waits
    assert app.return_code == 0
