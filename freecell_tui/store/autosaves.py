"""The games in progress (the ``autosaves`` table): this copy's autosave after every change, the
unfinished games other copies left (the resume offer, the list on the saves screen), taking one
up, setting one aside, and recording a game once it is over (with :mod:`.results`' row, in the
same transaction)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import date

from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.store.connection import Database
from freecell_tui.store.errors import ErrorKind, StoreError
from freecell_tui.store.records import (
    GameRecord,
    Listing,
    SavedGame,
    UnfinishedInfo,
    read_variant,
)
from freecell_tui.store.rows import (
    GAME_FIELDS,
    count_value,
    day_value,
    deal_value,
    insert_result,
    read_stamp,
    record_values,
    row_record,
    seconds_value,
    stamp,
)
from freecell_tui.store.stats import DailyPlay

__all__ = ["AutosaveLookup", "Autosaves"]

_PLACES = ", ".join("?" * len(GAME_FIELDS.split(",")))


@dataclass(frozen=True, slots=True)
class AutosaveLookup:
    """What :meth:`Autosaves.offer` found: the latest unfinished game that replays
    (or ``None``), and a message for each unfinished game that does not (left untouched)."""

    saved: SavedGame | None
    problems: tuple[str, ...] = ()


def _variant_or_classic(text: object) -> Variant:
    """The game a row names; classic FreeCell when the name does not read (the row is still
    listed: loading it says what is wrong)."""
    try:
        return read_variant(text)
    except FreeCellError:
        return FREECELL


class Autosaves:
    """This copy's game in progress and the unfinished games. The automatic writes
    (:meth:`save`, :meth:`finish`, :meth:`set_aside`, :meth:`switch_to`, :meth:`discard`)
    return a :class:`StoreError` instead of raising, so they can never stop the game."""

    def __init__(self, database: Database) -> None:
        self._db = database
        #: The row holding this copy's game in progress (``None`` before its first move).
        self._autosave_id: int | None = None

    def save(
        self, game: Game, elapsed_seconds: float, daily: date | None = None
    ) -> StoreError | None:
        """Write ``game`` as this copy's game in progress. Call it after every change (move,
        undo, redo, restart, autoplay mode); it takes well under a millisecond. A game with no
        history has nothing to lose, so its row is dropped. Returns an error instead of raising;
        the previous autosave then stays as it was. ``daily``: the date whose daily deal it is."""
        if not game.is_started:
            return self._db.quiet(self._drop_own_autosave)
        values = record_values(GameRecord.from_game(game, elapsed_seconds), game)
        when = stamp(self._db.clock())
        day = None if daily is None else daily.isoformat()

        def write(connection: sqlite3.Connection) -> int:
            if self._autosave_id is not None:
                cursor = connection.execute(
                    "UPDATE autosaves SET deal_number=?, position=?, turns=?, redo=?, autoplay=?,"
                    " elapsed_seconds=?, hints=?, variant=?, move_count=?, cards_home=?,"
                    " saved_at=?, owner=?,"
                    " daily=? WHERE id=?",
                    (*values, when, self._db.owner, day, self._autosave_id),
                )
                if cursor.rowcount == 1:
                    return self._autosave_id
            cursor = connection.execute(
                f"INSERT INTO autosaves (owner, {GAME_FIELDS}, saved_at, daily)"
                f" VALUES (?, {_PLACES}, ?, ?)",
                (self._db.owner, *values, when, day),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

        try:
            self._autosave_id = self._db.write("save the game in progress", write)
        except StoreError as error:
            return error
        return None

    def _unfinished_rows(
        self, doing: str, where: str = "", parameters: tuple[object, ...] = ()
    ) -> list[tuple[object, ...]]:
        return self._db.read(
            doing,
            f"SELECT id, owner, saved_at, daily, {GAME_FIELDS} FROM autosaves {where}"
            " ORDER BY saved_at DESC, id DESC",
            parameters,
        )

    def _not_ours(self, row_id: object, owner: object) -> bool:
        """An unfinished game no running copy plays (this one's own excluded)."""
        mine = row_id == self._autosave_id
        return not mine and not self._db.owner_alive(owner)

    def offer(self) -> AutosaveLookup:
        """The most recent unfinished game no running copy is playing, replayed and checked,
        for the resume prompt. Never raises: problems come back as messages."""
        try:
            rows = self._unfinished_rows("read the unfinished games")
        except StoreError as error:
            return AutosaveLookup(None, (error.message,))
        problems: list[str] = []
        for row in rows:
            row_id, owner, saved_at = row[0], row[1], row[2]
            if not self._not_ours(row_id, owner) or not isinstance(row_id, int):
                continue
            try:
                record = row_record(row[4:])
                game = record.to_game()
            except FreeCellError as error:
                problems.append(
                    f"An unfinished game saved {read_stamp(saved_at):%Y-%m-%d %H:%M} does not "
                    f"replay ({error}); it is left as it was."
                )
                continue
            saved = SavedGame(
                game, record.elapsed_seconds, read_stamp(saved_at), None, row_id, day_value(row[3])
            )
            return AutosaveLookup(saved, tuple(problems))
        return AutosaveLookup(None, tuple(problems))

    def latest(self) -> SavedGame | None:
        """The unfinished game saved last, whichever copy plays it (a running copy's game in
        progress too), replayed and checked; ``None`` when none replays. Raises
        :class:`StoreError` when the games cannot be read."""
        for row in self._unfinished_rows("read the unfinished games"):
            row_id = row[0]
            try:
                record = row_record(row[4:])
                game = record.to_game()
            except FreeCellError:
                continue
            if isinstance(row_id, int):
                saved_at = read_stamp(row[2])
                return SavedGame(
                    game, record.elapsed_seconds, saved_at, None, row_id, day_value(row[3])
                )
        return None

    def all(self) -> Listing[UnfinishedInfo]:
        """The unfinished games no running copy is playing (this copy's own excluded), newest
        first, read without replaying: the saves screen lists them, so a game set aside by
        loading a save can be taken up again. A row that does not read is left out with a
        note."""
        rows = self._db.read(
            "list the unfinished games",
            "SELECT id, owner, deal_number, position, move_count, cards_home, elapsed_seconds,"
            " saved_at, variant FROM autosaves ORDER BY saved_at DESC, id DESC",
        )
        found: list[UnfinishedInfo] = []
        problems: list[str] = []
        for row_id, owner, deal, position, moves, home, seconds, saved, game in rows:
            if not isinstance(row_id, int) or not self._not_ours(row_id, owner):
                continue
            deal_number = deal_value(deal)
            move_count = count_value(moves)
            cards_home = count_value(home, 52)
            time = seconds_value(seconds)
            readable_start = (deal is None) != (position is None) and (
                deal is None or deal_number is not None
            )
            if not readable_start or move_count is None or cards_home is None or time is None:
                problems.append(
                    f"An unfinished game saved {read_stamp(saved):%Y-%m-%d %H:%M} UTC is not "
                    "listed: it holds values that do not read."
                )
                continue
            found.append(
                UnfinishedInfo(
                    row_id,
                    deal_number,
                    move_count,
                    cards_home,
                    time,
                    read_stamp(saved),
                    _variant_or_classic(game),
                )
            )
        return Listing(tuple(found), tuple(problems))

    def load(self, autosave_id: int) -> SavedGame:
        """One unfinished game, replayed and checked. Raises NOT_FOUND, or INVALID_SAVE when it
        does not replay (it is left untouched)."""
        rows = self._unfinished_rows("read the unfinished game", "WHERE id=?", (autosave_id,))
        if not rows:
            raise StoreError(ErrorKind.NOT_FOUND, "That unfinished game is no longer there.")
        saved_at = read_stamp(rows[0][2])
        try:
            record = row_record(rows[0][4:])
            game = record.to_game()
        except FreeCellError as error:
            raise StoreError(
                ErrorKind.INVALID_SAVE,
                f"The unfinished game saved {saved_at.astimezone():%Y-%m-%d %H:%M} cannot be "
                f"loaded: {error}. It is left as it was.",
            ) from None
        daily = day_value(rows[0][3])
        return SavedGame(game, record.elapsed_seconds, saved_at, None, autosave_id, daily)

    def switch_to(self, saved: SavedGame) -> StoreError | None:
        """Make ``saved`` (a loaded save, or an unfinished game) the game this copy plays.
        The current game in progress is set aside (kept as an unfinished game, not counted in
        the statistics); an unfinished game is taken up, so later autosaves continue its row.
        Then call ``save(saved.game, saved.elapsed_seconds)`` as after any change."""
        if saved.autosave_id is not None:
            return self._resume(saved)
        return self.set_aside()

    def _resume(self, saved: SavedGame) -> StoreError | None:
        """Make the unfinished game ``saved`` this copy's game in progress: later autosaves
        update it. This copy's previous game, if any, is set aside."""
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
            if self._db.owner_alive(row[0]):
                raise StoreError(
                    ErrorKind.BUSY, "Another copy of freecell-tui has just resumed that game."
                )
            connection.execute("UPDATE autosaves SET owner=? WHERE id=?", (self._db.owner, target))

        try:
            self._db.write("resume the game", claim)
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
                "UPDATE autosaves SET owner=NULL WHERE id=? AND owner=?", (target, self._db.owner)
            )

        error = self._db.quiet(lambda: self._db.write("set the game aside", release))
        if error is None:
            self._autosave_id = None
        return error

    def discard(
        self,
        saved: SavedGame,
        elapsed_seconds: float | None = None,
        daily: DailyPlay | None = None,
    ) -> StoreError | None:
        """The player chose a new game over resuming ``saved`` (or abandoned it): record it as
        left (a loss) and remove it, in one transaction. ``daily``: the daily deal it was, when
        the caller knows the player's date; otherwise the saved game's daily, on the store
        clock's local date."""
        if saved.autosave_id is None:
            return None
        target = saved.autosave_id
        seconds = saved.elapsed_seconds if elapsed_seconds is None else elapsed_seconds
        now = self._db.clock()
        when = stamp(now)
        if daily is None and saved.daily is not None:
            daily = DailyPlay(saved.daily, saved.daily == now.astimezone().date())

        def discard(connection: sqlite3.Connection) -> None:
            row = connection.execute("SELECT owner FROM autosaves WHERE id=?", (target,)).fetchone()
            if row is None or self._db.owner_alive(row[0]):
                return  # already gone, or another running copy has taken it up: not ours
            connection.execute("DELETE FROM autosaves WHERE id=?", (target,))
            if saved.game.is_started:
                insert_result(connection, saved.game, seconds, when, daily)

        error = self._db.quiet(lambda: self._db.write("record the game left unfinished", discard))
        if error is None and self._autosave_id == target:
            self._autosave_id = None
        return error

    def finish(
        self, game: Game, elapsed_seconds: float, daily: DailyPlay | None = None
    ) -> StoreError | None:
        """``game`` is over: won (by the player or by auto-solve), or left for a new game.
        Record it in the statistics (a game without a move is not counted; ``daily``: the daily
        deal it was) and drop this copy's autosave, in one transaction."""
        target = self._autosave_id
        when = stamp(self._db.clock())

        def record(connection: sqlite3.Connection) -> None:
            if game.is_started:
                insert_result(connection, game, elapsed_seconds, when, daily)
            if target is not None:
                connection.execute("DELETE FROM autosaves WHERE id=?", (target,))

        error = self._db.quiet(lambda: self._db.write("record the result", record))
        if error is None:
            self._autosave_id = None
        return error

    def _drop_own_autosave(self) -> None:
        target = self._autosave_id
        if target is None:
            return

        def drop(connection: sqlite3.Connection) -> None:
            connection.execute("DELETE FROM autosaves WHERE id=?", (target,))

        self._db.write("clear the game in progress", drop)
        self._autosave_id = None
