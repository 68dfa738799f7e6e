"""The save screen's one-line prompt: a name or a file path, typed while nothing else listens.

``Tab`` completes a file path (``paths=True``: the longest common start of the matching names,
``/`` after a folder; the choices are posted when there are several) and does nothing in a name
prompt: it never moves the focus away, so what is typed next cannot reach the screen's keys.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input
from textual.widgets.input import Selection

from freecell_tui.ui.keys import MAX_LINE

__all__ = ["Prompt", "complete_path"]

#: At most this many choices are listed after a Tab.
MAX_CHOICES = 8


def complete_path(text: str) -> tuple[str, list[str]]:
    """Complete the path ``text``: the completed text, and the names it could go on with (empty
    when there is one match or none). A folder gets a ``/``. Unreadable folders complete
    nothing."""
    expanded = os.path.expanduser(text) if text.startswith("~") else text
    folder, _, start = expanded.rpartition("/")
    base = Path(folder + "/") if folder or expanded.startswith("/") else Path(".")
    try:
        names = sorted(
            entry.name + ("/" if entry.is_dir() else "")
            for entry in os.scandir(base)
            if entry.name.startswith(start)
            and (start.startswith(".") or not entry.name.startswith("."))
        )
    except OSError:
        return text, []
    if not names:
        return text, []
    common = os.path.commonprefix(names)
    completed = text[: len(text) - len(start)] + common
    return completed, names if len(names) > 1 else []


class Prompt(Input):
    """See the module's docstring."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "complete", "Complete", show=False),
        Binding("shift+tab", "complete", "Complete", show=False),
    ]

    @dataclass
    class Choices(Message):
        """The names a path could go on with, after a Tab."""

        names: list[str]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, select_on_focus=False, max_length=MAX_LINE)
        #: Tab completes file paths (the export and import prompts).
        self.paths = False

    def ask(self, value: str, *, paths: bool) -> None:
        """Show ``value``: a name is selected whole, so typing replaces it; a path keeps the
        cursor at its end."""
        self.paths = paths
        self.value = value
        if paths:
            self.cursor_position = len(value)
        else:
            self.selection = Selection(0, len(value))

    def action_complete(self) -> None:
        if not self.paths:
            return
        completed, names = complete_path(self.value)
        self.value = completed
        self.cursor_position = len(completed)
        if names:
            shown = names[:MAX_CHOICES] + (["…"] if len(names) > MAX_CHOICES else [])
            self.post_message(self.Choices(shown))
