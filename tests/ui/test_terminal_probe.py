"""The probe for terminals that draw the suit symbols two cells wide, against a pseudo-terminal
that answers the cursor-position question as a real terminal would; and what the app does with
its answer (letters only when the player has not chosen)."""

from __future__ import annotations

import os
import pty
import threading
from pathlib import Path

import pytest

from freecell_tui.ui.terminal_probe import suits_drawn_wide

from .helpers import make_app


def _probe_answered(answer: bytes | None) -> bool:
    """Run the probe on a pseudo-terminal whose other end answers ``answer`` (``None``: says
    nothing) once the question arrives."""
    main, side = pty.openpty()
    asked = bytearray()

    def terminal() -> None:
        while b"\x1b[6n" not in asked:
            asked.extend(os.read(main, 64))
        if answer is not None:
            os.write(main, answer)

    thread = threading.Thread(target=terminal, daemon=True)
    thread.start()
    try:
        return suits_drawn_wide(side, side, timeout=0.5)
    finally:
        thread.join(1)
        assert "♠".encode() in asked  # the symbol was drawn before the question
        os.close(side)
        os.close(main)


@pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals are POSIX")
def test_the_probe_reads_where_the_cursor_is_after_a_spade() -> None:
    assert _probe_answered(b"\x1b[5;3R") is True  # two cells: column 3 after it
    assert _probe_answered(b"\x1b[5;2R") is False
    assert _probe_answered(None) is False  # no answer: the symbols are drawn


def test_no_terminal_no_probe(tmp_path: Path) -> None:
    read, write = os.pipe()
    try:
        assert suits_drawn_wide(read, write) is False
    finally:
        os.close(read)
        os.close(write)


def test_letters_when_wide_unless_the_player_chose(tmp_path: Path) -> None:
    assert make_app(tmp_path, wide_suits=lambda: True)._ascii is True
    assert make_app(tmp_path, wide_suits=lambda: False)._ascii is False
    (tmp_path / "settings.json").write_text('{"ascii_suits": false}', encoding="utf-8")
    assert make_app(tmp_path, wide_suits=lambda: True)._ascii is False
