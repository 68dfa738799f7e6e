"""Which copy of the game owns a game in progress, and whether that copy is still running.

Each open store names itself ``host:pid:token`` (a random token). A row whose owner is gone
(quit, crashed or was killed) is an unfinished game any copy may resume.
"""

from __future__ import annotations

import os
import secrets
import socket
from typing import Final

__all__ = ["LIVE_TOKENS", "new_owner", "owner_alive"]

#: Tokens of the stores open in this process, to tell a live sibling from a dead owner.
LIVE_TOKENS: Final[set[str]] = set()


def new_owner() -> tuple[str, str]:
    """A fresh ``(owner, token)`` for a store being opened."""
    token = secrets.token_hex(6)
    return f"{socket.gethostname()}:{os.getpid()}:{token}", token


def owner_alive(owner: str | None, me: str) -> bool:
    """Whether the copy of the game named by ``owner`` (``host:pid:token``) is still running.
    A copy on another host cannot be checked and counts as gone; so does any other process on
    Windows, where probing a process id is not safe."""
    if owner is None or owner == me:
        return False
    parts = owner.rsplit(":", 2)
    if len(parts) != 3 or parts[0] != me.rsplit(":", 2)[0]:
        return False
    _host, pid_text, token = parts
    try:
        pid = int(pid_text)
    except ValueError:
        return False
    if pid == os.getpid():
        return token in LIVE_TOKENS
    if os.name == "nt" or not 0 < pid < 2**31:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True
