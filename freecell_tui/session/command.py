"""One command of the command table (:mod:`freecell_tui.session.table`), and how its keys read."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

__all__ = ["Command", "key_label", "keys_text"]


@dataclass(frozen=True, slots=True)
class Command:
    """One command.

    ``name`` is the action: the full-screen game's ``action_<name>`` and line mode's handler.
    ``words`` type it (the first is its main word); ``operand`` is what follows the word, as help
    shows it. ``keys`` are Textual key names; each runs ``action`` (default: ``name``) with the
    matching entry of ``args`` when given (``pile('3')``). ``footer`` is the footer's label (empty:
    not in the footer; ``footer_rank`` 1 is kept longest on a narrow terminal), ``palette`` the
    command palette's title (empty: not there). ``screen`` and ``line`` say where it works.
    """

    name: str
    section: str
    help: str
    words: tuple[str, ...] = ()
    operand: str = ""
    keys: tuple[str, ...] = ()
    action: str = ""
    args: tuple[str, ...] = ()
    footer: str = ""
    footer_rank: int = 9
    palette: str = ""
    palette_help: str = ""
    screen: bool = True
    line: bool = True
    line_text: str = ""
    """What line mode's help says, when it differs from ``help``."""

    def bindings(self) -> Iterator[tuple[str, str]]:
        """``(key, action string)`` for each key of the command."""
        action = self.action or self.name
        if not self.args:
            if self.keys:
                yield ",".join(self.keys), action
            return
        for key, arg in zip(self.keys, self.args, strict=True):
            yield key, f"{action}({arg})"

    @property
    def typed(self) -> str:
        """How help shows the words: ``undo (u)``, ``deal N``."""
        if not self.words:
            return ""
        main = self.words[0] + (f" {self.operand}" if self.operand else "")
        short = [word for word in self.words[1:] if len(word) == 1]
        return main + (f" ({', '.join(short)})" if short else "")


_KEY_NAMES: Final = {
    "question_mark": "?",
    "colon": ":",
    "plus": "+",
    "equals_sign": "=",
    "minus": "−",
    "escape": "Esc",
    "enter": "Enter",
    "space": "Space",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
}


def key_label(key: str) -> str:
    """A Textual key name as a player reads it: ``?``, ``Esc``, ``F1``, ``ctrl+z``."""
    if key in _KEY_NAMES:
        return _KEY_NAMES[key]
    if len(key) > 1 and key[0] == "f" and key[1:].isdigit():
        return key.upper()
    return key


def keys_text(command: Command) -> str:
    """``u  ctrl+z``; the pile keys as ``1–8  a–d  h``."""
    if command.name == "pile":
        return "1–8  a–d  h"
    return "  ".join(key_label(key) for key in command.keys)
