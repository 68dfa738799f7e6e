"""One command of the command table (:mod:`freecell_tui.session.table`): what it is, how it is
typed and how the full-screen game presents it (its default keys, footer label, palette title:
plain data, which :mod:`freecell_tui.ui.commands` turns into Textual's bindings and palette);
and one command as typed (:class:`ActionCommand`, read by :mod:`freecell_tui.session.parse`),
which a command's session call, or its body in a front end, takes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import Variant

if TYPE_CHECKING:
    from freecell_tui.session.play import PlaySession
    from freecell_tui.session.steps import Decision

__all__ = ["ActionCommand", "Call", "Command", "KeyAct", "Operands", "Read"]


@dataclass(frozen=True, slots=True)
class ActionCommand:
    """A command that is not a move: ``action`` is its name in the command table. Operands:
    ``number`` (``deal N``, ``new N``), ``mode`` (``autoplay``), ``name`` (``save``/``load``:
    the rest of the line as typed), ``speed`` (moves a second), ``switch`` (``winnable on``),
    ``choice`` (``deals winnable``)."""

    action: str
    number: int | None = None
    mode: AutoplayMode | None = None
    name: str | None = None
    speed: float | None = None
    switch: bool | None = None
    choice: str | None = None
    position: GameState | None = None
    """``deal CODE`` of a game code that started from a custom position: that position."""
    day: date | None = None
    """``daily DATE``: the date whose daily deal to play (``None``: today's)."""
    game: Game | None = None
    """``watch CODE``: the game the code holds (``None``: this game, or with ``choice``
    ``solution`` the solver's solution from here)."""
    variant: Variant | None = None
    """``new GAME [N]``, ``game GAME [N]``: the game of the new deal (``None``: this game's)."""


@dataclass(frozen=True, slots=True)
class Operands:
    """A command typed with its operand: the command's name in the table, the ``word`` that typed
    it (lower case, as messages repeat it: ``game``, ``new``), the ``words`` after it and the
    ``rest`` of the line after the word, as typed."""

    action: str
    word: str
    words: list[str]
    rest: str


#: What reads a command's operand (:mod:`freecell_tui.session.operands`): the words typed, to the
#: command as typed; it raises :class:`~freecell_tui.core.errors.NotationError` with a message
#: for the player.
Read = Callable[[Operands], ActionCommand]

#: A command's session call: the session and the command as typed (its operand read), to what
#: the session decides — a step to show, a question to ask first, or nothing to show.
Call = Callable[["PlaySession", ActionCommand], "Decision | None"]


@dataclass(frozen=True, slots=True)
class KeyAct:
    """One binding of a command whose keys each run it with their own arguments: its id (the
    name a player rebinds it by), its default keys (Textual's key names) and the arguments."""

    id: str
    keys: tuple[str, ...]
    args: tuple[object, ...] = ()


@dataclass(frozen=True, slots=True)
class Command:
    """One command.

    ``name`` is what it does. ``words`` type it (the first is its main word); ``operand`` is what
    follows the word, as help shows it (in brackets when it may be left out), and ``read`` what
    reads it (:mod:`freecell_tui.session.operands`). ``screen`` and ``line`` say where it works. ``call`` is
    the session call that is the whole command, for one whose body is that call and showing its
    answer: both front ends call it with the command as typed and present what it decides, and
    neither has a body of its own for it. Without ``call``, each front end where it works has
    its body, registered at its definition (:class:`freecell_tui.session.table.Bodies`).

    The rest is how the full-screen game presents it. ``keys`` are its default keys (Textual's
    key names), which run the command, its binding id being its name; a command whose keys take
    arguments has ``each`` instead (``pile_3`` runs ``action_pile('3')``). ``footer`` is the
    footer's label (empty: not in the footer; ``footer_rank`` 1 is kept longest on a narrow
    terminal), ``palette`` the command palette's title (empty: not there), and ``palette_help``
    its help, where ``{undo}`` is the player's key of ``undo``.
    """

    name: str
    section: str
    help: str
    words: tuple[str, ...] = ()
    operand: str = ""
    read: Read | None = None
    screen: bool = True
    line: bool = True
    line_text: str = ""
    """What line mode's help says, when it differs from ``help``."""
    call: Call | None = None
    """The session call that is the whole command (``lambda session, _: session.restart()``,
    ``lambda session, typed: session.leave_for_daily(typed.day)``), or ``None``."""
    keys: tuple[str, ...] = ()
    each: tuple[KeyAct, ...] = ()
    footer: str = ""
    footer_rank: int = 9
    palette: str = ""
    palette_help: str = ""

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
