"""Connections that never ask anything, and requests that are no HTTP (issue 40): the server
keeps answering a tab, closes the silent connections, holds fewer than its open-file limit, and
says each kind of fault in one short line, at most once a second.

(The full 2,000-connection slowloris, timed: ``benchmarks/serve_slowloris.py``.)
"""

from __future__ import annotations

import asyncio
import errno
import logging
import signal
import socket
from pathlib import Path

import pytest

from .helpers import TIMEOUT, needs_textual_serve
from .tabs import TOKEN, Tab, eventually, serving
from .test_server_guard import NOTED, starts, status_of

pytestmark = pytest.mark.usefixtures("_textual_serve")


@pytest.fixture
def _textual_serve() -> None:
    needs_textual_serve()


@pytest.fixture
def noted(tmp_path: Path) -> Path:
    script = tmp_path / "noted game.py"
    script.write_text(NOTED, encoding="utf-8")
    return script


#: The server's open-file limit, and more silent connections than it.
OPEN_FILES = 256
SILENT = 300


def test_the_connections_held_leave_room_for_the_games_and_a_burst() -> None:
    from freecell_tui.ui.web.connections import (
        MAX_CONNECTIONS,
        connection_limit,
        files_kept,
        listen_backlog,
    )

    # The usual limit: room for 8 games (4 files each) and four backlogs of accepts.
    assert connection_limit(1024, 8) == 1024 - 4 * 8 - 4 * 128 - 64
    assert connection_limit(1 << 20, 8) == MAX_CONNECTIONS
    for files in (64, 256, 1024, 4096):
        held = connection_limit(files, 8)
        assert 16 <= held <= max(16, files - files_kept(8, listen_backlog(files)))
    assert listen_backlog(256) == 32 and listen_backlog(64) == 8


def _silent_connection(port: int) -> socket.socket:
    """A connection that never sends anything (connecting in the background)."""
    silent = socket.socket()
    silent.setblocking(False)
    silent.connect_ex(("127.0.0.1", port))
    return silent


def _closed_by_the_server(silent: socket.socket) -> bool:
    try:
        return silent.recv(1) == b""
    except (BlockingIOError, InterruptedError):
        return False
    except OSError as error:  # reset: closed; not connected yet: still waiting
        return error.errno != errno.ENOTCONN


async def test_silent_connections_past_the_file_limit_never_keep_a_tab_out(noted: Path) -> None:
    async with serving(noted, open_files=OPEN_FILES) as served:
        port = int(served.base.rsplit(":", 1)[1].strip("/"))
        silent = [_silent_connection(port) for _ in range(SILENT)]
        try:
            await asyncio.sleep(0)
            status, _, _ = await asyncio.wait_for(
                status_of(f"{served.base}?token={TOKEN}"), TIMEOUT
            )
            assert status == 200
            async with Tab.open(served.websocket_url):
                await eventually(lambda: starts(noted), "the tab's game started")
        finally:
            for each in silent:
                each.close()
        served.process.send_signal(signal.SIGINT)
        _, err = await asyncio.to_thread(served.process.communicate, timeout=TIMEOUT)
    assert served.process.returncode == 0
    assert err.count("\n") <= 3, err  # no "out of system resource" flood


async def test_a_connection_that_asks_nothing_is_closed_within_seconds(noted: Path) -> None:
    from freecell_tui.ui.web.connections import HEADER_SECONDS

    async with serving(noted) as served:
        port = int(served.base.rsplit(":", 1)[1].strip("/"))
        loop = asyncio.get_running_loop()
        opened = loop.time()
        silent = [_silent_connection(port) for _ in range(5)]
        half = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        half.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
        half.setblocking(False)
        try:
            await eventually(
                lambda: all(_closed_by_the_server(each) for each in [*silent, half]),
                "the silent connections closed",
            )
        finally:
            for each in [*silent, half]:
                each.close()
        assert loop.time() - opened >= HEADER_SECONDS - 0.5  # not before their time


#: Requests that are no HTTP: three kinds of fault, many of each.
MALFORMED = [b"GARBAGE\r\n\r\n", b"GET / HTTP/1.1\r\nBad Header\r\n\r\n", b"\x16\x03\x01\x00\x05"]


async def test_bad_requests_are_said_once_a_second_in_one_short_line(noted: Path) -> None:
    async with serving(noted) as served:
        port = int(served.base.rsplit(":", 1)[1].strip("/"))
        for _ in range(20):
            for request in MALFORMED:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(request)
                await writer.drain()
                assert (await asyncio.wait_for(reader.read(), TIMEOUT)).startswith(b"HTTP/1.")
                writer.close()
        served.process.send_signal(signal.SIGINT)
        _, err = await asyncio.to_thread(served.process.communicate, timeout=TIMEOUT)
    lines = err.splitlines()
    assert lines, "a bad request is said"
    assert len(lines) <= 6, err  # 60 bad requests, in a few seconds
    for line in lines:
        assert line.startswith("freecell-tui serve: Error handling request") and len(line) < 120


def test_a_fault_repeated_is_one_line_a_second_without_its_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from freecell_tui.ui.web.server import _warnings_on_stderr

    out_of_files = OSError(errno.EMFILE, "Too many open files")
    with _warnings_on_stderr():
        for _ in range(1000):  # asyncio, when accept() fails: a line of details below
            logging.getLogger("asyncio").error(
                "socket.accept() out of system resource\nsocket: <socket fd=6>",
                exc_info=(OSError, out_of_files, None),
            )
        logging.getLogger("freecell_tui.serve").warning("Another fault.")
    assert capsys.readouterr().err.splitlines() == [
        "freecell-tui serve: socket.accept() out of system resource (OSError)",
        "freecell-tui serve: Another fault.",
    ]
