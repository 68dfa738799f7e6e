"""The deal's par, searched in the background while the player plays.

:class:`ParFinder` is a widget without a look. Attributes down: the game screen tells it the
game after every change (:meth:`ParFinder.follow`); it starts a search only when the deal or the
autoplay mode is new, and only when the store does not know that par yet. Messages up:
:class:`ParFinder.Found` carries the par (from the store at once, or from the search); the
screen keeps a found par in the store and decides what to show.

The search (:func:`freecell_tui.session.par.find_par`) runs in a thread worker a moment after the
deal starts, polls a cancel flag that hands the board's thread the interpreter lock every few
positions (a key press never waits for it), and is cancelled by a new deal or autoplay mode. A
move, undo or win does not stop it: par belongs to the deal, and a par that arrives after the
win is added to the win's notice. A new deal right after a win does not stop it either: it
finishes (within its budget) and is kept, and the new deal's search waits for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.worker import Worker, get_current_worker

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.solver.fewest import WIDTHS
from freecell_tui.session.par import PAR_SECONDS, find_par
from freecell_tui.store import Par
from freecell_tui.ui.assistant import YieldingCancel

__all__ = ["PAR_DELAY", "ParFinder"]

#: The search starts this long after a deal starts: the first winnability check goes first, and
#: a player dealing game after game never pays for deals left behind.
PAR_DELAY: Final = 1.0


class ParFinder(Widget):
    """See the module's docstring. ``budget`` is the search's time in seconds (``None``: never
    search, only read the store); ``widths`` fixes its work (for tests)."""

    DEFAULT_CSS = "ParFinder { display: none; }"

    @dataclass
    class Found(Message):
        """The par of a deal in an autoplay mode; ``searched`` when it was just found (to keep
        in the store), not read from it."""

        par: Par
        searched: bool = False
        budget: float = 0.0

    def __init__(
        self,
        *,
        budget: float | None = PAR_SECONDS,
        widths: tuple[int, ...] = WIDTHS,
        delay: float = PAR_DELAY,
    ) -> None:
        super().__init__()
        self.budget = budget
        self.widths = widths
        self.delay = delay
        #: The deal and autoplay mode followed (the par wanted).
        self._following: tuple[int | None, AutoplayMode] | None = None
        self._timer: Timer | None = None
        self._worker: Worker[None] | None = None
        #: The followed deal has been won: its search is not cancelled by the next deal.
        self._won = False
        #: A won deal's search, finishing while the next deal is played.
        self._finishing: Worker[None] | None = None

    @property
    def searching(self) -> bool:
        """A search is waiting to start or running."""
        return self._timer is not None or self._worker is not None

    def follow(self, game: Game, stored: Callable[[], Par | None]) -> None:
        """The game changed. When its deal or autoplay mode is new, the search under way stops
        and the par is read (``stored``: the store's par for that deal and mode) or searched."""
        wanted = (game.deal_number, game.autoplay)
        if wanted == self._following:
            self._won = self._won or game.state.is_won
            return
        self._following = wanted
        if self._won and self._worker is not None and not self._worker.is_finished:
            self._finishing, self._worker = self._worker, None  # kept running: see the docstring
        self._won = game.state.is_won
        self._stop()
        number = game.deal_number
        if number is None:
            return  # a custom position has no par
        known = stored()
        if known is not None:
            self.post_message(self.Found(known))
        elif self.budget is not None:
            self._timer = self.set_timer(self.delay, lambda: self._start(number, game.autoplay))

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None

    def _start(self, number: int, mode: AutoplayMode) -> None:
        self._timer = None
        if self._following != (number, mode) or self.budget is None:
            return
        if self._finishing is not None and not self._finishing.is_finished:
            # One search at a time: this deal's waits for the won deal's to finish.
            self._timer = self.set_timer(self.delay, lambda: self._start(number, mode))
            return
        self._finishing = None
        budget, widths = self.budget, self.widths

        def work() -> None:
            worker = get_current_worker()
            try:
                found = find_par(
                    number, mode, budget=budget, cancel=YieldingCancel(worker), widths=widths
                )
            except Exception:  # a solver bug must not take the game down: no par, that is all
                return
            if found.par is not None and found.complete and not worker.is_cancelled:
                self.post_message(self.Found(found.par, searched=True, budget=budget))

        self._worker = self.run_worker(
            work, name="par", group="par", thread=True, exit_on_error=False
        )

    def on_par_finder_found(self, message: Found) -> None:
        """On its way up: the search is over (the screen takes the message after this)."""
        if message.searched and (message.par.deal_number, message.par.autoplay) == self._following:
            self._worker = None
