"""A fake of the solver's accelerator: its compiling process and its load, so that tests of what
waits for it need no numba and time nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from freecell_tui.core.solver import native as accel
from freecell_tui.core.solver import portfolio


class FakeCompile:
    """A compile in another process that runs until the test ends it."""

    def __init__(self) -> None:
        self.code: int | None = None

    def poll(self) -> int | None:
        return self.code


class Fake:
    """The accelerator's process and loader, faked: compiles started, loads made, compiled
    searches run."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, cache: Path) -> None:
        self.cache = cache
        self.compiles: list[FakeCompile] = []
        self.loads = 0
        self.searches = 0
        monkeypatch.delenv("FREECELL_TUI_PURE", raising=False)
        monkeypatch.setattr(accel, "_phase", "idle")
        monkeypatch.setattr(accel, "_solver", None)
        monkeypatch.setattr(accel, "_builder", None)
        monkeypatch.setattr(accel, "_next_look", 0.0)
        monkeypatch.setattr(accel, "LOOK_EVERY", 0.0)
        monkeypatch.setattr(accel, "_installed", lambda: True)
        monkeypatch.setattr(accel, "cache_dir", lambda: cache)
        monkeypatch.setattr(accel, "_stamp", lambda: "k")
        monkeypatch.setattr(accel, "_start_builder", self.start_compile)
        monkeypatch.setattr(accel, "_load", self.load)
        # A process that has run almost enough pure work to ask for the accelerator.
        monkeypatch.setattr(portfolio, "_pure_looks", 0)
        monkeypatch.setattr(portfolio, "PREPARE_AFTER", 64)

    def start_compile(self, directory: Path) -> FakeCompile:
        running = FakeCompile()
        self.compiles.append(running)
        return running

    def load(self, directory: Path) -> Callable[..., Any]:
        self.loads += 1
        return self.compiled

    def compiled(self, *args: object) -> Any:
        """A compiled search whose answer shows it ran: unsolvable, one position."""
        self.searches += 1
        return SimpleNamespace(line=None, positions=1, expanded=1, bytes_per_position=1.0)

    def finish_compile(self) -> None:
        (self.cache / "ready-k").touch()
        self.compiles[-1].code = 0
