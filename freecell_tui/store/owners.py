"""Which copy of the game owns a game in progress, and whether that copy is still running.

Each open store names itself ``host:pid:token`` (a random token) and, when its saves are on
disk, holds an advisory lock (``flock``) on its own lock file, ``locks/<token>.lock`` in the data
folder, for as long as it is open. The operating system lets go of the lock when the copy ends
in any way (quit, crash, ``kill -9``), so "is that copy still running?" is "is its lock still
held?": a question that a reused process id or a zombie process cannot fool. A row whose owner
is gone (no lock file, or a lock nobody holds) is an unfinished game any copy may resume; the
stale lock file is then removed.

A lock file appears only once it is locked (it is created and locked under a temporary name,
then renamed), so a lock file that is not locked is always stale.

Without ``fcntl`` (Windows) another process cannot be checked: its games count as gone, as they
did before locks. Owners written by older versions (no lock file) count as gone too.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import stat
import time
from pathlib import Path
from typing import Final

try:
    import fcntl
except ImportError:  # Windows: no advisory locks to test
    fcntl = None  # type: ignore[assignment]

__all__ = ["LIVE_TOKENS", "LOCKS_FOLDER", "OwnerLock", "lock_path", "new_owner", "owner_alive"]

#: Tokens of the stores open in this process, to tell a live sibling from a dead owner.
LIVE_TOKENS: Final[set[str]] = set()
#: The folder of the data dir that holds the lock files.
LOCKS_FOLDER: Final = "locks"
_TOKEN_RE: Final = re.compile(r"[0-9a-f]{12}")
#: A temporary lock file older than this was left by a copy that died while creating it.
_STALE_TEMPORARY_SECONDS: Final = 60.0


def new_owner() -> tuple[str, str]:
    """A fresh ``(owner, token)`` for a store being opened."""
    token = os.urandom(6).hex()  # not secrets: it imports OpenSSL's hashes (5 ms a start)
    return f"{socket.gethostname()}:{os.getpid()}:{token}", token


def lock_path(data_dir: Path, token: str) -> Path | None:
    """The lock file of the copy with ``token`` (``None`` for a token that is not one of ours,
    so that a hand-edited owner such as ``x:1:../../file`` never names a path)."""
    if not _TOKEN_RE.fullmatch(token):
        return None
    return data_dir / LOCKS_FOLDER / f"{token}.lock"


def _try_lock(descriptor: int, exclusive: bool) -> bool | None:
    """True when the lock was taken, False when another process holds it, None when the file
    cannot be locked at all."""
    assert fcntl is not None
    mode = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
    try:
        fcntl.flock(descriptor, mode | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:
        return None
    return True


def owner_alive(owner: str | None, me: str, data_dir: Path | None = None) -> bool:
    """Whether the copy of the game named by ``owner`` (``host:pid:token``) is still running:
    a store open in this process, or a copy holding its lock file in ``data_dir``. Anything
    that cannot be checked counts as gone (see the module's notes)."""
    if owner is None or owner == me:
        return False
    parts = owner.rsplit(":", 2)
    if len(parts) != 3:
        return False
    host, _pid, token = parts
    if token in LIVE_TOKENS:
        return True
    if data_dir is None or fcntl is None:
        return False
    path = lock_path(data_dir, token)
    if path is None:
        return False
    return _lock_held(path, host)


def _lock_held(path: Path, host: str) -> bool:
    """Whether a copy of the game holds the lock file at ``path``; a lock nobody holds, left by a
    copy on this ``host``, is removed."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError:  # no lock file: the copy has gone (or never had one)
        return False
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return False
        taken = _try_lock(descriptor, exclusive=False)
        if taken is False:
            return True
        if taken and host == socket.gethostname():
            # Nobody holds it: the copy has gone for good (tokens are never reused).
            with contextlib.suppress(OSError):
                path.unlink()
        return False
    finally:
        os.close(descriptor)


def _sweep(folder: Path) -> None:
    """Remove the lock files nobody holds (left by copies that crashed or were killed)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    now = time.time()
    for entry in entries:
        if entry.name.startswith("."):
            with contextlib.suppress(OSError):
                if now - entry.stat(follow_symlinks=False).st_mtime > _STALE_TEMPORARY_SECONDS:
                    os.unlink(entry.path)
            continue
        if not entry.name.endswith(".lock"):
            continue
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            descriptor = os.open(entry.path, flags)
        except OSError:
            continue
        try:
            if stat.S_ISREG(os.fstat(descriptor).st_mode) and _try_lock(descriptor, True):
                os.unlink(entry.path)
        except OSError:
            pass
        finally:
            os.close(descriptor)


class OwnerLock:
    """This copy's lock file, held from :meth:`acquire` to :meth:`release`."""

    def __init__(self, path: Path, descriptor: int) -> None:
        self.path = path
        self._descriptor: int | None = descriptor

    @classmethod
    def acquire(cls, data_dir: Path, token: str) -> OwnerLock | None:
        """Clean up stale lock files, then create and lock ``locks/<token>.lock``. ``None``
        when it cannot be done (no ``fcntl``, a folder that cannot be written): this copy's
        games then count as gone to other copies, as on Windows."""
        path = lock_path(data_dir, token)
        if fcntl is None or path is None:
            return None
        folder = path.parent
        try:
            folder.mkdir(exist_ok=True)
        except OSError:
            return None
        _sweep(folder)
        temporary = folder / f".{token}.tmp"
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
        try:
            descriptor = os.open(temporary, flags, 0o644)
        except OSError:
            return None
        try:
            if not _try_lock(descriptor, exclusive=True):
                raise OSError("the lock file cannot be locked")
            os.write(descriptor, f"{socket.gethostname()}:{os.getpid()}\n".encode())
            os.replace(temporary, path)
        except OSError:
            os.close(descriptor)
            with contextlib.suppress(OSError):
                temporary.unlink()
            return None
        return cls(path, descriptor)

    def release(self) -> None:
        """Remove the lock file, then let go of the lock (closing it)."""
        if self._descriptor is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        with contextlib.suppress(OSError):
            os.close(self._descriptor)
        self._descriptor = None
