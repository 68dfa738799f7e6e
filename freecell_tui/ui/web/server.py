"""Serving the game to web browsers, on textual-serve (the ``web`` extra).

textual-serve's :class:`~textual_serve.server.Server` is an aiohttp server: its page draws a
terminal (xterm.js, on a canvas) and opens a websocket; for each websocket it starts the command
it was given through ``/bin/sh -c`` (inheriting the server's environment and working folder, with
``TEXTUAL_DRIVER`` set to Textual's web driver) and relays the browser's keys and mouse to the
app's standard input and the app's screen back. :class:`GameServer` keeps that and changes what
a server for players needs:

- the page is our own (``page.html``): textual-serve's loads a font from Google at every
  visit, which stalls on a network without the internet; ours takes the same font from the
  server, and connects back to whatever address the page was opened at (textual-serve's
  connects to the address it listens on, which is wrong for ``--host 0.0.0.0``);
- each game runs with :class:`~freecell_tui.ui.web.driver.ServedDriver`, so a game whose server
  was killed quits (and is saved) instead of lingering;
- it stops on SIGINT and SIGTERM by asking every game to quit, as ``q`` does, so each unfinished
  game is saved and offered again next time; a game that has not quit after ``grace`` seconds
  is killed (its last move is saved all the same);
- nothing answers without the secret token, nor to a ``Host`` or ``Origin`` that is not this
  server's (:mod:`freecell_tui.ui.web.guard`): a 403 that closes its connection, and no game is
  started. The token is never a cookie (a browser would send it to every port of the host):
  the page carries it in the address of each of its files and of its websocket;
- a connection that does not send its request within a few seconds is closed, and the
  connections held at once stay well below the open-file limit
  (:mod:`freecell_tui.ui.web.connections`): a flood of silent connections never keeps a
  player's tab out;
- a tab's messages are checked (:func:`~freecell_tui.ui.web.guard.parse_message`): sizes are
  clamped, anything malformed is dropped, a message over :data:`MAX_MESSAGE` bytes closes that
  tab's connection; a tab's game ends when its socket closes (killed if it has not quit
  within ``grace`` seconds), and at most ``max_games`` games run at once;
- the page opened as ``/?deal=N`` or ``/?deal=CODE`` (a game code) starts its game on that deal
  (``--deal``, as on the command line): the page hands the deal to its socket in the path
  (``/ws/TOKEN/deal/…``), and the server checks it again there (:func:`served_deal`: at most
  :data:`MAX_DEAL_TEXT` characters, a deal number or a code that reads); a value that is not
  one gets the normal game, never an error page;
- the page opened as ``/?game=CODE`` opens the viewer on that game code (``watch CODE``, run by
  ``viewer_command``): its socket is ``/ws/TOKEN/game/…``, checked again there
  (:func:`served_game`); a code that does not read gets a page that says why in one line, and
  a link to the normal game;
- warnings are one line on standard error, never a traceback, and the same line at most once a
  second; no access log, no banner.
"""

from __future__ import annotations

import asyncio
import html
import logging
import shlex
import signal
import string
import sys
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from importlib import resources

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from freecell_tui.core.codes import MAX_CODE_LENGTH, decode, looks_like_code
from freecell_tui.core.deals import parse_deal_number
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.ui.web.connections import (
    HEADER_SECONDS,
    MAX_CONNECTIONS,
    Connections,
    connection_limit,
    files_kept,
    listen_backlog,
    open_files,
)
from freecell_tui.ui.web.guard import Guard, clamp_size, parse_message

__all__ = [
    "GRACE_SECONDS",
    "MAX_DEAL_TEXT",
    "MAX_GAMES",
    "MAX_MESSAGE",
    "GameServer",
    "GameSession",
    "served_deal",
    "served_game",
]

log = logging.getLogger("freecell_tui.serve")

#: ``TEXTUAL_DRIVER`` for the games: :class:`freecell_tui.ui.web.driver.ServedDriver` (named, not
#: imported: importing it would load Textual into the server, which never draws anything).
SERVED_DRIVER = "freecell_tui.ui.web.driver:ServedDriver"
#: Seconds the games get to quit when the server stops, before they are killed.
GRACE_SECONDS = 5.0
#: Games run at once by default (each is a process of about 100 MB).
MAX_GAMES = 8
#: The largest message a tab may send, in bytes: keys and sizes are a few bytes, a paste a few
#: lines. A larger one closes that tab's connection (and so ends its game, saved).
MAX_MESSAGE = 64 * 1024
#: The longest ``?deal=`` or ``?game=`` the page takes, in characters: the longest game code
#: (a page address holding it fits the 8,190 bytes aiohttp reads of a request's line). A code
#: is read (its moves replayed) before its game starts. A longer one gets the normal game.
MAX_DEAL_TEXT = MAX_CODE_LENGTH


def served_deal(text: str | None) -> str | None:
    """``?deal=``'s value as the game's ``--deal`` takes it — a deal number (written plainly) or
    a game code that reads (its deal, or its custom position) — or ``None`` for anything else:
    that tab gets the normal game. Only digits and a code's characters (A–Z a–z 0–9 - _) are
    ever answered, so the value is safe in the page, in a path and on a command line."""
    if text is None or len(text) > MAX_DEAL_TEXT:
        return None
    if looks_like_code(text):
        word = "".join(text.split())  # a code wrapped over lines reads, and is sent whole
        return word if isinstance(decode(word), Game) else None
    try:
        return str(parse_deal_number(text))
    except FreeCellError:
        return None


def served_game(text: str) -> tuple[str | None, str]:
    """``?game=``'s value: the code, when it reads (safe in a path and on a command line: only
    a code's characters), and empty words; or ``None`` and why not, in one line."""
    if len(text) > MAX_DEAL_TEXT:
        return None, f"That game code is too long ({len(text):,} characters)."
    word = "".join(text.split())  # a code wrapped over lines reads, and is sent whole
    if not word:
        return None, "The link's game code is empty."
    game = decode(word)
    return (
        (word, "")
        if isinstance(game, Game)
        else (None, f"{game.reason[:1].upper()}{game.reason[1:]}.")
    )


#: Headers of the pages: never cached, and their address (with the token) never sent to another
#: site as the referrer of a link or a request.
PAGE_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


def _to_int(text: str | None, default: int, low: int, high: int) -> int:
    try:
        value = int(text) if text is not None else default
    except ValueError:
        value = default
    return min(max(value, low), high)


def _plain(status: int, text: str) -> web.Response:
    """A refusal: plain text, never cached."""
    return web.Response(
        status=status,
        text=text + "\n",
        content_type="text/plain",
        headers={"Cache-Control": "no-store"},
    )


class GameSession(AppService):
    """One browser tab's game: the process textual-serve starts, run with ``ServedDriver``."""

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment["TEXTUAL_DRIVER"] = SERVED_DRIVER
        return environment

    async def stop(self) -> None:
        """Ask the game to quit and wait until its output ends (textual-serve's stop), then
        until its process has ended: none is left for the server's closing loop to reap."""
        await super().stop()
        if self._process is not None:
            await self._process.wait()

    def kill(self) -> None:
        """Stop the game's process at once (when it did not quit when asked)."""
        process = self._process
        if process is not None and process.returncode is None:
            with suppress(ProcessLookupError):
                process.kill()


class GameServer(Server):
    """Serve ``command`` (a shell command line that runs the game) on ``host``:``port``.

    :meth:`run` serves until SIGINT or SIGTERM and then stops every game cleanly.
    """

    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        token: str,
        title: str = "FreeCell",
        grace: float = GRACE_SECONDS,
        max_games: int = MAX_GAMES,
        viewer_command: str | None = None,
    ) -> None:
        super().__init__(command, host=host, port=port, title=title)
        #: The command that opens the viewer, ``watch CODE`` added (``?game=CODE``).
        self.viewer_command = viewer_command or command
        self.grace = grace
        self.max_games = max_games
        self.guard = Guard(token, host)
        self.connections: Connections | None = None  # while serving
        self._sessions: set[GameSession] = set()
        page = resources.files("freecell_tui.ui.web").joinpath("page.html")
        self._page = string.Template(page.read_text(encoding="utf-8"))

    # ------------------------------------------------------------------ running
    def run(self, ready: Callable[[], None]) -> None:
        """Serve until SIGINT or SIGTERM, then stop every game and return. ``ready`` is called
        once the port is open. Raises :class:`OSError` when the address cannot be listened on."""
        from freecell_tui.ui.compat import mend_server_close_race

        mend_server_close_race()
        with _warnings_on_stderr():
            asyncio.run(self._serve(ready))

    async def _serve(self, ready: Callable[[], None]) -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            with suppress(NotImplementedError):  # Windows: Ctrl+C raises KeyboardInterrupt
                loop.add_signal_handler(signum, stop.set)
        runner = web.AppRunner(
            await self._make_app(),
            access_log=None,
            shutdown_timeout=2 * self.grace,
            keepalive_timeout=HEADER_SECONDS,  # the next request's headers, after an answer
        )
        await runner.setup()
        assert runner.server is not None
        files = open_files(MAX_CONNECTIONS + files_kept(self.max_games))
        self.connections = Connections(runner.server, connection_limit(files, self.max_games))
        backlog = listen_backlog(files)
        listening: asyncio.Server | None = None
        try:
            listening = await loop.create_server(
                self.connections, self.host or None, self.port, backlog=backlog
            )
            ready()
            await stop.wait()
        finally:
            if listening is not None:
                listening.close()
            await runner.cleanup()  # calls on_shutdown, which stops the games

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._only_with_the_token])
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/ws/{token}", self.handle_websocket),
                web.get("/ws/{token}/deal/{deal}", self.handle_websocket),
                web.get("/ws/{token}/game/{game}", self.handle_websocket),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_shutdown.append(self.on_shutdown)
        return app

    @web.middleware
    async def _only_with_the_token(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        """Every request: refused with a 403 that closes its connection, before anything else,
        unless it carries the token (in its path or its query; a download: or the download's
        key) and its ``Host`` and ``Origin`` are this server's."""
        if self.connections is not None:
            self.connections.asked(request.transport)
        refusal = self.guard.refusal(
            request.headers.get("Host"),
            request.headers.get("Origin"),
            (request.match_info.get("token"), request.query.get("token")),
            delivery=await self._is_delivery(request),
        )
        if refusal is not None:
            response = _plain(403, refusal)
            response.force_close()
            return response
        return await handler(request)

    async def _is_delivery(self, request: web.Request) -> bool:
        """Whether ``request`` fetches a file a game is delivering now (``/download/KEY``): the
        key is a secret of that game's page, the only one told it, whose script opens the
        address without the token."""
        key = request.match_info.get("key")
        if key is None:
            return False
        try:
            await self.download_manager.get_download_metadata(key)
        except KeyError:
            return False
        return True

    def _refuse_when_full(self) -> None:
        """Raise a 503 when ``max_games`` games are running already."""
        if len(self._sessions) >= self.max_games:
            raise web.HTTPServiceUnavailable(
                text=(
                    f"All {self.max_games} games this server runs at once are being played. "
                    "Close one of them, then reload this page (freecell-tui serve "
                    "--max-games N allows more).\n"
                ),
                headers={"Cache-Control": "no-store"},
            )

    async def on_startup(self, app: web.Application) -> None:
        """Nothing: the command says where to point the browser once the port is open."""

    async def on_shutdown(self, app: web.Application) -> None:
        await self.stop_sessions()

    async def stop_sessions(self) -> None:
        """Ask every game to quit, as ``q`` does (each is saved and let go); kill those still
        running ``grace`` seconds later."""
        sessions = list(self._sessions)
        if not sessions:
            return
        stopping = [asyncio.ensure_future(session.stop()) for session in sessions]
        _done, pending = await asyncio.wait(stopping, timeout=self.grace)
        if pending:
            log.warning(
                "%d of %d games did not quit within %g s and were stopped; each game's last "
                "move is saved.",
                len(pending),
                len(sessions),
                self.grace,
            )
            for session in sessions:
                session.kill()
            await asyncio.wait(pending, timeout=self.grace)

    # ------------------------------------------------------------------ requests
    async def handle_index(self, request: web.Request) -> web.Response:
        """The page: a terminal that connects back to this server (``?fontsize=N``, 6–64;
        ``?deal=N`` or ``?deal=CODE``: that deal's game, see :func:`served_deal`)."""
        font_size = _to_int(request.query.get("fontsize"), 16, 6, 64)
        asked = request.query.get("game")
        if asked is not None:
            code, why = await asyncio.to_thread(served_game, asked)
            if code is None:
                return self._bad_game_page(why)
            socket = f"/ws/{self.guard.token}/game/{code}"
        else:
            deal = await asyncio.to_thread(served_deal, request.query.get("deal"))
            socket = f"/ws/{self.guard.token}" + (f"/deal/{deal}" if deal is not None else "")
        self._refuse_when_full()
        page = self._page.substitute(
            title=html.escape(self.title),
            font_size=font_size,
            websocket_path=socket,
            token=self.guard.token,
        )
        return web.Response(text=page, content_type="text/html", headers=PAGE_HEADERS)

    def _bad_game_page(self, why: str) -> web.Response:
        """A ``?game=`` that does not read: a page saying why in one line, and a way to play."""
        page = (
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{html.escape(self.title)}</title><style>body {{ margin: 2em; font: 16px "
            "monospace; color: #e0e0e0; background: #121212; }} a {{ color: #8ab4f8; }}"
            "</style></head>\n<body>\n"
            f'<p id="why">{html.escape(why)}</p>\n'
            f'<p><a href="/?token={html.escape(self.guard.token)}">Play a new game instead</a>'
            "</p>\n</body></html>\n"
        )
        return web.Response(status=400, text=page, content_type="text/html", headers=PAGE_HEADERS)

    def _command_for(self, path: Mapping[str, str]) -> str:
        """The game a socket's path asks for: a game code's viewer (``/game/CODE``), a deal
        (``/deal/N``), else the normal game; each checked again, as the path comes from
        anyone."""
        if "game" in path:
            code, _ = served_game(path["game"])
            if code is not None:
                return f"{self.viewer_command} watch {shlex.quote(code)}"
            return self.command
        deal = served_deal(path.get("deal"))
        return self.command if deal is None else f"{self.command} --deal {shlex.quote(deal)}"

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A browser tab connected: run a game for it until the tab or the game closes (on the
        deal in the path, when it is one: checked again, as the path comes from anyone)."""
        command = await asyncio.to_thread(self._command_for, request.match_info)
        self._refuse_when_full()
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)

        async def close() -> None:
            await websocket.close()

        session = GameSession(
            command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
        )
        # Counted from the check on, before any wait: tabs connecting at once never run more
        # than max_games games.
        self._sessions.add(session)
        try:
            await websocket.prepare(request)
        except BaseException:
            self._sessions.discard(session)
            raise
        try:
            await session.start(
                clamp_size(request.query.get("width"), 80),
                clamp_size(request.query.get("height"), 24),
            )
            await self._process_messages(websocket, session)
        except ConnectionResetError:  # written to as the tab went away: a normal close
            pass
        except Exception as error:  # a connection that broke
            log.warning(
                "A browser's game ended on an error: %s", str(error) or type(error).__name__
            )
        finally:
            try:
                await self._end_game(session)
            finally:
                self._sessions.discard(session)
                await websocket.close()
        return websocket

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """Pass a tab's messages to its game until the tab closes; drop any the page does not
        send (see :func:`~freecell_tui.ui.web.guard.parse_message`), and binary ones."""
        async for frame in websocket:
            if frame.type != WSMsgType.TEXT:
                continue
            message = parse_message(frame.data)
            if message is None:
                continue
            if message.kind == "stdin":
                # A lone surrogate is no key: dropped (as "replace" it would type a "?"); and
                # nothing is sent for nothing (an empty packet stops Textual reading its input).
                keys = message.text.encode("utf-8", "ignore")
                if keys:
                    await app_service.send_bytes(keys)
            elif message.kind == "resize":
                await app_service.set_terminal_size(message.width, message.height)
            elif message.kind == "ping":
                await websocket.send_json(["pong", message.data])
            elif message.kind == "focus":
                await app_service.focus()
            elif message.kind == "blur":
                await app_service.blur()

    async def _end_game(self, session: GameSession) -> None:
        """A tab closed: ask its game to quit, as ``q`` does; kill it if it has not within
        ``grace`` seconds. (Not ``wait_for``: textual-serve's reader swallows a cancel.)"""
        stopping = asyncio.ensure_future(session.stop())
        _done, pending = await asyncio.wait([stopping], timeout=self.grace)
        if pending:
            log.warning(
                "A game did not quit within %g s of its tab closing and was stopped; its last "
                "move is saved.",
                self.grace,
            )
            session.kill()
            await asyncio.wait(pending, timeout=self.grace)


def _one_line(record: logging.LogRecord) -> str:
    """A log record in a line: its message's first line and, for a failure, its kind (never
    the traceback textual-serve, aiohttp and asyncio log some with, nor asyncio's details)."""
    line = record.getMessage().split("\n", 1)[0]
    if record.exc_info and record.exc_info[0] is not None:
        line += f" ({record.exc_info[0].__name__})"
    return line


class _OneLine(logging.Formatter):
    """Each record as :func:`_one_line`, after the prefix."""

    def format(self, record: logging.LogRecord) -> str:
        return f"freecell-tui serve: {_one_line(record)}"


class _OncePerSecond(logging.Filter):
    """Lets a line through at most once a second: a fault repeated (a flood of bad requests, the
    system out of something) is one line a second, not one per occurrence."""

    def __init__(self) -> None:
        super().__init__()
        self._last: dict[tuple[str, str], float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        key = (record.name, _one_line(record))
        if now - self._last.get(key, -1.0) < 1.0:
            return False
        if len(self._last) > 1000:  # forget lines not seen for a second
            self._last = {k: at for k, at in self._last.items() if now - at < 1.0}
        self._last[key] = now
        return True


@contextmanager
def _warnings_on_stderr() -> Iterator[None]:
    """While serving: warnings of the server, textual-serve, aiohttp and asyncio as one line
    each on stderr (``freecell-tui serve: …``), the same line at most once a second; nothing
    below warnings."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    handler.addFilter(_OncePerSecond())
    loggers = [
        logging.getLogger(name)
        for name in ("freecell_tui.serve", "textual-serve", "aiohttp", "asyncio")
    ]
    saved = [(logger, logger.level, logger.propagate) for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.WARNING)
        logger.propagate = False
    try:
        yield
    finally:
        for logger, level, propagate in saved:
            logger.removeHandler(handler)
            logger.setLevel(level)
            logger.propagate = propagate
