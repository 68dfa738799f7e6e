"""Auto-solve's pace: a plain object that gives the game screen one move of a plan at a time,
at a pace a person can follow.

The screen drives it with a timer: :meth:`AutoSolver.start` takes the plan, and each time
:attr:`AutoSolver.delay` has passed the screen's timer asks :meth:`AutoSolver.next` for the move
to play (through the session, as an ordinary, undoable turn). :meth:`AutoSolver.stop` says how
many moves were played, so that the screen says it before the input that stopped it acts. Each
start is a run of its own: a tick of a run that was stopped plays nothing, so the key that
stopped auto-solve acts on the board as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from freecell_tui.core.notation import Move

__all__ = ["AUTOSOLVE_KEYS", "DEFAULT_PACE", "PACES", "AutoSolver", "AutoStep", "pace_for"]

#: Seconds between two moves, slowest first (``+`` and ``−`` step through).
PACES: Final = (2.0, 1.5, 1.0, 0.7, 0.5, 0.35, 0.25, 0.15, 0.1)
DEFAULT_PACE: Final = 4
#: The keys that do not stop auto-solve: its speed keys and its own key.
AUTOSOLVE_KEYS: Final = frozenset({"plus", "equals_sign", "minus", "p"})


def pace_for(moves_a_second: float) -> int:
    """The index in :data:`PACES` of the pace nearest ``moves_a_second``."""
    return min(range(len(PACES)), key=lambda i: abs(1 / PACES[i] - moves_a_second))


@dataclass(frozen=True)
class AutoStep:
    """Play ``move`` now: move ``number`` of ``total``."""

    move: Move
    number: int
    total: int


class AutoSolver:
    """See the module's docstring."""

    def __init__(self, pace: int = DEFAULT_PACE) -> None:
        self.pace = pace
        self._plan: list[Move] = []
        self._played = 0
        self._total = 0
        #: Which start the timer's ticks belong to; a stop begins a new one.
        self.run = 0

    @property
    def solving(self) -> bool:
        """A plan is being played: moves are left."""
        return bool(self._plan)

    @property
    def delay(self) -> float:
        """Seconds until the next move, at the pace chosen."""
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

    def start(self, plan: tuple[Move, ...]) -> int:
        """Play ``plan``, a move each :attr:`delay`; the run its ticks belong to."""
        self.stop()
        self._plan = list(plan)
        self._played = 0
        self._total = len(plan)
        return self.run

    def next(self, run: int) -> AutoStep | None:
        """The tick of ``run``: the move to play now (``None``: that run was stopped)."""
        if run != self.run or not self._plan:
            return None
        self._played += 1
        return AutoStep(self._plan.pop(0), self._played, self._total)

    def stop(self) -> int | None:
        """Stop now (Esc, ``p`` again, any other input, a refused step, a screen over the
        board): the moves it played, None when it was not playing."""
        was = self.solving
        self._plan = []
        self.run += 1  # a tick still due plays nothing
        return self._played if was else None
