"""Finished games (the ``games`` table): their list, the statistics over them, and forgetting
them. A game is recorded by :meth:`Autosaves.finish` and :meth:`Autosaves.discard`, in the same
transaction that drops it from the games in progress (:func:`.rows.insert_result`).

The statistics are one SQL aggregate (:meth:`Results.statistics`): the counts, the streaks and
each deal's row are computed by SQLite, so the time they take grows with the number of deals
shown, not with the Python objects of every game ever finished. They keep the rules of the pure
:func:`.stats.compute_statistics` exactly, also over hand-edited rows (a row
:meth:`Results.all` leaves out is left out of the statistics too).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any, Final

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import MAX_DEAL, MIN_DEAL
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.variant import FREECELL, VARIANTS, Variant
from freecell_tui.core.words import plural
from freecell_tui.store.connection import Database
from freecell_tui.store.records import (
    MAX_HINTS,
    MAX_SECONDS,
    Listing,
    read_variant,
    variant_text,
)
from freecell_tui.store.rows import (
    MAX_MOVES,
    count_value,
    day_value,
    deal_value,
    mode_value,
    read_stamp,
    seconds_value,
    stamp,
)
from freecell_tui.store.stats import (
    RECENT_GAMES,
    DailyPlay,
    DealStats,
    GameResult,
    Pars,
    Result,
    Statistics,
    band_wins,
    daily_streaks,
    game_par,
)

__all__ = ["Results", "StatisticsReading"]


@dataclass(frozen=True, slots=True)
class StatisticsReading:
    """The statistics, and a note when finished games were left out because they do not read."""

    statistics: Statistics
    problems: tuple[str, ...] = ()


def _stamp_key(kind: str, raw: bytes | None) -> str:
    """The sort key of a stored time stamp that is not in the form the store writes: the stamp
    :func:`.rows.read_stamp` reads, written the way the store writes it (text bytes are decoded
    leniently, as every text of the database is read)."""
    text = raw.decode("utf-8", "replace") if kind == "text" and raw is not None else None
    return stamp(read_stamp(text))


#: A stamp as :func:`.rows.stamp` writes it, a real date in the years :func:`.rows.read_stamp`
#: shows: it sorts as text in the order of time.
_WRITTEN_STAMP: Final = (
    "typeof(finished_at) = 'text' AND finished_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]"
    "T[0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9][0-9][0-9][0-9]+00:00'"
    " AND finished_at >= '1971' AND finished_at < '9999'"
    " AND strftime('%Y-%m-%dT%H:%M:%S', julianday(substr(finished_at, 1, 19)))"
    " = substr(finished_at, 1, 19)"
)
#: Whether some row is not as the store writes it (a hand edit: a stamp in another form, a
#: negative row number): then every stamp is read through ``stamp_key``, a call to Python a
#: row, and the games are numbered by a sort of their own.
_ANY_ODD_ROW: Final = f"SELECT EXISTS (SELECT 1 FROM games WHERE id < 0 OR NOT ({_WRITTEN_STAMP}))"
#: The number of each game in the order games finished: the order of :meth:`Results.all`
#: (stamp, then the stamp's text, then the row), which is the row's own when every row is as
#: the store writes it.
_SEQ: Final = "ROW_NUMBER() OVER (ORDER BY at, finished_at, id)"
_READ_STAMP: Final = (
    f"CASE WHEN {_WRITTEN_STAMP} THEN finished_at"
    " ELSE stamp_key(typeof(finished_at), CAST(finished_at AS BLOB)) END"
)
_MODES: Final = ", ".join(f"'{mode.value}'" for mode in AutoplayMode)
_RESULTS: Final = ", ".join(f"'{result.value}'" for result in Result)

#: The finished games that read (the rules of :meth:`Results.all`); ``at`` is the stamp as
#: :func:`.rows.stamp` writes it (fixed width: text order is time order), ``{at}`` its column or
#: :data:`_READ_STAMP`; ``seq`` numbers the games in the order they finished (``{seq}``: ``id``
#: or :data:`_SEQ`).
_VALID: Final = f"""
WITH stamped AS (
    SELECT id, finished_at, {{at}} AS at, deal_number AS deal,
        CASE WHEN deal_number IS NULL AND typeof(position) = 'text' THEN position END AS pos,
        result = 'won' AS won, result = 'solved' AS solved,
        move_count AS moves, elapsed_seconds AS seconds,
        typeof(hints) = 'integer' AND hints BETWEEN 1 AND {MAX_HINTS} AS hinted,
        CASE WHEN typeof(autoplay) = 'text' AND autoplay IN ({_MODES}) THEN autoplay END AS mode,
        CASE WHEN typeof(daily) = 'text' THEN daily END AS daily, daily_on_day IS 1 AS on_day
    FROM games
    WHERE variant = :variant AND typeof(result) = 'text' AND result IN ({_RESULTS})
        AND typeof(move_count) = 'integer' AND move_count BETWEEN 0 AND {MAX_MOVES}
        AND typeof(elapsed_seconds) IN ('integer', 'real')
        AND elapsed_seconds >= 0 AND elapsed_seconds < {MAX_SECONDS!r}
        AND (deal_number IS NULL OR (typeof(deal_number) = 'integer'
            AND deal_number BETWEEN {MIN_DEAL} AND {MAX_DEAL}))
),
valid AS (SELECT *, {{seq}} AS seq FROM stamped)
"""

#: Games, wins, computer wins, wins with hints, and the rows stored of the game.
_TOTALS: Final = f"""{_VALID}
SELECT COUNT(*), IFNULL(SUM(won), 0), IFNULL(SUM(solved), 0), IFNULL(SUM(won AND hinted), 0),
    (SELECT COUNT(*) FROM games WHERE variant = :variant)
FROM valid
"""

#: Whether each game was a win, in the order games finished (the streaks).
_WINS: Final = f"{_VALID} SELECT group_concat(won, '') FROM (SELECT won FROM valid ORDER BY seq)"

#: The dates whose daily deal was won on that day.
_DAILY_WINS: Final = f"{_VALID} SELECT DISTINCT daily FROM valid WHERE won AND on_day"

#: The results of the latest games, latest first.
_RECENT: Final = f"{_VALID} SELECT won, solved FROM valid ORDER BY seq DESC LIMIT {RECENT_GAMES}"

#: The player's wins of numbered deals, latest first: the deal, its moves and its autoplay mode
#: (read until enough of them have a known par).
_LATEST_WINS: Final = (
    f"{_VALID} SELECT deal, moves, mode FROM valid WHERE won AND deal IS NOT NULL ORDER BY seq DESC"
)

#: The order of games as one fixed-width text: the stamp (32 characters), then the number.
_ORDER: Final = "at || printf('%020d', seq)"
_ORDER_WIDTH: Final = 52
_MOVES_WIDTH: Final = 8  # MAX_MOVES has 8 digits

#: One row a deal (a custom position is a deal of its own), most recently played first (the
#: first played first among equals): the deal, games, wins, best time and fewest moves among
#: wins, the stamp of its latest game, its best win (fewest moves, the first of equals) and its
#: latest game, each as order text followed by its autoplay mode.
_DEALS: Final = f"""{_VALID}
SELECT deal, COUNT(*), IFNULL(SUM(won), 0), MIN(CASE WHEN won THEN seconds END),
    MIN(CASE WHEN won THEN moves END), MAX(at),
    MIN(CASE WHEN won THEN printf('%0{_MOVES_WIDTH}d', moves) || {_ORDER} || IFNULL(mode, '') END),
    MAX({_ORDER} || IFNULL(mode, ''))
FROM valid
GROUP BY deal, pos
ORDER BY MAX(at) DESC, MIN({_ORDER})
"""


def _deal_stats(row: tuple[Any, ...], pars: Pars, mode: AutoplayMode) -> DealStats:
    deal, played, won, best_seconds, fewest_moves, last_at, best_win, latest = row
    # The par is the par of the mode of the deal's best win, else of its latest game.
    par_game = best_win[_MOVES_WIDTH + _ORDER_WIDTH :] if best_win else latest[_ORDER_WIDTH:]
    par_in = mode_value(par_game) or mode
    return DealStats(
        label=f"#{deal}" if deal is not None else "custom position",
        deal_number=deal,
        played=played,
        won=won,
        best_seconds=None if best_seconds is None else float(best_seconds),
        fewest_moves=fewest_moves,
        last_played=read_stamp(last_at),
        par=None if deal is None else pars.get(par_in, {}).get(deal),
    )


def _over_par(wins: Iterable[tuple[Any, ...]], pars: Pars, mode: AutoplayMode) -> tuple[int, ...]:
    """Moves over par of the latest :data:`.stats.RECENT_GAMES` wins with a known par, oldest
    first, from ``wins`` (deal, moves, mode) latest first."""
    found: list[int] = []
    for deal, moves, played_in in wins:
        par = game_par(deal, mode_value(played_in), pars, mode)
        if par is not None:
            found.append(moves - par)
            if len(found) == RECENT_GAMES:
                break
    return tuple(reversed(found))


def _left_out(skipped: int) -> tuple[str, ...]:
    if not skipped:
        return ()
    verb = "is" if skipped == 1 else "are"
    return (
        f"{plural(skipped, 'finished game')} in the statistics could not be read and {verb} "
        "left out.",
    )


class Results:
    """The finished games. Reading raises :class:`StoreError` saying what went wrong."""

    def __init__(self, database: Database) -> None:
        self._db = database
        database.connection.create_function("stamp_key", 2, _stamp_key, deterministic=True)

    def all(self) -> Listing[GameResult]:
        """Every finished game that reads, oldest first, and a note when rows were left out."""
        rows = self._db.read(
            "read the statistics",
            "SELECT deal_number, position, result, move_count, elapsed_seconds, finished_at,"
            " hints, autoplay, code, daily, daily_on_day, variant FROM games"
            " ORDER BY finished_at, id",
        )
        found = [game for game in map(_game_result, rows) if game is not None]
        return Listing(tuple(found), _left_out(len(rows) - len(found)))

    def last(self) -> GameResult | None:
        """The game finished last (the last of :meth:`all`), or ``None`` when there is none."""
        games = self.all().items
        return games[-1] if games else None

    def statistics(
        self,
        pars: Pars,
        mode: AutoplayMode,
        today: date | None = None,
        variant: Variant = FREECELL,
    ) -> StatisticsReading:
        """The statistics of :func:`.stats.compute_statistics` over :meth:`all`'s games of
        ``variant``'s game (classic FreeCell unless given), computed by SQLite in one read
        transaction; ``pars`` (that game's), ``mode`` and ``today`` as there."""
        game = {"variant": variant_text(variant)}

        def read(connection: sqlite3.Connection) -> StatisticsReading:
            (odd,) = connection.execute(_ANY_ODD_ROW).fetchone()
            order = {"at": _READ_STAMP, "seq": _SEQ} if odd else {"at": "finished_at", "seq": "id"}
            played, won, solved, hinted, stored = connection.execute(
                _TOTALS.format(**order), game
            ).fetchone()
            (wins,) = connection.execute(_WINS.format(**order), game).fetchone()
            runs = (wins or "").split("0")  # the runs of wins, the last one ongoing
            rows = connection.execute(_DEALS.format(**order), game)
            deals = tuple(_deal_stats(row, pars, mode) for row in rows)
            recent = [
                Result.WON if won else Result.SOLVED if solved else Result.LEFT
                for won, solved in connection.execute(_RECENT.format(**order), game)
            ]
            won_days = (
                day_value(day) for (day,) in connection.execute(_DAILY_WINS.format(**order), game)
            )
            daily, best_daily = daily_streaks(
                (day for day in won_days if day is not None), today or date.today()
            )
            figures = Statistics(
                played,
                won,
                len(runs[-1]),
                max(map(len, runs)),
                deals,
                solved,
                hinted,
                tuple(reversed(recent)),
                _over_par(connection.execute(_LATEST_WINS.format(**order), game), pars, mode),
                daily,
                best_daily,
                band_wins(deals, variant),
            )
            return StatisticsReading(figures, _left_out(stored - played))

        return self._db.snapshot("read the statistics", read)

    def variants(self) -> tuple[Variant, ...]:
        """The games with finished games on record, classic FreeCell first (always there: the
        statistics' usual view), then the others in the registry's order (a row naming no game
        this version knows is left out)."""
        rows = self._db.read(
            "read the statistics", "SELECT DISTINCT variant FROM games WHERE variant IS NOT NULL"
        )
        found = {FREECELL}
        for (text,) in rows:
            try:
                found.add(read_variant(text))
            except FreeCellError:
                continue
        order = list(VARIANTS.values())
        return tuple(
            sorted(
                found,
                key=lambda v: (v != FREECELL, order.index(VARIANTS[v.key]), v.cells),
            )
        )

    def reset(self, variant: Variant | None = None) -> int:
        """Forget every finished game (of ``variant``'s game only, when given; saves are
        kept); returns how many were forgotten."""

        def reset(connection: sqlite3.Connection) -> int:
            if variant is not None:
                game = (variant_text(variant),)
                return connection.execute("DELETE FROM games WHERE variant=?", game).rowcount
            return connection.execute("DELETE FROM games").rowcount

        return self._db.write("reset the statistics", reset)


def _game_result(row: tuple[Any, ...]) -> GameResult | None:
    """A finished game from its row, or ``None`` when the row does not read."""
    deal, position, result, moves, seconds, at, hints, autoplay, code, daily, on_day, game = row
    try:
        outcome = Result(result)
        variant = read_variant(game)
    except (ValueError, FreeCellError):
        return None
    move_count = count_value(moves)
    time = seconds_value(seconds)
    if move_count is None or time is None or (deal is not None and deal_value(deal) is None):
        return None
    return GameResult(
        deal_value(deal),
        position if isinstance(position, str) else None,
        outcome,
        move_count,
        time,
        read_stamp(at),
        count_value(hints, MAX_HINTS) or 0,
        mode_value(autoplay),
        code if isinstance(code, str) else None,
        _daily_play(daily, on_day),
        variant,
    )


def _daily_play(daily: object, on_day: object) -> DailyPlay | None:
    """The daily deal a row says the game was (``None``: none, or a value that does not read)."""
    day = day_value(daily)
    return None if day is None else DailyPlay(day, on_day == 1)
