"""The game's browser helpers (``freecell_tui.ui.web.browser``) with Pilot: an export delivered as a
download, links opened in a new tab; in a terminal, nothing delivered and links opened only
where a desktop browser can open them.

A Pilot app runs on Textual's headless driver; "in a browser" is that driver saying
``is_web`` and recording what it is asked to deliver or open, as the web driver would send it
to the page (the real path, through textual-serve to the page, is in test_server.py).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.drivers.headless_driver import HeadlessDriver
from textual.widgets import Static

from freecell_tui.ui.web.browser import DELIVERY_NAME, deliver_export, download_name, open_link

EXPORT = json.dumps({"format": "freecell-tui save", "name": "Sofa game ♥"}, ensure_ascii=False)


class Demo(App[None]):
    """``e`` exports, ``l`` opens a link; the answer is shown in ``#said``."""

    def compose(self) -> ComposeResult:
        yield Static(id="said", markup=False)

    def on_key(self, event: Any) -> None:
        if event.key == "e":
            said = deliver_export(self, "freecell-Sofa game ♥.json", EXPORT)
            self.say(said if said is not None else "write the file")
        elif event.key == "l":
            self.say(open_link(self, "https://example.org/freecell/rules"))
        elif event.key == "j":
            self.say(open_link(self, "javascript:alert(1)"))

    def say(self, text: str) -> None:
        self.query_one("#said", Static).update(text)


def said(app: Demo) -> str:
    return str(app.query_one("#said", Static).content)


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Pilot's driver behaves as the web driver: ``is_web``, and records deliveries and URLs."""
    calls: dict[str, list[Any]] = {"delivered": [], "opened": []}

    def deliver_binary(self: HeadlessDriver, binary: Any, **details: Any) -> None:
        calls["delivered"].append((binary.read(), details))

    def open_url(self: HeadlessDriver, url: str, new_tab: bool = True) -> None:
        calls["opened"].append((url, new_tab))

    monkeypatch.setattr(HeadlessDriver, "is_web", property(lambda self: True))
    monkeypatch.setattr(HeadlessDriver, "deliver_binary", deliver_binary)
    monkeypatch.setattr(HeadlessDriver, "open_url", open_url)
    return calls


async def test_in_a_browser_an_export_is_a_download(browser: dict[str, list[Any]]) -> None:
    app = Demo()
    async with app.run_test() as pilot:
        assert app.is_web
        await pilot.press("e")
        assert said(app) == "Your browser is downloading freecell-Sofa-game.json."
    [(content, details)] = browser["delivered"]
    assert content == EXPORT  # the text itself, not a file on the server
    assert details["save_path"].name == "freecell-Sofa-game.json"
    assert details["mime_type"] == "application/json"
    assert details["encoding"] == "utf-8"
    assert details["open_method"] == "download"
    assert details["name"] == DELIVERY_NAME


async def test_in_a_browser_a_link_opens_in_a_new_tab(browser: dict[str, list[Any]]) -> None:
    app = Demo()
    async with app.run_test() as pilot:
        await pilot.press("l")
        assert said(app) == "Opened https://example.org/freecell/rules in a new tab."
        await pilot.press("j")
        assert said(app) == "Not a web address: javascript:alert(1)"
    assert browser["opened"] == [("https://example.org/freecell/rules", True)]


async def test_in_a_terminal_nothing_is_delivered(monkeypatch: pytest.MonkeyPatch) -> None:
    delivered: list[object] = []
    monkeypatch.setattr(HeadlessDriver, "deliver_binary", lambda *a, **k: delivered.append(a))
    app = Demo()
    async with app.run_test() as pilot:
        assert not app.is_web
        await pilot.press("e")
        assert said(app) == "write the file"
    assert delivered == []  # the caller writes the file, as before


@pytest.mark.parametrize(
    ("display", "opened", "answer"),
    [
        ("", [], "Open https://example.org/freecell/rules in a web browser."),
        (
            ":0",
            ["https://example.org/freecell/rules"],
            "Opened https://example.org/freecell/rules in your web browser.",
        ),
    ],
)
async def test_in_a_terminal_a_link_opens_only_where_a_desktop_browser_can(
    monkeypatch: pytest.MonkeyPatch, display: str, opened: list[str], answer: str
) -> None:
    """Over ssh or on a console, Python's webbrowser would start a text-mode browser in the
    game's own terminal: the player gets the address instead."""
    urls: list[str] = []
    monkeypatch.setattr(
        HeadlessDriver, "open_url", lambda self, url, new_tab=True: urls.append(url)
    )
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("DISPLAY", display)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    app = Demo()
    async with app.run_test() as pilot:
        await pilot.press("l")
        assert said(app) == answer
    assert urls == opened


@pytest.mark.parametrize(
    ("name", "safe"),
    [
        ("freecell-my-save.json", "freecell-my-save.json"),
        ("freecell-Sofa game ♥.json", "freecell-Sofa-game.json"),
        ('a b;c="d".json', "a-b-c-d.json"),
        ("../../.bashrc", "bashrc"),
        ("♥♥♥", "freecell-save.json"),
    ],
)
def test_download_names_are_safe_in_an_http_header(name: str, safe: str) -> None:
    assert download_name(name) == safe
