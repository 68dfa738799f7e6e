"""The package's layers and the size of its functions (see docs/architecture.md): size is ruff's
complexity rules' to judge, not a count of lines."""

from __future__ import annotations

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
