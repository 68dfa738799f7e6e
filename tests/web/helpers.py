"""``freecell-tui serve`` as a separate process, and the store read as another copy would."""

from __future__ import annotations

import json
import os
import re
import selectors
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from freecell_tui.store import DB_NAME

from ..terminal import interruptible
from ..waiting import wait_for

TIMEOUT = 60.0  # seconds; generous, the machine is shared
#: A data folder name a shell would split or expand if it were not quoted.
AWKWARD_NAME = 'o\'brien "saves" $HOME `x`'


def needs_textual_serve() -> None:
    pytest.importorskip("textual_serve", reason="textual-serve (the web extra) is not installed")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def autosaves(data_dir: Path) -> list[tuple[str | None, list[str]]]:
    """(owner, turns) of every game in progress, read straight from the database: a game being
    played is owned by its process, and ``store.autosaves.offer`` would skip it."""
    path = data_dir / DB_NAME
    if not path.exists():
        return []
    connection = sqlite3.connect(path, timeout=TIMEOUT)
    try:
        rows = connection.execute("SELECT owner, turns FROM autosaves ORDER BY id").fetchall()
    except sqlite3.OperationalError:  # the first game is still creating the tables
        return []
    finally:
        connection.close()
    return [(owner, json.loads(turns)) for owner, turns in rows]


def owner_pid(owner: str) -> int:
    """The process id in an autosave's owner (``host:pid:token``)."""
    return int(owner.rsplit(":", 2)[1])


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


class Served:
    """``freecell-tui serve --port P --data-dir DIR ARGS…`` until :meth:`stop`; :attr:`url` is
    the address it printed (with its token), answering once the constructor returns, and
    :attr:`base` the same without the token."""

    def __init__(self, data_dir: Path, *args: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        command = [sys.executable, "-m", "freecell_tui", "serve", "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "--data-dir", str(data_dir), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=interruptible,  # stopped with Ctrl-C
        )
        try:
            self.printed = self._printed()
            self.urls: list[str] = re.findall(r"http://\S+\?token=[\w-]+", self.printed)
            self.url = self.urls[-1]  # this computer's
            self.token = self.url.split("?token=", 1)[1]
            wait_for(self._answers, f"answer from {self.url}")
        except BaseException:  # a server that never answered is not left running
            self.process.kill()
            self.process.communicate()
            raise

    def _printed(self) -> str:
        """What it says once the port is open: where the game is served, up to "Ctrl+C
        stops." (read from the pipe itself: the text wrapper's buffer would hide it from
        ``select``)."""
        assert self.process.stdout is not None
        pipe = self.process.stdout.fileno()
        printed = b""
        deadline = time.monotonic() + TIMEOUT
        while not printed.endswith(b"Ctrl+C stops.\n"):
            ready = _readable(pipe, max(0.0, deadline - time.monotonic()))
            chunk = os.read(pipe, 65536) if ready else b""
            if not chunk:
                self.process.kill()
                _, err = self.process.communicate()
                pytest.fail(f"serve printed no address: {printed!r}; {err}")
            printed += chunk
        return printed.decode()

    def _answers(self) -> bool:
        if self.process.poll() is not None:
            out, err = self.process.communicate()
            pytest.fail(f"serve ended with {self.process.returncode}: {out} {err}")
        try:
            with urllib.request.urlopen(self.url, timeout=5) as response:
                return bool(response.status == 200)
        except (urllib.error.URLError, OSError):
            return False

    @property
    def websocket_url(self) -> str:
        """What the page's terminal connects to: ``/ws/TOKEN``."""
        return f"ws://127.0.0.1:{self.port}/ws/{self.token}"

    def stop(self, signum: int = signal.SIGINT) -> tuple[int, str, str]:
        """Send ``signum`` (Ctrl+C by default) to the server alone; its exit code and output."""
        if self.process.poll() is None:
            self.process.send_signal(signum)
        out, err = self.process.communicate(timeout=TIMEOUT)
        return self.process.returncode, self.printed + out, err

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate(timeout=TIMEOUT)


#: Headless, and nothing that reaches for the network (without these it hangs on a closed one).
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,800",
)


#: xterm.js sizes its screen to whole cells and its input box to one cell.
MEASURE = """
const screen = document.querySelector(".xterm-screen").getBoundingClientRect();
const cell = document.querySelector(".xterm-helper-textarea").getBoundingClientRect();
return [screen.left, screen.top, screen.width, screen.height, cell.width, cell.height];
"""


def _readable(fd: int, timeout: float) -> bool:
    """Whether ``fd`` has something to read within ``timeout`` seconds (a selector: a test
    process may hold more than the 1,024 descriptors ``select`` can watch)."""
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_READ)
        return bool(selector.select(timeout))
