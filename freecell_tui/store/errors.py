"""The store's error type: one exception with a kind and a message written for the player.

Actions the player asked for (save, load, rename, delete, export, import, reset) raise
:class:`StoreError`; automatic writes (the autosave after every move, recording a result) return one
instead, so a full disk or a read-only data dir can never stop the game.
"""

from __future__ import annotations

import enum
import sqlite3

from freecell_tui.core.words import os_reason

__all__ = ["ErrorKind", "StoreError", "describe_sqlite_error"]


class ErrorKind(enum.Enum):
    """What went wrong, for callers that react differently (e.g. confirm an overwrite)."""

    INVALID_NAME = "invalid name"  # a slot name that breaks the naming rules
    EXISTS = "exists"  # a slot name or export file already taken
    NOT_FOUND = "not found"  # no slot by that name
    INVALID_SAVE = "invalid save"  # a stored game that does not replay; left untouched
    BAD_FILE = "bad file"  # an import file that is not a valid save
    FULL = "full"  # the disk (or the database's size limit) is full
    READ_ONLY = "read only"  # the data dir or the database cannot be written
    BUSY = "busy"  # another copy of the game held the database too long
    DAMAGED = "damaged"  # the database file is damaged
    IO = "io"  # any other failure to read or write a file


class StoreError(Exception):
    """A store operation that did not happen; ``message`` says why, for the player."""

    def __init__(self, kind: ErrorKind, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message

    def __repr__(self) -> str:
        return f"StoreError({self.kind.name}, {self.message!r})"


def describe_sqlite_error(error: sqlite3.Error | OSError, doing: str) -> StoreError:
    """Turn a low-level failure while ``doing`` something (\"save the game\") into a StoreError
    a player can read. The message always says that nothing earlier was lost, because every write
    is one transaction: a failed write leaves the previous save as it was."""
    text = str(error).lower()
    code = getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    kept = "the previous save is kept"
    if primary == sqlite3.SQLITE_FULL or "disk is full" in text or "no space" in text:
        return StoreError(ErrorKind.FULL, f"Could not {doing}: the disk is full ({kept}).")
    if primary == sqlite3.SQLITE_BUSY or "locked" in text or "busy" in text:
        return StoreError(
            ErrorKind.BUSY,
            f"Could not {doing}: another copy of freecell-tui is writing the saves; try again.",
        )
    if (
        primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN)
        or "readonly" in text
        or "read-only" in text
        or isinstance(error, PermissionError)
    ):
        return StoreError(
            ErrorKind.READ_ONLY, f"Could not {doing}: the data folder cannot be written ({kept})."
        )
    if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return StoreError(
            ErrorKind.DAMAGED, f"Could not {doing}: the save file is damaged ({error})."
        )
    return StoreError(ErrorKind.IO, f"Could not {doing}: {os_reason(error)}.")
