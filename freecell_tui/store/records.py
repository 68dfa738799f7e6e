"""The values the store hands out: a stored game before and after checking, slot summaries.

A :class:`GameRecord` is a game the way it is written down (start, turns in notation, autoplay,
play time); :meth:`GameRecord.to_game` replays it through :meth:`Game.replay`, which checks every
move. Each turn is one string: the player's move, then the autoplay moves it set off, separated by
spaces (``"18 1h 2h"``), so a save reads like a game record.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import check_deal_number, deal
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game, Turn
from freecell_tui.core.notation import parse_moves
from freecell_tui.core.position import parse_position
from freecell_tui.core.words import deal_label

__all__ = ["GameRecord", "SavedGame", "SlotInfo", "UnfinishedInfo", "turn_text"]


def turn_text(turn: Turn) -> str:
    """``"18 1h 2h"``: the player's move then its autoplay moves."""
    return " ".join(move.notation for move in turn.moves)


def _parse_turn(text: str, number: int, where: str) -> Turn:
    try:
        moves = parse_moves(text)
    except FreeCellError as error:
        raise FreeCellError(f"{where} {number}: {error}") from None
    if not moves:
        raise FreeCellError(f"{where} {number} is empty")
    return Turn(moves[0], tuple(moves[1:]))


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

    @classmethod
    def from_game(cls, game: Game, elapsed_seconds: float) -> GameRecord:
        return cls(
            deal_number=game.deal_number,
            position=None if game.deal_number is not None else game.start.to_text(),
            turns=tuple(turn_text(turn) for turn in game.turns),
            redo=tuple(turn_text(turn) for turn in game.redo_tail),
            autoplay=game.autoplay.value,
            elapsed_seconds=max(0.0, float(elapsed_seconds)),
        )

    def to_game(self) -> Game:
        """Replay and check everything; raise :class:`FreeCellError` saying what is wrong."""
        if (self.deal_number is None) == (self.position is None):
            raise FreeCellError("the start must be either a deal number or a position")
        if self.deal_number is not None:
            check_deal_number(self.deal_number)
            start = deal(self.deal_number)
        else:
            assert self.position is not None
            start = parse_position(self.position)
        mode = AutoplayMode.parse(self.autoplay)
        turns = [_parse_turn(text, i, "turn") for i, text in enumerate(self.turns, start=1)]
        redo = [_parse_turn(text, i, "redo turn") for i, text in enumerate(self.redo, start=1)]
        return Game.replay(
            start, turns, deal_number=self.deal_number, autoplay=mode, redo_tail=redo
        )

    @property
    def start_label(self) -> str:
        """``deal 1234`` or ``a custom position``."""
        return f"deal {self.deal_number}" if self.deal_number is not None else "a custom position"


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A stored game that replayed cleanly. ``name`` is the slot's name (``None`` for the game in
    progress); ``autosave_id`` identifies an unfinished game's row (``None`` for a slot)."""

    game: Game
    elapsed_seconds: float
    saved_at: datetime
    name: str | None = None
    autosave_id: int | None = None


@dataclass(frozen=True, slots=True)
class SlotInfo:
    """One line of the slot list, read without replaying the game."""

    name: str
    deal_number: int | None
    move_count: int
    cards_home: int
    elapsed_seconds: float
    saved_at: datetime

    @property
    def deal_label(self) -> str:
        """``#1234`` or ``custom`` (a position that is not a numbered deal)."""
        return deal_label(self.deal_number)


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

    @property
    def deal_label(self) -> str:
        """``#1234`` or ``custom`` (a position that is not a numbered deal)."""
        return deal_label(self.deal_number)
