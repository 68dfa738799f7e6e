"""The connection under every part of the store: one SQLite connection, a lock, and write
transactions that either commit whole or leave the database as it was."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from freecell_tui.store.errors import StoreError, describe_sqlite_error
from freecell_tui.store.owners import LIVE_TOKENS, OwnerLock, new_owner, owner_alive

__all__ = ["StoreBase", "now"]

T = TypeVar("T")


def now() -> datetime:
    return datetime.now(UTC)


class StoreBase:
    """The connection, the clock and this copy's identity; the parts of the store build on it."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path | None,
        *,
        clock: Callable[[], datetime] = now,
        before_commit: Callable[[str], None] | None = None,
        data_dir: Path | None = None,
    ) -> None:
        self._conn = connection
        self._lock = threading.RLock()
        self._clock = clock
        #: Test seam: called inside every write transaction just before COMMIT with what is
        #: being done; raising there (e.g. sqlite3.OperationalError("database or disk is
        #: full")) simulates a failed write.
        self.before_commit = before_commit
        self.path = path
        #: The data folder this store belongs to, also when it keeps its saves in memory
        #: (``None`` only for :meth:`Store.in_memory`): its own files are never exported over.
        self.data_dir = data_dir if data_dir is not None else (path.parent if path else None)
        self._owner, self._token = new_owner()
        #: The row of ``autosaves`` holding this copy's game in progress.
        self._autosave_id: int | None = None
        LIVE_TOKENS.add(self._token)
        #: Held while this store is open, so other copies can tell it is running (only a store
        #: on disk needs one: nobody else sees the rows of a store in memory).
        self._owner_lock = (
            OwnerLock.acquire(self.data_dir, self._token)
            if path is not None and self.data_dir is not None
            else None
        )

    def _owner_alive(self, owner: object) -> bool:
        """Whether ``owner`` (a row's owner column) is another copy of the game still running."""
        return owner_alive(owner if isinstance(owner, str) else None, self._owner, self.data_dir)

    @property
    def is_persistent(self) -> bool:
        """False when saves live only in memory (they go when the program quits)."""
        return self.path is not None

    def _close_connection(self) -> None:
        LIVE_TOKENS.discard(self._token)
        with self._lock, contextlib.suppress(sqlite3.Error):
            self._conn.close()
        if self._owner_lock is not None:
            self._owner_lock.release()

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

    @staticmethod
    def _quiet(operation: Callable[[], None]) -> StoreError | None:
        try:
            operation()
        except StoreError as error:
            return error
        return None
