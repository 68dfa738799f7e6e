"""What the store does with a file it cannot use: move a damaged database aside, or read what
it can of a database it may not write."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

from freecell_tui.store.schema import SCHEMA_VERSION

__all__ = ["close_quietly", "copy_readable", "move_aside"]


def move_aside(path: Path, moment: datetime) -> Path:
    """Rename a damaged database (and its WAL) to a name with a timestamp; return the new path."""
    when = moment.astimezone().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{when}{path.suffix}")
    number = 2
    while target.exists():
        target = path.with_name(f"{path.stem}.damaged-{when}-{number}{path.suffix}")
        number += 1
    os.replace(path, target)
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        os.replace(wal, target.with_name(target.name + "-wal"))
    path.with_name(path.name + "-shm").unlink(missing_ok=True)
    return target


def copy_readable(path: Path, memory: sqlite3.Connection) -> None:
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


def close_quietly(connection: sqlite3.Connection | None) -> None:
    if connection is not None:
        with contextlib.suppress(sqlite3.Error):
            connection.close()
