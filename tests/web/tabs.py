"""Browser tabs without a browser: the page's websocket (what textual.js opens), and a
:class:`~freecell_tui.ui.web.server.GameServer` whose games are small scripts."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ..terminal import interruptible
from ..waiting import wait_for_app
from .helpers import TIMEOUT, autosaves, free_port

T = TypeVar("T")

#: The token of the servers :func:`serving` starts.
TOKEN = "T0K-3n_secret"


async def eventually(check: Callable[[], T | None], what: str, timeout: float = TIMEOUT) -> T:
    """The one wait (``tests/waiting.py``) in a test's event loop, which runs no app: the tabs
    and the server run between looks."""
    return await wait_for_app(None, check, what, timeout)


class Tab:
    """What a browser tab does: the websocket to ``/ws/TOKEN``, keys as ``["stdin", …]``; it
    counts the screen's bytes and keeps the page's text messages (downloads, links)."""

    def __init__(self, websocket: Any) -> None:
        self.websocket = websocket
        self.screen_bytes = 0
        self.last_bytes_at = 0.0
        self.messages: list[Any] = []
        self.closed = False

    @classmethod
    @asynccontextmanager
    async def open(cls, websocket_url: str, **headers: str) -> AsyncIterator[Tab]:
        """Connect to ``websocket_url`` (``ws://…/ws/TOKEN``, as the page does)."""
        import aiohttp

        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(f"{websocket_url}?width=120&height=40", headers=headers) as ws,
        ):
            tab = cls(ws)
            reading = asyncio.create_task(tab._read())
            try:
                yield tab
            finally:
                reading.cancel()

    async def _read(self) -> None:
        import aiohttp

        loop = asyncio.get_running_loop()
        async for message in self.websocket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.screen_bytes += len(message.data)
                self.last_bytes_at = loop.time()
            elif message.type == aiohttp.WSMsgType.TEXT:
                self.messages.append(json.loads(message.data))
        self.closed = True

    async def settled(self) -> None:
        """Wait until the game has drawn its first screen and then drawn nothing for a moment
        (a prompt pushed at start is up), so keys go to what the player would see."""
        loop = asyncio.get_running_loop()
        await eventually(
            lambda: self.screen_bytes > 2000 and loop.time() - self.last_bytes_at > 0.3,
            "first screen",
        )

    async def redrawn(self, since: int) -> None:
        """Wait until the game has drawn more than ``since`` bytes of screen in all, then
        nothing for a moment."""
        loop = asyncio.get_running_loop()
        await eventually(
            lambda: self.screen_bytes > since and loop.time() - self.last_bytes_at > 0.5,
            "a new screen",
        )

    async def keys(self, *keys: str) -> None:
        for key in keys:
            await self.websocket.send_str(json.dumps(["stdin", key]))


def playing(data_dir: Path) -> list[tuple[str, list[str]]]:
    """The games in progress that a running game owns: (owner, turns)."""
    return [(owner, turns) for owner, turns in autosaves(data_dir) if owner is not None]


SERVER = """
import sys
from freecell_tui.cli.serve import shell_command
from freecell_tui.ui.web.server import GameServer

script, port, grace, max_games, token = sys.argv[1:]
server = GameServer(
    shell_command([sys.executable, script]),
    host="127.0.0.1",
    port=int(port),
    grace=float(grace),
    max_games=int(max_games),
    token=token,
)
server.run(lambda: print("ready", flush=True))
"""


@dataclass(frozen=True)
class Serving:
    """A running GameServer: its page (``base``, no token), its process."""

    base: str
    process: subprocess.Popen[str]

    @property
    def websocket_url(self) -> str:
        return f"ws{self.base[4:]}ws/{TOKEN}"


def start_serving(
    script: Path, grace: float = 5.0, max_games: int = 8, open_files: int | None = None
) -> Serving:
    """Start a GameServer whose games are ``python SCRIPT``, with token :data:`TOKEN`, and wait
    until it listens; end it with :func:`stop_serving`. ``open_files``: the server's open-file
    limit, soft and hard (so it cannot raise it)."""
    port = free_port()

    def prepare() -> None:
        interruptible()  # stopped with Ctrl-C
        if open_files is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(script), str(port), str(grace), str(max_games), TOKEN],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=prepare,
    )
    try:
        assert server.stdout is not None
        assert server.stdout.readline() == "ready\n"
    except BaseException:
        server.kill()
        server.communicate(timeout=TIMEOUT)
        raise
    return Serving(f"http://127.0.0.1:{port}/", server)


def stop_serving(served: Serving) -> None:
    """End the server (killed if it still runs) and reap it."""
    if served.process.poll() is None:
        served.process.kill()
    served.process.communicate(timeout=TIMEOUT)


@asynccontextmanager
async def serving(
    script: Path, grace: float = 5.0, max_games: int = 8, open_files: int | None = None
) -> AsyncIterator[Serving]:
    """A GameServer whose games are ``python SCRIPT``, with token :data:`TOKEN`."""
    served = await asyncio.to_thread(start_serving, script, grace, max_games, open_files)
    try:
        yield served
    finally:
        stop_serving(served)


def zombie(pid: int) -> bool:
    """An ended process not yet reaped (its parent, the server, is gone before reaping it)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")
    except OSError:
        return False
