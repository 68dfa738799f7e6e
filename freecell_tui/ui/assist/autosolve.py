"""Auto-solve's pace: a plain object that hands the game screen one move of a plan at a time,
at a pace a person can follow.

It holds no screen: :meth:`AutoSolver.start` takes the plan, and the screen's ``autosolve``
timer fires after :attr:`AutoSolver.delay` seconds, again while moves are left; at each,
:meth:`AutoSolver.tick` answers the next move, an :class:`AutoSolver.NextMove` that the screen
posts to itself. The screen plays each through the session as an ordinary, undoable turn, once
:meth:`AutoSolver.accept` says it is still wanted: a move on its way when auto-solve stopped (a key
typed as it was posted) is not played, so the key that stopped it acts on the board as it was.
:meth:`AutoSolver.stop` says how many moves were played, so that the screen says it before the
input that stopped it acts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from textual.message import Message

from freecell_tui.core.notation import Move

__all__ = ["AUTOSOLVE_BINDINGS", "DEFAULT_PACE", "PACES", "AutoSolver", "pace_for"]

#: Seconds between two moves, slowest first (``+`` and ``−`` step through).
PACES: Final = (2.0, 1.5, 1.0, 2 / 3, 0.5, 1 / 3, 0.25, 1 / 6, 0.1)
DEFAULT_PACE: Final = 4
#: The bindings whose keys do not stop auto-solve: its speed keys and its own key.
AUTOSOLVE_BINDINGS: Final = frozenset({"more", "fewer", "solve"})


def pace_for(moves_a_second: float) -> int:
    """The index in :data:`PACES` of the pace nearest ``moves_a_second``."""
    return min(range(len(PACES)), key=lambda i: abs(1 / PACES[i] - moves_a_second))


class AutoSolver:
    """See the module's docstring."""

    @dataclass
    class NextMove(Message):
        """Play ``move`` now: move ``number`` of ``total`` of auto-solve's ``run``."""

        move: Move
        number: int
        total: int
        run: int

    def __init__(self, pace: int = DEFAULT_PACE) -> None:
        self.pace = pace
        self._plan: list[Move] = []
        self._handed = 0  # moves posted
        self._played = 0  # moves the screen took
        self._total = 0
        #: Which start the moves posted belong to; a stop begins a new one.
        self._run = 0

    @property
    def solving(self) -> bool:
        """A plan is being played: moves are left, or one is still on its way."""
        return bool(self._plan) or self._played < self._handed

    def accept(self, move: NextMove) -> bool:
        """The screen is about to play ``move``: counted as played, or False when auto-solve
        stopped (or started again) after posting it, so the key that stopped it acts on the
        board as it was."""
        if move.run != self._run:
            return False
        self._played += 1
        return True

    @property
    def delay(self) -> float:
        """Seconds until the next move."""
        return PACES[self.pace]

    @property
    def speed(self) -> float:
        """Moves a second."""
        return 1 / PACES[self.pace]

    def pace_text(self) -> str:
        seconds = PACES[self.pace]
        if seconds >= 1:
            return f"one move every {seconds:g} s"
        return f"{1 / seconds:.3g} moves a second"

    def change_pace(self, step: int) -> None:
        self.pace = max(0, min(len(PACES) - 1, self.pace + step))

    def start(self, plan: tuple[Move, ...]) -> None:
        """Play ``plan`` from the next tick."""
        self.stop()
        self._plan = list(plan)
        self._handed = self._played = 0
        self._total = len(plan)

    def tick(self) -> NextMove | None:
        """The timer fired: the next move (``None``: none is left); the timer goes on while
        moves are left (:attr:`more`)."""
        if not self._plan:
            return None  # a tick due when auto-solve stopped
        self._handed += 1
        return self.NextMove(self._plan.pop(0), self._handed, self._total, self._run)

    @property
    def more(self) -> bool:
        """Moves are left to hand up."""
        return bool(self._plan)

    def stop(self) -> int | None:
        """Stop now (Esc, ``p`` again, any other input, a refused step, a screen over the
        board): the moves it played, None when it was not playing. (The screen stops the
        timer; a tick still due plays nothing.)"""
        was = self.solving
        self._plan = []
        self._run += 1  # a move still on its way is not played
        self._handed = self._played
        return self._played if was else None
