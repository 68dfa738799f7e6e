"""Run from a checkout where Textual is not installed, the full-screen game says so in one line
(and that --plain works without it), never a traceback; line mode plays."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ..terminal import run_at_terminal

ROOT = Path(__file__).resolve().parents[2]
#: Makes ``import textual`` fail in the child, as on a Python without it.
NO_TEXTUAL = (
    "import sys\n"
    "class Block:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] in ('textual', 'rich'):\n"
    "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
    "sys.meta_path.insert(0, Block())\n"
    "sys.argv[0] = 'freecell-tui'\n"
    "from freecell_tui.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def run(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", NO_TEXTUAL, *args, "--data-dir", str(tmp_path)],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_the_full_screen_game_without_textual_says_so_in_one_line(tmp_path: Path) -> None:
    result = run(tmp_path, "--deal", "1")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "freecell-tui: error: the full-screen game needs textual, which is not installed: pip "
        "install freecell-tui (or pip install -e . in a checkout); --plain plays in line mode "
        "without it"
    ]


def test_line_mode_plays_without_textual(tmp_path: Path) -> None:
    result = run(tmp_path, "play", "--plain", "--deal", "1", stdin="3a\nq\n")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_long_work_at_a_terminal_goes_on_without_a_bar_when_rich_is_absent(
    tmp_path: Path,
) -> None:
    solutions = tmp_path / "solutions.txt"
    with solutions.open("wb") as out:
        finished = run_at_terminal(
            ["-c", NO_TEXTUAL, "solve", "--range", "1", "5", "--jobs", "1"], stdout=out
        )
    assert finished.code == 0
    assert finished.raw == b""  # no bar, no traceback: nothing on the terminal
    assert solutions.read_text(encoding="utf-8").count(": solved in ") == 5
