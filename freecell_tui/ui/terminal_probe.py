"""Does this terminal draw the suit symbols two cells wide?

Some terminals and fonts draw ♠♥♦♣ (East Asian *ambiguous width* characters) two cells wide, which
shifts every card after a suit and breaks the board's columns. Before the game takes over the
terminal, :func:`suits_drawn_wide` writes a ♠ at the start of the line and asks the terminal where
the cursor is (``ESC [ 6 n``, answered ``ESC [ row ; column R``): column 3 means the symbol took two
cells, and the game then draws suits as letters (unless the player chose otherwise: *ASCII
suits* in the palette). Anything unexpected — no terminal, no answer within a moment — means
"not wide": the symbols are drawn.

Keys the player types while the probe waits arrive on the same input as the answer, so the probe
reads them too: it hands them back (:attr:`Probe.typed`) and the game replays them first, in the
order typed (:meth:`~freecell_tui.ui.typeahead.KeyHold.replay`).

Under ``freecell-tui serve`` there is no probe: the game's input and output are the web server's
pipes, not a terminal, and the browser's terminal (xterm.js) draws the suits one cell wide.
"""

from __future__ import annotations

import os
import re
import select
import time
from dataclasses import dataclass

__all__ = ["Probe", "probe_terminal"]

_ANSWER = re.compile(rb"\x1b\[(\d+);(\d+)R")


@dataclass(frozen=True, slots=True)
class Probe:
    """What the probe found: ``wide``, the terminal draws ♠ two cells wide; ``typed``, what the
    player typed meanwhile (the bytes read beside the answer)."""

    wide: bool = False
    typed: bytes = b""


def probe_terminal(fd_in: int = 0, fd_out: int = 1, timeout: float = 0.3) -> Probe:
    """Ask the terminal on ``fd_in`` / ``fd_out`` whether it draws ♠ two cells wide."""
    if os.name != "posix" or not (os.isatty(fd_in) and os.isatty(fd_out)):
        return Probe()
    import termios
    import tty

    try:
        saved = termios.tcgetattr(fd_in)
    except termios.error:
        return Probe()
    read = b""
    try:
        tty.setcbreak(fd_in)  # the answer is read at once and not echoed
        os.write(fd_out, "\r♠\x1b[6n".encode())
        deadline = time.monotonic() + timeout
        while (found := _ANSWER.search(read)) is None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd_in], [], [], left)[0]:
                return Probe(typed=read)
            read += os.read(fd_in, 64)
        typed = read[: found.start()] + read[found.end() :]
        return Probe(int(found.group(2)) >= 3, typed)
    except OSError:
        return Probe(typed=read)
    finally:
        try:
            termios.tcsetattr(fd_in, termios.TCSADRAIN, saved)
            os.write(fd_out, b"\r\x1b[K")  # the probe leaves nothing on the line
        except (OSError, termios.error):
            pass
