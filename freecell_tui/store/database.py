"""The store: one SQLite database in the data dir holding named saves, games in progress,
finished games and each deal's par, each behind a small repository of its own.

Every write is one ``BEGIN IMMEDIATE`` … ``COMMIT`` transaction, so a failed write (full disk,
read-only folder, a crash half-way) leaves the previous save exactly as it was. The database runs
in WAL mode with ``synchronous=NORMAL``: a commit reaches the operating system before
``store.autosaves.save`` returns, so killing the program (``kill -9``) loses nothing, and readers
never wait for a writer. A busy timeout lets two copies of the game share one data dir: a writer
waits for the other's transaction (milliseconds) instead of failing.

Each copy of the game keeps its game in progress in its own row of ``autosaves``, marked with
an owner (host, process id and a random token); a row whose owner has gone (quit, crashed or was
killed) is an unfinished game that ``store.autosaves.offer()`` offers to resume. So two copies
never overwrite each other's game.

:meth:`Store.open` never raises: a damaged database is moved aside (its name gets a timestamp)
and a fresh one started; a data dir that cannot be written gives a store in memory. Either way it
returns warnings for the player.

A :class:`Store` owns one :class:`~.connection.Database` (the connection, its lock and its
transactions) and the repositories over it, each a plain class with one job:
``store.slots`` (:mod:`.slots`: named saves, export, import), ``store.autosaves``
(:mod:`.autosaves`: games in progress, unfinished games, the resume offer), ``store.results``
(:mod:`.results`: finished games and the statistics over them) and ``store.pars``
(:mod:`.pars`). The file itself: :mod:`.schema`, :mod:`.rows`, :mod:`.recovery`.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from freecell_tui.core.words import os_reason
from freecell_tui.files import describe_kind
from freecell_tui.paths import data_dir as default_data_dir
from freecell_tui.store.autosaves import AutosaveLookup, Autosaves
from freecell_tui.store.connection import Database, now
from freecell_tui.store.pars import Par, Pars
from freecell_tui.store.recovery import close_quietly, copy_readable, move_aside
from freecell_tui.store.results import Results
from freecell_tui.store.schema import DB_NAME, SCHEMA_VERSION, Damaged, TooNew, prepare
from freecell_tui.store.slots import Slots

__all__ = [
    "DB_NAME",
    "MEMORY_NOTE",
    "SCHEMA_VERSION",
    "AutosaveLookup",
    "OpenedStore",
    "Par",
    "Store",
]

#: The last warning of a store kept in memory only.
MEMORY_NOTE: Final = (
    "This session keeps saves and statistics in memory only: they are lost when you quit."
)


@dataclass(frozen=True, slots=True)
class OpenedStore:
    """What :meth:`Store.open` gives: the store, and messages to show the player (empty when
    all is well)."""

    store: Store
    warnings: tuple[str, ...] = ()


def _not_regular(path: Path) -> str | None:
    """Why the database at ``path`` (or its WAL, shared-memory or journal file) must not be
    opened: something other than a regular file in its place (a FIFO would hang SQLite, a
    device or a folder would fail later), followed through symbolic links. ``None`` when all
    is well or the files do not exist yet."""
    for name in (path.name, f"{path.name}-wal", f"{path.name}-shm", f"{path.name}-journal"):
        candidate = path.with_name(name)
        try:
            mode = os.stat(candidate).st_mode
        except FileNotFoundError:
            if os.path.lexists(candidate):  # a symbolic link to nothing
                return f"The save file {candidate} is a broken symbolic link: it is left alone."
            continue
        except OSError as error:
            return f"Cannot open the save file {candidate}: {os_reason(error)}."
        if not stat.S_ISREG(mode):
            return (
                f"The save file {candidate} is {describe_kind(mode)}, not a file: it is left alone."
            )
    return None


def _lenient_text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


class Store:
    """One SQLite database and its repositories: :attr:`slots`, :attr:`autosaves`,
    :attr:`results` and :attr:`pars`.

    Make one with :meth:`open` (or :meth:`in_memory` for tests); it is safe to call from more
    than one thread. Actions the player asked for raise :class:`StoreError`; the automatic
    writes (of ``autosaves`` and ``pars``) return one instead, so they can never stop the game.
    """

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path | None,
        *,
        clock: Callable[[], datetime] = now,
        before_commit: Callable[[str], None] | None = None,
        data_dir: Path | None = None,
    ) -> None:
        #: The database file, ``None`` when saves live only in memory (they go when the program quits).
        self.path = path
        #: The data folder this store belongs to, also when it keeps its saves in memory
        #: (``None`` only for :meth:`in_memory`): its own files are never exported over.
        self.data_dir = data_dir if data_dir is not None else (path.parent if path else None)
        #: The connection, its lock and its transactions, shared by the repositories.
        self.database = Database(
            connection,
            self.data_dir,
            persistent=path is not None,
            clock=clock,
            before_commit=before_commit,
        )
        self.slots = Slots(self.database)
        self.autosaves = Autosaves(self.database)
        self.results = Results(self.database)
        self.pars = Pars(self.database)

    @classmethod
    def open(
        cls,
        data_dir: str | os.PathLike[str] | None = None,
        *,
        busy_timeout: float = 5.0,
        clock: Callable[[], datetime] = now,
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
            store = cls._memory_store(
                copy_from, clock=clock, before_commit=before_commit, data_dir=directory
            )
            return OpenedStore(store, (*warnings, MEMORY_NOTE))

        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            warnings.append(f"Cannot create the data folder {directory}: {os_reason(error)}.")
            return memory()
        strange = _not_regular(path)
        if strange is not None:
            warnings.append(strange)
            return memory()
        for _attempt in range(2):
            connection: sqlite3.Connection | None = None
            try:
                connection = cls._connect(str(path), busy_timeout)
                prepare(connection, wal=True)
                store = cls(connection, path, clock=clock, before_commit=before_commit)
                return OpenedStore(store, tuple(warnings))
            except Damaged as damaged:
                close_quietly(connection)
                try:
                    moved = move_aside(path, clock())
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
            except TooNew as too_new:
                close_quietly(connection)
                warnings.append(
                    f"The save file {path} was written by a newer freecell-tui (schema "
                    f"{too_new}); it is left untouched."
                )
                return memory()
            except (sqlite3.Error, OSError) as error:
                close_quietly(connection)
                warnings.append(f"Cannot write saves in {directory}: {os_reason(error)}.")
                return memory(path if path.exists() else None)
        warnings.append(f"The save file {path} is damaged again after replacing it.")
        return memory()

    @classmethod
    def in_memory(
        cls,
        *,
        clock: Callable[[], datetime] = now,
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
        data_dir: Path | None = None,
    ) -> Store:
        connection = cls._connect(":memory:", 0.0)
        if copy_from is not None:
            copy_readable(copy_from, connection)
        try:
            prepare(connection, wal=False)
        except (Damaged, TooNew, sqlite3.Error):
            connection.close()
            connection = cls._connect(":memory:", 0.0)
            prepare(connection, wal=False)
        return cls(connection, None, clock=clock, before_commit=before_commit, data_dir=data_dir)

    @staticmethod
    def _connect(target: str, busy_timeout: float) -> sqlite3.Connection:
        connection = sqlite3.connect(
            target, timeout=busy_timeout, isolation_level=None, check_same_thread=False
        )
        connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        # Text that is not UTF-8 (a hand-edited file) reads with U+FFFD instead of making the
        # whole query fail: one bad name must not hide every save.
        connection.text_factory = _lenient_text
        return connection

    def close(self) -> None:
        """Let go of this copy's game in progress (it becomes an unfinished game to resume)
        and close the database."""
        self.autosaves.set_aside()
        self.database.close()
