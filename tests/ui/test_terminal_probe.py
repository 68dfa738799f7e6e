"""The probe for terminals that draw the suit symbols two cells wide, against a pseudo-terminal
that answers the cursor-position question as a real terminal would; what the app does with its
answer (letters only when the player has not chosen); and the keys typed while it waited, which
the game plays first."""

from __future__ import annotations

import os
import pty
import threading
from pathlib import Path

import pytest

from freecell_tui.ui.terminal_probe import Probe, probe_terminal
from freecell_tui.ui.typeahead import typed_keys

from .helpers import game, make_app, message


def _probe_answered(answer: bytes | None, typed: bytes = b"") -> Probe:
    """Run the probe on a pseudo-terminal whose other end answers ``answer`` (``None``: says
    nothing) once the question arrives, ``typed`` (what the player typed) coming first."""
    main, side = pty.openpty()
    asked = bytearray()

    def terminal() -> None:
        while b"\x1b[6n" not in asked:
            asked.extend(os.read(main, 64))
        os.write(main, typed + (answer or b""))

    thread = threading.Thread(target=terminal, daemon=True)
    thread.start()
    try:
        return probe_terminal(side, side, timeout=0.5)
    finally:
        thread.join(1)
        assert "♠".encode() in asked  # the symbol was drawn before the question
        os.close(side)
        os.close(main)


@pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals are POSIX")
def test_the_probe_reads_where_the_cursor_is_after_a_spade() -> None:
    assert _probe_answered(b"\x1b[5;3R") == Probe(True)  # two cells: column 3 after it
    assert _probe_answered(b"\x1b[5;2R") == Probe(False)
    assert _probe_answered(None) == Probe(False)  # no answer: the symbols are drawn


@pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals are POSIX")
def test_keys_typed_while_the_probe_waits_are_handed_back() -> None:
    assert _probe_answered(b"\x1b[5;3R", typed=b"3a") == Probe(True, b"3a")
    assert _probe_answered(None, typed=b"3a\x1b[A") == Probe(False, b"3a\x1b[A")


def test_typed_keys_read_as_the_terminal_sent_them() -> None:
    keys = [key.key for key in typed_keys(b"3a\x1b[A\r\xe2\x99\xa0q\x1b")]
    assert keys == ["3", "a", "up", "enter", "black_spade_suit", "q", "escape"]
    assert typed_keys(b"") == []


async def test_the_game_plays_the_keys_typed_during_the_probe_first(tmp_path: Path) -> None:
    app = make_app(tmp_path, probe=lambda: Probe(False, b"3"))
    async with app.run_test() as pilot:
        await pilot.press("a")  # typed after the probe: comes after its 3
        await pilot.pause()
        assert game(app).move_count == 1
        assert message(app).startswith("3a")


def test_no_terminal_no_probe(tmp_path: Path) -> None:
    read, write = os.pipe()
    try:
        assert probe_terminal(read, write) == Probe()
    finally:
        os.close(read)
        os.close(write)


def test_letters_when_wide_unless_the_player_chose(tmp_path: Path) -> None:
    assert make_app(tmp_path, probe=lambda: Probe(True))._ascii is True
    assert make_app(tmp_path, probe=lambda: Probe(False))._ascii is False
    (tmp_path / "settings.json").write_text('{"ascii_suits": false}', encoding="utf-8")
    assert make_app(tmp_path, probe=lambda: Probe(True))._ascii is False
