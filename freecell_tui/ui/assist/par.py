"""The deal's par, searched in the background while the player plays.

:class:`ParFinder` is a plain object that decides when par is searched; it holds no screen and
runs nothing. The game screen tells it the game after every change (:meth:`ParFinder.follow`);
when the deal, its game or the autoplay mode is new, it answers a :class:`ParFinder.New`: the par
the store knows (:class:`ParFinder.Known`, for the screen to post to itself), whether the search
under way stops, and whether to search — only when no finished search of the solver is behind
the par the store knows (a par that is only a won game's line is searched still). The screen
then waits :attr:`ParFinder.delay` and starts what :meth:`ParFinder.start` answers (a
:class:`ParJob`) in its ``par`` worker, whose answer, :class:`ParFinder.Found`, it hands back
(:meth:`ParFinder.done`) and to the session, which keeps it if it is par and says what to show
(:meth:`~freecell_tui.session.play.PlaySession.keep_par`).

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
from typing import Final

from textual.message import Message

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.session.analysis import Cancel
from freecell_tui.session.par import PAR_SECONDS, ParSearch, find_par
from freecell_tui.store import Par

__all__ = ["PAR_DELAY", "ParFinder", "ParJob"]

#: The search starts this long after a deal starts: the first winnability check goes first, and
#: a player dealing game after game never pays for deals left behind.
PAR_DELAY: Final = 1.0


@dataclass(frozen=True)
class ParJob:
    """The search for a deal's par, for the screen's ``par`` worker."""

    serial: int
    number: int
    mode: AutoplayMode
    budget: float
    widths: tuple[int, ...] | None
    variant: Variant = FREECELL

    def run(self, cancel: Cancel) -> ParFinder.Found:
        """The search (in the worker's thread); a solver bug is no par, that is all."""
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
        return ParFinder.Found(self.serial, found, self.budget)


class ParFinder:
    """See the module's docstring. ``budget`` bounds the search's time in seconds (``None``:
    never search, only read the store); ``widths`` fixes its work (for tests)."""

    @dataclass
    class Known(Message):
        """The par of the deal being played, read from the store."""

        par: Par

    @dataclass
    class Found(Message):
        """The par search ``serial``, of at most ``budget`` seconds, ended: what it found (par
        only when it finished: the session decides what to keep and say)."""

        serial: int
        search: ParSearch
        budget: float

    @dataclass(frozen=True)
    class New:
        """The deal, game or autoplay mode followed is new: the par the store knows, whether
        the search under way stops (``cancel``; a won deal's finishes), and whether to search
        (after :attr:`ParFinder.delay`)."""

        known: ParFinder.Known | None = None
        cancel: bool = False
        search: bool = False

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

    def follow(self, game: Game, stored: Callable[[], Par | None]) -> New | None:
        """The game changed. When its deal, game or autoplay mode is new (else ``None``), the
        search under way stops (the screen stops its wait too) and the par is read
        (``stored``: the store's par for that deal, game and mode) or searched. A custom
        position has none."""
        variant = game.start.variant
        wanted = (game.deal_number, game.autoplay, variant)
        if wanted == self._following:
            self._won = self._won or game.state.is_won
            return None
        self._following = wanted
        if self._won and self._running is not None:
            self._finishing, self._running = self._running, None  # kept running: see above
        self._won = game.state.is_won
        cancel, self._running = self._running is not None, None
        if wanted[0] is None:
            return self.New(cancel=cancel)  # a custom position has no par
        known = stored()
        return self.New(
            None if known is None else self.Known(known),
            cancel,
            # A par that is only a won game's line is searched still.
            search=(known is None or not known.searched) and self.budget is not None,
        )

    def start(self) -> ParJob | None:
        """The wait is over (the deal followed is the same: a new one stops the wait): the
        search for its par, or ``None`` while a won deal's search finishes (one search at a
        time: wait again)."""
        assert self._following is not None and self.budget is not None  # see follow
        number, mode, variant = self._following
        assert number is not None  # a custom position has no par: no wait
        if self._finishing is not None:
            return None
        self._serial += 1
        self._running = self._serial
        return ParJob(self._serial, number, mode, self.budget, self.widths, variant)

    def done(self, found: Found) -> None:
        """A search ended (the screen gives what it found to the session)."""
        if found.serial == self._finishing:
            self._finishing = None
        if found.serial == self._running:
            self._running = None
