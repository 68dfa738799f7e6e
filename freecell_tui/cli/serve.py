"""``freecell-tui serve``: the full-screen game in web browsers (the ``web`` extra, textual-serve).

Each browser tab that opens the page plays its own copy of the game, started as
``python -m freecell_tui --data-dir DIR …`` with the options given here; they share the data
folder as several terminals would. The server itself never loads Textual (see
:mod:`freecell_tui.ui.web.server`).

Nothing is served without the secret token in the address it prints (``/?token=…``, new at
every start): see docs/security.md.

Exit codes: 0 when stopped with Ctrl+C or SIGTERM (the games are saved first), 1 when the
address cannot be listened on (the port is in use) or the data folder cannot be written, 2 for
bad arguments or a missing ``web`` extra.
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import os
import secrets
import shlex
import socket
import sys
from datetime import date
from pathlib import Path
from typing import Any

from freecell_tui.cli import COMMAND_HELP, add_game_options, fail
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import game_start
from freecell_tui.core.daily import TODAY, daily_day
from freecell_tui.core.errors import FreeCellError, NotationError
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import Variant
from freecell_tui.core.words import os_reason, printable
from freecell_tui.lazy import frozen_imports
from freecell_tui.paths import data_dir as default_data_dir

PROG = "freecell-tui serve"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_GAMES = 8  # freecell_tui.ui.web.server.MAX_GAMES, without importing the web extra
INSTALL_HINT = "playing in a browser needs textual-serve: pip install 'freecell-tui[web]'"
#: Top-level modules of the web extra: when one is missing, say how to install it.
WEB_MODULES = frozenset({"textual_serve", "aiohttp", "aiohttp_jinja2", "jinja2"})


def port_number(text: str) -> int:
    """``--port``: a TCP port, 1 to 65535."""
    try:
        port = int(text)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number: use 1 to 65535")
    return port


def host_address(text: str) -> str:
    """``--host``: a name or address that can be looked up (at most 253 characters, each
    label at most 63; an international name is encoded as IDNA)."""
    try:
        encoded = text.strip("[]").encode("idna")
    except UnicodeError:
        encoded = b""
    if (text and not encoded) or len(encoded) > 253 or "\0" in text:
        raise argparse.ArgumentTypeError(
            f"{printable(repr(text[:40]))} is not a host name or address"
        )
    return text


def games_count(text: str) -> int:
    """``--max-games``: 1 to 1000."""
    try:
        count = int(text)
    except ValueError:
        count = 0
    if not 1 <= count <= 1000:
        raise argparse.ArgumentTypeError(
            f"{printable(repr(text[:40]))} is not a number of games: use 1 to 1000"
        )
    return count


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help=COMMAND_HELP["serve"],
        description=(
            "Serve the full-screen game to web browsers: open the address it prints. Every "
            "browser tab plays its own game; all share the data folder, so a game left "
            "unfinished is offered again, in a browser or in a terminal. Ctrl+C stops the "
            "server; the games in progress are saved first. Needs the web extra: "
            "pip install 'freecell-tui[web]'."
        ),
    )
    parser.add_argument(
        "--host",
        type=host_address,
        default=DEFAULT_HOST,
        metavar="ADDRESS",
        help=(
            f"the address to listen on (default {DEFAULT_HOST}: this computer only); "
            "0.0.0.0 listens on every address, for other devices: anyone who has the address "
            "printed, with its token, can play, see and change the saves, and export and "
            "import files as your user"
        ),
    )
    parser.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        metavar="PORT",
        help=f"the TCP port to listen on, 1 to 65535 (default {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--max-games",
        type=games_count,
        default=DEFAULT_MAX_GAMES,
        metavar="N",
        help=(
            f"how many games (browser tabs) may be played at once, 1 to 1000 (default "
            f"{DEFAULT_MAX_GAMES}); the next tab is told to wait"
        ),
    )
    add_game_options(parser)
    parser.set_defaults(handler=run)


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` lets only this computer in."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def browser_url(host: str, port: int, token: str = "") -> str:
    """The address to open in a browser on this computer (with ``?token=`` when given)."""
    shown = host.strip("[]")
    if shown in ("", "0.0.0.0"):
        shown = "127.0.0.1"
    elif shown == "::":
        shown = "::1"
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def browser_urls(host: str, port: int, token: str, others: list[str]) -> list[str]:
    """The addresses to open: for a wildcard (every address), one for each of ``others`` (this
    computer's addresses other devices may use; IPv6 ones only when listening on ``::``) and
    last this computer's own; else the one address."""
    shown = host.strip("[]")
    if shown not in ("", "0.0.0.0", "::"):
        return [browser_url(host, port, token)]
    usable = [a for a in others if ":" not in a or shown == "::"]
    return [browser_url(a, port, token) for a in usable] + [browser_url(host, port, token)]


def served_argv(
    data_dir: Path,
    *,
    deal: int | None = None,
    autoplay: AutoplayMode | None = None,
    ascii: bool = False,
    daily: bool | date = False,
    variant: Variant | None = None,
) -> list[str]:
    """The command line of the game each browser tab plays (``daily``: the daily deal of the
    day the tab opens, or of that date; ``variant``: the game, when one was asked for)."""
    argv = [sys.executable, "-m", "freecell_tui", "--data-dir", str(data_dir)]
    if deal is not None:
        argv += ["--deal", str(deal)]
    if isinstance(daily, date):
        argv.append(f"--daily={daily.isoformat()}")
    elif daily:
        argv.append("--daily")
    if autoplay is not None:
        argv += ["--autoplay", str(autoplay)]
    if ascii:
        argv.append("--ascii")
    if variant is not None:
        argv += ["--game", variant.key, "--cells", str(variant.cells)]
    return argv


def shell_command(argv: list[str]) -> str:
    """``argv`` as a command line for ``/bin/sh -c`` (textual-serve runs its command through
    the shell): every word quoted, so spaces, quotes and ``$`` in a path are only characters;
    ``exec`` so the game is the shell's process and not its child."""
    command = shlex.join(argv)
    return f"exec {command}" if os.name == "posix" else command


def _game_options(
    args: argparse.Namespace,
) -> tuple[int | None, AutoplayMode | None, bool | date, Variant | None]:
    """The deal, the autoplay mode, the daily deal and the game asked for (``FreeCellError``
    for bad ones): the daily is ``True`` for today's (the day each tab opens), or a date; a game
    code's deal is played in the code's game."""
    variant: Variant | None = getattr(args, "variant", None)
    deal: int | None = None
    if getattr(args, "deal", None) is not None:
        start, variant = game_start(args.deal, variant)
        if isinstance(start, GameState):
            raise NotationError("that game code starts from a custom position, not a numbered deal")
        deal = start
    asked = getattr(args, "daily", False)
    if deal is not None and asked:
        raise NotationError("--daily and --deal both choose the deal: give one of them")
    daily: bool | date = asked is True or asked == TODAY
    if not daily:
        try:
            daily = daily_day(asked, date.today()) or False
        except NotationError as error:
            raise NotationError(f"--daily: {error}") from None
    mode = getattr(args, "autoplay", None)
    return deal, AutoplayMode.parse(mode) if mode is not None else None, daily, variant


def run(args: argparse.Namespace) -> int:
    try:
        deal, autoplay, daily, variant = _game_options(args)
    except FreeCellError as error:
        return fail(PROG, str(error))
    try:
        with frozen_imports():
            from freecell_tui.ui.compat import serve_unchecked
            from freecell_tui.ui.web.guard import machine_addresses
            from freecell_tui.ui.web.server import GameServer
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in WEB_MODULES:
            raise
        return fail(PROG, INSTALL_HINT)

    data_dir = default_data_dir(getattr(args, "data_dir", None)).absolute()
    problem = serve_unchecked() or _check_data_dir(data_dir)
    if problem is not None:
        return fail(PROG, problem, 1)
    with frozen_imports():  # the themes' and keys' checks import Textual's styles
        _check_config()
    host, port = args.host, args.port
    if not is_loopback(host):
        print(
            f"{PROG}: warning: listening on {printable(host) or 'every address'}: anyone who "
            "has the address printed below, with its token, can play, see and change the "
            "saves, and export and import files as your user; the connection is not "
            "encrypted, so use it only on a network you trust.",
            file=sys.stderr,
        )
    argv = served_argv(
        data_dir,
        deal=deal,
        autoplay=autoplay,
        ascii=getattr(args, "ascii", False),
        daily=daily,
        variant=variant,
    )
    token = secrets.token_urlsafe(24)
    # ``?game=CODE`` opens the viewer (``watch CODE``): the deal and autoplay options are the
    # normal game's, not the viewer's.
    viewer = served_argv(data_dir, ascii=getattr(args, "ascii", False))
    server = GameServer(
        shell_command(argv),
        viewer_command=shell_command(viewer),
        host=host,
        port=port,
        token=token,
        max_games=getattr(args, "max_games", DEFAULT_MAX_GAMES),
    )

    listening = False

    def ready() -> None:
        nonlocal listening
        listening = True
        urls = browser_urls(host, port, token, machine_addresses())
        saves = f"Saves: {printable(str(data_dir))}. Ctrl+C stops."
        if len(urls) == 1:
            print(f"FreeCell is served at {urls[0]}: open it in a web browser. {saves}")
        else:
            print("FreeCell is served at these addresses: open one in a web browser.")
            for url in urls[:-1]:
                print(f"  {url}")
            print(f"  {urls[-1]}  (this computer)")
            print(saves)
        sys.stdout.flush()

    try:
        server.run(ready)
    except OSError as error:
        if listening:  # not expected: the server's own errors are logged as warnings
            return fail(PROG, f"the server stopped: {os_reason(error)}", 1)
        return fail(
            PROG, f"cannot listen on {host or 'every address'} port {port}: {_why(error)}", 1
        )
    except UnicodeError:  # a name the system's resolver cannot take
        return fail(PROG, f"cannot listen on {host!r} port {port}: not a host name", 1)
    print("Stopped. Unfinished games are saved for next time.", flush=True)
    return 0


def _why(error: OSError) -> str:
    """Why the address could not be listened on, in a few lower-case words."""
    if error.errno == errno.EADDRINUSE:
        return "the port is in use: stop what uses it, or choose another with --port"
    if isinstance(error, socket.gaierror) or not error.errno:
        return os_reason(error)  # an unknown host name: "name or service not known"
    return os.strerror(error.errno).lower()  # asyncio's own text repeats the address


def _check_config() -> None:
    """Read the config file once, as each game will (each reads it at its start, so a change
    applies to the next tab opened): its problems on stderr."""
    from freecell_tui.config import read_config
    from freecell_tui.ui.keymap import effective_keys
    from freecell_tui.ui.themes import config_theme, known_themes

    config = read_config()
    themed = config_theme(config, known_themes())
    for problem in (*config.problems, *themed.problems, *effective_keys(config.keys)[1]):
        print(f"{PROG}: warning: {printable(problem)}", file=sys.stderr)


def _check_data_dir(data_dir: Path) -> str | None:
    """Open the data folder once, as each game will: its warnings on stderr, and the reason
    when games could not be kept there (the folder cannot be created or written)."""
    from freecell_tui.store import Store
    from freecell_tui.store.database import MEMORY_NOTE

    opened = Store.open(data_dir)
    kept = opened.store.path is not None
    opened.store.close()
    warnings = [warning for warning in opened.warnings if warning != MEMORY_NOTE]
    if not kept:
        return " ".join([*warnings, "Games played in a browser could not be kept."])
    for warning in warnings:
        print(f"{PROG}: warning: {printable(warning)}", file=sys.stderr)
    return None
