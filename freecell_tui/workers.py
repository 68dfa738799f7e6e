"""Worker processes that end with their parent.

A command that works in several processes (``solve --jobs``, ``klondike --jobs``) starts each
worker with :func:`end_with_parent` as its initializer. Killed outright (``kill -9``, a timeout,
the OOM killer), the parent cannot stop its workers, and they would wait on their task queue for
good (they hold both ends of its pipe, so it never reports an end). So each worker watches its
parent itself: on Linux the kernel sends it SIGKILL when the parent dies
(``prctl(PR_SET_PDEATHSIG)``); elsewhere a thread notices that the worker was handed to another
parent and ends the process.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from typing import Final

__all__ = ["end_with_parent"]

_PR_SET_PDEATHSIG: Final = 1
#: How often the portable watcher looks at its parent, in seconds.
_WATCH_EVERY: Final = 0.5


def end_with_parent() -> None:
    """Make this process end when its parent is gone (the process that started it: the command
    itself, or the fork server that starts workers for it, which ends with the command). Call
    it first thing in a worker."""
    parent = os.getppid()
    if _death_signal():
        if os.getppid() != parent:  # the parent died while the signal was asked for
            os._exit(1)
        return
    threading.Thread(target=_watch, args=(parent,), name="end-with-parent", daemon=True).start()


def _death_signal() -> bool:
    """Ask Linux for SIGKILL when the parent dies; whether it was granted."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes
    import ctypes.util

    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)
    return False


def _watch(parent: int) -> None:
    """End the process once it is no longer ``parent``'s child (an orphan is handed to another
    process, so its parent id changes)."""
    stop = threading.Event()
    while not stop.wait(_WATCH_EVERY):
        if os.getppid() != parent:
            os._exit(1)
