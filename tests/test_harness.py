"""Textual's insides the tests use (``tests/harness.py``): Pilot's wait for idle waits for what
the app still has to draw, CSS is parsed once, a frame is drawn only when it is read (and the last
one), and every use fails clearly on another Textual."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widgets import Static

from . import harness
from .ui.helpers import screen_lines


class Words(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("before", id="words")


async def test_a_refresh_still_to_draw_is_not_idle() -> None:
    app = Words()
    async with app.run_test(size=(30, 3)) as pilot:
        await pilot.pause()
        assert not harness.app_busy()
        app.query_one("#words", Static).update("after")
        assert harness.app_busy()  # the change waits for the screen's next refresh
        await pilot.pause()
        assert not harness.app_busy()
        assert screen_lines(app)[0].rstrip() == "after"


async def test_the_screen_after_a_resize_is_drawn_at_the_new_size() -> None:
    app = Words()
    async with app.run_test(size=(30, 3)) as pilot:
        for width in (12, 7, 40, 5, 20):  # a resize waits 1/120 s to reach the screen
            await pilot.resize_terminal(width, 3)
            assert [len(line) for line in screen_lines(app)] == [width] * 3


def test_with_no_app_running_nothing_is_busy() -> None:
    assert not harness.app_busy()


async def test_an_app_that_is_leaving_is_idle() -> None:
    app = Words()
    async with app.run_test(size=(30, 3)) as pilot:
        app.query_one("#words", Static).update("after")
        assert harness.app_busy()
        app.exit()  # as a key that quits: what it left undrawn will never be drawn
        assert not harness.app_busy()
        await pilot.press("x")  # returns at once, not after Pilot's longest waits
    assert app.return_code == 0


class Styled(App[None]):
    CSS = "Static { color: red; }"

    def compose(self) -> ComposeResult:
        yield Static("styled")


async def rules_of_a_start() -> list[object]:
    app = Styled()
    async with app.run_test(size=(30, 3)) as pilot:
        await pilot.pause()
    return list(app.stylesheet.rules)


async def test_each_css_is_parsed_once_in_a_test_process() -> None:
    first, second = await rules_of_a_start(), await rules_of_a_start()
    assert first and all(a is b for a, b in zip(first, second, strict=True))


class Drawn(Static):
    """Counts the times it is drawn, and fails as it is drawn once broken."""

    broken = False
    times = 0

    def render_lines(self, crop: Region) -> list[Strip]:
        if self.broken:
            raise RuntimeError("cannot draw")
        self.times += 1
        return super().render_lines(crop)


class Drawing(App[None]):
    def compose(self) -> ComposeResult:
        yield Drawn("drawn")


async def frames_drawn(pilot: Pilot[None]) -> int:
    """The times the app's widget is drawn as it changes four times, a pause after each."""
    widget = pilot.app.query_one(Drawn)
    await pilot.pause()  # the first frame
    before = widget.times
    for _ in range(4):
        widget.refresh()
        await pilot.pause()
    return widget.times - before


async def test_a_frame_nobody_reads_is_not_drawn_but_what_is_read_and_the_last_screen_are() -> None:
    app = Drawing()
    async with app.run_test(size=(30, 3)) as pilot:
        widget = app.query_one(Drawn)
        assert await frames_drawn(pilot) == 0
        assert screen_lines(app)[0].rstrip() == "drawn"  # what is read is drawn
        assert widget.times == 1
        widget.refresh()
    assert widget.times == 2  # the last screen
    app = Drawing()
    with pytest.raises(RuntimeError, match="cannot draw"):
        async with app.run_test(size=(30, 3)):
            app.query_one(Drawn).broken = True  # the test fails as its last screen is drawn


@pytest.mark.frames
async def test_a_test_marked_frames_draws_every_frame() -> None:
    async with Drawing().run_test(size=(30, 3)) as pilot:
        assert await frames_drawn(pilot) > 0  # each pause waits for its frame (a second at most)


def test_on_another_textual_every_use_fails_saying_what_to_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(harness, "TEXTUAL", (harness.CHECKED[0], harness.CHECKED[1] + 1))
    uses = [harness.install_idle, harness.install_css_once, harness.app_busy]
    uses += [lambda: harness.key_of(":"), harness.no_matches_seconds]
    uses += [harness.install_frames_on_demand, lambda: harness.draw(Drawing())]
    for use in uses:
        with pytest.raises(
            RuntimeError, match=r"private names of Textual 8\.2, .* then change CHECKED"
        ):
            use()
