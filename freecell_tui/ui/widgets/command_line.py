"""The ``:`` command line: one line of text handed to the game screen's command table."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input

__all__ = ["CommandLine"]


class CommandLine(Input):
    """An input that is shown by ``:`` and hidden again by Enter or Escape.

    Enter posts :class:`Input.Submitted` (the screen runs the command); Escape posts
    :class:`CommandLine.Cancelled`.
    """

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

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Close", show=False),
    ]

    class Cancelled(Message):
        """The player closed the command line without running anything."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            placeholder="a move (3a, 18v3, t2c 5 1) or a command: undo, deal 617, autoplay off …",
            id=id,
        )

    def allow_focus(self) -> bool:
        """Focusable only while open, so the board keeps the keys."""
        return self.has_class("-open")

    def open(self) -> None:
        """Show the line, empty, with the focus."""
        self.value = ""
        self.add_class("-open")
        # At once, not deferred as focus() is: keys typed right after ':' must land here.
        self.screen.set_focus(self)

    def close(self) -> None:
        self.remove_class("-open")
        self.value = ""

    def action_cancel(self) -> None:
        self.post_message(self.Cancelled())
