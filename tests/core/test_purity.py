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

CHECK = """
import importlib, json, pkgutil, sys
names = json.loads(sys.argv[1])
for name in names:
    module = importlib.import_module(name)
    if hasattr(module, "__path__"):  # a package: every module in it
        for info in pkgutil.walk_packages(module.__path__, name + "."):
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


def test_deal_replay_and_line_mode_never_import_textual_or_rich() -> None:
    """Build the whole command line, run deal and replay, and start line mode."""
    run = """
import io, argparse
from freecell_tui.cli import build_parser, main
build_parser()
import contextlib
with contextlib.redirect_stdout(io.StringIO()):
    assert main(["deal", "1"]) == 0
    sys.stdin = io.StringIO("3a")
    assert main(["replay", "--deal", "1"]) == 0
    from freecell_tui.lineplay import run_line_mode
    args = argparse.Namespace(deal="1", autoplay="safe", ascii=False)
    assert run_line_mode(args, stdin=io.StringIO("3a\\nmoves\\nq\\n"), stdout=io.StringIO()) == 0
"""
    names = ["freecell_tui.cli", "freecell_tui.cli.deal", "freecell_tui.cli.replay"]
    names += ["freecell_tui.cli.play", "freecell_tui.lineplay"]
    assert ui_modules_after_importing(names, run) == []


@pytest.mark.parametrize("package", ["freecell_tui.klondike", "freecell_tui.store"])
def test_other_pure_packages_never_import_textual_or_rich(package: str) -> None:
    if importlib.util.find_spec(package) is None:
        pytest.skip(f"{package} is not written yet")
    assert ui_modules_after_importing([package]) == []
