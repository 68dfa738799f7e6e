"""The deal's par, searched in the background while the player plays.

:class:`ParFinder` is a plain object that decides when par is searched; it holds no screen and
runs nothing. The game screen tells it the game after every change (:meth:`ParFinder.follow`);
it starts a search only when the deal, its game or the autoplay mode is new, and only when no
finished search of the solver is behind the par the store knows (a par that is only a won
game's line is searched still). Every call returns what the screen is to do, in order (a
:data:`~freecell_tui.ui.work.Told`): a message to post (:class:`ParFinder.Known`, the par from
the store at once, or :class:`ParFinder.Found`, what a search found: the session keeps it if it
is par and says what to show, :meth:`~freecell_tui.session.play.PlaySession.keep_par`) and the
work to wait for, start (:class:`ParJob`) or stop.

The search (:func:`freecell_tui.session.par.find_par`) runs in the screen's
thread worker a moment after the deal starts, until its beams finish (its time bound, or a
cancel, cuts it short: then it found no par), polls a cancel flag that hands the board's thread
the interpreter lock every few positions (a key press never waits for it), and is cancelled by
a new deal or autoplay mode. A move, undo or win does not stop it: par belongs to the deal, and
a par that arrives after the win is added to the win's notice. A new deal right after a win
does not stop it either: it finishes (within its bound) and the session keeps its par, and the
new deal's search waits for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import ClassVar, Final

from textual.message import Message

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.session.analysis import Cancel
from freecell_tui.session.par import PAR_SECONDS, ParSearch, find_par
from freecell_tui.store import Par
from freecell_tui.ui.work import Job, Stop, Told, Wait

__all__ = ["PAR_DELAY", "ParFinder", "ParJob"]

#: The search starts this long after a deal starts: the first winnability check goes first, and
#: a player dealing game after game never pays for deals left behind.
PAR_DELAY: Final = 1.0


@dataclass(frozen=True)
class ParJob(Job):
    """The search for a deal's par, answered as :class:`ParFinder.Done` (a solver bug is no
    par, that is all)."""

    group: ClassVar[str] = "par"
    serial: int
    number: int
    mode: AutoplayMode
    budget: float
    widths: tuple[int, ...] | None
    variant: Variant = FREECELL

    def run(self, cancel: Cancel) -> Message | None:
        try:
            found = find_par(
                self.number,
                self.mode,
                self.variant,
                budget=self.budget,
                cancel=cancel,
                widths=self.widths,
            )
        except Exception:
            found = ParSearch(None, complete=False)
        return ParFinder.Done(self.serial, found, self.budget)


class ParFinder:
    """See the module's docstring. ``budget`` bounds the search's time in seconds (``None``:
    never search, only read the store); ``widths`` fixes its work (for tests)."""

    @dataclass
    class Known(Message):
        """The par of the deal being played, read from the store."""

        par: Par

    @dataclass
    class Found(Message):
        """A search of at most ``budget`` seconds ended: what it found (par only when it
        finished: the session decides what to keep and say)."""

        search: ParSearch
        budget: float

    @dataclass
    class Done(Message):
        """The par search ``serial`` ended, with what it found."""

        serial: int
        search: ParSearch
        budget: float

    def __init__(
        self,
        *,
        budget: float | None = PAR_SECONDS,
        widths: tuple[int, ...] | None = None,
        delay: float = PAR_DELAY,
    ) -> None:
        self.budget = budget
        self.widths = widths
        self.delay = delay
        #: The deal, autoplay mode and game followed (the par wanted).
        self._following: tuple[int | None, AutoplayMode, Variant] | None = None
        self._serial = 0
        #: The followed deal's search under way (its serial).
        self._running: int | None = None
        #: The followed deal has been won: its search is not cancelled by the next deal.
        self._won = False
        #: A won deal's search, finishing while the next deal is played.
        self._finishing: int | None = None

    def follow(self, game: Game, stored: Callable[[], Par | None]) -> Told:
        """The game changed. When its deal, game or autoplay mode is new, the search under way
        stops and the par is read (``stored``: the store's par for that deal, game and mode) or
        searched. A custom position has none."""
        variant = game.start.variant
        wanted = (game.deal_number, game.autoplay, variant)
        if wanted == self._following:
            self._won = self._won or game.state.is_won
            return []
        self._following = wanted
        if self._won and self._running is not None:
            self._finishing, self._running = self._running, None  # kept running: see above
        self._won = game.state.is_won
        told: Told = [Stop(("par",), workers=self._running is not None)]
        self._running = None
        number = wanted[0]
        if number is None:
            return told  # a custom position has no par
        known = stored()
        if known is not None:
            told.append(self.Known(known))
        if (known is None or not known.searched) and self.budget is not None:
            told.append(self._wait(number, game.autoplay, variant))  # a win's par: searched still
        return told

    def start(self, number: int, mode: AutoplayMode, variant: Variant = FREECELL) -> Told:
        """The wait is over: the search for the par of ``variant``'s deal ``number`` in
        ``mode``, if still wanted."""
        if self._following != (number, mode, variant) or self.budget is None:
            return []
        if self._finishing is not None:
            # One search at a time: this deal's waits for the won deal's to finish.
            return [self._wait(number, mode, variant)]
        self._serial += 1
        self._running = self._serial
        return [ParJob(self._serial, number, mode, self.budget, self.widths, variant)]

    def _wait(self, number: int, mode: AutoplayMode, variant: Variant) -> Wait:
        return Wait("par", self.delay, partial(self.start, number, mode, variant))

    def done(self, message: Done) -> Told:
        """A search ended: what it found, for the session to keep and say."""
        if message.serial == self._finishing:
            self._finishing = None
        if message.serial == self._running:
            self._running = None
        return [self.Found(message.search, message.budget)]
