"""The play clock: the seconds a game has been played, counted only while the player plays.

It waits while anything holds it (``hold("covered")`` while a screen is over the board,
``hold("start")`` under the resume prompt, ``hold("intro")`` while the first game's card
shows; each reason is released on its own) and it stops for
good at a win, so the time of a won game never changes afterwards. The source of seconds is
injected (tests freeze it).
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["PlayClock"]


class PlayClock:
    """Play time of one game at a time: :meth:`reset` for the next game."""

    def __init__(self, source: Callable[[], float] = time.monotonic, elapsed: float = 0.0) -> None:
        self._source = source
        self._before = max(0.0, elapsed)
        self._since: float | None = source()
        self._holds: set[str] = set()
        self._stopped = False

    @property
    def elapsed(self) -> float:
        """Seconds played in this game."""
        running = self._source() - self._since if self._since is not None else 0.0
        return self._before + max(running, 0.0)

    @property
    def running(self) -> bool:
        return self._since is not None

    @property
    def stopped(self) -> bool:
        """Stopped for good: the game was won."""
        return self._stopped

    def reset(self, elapsed: float = 0.0, *, stopped: bool = False) -> None:
        """The next game, ``elapsed`` seconds already played (stopped when it is won already).
        Reasons that hold the clock stay."""
        self._before = max(0.0, elapsed)
        self._stopped = stopped
        self._since = None if stopped or self._holds else self._source()

    def hold(self, reason: str) -> None:
        """Stop counting until ``reason`` is released (and every other reason too)."""
        self._before = self.elapsed
        self._since = None
        self._holds.add(reason)

    def release(self, reason: str) -> None:
        self._holds.discard(reason)
        if not self._holds and self._since is None and not self._stopped:
            self._since = self._source()

    def stop(self) -> None:
        """The game is won: the time is final."""
        self._before = self.elapsed
        self._since = None
        self._stopped = True
