"""docs/saves.md's "What the game promises" names the test that proves each promise: every test
named there exists, so the table cannot drift from the suite."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_test_named_in_the_promises_exists() -> None:
    text = (ROOT / "docs" / "saves.md").read_text(encoding="utf-8")
    section = text.split("## What the game promises", 1)[1]
    named = re.findall(r"`([\w/]+\.py)(?:::(\w+))?`", section)
    assert len(named) >= 20
    for file, test in named:
        path = ROOT / "tests" / file
        if not path.exists():  # a module of the package, named as where the promise is kept
            assert (ROOT / "freecell_tui" / file).exists(), file
            continue
        if test:
            functions = {
                node.name
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            }
            assert test in functions, f"{file}::{test}"
