"""The real program in a 100×32 pseudo-terminal, typed into as a terminal does: many keys in
one write, or one at a time at a typist's pace; what it stored read from its database."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from freecell_tui.store import DB_NAME
from freecell_tui.ui.widgets.intro import INTRO_TITLE

from .waiting import wait_for

__all__ = ["TIMEOUT", "Terminal", "Finished", "run_at_terminal"]

TIMEOUT = 90.0  # seconds: a deadline for a broken run only (a healthy one takes a few)
UP_ON_A_FIRST_START = INTRO_TITLE.encode()


class Terminal:
    """``freecell-tui ARGS`` in a 100x32 pseudo-terminal that answers the cursor-position
    question as a terminal drawing the suits one cell wide would."""

    def __init__(self, data_dir: Path, *args: str, env: dict[str, str] | None = None) -> None:
        self.data_dir = data_dir
        main, side = pty.openpty()
        fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
        environment = {**os.environ, "TERM": "xterm-256color", **(env or {})}
        environment.pop("TEXTUAL_DRIVER", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "freecell_tui", "--data-dir", str(data_dir), *args],
            stdin=side,
            stdout=side,
            stderr=side,
            env=environment,
            start_new_session=True,
        )
        os.close(side)
        self.main = main
        self.output = bytearray()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.main, 65536)
            except OSError:
                return
            if not data:
                return
            self.output.extend(data)
            if b"\x1b[6n" in data:
                os.write(self.main, b"\x1b[1;2R")

    def write(self, keys: str | bytes) -> None:
        data = keys.encode() if isinstance(keys, str) else keys
        while data:
            data = data[os.write(self.main, data) :]

    def type(self, keys: str, per_second: float) -> None:
        for key in keys:
            self.write(key)
            time.sleep(1 / per_second)

    def wait_until_up(self) -> None:
        """Until the game is drawn: its status line, or on a first start the first game's card
        over it (at 80x24, the size pytest-xdist's workers give programs through LINES and
        COLUMNS, the card covers the status line until the first key)."""
        self.wait(
            lambda: b"Deal " in self.output or UP_ON_A_FIRST_START in self.output, "the board"
        )

    def wait(self, condition: Callable[[], bool], what: str) -> None:
        """Until ``condition`` holds (the one wait, ``tests/waiting.py``); fails at once if the
        game ends first, and past the deadline says what it stored and drew last."""

        def met() -> bool:
            if condition():
                return True
            if self.process.poll() is not None:
                raise AssertionError(f"the game ended before {what}: {self.output[-2000:]!r}")
            return False

        def seen() -> str:
            games = self.rows("SELECT deal_number, turns FROM autosaves")
            return f"autosaves: {games}; the screen's last output: {self.output[-1500:]!r}"

        wait_for(met, what, TIMEOUT, detail=seen)

    def rows(self, query: str) -> list[tuple[object, ...]]:
        try:
            with sqlite3.connect(self.data_dir / DB_NAME) as db:
                return db.execute(query).fetchall()
        except sqlite3.OperationalError:  # not created yet
            return []

    def won(self) -> int:
        return len(self.rows("SELECT id FROM games WHERE result = 'won'"))

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)
        os.close(self.main)


@dataclass(frozen=True)
class Finished:
    """A command run to its end with a terminal on standard error: its exit code and what the
    terminal received, raw and as text (escape sequences removed, carriage returns kept)."""

    code: int
    raw: bytes

    @property
    def text(self) -> str:
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", self.raw.decode("utf-8", "replace"))


def interruptible() -> None:
    """In a program about to start (``preexec_fn``): Ctrl-C (SIGINT) at its default, as a shell
    starts a program in a terminal, even when the tests run with it ignored (a script's
    background job is started so, and its programs inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_at_terminal(
    argv: list[str],
    *,
    stdout: IO[bytes] | None = None,
    env: dict[str, str] | None = None,
    interrupt_when: Callable[[bytes], bool] | None = None,
) -> Finished:
    """``python ARGV`` with standard error (and standard output, unless ``stdout`` is given: a
    file) on a 100x32 pseudo-terminal and standard input empty, until it ends; Ctrl-C is
    pressed (SIGINT to its process group, as a terminal sends it) once what the terminal
    received meets ``interrupt_when``."""
    main, side = pty.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
    environment = {**os.environ, "TERM": "xterm-256color", **(env or {})}
    process = subprocess.Popen(
        [sys.executable, *argv],
        stdin=subprocess.DEVNULL,
        stdout=side if stdout is None else stdout,
        stderr=side,
        env=environment,
        start_new_session=True,
        preexec_fn=interruptible,
    )
    os.close(side)
    output = bytearray()
    deadline = time.monotonic() + TIMEOUT
    try:
        while time.monotonic() < deadline:
            if not select.select([main], [], [], 0.5)[0]:
                continue
            try:
                data = os.read(main, 65536)
            except OSError:  # the program ended: the terminal is hung up
                break
            if not data:
                break
            output.extend(data)
            if interrupt_when is not None and interrupt_when(bytes(output)):
                os.killpg(process.pid, signal.SIGINT)
                interrupt_when = None
        code = process.wait(max(1.0, deadline - time.monotonic()))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
        os.close(main)
    return Finished(code, bytes(output))
