"""Shared fixtures: fc-solve, the independent reference solver, when it is installed."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from functools import cache

import pytest


@cache
def _fcsolve_solution(number: int) -> str:
    """fc-solve's whole output (``-l lg -m -snx``) for Microsoft deal ``number``."""
    board = subprocess.run(
        ["make-microsoft-freecell-board", "-t", str(number)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return subprocess.run(
        ["fc-solve", "-l", "lg", "-m", "-snx", "-"],
        input=board,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


@pytest.fixture
def fcsolve_solution() -> Callable[[int], str]:
    """A function giving fc-solve's solution output for a deal; skips when fc-solve is absent."""
    if not (shutil.which("fc-solve") and shutil.which("make-microsoft-freecell-board")):
        pytest.skip("fc-solve and make-microsoft-freecell-board are not installed")
    return _fcsolve_solution
