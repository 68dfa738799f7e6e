"""The tests' one wait: look at a condition until it holds, with a deadline.

:func:`wait_for` waits in a thread (a program, a server, a worker thread, a file);
:func:`wait_for_app` waits in the event loop, letting the app (through its Pilot) or the loop's
other tasks run between looks. Both return what the condition answered (not ``None``/false), so
a test can wait for a value and use it; past the deadline they fail saying what never came and
how long they waited. The deadline only stops a broken test (the suite runs on loaded cores): a
healthy run takes a fraction of it, and no test times anything with it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from textual.pilot import Pilot

T = TypeVar("T")

#: Seconds a wait may take before the test fails.
TIMEOUT = 60.0
#: Seconds between looks: a thread's (a look may read a database or ask a server), the app's.
EVERY = 0.05
APP_EVERY = 0.02


def wait_for(
    condition: Callable[[], T | None],
    what: str,
    timeout: float = TIMEOUT,
    *,
    every: float = EVERY,
    detail: Callable[[], str] | None = None,
) -> T:
    """Look at ``condition`` every ``every`` seconds until it answers something (not
    ``None``/false) and return that; after ``timeout`` seconds fail saying ``what`` was awaited
    (and ``detail()``: what the test saw meanwhile)."""
    start = time.monotonic()
    while not (answer := condition()):
        waited = time.monotonic() - start
        if waited > timeout:
            _fail(what, waited, detail)
        time.sleep(every)
    return answer


async def wait_for_app(
    pilot: Pilot[Any] | None,
    condition: Callable[[], T | None],
    what: str,
    timeout: float = TIMEOUT,
    *,
    detail: Callable[[], str] | None = None,
) -> T:
    """As :func:`wait_for`, in the event loop: between looks the app runs (``pilot.pause``,
    which also lets its screen draw), or with no app (``pilot`` None) the loop's other tasks."""
    start = time.monotonic()
    while not (answer := condition()):
        waited = time.monotonic() - start
        if waited > timeout:
            _fail(what, waited, detail)
        if pilot is None:
            await asyncio.sleep(EVERY)
        else:
            await pilot.pause(APP_EVERY)
    return answer


def _fail(what: str, waited: float, detail: Callable[[], str] | None = None) -> None:
    seen = f" ({detail()})" if detail is not None else ""
    pytest.fail(f"waited {waited:.1f} s for {what}; it never came{seen}")
