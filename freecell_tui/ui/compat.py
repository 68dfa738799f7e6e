"""Every use of a private name of Textual, in one place (and the one of asyncio's that ``serve``
needs: :func:`mend_server_close_race`).

Each piece here works around something Textual does not offer (or gets wrong) in public. Each
names its upstream issue (or says that none was found and what the trouble is), holds to the
Textual versions it was checked against (:data:`CHECKED`: outside them it does nothing and
leaves Textual's own behaviour, rather than guess at another version's insides), and has a test
(``tests/ui/test_compat.py``). Nothing else in the package touches a private name of Textual:
overrides of private methods live here too, as small classes the package builds on.
"""

from __future__ import annotations

from importlib.metadata import version
from typing import Any, Final

from textual import messages, work
from textual.app import App, ComposeResult, ReturnType
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.driver import Driver
from textual.errors import NoWidget
from textual.events import Click

__all__ = [
    "CHECKED",
    "TEXTUAL",
    "GuardedCommandList",
    "SERVE_CHECKED",
    "PaletteGuards",
    "ReportingApp",
    "checked",
    "exit_app_from_driver",
    "serve_unchecked",
    "guard_input",
    "mend_server_close_race",
    "write_to_terminal",
]

#: The Textual version installed, as (major, minor).
TEXTUAL: Final = tuple(int(part) for part in version("textual").split(".")[:2])
#: The Textual versions whose insides these workarounds were checked against.
CHECKED: Final = ((8, 2),)


def checked() -> bool:
    """True when the installed Textual is one these workarounds were checked against."""
    return TEXTUAL in CHECKED


#: The textual-serve versions whose private names :mod:`.web.server` builds on were checked
#: against: ``Server._make_app`` (the routes, behind the token's middleware),
#: ``Server._process_messages`` (a tab's messages, bounded), ``AppService._build_environment``
#: (the game's driver) and ``AppService._process`` (the game's process, to wait for and kill).
#: textual-serve has no public hooks for these (upstream: no issue found in
#: Textualize/textual-serve as of 1.1.3). Unlike Textual's workarounds these carry the server's
#: security, so on another version ``serve`` does not start (:func:`serve_unchecked`).
SERVE_CHECKED: Final = ((1, 1),)


def serve_unchecked() -> str | None:
    """Why ``serve`` must not start on the installed textual-serve (``None``: it may)."""
    found = tuple(int(part) for part in version("textual-serve").split(".")[:2])
    if found in SERVE_CHECKED:
        return None
    wanted = ", ".join(f"{major}.{minor}" for major, minor in SERVE_CHECKED)
    return (
        f"textual-serve {found[0]}.{found[1]} is installed, but serve was checked against "
        f"{wanted} only: pip install 'textual-serve>=1.1,<1.2'"
    )


# ---------------------------------------------------------------------------- the terminal
def write_to_terminal(app: App[Any], text: str) -> bool:
    """Write ``text`` straight to the app's terminal (a question to the terminal, such as the
    cursor-position query of :mod:`.terminal_probe`); False when it could not be written.

    Textual has no public way to write to its driver (upstream: no issue found in Textualize/textual
    as of 8.2.8; one is to be filed asking for ``App.write_to_terminal`` or a cursor-position
    query); the driver is ``App._driver``, whose ``write`` queues behind Textual's own output."""
    driver = getattr(app, "_driver", None)
    if driver is None or not checked():
        return False
    try:
        driver.write(text)
        driver.flush()
    except (OSError, AttributeError):
        return False
    return True


def exit_app_from_driver(driver: Driver) -> None:
    """Ask the driver's app to quit, as ``q`` does, from any thread (the served game's driver,
    :mod:`.web.driver`, when the server is gone).

    A driver has no public way to reach its app but ``send_message``, which schedules on the
    app's loop and fails once that loop is closed (upstream: no issue found in Textualize/textual
    as of 8.2.8). ``Driver._app.post_message`` is thread-safe and returns quietly when the app is
    gone; on unchecked versions this falls back to ``send_message``."""
    app = getattr(driver, "_app", None) if checked() else None
    if app is not None:
        app.post_message(messages.ExitApp())
    else:
        driver.send_message(messages.ExitApp())


# ---------------------------------------------------------------------------- the app
class ReportingApp(App[ReturnType]):
    """An app told of every error that reaches Textual's last line of defence (:meth:`crashed`),
    which leaves no traceback on the player's terminal.

    Textual has no public hook for an unhandled exception: it goes to ``App._handle_exception``,
    which renders a traceback into ``App._exit_renderables`` to print at exit (upstream:
    Textualize/textual#2818, "Hook to exception handling / App hangs when _handle_exception is
    overriden", closed without a public hook). :meth:`crashed` is called on every version; the
    traceback is dropped only on the checked ones."""

    def crashed(self, error: Exception) -> None:
        """An unexpected error anywhere in the app, before Textual ends it."""

    def _handle_exception(self, error: Exception) -> None:
        self.crashed(error)
        super()._handle_exception(error)
        if checked():
            self._exit_renderables.clear()


# ---------------------------------------------------------------------------- the palette
class GuardedCommandList(CommandList):
    """The palette's list of commands, where a click on an option that is gone is nothing, and
    whose leaving stops the palette's "No matches found" countdown (see :class:`PaletteGuards`).

    A click carries the index of the option drawn under the mouse when the screen was last
    drawn; when the list changed since (a new search, the palette closing as a command opens a
    dialog) ``OptionList._on_click`` indexes past its options and raises ``IndexError``
    (upstream: no issue found in Textualize/textual as of 8.2.8; a like crash on hover was
    Textualize/textual#3270, fixed). On unchecked versions Textual's handler runs as it is."""

    async def _on_click(self, event: Click) -> None:
        # Textual calls the handler of every class up the chain, this one first: a click on an
        # option that is there goes on to the option list's own; prevent_default stops the rest.
        option = event.style.meta.get("option")
        if checked() and option is not None and not 0 <= option < self.option_count:
            event.prevent_default()

    def on_unmount(self) -> None:
        # The palette's "No matches found" countdown ends by looking this list up: it stops
        # while the list is still there (see PaletteGuards).
        palette = self.screen
        if checked() and isinstance(palette, CommandPalette):
            palette._stop_no_matches_countdown()


class PaletteGuards(CommandPalette):
    """Textual's command palette without its known crash paths (each guarded here):

    - ``PageDown`` while the results are still loading: the option list pages before its lines
      are built (``KeyError``/``IndexError`` in ``_action_command_list``; upstream: no issue
      found in Textualize/textual as of 8.2.8).
    - a click where no widget is (the terminal shrank since): ``NoWidget`` in ``_on_click``
      (upstream: Textualize/textual#3777, "NoWidget ... crash when clicking on the terminal after
      new screen was recently pushed", closed; the palette's own handler still raises).
    - a search still running as the palette closes: ``NoMatches`` in the ``_gather_commands``
      worker, which by default exits the app (upstream: no issue found as of 8.2.8).
    - "No matches found" shown after the palette's list is gone: ``NoMatches`` in the timer set
      by ``_start_no_matches_countdown``, whose callback looks the list up (upstream: no issue
      found as of 8.2.8). The countdown stops as :class:`GuardedCommandList` leaves, and does
      not start once it is gone.
    - a click on an option that is gone: :class:`GuardedCommandList`, composed in place of
      Textual's ``CommandList``.

    On unchecked versions each runs Textual's own code unguarded."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if checked() and type(widget) is CommandList:
                yield GuardedCommandList()
            else:
                yield widget

    def _action_command_list(self, action: str) -> None:
        if not checked():
            return super()._action_command_list(action)
        try:
            super()._action_command_list(action)
        except (KeyError, IndexError):  # paging before the list's lines are built
            return

    def _on_click(self, event: Click) -> None:  # type: ignore[override]
        # Textual calls the handler of every class up the chain: prevent_default stops it calling
        # the palette's own after this one.
        event.prevent_default()
        try:
            super()._on_click(event)
        except NoWidget:  # a click where no widget is (the terminal shrank): nothing to do
            if not checked():
                raise

    @work(
        exclusive=True,
        group=getattr(CommandPalette, "_GATHER_COMMANDS_GROUP", "--textual-command-palette"),
        exit_on_error=not checked(),
    )
    async def _gather_commands(self, search_value: str) -> None:
        # The palette's own search, whose failure once the palette is gone no longer ends the
        # game (a failed worker without exit_on_error is just a failed worker).
        gather = CommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]
        try:
            await gather(self, search_value)
        except NoMatches:  # the palette closed while it searched
            if not checked():
                raise

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # A search that ends after the list is gone (the palette closing) starts no countdown.
        if checked() and not self.query(GuardedCommandList):
            return
        super()._start_no_matches_countdown(search_value)


# ---------------------------------------------------------------------- pastes with escapes
PASTE_START: Final = "\x1b[200~"
PASTE_END: Final = "\x1b[201~"
#: What completes an escape character as the Escape key (kitty's CSI-u code for it).
ESCAPE_KEY_TAIL: Final = "[27u"


class PasteSanitizer:
    """Drops the escape characters inside a bracketed paste, all but its end marker's, as
    terminals that sanitize pastes do: the paste then reaches the app as one ``Paste`` event.

    Textual's terminal parser reads an escape character inside a paste as the start of a key
    sequence and hands everything after it to the app as keys, one event a character (100 KB of
    pasted text with colour codes: 100,000 keys, a minute of work). Upstream: no issue found in
    Textualize/textual (8.2.8: ``XTermParser._parse``, the escape branch, runs in paste mode too).
    Fed the terminal's input read by read: a paste may span reads, and nothing outside a paste
    is ever held back (a lone Escape key goes on at once)."""

    def __init__(self) -> None:
        self.in_paste = False
        self._seen = ""  # outside a paste: the last characters, a start marker's head
        self._held = ""  # inside a paste: a tail that may be the end marker's head

    def __call__(self, data: str) -> str:
        out: list[str] = []
        while data:
            if not self.in_paste:
                look = self._seen + data
                found = look.find(PASTE_START)
                if found < 0:
                    out.append(data)
                    self._seen = look[-(len(PASTE_START) - 1) :]
                    break
                end = found + len(PASTE_START) - len(self._seen)
                out.append(data[:end])
                data, self._seen, self.in_paste = data[end:], "", True
                continue
            data, self._held = self._held + data, ""
            found = data.find(PASTE_END)
            if found < 0:
                tail = data.rfind("\x1b")
                if tail >= 0 and PASTE_END.startswith(data[tail:]):
                    self._held, data = data[tail:], data[:tail]
                out.append(data.replace("\x1b", ""))
                break
            out.append(data[:found].replace("\x1b", "") + PASTE_END)
            data, self.in_paste = data[found + len(PASTE_END) :], False
        return "".join(out)


class EscapeSplitter:
    """Makes an Escape typed just before another key two keys, as typed.

    Textual's terminal parser reads an escape character and the character after it within
    ``ESCAPE_DELAY`` as one key: ``Esc`` then ``3`` typed quickly, or handed over in one read,
    becomes ``£`` (a macOS option key), ``Esc`` then ``a`` becomes ``alt+a``; both keys are lost.
    The game has no Alt keys, so an escape followed by a printable character that does not begin
    a terminal sequence (``[`` or ``O``) is the Escape key and then that character: the escape
    is completed as the Escape key's CSI-u sequence (``ESC [27u``, which Textual reads as
    ``escape``) before the character. Upstream: no issue found in Textualize/textual (8.2.8:
    ``XTermParser._parse``, the escape branch). Fed the terminal's input read by read (the
    escape may end one read, the key begin the next); :meth:`escape_sent` is told when the
    parser gave up waiting and sent a lone Escape on its own."""

    def __init__(self) -> None:
        self._after_escape = False  # the last character fed was an escape, still pending

    def __call__(self, data: str) -> str:
        out: list[str] = []
        for character in data:
            if self._after_escape and character.isprintable() and character not in "[O":
                out.append(ESCAPE_KEY_TAIL)
            out.append(character)
            self._after_escape = character == "\x1b"
        return "".join(out)

    def escape_sent(self) -> None:
        """The parser sent the pending escape as a key: what comes next stands alone."""
        self._after_escape = False


def guard_input() -> bool:
    """Make the terminal drivers' parser (a terminal's and a browser's) read a paste with escapes
    as one paste (see :class:`PasteSanitizer`) and an Escape typed before a key as two keys (see
    :class:`EscapeSplitter`); False on an unchecked Textual or where there is no such driver."""
    if not checked():
        return False
    try:
        from textual._xterm_parser import XTermParser
        from textual.drivers import linux_driver, web_driver
    except ImportError:  # not a POSIX terminal
        return False

    class GuardingParser(XTermParser):
        guards_input = True

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._sanitize = PasteSanitizer()
            self._split = EscapeSplitter()

        def feed(self, data: str) -> Any:
            return super().feed(self._split(self._sanitize(data)) if data else data)

        def tick(self) -> Any:
            for event in super().tick():
                self._split.escape_sent()
                yield event

    for driver in (linux_driver, web_driver):
        if not getattr(getattr(driver, "XTermParser", None), "guards_input", False):
            setattr(driver, "XTermParser", GuardingParser)  # noqa: B010 (a module's private name)
    return True


# ---------------------------------------------------------------------------- asyncio (serve)
def mend_server_close_race() -> bool:
    """Let a closed :class:`asyncio.Server` be told twice that its last connection went; True
    when mended (CPython 3.13 and later, while a second wake-up raises).

    Upstream: python/cpython#109564 ("Race condition in asyncio.Server.close", open; the
    ``None`` check of python/cpython#126660 was not merged). Since 3.13 a connection's transport
    collected unclosed after its server closed tells the server it went
    (``_SelectorTransport.__del__`` calls ``Server._detach``); when two such transports are
    collected together (a reference cycle), or one after the server closed with no connection
    left, ``Server._wakeup`` runs twice and the second raises ``TypeError`` — printed on the
    server's stderr as it stops ("Exception ignored in ... __del__"). The mend: a second wake-up
    does nothing. Before 3.13 a transport's ``__del__`` does not tell the server."""
    import sys
    from asyncio import base_events

    server: Any = base_events.Server
    wakeup = server._wakeup
    if getattr(wakeup, "mended", False):
        return True
    if sys.version_info < (3, 13) or _wakes_twice(server):
        return False

    def _wakeup(self: Any) -> None:
        if self._waiters is not None:
            wakeup(self)

    _wakeup.mended = True
    server._wakeup = _wakeup
    return True


def _wakes_twice(server: Any) -> bool:
    """Whether ``server`` (asyncio's ``Server`` class) may be woken a second time."""
    woken = object.__new__(server)
    woken._waiters = None  # as the first wake-up leaves it
    try:
        server._wakeup(woken)
    except TypeError:
        return False
    return True
