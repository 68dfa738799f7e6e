"""The solver on the board: the winnability check, hints, auto-solve's plan and "winnable deals
only", searched in the background.

:class:`Assistant` is a widget without a look. Attributes down: the game screen tells it every
change of the game (:meth:`Assistant.game_changed`) and what the player asked for
(:meth:`ask_hint`, :meth:`ask_solution`, :meth:`find_deal`); its settings are :attr:`check` and
:attr:`winnable_only`. Messages up: what it found (:class:`Assistant.Status`,
:class:`Assistant.Hint`, :class:`Assistant.Solution`, :class:`Assistant.Lost`,
:class:`Assistant.Over`, :class:`Assistant.DealChosen`, :class:`Assistant.Said`); the screen
decides what to show. It holds no screen.

The searches run in thread workers (one at a time per group) on frozen games, through the pure
:mod:`freecell_tui.session.analysis`; each polls a cancel flag that also hands the board's thread
the interpreter lock every few positions, so a long search never slows a key press. Every change
of the game cancels the work under way, and an answer for a game no longer on the board is
dropped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.worker import Worker, get_current_worker

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import random_deal_number
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import Move
from freecell_tui.core.solver import WinnablePoint, canonical_key
from freecell_tui.session.analysis import (
    SOLVER_SECONDS,
    Analysis,
    Analyst,
    Cancel,
    DealChoice,
    HintMark,
    analyse,
    choose_deal,
    lost_text,
)

__all__ = ["CHECKING", "CHECK_DELAY", "WINNABLE", "Assistant", "YieldingCancel"]

#: The winnability check starts this long after the last change, so a player moving quickly
#: never pays for positions already left behind.
CHECK_DELAY: Final = 0.2
#: Status-line texts of the winnability check.
CHECKING: Final = "checking…"
WINNABLE: Final = "winnable"


class YieldingCancel(Cancel):
    """The solver's cancel flag for one worker: set by the worker's cancellation. Each poll
    (every 16 positions the solver expands, well under a millisecond) briefly lets go of the
    interpreter lock, so the board's thread, when it has a key press to handle, waits a fraction
    of a millisecond instead of the interpreter's 5 ms switch interval."""

    def __init__(self, worker: Worker[object]) -> None:
        super().__init__()
        self._worker_event = worker.cancelled_event

    def is_set(self) -> bool:
        time.sleep(0)
        return self._worker_event.is_set() or super().is_set()


class Assistant(Widget):
    """See the module's docstring."""

    DEFAULT_CSS = "Assistant { display: none; }"

    @dataclass
    class Status(Message):
        """The winnability for the status line, and a short form for a narrow one."""

        text: str
        short: str = ""

    @dataclass
    class Hint(Message):
        """A hint to light up and say."""

        mark: HintMark
        said: str

    @dataclass
    class Solution(Message):
        """Auto-solve's plan: moves that win from the board's position, one turn each."""

        moves: tuple[Move, ...]

    @dataclass
    class Lost(Message):
        """A search found the game can no longer be won (``point``: how far back it could).
        ``asked`` names what the player asked for (``No hint``), or is empty."""

        point: WinnablePoint | None
        asked: str = ""

    @dataclass
    class Over(Message):
        """No line of play brings another card home: the game is over."""

        point: WinnablePoint | None

    @dataclass
    class DealChosen(Message):
        """The deal "winnable deals only" chose (``None``: a random one), and what to say."""

        number: int | None
        said: str

    @dataclass
    class Said(Message):
        text: str
        tone: str = "info"

    @dataclass
    class _Answer(Message):
        token: int
        game: Game
        analysis: Analysis
        solve_it: bool = False

    @dataclass
    class _Deal(Message):
        token: int
        choice: DealChoice | None
        error: str | None = None

    def __init__(
        self,
        game: Game,
        *,
        analyst: Analyst | None = None,
        deal_source: Callable[[], int] = random_deal_number,
    ) -> None:
        super().__init__()
        self.analyst = analyst or Analyst()
        self.deal_source = deal_source
        #: The winnability check in the status line (on by default).
        self.check = True
        #: New random deals skip deals the solver proves unsolvable.
        self.winnable_only = False
        self._game = game
        self._token = 0
        self._check_timer: Timer | None = None
        self._worker: Worker[None] | None = None
        self._deal_worker: Worker[None] | None = None
        #: The token the running worker works for, and whether it searches for a solution.
        self._working: tuple[int, bool] | None = None
        #: What the player waits for: "hint", "solve" or None.
        self._wanted: str | None = None
        #: The position whose "game over" notice was posted (posted once).
        self._over_posted: bytes | None = None

    def on_mount(self) -> None:
        self._refresh(self._game)

    # ------------------------------------------------------------------ the game changed
    def game_changed(self, game: Game) -> None:
        """The game changed: cancel what was under way, show what is known of the new position
        and start the check when something is not. Cheap: a key press waits for this."""
        self._game = game
        self._token += 1
        self._cancel_work()
        self._wanted = None
        self._refresh(game)

    def _cancel_work(self) -> None:
        if self._check_timer is not None:
            self._check_timer.stop()
            self._check_timer = None
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
            self._working = None
        if self._deal_worker is not None:
            self._deal_worker.cancel()
            self._deal_worker = None

    def _refresh(
        self, game: Game, answer: Analysis | None = None, *, announce: bool = False
    ) -> None:
        """Show the winnability of ``game`` from what is known, and start a search for what is
        not. ``answer`` is a worker's answer that just arrived (nothing is searched again);
        ``announce`` also posts a loss it found."""
        if game.outcome is not Outcome.PLAYING:
            self.post_message(self.Status(""))
            return
        point = self.analyst.point(game) if self.check else None
        winnable = point is not None and point.status == "winnable"
        lost = point is not None and point.status == "lost"
        if answer is not None and answer.status == "unsolvable":
            lost = True  # even when the history search gave up: how far back is then unknown
        home = self.analyst.home(game.state)
        if not self.check:
            self.post_message(self.Status(""))
        elif winnable:
            self.post_message(self.Status(WINNABLE))
        elif lost:
            self.post_message(self.Status(*lost_text(point)))
        elif answer is not None:
            self.post_message(self.Status("winnability unknown", "unknown"))  # it gave up
        else:
            self.post_message(self.Status(CHECKING))
        if answer is None:
            if (self.check and point is None) or (not winnable and home is None):
                token = self._token
                self._check_timer = self.set_timer(
                    CHECK_DELAY, lambda: self._start(game, token, solve_it=self.check)
                )
                return
        elif lost and announce:
            self.post_message(self.Lost(point))
        if home is False:
            key = canonical_key(game.state)
            if self._over_posted != key:
                self._over_posted = key
                self.post_message(self.Over(point))

    def _start(self, game: Game, token: int, *, solve_it: bool) -> None:
        """Start the worker for ``game`` (still the board's when ``token`` is current)."""
        if token != self._token:
            return
        if self._check_timer is not None:
            self._check_timer.stop()
            self._check_timer = None
        if self._working == (token, True) or (self._working == (token, False) and not solve_it):
            return  # the running worker answers this already
        known = self.analyst.known(game.autoplay)

        def work() -> None:
            worker = get_current_worker()
            try:
                found = analyse(game, solve_it=solve_it, known=known, cancel=YieldingCancel(worker))
            except Exception as error:  # a solver bug must not take the game down
                found = Analysis(error=f"{type(error).__name__}: {error}")
            if not worker.is_cancelled:
                self.post_message(self._Answer(token, game, found, solve_it))

        if self._worker is not None:
            self._worker.cancel()
        self._working = (token, solve_it)
        self._worker = self.run_worker(
            work, name="solver", group="solver", exclusive=True, thread=True, exit_on_error=False
        )

    def on_assistant__answer(self, message: _Answer) -> None:
        message.stop()
        if message.token != self._token:
            return
        game, found = message.game, message.analysis
        if self._working not in (None, (message.token, message.solve_it)):
            # Posted just before a search for a solution replaced it (the player asked for a
            # hint meanwhile): keep what it found; the running search answers the player.
            self.analyst.learn(game, found)
            return
        self._worker = None
        self._working = None
        wanted, self._wanted = self._wanted, None
        if found.error is not None:
            self.post_message(
                self.Status(*(("winnability unknown", "unknown") if self.check else ("",)))
            )
            self.post_message(
                self.Said(f"The solver failed (a bug; please report it): {found.error}", "error")
            )
            return
        self.analyst.learn(game, found)
        self._refresh(game, found, announce=wanted is None)
        if wanted is None:
            return
        if found.status == "solved":
            self._ask(wanted)
        elif found.status == "gave-up":
            self.post_message(
                self.Said(
                    f"The solver found no solution within {SOLVER_SECONDS:g} seconds: play on, "
                    "or ask again.",
                    "error",
                )
            )
        else:
            what = "No hint" if wanted == "hint" else "Nothing to auto-solve"
            self.post_message(self.Lost(self.analyst.point(game), what))

    # ------------------------------------------------------------------ what the player asks
    def ask_hint(self) -> None:
        """The next move of a solution: from what is known, or after a search."""
        self._ask("hint")

    def ask_solution(self) -> None:
        """Auto-solve's plan: from what is known, or after a search."""
        self._ask("solve")

    def _ask(self, wanted: str) -> None:
        game = self._game
        if game.state.is_won:
            what = "hint" if wanted == "hint" else "solve"
            self.post_message(
                self.Said(f"every card is home: there is nothing left to {what}", "error")
            )
            return
        moves = self.analyst.solution(game)
        if moves:
            if wanted == "hint":
                hint = self.analyst.hint(game)
                assert hint is not None
                self.post_message(self.Hint(*hint))
            else:
                self.post_message(self.Solution(moves))
            return
        point = self.analyst.point(game)
        if point is not None and point.status == "lost":
            what = "No hint" if wanted == "hint" else "Nothing to auto-solve"
            self.post_message(self.Lost(point, what))
            return
        self._wanted = wanted
        looking = "Hint" if wanted == "hint" else "Auto-solve"
        self.post_message(self.Said(f"{looking}: looking for a solution… (Esc stops looking)"))
        self._start(game, self._token, solve_it=True)

    def stop_waiting(self) -> bool:
        """Esc: stop waiting for a hint or a solution. True when the player was waiting."""
        if self._wanted is None:
            return False
        self._wanted = None
        if not self.check:  # the search is only for what the player gave up waiting for
            self._cancel_work()
        self.post_message(self.Said("Stopped looking."))
        return True

    def set_check(self, on: bool) -> None:
        """Switch the winnability check."""
        self.check = on
        self._cancel_work()
        self._token += 1
        self._refresh(self._game)

    # ------------------------------------------------------------------ winnable deals only
    def find_deal(self, mode: AutoplayMode) -> None:
        """Look for a random deal the solver does not prove unsolvable; the answer comes as
        :class:`DealChosen`."""
        token = self._token
        source = self.deal_source
        self.post_message(self.Said("Looking for a winnable deal…"))

        def work() -> None:
            worker = get_current_worker()
            try:
                choice = choose_deal(mode, source, YieldingCancel(worker))
            except Exception as error:  # a solver bug must not take the game down
                self.post_message(self._Deal(token, None, f"{type(error).__name__}: {error}"))
                return
            if choice is not None:
                self.post_message(self._Deal(token, choice))

        self._deal_worker = self.run_worker(
            work, name="deals", group="deals", exclusive=True, thread=True, exit_on_error=False
        )

    def on_assistant__deal(self, message: _Deal) -> None:
        message.stop()
        if message.token != self._token:
            return  # the player played on meanwhile
        self._deal_worker = None
        choice = message.choice
        if choice is None or choice.number is None:
            why = message.error or "20 deals in a row were proved unsolvable"
            self.post_message(
                self.DealChosen(None, f"No winnable deal found ({why}); a random deal instead.")
            )
            return
        self.analyst.learn_deal(choice)
        said = f"Deal {choice.number}"
        said += (
            ", a winnable deal. "
            if choice.moves
            else " (the solver gave up on it: it may be winnable). "
        )
        if choice.skipped:
            deals = ", ".join(str(number) for number in choice.skipped)
            said += (
                f"Skipped deal{'s' if len(choice.skipped) > 1 else ''} {deals}: proved unsolvable. "
            )
        self.post_message(self.DealChosen(choice.number, said + "Good luck!"))
