"""Textual's private names the tests use, here only (the game's own are in
``freecell_tui/ui/compat.py``).

Each use says in one line why no public name does it, and first calls :func:`checked`, which
fails saying so when the Textual installed is not the minor version these uses were read against
(:data:`CHECKED`): a private name may change in any release, and a use that silently did less
(a wait that waits too little, a size the driver no longer reads) would make tests pass that
should not. On a new Textual, read each use against its source, then change :data:`CHECKED`.

Three speed-ups for every test process are installed from ``conftest.py``:

**Pilot's idle is the app's idle** (:func:`install_idle`). Textual's Pilot waits after each key
or click until the process stops using the CPU, for at most a second (``textual._wait``'s
``wait_for_idle``, which compares process time with wall time over 20 ms). Two things make that
wait longer than the work it waits for:

- The game runs its solver searches in worker threads, so while one runs the process is never
  idle and every wait lasts the full second, though the app has long since handled the event.
  Here the CPU looked at is the event loop's thread's (``thread_time``).
- A 20 ms look is needed only to see a screen's next refresh: Textual draws changes on a timer
  (``MAX_FPS``, 60 a second), so a look shorter than its period could end before the refresh it
  is waiting for. Here the looks are 2 ms, and the app is idle only when its screen has no
  refresh still to draw (a layout, a scroll, a recompose, a dirty widget or a callback waiting
  for the refresh), no resize waits to reach the screens, updates are not held back, and no
  message waits in the app's queue or any of its nodes'.

A look in which the loop's thread did not get the CPU (the sleep overran: a loaded machine)
says nothing, and is not taken for idle. Nothing a test checks changes: tests that wait for a
search wait on its result, with a deadline (``tests/waiting.py``).

**Each piece of CSS is parsed once in a test process** (:func:`install_css_once`). Textual
parses the CSS of the app and of each widget class it meets (``Stylesheet._parse_rules``) for
every app, and keeps what it parsed in that app's stylesheet only; a test process starts the
game hundreds of times (some 11 ms of a 100 ms start, a dialog's first opening up to 10 ms
more). Here the parsed rules are kept for the process, by everything the parse depends on: the
CSS, where it was read from, whether it is a widget's default CSS, its tie breaker and scope,
and the CSS variables (the theme). Textual already hands one parse's rules to every later parse
of the same CSS in an app (they are not changed once parsed). A parse that fails is not kept (it
raises again). The game gets the rules a parse of its CSS gives.

**A frame nobody sees is not drawn** (:func:`install_frames_on_demand`). Under Pilot the app is
headless: Textual composes every frame (``Compositor.render_update``, a third of a UI test's
time) and its headless driver throws it away. Here a headless app composes what it shows only
when a test reads it (:func:`screen_lines`, a widget's lines, a screenshot: each composes the
screen afresh), and once as each Pilot session ends: the last screen of every test is drawn whole,
so a widget that cannot draw what it was left showing fails the test. The tests whose subject is
drawing, while keys, clicks and resizes come (the storms, the crashes they found, terminals too
small), are marked ``frames`` and draw every frame, as a terminal's app does (:func:`every_frame`).
"""

from __future__ import annotations

from asyncio import sleep
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from functools import partial
from importlib.metadata import version
from itertools import count
from time import monotonic, thread_time
from types import ModuleType
from typing import Any, Final

import textual._parser
import textual._time
import textual.app
import textual.pilot
from textual._compositor import Compositor
from textual._context import active_app
from textual.app import App
from textual.command import CommandPalette
from textual.css.stylesheet import Stylesheet
from textual.driver import Driver
from textual.geometry import Size
from textual.keys import _character_to_key
from textual.pilot import Pilot
from textual.screen import Screen

#: The Textual installed, and the minor version every use here was read against.
TEXTUAL: Final = tuple(int(part) for part in version("textual").split(".")[:2])
CHECKED: Final = (8, 2)


def checked() -> None:
    """Fail, saying what to do, unless the Textual installed is the one read (:data:`CHECKED`)."""
    if TEXTUAL != CHECKED:
        raise RuntimeError(
            f"tests/harness.py uses private names of Textual {CHECKED[0]}.{CHECKED[1]}, and "
            f"Textual {version('textual')} is installed: read each use against its source, "
            "then change CHECKED"
        )


# ---------------------------------------------------------------------- Pilot's idle
#: How often to look, and how little work in a look counts as none (as Textual's ``_wait``).
SLEEP_GRANULARITY = 1 / 500
SLEEP_IDLE = SLEEP_GRANULARITY / 20.0
#: A look that took longer than this had the loop's thread waiting for a CPU: it proves nothing.
OVERRUN = 3 * SLEEP_GRANULARITY


def app_busy() -> bool:
    """The running app has a refresh to draw or a message to handle (False with no app)."""
    checked()  # what is still to draw is kept in the app's and the screen's private fields only
    try:
        app = active_app.get()
        screen = app.screen
    except Exception:  # no app, or none of its screens left: nothing more will be drawn
        return False
    if app._exit:  # leaving: it draws nothing more (its updates stay held back as it closes)
        return False
    if (
        app._resize_timer is not None  # a resize waits to reach the screens (1/120 s)
        or app._batch_count  # updates held back (a screen switch's delay)
        or screen._layout_required
        or screen._scroll_required
        or screen._recompose_required
        or screen._dirty_widgets
        or screen._callbacks
    ):
        return True
    return any(node.message_queue_size for node in (app, *app._registry))


async def wait_for_idle(min_sleep: float = SLEEP_GRANULARITY, max_sleep: float = 1) -> None:
    """Wait until the app is idle (see the module's docstring), ``max_sleep`` at most."""
    start = monotonic()
    while True:
        cpu = thread_time()
        before = monotonic()
        await sleep(SLEEP_GRANULARITY)
        now = monotonic()
        if now - start >= max_sleep:
            return
        if (
            now - start > min_sleep
            and now - before < OVERRUN
            and thread_time() - cpu < SLEEP_IDLE
            and not app_busy()
        ):
            return


def install_idle() -> None:
    """Use :func:`wait_for_idle` wherever Textual's app and Pilot wait for idle."""
    checked()  # the wait is a module-level function of textual._wait, imported by both: no hook
    for module in (textual.app, textual.pilot):
        module.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- CSS once
#: The parsed rules of each (CSS, read from, default, tie breaker, scope, variables).
_PARSED: dict[tuple[Any, ...], Any] = {}


def install_css_once() -> None:
    """Keep each parse of CSS for the process (see the module's docstring)."""
    checked()  # Textual keeps parsed CSS per app; only its private parse can be shared
    parse_rules = Stylesheet._parse_rules

    def parse_once(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> Any:
        variables = tuple(sorted(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
        rules = _PARSED.get(key)
        if rules is None:
            rules = _PARSED[key] = parse_rules(
                self, css, read_from, is_default_rules, tie_breaker, scope
            )
        return rules

    Stylesheet._parse_rules = parse_once  # type: ignore[method-assign]


# ---------------------------------------------------------------------- frames
#: Whether headless apps draw every frame (the test running is marked ``frames``).
_every_frame = False


@contextmanager
def every_frame() -> Iterator[None]:
    """Within: headless apps draw every frame, as an app in a terminal does."""
    global _every_frame
    before, _every_frame = _every_frame, True
    try:
        yield
    finally:
        _every_frame = before


def draw(app: App[Any]) -> None:
    """Draw the app's screen whole (over the screens below it), as a terminal gets it first."""
    checked()  # the compositor draws frames; public only as an SVG screenshot
    app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)


def install_frames_on_demand() -> None:
    """Headless apps draw frames only when read, and each Pilot session's last screen (see the
    module's docstring)."""
    checked()  # a frame is composed in the compositor's render_update; no public switch
    render_update = Compositor.render_update
    run_test = App.run_test

    def frame_if_seen(
        self: Compositor,
        full: bool = False,
        screen_stack: list[Screen[Any]] | None = None,
        simplify: bool = False,
    ) -> Any:
        app = active_app.get(None)
        if full or _every_frame or app is None or not app.is_headless:
            return render_update(self, full, screen_stack, simplify)
        self._dirty_regions.clear()  # a headless driver would have dropped them
        return None

    @asynccontextmanager
    async def run_test_last_screen_drawn(
        self: App[Any], *args: Any, **kwargs: Any
    ) -> AsyncIterator[Pilot[Any]]:
        async with run_test(self, *args, **kwargs) as pilot:
            yield pilot
            if self.is_running and not self._exit:  # an app leaving draws nothing more
                draw(self)

    Compositor.render_update = frame_if_seen  # type: ignore[method-assign]
    App.run_test = run_test_last_screen_drawn  # type: ignore[assignment,method-assign]


# ---------------------------------------------------------------------- keys
def key_of(character: str) -> str:
    """The name of the key that types ``character`` (``:`` is ``colon``), as a terminal's."""
    checked()  # Pilot.press names keys so, but only privately; a Key event needs the name
    return _character_to_key(character)


# ---------------------------------------------------------------------- what is drawn
def screen_lines(app: App[Any]) -> list[str]:
    """The screen as the terminal gets it (every widget composed)."""
    checked()  # the composed screen is the compositor's; public only as an SVG screenshot
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_stack(app: App[Any]) -> list[Screen[Any]]:
    """The app's own list of screens (changing it changes the app's stack)."""
    checked()  # App.screen_stack is a copy; a test empties the stack itself
    return app._screen_stacks[app._current_mode]


def exit_renderables(app: App[Any]) -> list[Any]:
    """What the app will print to the terminal as it exits (a crash's traceback)."""
    checked()  # kept only in a private list until the app has exited
    return app._exit_renderables


# ---------------------------------------------------------------------- the driver
def driver(app: App[Any]) -> Driver:
    """The running app's driver (the headless one under Pilot)."""
    checked()  # input sent through the driver arrives as a terminal's does; no public handle
    found = app._driver
    assert found is not None, "the app is not running"
    return found


def set_driver(app: App[Any], fake: object) -> None:
    """Give the app ``fake`` for its driver (an app not running has none)."""
    checked()  # what ui/compat.write_to_terminal writes through
    app._driver = fake  # type: ignore[assignment]


def set_terminal_size(app: App[Any], size: Size) -> None:
    """What the headless driver says the terminal's size is (before a ``Resize`` is posted)."""
    checked()  # the headless driver keeps the size it reports in a private field
    driver(app)._size = size  # type: ignore[attr-defined]


class FakeDriver:
    """A driver as ``ui/compat.exit_app_from_driver`` sees it: its app (kept where Textual's
    driver keeps it), what was posted to that app, and what was sent through the driver."""

    def __init__(self) -> None:
        self._app = self
        self.posted: list[object] = []
        self.sent: list[object] = []

    def post_message(self, message: object) -> bool:
        self.posted.append(message)
        return True

    def send_message(self, message: object) -> None:
        self.sent.append(message)


def input_parser(driver_module: ModuleType) -> Any:
    """A new parser of the terminal's input, as the driver of ``driver_module`` makes it."""
    checked()  # the parser is textual._xterm_parser's, which each driver imports
    return driver_module.XTermParser()


@contextmanager
def parser_wait_over() -> Iterator[None]:
    """Within: the parsers' clock says their wait for more of an escape sequence is over."""
    checked()  # the parser reads the time through textual._parser's own name for it
    get_time = textual._parser.get_time
    textual._parser.get_time = lambda: 1e12
    try:
        yield
    finally:
        textual._parser.get_time = get_time


@contextmanager
def timers_clock_moves() -> Iterator[None]:
    """Within: the clock Textual's timers read moves on a microsecond between any two reads, as
    a machine's does when the timer's task is slow (or slowed): a timer reads it twice before
    its first wait."""
    checked()  # the timers read the time through textual._time's own name for it
    get_time = textual._time.get_time
    reads = count(1)
    textual._time.get_time = lambda: get_time() + next(reads) * 1e-6
    try:
        yield
    finally:
        textual._time.get_time = get_time


# ---------------------------------------------------------------------- Pilot and the palette
@contextmanager
def screen_waits_cut(pilot: Pilot[Any], seconds: float) -> Iterator[None]:
    """Within: Pilot waits ``seconds`` at most (not 30) for the screen an event was sent to."""
    checked()  # Pilot's wait for a screen has no public timeout
    wait = pilot._wait_for_screen
    pilot._wait_for_screen = partial(wait, timeout=seconds)  # type: ignore[method-assign]
    try:
        yield
    finally:
        pilot._wait_for_screen = wait  # type: ignore[method-assign]


def no_matches_due(palette: CommandPalette) -> bool:
    """The palette's "No matches found" is due (its countdown is running)."""
    checked()  # the countdown is a private timer
    return palette._no_matches_timer is not None


def end_search_finding_nothing(palette: CommandPalette, search_value: str) -> None:
    """What the palette's search does as it ends having found nothing for ``search_value``."""
    checked()  # the search worker calls this private method; the moment is made certain here
    palette._start_no_matches_countdown(search_value)


def no_matches_seconds() -> float:
    """How long the palette waits before it says "No matches found"."""
    checked()  # a private constant of the palette
    return CommandPalette._NO_MATCHES_COUNTDOWN


def page_command_list(palette: CommandPalette, action: str) -> None:
    """Run the palette's action on its list of commands (``page_down``…) as its key does."""
    checked()  # the palette's binding calls this private action; a key press could not raise
    palette._action_command_list(action)
