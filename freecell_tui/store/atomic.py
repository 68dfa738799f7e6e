"""Files written whole or not at all: a temporary file beside the target, then a rename.

Used for the settings file and for exports. The temporary name is short and fixed in length
(``.fc-XXXXXXXX.tmp``), so a target whose name is as long as the file system allows can still be
written; it is created exclusively (never through a link), flushed to disk before the rename,
and removed when anything fails. ``check`` runs once the new file is complete, just before it
takes the target's place, so the target is judged as late as possible (see
:mod:`freecell_tui.store.targets`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

__all__ = ["temporary_name", "write_atomically"]


def temporary_name(target: Path) -> Path:
    """A fresh temporary path in ``target``'s folder (16 characters, whatever the target's name)."""
    return target.with_name(f".fc-{os.urandom(4).hex()}.tmp")


def write_atomically(
    target: Path,
    text: str,
    *,
    check: Callable[[], None] | None = None,
    replace: bool = True,
) -> None:
    """Write ``text`` (UTF-8) to ``target`` whole or not at all; raises :class:`OSError`, or
    whatever ``check`` raises (then nothing is written).

    The previous file, if any, stays as it was until the new one is complete on disk. With
    ``replace=False`` an existing target is never replaced, even one that appears at the last
    moment: :class:`FileExistsError`."""
    temporary = temporary_name(target)
    try:
        with temporary.open("x", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if check is not None:
            check()
        if replace:
            os.replace(temporary, target)
        else:
            _link_new(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):  # an unwritable folder holds no temporary file
            temporary.unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def _link_new(temporary: Path, target: Path) -> None:
    """Give ``temporary`` the name ``target`` only if no file has it (a hard link is made
    atomically or not at all); where links are not supported, a plain rename."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links (FAT, some network shares)
        if os.path.lexists(target):
            raise FileExistsError(17, "File exists", str(target)) from None
        os.replace(temporary, target)
        return
    temporary.unlink()


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (best effort: not every system can open a folder)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        descriptor = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
