"""The game's own check of the sizes it is sent, through its standard input as textual-serve
sends them (the server checks them first; a game started by another server is kept as safe):
a size that is not a whole number is dropped, a huge one clamped, and no crash report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

import pytest

from .helpers import TIMEOUT, autosaves, needs_textual_serve, wait_for

pytestmark = pytest.mark.usefixtures("_textual_serve")


@pytest.fixture
def _textual_serve() -> None:
    needs_textual_serve()


def packet(kind: bytes, payload: bytes) -> bytes:
    """textual-serve's framing: a type byte, a 4-byte length, the payload."""
    return kind + len(payload).to_bytes(4, "big") + payload


def meta(**fields: object) -> bytes:
    return packet(b"M", json.dumps(fields).encode())


def test_sizes_that_are_not_sizes_never_crash_the_game(tmp_path: Path) -> None:
    from freecell_tui.ui.web.server import SERVED_DRIVER

    data = tmp_path / "data"
    environment = {**os.environ, "TEXTUAL_DRIVER": SERVED_DRIVER, "COLUMNS": "80", "ROWS": "24"}
    game = subprocess.Popen(
        [sys.executable, "-m", "freecell_tui", "--data-dir", str(data), "--deal", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment,
    )
    assert game.stdin is not None and game.stdout is not None
    drawn = bytearray()
    threading.Thread(target=read_into, args=(game.stdout, drawn), daemon=True).start()
    try:
        wait_for(lambda: b"__GANGLION__" in drawn and len(drawn) > 2000, "the first screen")
        for width, height in [("x", 24), (None, None), (True, 24), (80.5, 24), (100_000, 100_000)]:
            game.stdin.write(meta(type="resize", width=width, height=height))
        game.stdin.write(meta(type="resize"))
        game.stdin.write(packet(b"D", b"3") + packet(b"D", b"a"))
        game.stdin.flush()
        assert wait_for(lambda: [t for _, t in autosaves(data) if t], "the move") == [["3a"]]
        game.stdin.write(meta(type="quit"))
        game.stdin.flush()
        assert game.wait(TIMEOUT) == 0
    finally:
        if game.poll() is None:
            game.kill()
        game.communicate(timeout=TIMEOUT)
    assert not (data / "crash-reports").exists()


def read_into(stream: IO[bytes], into: bytearray) -> None:
    """Everything ``stream`` gives, added to ``into`` as it comes (a thread's work)."""
    while chunk := stream.read1(65536):  # type: ignore[attr-defined]
        into += chunk
