"""Files written whole or not at all: a temporary file beside the target, then a rename.

Used for the settings file and for exports. The temporary name is short and fixed in length
(``.fc-XXXXXXXX.tmp``), so a target whose name is as long as the file system allows can still be
written; it is flushed to disk before the rename, and removed when anything fails.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

__all__ = ["temporary_name", "write_atomically"]


def temporary_name(target: Path) -> Path:
    """A fresh temporary path in ``target``'s folder (16 characters, whatever the target's name)."""
    return target.with_name(f".fc-{secrets.token_hex(4)}.tmp")


def write_atomically(target: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``target`` whole or not at all; raises :class:`OSError`.

    The previous file, if any, stays as it was until the new one is complete on disk."""
    temporary = temporary_name(target)
    try:
        with temporary.open("x", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):  # an unwritable folder holds no temporary file
            temporary.unlink(missing_ok=True)
        raise
