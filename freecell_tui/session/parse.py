"""Typed commands: one parser for line mode and the full-screen game's ``:`` line.

A line is a move (standard notation or the seed-003 menu, see :mod:`freecell_tui.core.commands`),
several moves (a :class:`MovesCommand`) or a command of :mod:`freecell_tui.session.table` with its
operand, read by the command's reader (:mod:`freecell_tui.session.operands`)::

    3a   18v3   t2c 5 1   undo   new   new 617   new hard   deal 617   autoplay off   speed 2

:func:`parse_command` returns a :class:`MoveCommand`, a :class:`MovesCommand` or an
:class:`ActionCommand`, or raises
:class:`NotationError` with a message for the player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from freecell_tui.core.codes import MAX_CODE_LENGTH
from freecell_tui.core.commands import MENU_WORDS, MoveCommand, looks_like_a_move, parse_menu
from freecell_tui.core.errors import NotationError
from freecell_tui.core.notation import Move
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.session.command import ActionCommand, Operands
from freecell_tui.session.listed import read_moves
from freecell_tui.session.table import by_word
from freecell_tui.store.settings import SPEED_RANGE

__all__ = [
    "MAX_COMMAND",
    "SPEED_RANGE",
    "ActionCommand",
    "Command",
    "MovesCommand",
    "parse_command",
]

#: The longest command line read, in characters: a command word and the longest game code
#: (``watch CODE``), with room to spare. Every line of text the game takes keeps at most this
#: much (the ``:`` line, the save screen's prompts, line mode's input).
MAX_COMMAND: Final = MAX_CODE_LENGTH + 64


@dataclass(frozen=True, slots=True)
class MovesCommand:
    """Several moves on one line (``31 32 35``, a line of a solver's solution): played in
    turn, one turn a move (:mod:`freecell_tui.session.listed`)."""

    moves: tuple[Move, ...]


Command = MoveCommand | ActionCommand | MovesCommand


def parse_command(text: str, variant: Variant = FREECELL) -> Command:
    """Read one command; a move between the piles of ``variant``'s game. Raises
    :class:`NotationError` with a message for the player."""
    words = text.split()
    if not words:
        raise NotationError("an empty command: type a move such as 3a, or help")
    name = words[0].lower()
    operands = words[1:]
    if name in MENU_WORDS:
        return parse_menu(name, operands, variant)
    command = by_word(name)
    if command is not None:
        if command.read is not None and (operands or not command.operand_optional):
            rest = text.strip().split(None, 1)[1] if operands else ""
            return command.read(Operands(command.name, name, operands, rest))
        if operands:
            raise NotationError(f"{name} takes no operands")
        return ActionCommand(command.name)
    if len(words) == 1:
        try:
            return MoveCommand(Move.parse(name, variant))
        except NotationError as error:
            if looks_like_a_move(name):
                raise
            raise NotationError(
                f"{_quoted(words[0])} is not a command or a move: help lists the commands"
            ) from error
    moves = read_moves(text, variant)  # a word after the first that is no move: says which
    if moves is not None:
        return MovesCommand(moves)
    raise NotationError(f"{_quoted(words[0])} is not a command: help lists the commands")


#: The longest word a refusal repeats: with the refusal, one line of an 80-column terminal.
_QUOTED_MOST: Final = 24


def _quoted(word: str) -> str:
    """``word`` as a refusal repeats it: quoted, or ``That word`` when too long for the line."""
    return repr(word) if len(word) <= _QUOTED_MOST else "That word"
