"""What a command's operand reads into: each command of the table that takes one names its reader
(:attr:`Command.read <freecell_tui.session.command.Command.read>`), a function of the words typed
(:class:`Operands`) to the command as typed (an :class:`ActionCommand`), which raises
:class:`NotationError` with a message for the player. :func:`freecell_tui.session.parse.parse_command`
reads the command's word and calls its reader; which commands take an operand, and whether it may
be left out, is the table's ``operand``."""

from __future__ import annotations

import math
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import BadCode, decode, game_start, looks_like_code
from freecell_tui.core.daily import parse_day
from freecell_tui.core.deals import parse_deal_number
from freecell_tui.core.difficulty import RATED_DEALS, Band, random_deal, rating
from freecell_tui.core.errors import NotationError
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant, parse_variant, variant_names
from freecell_tui.session.command import ActionCommand, Operands
from freecell_tui.store.settings import SPEED_RANGE

__all__ = [
    "BANDS",
    "autoplay_mode",
    "daily_date",
    "deal",
    "deals_choice",
    "deal_number",
    "parse_speed",
    "save_name",
    "speed",
    "switch",
    "watch_code",
]

#: The words of the difficulty bands (``new hard``).
BANDS: Final = frozenset(band.value for band in Band)


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


def speed(typed: Operands) -> ActionCommand:
    """``speed N``: moves a second."""
    if len(typed.words) != 1:
        raise NotationError("speed: give moves a second, as speed 2")
    return ActionCommand(typed.action, speed=parse_speed(typed.words[0]))


def switch(typed: Operands) -> ActionCommand:
    """``winnable on`` or ``off`` (``yes``, ``no``)."""
    name = typed.word
    word = typed.words[0].lower() if len(typed.words) == 1 else ""
    if word in ("on", "yes"):
        return ActionCommand(typed.action, switch=True)
    if word in ("off", "no"):
        return ActionCommand(typed.action, switch=False)
    raise NotationError(f"{name}: say {name} on or {name} off")


def save_name(typed: Operands) -> ActionCommand:
    """``save NAME``, ``load NAME``: the name is the rest of the line as typed (it may hold
    spaces); the store checks it."""
    if not typed.words:
        raise NotationError(f"{typed.word}: give the save's name, as '{typed.word} my game'")
    return ActionCommand(typed.action, name=typed.rest)


def autoplay_mode(typed: Operands) -> ActionCommand:
    """``autoplay off``, ``safe`` or ``all``."""
    if len(typed.words) != 1:
        raise NotationError("autoplay: give a mode: autoplay off, safe or all")
    return ActionCommand(typed.action, mode=AutoplayMode.parse(typed.words[0]))


def deal(typed: Operands) -> ActionCommand:
    """``deal N``, ``new N``, ``deal CODE``: a deal number, or a game code's start; a game's
    name first chooses the game (``new bakers 123``, ``game eight-off``: a random deal);
    ``new hard``: a random Microsoft deal of that difficulty; ``new fewest N``: Microsoft deal
    N with the fewest free cells it is won with. (Each is the command ``deal``.)"""
    name, operands = typed.word, typed.words
    if not operands:
        raise NotationError(f"{name}: give one deal number, as '{name} 617'")
    words = [word.lower() for word in operands]
    if len(words) == 1 and words[0] in BANDS:
        return ActionCommand("deal", number=random_deal(Band(words[0])), variant=FREECELL)
    if words[0] == "fewest":
        return _fewest(name, operands[1:])
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


def _fewest(name: str, operands: list[str]) -> ActionCommand:
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


def _game_named(text: str) -> Variant | None:
    """The game ``text`` names, or ``None`` when it names none."""
    try:
        return parse_variant(text)
    except NotationError:
        return None


def deal_number(typed: Operands) -> ActionCommand:
    """``difficulty N``: one deal number."""
    if len(typed.words) != 1:
        raise NotationError("difficulty: give one deal number, as 'difficulty 617'")
    return ActionCommand(typed.action, number=parse_deal_number(typed.words[0]))


def deals_choice(typed: Operands) -> ActionCommand:
    """``deals winnable`` or ``deals any`` (``all``)."""
    choice = typed.words[0].lower() if len(typed.words) == 1 else ""
    if choice not in ("winnable", "any", "all"):
        raise NotationError("deals: say deals winnable or deals any")
    return ActionCommand(typed.action, choice="any" if choice == "all" else choice)


def daily_date(typed: Operands) -> ActionCommand:
    """``daily DATE``: the daily deal of that date."""
    if len(typed.words) != 1:
        raise NotationError("daily: give one date, as 'daily 2026-11-26', or none for today's")
    return ActionCommand(typed.action, day=parse_day(typed.words[0]))


def watch_code(typed: Operands) -> ActionCommand:
    """``watch CODE``: the game of a game code (never empty: no operand is this game);
    ``watch solution``: the solver's solution from here."""
    if [word.lower() for word in typed.words] == ["solution"]:
        return ActionCommand(typed.action, choice="solution")
    # A code pasted with spaces or wrapped over lines still reads.
    game = decode("".join(typed.words))
    if isinstance(game, BadCode):
        raise NotationError(game.reason)
    return ActionCommand(typed.action, game=game)
