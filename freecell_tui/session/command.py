"""One command of the command table (:mod:`freecell_tui.session.table`): what it is and how it
is typed. How the full-screen game presents it (its keys, footer label, palette title) is the
UI's (:mod:`freecell_tui.ui.commands`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Command"]


@dataclass(frozen=True, slots=True)
class Command:
    """One command.

    ``name`` is what it does: the full-screen game's ``action_<name>`` and line mode's handler.
    ``words`` type it (the first is its main word); ``operand`` is what follows the word, as help
    shows it. ``screen`` and ``line`` say where it works.
    """

    name: str
    section: str
    help: str
    words: tuple[str, ...] = ()
    operand: str = ""
    screen: bool = True
    line: bool = True
    line_text: str = ""
    """What line mode's help says, when it differs from ``help``."""

    @property
    def typed(self) -> str:
        """How help shows the words: ``undo (u)``, ``deal N``."""
        if not self.words:
            return ""
        main = self.words[0] + (f" {self.operand}" if self.operand else "")
        short = [word for word in self.words[1:] if len(word) == 1]
        return main + (f" ({', '.join(short)})" if short else "")
