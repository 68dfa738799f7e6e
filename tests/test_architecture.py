"""The package's layers, the size of its functions (see docs/architecture.md): size is ruff's
complexity rules' to judge, not a count of lines; and one name per concept."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_hold() -> None:
    """cli > ui | line > session > store | klondike > core; only the UI imports Textual and
    Rich (and the command line's progress bar Rich), and the board's gestures never do; no
    import cycles inside any package (pyproject.toml's import-linter contracts)."""
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from importlinter.cli import lint_imports;"
            " sys.exit(lint_imports(no_cache=True, no_logo=True))",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 kept, 0 broken" in result.stdout


def test_every_function_keeps_within_the_complexity_limits() -> None:
    """Ruff's C901 and PLR0911-PLR0915, at pyproject.toml's thresholds (a hot loop kept whole
    says why in its ``# noqa``)."""
    pytest.importorskip("ruff")
    rules = "C901,PLR0911,PLR0912,PLR0913,PLR0915"
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--select", rules, "freecell_tui"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _classes_within(owner: type, found: dict[str, list[str]]) -> None:
    """The classes defined inside ``owner`` (a screen's or a helper's messages), at any depth."""
    for value in vars(owner).values():
        if inspect.isclass(value) and value.__qualname__.startswith(f"{owner.__qualname__}."):
            found.setdefault(value.__name__, []).append(f"{value.__module__}.{value.__qualname__}")
            _classes_within(value, found)


def test_no_two_classes_of_the_package_share_a_name() -> None:
    """One name per concept: a class's name (a message's too: its handler's name is made of it)
    is no other class's, wherever each is defined."""
    import freecell_tui

    found: dict[str, list[str]] = {}
    for module in pkgutil.walk_packages(freecell_tui.__path__, "freecell_tui."):
        if module.name.endswith("__main__"):
            continue
        loaded = importlib.import_module(module.name)
        for value in vars(loaded).values():
            if inspect.isclass(value) and value.__module__ == loaded.__name__:
                found.setdefault(value.__name__, []).append(f"{loaded.__name__}.{value.__name__}")
                _classes_within(value, found)
    shared = {name: where for name, where in found.items() if len(where) > 1}
    assert not shared, shared
