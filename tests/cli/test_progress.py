"""Long work says how far it is: at a terminal (standard error a tty), ``solve`` of many deals
and ``klondike`` draw rich's progress bar on standard error with the count, the rate and the
time left; nothing of it ever reaches a pipe or a file."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from ..terminal import Finished, run_at_terminal

pytestmark = pytest.mark.pty

#: A bar's line as the terminal shows it: the label, the count, the rate and the time left.
BAR = re.compile(r"(Solving|Klondike) ━+\S* +(\d+)/(\d+) ([\d,.?]+) (deals|games)/s (\S+) left")


def bars(text: str) -> list[re.Match[str]]:
    return list(BAR.finditer(text))


def test_solving_a_range_into_a_file_shows_the_bar_on_the_terminal(tmp_path: Path) -> None:
    solutions = tmp_path / "solutions.txt"
    with solutions.open("wb") as out:
        finished = run_at_terminal(
            ["-m", "freecell_tui", "solve", "--range", "1", "40", "--jobs", "1"], stdout=out
        )
    assert finished.code == 0
    shown = bars(finished.text)
    assert shown, finished.text
    assert shown[0].group(2, 3) == ("0", "40")  # drawn from the start
    last = shown[-1]
    assert last.group(2, 3) == ("40", "40")
    assert last.group(4) != "?" and float(last.group(4).replace(",", "")) > 0
    assert re.fullmatch(r"\d+:\d\d:\d\d", last.group(6))
    assert "deal 1: solved" not in finished.text  # the solutions went to the file
    written = solutions.read_text(encoding="utf-8")
    assert written.count(": solved in ") == 40
    assert "━" not in written and "\x1b" not in written


def test_klondike_at_a_terminal_prints_above_the_bar_which_is_gone_at_the_end() -> None:
    finished = run_at_terminal(
        ["-m", "freecell_tui", "klondike", "--games", "20000", "--seed", "3", "--jobs", "1"]
    )
    assert finished.code == 0
    shown = bars(finished.text)
    assert shown and shown[-1].group(2, 3) == ("20000", "20000")
    assert shown[-1].group(5) == "games"
    text = finished.text
    assert text.index("Seed: 3") < text.index("Games played: 20,000")
    # The bar's place is cleared at the end (erase line, after the cursor went back up).
    assert finished.raw.rstrip(b"\r\n").endswith(b"\x1b[2K")


def test_piped_neither_output_carries_a_bar() -> None:
    for argv in (
        ["solve", "--range", "1", "20", "--jobs", "1"],
        ["klondike", "--games", "5000", "--seed", "3", "--jobs", "1"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "freecell_tui", *argv],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        assert "\x1b" not in done.stdout and "━" not in done.stdout
        assert "/s" not in done.stdout


def test_one_deal_is_no_long_work(tmp_path: Path) -> None:
    with (tmp_path / "out.txt").open("wb") as out:
        finished = run_at_terminal(["-m", "freecell_tui", "solve", "1"], stdout=out)
    assert finished.code == 0
    assert finished.raw == b""


def test_a_dumb_terminal_gets_no_bar(tmp_path: Path) -> None:
    with (tmp_path / "out.txt").open("wb") as out:
        finished = run_at_terminal(
            ["-m", "freecell_tui", "solve", "1", "2", "3", "--jobs", "1"],
            stdout=out,
            env={"TERM": "dumb"},
        )
    assert finished.code == 0
    assert finished.raw == b""


def test_ctrl_c_ends_the_bar_and_gives_the_cursor_back(tmp_path: Path) -> None:
    def counting(raw: bytes) -> bool:
        return any(int(bar.group(2)) > 0 for bar in bars(Finished(0, raw).text))

    with (tmp_path / "out.txt").open("wb") as out:
        finished = run_at_terminal(
            ["-m", "freecell_tui", "solve", "--range", "1", "1000000", "--jobs", "1"],
            stdout=out,
            interrupt_when=counting,
        )
    assert finished.code == 130
    assert "Traceback" not in finished.text
    assert finished.raw.index(b"\x1b[?25l") < finished.raw.rindex(b"\x1b[?25h")  # shown again
    assert finished.raw.rstrip().endswith(b"\x1b[?25h")
