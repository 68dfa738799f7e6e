"""``kill -9`` in the middle of a game, then start again: the exact game is offered.

The real program, as a separate process: line mode through pipes, and the full-screen game in a
pseudo-terminal. Each waits until the program has answered (line mode) or written the move
(full screen) before killing it, as a player's crash would come after what they saw on screen.
"""

from __future__ import annotations

import json
import queue
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from freecell_tui.store import DB_NAME

from ..terminal import Terminal

TIMEOUT = 60.0  # seconds; generous, the machine is shared


class LineProgram:
    """``freecell-tui play --plain`` as a subprocess, read line by line in a thread."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "freecell_tui", "play", "--plain", "--ascii", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def expect(self, wanted: Callable[[str], bool], what: str) -> list[str]:
        """Read until a line satisfies ``wanted``; the lines read, that line last."""
        got: list[str] = []
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                pytest.fail(f"no {what} after {TIMEOUT:g} s; read: {self.seen[-20:]}")
            if line is None:
                pytest.fail(f"the program ended before {what}; read: {self.seen[-20:]}")
            self.seen.append(line)
            got.append(line)
            if wanted(line):
                return got

    def board(self) -> list[str]:
        """The next board shown: the heading line and the seven pile lines after it."""
        self.expect(lambda line: line.startswith("Deal "), "board")
        heading = self.seen[-1]
        rest = [self.expect(lambda _: True, "board line")[-1] for _ in range(10)]
        return [heading, *rest]

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=TIMEOUT)
        assert self.process.returncode == -signal.SIGKILL


def test_line_mode_kill_9_then_resume_offers_the_exact_game(tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    first = LineProgram("--deal", "1", "--autoplay", "off", "--data-dir", data)
    first.board()
    for move in ("5a", "5b", "5c", "5d", "5h", "b2", "8b"):
        first.send(move)
        first.board()  # the move is acknowledged: the program has shown the new board
    first.send("undo")
    first.board()
    first.send("undo")
    first.board()
    first.send("autoplay all")
    first.expect(lambda line: line.startswith("Autoplay all from now on"), "autoplay answer")
    first.send("board")
    before_kill = first.board()
    first.kill()

    again = LineProgram("--data-dir", data)
    question = again.expect(lambda line: line.endswith("[Y/n/q]"), "the resume question")
    assert any("unfinished game: deal 1, 5 moves, 1 of 52 cards home" in line for line in question)
    again.send("")  # Enter resumes
    assert again.board() == before_kill
    assert before_kill[0] == "Deal 1 (hard), 5 moves, 1 of 52 cards home, autoplay all"
    again.send("redo")  # the redo history survived the crash too
    assert again.expect(lambda line: line.startswith("Redid"), "redo")[-1] == "Redid b2."
    again.send("redo")
    assert again.expect(lambda line: line.startswith("Redid"), "redo")[-1] == "Redid 8b."
    again.send("quit")
    assert again.process.wait(timeout=TIMEOUT) == 0


def test_line_mode_quit_at_the_question_keeps_the_game(tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    first = LineProgram("--deal", "7", "--data-dir", data)
    first.board()
    first.send("1a")
    moved = first.board()
    first.kill()
    for _ in range(2):  # q twice: the game is still there the second time
        again = LineProgram("--data-dir", data)
        again.expect(lambda line: line.endswith("[Y/n/q]"), "the resume question")
        again.send("q")
        assert again.process.wait(timeout=TIMEOUT) == 0
    last = LineProgram("--data-dir", data)
    last.expect(lambda line: line.endswith("[Y/n/q]"), "the resume question")
    last.send("y")
    assert last.board() == moved
    last.send("q")
    last.process.wait(timeout=TIMEOUT)


# ---------------------------------------------------------------------- the full-screen game
def _autosaves(data: Path) -> list[tuple[str | None, str]]:
    """(owner, turns JSON) of every game in progress, read the way a second copy would."""
    path = data / DB_NAME
    if not path.exists():
        return []
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as connection:
            return list(connection.execute("SELECT owner, turns FROM autosaves"))
    except sqlite3.OperationalError:
        return []  # the schema is being created


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_full_screen_kill_9_then_resume_offers_the_exact_game(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = Terminal(data, "--deal", "1")
    try:
        first.wait_until_up()
        first.type("3a", per_second=5)
        first.wait(lambda: [json.loads(t) for _, t in _autosaves(data)] == [["3a"]], "3a saved")
    finally:
        first.close()  # SIGKILL

    again = Terminal(data)
    try:
        again.wait(lambda: b"unfinished game" in again.output, "the resume prompt")
        # Enter resumes; the next move is typed on at once (five keys a second): the prompt
        # answers as Enter is read, so 1b lands on the resumed game.
        again.type("\r1b", per_second=5)
        again.wait(
            lambda: [json.loads(t) for _, t in _autosaves(data)] == [["3a", "1b"]],
            "the resumed game with one more move",
        )
        owner = _autosaves(data)[0][0]
        assert owner is not None and f":{again.process.pid}:" in owner
    finally:
        again.close()
