"""The docs say what the code does: the commands table of docs/keys.md is the command table's,
the architecture page names what exists, and the README's examples run as written."""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from freecell_tui.session.table import COMMANDS
from freecell_tui.ui.commands import keys_markdown

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _script(name: str) -> Any:
    """The script ``docs/<name>.py``, loaded."""
    spec = importlib.util.spec_from_file_location(name, DOCS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_keys_md_lists_every_command_as_the_table_declares_it() -> None:
    text = (DOCS / "keys.md").read_text(encoding="utf-8")
    start = text.index("<!-- commands:")
    start = text.index("\n", start) + 1
    end = text.index("<!-- end of commands -->")
    if text[start:end] != keys_markdown():
        pytest.fail(
            "docs/keys.md's commands table is not the command table's: run "
            "`python docs/make_keys.py` and commit it",
            pytrace=False,
        )
    for command in COMMANDS:
        assert command.help in text[start:end]


def test_make_keys_writes_only_the_table() -> None:
    """docs/make_keys.py replaces what is between the markers, whatever it was, and nothing
    else; the page as committed is what it writes."""
    script = _script("make_keys")
    text = (DOCS / "keys.md").read_text(encoding="utf-8")
    assert script.with_table(text) == text
    page = (
        "# Keys\n\nbefore\n<!-- commands: a note -->\n| old | table |\n"
        "<!-- end of commands -->\nafter\n"
    )
    made = script.with_table(page)
    assert made == (
        "# Keys\n\nbefore\n<!-- commands: a note -->\n"
        + keys_markdown()
        + "<!-- end of commands -->\nafter\n"
    )
    assert script.with_table(made) == made


def test_architecture_md_names_only_things_that_exist() -> None:
    """Every file and every dotted name the architecture page mentions is in the code."""
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    root = DOCS.parent
    files = re.findall(r"`([a-z_/]+\.py)`", text)
    assert len(files) >= 8
    for name in files:
        assert (root / "freecell_tui" / name).exists() or (root / name).exists(), name
    dotted = re.findall(r"`((?:core|session|store|ui|line|cli)(?:\.[A-Za-z_]+)+)", text)
    assert len(dotted) >= 8
    for name in dotted:
        parts = f"freecell_tui.{name}".split(".")
        for split in range(len(parts), 0, -1):
            try:
                thing: object = importlib.import_module(".".join(parts[:split]))
            except ModuleNotFoundError:
                continue
            for attribute in parts[split:]:
                thing = getattr(thing, attribute)
            break
        else:
            raise AssertionError(name)


def _package_classes() -> dict[str, list[type]]:
    """Every class the package defines, by its name (a name may be in several modules)."""
    import inspect
    import pkgutil

    import freecell_tui

    found: dict[str, list[type]] = {}
    for module in pkgutil.walk_packages(freecell_tui.__path__, "freecell_tui."):
        if module.name.endswith("__main__"):
            continue
        loaded = importlib.import_module(module.name)
        for name, value in vars(loaded).items():
            if inspect.isclass(value) and value.__module__ == loaded.__name__:
                found.setdefault(name, []).append(value)
    return found


def test_architecture_md_names_only_members_that_exist() -> None:
    """Every ``Class.member`` the architecture page names (``Board.Gestured``,
    ``PlaySession.keep_par``) is a member of a class of that name in the package."""
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([A-Z][A-Za-z]+(?:\.[A-Za-z_]+)+)", text))
    assert len(named) >= 10
    classes = _package_classes()
    for name in sorted(named):
        head, *members = name.split(".")
        if head not in classes:
            continue  # Textual's (``App.animation_level``): not this package's to keep
        for cls in classes[head]:
            thing: object = cls
            try:
                for member in members:
                    thing = getattr(thing, member)
            except AttributeError:
                continue
            break
        else:
            raise AssertionError(f"docs/architecture.md names {name}, which does not exist")


README = DOCS.parent / "README.md"
#: The README's commands that are not run here, each with the reason.
NOT_RUN = {
    "pipx install .": "installs from the network (tests/test_wheel.py installs the wheel in a new "
    "virtual environment and plays it; pipx and uv were tried by hand: docs/development.md)",
    "uv tool install .": "installs from the network, as pipx install . does",
    "pip install .": "installs from the network (tests/test_wheel.py installs the wheel)",
    "pip install -e '.[test]' && pytest": "installs from the network, then runs the whole "
    "suite this test is part of",
    "pip install -e '.[dev]'": "installs from the network",
}
#: What each command that is run must print on standard output (besides exit 0 and nothing on
#: standard error), and the file it must leave, if any.
PRINTS = {
    "printf '3a\\n32\\nq\\n' | freecell-tui play --plain --deal 1": [
        "3a: 2♥ to free cell a",
        "32: 8♦ onto 9♣ in column 2",
        "Deal 1 (hard), 2 moves, 0 of 52 cards home",
        "Goodbye.",
    ],
    "python -m venv .venv && . .venv/bin/activate": [],
    "ruff check . && ruff format --check . && mypy": ["All checks passed!", "Success: no issues"],
    "lint-imports": ["0 broken"],
}
LEAVES = {"python -m venv .venv && . .venv/bin/activate": ".venv/bin/python"}
#: The development commands, run in the checkout, by the tools they name.
IN_CHECKOUT = {
    "ruff check . && ruff format --check . && mypy": ("ruff", "mypy"),
    "lint-imports": ("lint-imports",),
}


def readme_commands() -> list[str]:
    """Every command of the README's shell blocks, one a line (a comment after it dropped)."""
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"^```(?:sh|bash|shell|console)\n(.*?)^```", text, re.S | re.M)
    commands = []
    for block in blocks:
        for line in block.replace("\\\n", " ").splitlines():
            command = re.sub(r"\s+#\s.*$", "", line).strip()
            if command:
                commands.append(command)
    return commands


def test_every_command_of_the_readme_is_run_or_says_why_not() -> None:
    commands = readme_commands()
    assert len(commands) >= 8
    assert set(NOT_RUN) <= set(commands), "a command no longer in the README is still skipped"
    assert set(PRINTS) == set(commands) - set(NOT_RUN), "say what the new command prints"


@pytest.mark.parametrize("command", readme_commands())
def test_the_readme_command_runs_as_written(command: str, tmp_path: Path) -> None:
    if command in NOT_RUN:
        pytest.skip(NOT_RUN[command])
    for tool in IN_CHECKOUT.get(command, ()):
        if shutil.which(tool, path=str(Path(sys.executable).parent)) is None:
            pytest.skip(f"{tool} is not installed (the dev extra)")
    # `freecell-tui` is this checkout's, and `python` the interpreter running the tests.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "freecell-tui"
    shim.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m freecell_tui "$@"\n')
    shim.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    path = os.pathsep.join([str(bin_dir), str(Path(sys.executable).parent), os.environ["PATH"]])
    environment = {
        **os.environ,
        "PATH": path,
        "HOME": str(home),
        "FREECELL_TUI_DATA_DIR": str(tmp_path / "data"),
    }
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        capture_output=True,
        text=True,
        env=environment,
        cwd=DOCS.parent if command in IN_CHECKOUT else tmp_path,
        stdin=subprocess.DEVNULL,
        timeout=300,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, ""), done.stdout[-2000:]
    for expected in PRINTS[command]:
        assert expected in done.stdout, done.stdout[-2000:]
    if command in LEAVES:
        assert (tmp_path / LEAVES[command]).exists()


async def test_the_readme_picture_is_what_the_game_draws() -> None:
    """docs/screenshot.svg is the game as it draws that position today."""
    script = _script("make_screenshot")
    drawn: str = await script.screenshot()
    committed = script.SCREENSHOT.read_text(encoding="utf-8")
    if drawn != committed:
        pytest.fail(
            "docs/screenshot.svg is not what the game draws now: run "
            "`python docs/make_screenshot.py`, look at the picture and commit it",
            pytrace=False,
        )
