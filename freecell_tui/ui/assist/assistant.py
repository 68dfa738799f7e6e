"""The solver on the board: the winnability check, hints, auto-solve's plan and "winnable deals
only", searched in the background.

:class:`Assistant` is a plain object that decides what the solver is asked and what its answers
mean; it holds no screen and runs nothing. The game screen calls it (:meth:`Assistant.game_changed`,
:meth:`ask_hint`, :meth:`ask_solution`, :meth:`find_deal`, :meth:`stop_waiting`,
:meth:`set_check`, and with each search's answer :meth:`answered` / :meth:`deal_answered`), and
every call answers a :class:`Reply`: the messages for the screen to post to itself
(:class:`Assistant.Status`, :class:`Assistant.Hint`, :class:`Assistant.Solution`,
:class:`Assistant.Lost`, :class:`Assistant.Over`, :class:`Assistant.DealChosen`,
:class:`Assistant.Words`), whether to stop the searches under way, and what to search: a
:class:`SolverJob` or :class:`FindDeal` to start now, or the winnability check's search to ask for
(:meth:`Assistant.check_search`) after :data:`CHECK_DELAY`.

The searches (:meth:`SolverJob.run`, :meth:`FindDeal.run`) run in the screen's thread workers (one
at a time per group), on frozen games, through the pure :mod:`freecell_tui.session.analysis`;
each polls a cancel flag that also hands the board's thread the interpreter lock every few
positions, so a long search never slows a key press. Every change of the game stops the work
under way, and an answer for a game no longer on the board is dropped (each search carries the
token of the game it was asked for).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from textual.message import Message
from textual.worker import Worker

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import random_deal_number
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import Move
from freecell_tui.core.solver import canonical_key
from freecell_tui.core.variant import Variant
from freecell_tui.session import assist
from freecell_tui.session.analysis import (
    Analysis,
    Analyst,
    Cancel,
    DealChoice,
    HintMark,
    choose_deal,
    lost_text,
)
from freecell_tui.session.assist import Want, answer, look
from freecell_tui.session.steps import Tone
from freecell_tui.session.words import band_phrase

if TYPE_CHECKING:
    from freecell_tui.core.solver import WinnablePoint

__all__ = [
    "CHECKING",
    "CHECK_DELAY",
    "WINNABLE",
    "Assistant",
    "FindDeal",
    "Reply",
    "SolverJob",
    "YieldingCancel",
]

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


# ---------------------------------------------------------------------- the searches
@dataclass(frozen=True)
class SolverJob:
    """The solver on ``game`` (for a solution when ``solve_it``), for the screen's ``solver``
    worker."""

    game: Game
    token: int
    solve_it: bool
    known: dict[bytes, bool]

    def run(self, cancel: Cancel) -> Assistant.Analysed:
        """The search (in the worker's thread); a solver bug is an answer too: it must not take
        the game down."""
        found = look(self.game, self.known, solve_it=self.solve_it, cancel=cancel)
        return Assistant.Analysed(self.token, self.game, found, self.solve_it)


@dataclass(frozen=True)
class FindDeal:
    """A random deal the solver does not prove unsolvable, for the screen's ``deals`` worker."""

    token: int
    mode: AutoplayMode
    source: Callable[[], int]
    variant: Variant

    def run(self, cancel: Cancel) -> Assistant.DealFound | None:
        """The search (in the worker's thread); ``None`` when cancelled."""
        try:
            choice = choose_deal(self.mode, self.source, cancel, self.variant)
        except Exception as error:  # a solver bug must not take the game down
            return Assistant.DealFound(self.token, None, f"{type(error).__name__}: {error}")
        return None if choice is None else Assistant.DealFound(self.token, choice)


@dataclass
class Reply:
    """What a call of the :class:`Assistant` answers the game screen: the messages to post to
    itself, in order; whether to stop the searches under way (the ``solver`` and ``deals``
    workers, and the check's wait); whether to wait :data:`CHECK_DELAY` and then start what
    :meth:`Assistant.check_search` answers; the search to start now in the ``solver`` worker,
    and in the ``deals`` worker."""

    said: list[Message] = field(default_factory=list)
    stop: bool = False
    check: bool = False
    search: SolverJob | None = None
    deal: FindDeal | None = None


class Assistant:
    """See the module's docstring."""

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
        """Moves that win from the board's position, one turn each: auto-solve's plan, or
        (``watch``) a solution to watch in the viewer."""

        moves: tuple[Move, ...]
        watch: bool = False

    @dataclass
    class Lost(Message):
        """The winnability check found the game can no longer be won (``point``: how far back
        it could)."""

        point: WinnablePoint | None

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
    class Words(Message):
        """Words for the message line, in a tone."""

        text: str
        tone: Tone = Tone.INFO

    @dataclass
    class Analysed(Message):
        """What the solver's worker found for the game of ``token``: its ``analysis``."""

        token: int
        game: Game
        analysis: Analysis
        solve_it: bool = False

    @dataclass
    class DealFound(Message):
        """What the deals' worker found for the game of ``token``."""

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
        self.analyst = analyst or Analyst()
        self.deal_source = deal_source
        #: The winnability check in the status line (on by default).
        self.check = True
        #: New random deals skip deals the solver proves unsolvable.
        self.winnable_only = False
        #: The player's key that stops a search, as the message line names it.
        self.stop_key = "Esc"
        self._game = game
        #: The game's token: every change of the game makes a new one, so answers for a game
        #: no longer on the board are known by theirs.
        self.token = 0
        #: The token the running search works for, and whether it searches for a solution.
        self._working: tuple[int, bool] | None = None
        #: What the player waits for.
        self._wanted: Want | None = None
        #: The position whose "game over" notice was posted (posted once).
        self._over_posted: bytes | None = None
        self._reply = Reply()

    def _told(self) -> Reply:
        reply, self._reply = self._reply, Reply()
        return reply

    def _say(self, message: Message) -> None:
        self._reply.said.append(message)

    def begin(self) -> Reply:
        """The screen is up: what is known of the first position, and the search for the rest."""
        self._refresh(self._game)
        return self._told()

    # ------------------------------------------------------------------ the game changed
    def game_changed(self, game: Game) -> Reply:
        """The game changed: stop what was under way, show what is known of the new position
        and start the check when something is not. Cheap: a key press waits for this."""
        self._game = game
        self.token += 1
        self._stop_work()
        self._wanted = None
        self._refresh(game)
        return self._told()

    def _stop_work(self) -> None:
        self._working = None
        self._reply.stop = True

    def _status(
        self, game: Game, answer: Analysis | None, *, announce: bool
    ) -> tuple[WinnablePoint | None, bool]:
        """Say the winnability of ``game`` from what is known (``announce``: a loss ``answer``
        found too); the point known and whether it is winnable."""
        point = self.analyst.point(game) if self.check else None
        winnable = point is not None and point.status == "winnable"
        lost = point is not None and point.status == "lost"
        if answer is not None and answer.status == "unsolvable":
            lost = True  # even when the history search gave up: how far back is then unknown
        if not self.check:
            self._say(self.Status(""))
        elif winnable:
            self._say(self.Status(WINNABLE))
        elif lost:
            self._say(self.Status(*lost_text(point)))
            if answer is not None and announce:
                self._say(self.Lost(point))
        elif answer is not None:
            self._say(self.Status("winnability unknown", "unknown"))  # it gave up
        else:
            self._say(self.Status(CHECKING))
        return point, winnable

    def _refresh(
        self, game: Game, answer: Analysis | None = None, *, announce: bool = False
    ) -> None:
        """Show the winnability of ``game`` from what is known, and start a search for what is
        not. ``answer`` is a search's answer that just arrived (nothing is searched again);
        ``announce`` also says a loss it found."""
        if game.outcome is not Outcome.PLAYING:
            self._say(self.Status(""))
            return
        point, winnable = self._status(game, answer, announce=announce)
        home = self.analyst.home(game.state)
        if answer is None and ((self.check and point is None) or (not winnable and home is None)):
            self._reply.check = True
            return
        if home is False:
            key = canonical_key(game.state)
            if self._over_posted != key:
                self._over_posted = key
                self._say(self.Over(point))

    def check_search(self) -> SolverJob | None:
        """The check's wait is over (the game is the same: a change stops the wait): the search
        for what is not known of it, unless one under way answers it already."""
        return self._start(solve_it=self.check)

    def _start(self, *, solve_it: bool) -> SolverJob | None:
        """The search for the board's game (for a solution when ``solve_it``)."""
        token, game = self.token, self._game
        if self._working == (token, True) or (self._working == (token, False) and not solve_it):
            return None  # the running search answers this already
        self._working = (token, solve_it)
        return SolverJob(game, token, solve_it, self.analyst.known(game.autoplay))

    def answered(self, message: Analysed) -> Reply:
        """A search's answer arrived."""
        if message.token != self.token:
            return Reply()
        game, found = message.game, message.analysis
        if self._working not in (None, (message.token, message.solve_it)):
            # Posted just before a search for a solution replaced it (the player asked for a
            # hint meanwhile): keep what it found; the running search answers the player.
            self.analyst.learn(game, found)
            return Reply()
        self._working = None
        wanted, self._wanted = self._wanted, None
        if found.error is not None:
            self._say(self.Status(*(("winnability unknown", "unknown") if self.check else ("",))))
            self._say(
                self.Words(
                    f"The solver failed (a bug; please report it): {found.error}", Tone.ERROR
                )
            )
            return self._told()
        self.analyst.learn(game, found)
        self._refresh(game, found, announce=wanted is None)
        if wanted is not None:
            self._present(answer(wanted, game, self.analyst, found), wanted)
        return self._told()

    def _present(self, answered: assist.Answer, wanted: Want) -> None:
        """Say the session's answer to the player's question (see
        :func:`freecell_tui.session.assist.answer`)."""
        if answered.mark is not None:
            self._say(self.Hint(answered.mark, answered.said))
        elif answered.moves:
            self._say(self.Solution(answered.moves, watch=wanted is Want.WATCH))
        else:
            self._say(self.Words(answered.said, answered.tone))

    # ------------------------------------------------------------------ what the player asks
    def ask_hint(self) -> Reply:
        """The next move of a solution: from what is known, or after a search."""
        self._ask(Want.HINT)
        return self._told()

    def ask_solution(self, *, watch: bool = False) -> Reply:
        """Auto-solve's plan (``watch``: a solution to watch): from what is known, or after a
        search."""
        self._ask(Want.WATCH if watch else Want.SOLVE)
        return self._told()

    def _ask(self, wanted: Want) -> None:
        game = self._game
        answered = answer(wanted, game, self.analyst)
        if not answered.search:
            self._present(answered, wanted)
            return
        self._wanted = wanted
        self._say(self.Words(f"{answered.said} ({self.stop_key} stops looking)"))
        self._reply.search = self._start(solve_it=True)

    @property
    def waiting(self) -> bool:
        """The player waits for a hint or a solution."""
        return self._wanted is not None

    def stop_waiting(self) -> Reply:
        """Esc: stop waiting for a hint or a solution (see :attr:`waiting`)."""
        if self._wanted is None:
            return Reply()
        self._wanted = None
        if not self.check:  # the search is only for what the player gave up waiting for
            self._stop_work()
        self._say(self.Words("Stopped looking."))
        return self._told()

    def set_check(self, on: bool) -> Reply:
        """Switch the winnability check."""
        self.check = on
        self._stop_work()
        self.token += 1
        self._refresh(self._game)
        return self._told()

    # ------------------------------------------------------------------ winnable deals only
    def find_deal(self, mode: AutoplayMode, variant: Variant) -> Reply:
        """Look for a random deal of ``variant``'s game the solver does not prove unsolvable;
        the answer comes as :class:`DealChosen`."""
        return Reply(
            [self.Words("Looking for a winnable deal…")],
            deal=FindDeal(self.token, mode, self.deal_source, variant),
        )

    def deal_answered(self, message: DealFound) -> Reply:
        """The deals' search answered."""
        if message.token != self.token:
            return Reply()  # the player played on meanwhile
        choice = message.choice
        if choice is None or choice.number is None:
            why = message.error or "20 deals in a row were proved unsolvable"
            said = f"No winnable deal found ({why}); a random deal instead."
            return Reply([self.DealChosen(None, said)])
        self.analyst.learn_deal(choice)
        said = f"Deal {choice.number}{band_phrase(choice.number, choice.variant)}"
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
        return Reply([self.DealChosen(choice.number, said + "Good luck!")])
