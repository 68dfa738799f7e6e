"""Pilot's idle is the event loop's idle.

Textual's Pilot waits after each key or click until the process stops using the CPU, for at most a
second (``textual._wait.wait_for_idle``, which compares process time with wall time). The game runs
its solver searches in worker threads, so while one runs the process is never idle and every wait
lasts the full second, though the app has long since handled the event. Here the same rule is kept
for the thread that runs the app: the wait ends when the event loop's thread stops working.
Nothing a test checks changes: tests that wait for a search wait on its result, with a deadline.
"""

from __future__ import annotations

from asyncio import sleep
from time import monotonic, thread_time

import textual.app
import textual.pilot

#: As Textual's ``textual._wait``: how often to look, and how little work counts as none.
SLEEP_GRANULARITY = 1 / 50
SLEEP_IDLE = SLEEP_GRANULARITY / 20.0


async def wait_for_idle(min_sleep: float = SLEEP_GRANULARITY, max_sleep: float = 1) -> None:
    """Wait until the event loop's thread has stopped working (``max_sleep`` at most)."""
    start = monotonic()
    while True:
        cpu = thread_time()
        await sleep(SLEEP_GRANULARITY)
        elapsed = monotonic() - start
        if elapsed >= max_sleep:
            return
        if elapsed > min_sleep and thread_time() - cpu < SLEEP_IDLE:
            return


def install() -> None:
    """Use :func:`wait_for_idle` wherever Textual's app and Pilot wait for idle (a Textual that
    no longer has the name keeps its own)."""
    for module in (textual.app, textual.pilot):
        if hasattr(module, "wait_for_idle"):
            module.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
