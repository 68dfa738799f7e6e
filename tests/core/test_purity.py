"""The core and the commands that need no UI never import Textual or Rich (checked in a fresh
interpreter, so nothing the test run imported earlier can hide an import)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

CORE_MODULES = [
    "freecell_tui.core",
    "freecell_tui.core.autoplay",
    "freecell_tui.core.cards",
    "freecell_tui.core.commands",
    "freecell_tui.core.deals",
    "freecell_tui.core.errors",
    "freecell_tui.core.game",
    "freecell_tui.core.notation",
    "freecell_tui.core.position",
    "freecell_tui.core.rules",
    "freecell_tui.core.state",
]

#: The command line's progress bar is drawn with Rich, by design: cli.progress imports it only
#: when standard error is a terminal (tests/cli/test_progress.py).
RICH_BY_DESIGN = ["freecell_tui.cli.rich_bar"]

CHECK = f"""
import importlib, json, pkgutil, sys
names = json.loads(sys.argv[1])
for name in names:
    module = importlib.import_module(name)
    if hasattr(module, "__path__"):  # a package: every module in it
        for info in pkgutil.walk_packages(module.__path__, name + "."):
            if info.name in {RICH_BY_DESIGN!r}:
                continue
            importlib.import_module(info.name)
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))))
"""


def ui_modules_after_importing(names: list[str], extra: str = "") -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", CHECK.replace("print(", extra + "\nprint(", 1), json.dumps(names)],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded: list[str] = json.loads(result.stdout.splitlines()[-1])
    return loaded


def test_core_never_imports_textual_or_rich() -> None:
    assert ui_modules_after_importing(CORE_MODULES) == []


#: Every subcommand that needs no UI, as a player would type it (``play --plain`` reads its
#: commands from stdin). ``{dir}`` is a fresh temporary folder.
NON_UI_COMMANDS = [
    ["deal", "1"],
    ["replay", "--deal", "1"],
    ["solve", "1", "--json", "--jobs", "1"],
    ["saves"],
    ["play", "--plain", "--deal", "1"],
    ["export", "kept", "{dir}/kept.json"],
    ["import", "{dir}/kept.json", "--name", "again"],
    ["stats"],
    ["klondike", "--games", "3", "--seed", "1", "--jobs", "1"],
]


def test_every_non_ui_command_never_imports_textual_or_rich() -> None:
    """Build the whole command line, then run each non-UI subcommand through ``main``."""
    run = f"""
import contextlib, io, tempfile
from freecell_tui.cli import main
commands = {NON_UI_COMMANDS!r}
with tempfile.TemporaryDirectory() as folder:
    for command in commands:
        argv = [word.replace("{{dir}}", folder) for word in command] + ["--data-dir", folder]
        if command[0] in ("deal", "replay", "solve", "klondike"):
            argv = argv[:-2]  # these keep no data
        sys.stdin = io.StringIO("3a\\nsave kept\\nquit\\n" if command[0] == "play" else "3a")
        with contextlib.redirect_stdout(io.StringIO()):
            code = main(argv)
        assert code == 0, (argv, code)
"""
    names = ["freecell_tui.cli", "freecell_tui.line", "freecell_tui.session"]
    names += [f"freecell_tui.cli.{name}" for name in ("deal", "replay", "solve", "saves")]
    names += ["freecell_tui.cli.klondike", "freecell_tui.cli.play"]
    assert ui_modules_after_importing(names, run) == []
    covered = {command[0] for command in NON_UI_COMMANDS}
    assert covered == {
        "deal",
        "replay",
        "solve",
        "saves",
        "export",
        "import",
        "stats",
        "klondike",
        "play",
    }


@pytest.mark.parametrize(
    "package",
    ["freecell_tui.klondike", "freecell_tui.store", "freecell_tui.session", "freecell_tui.line"],
)
def test_other_pure_packages_never_import_textual_or_rich(package: str) -> None:
    assert importlib.util.find_spec(package) is not None, package
    assert ui_modules_after_importing([package]) == []
