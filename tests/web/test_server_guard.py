"""Who may reach a game (issue 23): only requests with the server's token, for this server's
``Host``, from its own page's ``Origin``. Every other one gets a 403 and starts no game.
Also: how many games run at once, and a tab's game ending with its socket.

The games here are small scripts that note each start in a file, so "no game started" is
checked, not assumed: a refused request is followed by an accepted one, and only that one's
start is in the file.
"""

from __future__ import annotations

import asyncio
import os
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from .helpers import needs_textual_serve, pid_alive
from .tabs import TOKEN, Serving, Tab, eventually, serving, start_serving, stop_serving, zombie

pytestmark = pytest.mark.usefixtures("_textual_serve")


@pytest.fixture
def _textual_serve() -> None:
    needs_textual_serve()


#: A game that notes its start, then quits at the first thing the server sends (its quit).
NOTED = """
import os, sys
with open(sys.argv[0] + ".started", "a") as started:
    started.write(f"{os.getpid()}\\n")
print("__GANGLION__", flush=True)  # textual-serve's sign that an app started
sys.stdin.buffer.read(1)
"""

#: A game that never answers, not even to quit.
STUCK = """
import os, sys, time
open(sys.argv[0] + ".pid", "w").write(str(os.getpid()))
print("__GANGLION__", flush=True)
time.sleep(600)
"""


def starts(script: Path) -> list[int]:
    """The process ids of the games started so far."""
    noted = Path(f"{script}.started")
    return [int(line) for line in noted.read_text().split()] if noted.exists() else []


@pytest.fixture
def noted(tmp_path: Path) -> Path:
    script = tmp_path / "noted game.py"
    script.write_text(NOTED, encoding="utf-8")
    return script


@pytest.fixture(scope="module")
def refusing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Serving, Path]]:
    """One server for the refused requests (a refused one changes nothing on it), with its
    noted game: each test checks the games started while it ran."""
    needs_textual_serve()
    script = tmp_path_factory.mktemp("refusing") / "noted game.py"
    script.write_text(NOTED, encoding="utf-8")
    served = start_serving(script)
    try:
        yield served, script
    finally:
        stop_serving(served)


async def status_of(url: str, **headers: str) -> tuple[int, str, str]:
    """A plain GET's status, body and Set-Cookie header."""
    import aiohttp

    async with aiohttp.ClientSession() as session, session.get(url, headers=headers) as answer:
        return answer.status, await answer.text(), answer.headers.get("Set-Cookie", "")


async def handshake_status(url: str, **headers: str) -> int:
    """The status a websocket handshake to ``url`` gets (101 when it is let in)."""
    import aiohttp

    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(url, headers=headers):
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


def _host(served: Serving) -> str:
    return urllib.parse.urlsplit(served.base).netloc


REFUSED = [
    # (what, path, headers): each with everything else right
    ("no token", "ws", {}),
    ("a wrong token", "ws/not-the-token", {}),
    ("a token one letter short", f"ws/{TOKEN[:-1]}", {}),
    ("a wrong token in the cookie", "ws", {"Cookie": "freecell-token-{port}=nope"}),
    # The token is never a cookie: a browser sends a host's cookies to each of its ports.
    ("the token in a cookie", "ws", {"Cookie": f"freecell-token-{{port}}={TOKEN}"}),
    ("another site's page", f"ws/{TOKEN}", {"Origin": "http://evil.example"}),
    ("another port's page", f"ws/{TOKEN}", {"Origin": "http://127.0.0.1:1"}),
    ("a sandboxed page", f"ws/{TOKEN}", {"Origin": "null"}),
    (
        "DNS rebinding",
        f"ws/{TOKEN}",
        {"Host": "evil.example:{port}", "Origin": "http://evil.example:{port}"},
    ),
    ("a foreign Host", f"ws/{TOKEN}", {"Host": "evil.example"}),
]


@pytest.mark.parametrize(("what", "path", "headers"), REFUSED, ids=[r[0] for r in REFUSED])
async def test_a_refused_websocket_gets_403_and_starts_no_game(
    refusing: tuple[Serving, Path], what: str, path: str, headers: dict[str, str]
) -> None:
    served, noted = refusing
    before = len(starts(noted))
    port = str(urllib.parse.urlsplit(served.base).port)
    filled = {name: value.replace("{port}", port) for name, value in headers.items()}
    assert await handshake_status(f"ws{served.base[4:]}{path}", **filled) == 403
    # The right request, after the refused one, starts the one game started since.
    async with Tab.open(served.websocket_url):
        [pid] = await eventually(lambda: starts(noted)[before:], "the game started")
    assert starts(noted)[before:] == [pid]


PAGES = [
    ("the page without a token", "", {}),
    ("the page with a wrong token", "?token=guess", {}),
    ("the page for a foreign Host", f"?token={TOKEN}", {"Host": "evil.example"}),
    ("the page for a rebound name", f"?token={TOKEN}", {"Host": "evil.example:{port}"}),
    ("the page's script without a token", "static/js/textual.js", {}),
    ("a download without a token", "download/some-key", {}),
    ("a script on another site", f"?token={TOKEN}", {"Origin": "http://evil.example"}),
]


@pytest.mark.parametrize(("what", "path", "headers"), PAGES, ids=[r[0] for r in PAGES])
async def test_a_refused_request_gets_a_plain_403(
    refusing: tuple[Serving, Path], what: str, path: str, headers: dict[str, str]
) -> None:
    served, noted = refusing
    before = starts(noted)
    port = str(urllib.parse.urlsplit(served.base).port)
    filled = {name: value.replace("{port}", port) for name, value in headers.items()}
    status, text, cookie = await status_of(served.base + path, **filled)
    assert status == 403
    assert text.count("\n") == 1 and "<" not in text  # one plain sentence
    assert TOKEN not in text and cookie == ""
    assert starts(noted) == before


async def test_the_printed_address_lets_the_page_in_and_its_files_carry_the_token(
    noted: Path,
) -> None:
    """No cookie: browsers keep cookies per host, not per port, so a cookie would reach every
    other server on the computer. The page puts the token in its files' and socket's addresses."""
    import aiohttp

    async with serving(noted) as served:
        jar = aiohttp.CookieJar(unsafe=True)  # a browser keeps cookies of an address too
        async with aiohttp.ClientSession(cookie_jar=jar) as browser:
            async with browser.get(f"{served.base}?token={TOKEN}") as page:
                assert page.status == 200
                text = await page.text()
                assert "Set-Cookie" not in page.headers
                assert page.headers["Referrer-Policy"] == "no-referrer"
            assert f'"/ws/{TOKEN}"' in text  # the page gives its socket the token
            assert f'"/static/js/textual.js?token={TOKEN}"' in text
            assert len(jar) == 0
            async with browser.get(f"{served.base}static/js/textual.js?token={TOKEN}") as script:
                assert script.status == 200
            async with browser.get(f"{served.base}static/js/textual.js") as script:
                assert script.status == 403
            async with browser.ws_connect(served.websocket_url):
                await eventually(lambda: starts(noted), "the game started")


async def test_at_most_max_games_run_and_the_next_tab_is_told(noted: Path) -> None:
    async with serving(noted, max_games=2, grace=0.5) as served, Tab.open(served.websocket_url):
        async with Tab.open(served.websocket_url):
            await eventually(lambda: len(starts(noted)) == 2, "two games")
            assert await handshake_status(served.websocket_url) == 503
            status, text, _ = await status_of(f"{served.base}?token={TOKEN}")
            assert status == 503
            assert text.startswith("All 2 games this server runs at once are being played.")
            assert len(starts(noted)) == 2
        # One tab closed: its game ends, and a new tab may play.
        loaded = await eventually(
            lambda: _page_status(served) == 200 or None, "a place for a new game"
        )
        assert loaded
        async with Tab.open(served.websocket_url):
            await eventually(lambda: len(starts(noted)) == 3, "the third game")


def _page_status(served: Serving) -> int:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(f"{served.base}?token={TOKEN}", timeout=10) as page:
            return int(page.status)
    except urllib.error.HTTPError as refused:
        return refused.code


async def test_a_tab_closing_ends_its_game_even_one_that_does_not_quit(tmp_path: Path) -> None:
    stuck = tmp_path / "stuck.py"
    stuck.write_text(STUCK, encoding="utf-8")
    async with serving(stuck, grace=0.5) as served:
        pid_file = Path(f"{stuck}.pid")
        async with Tab.open(served.websocket_url):
            pid = int(await eventually(lambda: pid_file.exists() and pid_file.read_text(), "game"))
            assert pid_alive(pid)
        # The tab is closed; the server runs on and ends that tab's game.
        await eventually(lambda: not pid_alive(pid) or zombie(pid), "the game ended", timeout=20)
        assert served.process.poll() is None
        served.process.terminate()
        _, err = served.process.communicate(timeout=30)
    assert err == (
        "freecell-tui serve: A game did not quit within 0.5 s of its tab closing and was "
        "stopped; its last move is saved.\n"
    )
    assert os.path.exists(pid_file)


async def test_a_tab_gone_while_written_to_is_a_normal_close(
    noted: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37: a tab closed while the server wrote to it ("Cannot write to closing
    transport") is a normal close: its game ends, and nothing is said."""
    import sys

    from aiohttp import ClientConnectionResetError, WSMsgType, web
    from aiohttp.test_utils import TestClient, TestServer

    from freecell_tui.cli.serve import shell_command
    from freecell_tui.ui.web.server import GameServer

    async def gone(*args: object, **kwargs: object) -> None:
        raise ClientConnectionResetError("Cannot write to closing transport")

    monkeypatch.setattr(web.WebSocketResponse, "send_json", gone)  # the pong, as the tab goes
    server = GameServer(
        shell_command([sys.executable, str(noted)]), host="127.0.0.1", port=0, token=TOKEN
    )
    async with (
        TestClient(TestServer(await server._make_app())) as client,
        client.ws_connect(f"/ws/{TOKEN}") as tab,
    ):
        await eventually(lambda: starts(noted), "the game started")
        await tab.send_str('["ping", "1"]')
        assert (await tab.receive(timeout=60)).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
    assert [record.getMessage() for record in caplog.records if record.levelno >= 30] == []
    [pid] = starts(noted)
    await eventually(lambda: not pid_alive(pid) or zombie(pid), "the game process ended")


async def test_tabs_connecting_at_once_never_run_more_than_max_games(noted: Path) -> None:
    import aiohttp

    async with serving(noted, max_games=2, grace=0.5) as served:
        everyone_tried = asyncio.Event()
        statuses: list[int] = []

        async def tab(session: aiohttp.ClientSession) -> None:
            try:
                async with session.ws_connect(served.websocket_url):
                    statuses.append(101)
                    await everyone_tried.wait()  # the tab stays open meanwhile
            except aiohttp.WSServerHandshakeError as refused:
                statuses.append(refused.status)

        async with aiohttp.ClientSession() as session:
            tabs = [asyncio.create_task(tab(session)) for _ in range(6)]
            await eventually(lambda: len(statuses) == 6, "every tab answered")
            await eventually(lambda: len(starts(noted)) >= 2, "the games started")
            everyone_tried.set()
            await asyncio.gather(*tabs)
        assert sorted(statuses) == [101, 101, 503, 503, 503, 503]
        assert len(starts(noted)) == 2
