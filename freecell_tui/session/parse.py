"""Typed commands: one parser for line mode and the full-screen game's ``:`` line.

A line is a move (standard notation or the seed-003 menu, see :mod:`freecell_tui.core.commands`),
several moves (a :class:`MovesCommand`) or a command of :mod:`freecell_tui.session.table` with its operand::

    3a   18v3   t2c 5 1   undo   new   new 617   new hard   deal 617   autoplay off   speed 2

:func:`parse_command` returns a :class:`MoveCommand`, a :class:`MovesCommand` or an
:class:`ActionCommand`, or raises
:class:`NotationError` with a message for the player.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import MAX_CODE_LENGTH, BadCode, decode, game_start, looks_like_code
from freecell_tui.core.commands import MENU_WORDS, MoveCommand, looks_like_a_move, parse_menu
from freecell_tui.core.daily import parse_day
from freecell_tui.core.deals import parse_deal_number
from freecell_tui.core.difficulty import RATED_DEALS, Band, random_deal, rating
from freecell_tui.core.errors import NotationError
from freecell_tui.core.notation import Move
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant, parse_variant, variant_names
from freecell_tui.session.command import ActionCommand
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
    "parse_speed",
]

#: The words of the difficulty bands (``new hard``).
BANDS: Final = frozenset(band.value for band in Band)

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


def parse_speed(text: str) -> float:
    """Auto-solve's speed in moves a second, within :data:`SPEED_RANGE`."""
    low, high = SPEED_RANGE
    ascii_number = len(text) <= 20 and text.isascii()  # float() takes full-width digits too
    try:
        speed = float(text) if ascii_number else math.nan
    except ValueError:
        speed = math.nan
    if not low <= speed <= high:  # also refuses nan and inf
        raise NotationError(f"speed: give moves a second from {low:g} to {high:g}, as speed 2")
    return speed


def _switch(name: str, operands: list[str]) -> bool:
    word = operands[0].lower() if len(operands) == 1 else ""
    if word in ("on", "yes"):
        return True
    if word in ("off", "no"):
        return False
    raise NotationError(f"{name}: say {name} on or {name} off")


def _deal_command(name: str, operands: list[str]) -> ActionCommand:
    """``deal N``, ``new N``, ``deal CODE``: a deal number, or a game code's start; a game's
    name first chooses the game (``new bakers 123``, ``game eight-off``: a random deal);
    ``new hard``: a random Microsoft deal of that difficulty; ``new fewest N``: Microsoft deal
    N with the fewest free cells it is won with."""
    if not operands:
        raise NotationError(f"{name}: give one deal number, as '{name} 617'")
    words = [word.lower() for word in operands]
    if len(words) == 1 and words[0] in BANDS:
        return ActionCommand("deal", number=random_deal(Band(words[0])), variant=FREECELL)
    if words[0] == "fewest":
        return _fewest_command(name, operands[1:])
    last = operands[-1]
    if len(operands) > 1 and last.lstrip("#").replace(",", "").replace("_", "").isdigit():
        return ActionCommand(
            "deal", number=parse_deal_number(last), variant=parse_variant(" ".join(operands[:-1]))
        )
    named = _game_named(" ".join(operands))
    if named is not None:
        return ActionCommand("deal", variant=named)
    if len(operands) != 1:
        parse_variant(" ".join(operands))  # says which games there are
    try:
        start, named = game_start(last)
    except NotationError as error:
        if last.isalpha() and len(last) < 20:  # a word: a game's name mistyped?
            raise NotationError(
                f"{error}, or a game's name: the games are {variant_names()}"
            ) from None
        raise
    if isinstance(start, GameState):
        return ActionCommand("deal", position=start)
    if named is None and looks_like_code(last):  # a code of classic FreeCell names it too
        named = FREECELL
    return ActionCommand("deal", number=start, variant=named)


def _fewest_command(name: str, operands: list[str]) -> ActionCommand:
    """``new fewest N``: Microsoft deal N in FreeCell with the fewest cells the solver won it
    with."""
    number = parse_deal_number(operands[0]) if len(operands) == 1 else None
    rated = None if number is None else rating(number)
    cells = None if rated is None else rated.most
    if number is None or cells is None:
        raise NotationError(
            f"{name} fewest: give a Microsoft deal of 1-{RATED_DEALS:,}, as '{name} fewest 617'"
        )
    return ActionCommand("deal", number=number, variant=FREECELL.with_cells(cells))


def _difficulty_command(operands: list[str]) -> ActionCommand:
    """``difficulty N``: deal N's difficulty (no operand: this deal's)."""
    if len(operands) != 1:
        raise NotationError("difficulty: give one deal number, as 'difficulty 617'")
    return ActionCommand("difficulty", number=parse_deal_number(operands[0]))


def _game_named(text: str) -> Variant | None:
    """The game ``text`` names, or ``None`` when it names none."""
    try:
        return parse_variant(text)
    except NotationError:
        return None


def _operand_command(action: str, name: str, operands: list[str], text: str) -> ActionCommand:
    """An action whose word takes an operand."""
    if action == "deal" or (action == "new" and operands):
        return _deal_command(name, operands)
    if action in ("save", "load"):
        if not operands:
            raise NotationError(f"{name}: give the save's name, as '{name} my game'")
        # The name is the rest of the line as typed (it may hold spaces); the store checks it.
        return ActionCommand(action, name=text.strip().split(None, 1)[1])
    if action == "autoplay":
        if len(operands) != 1:
            raise NotationError("autoplay: give a mode: autoplay off, safe or all")
        return ActionCommand("autoplay", mode=AutoplayMode.parse(operands[0]))
    if action == "speed":
        if len(operands) != 1:
            raise NotationError("speed: give moves a second, as speed 2")
        return ActionCommand("speed", speed=parse_speed(operands[0]))
    if action == "winnable":
        return ActionCommand("winnable", switch=_switch(name, operands))
    return _OPERAND_READERS[action](operands)


def _deals_command(operands: list[str]) -> ActionCommand:
    """``deals winnable`` or ``deals any``."""
    choice = operands[0].lower() if len(operands) == 1 else ""
    if choice not in ("winnable", "any", "all"):
        raise NotationError("deals: say deals winnable or deals any")
    return ActionCommand("deals", choice="any" if choice == "all" else choice)


def _daily_command(operands: list[str]) -> ActionCommand:
    """``daily DATE``: the daily deal of that date."""
    if len(operands) != 1:
        raise NotationError("daily: give one date, as 'daily 2026-11-26', or none for today's")
    return ActionCommand("daily", day=parse_day(operands[0]))


def _watch_command(operands: list[str]) -> ActionCommand:
    """``watch CODE``: the game of a game code (never empty: no operand is this game);
    ``watch solution``: the solver's solution from here."""
    if [word.lower() for word in operands] == ["solution"]:
        return ActionCommand("watch", choice="solution")
    # A code pasted with spaces or wrapped over lines still reads.
    game = decode("".join(operands))
    if isinstance(game, BadCode):
        raise NotationError(game.reason)
    return ActionCommand("watch", game=game)


#: The commands whose operands are read by one function of them alone. (Which commands take an
#: operand, and whether it may be left out, the command table says: ``Command.operand``.)
_OPERAND_READERS: Final = {
    "deals": _deals_command,
    "daily": _daily_command,
    "watch": _watch_command,
    "difficulty": _difficulty_command,
}


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
        if command.operand and (operands or not command.operand_optional):
            return _operand_command(command.name, name, operands, text)
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
