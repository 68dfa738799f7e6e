"""The browser server's connections: how many it holds, and how long one may take to ask.

A connection that never finishes its request (a slowloris, or only a socket left open) would
hold one of the server's open files for ever; enough of them and the server cannot accept
anyone, not even the player's own tab. So:

- a connection must send its first request's headers within :data:`HEADER_SECONDS` of opening,
  or it is closed (after an answer, aiohttp's keep-alive timeout, given the same seconds, bounds
  the next request the same way);
- at most :func:`connection_limit` connections are held at once, well below the open-file
  limit (raised, when the system allows, to hold :data:`MAX_CONNECTIONS`): a new one over the limit closes the oldest that has not asked anything yet (the player's
  tab asks as soon as it connects, so a flood of silent connections never keeps it out), or
  itself when every connection has asked.

Asyncio never sees the open-file limit reached, so it never logs its ``accept()`` failure.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

__all__ = [
    "BACKLOG",
    "HEADER_SECONDS",
    "MAX_CONNECTIONS",
    "Connections",
    "connection_limit",
    "files_kept",
    "listen_backlog",
    "open_files",
]

#: Seconds a connection has to send a request's headers: from its opening, and after each answer.
HEADER_SECONDS = 5.0
#: Connections the system queues before the server accepts them (fewer with few files: it is
#: also the most asyncio accepts in one turn of its loop, before any of them can be closed).
BACKLOG = 1024
#: The most connections held at once, whatever the open-file limit: a tab needs a few (its page,
#: its files, its websocket), and each costs the server some memory.
MAX_CONNECTIONS = 4096


def listen_backlog(open_files: int) -> int:
    """The listening socket's backlog with ``open_files`` files allowed: :data:`BACKLOG`, or
    an eighth of the files when that is fewer (at least 8)."""
    return max(8, min(BACKLOG, open_files // 8))


def files_kept(max_games: int, backlog: int = BACKLOG) -> int:
    """Open files kept for other things than connections: each game's (its socket and three
    pipes), connections accepted in a burst before any can be closed (asyncio accepts up to
    ``backlog`` a turn, and closes a connection a few turns later) and the server's own."""
    return 4 * max_games + 4 * backlog + 64


def connection_limit(open_files: int, max_games: int) -> int:
    """How many connections to hold at once with ``open_files`` files allowed (at least 16)."""
    kept = files_kept(max_games, listen_backlog(open_files))
    return max(16, min(MAX_CONNECTIONS, open_files - kept))


def open_files(wanted: int) -> int:
    """How many files this process may have open: its soft limit, raised first towards
    ``wanted`` as far as the hard limit allows (Linux's usual soft limit is 1,024, its hard one
    far higher); 1,024 where the limit cannot be read (Windows)."""
    try:
        import resource
    except ImportError:
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (OSError, ValueError):
            pass
    return soft if soft != resource.RLIM_INFINITY else wanted


class _Connection(asyncio.Protocol):
    """One connection: everything goes to aiohttp's handler for it; :class:`Connections` is
    told when it opens and closes."""

    def __init__(self, handler: asyncio.Protocol, connections: Connections) -> None:
        self.handler = handler
        self.connections = connections
        self.transport: asyncio.Transport | None = None
        self.counted = False  # in the connections' count (until closed, or pushed out)
        self.deadline: asyncio.TimerHandle | None = None  # until its first request

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.handler.connection_made(transport)
        self.connections.opened(self)

    def data_received(self, data: bytes) -> None:
        self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        return self.handler.eof_received()

    def pause_writing(self) -> None:
        self.handler.pause_writing()

    def resume_writing(self) -> None:
        self.handler.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.connections.closed(self)
        self.handler.connection_lost(exc)

    def close(self) -> None:
        """Close it at once (no lingering): a slowloris is owed nothing."""
        if self.transport is not None:
            self.transport.abort()


class Connections:
    """The protocol factory of the server's listening socket: each connection is handled by one
    of ``handlers()`` (aiohttp's), within the rules of the module (``limit`` at once)."""

    def __init__(self, handlers: Callable[[], asyncio.Protocol], limit: int) -> None:
        self.handlers = handlers
        self.limit = limit
        self.count = 0
        #: The connections whose first request has not arrived, oldest first.
        self._silent: dict[asyncio.BaseTransport, _Connection] = {}

    def __call__(self) -> asyncio.Protocol:
        return _Connection(self.handlers(), self)

    def opened(self, connection: _Connection) -> None:
        assert connection.transport is not None
        self.count += 1
        connection.counted = True
        if self.count > self.limit:
            oldest = next(iter(self._silent.values()), connection)
            self._forget(oldest)
            oldest.close()
            if oldest is connection:
                return
        self._silent[connection.transport] = connection
        loop = asyncio.get_running_loop()
        connection.deadline = loop.call_later(HEADER_SECONDS, connection.close)

    def asked(self, transport: asyncio.BaseTransport | None) -> None:
        """A request's headers arrived on ``transport``: its first deadline is over."""
        connection = self._silent.pop(transport, None) if transport is not None else None
        if connection is not None and connection.deadline is not None:
            connection.deadline.cancel()

    def closed(self, connection: _Connection) -> None:
        self._forget(connection)

    def _forget(self, connection: _Connection) -> None:
        """No longer count ``connection`` (closed, or being closed)."""
        self.asked(connection.transport)
        if connection.counted:
            connection.counted = False
            self.count -= 1
