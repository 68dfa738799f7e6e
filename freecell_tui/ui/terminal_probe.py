"""Does this terminal draw the suit symbols two cells wide?

Some terminals and fonts draw ♠♥♦♣ (East Asian *ambiguous width* characters) two cells wide, which
shifts every card after a suit and breaks the board's columns. Before the game takes over the
terminal, :func:`suits_drawn_wide` writes a ♠ at the start of the line and asks the terminal where
the cursor is (``ESC [ 6 n``, answered ``ESC [ row ; column R``): column 3 means the symbol took two
cells, and the game then draws suits as letters (unless the player chose otherwise: *ASCII
suits* in the palette). Anything unexpected — no terminal, no answer within a moment — means
"not wide": the symbols are drawn.
"""

from __future__ import annotations

import os
import re
import select
import time

__all__ = ["suits_drawn_wide"]

_ANSWER = re.compile(rb"\x1b\[(\d+);(\d+)R")


def suits_drawn_wide(fd_in: int = 0, fd_out: int = 1, timeout: float = 0.3) -> bool:
    """True when the terminal on ``fd_in`` / ``fd_out`` draws ♠ two cells wide."""
    if os.name != "posix" or not (os.isatty(fd_in) and os.isatty(fd_out)):
        return False
    import termios
    import tty

    try:
        saved = termios.tcgetattr(fd_in)
    except termios.error:
        return False
    try:
        tty.setcbreak(fd_in)  # the answer is read at once and not echoed
        os.write(fd_out, "\r♠\x1b[6n".encode())
        answer = b""
        deadline = time.monotonic() + timeout
        while not _ANSWER.search(answer):
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd_in], [], [], left)[0]:
                return False
            answer += os.read(fd_in, 64)
        found = _ANSWER.search(answer)
        return found is not None and int(found.group(2)) >= 3
    except OSError:
        return False
    finally:
        try:
            termios.tcsetattr(fd_in, termios.TCSADRAIN, saved)
            os.write(fd_out, b"\r\x1b[K")  # the probe leaves nothing on the line
        except (OSError, termios.error):
            pass
