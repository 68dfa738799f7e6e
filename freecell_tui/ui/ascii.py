"""Suits as letters in every text of the full-screen game, not only on the cards.

The *ASCII suits* setting (``--ascii``, the palette, or the terminal probe) has the board draw
``10S`` for ``10♠``; every other text follows it the way line mode's does. The status and
message lines write their texts through :func:`~freecell_tui.core.words.ascii_text`
(``3 (2H) -> ?``), asking :func:`ascii_asked` whether to. Everything else on screen — dialogs,
the help, the statistics, the footer, the palette, Klondike — goes through :class:`AsciiText`,
a Textual line filter the app adds while the setting is on: it changes each drawn line's
characters one for one (a filter cannot change a line's width), ``→`` to ``>``, ``←`` to ``<``
and ``…`` to ``.``, the rest as line mode does.
"""

from __future__ import annotations

from typing import Final

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter
from textual.widget import Widget

from freecell_tui.core.words import ASCII_TEXT

__all__ = ["ONE_FOR_ONE", "AsciiText", "ascii_asked"]

#: :data:`~freecell_tui.core.words.ASCII_TEXT` where it keeps a character's width, and a
#: one-character stand-in where it does not.
ONE_FOR_ONE: Final = str.maketrans(
    {
        **{chr(code): text for code, text in ASCII_TEXT.items() if len(str(text)) == 1},
        "…": ".",
        "→": ">",
        "←": "<",
        "♧": "C",
        "♢": "D",
        "♡": "H",
        "♤": "S",
        "·": ".",
    }
)


class AsciiText(LineFilter):
    """Every drawn line with :data:`ONE_FOR_ONE`'s characters (see the module's docstring)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            segment
            if segment.text.isascii()
            else segment._replace(text=segment.text.translate(ONE_FOR_ONE))
            for segment in segments
        ]


def ascii_asked(widget: Widget) -> bool:
    """Whether the player asked for ASCII suits: the app draws through :class:`AsciiText`."""
    return any(isinstance(line_filter, AsciiText) for line_filter in widget.get_line_filters())
