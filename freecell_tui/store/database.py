"""The store: one SQLite database in the data dir holding save slots, unfinished games and
finished games.

Every write is one ``BEGIN IMMEDIATE`` … ``COMMIT`` transaction, so a failed write (full disk,
read-only folder, a crash half-way) leaves the previous save exactly as it was. The database runs
in WAL mode with ``synchronous=NORMAL``: a commit reaches the operating system before
:meth:`Store.autosave` returns, so killing the program (``kill -9``) loses nothing, and readers
never wait for a writer. A busy timeout lets two copies of the game share one data dir: a writer
waits for the other's transaction (milliseconds) instead of failing.

Each copy of the game keeps its game in progress in its own row of ``autosaves``, marked with
an owner (host, process id and a random token); a row whose owner has gone (quit, crashed or was
killed) is an unfinished game that :meth:`Store.load_autosave` offers to resume. So two copies
never overwrite each other's game.

:meth:`Store.open` never raises: a damaged database is moved aside (its name gets a timestamp)
and a fresh one started; a data dir that cannot be written gives a store in memory. Either way it
returns warnings for the player.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, Final, TypeVar
from urllib.parse import quote

from freecell_tui import __version__
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.words import os_reason
from freecell_tui.paths import data_dir as default_data_dir
from freecell_tui.store.errors import ErrorKind, StoreError, describe_sqlite_error
from freecell_tui.store.exchange import MAX_FILE_BYTES, read_export, write_export
from freecell_tui.store.names import check_name, name_key
from freecell_tui.store.records import GameRecord, SavedGame, SlotInfo, UnfinishedInfo
from freecell_tui.store.stats import GameResult, Result, Statistics, compute_statistics

__all__ = [
    "DB_NAME",
    "SCHEMA_VERSION",
    "AutosaveLookup",
    "OpenedStore",
    "Store",
]

T = TypeVar("T")

DB_NAME: Final = "freecell-tui.sqlite3"
SCHEMA_VERSION: Final = 1

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
)

_GAME_FIELDS: Final = (
    "deal_number, position, turns, redo, autoplay, elapsed_seconds, move_count, cards_home"
)
#: The last warning of a store kept in memory only.
MEMORY_NOTE: Final = (
    "This session keeps saves and statistics in memory only: they are lost when you quit."
)


class _Damaged(Exception):
    """The database file is not a sound SQLite database."""


class _TooNew(Exception):
    """The database was written by a newer version of the game."""


@dataclass(frozen=True, slots=True)
class OpenedStore:
    """What :meth:`Store.open` gives: the store, and messages to show the player (empty when
    all is well)."""

    store: Store
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AutosaveLookup:
    """What :meth:`Store.load_autosave` found: the latest unfinished game that replays (or
    ``None``), and a message for each unfinished game that does not (left untouched)."""

    saved: SavedGame | None
    problems: tuple[str, ...] = ()


def _now() -> datetime:
    return datetime.now(UTC)


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _read_stamp(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return datetime.fromtimestamp(0, UTC)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Store:
    """Save slots, the game in progress and statistics in one SQLite database.

    Make one with :meth:`open` (or :meth:`in_memory` for tests); it is safe to call from more
    than one thread. Actions the player asked for raise :class:`StoreError`; the automatic
    writes (:meth:`autosave`, :meth:`finish`, :meth:`set_aside`, :meth:`resume`,
    :meth:`discard_autosave`) return one instead, so they can never stop the game.
    """

    #: Tokens of the stores open in this process, to tell a live sibling from a dead owner.
    _live_tokens: ClassVar[set[str]] = set()

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path | None,
        *,
        clock: Callable[[], datetime] = _now,
        before_commit: Callable[[str], None] | None = None,
    ) -> None:
        """Use :meth:`open` or :meth:`in_memory`; this takes a prepared connection."""
        self._conn = connection
        self._lock = threading.RLock()
        self._clock = clock
        #: Test seam: called inside every write transaction just before COMMIT with what is
        #: being done; raising there (e.g. sqlite3.OperationalError("database or disk is
        #: full")) simulates a failed write.
        self.before_commit = before_commit
        self.path = path
        self._token = secrets.token_hex(6)
        self._owner = f"{socket.gethostname()}:{os.getpid()}:{self._token}"
        self._autosave_id: int | None = None
        Store._live_tokens.add(self._token)

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(
        cls,
        data_dir: str | os.PathLike[str] | None = None,
        *,
        busy_timeout: float = 5.0,
        clock: Callable[[], datetime] = _now,
        before_commit: Callable[[str], None] | None = None,
    ) -> OpenedStore:
        """Open (or create) the database in ``data_dir`` (default: :func:`paths.data_dir`).

        Never raises. A damaged file is moved aside and replaced; a data dir that cannot be
        created or written, or a database from a newer version, gives a store in memory (with
        what could be read of the saves). ``warnings`` says what happened."""
        directory = default_data_dir(data_dir)
        path = directory / DB_NAME
        warnings: list[str] = []

        def memory(copy_from: Path | None = None) -> OpenedStore:
            store = cls._memory_store(copy_from, clock=clock, before_commit=before_commit)
            return OpenedStore(store, (*warnings, MEMORY_NOTE))

        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            warnings.append(f"Cannot create the data folder {directory}: {os_reason(error)}.")
            return memory()
        for _attempt in range(2):
            connection: sqlite3.Connection | None = None
            try:
                connection = cls._connect(str(path), busy_timeout)
                _prepare(connection, wal=True)
                store = cls(connection, path, clock=clock, before_commit=before_commit)
                return OpenedStore(store, tuple(warnings))
            except _Damaged as damaged:
                _close_quietly(connection)
                try:
                    moved = _move_aside(path, clock())
                except OSError as error:
                    warnings.append(
                        f"The save file {path} is damaged ({damaged}) and could not be moved "
                        f"aside: {os_reason(error)}."
                    )
                    return memory()
                warnings.append(
                    f"The save file was damaged ({damaged}). It was moved aside to {moved} "
                    f"and a new, empty one was started."
                )
            except _TooNew as too_new:
                _close_quietly(connection)
                warnings.append(
                    f"The save file {path} was written by a newer freecell-tui (schema "
                    f"{too_new}); it is left untouched."
                )
                return memory()
            except (sqlite3.Error, OSError) as error:
                _close_quietly(connection)
                warnings.append(f"Cannot write saves in {directory}: {os_reason(error)}.")
                return memory(path if path.exists() else None)
        warnings.append(f"The save file {path} is damaged again after replacing it.")
        return memory()

    @classmethod
    def in_memory(
        cls,
        *,
        clock: Callable[[], datetime] = _now,
        before_commit: Callable[[str], None] | None = None,
    ) -> Store:
        """A store that keeps everything in memory (tests, or when no data dir is writable)."""
        return cls._memory_store(None, clock=clock, before_commit=before_commit)

    @classmethod
    def _memory_store(
        cls,
        copy_from: Path | None,
        *,
        clock: Callable[[], datetime],
        before_commit: Callable[[str], None] | None,
    ) -> Store:
        connection = cls._connect(":memory:", 0.0)
        if copy_from is not None:
            _copy_readable(copy_from, connection)
        try:
            _prepare(connection, wal=False)
        except (_Damaged, _TooNew, sqlite3.Error):
            connection.close()
            connection = cls._connect(":memory:", 0.0)
            _prepare(connection, wal=False)
        return cls(connection, None, clock=clock, before_commit=before_commit)

    @staticmethod
    def _connect(target: str, busy_timeout: float) -> sqlite3.Connection:
        connection = sqlite3.connect(
            target, timeout=busy_timeout, isolation_level=None, check_same_thread=False
        )
        connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        return connection

    @property
    def is_persistent(self) -> bool:
        """False when saves live only in memory (they go when the program quits)."""
        return self.path is not None

    def close(self) -> None:
        """Let go of this copy's game in progress (it becomes an unfinished game to resume)
        and close the database."""
        self.set_aside()
        Store._live_tokens.discard(self._token)
        with self._lock:
            self._conn.close()

    # ------------------------------------------------------------------ transactions
    def _write(self, doing: str, action: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``action`` in one write transaction; any failure rolls back and raises
        StoreError saying it could not ``doing``."""
        with self._lock:
            connection = self._conn
            try:
                connection.execute("BEGIN IMMEDIATE")
                try:
                    result = action(connection)
                    if self.before_commit is not None:
                        self.before_commit(doing)
                    connection.execute("COMMIT")
                except BaseException:
                    if connection.in_transaction:
                        with contextlib.suppress(sqlite3.Error):
                            connection.execute("ROLLBACK")
                    raise
            except (sqlite3.Error, OSError) as error:
                raise describe_sqlite_error(error, doing) from error
            return result

    def _read(self, doing: str, query: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            try:
                return self._conn.execute(query, parameters).fetchall()
            except (sqlite3.Error, OSError) as error:
                raise describe_sqlite_error(error, doing) from error

    def _quiet(self, operation: Callable[[], None]) -> StoreError | None:
        try:
            operation()
        except StoreError as error:
            return error
        return None

    # ------------------------------------------------------------------ the game in progress
    def autosave(self, game: Game, elapsed_seconds: float) -> StoreError | None:
        """Write ``game`` as this copy's game in progress. Call it after every change (move,
        undo, redo, restart, autoplay mode); it takes about a millisecond. A game with no moves
        has nothing to lose, so its row is dropped. Returns an error instead of raising; the
        previous autosave then stays as it was."""
        if not game.is_started:
            return self._quiet(self._drop_own_autosave)
        record = GameRecord.from_game(game, elapsed_seconds)
        values = (*_record_values(record), game.move_count, game.state.cards_home)
        stamp = _stamp(self._clock())

        def write(connection: sqlite3.Connection) -> int:
            if self._autosave_id is not None:
                cursor = connection.execute(
                    "UPDATE autosaves SET deal_number=?, position=?, turns=?, redo=?, autoplay=?,"
                    " elapsed_seconds=?, move_count=?, cards_home=?, saved_at=?, owner=?"
                    " WHERE id=?",
                    (*values, stamp, self._owner, self._autosave_id),
                )
                if cursor.rowcount == 1:
                    return self._autosave_id
            cursor = connection.execute(
                f"INSERT INTO autosaves (owner, {_GAME_FIELDS}, saved_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (self._owner, *values, stamp),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

        try:
            self._autosave_id = self._write("save the game in progress", write)
        except StoreError as error:
            return error
        return None

    def load_autosave(self) -> AutosaveLookup:
        """The most recent unfinished game no running copy is playing, replayed and checked,
        for the resume prompt. Never raises: problems come back as messages."""
        try:
            rows = self._read(
                "read the unfinished games",
                f"SELECT id, owner, saved_at, {_GAME_FIELDS} FROM autosaves"
                " ORDER BY saved_at DESC, id DESC",
            )
        except StoreError as error:
            return AutosaveLookup(None, (error.message,))
        problems: list[str] = []
        for row in rows:
            row_id, owner, saved_at = row[0], row[1], row[2]
            if row_id == self._autosave_id or _owner_alive(owner, self._owner):
                continue
            try:
                record = _row_record(row[3:])
                game = record.to_game()
            except FreeCellError as error:
                problems.append(
                    f"An unfinished game saved {_read_stamp(saved_at):%Y-%m-%d %H:%M} does not "
                    f"replay ({error}); it is left as it was."
                )
                continue
            return AutosaveLookup(
                SavedGame(game, record.elapsed_seconds, _read_stamp(saved_at), None, row_id),
                tuple(problems),
            )
        return AutosaveLookup(None, tuple(problems))

    def unfinished_games(self) -> list[UnfinishedInfo]:
        """The unfinished games no running copy is playing (this copy's own excluded), newest
        first, read without replaying: the save screen lists them, so a game set aside by
        loading a save can be taken up again."""
        rows = self._read(
            "list the unfinished games",
            "SELECT id, owner, deal_number, move_count, cards_home, elapsed_seconds, saved_at"
            " FROM autosaves ORDER BY saved_at DESC, id DESC",
        )
        return [
            UnfinishedInfo(row_id, deal, moves, home, float(seconds), _read_stamp(saved))
            for row_id, owner, deal, moves, home, seconds, saved in rows
            if row_id != self._autosave_id and not _owner_alive(owner, self._owner)
        ]

    def load_unfinished(self, autosave_id: int) -> SavedGame:
        """One unfinished game, replayed and checked. Raises NOT_FOUND, or INVALID_SAVE when it
        does not replay (it is left untouched)."""
        rows = self._read(
            "read the unfinished game",
            f"SELECT saved_at, {_GAME_FIELDS} FROM autosaves WHERE id=?",
            (autosave_id,),
        )
        if not rows:
            raise StoreError(ErrorKind.NOT_FOUND, "That unfinished game is no longer there.")
        saved_at = _read_stamp(rows[0][0])
        try:
            record = _row_record(rows[0][1:])
            game = record.to_game()
        except FreeCellError as error:
            raise StoreError(
                ErrorKind.INVALID_SAVE,
                f"The unfinished game saved {saved_at.astimezone():%Y-%m-%d %H:%M} cannot be "
                f"loaded: {error}. It is left as it was.",
            ) from None
        return SavedGame(game, record.elapsed_seconds, saved_at, None, autosave_id)

    def switch_to(self, saved: SavedGame) -> StoreError | None:
        """Make ``saved`` (a loaded save, or an unfinished game) the game this copy plays.
        The current game in progress is set aside (kept as an unfinished game, not counted in
        the statistics); an unfinished game is taken up, so later autosaves continue its row.
        Then call ``autosave(saved.game, saved.elapsed_seconds)`` as after any change."""
        if saved.autosave_id is not None:
            return self.resume(saved)
        return self.set_aside()

    def resume(self, saved: SavedGame) -> StoreError | None:
        """Make the unfinished game ``saved`` (from :meth:`load_autosave`) this copy's game in
        progress: later autosaves update it. This copy's previous game, if any, is set aside."""
        if saved.autosave_id is None:
            return StoreError(ErrorKind.NOT_FOUND, "That game is not an unfinished game.")
        error = self.set_aside()
        if error is not None:
            return error
        target = saved.autosave_id

        def claim(connection: sqlite3.Connection) -> None:
            row = connection.execute("SELECT owner FROM autosaves WHERE id=?", (target,)).fetchone()
            if row is None:
                raise StoreError(ErrorKind.NOT_FOUND, "That unfinished game is no longer there.")
            if _owner_alive(row[0], self._owner):
                raise StoreError(
                    ErrorKind.BUSY, "Another copy of freecell-tui has just resumed that game."
                )
            connection.execute("UPDATE autosaves SET owner=? WHERE id=?", (self._owner, target))

        try:
            self._write("resume the game", claim)
        except StoreError as error:
            return error
        self._autosave_id = target
        return None

    def set_aside(self) -> StoreError | None:
        """Let go of this copy's game in progress without recording a result: it stays as an
        unfinished game (call before loading a slot, so the current game is kept)."""
        if self._autosave_id is None:
            return None
        target = self._autosave_id

        def release(connection: sqlite3.Connection) -> None:
            connection.execute(
                "UPDATE autosaves SET owner=NULL WHERE id=? AND owner=?", (target, self._owner)
            )

        error = self._quiet(lambda: self._write("set the game aside", release))
        if error is None:
            self._autosave_id = None
        return error

    def discard_autosave(
        self, saved: SavedGame, elapsed_seconds: float | None = None
    ) -> StoreError | None:
        """The player chose a new game over resuming ``saved``: record it as left (a loss) and
        remove it, in one transaction."""
        if saved.autosave_id is None:
            return None
        target = saved.autosave_id
        seconds = saved.elapsed_seconds if elapsed_seconds is None else elapsed_seconds
        stamp = _stamp(self._clock())

        def discard(connection: sqlite3.Connection) -> None:
            row = connection.execute("SELECT owner FROM autosaves WHERE id=?", (target,)).fetchone()
            if row is None or _owner_alive(row[0], self._owner):
                return  # already gone, or another running copy has taken it up: not ours
            connection.execute("DELETE FROM autosaves WHERE id=?", (target,))
            _insert_result(connection, saved.game, seconds, stamp)

        error = self._quiet(lambda: self._write("record the game left unfinished", discard))
        if error is None and self._autosave_id == target:
            self._autosave_id = None
        return error

    def finish(self, game: Game, elapsed_seconds: float) -> StoreError | None:
        """``game`` is over: won, or left for a new game. Record it in the statistics (won when
        every card is home, otherwise a loss; a game without a move is not counted) and drop
        this copy's autosave, in one transaction."""
        target = self._autosave_id
        stamp = _stamp(self._clock())

        def record(connection: sqlite3.Connection) -> None:
            if game.is_started:
                _insert_result(connection, game, elapsed_seconds, stamp)
            if target is not None:
                connection.execute("DELETE FROM autosaves WHERE id=?", (target,))

        error = self._quiet(lambda: self._write("record the result", record))
        if error is None:
            self._autosave_id = None
        return error

    def _drop_own_autosave(self) -> None:
        target = self._autosave_id
        if target is None:
            return

        def drop(connection: sqlite3.Connection) -> None:
            connection.execute("DELETE FROM autosaves WHERE id=?", (target,))

        self._write("clear the game in progress", drop)
        self._autosave_id = None

    # ------------------------------------------------------------------ slots
    def list_slots(self) -> list[SlotInfo]:
        """Every named save, most recently saved first (read without replaying)."""
        rows = self._read(
            "list the saves",
            "SELECT name, deal_number, move_count, cards_home, elapsed_seconds, saved_at"
            " FROM slots ORDER BY saved_at DESC, id DESC",
        )
        return [
            SlotInfo(name, deal, moves, home, float(seconds), _read_stamp(saved))
            for name, deal, moves, home, seconds, saved in rows
        ]

    def save_slot(
        self, name: str, game: Game, elapsed_seconds: float, *, overwrite: bool = False
    ) -> SlotInfo:
        """Save ``game`` under ``name``. A taken name raises StoreError (EXISTS) unless
        ``overwrite``; a bad name raises INVALID_NAME saying why."""
        clean = check_name(name)
        record = GameRecord.from_game(game, elapsed_seconds)
        return self._put_slot(clean, record, game, self._clock(), overwrite=overwrite)

    def _put_slot(
        self, name: str, record: GameRecord, game: Game, saved_at: datetime, *, overwrite: bool
    ) -> SlotInfo:
        values = (*_record_values(record), game.move_count, game.state.cards_home)
        now = _stamp(self._clock())
        saved = _stamp(saved_at)

        def put(connection: sqlite3.Connection) -> None:
            row = connection.execute(
                "SELECT name FROM slots WHERE name_key=?", (name_key(name),)
            ).fetchone()
            if row is not None and not overwrite:
                raise StoreError(ErrorKind.EXISTS, f"A save named “{row[0]}” already exists.")
            if row is not None:
                connection.execute(
                    "UPDATE slots SET name=?, deal_number=?, position=?, turns=?, redo=?,"
                    " autoplay=?, elapsed_seconds=?, move_count=?, cards_home=?, saved_at=?"
                    " WHERE name_key=?",
                    (name, *values, saved, name_key(name)),
                )
            else:
                connection.execute(
                    f"INSERT INTO slots (name, name_key, {_GAME_FIELDS}, created_at, saved_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (name, name_key(name), *values, now, saved),
                )

        self._write(f"save “{name}”", put)
        return SlotInfo(
            name,
            record.deal_number,
            game.move_count,
            game.state.cards_home,
            record.elapsed_seconds,
            saved_at,
        )

    def _slot_row(self, name: str) -> tuple[str, GameRecord, datetime]:
        rows = self._read(
            "read the save",
            f"SELECT name, saved_at, {_GAME_FIELDS} FROM slots WHERE name_key=?",
            (name_key(name.strip()),),
        )
        if not rows:
            raise StoreError(ErrorKind.NOT_FOUND, f"There is no save named “{name.strip()}”.")
        stored_name, saved_at = rows[0][0], rows[0][1]
        try:
            record = _row_record(rows[0][2:])
        except FreeCellError as error:
            raise _invalid(stored_name, error) from None
        return stored_name, record, _read_stamp(saved_at)

    def load_slot(self, name: str) -> SavedGame:
        """The save ``name``, replayed and checked. A save that does not replay raises
        StoreError (INVALID_SAVE) naming it; the save itself is left untouched."""
        stored_name, record, saved_at = self._slot_row(name)
        try:
            game = record.to_game()
        except FreeCellError as error:
            raise _invalid(stored_name, error) from None
        return SavedGame(game, record.elapsed_seconds, saved_at, stored_name, None)

    def rename_slot(self, old: str, new: str) -> str:
        """Rename a save; returns the stored new name. Raises NOT_FOUND, INVALID_NAME or EXISTS."""
        clean = check_name(new)
        old_key = name_key(old.strip())

        def rename(connection: sqlite3.Connection) -> None:
            if (
                connection.execute("SELECT 1 FROM slots WHERE name_key=?", (old_key,)).fetchone()
                is None
            ):
                raise StoreError(ErrorKind.NOT_FOUND, f"There is no save named “{old.strip()}”.")
            taken = connection.execute(
                "SELECT name FROM slots WHERE name_key=?", (name_key(clean),)
            ).fetchone()
            if taken is not None and name_key(clean) != old_key:
                raise StoreError(ErrorKind.EXISTS, f"A save named “{taken[0]}” already exists.")
            connection.execute(
                "UPDATE slots SET name=?, name_key=? WHERE name_key=?",
                (clean, name_key(clean), old_key),
            )

        self._write(f"rename “{old.strip()}”", rename)
        return clean

    def delete_slot(self, name: str) -> None:
        """Delete a save (the screen asks first). Raises NOT_FOUND when there is none."""

        def delete(connection: sqlite3.Connection) -> None:
            gone = connection.execute(
                "DELETE FROM slots WHERE name_key=?", (name_key(name.strip()),)
            )
            if gone.rowcount == 0:
                raise StoreError(ErrorKind.NOT_FOUND, f"There is no save named “{name.strip()}”.")

        self._write(f"delete “{name.strip()}”", delete)

    # ------------------------------------------------------------------ export and import
    def export_text(self, name: str) -> str:
        """The JSON export of the save ``name`` (checked first: a bad save is not exported)."""
        stored_name, record, saved_at = self._slot_row(name)
        try:
            record.to_game()
        except FreeCellError as error:
            raise _invalid(stored_name, error) from None
        return write_export(stored_name, record, saved_at)

    def export_slot(
        self, name: str, path: str | os.PathLike[str], *, overwrite: bool = False
    ) -> Path:
        """Write the save ``name`` to ``path`` as JSON. An existing file raises EXISTS unless
        ``overwrite``; the file is written whole or not at all (temporary file, then rename)."""
        target = Path(path).expanduser()
        text = self.export_text(name)
        if target.is_dir():
            raise StoreError(ErrorKind.IO, f"{target} is a folder: give a file name.")
        if target.exists() and not overwrite:
            raise StoreError(ErrorKind.EXISTS, f"The file {target} already exists.")
        temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, target)
        except OSError as error:
            temporary.unlink(missing_ok=True)
            raise StoreError(
                ErrorKind.IO, f"Could not write {target}: {os_reason(error)}."
            ) from error
        return target

    def import_bytes(
        self, raw: bytes, *, name: str | None = None, fallback_name: str = "Imported game"
    ) -> SlotInfo:
        """Check an export file's content and save it as a new slot. The slot is ``name`` when
        given (a taken name raises EXISTS); otherwise the name in the file (or
        ``fallback_name``), with " (2)", " (3)"… added when taken. Nothing is stored from a
        file that fails any check (BAD_FILE, naming the problem)."""
        imported = read_export(raw)
        record = GameRecord.from_game(imported.game, imported.record.elapsed_seconds)
        saved_at = imported.saved_at or self._clock()
        if name is not None:
            return self._put_slot(
                check_name(name), record, imported.game, saved_at, overwrite=False
            )
        try:
            base = check_name(imported.name or fallback_name)
        except StoreError:
            base = check_name(fallback_name)
        for number in range(1, 1000):
            suffix = f" ({number})" if number > 1 else ""
            candidate = base[: 40 - len(suffix)].rstrip() + suffix
            try:
                return self._put_slot(candidate, record, imported.game, saved_at, overwrite=False)
            except StoreError as error:
                if error.kind is not ErrorKind.EXISTS:
                    raise
        raise StoreError(ErrorKind.EXISTS, f"Too many saves are named “{base}”: give a name.")

    def import_file(self, path: str | os.PathLike[str], *, name: str | None = None) -> SlotInfo:
        """Import the export file at ``path`` as a new save (see :meth:`import_bytes`)."""
        source = Path(path).expanduser()
        try:
            with source.open("rb") as handle:
                raw = handle.read(MAX_FILE_BYTES + 1)  # enough to tell it is too large
        except OSError as error:
            raise StoreError(ErrorKind.IO, f"Cannot read {source}: {os_reason(error)}.") from error
        try:
            return self.import_bytes(raw, name=name, fallback_name=source.stem or "Imported game")
        except StoreError as error:
            if error.kind is ErrorKind.BAD_FILE:
                raise StoreError(
                    ErrorKind.BAD_FILE, f"Nothing imported from {source.name}: {error.message}."
                ) from None
            raise

    # ------------------------------------------------------------------ statistics
    def results(self) -> list[GameResult]:
        """Every finished game, oldest first."""
        rows = self._read(
            "read the statistics",
            "SELECT deal_number, position, result, move_count, elapsed_seconds, finished_at"
            " FROM games ORDER BY finished_at, id",
        )
        return [
            GameResult(deal, position, Result(result), moves, float(seconds), _read_stamp(at))
            for deal, position, result, moves, seconds, at in rows
        ]

    def statistics(self) -> Statistics:
        return compute_statistics(self.results())

    def reset_statistics(self) -> int:
        """Forget every finished game (saves are kept); returns how many were forgotten."""

        def reset(connection: sqlite3.Connection) -> int:
            return connection.execute("DELETE FROM games").rowcount

        return self._write("reset the statistics", reset)


# ---------------------------------------------------------------------- helpers
def _invalid(name: str, error: FreeCellError) -> StoreError:
    return StoreError(
        ErrorKind.INVALID_SAVE,
        f"The save “{name}” cannot be loaded: {error}. It is left as it was.",
    )


def _record_values(record: GameRecord) -> tuple[Any, ...]:
    return (
        record.deal_number,
        record.position,
        json.dumps(list(record.turns)),
        json.dumps(list(record.redo)),
        record.autoplay,
        record.elapsed_seconds,
    )


def _row_record(row: tuple[Any, ...]) -> GameRecord:
    """A GameRecord from ``deal_number, position, turns, redo, autoplay, elapsed_seconds``;
    raises FreeCellError when a column holds something that is not a record."""
    deal_number, position, turns_json, redo_json, autoplay, elapsed = row[:6]
    try:
        turns = json.loads(turns_json)
        redo = json.loads(redo_json)
    except (TypeError, ValueError):
        raise FreeCellError("its list of moves is unreadable") from None
    for value in (turns, redo):
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise FreeCellError("its list of moves is unreadable")
    if deal_number is not None and not isinstance(deal_number, int):
        raise FreeCellError("its deal number is unreadable")
    if position is not None and not isinstance(position, str):
        raise FreeCellError("its start position is unreadable")
    if not isinstance(autoplay, str) or not isinstance(elapsed, int | float):
        raise FreeCellError("its settings are unreadable")
    return GameRecord(deal_number, position, tuple(turns), tuple(redo), autoplay, float(elapsed))


def _insert_result(connection: sqlite3.Connection, game: Game, seconds: float, stamp: str) -> None:
    connection.execute(
        "INSERT INTO games (deal_number, position, result, move_count, cards_home,"
        " elapsed_seconds, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            game.deal_number,
            None if game.deal_number is not None else game.start.to_text(),
            (Result.WON if game.state.is_won else Result.LEFT).value,
            game.move_count,
            game.state.cards_home,
            max(0.0, float(seconds)),
            stamp,
        ),
    )


def _prepare(connection: sqlite3.Connection, *, wal: bool) -> None:
    """Check the file, switch to WAL, bring the schema up to date and prove it can be written.
    Raises _Damaged, _TooNew, or sqlite3.Error (e.g. read-only)."""
    try:
        rows = connection.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as error:
        if _is_corruption(error):
            raise _Damaged(str(error)) from error
        raise
    if rows != [("ok",)]:
        raise _Damaged("; ".join(str(row[0]) for row in rows[:3]))
    if wal:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise _TooNew(str(version))
    connection.execute("BEGIN IMMEDIATE")
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        for step in MIGRATIONS[version:SCHEMA_VERSION]:
            for statement in step:
                connection.execute(statement)
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


def _is_corruption(error: sqlite3.Error) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return True
    text = str(error).lower()
    return "not a database" in text or "malformed" in text


def _move_aside(path: Path, moment: datetime) -> Path:
    """Rename a damaged database (and its WAL) to a name with a timestamp; return the new path."""
    stamp = moment.astimezone().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    number = 2
    while target.exists():
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{number}{path.suffix}")
        number += 1
    os.replace(path, target)
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        os.replace(wal, target.with_name(target.name + "-wal"))
    path.with_name(path.name + "-shm").unlink(missing_ok=True)
    return target


def _copy_readable(path: Path, memory: sqlite3.Connection) -> None:
    """Copy what can be read of the database at ``path`` into ``memory`` (read-only data dir:
    the saves stay visible for this session). Leaves ``memory`` empty when nothing can be read."""
    for options in ("mode=ro", "immutable=1"):
        try:
            source = sqlite3.connect(f"file:{quote(str(path))}?{options}", uri=True)
        except sqlite3.Error:
            continue
        try:
            version = source.execute("PRAGMA user_version").fetchone()[0]
            if version <= SCHEMA_VERSION:
                source.backup(memory)
                return
        except sqlite3.Error:
            continue
        finally:
            source.close()


def _close_quietly(connection: sqlite3.Connection | None) -> None:
    if connection is not None:
        with contextlib.suppress(sqlite3.Error):
            connection.close()


def _owner_alive(owner: str | None, me: str) -> bool:
    """Whether the copy of the game named by ``owner`` (``host:pid:token``) is still running.
    A copy on another host cannot be checked and counts as gone; so does any other process on
    Windows, where probing a process id is not safe."""
    if owner is None or owner == me:
        return False
    parts = owner.rsplit(":", 2)
    if len(parts) != 3 or parts[0] != me.rsplit(":", 2)[0]:
        return False
    _host, pid_text, token = parts
    try:
        pid = int(pid_text)
    except ValueError:
        return False
    if pid == os.getpid():
        return token in Store._live_tokens
    if os.name == "nt":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True
