"""The database under every repository of the store: one SQLite connection, a lock, the clock,
this copy's identity, and write transactions that either commit whole or leave the database as
it was."""

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

__all__ = ["Database", "now"]

T = TypeVar("T")


def now() -> datetime:
    return datetime.now(UTC)


class Database:
    """One open SQLite database shared by the store's repositories: every write is one
    ``BEGIN IMMEDIATE`` … ``COMMIT`` (:meth:`write`), every read one query (:meth:`read`), both
    under one lock, so the repositories may be called from more than one thread."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        data_dir: Path | None,
        *,
        persistent: bool,
        clock: Callable[[], datetime] = now,
        before_commit: Callable[[str], None] | None = None,
    ) -> None:
        self.connection = connection
        self.lock = threading.RLock()
        self.clock = clock
        #: Test seam: called inside every write transaction just before COMMIT with what is
        #: being done; raising there (e.g. sqlite3.OperationalError("database or disk is
        #: full")) simulates a failed write.
        self.before_commit = before_commit
        #: The data folder the database belongs to, also when it is kept in memory (``None``
        #: only for :meth:`Store.in_memory`).
        self.data_dir = data_dir
        #: This copy of the game, as the ``owner`` column of its game in progress names it.
        self.owner, self.token = new_owner()
        LIVE_TOKENS.add(self.token)
        #: Held while this database is open, so other copies can tell it is running (only a
        #: database on disk needs one: nobody else sees the rows of one in memory).
        self._owner_lock = (
            OwnerLock.acquire(data_dir, self.token) if persistent and data_dir is not None else None
        )

    def owner_alive(self, owner: object) -> bool:
        """Whether ``owner`` (a row's owner column) is another copy of the game still running."""
        return owner_alive(owner if isinstance(owner, str) else None, self.owner, self.data_dir)

    def close(self) -> None:
        LIVE_TOKENS.discard(self.token)
        with self.lock, contextlib.suppress(sqlite3.Error):
            self.connection.close()
        if self._owner_lock is not None:
            self._owner_lock.release()

    def write(self, doing: str, action: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``action`` in one write transaction; any failure rolls back and raises
        StoreError saying it could not ``doing``."""
        with self.lock:
            connection = self.connection
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

    def read(self, doing: str, query: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
        """The rows of one query; a failure raises StoreError saying it could not ``doing``."""
        with self.lock:
            try:
                return self.connection.execute(query, parameters).fetchall()
            except (sqlite3.Error, OSError) as error:
                raise describe_sqlite_error(error, doing) from error

    def snapshot(self, doing: str, action: Callable[[sqlite3.Connection], T]) -> T:
        """Run the reads of ``action`` in one read transaction, so they see the same database
        even while another copy of the game writes; a failure raises StoreError."""
        with self.lock:
            connection = self.connection
            try:
                connection.execute("BEGIN")
                try:
                    return action(connection)
                finally:
                    if connection.in_transaction:
                        with contextlib.suppress(sqlite3.Error):
                            connection.execute("COMMIT")
            except (sqlite3.Error, OSError) as error:
                raise describe_sqlite_error(error, doing) from error

    @staticmethod
    def quiet(operation: Callable[[], object]) -> StoreError | None:
        """Run ``operation``; its StoreError is returned instead of raised (the automatic
        writes, which must never stop the game)."""
        try:
            operation()
        except StoreError as error:
            return error
        return None
