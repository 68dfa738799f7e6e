"""The package's layers and the size of its rooms (see docs/architecture.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The guide's "no module over ~400 lines" (it allowed 420 while two modules were over).
MAX_LINES = 400


def test_the_import_contracts_hold() -> None:
    """cli > ui | line > session > store | klondike > core; only the UI imports Textual and
    Rich; no import cycles inside any package (pyproject.toml's import-linter contracts)."""
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
    assert "3 kept, 0 broken" in result.stdout


def test_no_module_is_over_400_lines() -> None:
    big = {
        str(path.relative_to(ROOT)): lines
        for path in sorted((ROOT / "freecell_tui").rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert big == {}
