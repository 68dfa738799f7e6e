"""Pilot's idle is the app's idle.

Textual's Pilot waits after each key or click until the process stops using the CPU, for at most a
second (``textual._wait.wait_for_idle``, which compares process time with wall time over 20 ms).
Two things make that wait longer than the work it waits for:

- The game runs its solver searches in worker threads, so while one runs the process is never
  idle and every wait lasts the full second, though the app has long since handled the event. Here
  the CPU looked at is the event loop's thread's (``thread_time``).
- A 20 ms look is needed only to see a screen's next refresh: Textual draws changes on a timer
  (``MAX_FPS``, 60 a second), so a look shorter than its period could end before the refresh it
  is waiting for. Here the looks are 2 ms, and the app is idle only when its screen has no
  refresh still to draw (a layout, a scroll, a recompose, a dirty widget or a callback waiting
  for the refresh), no resize waits to reach the screens, updates are not held back, and no
  message waits in the app's queue or any of its nodes'.

A look in which the loop's thread did not get the CPU (the sleep overran: a loaded machine) says
nothing, and is not taken for idle. What is pending is read off Textual's insides (checked on
Textual 8.2.8; a Textual without them fails here loudly rather than waiting too little). Nothing a test checks changes: tests that wait for a search
wait on its result, with a deadline.
"""

from __future__ import annotations

from asyncio import sleep
from time import monotonic, thread_time

import textual.app
import textual.pilot
from textual._context import active_app

#: How often to look, and how little work in a look counts as none (as Textual's ``_wait``).
SLEEP_GRANULARITY = 1 / 500
SLEEP_IDLE = SLEEP_GRANULARITY / 20.0
#: A look that took longer than this had the loop's thread waiting for a CPU: it proves nothing.
OVERRUN = 3 * SLEEP_GRANULARITY


def app_busy() -> bool:
    """The running app has a refresh to draw or a message to handle (False with no app)."""
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


def install() -> None:
    """Use :func:`wait_for_idle` wherever Textual's app and Pilot wait for idle (a Textual that
    no longer has the name keeps its own)."""
    for module in (textual.app, textual.pilot):
        if hasattr(module, "wait_for_idle"):
            module.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
