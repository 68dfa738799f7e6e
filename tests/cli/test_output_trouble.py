"""Issue 10: standard output that cannot be written. A full disk (``/dev/full``) or an I/O error
is one line on stderr and exit 74; standard output closed (``>&-``) is the same, found before the
command does anything; a reader that went away (``| head -c1``) ends the command quietly with 0.
Run as real programs: only a real file descriptor shows these."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from freecell_tui.store import Store

pytestmark = pytest.mark.skipif(os.name == "nt", reason="Unix file descriptors")
FULL = "/dev/full"


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from freecell_tui.core.game import Game
    from freecell_tui.core.rules import legal_moves

    directory = tmp_path_factory.mktemp("data")
    game = Game.new(5)
    for _ in range(3):
        game = game.play(next(iter(legal_moves(game.state))))
    store = Store.open(directory).store
    store.slots.save("mine", game, 10)
    store.autosaves.finish(game, 10)
    (directory / "mine.json").write_text(store.slots.export_text("mine"))
    store.close()
    return directory


def _commands(data: Path) -> dict[str, tuple[list[str], str]]:
    """Each command that prints: its arguments and its standard input."""
    return {
        "deal": (["deal", "1"], ""),
        "replay": (["replay", "--deal", "1"], "3a 32"),
        "saves": (["saves", "--data-dir", str(data)], ""),
        "export": (["export", "mine", "-", "--data-dir", str(data)], ""),
        "stats": (["stats", "--data-dir", str(data)], ""),
        "klondike": (["klondike", "--games", "3", "--seed", "1", "--jobs", "1"], ""),
        "import": (["import", str(data / "mine.json"), "--data-dir", str(data / "other")], ""),
        "play": (["play", "--plain", "--deal", "1", "--data-dir", str(data / "line")], "3a\nq\n"),
        "solve": (["solve", "1", "--jobs", "1"], ""),
    }


def _start(args: list[str], **options: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "freecell_tui", *args],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **options,  # type: ignore[call-overload]
    )


@pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full")
@pytest.mark.parametrize(
    "name", ["deal", "replay", "saves", "export", "stats", "klondike", "import", "play", "solve"]
)
def test_a_full_disk_is_one_line_and_exit_74(data: Path, name: str) -> None:
    args, stdin = _commands(data)[name]
    with open(FULL, "w") as full:
        process = _start(args, stdout=full)
        _, err = process.communicate(stdin, timeout=120)
    assert (process.returncode, err) == (
        74,
        f"freecell-tui {name}: error: cannot write the output: no space left on device\n",
    )


@pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full")
@pytest.mark.parametrize(
    ("args", "prog"),
    [
        (["--help"], "freecell-tui"),
        (["--version"], "freecell-tui"),
        (["deal", "--help"], "freecell-tui deal"),
        (["solve", "--help"], "freecell-tui solve"),
    ],
)
def test_help_and_the_version_to_a_full_disk_are_exit_74(args: list[str], prog: str) -> None:
    """Issue 23: argparse ignored the failed write and exited 0."""
    with open(FULL, "w") as full:
        process = _start(args, stdout=full)
        _, err = process.communicate("", timeout=120)
    assert (process.returncode, err) == (
        74,
        f"{prog}: error: cannot write the output: no space left on device\n",
    )


def test_help_to_a_reader_that_went_away_is_quiet() -> None:
    process = _start(["--help"], stdout=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.close()
    _, err = process.communicate("", timeout=120)
    assert (process.returncode, err) == (0, "")


@pytest.mark.parametrize("name", ["deal", "saves", "klondike", "import", "play"])
def test_standard_output_closed_is_refused_before_anything_happens(data: Path, name: str) -> None:
    args, stdin = _commands(data)[name]
    before = sorted(p.name for p in data.iterdir())
    process = _start(args, stdout=subprocess.DEVNULL, preexec_fn=lambda: os.close(1))
    _, err = process.communicate(stdin, timeout=120)
    assert (process.returncode, err) == (
        74,
        "freecell-tui: error: standard output is closed: nothing could be shown\n",
    )
    assert sorted(p.name for p in data.iterdir()) == before  # nothing imported, no line-mode data


@pytest.mark.parametrize("name", ["deal", "replay", "export", "klondike", "play"])
def test_a_reader_that_went_away_ends_the_command_quietly(data: Path, name: str) -> None:
    args, stdin = _commands(data)[name]
    process = _start(args, stdout=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.close()  # like ``| head -c0``: gone before the first byte
    _, err = process.communicate(stdin, timeout=120)
    assert (process.returncode, err) == (0, "")


def test_a_pipe_of_the_commands_own_that_breaks_is_one_line_and_exit_70(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only standard output's reader going away is a quiet 0: a broken pipe of the command's
    own (a worker process that died) is an error, said in one line."""
    from freecell_tui.cli import deal, main

    def worker_died(args: object) -> int:
        raise BrokenPipeError(32, "Broken pipe")  # as a pipe to a dead worker raises

    monkeypatch.setattr(deal, "run", worker_died)
    assert main(["deal", "1"]) == 70
    captured = capsys.readouterr()
    assert (
        captured.err == "freecell-tui deal: error: a pipe to another process broke: broken pipe\n"
    )
    assert captured.out == ""
