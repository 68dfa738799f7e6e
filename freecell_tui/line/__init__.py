"""Line mode (``freecell-tui play --plain``): the game one line at a time, for screen readers,
pipes and scripts. :mod:`.run` reads the input and opens the session, :mod:`.mode` answers each
command, :mod:`.board_text` prints the board, :mod:`.watch` is the text viewer of a game."""

from freecell_tui.line.board_text import format_board
from freecell_tui.line.mode import LineMode
from freecell_tui.line.run import run_line_mode, run_watch

__all__ = ["LineMode", "format_board", "run_line_mode", "run_watch"]
