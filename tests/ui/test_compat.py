"""The workarounds of ui/compat.py against the Textual installed: each does what it says on the
versions it was checked against, and nothing (rather than guess) on others."""

from __future__ import annotations

from pathlib import Path

import pytest

from freecell_tui.ui import compat

from .helpers import make_app


class Driver:
    def __init__(self) -> None:
        self.written: list[str] = []
        self.flushed = 0

    def write(self, text: str) -> None:
        self.written.append(text)

    def flush(self) -> None:
        self.flushed += 1


def test_the_installed_textual_is_one_the_workarounds_were_checked_against() -> None:
    assert compat.checked(), f"Textual {compat.TEXTUAL}: check every workaround of ui/compat.py"


def test_write_to_terminal_writes_through_the_apps_driver(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    assert compat.write_to_terminal(app, "x") is False  # not running: no driver
    driver = Driver()
    app._driver = driver  # type: ignore[assignment]
    assert compat.write_to_terminal(app, "\x1b[6n") is True
    assert driver.written == ["\x1b[6n"] and driver.flushed == 1


def test_write_to_terminal_does_nothing_on_an_unchecked_textual(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compat, "TEXTUAL", (99, 0))
    app = make_app(tmp_path)
    driver = Driver()
    app._driver = driver  # type: ignore[assignment]
    assert compat.write_to_terminal(app, "x") is False and driver.written == []
