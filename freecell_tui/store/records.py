"""The values the store hands out: a stored game before and after checking, slot summaries.

A :class:`GameRecord` is a game the way it is written down (start, turns in notation, autoplay,
play time, hints); :meth:`GameRecord.to_game` replays it through :meth:`Game.replay`, which checks
every move and every turn's autoplay. Each turn is one string, so a save reads like a game record:

* ``"18 1h 2h"``: the player's move, then the autoplay moves it set off, in the record's autoplay
  mode;
* ``"autoplay=off 18"``: a turn played in another autoplay mode than the record's;
* ``"by=solver 18 1h"``: a move auto-solve played;
* ``"restart"``: back to the start (one undoable step).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Final, Generic, TypeVar

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import check_deal_number, deal
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game, Turn, too_long
from freecell_tui.core.notation import parse_moves
from freecell_tui.core.position import format_position, parse_position
from freecell_tui.core.variant import FREECELL, Variant, variant_by_key
from freecell_tui.core.words import deal_label

__all__ = [
    "MAX_HINTS",
    "GameRecord",
    "Listing",
    "SavedGame",
    "SlotInfo",
    "UnfinishedInfo",
    "parse_turn",
    "play_time",
    "read_variant",
    "turn_text",
    "variant_text",
]

T = TypeVar("T")

#: More hints than any game could use; a record claiming more is not a record.
MAX_HINTS: Final = 1_000_000
RESTART: Final = "restart"


#: The longest play time a record holds (about 31 years); the export file allows no more.
MAX_SECONDS: Final = 1e9


def play_time(seconds: float) -> float:
    """A play time fit to store: a finite number of seconds from 0 to just under
    :data:`MAX_SECONDS` (a clock gone wrong, NaN or infinity, never makes a record unreadable)."""
    value = float(seconds)
    if value != value or value < 0:  # NaN, or negative
        return 0.0
    return min(value, MAX_SECONDS - 1)


def variant_text(variant: Variant) -> str:
    """The game as the store names it: its key (``freecell``, ``eight_off``), then ``:`` and
    its cells when they are not the game's usual number (``freecell:2``)."""
    if variant.cells == variant.standard_cells:
        return variant.key
    return f"{variant.key}:{variant.cells}"


def read_variant(text: object) -> Variant:
    """The game a stored :func:`variant_text` names; raises :class:`FreeCellError` (as a
    :class:`~freecell_tui.core.errors.NotationError`) for text that names none."""
    if not isinstance(text, str) or len(text) > 40:
        raise FreeCellError("its game is unreadable")
    key, colon, cells = text.partition(":")
    if not colon:
        return variant_by_key(key)
    if not cells.isascii() or not cells.isdigit() or len(cells) > 1:
        raise FreeCellError(f"its game {text!r} is unreadable")
    return variant_by_key(key, int(cells))


def turn_text(turn: Turn, mode: AutoplayMode) -> str:
    """One turn as a record writes it, in a game whose autoplay mode is ``mode`` (a turn played
    in another mode names its own): ``"18 1h 2h"``, ``"autoplay=off 18"``, ``"by=solver 3a"``,
    ``"restart"``."""
    if turn.is_restart:
        return RESTART
    words = []
    if turn.solver:
        words.append("by=solver")
    if turn.mode is not None and turn.mode is not mode:
        words.append(f"autoplay={turn.mode.value}")
    words.extend(move.notation for move in turn.moves)
    return " ".join(words)


def parse_turn(text: str, number: int, where: str = "turn", variant: Variant = FREECELL) -> Turn:
    """Read one turn (see :func:`turn_text`); raise :class:`FreeCellError` naming it by
    ``where`` and ``number``."""
    words = text.split()
    if words == [RESTART]:
        return Turn.restart()
    mode: AutoplayMode | None = None
    solver = False
    moves: list[str] = []
    given: set[str] = set()  # each word before the moves says one thing, once
    for word in words:
        key, equals, value = word.partition("=")
        if not equals:
            moves.append(word)
        elif moves:
            raise FreeCellError(f"{where} {number}: {word[:40]!r} must come before the moves")
        elif key in given:
            raise FreeCellError(f"{where} {number}: {key[:40]}= is given twice")
        elif key == "by" and value == "solver":
            given.add(key)
            solver = True
        elif key == "autoplay":
            given.add(key)
            try:
                mode = AutoplayMode.parse(value)
            except FreeCellError as error:
                raise FreeCellError(f"{where} {number}: {error}") from None
        else:
            raise FreeCellError(
                f"{where} {number}: {word[:40]!r} is not a move, 'autoplay=MODE' or 'by=solver'"
            )
    try:
        parsed = parse_moves(" ".join(moves), variant)
    except FreeCellError as error:
        raise FreeCellError(f"{where} {number}: {error}") from None
    if not parsed:
        raise FreeCellError(f"{where} {number} is empty")
    return Turn(parsed[0], tuple(parsed[1:]), mode, solver)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as stored: exactly one of ``deal_number`` and ``position`` (the start in fc-solve's
    layout) is set. Not checked until :meth:`to_game`."""

    deal_number: int | None
    position: str | None
    turns: tuple[str, ...]
    redo: tuple[str, ...]
    autoplay: str
    elapsed_seconds: float
    hints: int = 0
    variant: Variant = FREECELL

    @classmethod
    def from_game(cls, game: Game, elapsed_seconds: float) -> GameRecord:
        mode = game.autoplay
        return cls(
            deal_number=game.deal_number,
            position=None if game.deal_number is not None else format_position(game.start),
            turns=tuple(turn_text(turn, mode) for turn in game.turns),
            redo=tuple(turn_text(turn, mode) for turn in game.redo_tail),
            autoplay=mode.value,
            elapsed_seconds=play_time(elapsed_seconds),
            hints=game.hints,
            variant=game.start.variant,
        )

    def to_game(self) -> Game:
        """Replay and check everything; raise :class:`FreeCellError` saying what is wrong."""
        if (self.deal_number is None) == (self.position is None):
            raise FreeCellError("the start must be either a deal number or a position")
        if self.deal_number is not None:
            check_deal_number(self.deal_number)
            start = deal(self.deal_number, self.variant)
        else:
            assert self.position is not None
            start = parse_position(self.position, self.variant)
        problem = too_long(len(self.turns) + len(self.redo))  # before reading any turn
        if problem is not None:
            raise FreeCellError(problem)
        mode = AutoplayMode.parse(self.autoplay)
        if not 0 <= self.hints <= MAX_HINTS:
            raise FreeCellError(f"its count of hints ({self.hints}) makes no sense")
        turns = [
            parse_turn(text, i, "turn", self.variant) for i, text in enumerate(self.turns, start=1)
        ]
        redo = [
            parse_turn(text, i, "redo turn", self.variant)
            for i, text in enumerate(self.redo, start=1)
        ]
        return Game.replay(
            start,
            turns,
            deal_number=self.deal_number,
            autoplay=mode,
            redo_tail=redo,
            hints=self.hints,
        )


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A stored game that replayed cleanly. ``name`` is the slot's name (``None`` for the game in
    progress); ``autosave_id`` identifies an unfinished game's row (``None`` for a slot)."""

    game: Game
    elapsed_seconds: float
    saved_at: datetime
    name: str | None = None
    autosave_id: int | None = None
    daily: date | None = None
    """The date whose daily deal an unfinished game is (``None``: not a daily; a named save
    does not keep it)."""


@dataclass(frozen=True, slots=True)
class SlotInfo:
    """One line of the slot list, read without replaying the game."""

    name: str
    deal_number: int | None
    move_count: int
    cards_home: int
    elapsed_seconds: float
    saved_at: datetime
    variant: Variant = FREECELL

    @property
    def deal_label(self) -> str:
        """``#1234`` or ``custom`` (a position that is not a numbered deal), then the game when
        it is not classic FreeCell (``#1234 Eight Off``)."""
        return _labelled(self.deal_number, self.variant)


def _labelled(deal_number: int | None, variant: Variant) -> str:
    label = deal_label(deal_number)
    return label if variant.is_classic else f"{label} {variant.name}"


@dataclass(frozen=True, slots=True)
class UnfinishedInfo:
    """An unfinished game no running copy is playing (set aside, or left by a copy that quit or
    crashed), read without replaying. ``autosave_id`` names it for :meth:`Store.load_unfinished`."""

    autosave_id: int
    deal_number: int | None
    move_count: int
    cards_home: int
    elapsed_seconds: float
    saved_at: datetime
    variant: Variant = FREECELL

    @property
    def deal_label(self) -> str:
        """``#1234`` or ``custom`` (a position that is not a numbered deal), then the game when
        it is not classic FreeCell."""
        return _labelled(self.deal_number, self.variant)


@dataclass(frozen=True, slots=True)
class Listing(Generic[T]):
    """What a list read from the database holds, and a note for each row left out because it
    does not read (a hand-edited value of the wrong type, an absurd count), naming the row."""

    items: tuple[T, ...]
    problems: tuple[str, ...] = ()
