"""The game's own screens in a browser: the save screen exports as a download and imports a
game code (the player's files cannot be read), and the help screen's links open in a new tab."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from freecell_tui.core.codes import encode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.store import Store
from freecell_tui.ui.app import FreeCellApp

from .test_web_helpers import browser  # noqa: F401  (the fixture: Pilot's driver as the web's)


def app_with_a_save(data_dir: Path) -> FreeCellApp:
    app = FreeCellApp(deal=1, data_dir=data_dir, clock=lambda: 0.0, intro=False)
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


async def test_import_in_a_browser_takes_a_game_code(
    tmp_path: Path,
    browser: dict[str, list[Any]],  # noqa: F811
) -> None:
    app = app_with_a_save(tmp_path)
    shared = Game.new(8).play(Move.parse("3a"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        screen = app.screen
        label = str(screen.query_one("#prompt-label").render())
        assert label == "Paste a game code (a browser's game cannot read your files):"
        await pilot.press(*"~/mine.json", "enter")  # a file: not read, refused as a code
        await pilot.pause()
        message = lambda: str(screen.query_one("#message").render())  # noqa: E731
        for _ in range(200):
            if message():
                break
            await pilot.pause(0.02)
        assert message().startswith("Nothing imported: ") and "game code" in message()
        await pilot.press("ctrl+u", *encode(shared), "enter")
        for _ in range(200):
            if message().startswith("Imported"):
                break
            await pilot.pause(0.02)
        assert message() == "Imported “Shared deal 8”: deal 8, 1 move."
    store = Store.open(tmp_path).store
    assert store.slots.load("Shared deal 8").game.turns == shared.turns


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
