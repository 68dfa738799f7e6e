"""Shared words: text a player or a hand-edited file supplied is shown safely and short."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from freecell_tui.core.words import printable, quoted, shorten


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Partie à Noël ♥", "Partie à Noël ♥"),
        ("x'); DROP TABLE slots;--", "x'); DROP TABLE slots;--"),
        ("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m"),
        ("two\nlines\tand\rcr", "two\\nlines\\tand\\rcr"),
        ("bidi \u202eevil", "bidi \\u202eevil"),
        ("nul \x00 del \x7f c1 \x9b", "nul \\x00 del \\x7f c1 \\x9b"),
        ("undecodable \udcff", "undecodable \\udcff"),
        ("tag \U000e0041", "tag \\U000e0041"),
    ],
)
def test_printable_escapes_what_a_terminal_would_obey(text: str, shown: str) -> None:
    assert printable(text) == shown


@settings(max_examples=200)
@given(st.text())
def test_printable_output_is_always_printable_and_encodable(text: str) -> None:
    shown = printable(text)
    assert shown.isprintable()
    shown.encode("utf-8")  # no lone surrogate survives
    if text.isprintable():
        assert shown == text


def test_shorten_and_quoted_keep_messages_short() -> None:
    assert shorten("x" * 40) == "x" * 40
    assert shorten("x" * 41) == "x" * 39 + "…"
    assert quoted("y" * 5000) == "'" + "y" * 39 + "…'"
    assert quoted("\x1b") == "'\\x1b'"
