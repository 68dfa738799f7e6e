"""The database's schema, its migrations, and the checks made when a file is opened.

The schema version is SQLite's ``PRAGMA user_version``. :func:`prepare` checks a file, brings it
up to :data:`SCHEMA_VERSION` in one transaction and proves it can be written; see
``docs/saves.md`` for the tables.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from typing import Final

from freecell_tui import __version__
from freecell_tui.store.pars import fold_wins

__all__ = [
    "DB_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Damaged",
    "TooNew",
    "is_corruption",
    "prepare",
]

DB_NAME: Final = "freecell-tui.sqlite3"
SCHEMA_VERSION: Final = 8

#: ``MIGRATIONS[i]`` takes the schema from version ``i`` to ``i + 1`` (``PRAGMA user_version``).
MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    (
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        # A named save. The start is a deal number or a position (fc-solve layout); turns and
        # redo are JSON lists of turns, each "move autoplay-moves..." in standard notation.
        """CREATE TABLE slots (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            deal_number INTEGER,
            position TEXT,
            turns TEXT NOT NULL,
            redo TEXT NOT NULL,
            autoplay TEXT NOT NULL,
            elapsed_seconds REAL NOT NULL,
            move_count INTEGER NOT NULL,
            cards_home INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            saved_at TEXT NOT NULL,
            CHECK ((deal_number IS NULL) <> (position IS NULL))
        )""",
        # Games in progress, one per copy of the game; owner is NULL once that copy has gone.
        """CREATE TABLE autosaves (
            id INTEGER PRIMARY KEY,
            owner TEXT,
            deal_number INTEGER,
            position TEXT,
            turns TEXT NOT NULL,
            redo TEXT NOT NULL,
            autoplay TEXT NOT NULL,
            elapsed_seconds REAL NOT NULL,
            move_count INTEGER NOT NULL,
            cards_home INTEGER NOT NULL,
            saved_at TEXT NOT NULL,
            CHECK ((deal_number IS NULL) <> (position IS NULL))
        )""",
        # Finished games, for the statistics: won, or left unfinished for another game.
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            deal_number INTEGER,
            position TEXT,
            result TEXT NOT NULL CHECK (result IN ('won', 'left')),
            move_count INTEGER NOT NULL,
            cards_home INTEGER NOT NULL,
            elapsed_seconds REAL NOT NULL,
            finished_at TEXT NOT NULL
        )""",
    ),
    (
        # Version 2: the assistance a game had (hints shown; moves auto-solve played), a third
        # result ('solved': auto-solve finished it), and the par of each deal (the fewest moves
        # the solver found, per autoplay mode).
        "ALTER TABLE slots ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE autosaves ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
        """CREATE TABLE games_v2 (
            id INTEGER PRIMARY KEY,
            deal_number INTEGER,
            position TEXT,
            result TEXT NOT NULL CHECK (result IN ('won', 'left', 'solved')),
            move_count INTEGER NOT NULL,
            cards_home INTEGER NOT NULL,
            elapsed_seconds REAL NOT NULL,
            finished_at TEXT NOT NULL,
            hints INTEGER NOT NULL DEFAULT 0,
            solver_moves INTEGER NOT NULL DEFAULT 0
        )""",
        "INSERT INTO games_v2 (id, deal_number, position, result, move_count, cards_home,"
        " elapsed_seconds, finished_at) SELECT id, deal_number, position, result, move_count,"
        " cards_home, elapsed_seconds, finished_at FROM games",
        "DROP TABLE games",
        "ALTER TABLE games_v2 RENAME TO games",
        """CREATE TABLE pars (
            deal_number INTEGER NOT NULL,
            autoplay TEXT NOT NULL,
            moves INTEGER NOT NULL,
            solution TEXT NOT NULL,
            budget_seconds REAL NOT NULL,
            found_at TEXT NOT NULL,
            PRIMARY KEY (deal_number, autoplay)
        )""",
    ),
    (
        # Version 3: the autoplay mode a finished game was played in (its par is that mode's);
        # NULL for games finished before.
        "ALTER TABLE games ADD COLUMN autoplay TEXT",
    ),
    (
        # Version 4: whether a par's search finished its beams (1) or was cut short by its time
        # (0: not par, searched again). Pars kept before were cut short by their time, often.
        "ALTER TABLE pars ADD COLUMN complete INTEGER NOT NULL DEFAULT 0",
    ),
    (
        # Version 5: the finished game itself, as its game code (core.codes: the start and the
        # moves), so it can be shared and replayed; NULL for games finished before.
        "ALTER TABLE games ADD COLUMN code TEXT",
    ),
    (
        # Version 6: the daily deal a game in progress or a finished game is (the date, ISO
        # text; NULL: not a daily) and whether a finished one ended on that date by the
        # player's clock (1; 0: on another day, which does not count for the daily streak).
        "ALTER TABLE autosaves ADD COLUMN daily TEXT",
        "ALTER TABLE games ADD COLUMN daily TEXT",
        "ALTER TABLE games ADD COLUMN daily_on_day INTEGER NOT NULL DEFAULT 0",
    ),
    (
        # Version 7: the game each row is of (store.records.variant_text: ``freecell``,
        # ``eight_off``, ``freecell:2`` for FreeCell with 2 cells); every row before is classic
        # FreeCell. A par is a deal's in one game: the game is part of the pars' key.
        "ALTER TABLE slots ADD COLUMN variant TEXT NOT NULL DEFAULT 'freecell'",
        "ALTER TABLE autosaves ADD COLUMN variant TEXT NOT NULL DEFAULT 'freecell'",
        "ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT 'freecell'",
        """CREATE TABLE pars_v7 (
            variant TEXT NOT NULL DEFAULT 'freecell',
            deal_number INTEGER NOT NULL,
            autoplay TEXT NOT NULL,
            moves INTEGER NOT NULL,
            solution TEXT NOT NULL,
            budget_seconds REAL NOT NULL,
            found_at TEXT NOT NULL,
            complete INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (variant, deal_number, autoplay)
        )""",
        "INSERT INTO pars_v7 (deal_number, autoplay, moves, solution, budget_seconds, found_at,"
        " complete) SELECT deal_number, autoplay, moves, solution, budget_seconds, found_at,"
        " complete FROM pars",
        "DROP TABLE pars",
        "ALTER TABLE pars_v7 RENAME TO pars",
    ),
    (
        # Version 8: par is the fewest moves known, the solver's or a won game's: whether the
        # par's line is a won game's (1), and whether a finished search of the solver is behind
        # the row (0: only a game's win, the search still to run). Every par before was the
        # solver's; the won games kept are folded in (``_AFTER``).
        "ALTER TABLE pars ADD COLUMN won INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE pars ADD COLUMN searched INTEGER NOT NULL DEFAULT 1",
    ),
)

#: What a migration does beyond its statements, by the version it reaches: version 8 makes each
#: won game kept that is shorter than its deal's par the par.
_AFTER: Final[dict[int, Callable[[sqlite3.Connection], None]]] = {8: fold_wins}


#: What each version added that shows it was made: ``_MARKS[i]`` is a table (and a column of
#: it) that exists from version ``i + 1`` on.
_MARKS: Final = (
    ("slots", None),
    ("games", "solver_moves"),
    ("games", "autoplay"),
    ("pars", "complete"),
    ("games", "code"),
    ("games", "daily_on_day"),
    ("pars", "variant"),
    ("pars", "searched"),
)
_ADD_COLUMN: Final = re.compile(r"ALTER TABLE (\w+) ADD COLUMN (\w+)")


def _columns(connection: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}


def _schema_version(connection: sqlite3.Connection) -> int:
    """The version the tables show (``user_version`` is only a number, and can be set by hand):
    the migrations start from what is really there."""
    version = 0
    for table, column in _MARKS:
        columns = _columns(connection, table)
        if not columns or (column is not None and column not in columns):
            break
        version += 1
    return version


def _migrate(connection: sqlite3.Connection, start: int) -> None:
    """Run the migrations after version ``start``; a column that exists already is not added
    again, so running a step twice changes nothing and fails nothing."""
    for reached, step in enumerate(MIGRATIONS[start:SCHEMA_VERSION], start + 1):
        for statement in step:
            added = _ADD_COLUMN.match(statement)
            if added and added[2] in _columns(connection, added[1]):
                continue
            connection.execute(statement)
        after = _AFTER.get(reached)
        if after is not None:
            after(connection)


class Damaged(Exception):
    """The database file is not a sound SQLite database."""


class TooNew(Exception):
    """The database was written by a newer version of the game."""


def prepare(connection: sqlite3.Connection, *, wal: bool) -> None:
    """Check the file, switch to WAL, bring the schema up to date and prove it can be written.
    Raises :class:`Damaged`, :class:`TooNew`, or :class:`sqlite3.Error` (e.g. read-only)."""
    try:
        rows = connection.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as error:
        if is_corruption(error):
            raise Damaged(str(error)) from error
        raise
    # A value that breaks a CHECK or NOT NULL rule (a hand-edited row) is not damage: the
    # readers skip such rows with a note, and the rest of the saves stay in use.
    damage = [row for row in rows if row != ("ok",) and not _broken_rule(row[0])]
    if damage:
        raise Damaged("; ".join(str(row[0]) for row in damage[:3]))
    if wal:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise TooNew(str(version))
    connection.execute("BEGIN IMMEDIATE")
    try:
        _migrate(connection, _schema_version(connection))
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        # A real write, so a read-only file or folder shows up now rather than at the first move.
        connection.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('last_opened_by', ?)",
            (f"freecell-tui {__version__}",),
        )
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _broken_rule(message: object) -> bool:
    """A quick_check finding about a row's values, not about the file's structure."""
    text = str(message)
    return text.startswith(("CHECK constraint failed", "NULL value in "))


def is_corruption(error: sqlite3.Error) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return True
    text = str(error).lower()
    return "not a database" in text or "malformed" in text
