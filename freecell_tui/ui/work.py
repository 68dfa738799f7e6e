"""What the game screen's plain helpers — the solver's assistant, the par finder, auto-solve —
ask of it. They hold no screen and run nothing: each call answers a :data:`Told`, which the
screen does in order (:meth:`GameScreen.do <freecell_tui.ui.screens.game.GameScreen.do>`): post
a message to itself, start a named timer (:class:`Wait`), stop timers and searches
(:class:`Stop`), or run a :class:`Job` in its ``@work(thread=True, exclusive=True)`` worker of
the job's group, whose answer comes back as a message."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from textual.message import Message

from freecell_tui.session.analysis import Cancel

__all__ = ["Job", "Stop", "Told", "Wait"]


@dataclass(frozen=True)
class Wait:
    """After ``delay`` seconds, do what ``then`` answers; the timer ``name`` (a job's group, or
    ``autosolve``) replaces the one of that name."""

    name: str
    delay: float
    then: Callable[[], Told]


@dataclass(frozen=True)
class Stop:
    """Stop the timers of ``groups``, and their searches under way when ``workers``."""

    groups: tuple[str, ...]
    workers: bool = True


class Job:
    """A search for a thread worker of :attr:`group` (one at a time: a new one cancels it)."""

    group: ClassVar[str]

    def run(self, cancel: Cancel) -> Message | None:
        """The search, in the worker's thread: the message that answers it (``None``: none)."""
        raise NotImplementedError


#: What a call of a helper tells the screen to do, in order.
Told: TypeAlias = list[Message | Wait | Stop | Job]
