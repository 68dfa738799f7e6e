"""The game's own screens in a browser: the save screen exports as a download (and says why
import cannot read the player's files), and the help screen's links open in a new tab."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.ui.app import FreeCellApp

from .test_web_helpers import browser  # noqa: F401  (the fixture: Pilot's driver as the web's)


def app_with_a_save(data_dir: Path) -> FreeCellApp:
    app = FreeCellApp(deal=1, data_dir=data_dir, clock=lambda: 0.0)
    app.session.store.slots.save("Sofa ♥", Game.new(1).play(Move.parse("3a")), 12)
    return app


async def test_export_in_a_browser_is_a_download(
    tmp_path: Path,
    browser: dict[str, list[Any]],  # noqa: F811
) -> None:
    app = app_with_a_save(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        message = str(app.screen.query_one("#message").render())
        assert message == "Your browser is downloading freecell-Sofa.json."
        assert not app.screen.query_one("#prompt").has_class("-open")  # no path to type
    ((body, details),) = browser["delivered"]
    data = json.loads(body)
    assert data["name"] == "Sofa ♥" and data["moves"] == ["3a"]
    assert details["save_path"].name == "freecell-Sofa.json"
    assert not list(tmp_path.glob("*.json"))  # nothing written on the server


async def test_import_in_a_browser_says_where_files_are_read(
    tmp_path: Path,
    browser: dict[str, list[Any]],  # noqa: F811
) -> None:
    app = app_with_a_save(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        message = str(app.screen.query_one("#message").render())
        assert message.startswith("In a browser the game cannot read your files")
        assert not app.screen.query_one("#prompt").has_class("-open")


async def test_help_links_open_in_a_new_tab(
    tmp_path: Path,
    browser: dict[str, list[Any]],  # noqa: F811
) -> None:
    app = FreeCellApp(deal=1, data_dir=tmp_path, clock=lambda: 0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        link = app.screen.query(".link").first()
        link.scroll_visible(animate=False)
        await pilot.pause()
        await pilot.click(link, offset=(4, 0))
        await pilot.pause()
    assert browser["opened"] == [("https://en.wikipedia.org/wiki/FreeCell", True)]
