"""One command of the command table (:mod:`freecell_tui.session.table`): what it is and how it
is typed. How the full-screen game presents it (its keys, footer label, palette title) is the
UI's (:mod:`freecell_tui.ui.commands`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from freecell_tui.session.play import PlaySession
    from freecell_tui.session.steps import Decision

__all__ = ["Command"]


@dataclass(frozen=True, slots=True)
class Command:
    """One command.

    ``name`` is what it does. ``words`` type it (the first is its main word); ``operand`` is what
    follows the word, as help shows it (in brackets when it may be left out; what reads it is
    :mod:`freecell_tui.session.parse`'s). ``screen`` and ``line`` say where it works. ``call`` is
    the :class:`PlaySession` method that is the whole command, for one whose body is that call
    and showing its answer: both front ends call it and present what it decides, and neither
    has a body of its own for it. Without ``call``, the full-screen game runs its
    ``action_<name>`` and line mode its handler.
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
    call: Callable[[PlaySession], Decision | None] | None = None
    """The session call that is the whole command (``PlaySession.restart``), or ``None``."""

    @property
    def operand_optional(self) -> bool:
        """Its operand may be left out (help shows it in brackets: ``[N]``)."""
        return self.operand.startswith("[")

    @property
    def typed(self) -> str:
        """How help shows the words: ``undo (u)``, ``deal N``."""
        if not self.words:
            return ""
        main = self.words[0] + (f" {self.operand}" if self.operand else "")
        short = [word for word in self.words[1:] if len(word) == 1]
        return main + (f" ({', '.join(short)})" if short else "")
