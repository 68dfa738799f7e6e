"""Does this terminal draw the suit symbols two cells wide?

Some terminals and fonts draw ♠♥♦♣ (East Asian *ambiguous width* characters) two cells wide, which
shifts every card after a suit and breaks the board's columns. Once the game is up,
:func:`probe_terminal` writes a ♠ in the top left corner and asks the terminal where the cursor
is (``ESC [ 6 n``). The answer comes back on the terminal's input, read by Textual in order with
the keys (a :class:`~textual.events.CursorPosition` event): nothing else reads the input, so a key
typed meanwhile is read in its turn like any other. The cursor two cells on from the corner
means the symbol took two cells, and the game then draws suits as letters (unless the player
chose: *ASCII suits* in the palette). No answer means "not wide": the symbols are drawn. The
corner is drawn over at the next refresh.

Under ``freecell-tui serve`` or in tests there is no terminal to ask: the browser's terminal
(xterm.js) draws the suits one cell wide.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.events import CursorPosition

from freecell_tui.ui.compat import write_to_terminal

__all__ = ["QUESTION", "drawn_wide", "probe_terminal"]

#: A spade in the top left corner, then "where is the cursor?".
QUESTION = "\x1b[1;1H♠\x1b[6n"


def probe_terminal(app: App[Any]) -> bool:
    """Ask the app's terminal; True when the question went out (the answer is awaited)."""
    if app.is_headless or app.is_web or app.is_inline:
        return False
    return write_to_terminal(app, QUESTION)


def drawn_wide(answer: CursorPosition) -> bool:
    """The cursor after a spade drawn from the first column: two cells wide when it is on the
    third column (``x`` counts from 0)."""
    return answer.x >= 2
