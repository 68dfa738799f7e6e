"""Line mode at a terminal edits lines and keeps a history (readline): Backspace and the arrow
keys edit the line instead of arriving as escape codes, and Up brings back the last command."""

from __future__ import annotations

import json
import os
import pty
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from freecell_tui.store import DB_NAME

from ..waiting import wait_for

TIMEOUT = 60.0


def turns(data: Path) -> list[str]:
    try:
        with sqlite3.connect(f"file:{data / DB_NAME}?mode=ro", uri=True, timeout=5) as db:
            rows = db.execute("SELECT turns FROM autosaves").fetchall()
    except sqlite3.OperationalError:
        return []
    return json.loads(rows[0][0]) if rows else []


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_backspace_left_and_up_edit_the_line(tmp_path: Path) -> None:
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "freecell_tui",
            "play",
            "--plain",
            "--deal",
            "1",
            "--data-dir",
            str(tmp_path),
        ],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env={**os.environ, "TERM": "xterm"},
    )
    os.close(slave)
    output = bytearray()

    def read() -> bytes:
        import selectors

        selector = selectors.DefaultSelector()  # select() watches only descriptors under 1,024
        selector.register(master, selectors.EVENT_READ)
        while selector.select(0.05):
            try:
                output.extend(os.read(master, 65536))
            except OSError:
                break
        selector.close()
        return bytes(output)

    def type_at_prompt(keys: bytes) -> None:
        # As a person does: type when the prompt is there. (Typed earlier, the keys reach the
        # terminal before readline takes it over, and the terminal itself echoes ^[[D.)
        prompts = read().count(b"> ")
        os.write(master, keys)
        wait_for(lambda: read().count(b"> ") > prompts, "next prompt")

    try:
        wait_for(lambda: b"> " in read(), "prompt")
        type_at_prompt(b"3b\x7fa\r")  # Backspace turns 3b into 3a
        wait_for(lambda: turns(tmp_path) == ["3a"], "3a played")
        type_at_prompt(b"2\x1b[D3\r")  # Left, then 3 before the 2: 32
        wait_for(lambda: turns(tmp_path) == ["3a", "32"], "32 played")
        type_at_prompt(b"undo\r")
        wait_for(lambda: turns(tmp_path) == ["3a"], "undo")
        type_at_prompt(b"\x1b[A\x1b[A\r")  # Up twice: "32" again
        wait_for(lambda: turns(tmp_path) == ["3a", "32"], "32 from the history")
        assert b"\\x1b" not in read() and b"^[[" not in bytes(output)
        os.write(master, b"q\r")
        process.wait(timeout=TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
