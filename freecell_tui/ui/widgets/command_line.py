"""The ``:`` command line: one line of text handed to the game screen's command table."""

from __future__ import annotations

from textual.widgets import Input

from freecell_tui.ui.keys import MAX_LINE, edit_line, paste_line

__all__ = ["CommandLine"]


class CommandLine(Input):
    """An input shown by ``:`` and hidden again by Enter or Escape, edited by the game screen
    as each key is read (:meth:`edit`, :meth:`paste`): the screen runs the line on Enter before
    it reads the next key, so keys typed after Enter land on the board, in order."""

    DEFAULT_CSS = """
    CommandLine {
        display: none;
        height: 1;
        border: none;
        padding: 0 1;
        background: $panel;
    }
    CommandLine.-open { display: block; }
    CommandLine:focus { border: none; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            placeholder="a move (3a, 18v3, t2c 5 1) or a command: undo, deal 617, autoplay off …",
            max_length=MAX_LINE,
            id=id,
            # The line opens empty and takes what is typed next at once; a focus arriving after
            # those keys must not select them (the next key would replace them).
            select_on_focus=False,
        )

    def allow_focus(self) -> bool:
        """Focusable only while open (it shows the cursor)."""
        return self.has_class("-open")

    def open(self) -> None:
        """Show the line, empty, with the focus."""
        self.value = ""
        self.add_class("-open")
        self.screen.set_focus(self)

    def close(self) -> None:
        self.remove_class("-open")
        self.value = ""

    async def edit(self, key: str, character: str | None) -> bool:
        """Edit the line by one key, now; False when the key means nothing here."""
        return await edit_line(self, key, character)

    def paste(self, text: str) -> None:
        """Insert ``text`` at the cursor: control characters dropped (a pasted escape sequence
        is no command), cut to :data:`~freecell_tui.ui.keys.MAX_LINE` characters."""
        paste_line(self, text)
