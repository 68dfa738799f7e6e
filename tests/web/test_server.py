"""``freecell-tui serve`` for real, with the page's websocket (what textual.js opens) in place of
a browser: the page loads only from the server, keys reach the game and the store, Ctrl+C and
``kill -9`` keep the game for the next server, and an export and a link reach the page.

(The same through Debian's Chromium: test_browser.py.)
"""

from __future__ import annotations

import asyncio
import re
import signal
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from freecell_tui.core.cards import Card
from freecell_tui.store import Store

from .helpers import (
    AWKWARD_NAME,
    TIMEOUT,
    Served,
    autosaves,
    needs_textual_serve,
    owner_pid,
    pid_alive,
)
from .tabs import Tab, eventually, playing, serving, zombie

pytestmark = pytest.mark.usefixtures("_textual_serve")


@pytest.fixture
def _textual_serve() -> None:
    needs_textual_serve()


def test_the_page_loads_nothing_from_anywhere_else(tmp_path: Path) -> None:
    with Served(tmp_path) as served:
        # A browser without cookies: each of the page's files carries the token in its address.
        with urllib.request.urlopen(served.url, timeout=TIMEOUT) as response:
            page = response.read().decode()
            assert "Set-Cookie" not in response.headers
        links = re.findall(r'(?:src|href)="([^"]*)"', page) + re.findall(r'url\("([^"]*)"\)', page)
        assert [link for link in links if not link.startswith(("/static/", "data:"))] == []
        assert f"/static/js/textual.js?token={served.token}" in links
        for link in links:
            if link.startswith("/"):
                with urllib.request.urlopen(served.base + link[1:], timeout=TIMEOUT) as asset:
                    assert asset.status == 200
        code, out, err = served.stop()
    assert (code, err) == (0, "")


async def test_keys_reach_the_store_and_ctrl_c_keeps_the_game(tmp_path: Path) -> None:
    data = tmp_path / AWKWARD_NAME  # quoted for the shell that starts each game
    with Served(data, "--deal", "1") as served:
        async with Tab.open(served.websocket_url) as tab:
            await tab.settled()
            await tab.keys("3", "a")
            [(owner, turns)] = await eventually(lambda: playing(data), "move in the store")
            assert turns == ["3a"]
            assert pid_alive(owner_pid(owner))  # the game of this tab, still being played
            code, out, err = await asyncio.to_thread(served.stop, signal.SIGINT)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "Stopped. Unfinished games are saved for next time."
    # The game quit as with q: written and let go, so any next copy can resume it.
    opened = Store.open(data)
    saved = opened.store.autosaves.offer().saved
    opened.store.close()
    assert saved is not None
    assert saved.game.deal_number == 1
    assert saved.game.state.cells[0] == Card.parse("2H")


async def test_after_kill_9_the_game_quits_and_the_next_server_resumes_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Served(data, "--deal", "1") as served:
        async with Tab.open(served.websocket_url) as tab:
            await tab.settled()
            await tab.keys("3", "a")
            await eventually(lambda: playing(data), "move in the store")
            await asyncio.to_thread(served.stop, signal.SIGKILL)
            # Nobody can play the orphaned game: it sees its input end and quits, let go.
            await eventually(lambda: autosaves(data) == [(None, ["3a"])], "the game let go")
    with Served(data) as again:  # without --deal, the unfinished game is offered
        async with Tab.open(again.websocket_url) as tab:
            await tab.settled()
            await tab.keys("\r")  # Enter resumes
            [(owner, turns)] = await eventually(lambda: playing(data), "the game resumed")
            assert turns == ["3a"]
            code, _, err = await asyncio.to_thread(again.stop, signal.SIGTERM)
    assert (code, err) == (0, "")
    assert autosaves(data) == [(None, ["3a"])]
    assert not pid_alive(owner_pid(owner))


DEMO = """
from textual.app import App
from freecell_tui.ui.web.browser import deliver_export, open_link

class Demo(App[None]):
    def on_key(self, event) -> None:
        if event.key == "e":
            deliver_export(self, "freecell-Sofa game.json", '{"name": "Sofa game ♥"}')
        elif event.key == "l":
            open_link(self, "https://example.org/freecell/rules")

Demo().run()
"""


async def test_an_export_and_a_link_reach_the_page(tmp_path: Path) -> None:
    """The helpers through the web driver, textual-serve and the page's protocol."""
    demo = tmp_path / "demo app.py"
    demo.write_text(DEMO, encoding="utf-8")
    async with serving(demo) as served, Tab.open(served.websocket_url) as tab:
        url, server = served.base, served.process
        await tab.settled()
        await tab.keys("e")
        [key] = await eventually(
            lambda: [m[1] for m in tab.messages if m[0] == "deliver_file_start"], "download"
        )
        # The page's script opens the download's address without the token: the key is the
        # game's secret, told only to its page, and good until the file is delivered.
        download = await asyncio.to_thread(urllib.request.urlopen, f"{url}download/{key}")
        assert download.read().decode() == '{"name": "Sofa game ♥"}'
        assert download.headers["Content-Type"] == "application/json; charset=utf-8"
        assert download.headers["Content-Disposition"] == (
            "attachment; filename=freecell-Sofa-game.json"
        )
        with pytest.raises(urllib.error.HTTPError) as again:
            await asyncio.to_thread(urllib.request.urlopen, f"{url}download/{key}")
        assert again.value.code == 403
        await tab.keys("l")
        opened = await eventually(
            lambda: [m[1] for m in tab.messages if m[0] == "open_url"], "link"
        )
        assert opened == [{"url": "https://example.org/freecell/rules", "new_tab": True}]
        server.send_signal(signal.SIGINT)
        assert await asyncio.to_thread(server.wait, TIMEOUT) == 0


STUCK = """
import os, sys, time
open(sys.argv[0] + ".pid", "w").write(str(os.getpid()))
print("__GANGLION__", flush=True)  # textual-serve's sign that an app started
time.sleep(600)  # and never answers, not even to quit
"""


async def test_a_game_that_does_not_quit_is_stopped_after_the_grace_time(tmp_path: Path) -> None:
    stuck = tmp_path / "stuck.py"
    stuck.write_text(STUCK, encoding="utf-8")
    async with serving(stuck, grace=0.5) as served, Tab.open(served.websocket_url):
        server = served.process
        pid_file = Path(f"{stuck}.pid")
        pid = int(await eventually(lambda: pid_file.exists() and pid_file.read_text(), "game"))
        server.send_signal(signal.SIGINT)
        _, err = await asyncio.to_thread(server.communicate, None, TIMEOUT)
        assert server.returncode == 0
        assert err == (
            "freecell-tui serve: 1 of 1 games did not quit within 0.5 s and were stopped; each "
            "game's last move is saved.\n"
        )
        assert not pid_alive(pid) or zombie(pid)
