"""The package as a player installs it: the wheel built from this checkout carries every file the
game opens at run time (its stylesheet, the web page), installs into a new virtual environment
with its dependencies from the package index, and plays there, headless and in line mode, with
nothing from the checkout on its path."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "freecell_tui"
#: pip's words when the package index cannot be reached (the test then skips).
OFFLINE = ("No matching distribution found", "Could not find a version", "NewConnectionError")
#: Run with the installed game's Python: the full-screen game headless, a move played, and the
#: files it opens at run time.
HEADLESS = """
import asyncio, sys, tempfile
from importlib import resources
import freecell_tui
from freecell_tui.ui.app import FreeCellApp

async def main() -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        app = FreeCellApp(deal=1, data_dir=data_dir, par_seconds=None)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press("3", "a")
            await pilot.pause()
            print("moves:", " ".join(str(move) for move in app.session.game.moves))
            print("drawn:", "2\\u2665" in app.export_screenshot())
    print("from:", freecell_tui.__file__)
    page = resources.files("freecell_tui.ui.web").joinpath("page.html").read_text("utf-8")
    print("page:", "<html" in page.lower())

asyncio.run(main())
"""


def run(
    command: list[str], cwd: Path, stdin: str = "", **env: str
) -> subprocess.CompletedProcess[str]:
    """``command`` run in ``cwd`` with no PYTHON* variables (nothing of the checkout's on its
    path) and ``env`` added."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")} | env
    return subprocess.run(
        command,
        cwd=cwd,
        env=environment,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def build_wheel(tmp_path: Path) -> Path:
    """The wheel of a copy of the checkout's package (the build leaves nothing in the checkout)."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(PACKAGE, source / "freecell_tui", ignore=shutil.ignore_patterns("__pycache__"))
    # The build backend of this environment (the test extra's) builds with no package index.
    offline = int(version("setuptools").split(".")[0]) >= 77
    isolation = ["--no-build-isolation"] if offline else []
    built = run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *isolation, "-w", "dist", "."],
        source,
    )
    if built.returncode and any(words in built.stderr for words in OFFLINE):
        pytest.skip("no setuptools>=77 here and no package index to fetch it from")
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = (source / "dist").glob("freecell_tui-*.whl")
    return wheel


@pytest.mark.slow
def test_the_wheel_installs_and_plays_in_a_new_environment(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
    packed = set(zipfile.ZipFile(wheel).namelist())
    shipped = {
        path.relative_to(ROOT).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert shipped - packed == set(), "files of the package the wheel does not carry"
    assert {"freecell_tui/ui/freecell.tcss", "freecell_tui/ui/web/page.html"} <= packed

    venv = tmp_path / "venv"
    made = run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp_path)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    installed = run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-compile"]
        + ["--retries", "1", "--timeout", "30", str(wheel)],
        tmp_path,
    )
    if installed.returncode and any(words in installed.stderr for words in OFFLINE):
        pytest.skip("no package index to install the game's dependencies from")
    assert installed.returncode == 0, installed.stderr[-2000:]

    player = {"HOME": str(tmp_path), "FREECELL_TUI_DATA_DIR": str(tmp_path / "data")}
    played = run([str(python), "-c", HEADLESS], tmp_path, **player)
    assert played.returncode == 0, played.stderr[-2000:]
    assert "moves: 3a" in played.stdout
    assert "drawn: True" in played.stdout
    assert f"from: {venv}" in played.stdout, played.stdout
    assert "page: True" in played.stdout

    plain = run(
        [str(venv / "bin" / "freecell-tui"), "play", "--plain", "--deal", "1"],
        tmp_path,
        stdin="3a\nq\n",
        **player,
    )
    assert (plain.returncode, plain.stderr) == (0, "")
    assert "3a: 2♥ to free cell a" in plain.stdout
    assert "Goodbye." in plain.stdout
