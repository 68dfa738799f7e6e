"""The store: one SQLite database in the data dir holding save slots, unfinished games, finished
games and each deal's par.

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
returns warnings for the player. The parts: :mod:`.base` (transactions), :mod:`.progress`
(games in progress and results), :mod:`.slots` (named saves, export, import), :mod:`.schema`,
:mod:`.rows`, :mod:`.recovery`.
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

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.words import os_reason, plural
from freecell_tui.files import describe_kind
from freecell_tui.paths import data_dir as default_data_dir
from freecell_tui.store.base import now
from freecell_tui.store.errors import StoreError
from freecell_tui.store.progress import AutosaveLookup, GamesInProgress
from freecell_tui.store.records import MAX_HINTS, Listing
from freecell_tui.store.recovery import close_quietly, copy_readable, move_aside
from freecell_tui.store.rows import (
    count_value,
    deal_value,
    mode_value,
    read_stamp,
    seconds_value,
    stamp,
)
from freecell_tui.store.schema import DB_NAME, SCHEMA_VERSION, Damaged, TooNew, prepare
from freecell_tui.store.slots import Slots
from freecell_tui.store.stats import GameResult, Result, Statistics, compute_statistics

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


@dataclass(frozen=True, slots=True)
class Par:
    """The fewest moves the solver found for a deal in an autoplay mode, counted as the game
    counts moves (its turns in that mode), and the solution (standard notation, one turn a
    word)."""

    deal_number: int
    autoplay: AutoplayMode
    moves: int
    solution: str


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


class Store(Slots, GamesInProgress):
    """Save slots, the game in progress, statistics and pars in one SQLite database.

    Make one with :meth:`open` (or :meth:`in_memory` for tests); it is safe to call from more
    than one thread. Actions the player asked for raise :class:`StoreError`; the automatic
    writes (:meth:`autosave`, :meth:`finish`, :meth:`set_aside`, :meth:`resume`,
    :meth:`discard_autosave`) return one instead, so they can never stop the game.
    """

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
        self.set_aside()
        self._close_connection()

    # ------------------------------------------------------------------ statistics
    def results(self) -> list[GameResult]:
        """Every finished game, oldest first (rows that do not read are left out:
        :meth:`read_results` says how many)."""
        return list(self.read_results().items)

    def read_results(self) -> Listing[GameResult]:
        """:meth:`results`, and a note when rows were left out because they do not read."""
        rows = self._read(
            "read the statistics",
            "SELECT deal_number, position, result, move_count, elapsed_seconds, finished_at,"
            " hints, autoplay FROM games ORDER BY finished_at, id",
        )
        found = []
        for deal, position, result, moves, seconds, at, hints, autoplay in rows:
            try:
                outcome = Result(result)
            except ValueError:
                continue
            move_count = count_value(moves)
            time = seconds_value(seconds)
            if (
                move_count is None
                or time is None
                or (deal is not None and deal_value(deal) is None)
            ):
                continue
            found.append(
                GameResult(
                    deal_value(deal),
                    position if isinstance(position, str) else None,
                    outcome,
                    move_count,
                    time,
                    read_stamp(at),
                    count_value(hints, MAX_HINTS) or 0,
                    mode_value(autoplay),
                )
            )
        skipped = len(rows) - len(found)
        problems = (
            (
                f"{plural(skipped, 'finished game')} in the statistics could not be read and "
                f"{'is' if skipped == 1 else 'are'} left out.",
            )
            if skipped
            else ()
        )
        return Listing(tuple(found), problems)

    def statistics(self) -> Statistics:
        return compute_statistics(self.results())

    def reset_statistics(self) -> int:
        """Forget every finished game (saves are kept); returns how many were forgotten."""

        def reset(connection: sqlite3.Connection) -> int:
            return connection.execute("DELETE FROM games").rowcount

        return self._write("reset the statistics", reset)

    # ------------------------------------------------------------------ par
    def par(self, deal_number: int, mode: AutoplayMode) -> Par | None:
        """The par of a deal in autoplay ``mode``, when the solver found it before."""
        try:
            rows = self._read(
                "read the par",
                "SELECT moves, solution FROM pars WHERE deal_number=? AND autoplay=?",
                (deal_number, mode.value),
            )
        except StoreError:
            return None
        if not rows:
            return None
        moves, solution = rows[0]
        if not count_value(moves) or not isinstance(solution, str):
            return None
        return Par(deal_number, mode, moves, solution)

    def pars(self) -> dict[AutoplayMode, dict[int, int]]:
        """Every par known: autoplay mode → deal number → moves (rows that do not read are
        left out; empty when the table cannot be read)."""
        try:
            rows = self._read("read the pars", "SELECT autoplay, deal_number, moves FROM pars")
        except StoreError:
            return {}
        found: dict[AutoplayMode, dict[int, int]] = {}
        for autoplay, number, moves in rows:
            mode = mode_value(autoplay)
            if mode is not None and deal_value(number) is not None and count_value(moves):
                found.setdefault(mode, {})[number] = moves
        return found

    def keep_par(self, par: Par, budget_seconds: float) -> StoreError | None:
        """Remember a deal's par (a shorter one replaces a longer one)."""
        when = stamp(self._clock())

        def put(connection: sqlite3.Connection) -> None:
            connection.execute(
                "INSERT INTO pars (deal_number, autoplay, moves, solution, budget_seconds,"
                " found_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (deal_number, autoplay) DO"
                " UPDATE SET moves=excluded.moves, solution=excluded.solution,"
                " budget_seconds=excluded.budget_seconds, found_at=excluded.found_at"
                " WHERE excluded.moves < pars.moves",
                (
                    par.deal_number,
                    par.autoplay.value,
                    par.moves,
                    par.solution,
                    budget_seconds,
                    when,
                ),
            )

        return self._quiet(lambda: self._write("keep the par", put))
