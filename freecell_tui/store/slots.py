"""Named saves: list, save, load, rename, delete, and their JSON export and import."""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from pathlib import Path

from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.words import os_reason, printable, shorten
from freecell_tui.files import InputError, read_regular
from freecell_tui.store.atomic import write_atomically
from freecell_tui.store.connection import Database
from freecell_tui.store.errors import ErrorKind, StoreError
from freecell_tui.store.exchange import MAX_FILE_BYTES, read_export, write_export
from freecell_tui.store.names import MAX_NAME_LENGTH, check_name, name_key
from freecell_tui.store.records import GameRecord, Listing, SavedGame, SlotInfo, read_variant
from freecell_tui.store.rows import (
    GAME_FIELDS,
    count_value,
    deal_value,
    read_stamp,
    record_values,
    row_record,
    seconds_value,
    stamp,
)
from freecell_tui.store.targets import check_target

__all__ = ["Slots"]

_PLACES = ", ".join("?" * len(GAME_FIELDS.split(",")))
_SETS = ", ".join(f"{field.strip()}=?" for field in GAME_FIELDS.split(","))


def _invalid(name: str, error: FreeCellError) -> StoreError:
    return StoreError(
        ErrorKind.INVALID_SAVE,
        f"The save “{name}” cannot be loaded: {error}. It is left as it was.",
    )


def _slot_info(
    name: object,
    deal: object,
    position: object,
    moves: object,
    home: object,
    seconds: object,
    saved: datetime,
    game: object = "freecell",
) -> SlotInfo | str:
    """A slot's summary from its columns, or what is wrong with them."""
    if not isinstance(name, str) or not name:
        return "its name is not text"
    deal_number = deal_value(deal)
    if (deal is None) == (position is None) or (deal is not None and deal_number is None):
        return "its deal number is unreadable"
    move_count = count_value(moves)
    if move_count is None:
        return "its move count is unreadable"
    cards_home = count_value(home, 52)
    if cards_home is None:
        return "its count of cards home is unreadable"
    time = seconds_value(seconds)
    if time is None:
        return "its play time is unreadable"
    try:
        variant = read_variant(game)
    except FreeCellError as error:
        return str(error)
    return SlotInfo(name, deal_number, move_count, cards_home, time, saved, variant)


def _first_valid_name(*candidates: str | None) -> str:
    """The first candidate that makes a valid save name (cut to the longest name allowed)."""
    for candidate in candidates:
        if candidate:
            try:
                return check_name(candidate[:MAX_NAME_LENGTH])
            except StoreError:
                continue
    return check_name(candidates[-1] or "Imported game")


class Slots:
    """The named saves (the ``slots`` table), their export and import. Every action raises
    :class:`StoreError` saying what went wrong: the player asked for it."""

    def __init__(self, database: Database) -> None:
        self._db = database

    def all(self) -> Listing[SlotInfo]:
        """Every named save that reads, most recently saved first, read without replaying, and
        a note naming each row left out (a hand-edited name, count or time of the wrong type or
        out of range)."""
        rows = self._db.read(
            "list the saves",
            "SELECT id, name, deal_number, position, move_count, cards_home, elapsed_seconds,"
            " saved_at, variant FROM slots ORDER BY saved_at DESC, id DESC",
        )
        found: list[SlotInfo] = []
        problems: list[str] = []
        for row_id, name, deal, position, moves, home, seconds, saved, game in rows:
            info = _slot_info(name, deal, position, moves, home, seconds, read_stamp(saved), game)
            if isinstance(info, SlotInfo):
                found.append(info)
            else:
                which = (
                    f"“{printable(shorten(name))}”" if isinstance(name, str) else f"in row {row_id}"
                )
                problems.append(f"The save {which} is not listed: {info}.")
        return Listing(tuple(found), tuple(problems))

    def save(
        self, name: str, game: Game, elapsed_seconds: float, *, overwrite: bool = False
    ) -> SlotInfo:
        """Save ``game`` under ``name``. A taken name raises StoreError (EXISTS) unless
        ``overwrite``; a bad name raises INVALID_NAME saying why."""
        clean = check_name(name)
        record = GameRecord.from_game(game, elapsed_seconds)
        return self._put(clean, record, game, self._db.clock(), overwrite=overwrite)

    def _put(
        self, name: str, record: GameRecord, game: Game, saved_at: datetime, *, overwrite: bool
    ) -> SlotInfo:
        values = record_values(record, game)
        created = stamp(self._db.clock())
        saved = stamp(saved_at)

        def put(connection: sqlite3.Connection) -> None:
            row = connection.execute(
                "SELECT name FROM slots WHERE name_key=?", (name_key(name),)
            ).fetchone()
            if row is not None and not overwrite:
                raise StoreError(ErrorKind.EXISTS, f"A save named “{row[0]}” already exists.")
            if row is not None:
                connection.execute(
                    f"UPDATE slots SET name=?, {_SETS}, saved_at=? WHERE name_key=?",
                    (name, *values, saved, name_key(name)),
                )
            else:
                connection.execute(
                    f"INSERT INTO slots (name, name_key, {GAME_FIELDS}, created_at, saved_at)"
                    f" VALUES (?, ?, {_PLACES}, ?, ?)",
                    (name, name_key(name), *values, created, saved),
                )

        self._db.write(f"save “{name}”", put)
        return SlotInfo(
            name,
            record.deal_number,
            game.move_count,
            game.state.cards_home,
            record.elapsed_seconds,
            read_stamp(saved),
            record.variant,
        )

    def _row(self, name: str) -> tuple[str, GameRecord, datetime]:
        rows = self._db.read(
            "read the save",
            f"SELECT name, saved_at, {GAME_FIELDS} FROM slots WHERE name_key=?",
            (name_key(name.strip()),),
        )
        if not rows:
            raise StoreError(ErrorKind.NOT_FOUND, f"There is no save named “{name.strip()}”.")
        stored_name = rows[0][0] if isinstance(rows[0][0], str) else name.strip()
        try:
            record = row_record(rows[0][2:])
        except FreeCellError as error:
            raise _invalid(stored_name, error) from None
        return stored_name, record, read_stamp(rows[0][1])

    def load(self, name: str) -> SavedGame:
        """The save ``name``, replayed and checked. A save that does not replay raises
        StoreError (INVALID_SAVE) naming it; the save itself is left untouched."""
        stored_name, record, saved_at = self._row(name)
        try:
            game = record.to_game()
        except FreeCellError as error:
            raise _invalid(stored_name, error) from None
        return SavedGame(game, record.elapsed_seconds, saved_at, stored_name, None)

    def rename(self, old: str, new: str) -> str:
        """Rename a save; returns the stored new name. Raises NOT_FOUND, INVALID_NAME or EXISTS."""
        clean = check_name(new)
        old_key = name_key(old.strip())

        def rename(connection: sqlite3.Connection) -> None:
            found = connection.execute("SELECT 1 FROM slots WHERE name_key=?", (old_key,))
            if found.fetchone() is None:
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

        self._db.write(f"rename “{old.strip()}”", rename)
        return clean

    def delete(self, name: str) -> None:
        """Delete a save (the screen asks first). Raises NOT_FOUND when there is none."""

        def delete(connection: sqlite3.Connection) -> None:
            gone = connection.execute(
                "DELETE FROM slots WHERE name_key=?", (name_key(name.strip()),)
            )
            if gone.rowcount == 0:
                raise StoreError(ErrorKind.NOT_FOUND, f"There is no save named “{name.strip()}”.")

        self._db.write(f"delete “{name.strip()}”", delete)

    # ------------------------------------------------------------------ export and import
    def export_text(self, name: str) -> str:
        """The JSON export of the save ``name`` (checked first: a bad save is not exported)."""
        stored_name, record, saved_at = self._row(name)
        try:
            record.to_game()
        except FreeCellError as error:
            raise _invalid(stored_name, error) from None
        return write_export(stored_name, record, saved_at)

    def export(self, name: str, path: str | os.PathLike[str], *, overwrite: bool = False) -> Path:
        """Write the save ``name`` to ``path`` as JSON. An existing file raises EXISTS unless
        ``overwrite``; the file is written whole or not at all (temporary file, then rename).
        Never written over, even with ``overwrite``: anything that is not a regular file, and
        the data folder's own files (see :mod:`freecell_tui.store.targets`): IO, saying why."""
        target = Path(os.path.expanduser(path))  # a ~user with no known home stays as written
        text = self.export_text(name)

        def check() -> None:
            check_target(target, self._db.data_dir, overwrite=overwrite)

        check()
        try:
            write_atomically(target, text, check=check, replace=overwrite)
        except FileExistsError:
            raise StoreError(
                ErrorKind.EXISTS, f"The file {printable(str(target))} already exists."
            ) from None
        except OSError as error:
            raise StoreError(
                ErrorKind.IO, f"Could not write {printable(str(target))}: {os_reason(error)}."
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
        saved_at = imported.saved_at or self._db.clock()
        if name is not None:
            return self._put(check_name(name), record, imported.game, saved_at, overwrite=False)
        base = _first_valid_name(imported.name, fallback_name, "Imported game")
        return self._put_free(base, record, imported.game, saved_at)

    def import_game(self, game: Game, base: str) -> SlotInfo:
        """Save ``game`` (read from a game code) as a new slot named ``base``, with " (2)",
        " (3)"… added when taken, as an import without a name is; its play time is unknown
        (zero)."""
        record = GameRecord.from_game(game, 0.0)
        return self._put_free(
            _first_valid_name(base, "Imported game"), record, game, self._db.clock()
        )

    def _put_free(self, base: str, record: GameRecord, game: Game, saved_at: datetime) -> SlotInfo:
        """Save as a new slot under ``base``, or the first of "base (2)", "base (3)"… free."""
        for number in range(1, 1000):
            suffix = f" ({number})" if number > 1 else ""
            candidate = base[: MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix
            try:
                return self._put(candidate, record, game, saved_at, overwrite=False)
            except StoreError as error:
                if error.kind is not ErrorKind.EXISTS:
                    raise
        raise StoreError(ErrorKind.EXISTS, f"Too many saves are named “{base}”: give a name.")

    def import_file(self, path: str | os.PathLike[str], *, name: str | None = None) -> SlotInfo:
        """Import the export file at ``path`` as a new save (see :meth:`import_bytes`). Only a
        regular file is read: a FIFO, a device or a folder is refused at once, never waited on
        (standard input is how a pipe is imported)."""
        source = Path(os.path.expanduser(path))  # a ~user with no known home stays as written
        try:
            raw = read_regular(source, MAX_FILE_BYTES, "a saved game")
        except OSError as error:  # no such file or folder
            raise StoreError(
                ErrorKind.IO, f"Cannot read {printable(str(source))}: {os_reason(error)}."
            ) from error
        except InputError as error:
            raise StoreError(ErrorKind.BAD_FILE, f"Nothing imported: {error}.") from None
        try:
            return self.import_bytes(raw, name=name, fallback_name=source.stem or "Imported game")
        except StoreError as error:
            if error.kind is ErrorKind.BAD_FILE:
                raise StoreError(
                    ErrorKind.BAD_FILE, f"Nothing imported from {source.name}: {error.message}."
                ) from None
            raise
