"""Rows of the database and the values they hold: a game record as columns, a finished game, and
time stamps. Reading a row never trusts it: a hand-edited value is refused with a reason."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, date, datetime
from typing import Any, Final

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import encode
from freecell_tui.core.deals import MAX_DEAL, MIN_DEAL
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.position import format_position
from freecell_tui.store.records import (
    MAX_SECONDS,
    GameRecord,
    play_time,
    read_variant,
    variant_text,
)
from freecell_tui.store.stats import DailyPlay, Result

__all__ = [
    "GAME_FIELDS",
    "MAX_MOVES",
    "count_value",
    "day_value",
    "deal_value",
    "mode_value",
    "seconds_value",
    "EPOCH",
    "STAMP_YEARS",
    "in_range",
    "insert_result",
    "read_stamp",
    "record_values",
    "result_of",
    "row_record",
    "stamp",
]

#: The columns a game record fills, in :func:`record_values` order (slots and autosaves).
GAME_FIELDS: Final = (
    "deal_number, position, turns, redo, autoplay, elapsed_seconds, hints, variant, move_count,"
    " cards_home"
)
#: More moves than any game could hold; a row claiming more is not a game.
MAX_MOVES: Final = 10_000_000
#: What an unreadable time stamp reads as.
EPOCH: Final = datetime.fromtimestamp(0, UTC)
#: Stamps outside these years read as :data:`EPOCH`: every time zone can show them.
STAMP_YEARS: Final = (1971, 9998)


def stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def in_range(moment: datetime) -> datetime | None:
    """``moment`` in UTC when it lies in the years every time zone can show (a naive moment is
    taken as UTC), else ``None``: year 1 or 9999 with an offset cannot even be converted."""
    try:
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        moment = moment.astimezone(UTC)
    except (ValueError, OverflowError):
        return None
    return moment if STAMP_YEARS[0] <= moment.year <= STAMP_YEARS[1] else None


def read_stamp(text: object) -> datetime:
    """A stored time stamp, always aware and showable in any time zone (an unreadable or
    far-off stamp reads as :data:`EPOCH`)."""
    if not isinstance(text, str):
        return EPOCH
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return EPOCH
    return in_range(moment) or EPOCH


def count_value(value: object, high: int = MAX_MOVES) -> int | None:
    """A count read from a row (moves, cards home, hints): a whole number from 0 to ``high``,
    else ``None``."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high:
        return value
    return None


def mode_value(value: object) -> AutoplayMode | None:
    """An autoplay mode read from a row, else ``None`` (absent or unknown)."""
    if isinstance(value, str):
        for mode in AutoplayMode:
            if mode.value == value:
                return mode
    return None


def deal_value(value: object) -> int | None:
    """A deal number read from a row, else ``None`` (absent, or not a deal that exists)."""
    if isinstance(value, int) and not isinstance(value, bool) and MIN_DEAL <= value <= MAX_DEAL:
        return value
    return None


def seconds_value(value: object) -> float | None:
    """A play time read from a row: a finite number of seconds from 0 to :data:`MAX_SECONDS`,
    else ``None`` (text, a BLOB, infinity, a negative time)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        seconds = float(value)
        if 0 <= seconds < MAX_SECONDS:  # also refuses nan and infinities
            return seconds
    return None


def record_values(record: GameRecord, game: Game) -> tuple[Any, ...]:
    """The values of :data:`GAME_FIELDS` for ``record`` (of ``game``)."""
    return (
        record.deal_number,
        record.position,
        json.dumps(list(record.turns)),
        json.dumps(list(record.redo)),
        record.autoplay,
        record.elapsed_seconds,
        record.hints,
        variant_text(record.variant),
        game.move_count,
        game.state.cards_home,
    )


def row_record(row: tuple[Any, ...]) -> GameRecord:
    """A GameRecord from the first eight :data:`GAME_FIELDS` of a row; raises FreeCellError when
    a column holds something that is not a record."""
    deal_number, position, turns_json, redo_json, autoplay, elapsed, hints, variant = row[:8]
    try:
        turns = json.loads(turns_json)
        redo = json.loads(redo_json)
    except (TypeError, ValueError, RecursionError):
        raise FreeCellError("its list of moves is unreadable") from None
    for value in (turns, redo):
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise FreeCellError("its list of moves is unreadable")
    if deal_number is not None and (
        not isinstance(deal_number, int) or isinstance(deal_number, bool)
    ):
        raise FreeCellError("its deal number is unreadable")
    if position is not None and not isinstance(position, str):
        raise FreeCellError("its start position is unreadable")
    if (
        not isinstance(autoplay, str)
        or not isinstance(elapsed, int | float)
        or not isinstance(hints, int)
    ):
        raise FreeCellError("its settings are unreadable")
    seconds = seconds_value(elapsed)
    if seconds is None:
        raise FreeCellError("its play time is unreadable")
    return GameRecord(
        deal_number,
        position,
        tuple(turns),
        tuple(redo),
        autoplay,
        seconds,
        hints,
        read_variant(variant),
    )


def result_of(game: Game) -> Result:
    """How a finished ``game`` counts: the player's win, the computer's (auto-solve played a
    move of the winning line), or left unfinished."""
    if not game.state.is_won:
        return Result.LEFT
    return Result.SOLVED if game.solver_moves else Result.WON


def day_value(value: object) -> date | None:
    """A date stored as ISO text (``2026-11-26``), or ``None`` for anything else."""
    if not isinstance(value, str) or len(value) != 10:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def insert_result(
    connection: sqlite3.Connection,
    game: Game,
    seconds: float,
    when: str,
    daily: DailyPlay | None = None,
) -> None:
    """Record a finished game (``daily``: the daily deal it was, and whether it finished on
    that day)."""
    connection.execute(
        "INSERT INTO games (deal_number, position, result, move_count, cards_home,"
        " elapsed_seconds, finished_at, hints, solver_moves, autoplay, code, daily, daily_on_day,"
        " variant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game.deal_number,
            None if game.deal_number is not None else format_position(game.start),
            result_of(game).value,
            game.move_count,
            game.state.cards_home,
            play_time(seconds),
            when,
            game.hints,
            game.solver_moves,
            game.autoplay.value,
            encode(game),
            None if daily is None else daily.day.isoformat(),
            int(daily is not None and daily.on_day),
            variant_text(game.start.variant),
        ),
    )
