"""Small terminals, read off the screen: at 80x24 the footer keeps ``? Help`` and ``q Quit``; a long
message is broken or shortened between words, never in the middle of one; a notice never covers
the status or message line."""

from __future__ import annotations

from pathlib import Path

from freecell_tui.session import Tone
from freecell_tui.ui.widgets.footer import KeyFooter
from freecell_tui.ui.widgets.status import fit_words

from .helpers import COMPACT, lines, make_app, screen_lines, wait_for

LONG = (
    "A rather long message that explains at length why this particular move cannot be made "
    "here, with far more words than one or two lines of a small terminal can hold at once"
)


def test_words_are_never_cut() -> None:
    words = set(LONG.split())
    for width in (10, 20, 37, 78):
        for count in (1, 2):
            fitted = fit_words(LONG, width, count)
            assert 1 <= len(fitted) <= count
            for line in fitted:
                assert len(line) <= width
                assert all(word in words or word == "…" for word in line.split()), line
            assert fitted[-1].endswith("…")  # said: there was more
    assert fit_words("short text", 20, 2) == ["short text"]


async def test_at_80x24_the_footer_keeps_help_and_quit_and_messages_keep_their_words(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=COMPACT, notifications=True) as pilot:
        await pilot.pause()
        footer = screen_lines(app)[-1]
        assert "? Help" in footer and "q Quit" in footer
        screen = app.game_screen
        screen.say(LONG, Tone.ERROR)
        await pilot.pause()
        drawn = " ".join(line.strip() for line in lines(screen.message))
        words = set(LONG.split())
        assert all(word in words or word == "…" for word in drawn.split()), drawn
        assert drawn.startswith("A rather long message")
        # A notice stands above the status and message lines.
        app.notify("A notice about the saves, long enough to take a few lines " * 2)
        await pilot.pause(0.2)
        toast = app.screen.query_one("Toast")
        for line in (screen.status, screen.message):
            assert not toast.region.overlaps(line.region), (toast.region, line.region)


async def test_the_footer_follows_the_width(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 32)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        wide = screen_lines(app)[-1]
        keys = footer.shown()
        assert [key.description for _, key in keys][-1] == "palette"
        await pilot.resize_terminal(*COMPACT)
        await wait_for(pilot, lambda: len(footer.shown()) < len(keys), "fewer keys")
        narrow = screen_lines(app)[-1]
        assert "? Help" in narrow and "q Quit" in narrow
        assert len(narrow.split()) < len(wide.split())
        # What is drawn is what the footer says it shows, where it says.
        *keys, (x, palette) = footer.shown()
        for start, key in keys:
            assert narrow[start : start + key.cells] == f" {key.display} {key.description} "
        assert narrow[x:].rstrip() == "▏^p palette"
