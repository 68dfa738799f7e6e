"""Where an export may be written: a new file, or (when told) over a regular file that is not
one of the game's own.

``export SLOT FILE --force`` once replaced the database itself (every save, statistic and
unfinished game gone), device nodes, FIFOs and symbolic links. Now the target is examined with
``lstat`` (a link is judged as a link, never followed) before the export is written and again
just before the finished temporary file takes its place, and refused when it is:

* not a regular file (a folder, a FIFO, a device, a socket, a symbolic link);
* one of the data folder's own files: the database and its ``-wal``, ``-shm`` and ``-journal``
  files, ``settings.json``, damaged databases moved aside, anything under ``locks/``, and any
  other name for those same files (a hard link, a path through a linked folder).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Final

from freecell_tui.core.words import os_reason, printable
from freecell_tui.files import describe_kind
from freecell_tui.store.errors import ErrorKind, StoreError
from freecell_tui.store.owners import LOCKS_FOLDER
from freecell_tui.store.schema import DB_NAME
from freecell_tui.store.settings import SETTINGS_NAME

__all__ = ["OWN_NAMES", "check_target", "is_own_file"]

#: The names of the data folder's own files.
OWN_NAMES: Final = frozenset(
    {
        DB_NAME,
        f"{DB_NAME}-wal",
        f"{DB_NAME}-shm",
        f"{DB_NAME}-journal",
        SETTINGS_NAME,
        LOCKS_FOLDER,
    }
)
_DAMAGED_PREFIX: Final = DB_NAME.rsplit(".", 1)[0] + ".damaged-"


def _own_paths(data_dir: Path) -> list[Path]:
    paths = [data_dir / name for name in OWN_NAMES]
    try:
        for entry in os.scandir(data_dir):
            if entry.name.startswith(_DAMAGED_PREFIX):
                paths.append(Path(entry.path))
        for entry in os.scandir(data_dir / LOCKS_FOLDER):
            paths.append(Path(entry.path))
    except OSError:
        pass
    return paths


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def is_own_file(target: Path, data_dir: Path | None) -> bool:
    """Whether ``target`` names one of the data folder's own files (by name in that folder, or
    by being the same file under another name)."""
    if data_dir is None:
        return False
    try:
        folder = data_dir.resolve()
        parent = target.parent.resolve()
    except (OSError, RuntimeError):
        return False
    if parent == folder and (target.name in OWN_NAMES or target.name.startswith(_DAMAGED_PREFIX)):
        return True
    if parent == folder / LOCKS_FOLDER:
        return True
    identity = _identity(target)
    return identity is not None and any(
        _identity(path) == identity for path in _own_paths(data_dir)
    )


def check_target(target: Path, data_dir: Path | None, *, overwrite: bool) -> None:
    """Raise :class:`StoreError` unless an export may be written at ``target``: EXISTS for a
    regular file without ``overwrite``, IO (with the reason) for anything that must never be
    written over or that cannot be examined."""
    shown = printable(str(target))
    try:
        info: os.stat_result | None = os.stat(target, follow_symlinks=False)
    except (FileNotFoundError, NotADirectoryError):
        info = None
    except OSError as error:  # a name too long, a folder that cannot be searched...
        raise StoreError(ErrorKind.IO, f"Could not write {shown}: {os_reason(error)}.") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise StoreError(
            ErrorKind.IO,
            f"{shown} is {describe_kind(info.st_mode)}: an export only replaces a regular file.",
        )
    if is_own_file(target, data_dir):
        raise StoreError(
            ErrorKind.IO,
            f"{shown} is one of freecell-tui's own files: export to another file.",
        )
    if info is not None and not overwrite:
        raise StoreError(ErrorKind.EXISTS, f"The file {shown} already exists.")
