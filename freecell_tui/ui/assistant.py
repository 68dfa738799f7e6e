"""The solver on the board: hints, the winnability check, auto-solve and "winnable deals only".

The :class:`Assistant` belongs to the :class:`~freecell_tui.ui.screens.game.GameScreen`, which
tells it about every change of the game (:meth:`Assistant.game_changed`) and hands it the keys and
commands that are about the solver. The solver runs in thread workers of the screen, one at a time
per group: each works on a frozen :class:`Game`, polls a cancel flag that also hands the board's
thread the interpreter lock every few positions (so a long search never slows a key press), and
posts its answer back as a message (:class:`SolverAnswer`, :class:`DealFound`). Every change of
the game cancels the work under way, and an answer for a game that is no longer on the board is
dropped.

Verdicts are kept by canonical position key (one table for autoplay ``all``, one for the other
modes, which search alike) and solutions by position, so undo, redo, following a hint and
auto-solve never search the same position twice.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from textual.message import Message
from textual.timer import Timer
from textual.worker import Worker, get_current_worker

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.cards import Suit
from freecell_tui.core.deals import deal, random_deal_number
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import Move, Pile
from freecell_tui.core.rules import apply_move, describe_move, moved_cards
from freecell_tui.core.solver import (
    SolveStatus,
    WinnablePoint,
    can_bring_card_home,
    canonical_key,
    last_winnable,
    solve_for_autoplay,
)
from freecell_tui.core.state import GameState
from freecell_tui.core.words import plural
from freecell_tui.ui.messages import SettingChanged

if TYPE_CHECKING:
    from collections.abc import Callable

    from freecell_tui.ui.screens.game import GameScreen

__all__ = [
    "PACES",
    "Assistant",
    "pace_for",
    "DealFound",
    "HintMark",
    "SolverAnswer",
]

#: How long one look at a position may search (a hint, auto-solve, the winnability check).
SOLVER_SECONDS: Final = 20.0
#: How long "winnable deals only" searches one deal; a deal it gives up on is played.
DEAL_SECONDS: Final = 10.0
#: Deals "winnable deals only" tries before it gives up looking (about 1 in 4,000 is unsolvable).
MAX_DEALS_TRIED: Final = 20
#: The winnability check starts this long after the last change, so a player moving quickly
#: never pays for positions already left behind.
CHECK_DELAY: Final = 0.2
#: Auto-solve's paces: seconds between two moves, slowest first (``+`` and ``−`` step through).
PACES: Final = (2.0, 1.5, 1.0, 0.7, 0.5, 0.35, 0.25, 0.15, 0.1)
DEFAULT_PACE: Final = 4


def pace_for(moves_a_second: float) -> int:
    """The index in :data:`PACES` of the pace nearest ``moves_a_second``."""
    return min(range(len(PACES)), key=lambda i: abs(1 / PACES[i] - moves_a_second))


#: The keys that do not stop auto-solve: its speed keys and its own key.
AUTOSOLVE_KEYS: Final = frozenset({"plus", "equals_sign", "minus", "p"})

#: Status-line texts of the winnability check.
CHECKING: Final = "checking…"
WINNABLE: Final = "winnable"


@dataclass(frozen=True, slots=True)
class HintMark:
    """What the board highlights for a hint: ``count`` cards leave ``source`` for ``dest``
    (``suit`` is the foundation, when the move goes home)."""

    source: Pile
    count: int
    dest: Pile
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class Analysis:
    """What one worker found about a game's position.

    ``status`` is the solver's verdict (``None`` when it was not asked: the winnability check is
    off and no hint or auto-solve was wanted). ``moves`` win from the position, one turn each, in
    the game's autoplay mode, and ``line`` holds the position before each of them. ``home`` is
    :func:`can_bring_card_home` (``None`` when not asked or undecided). ``error`` is set when the
    solver failed.
    """

    status: SolveStatus | None = None
    moves: tuple[Move, ...] = ()
    line: tuple[GameState, ...] = ()
    home: bool | None = None
    error: str | None = None


@dataclass
class SolverAnswer(Message):
    """A worker's :class:`Analysis` of ``game`` (posted to the game screen from the thread)."""

    token: int
    game: Game
    analysis: Analysis


@dataclass
class DealFound(Message):
    """The winnable deal "winnable deals only" chose, the deals it skipped as proved unsolvable,
    and the solution it found (empty when the solver gave up: the deal is played anyway)."""

    token: int
    number: int | None
    skipped: tuple[int, ...]
    moves: tuple[Move, ...] = ()
    line: tuple[GameState, ...] = ()
    error: str | None = None


class _Cancel(threading.Event):
    """The solver's cancel flag for one worker: set by the worker's cancellation (a change of the
    game, the screen closing). Each poll (every 16 positions the solver expands, well under a
    millisecond) briefly lets go of the interpreter lock, so the board's thread, when it has a
    key press to handle, waits for the search a fraction of a millisecond instead of the
    interpreter's 5 ms switch interval."""

    def __init__(self, worker: Worker[object]) -> None:
        super().__init__()
        self._worker_event = worker.cancelled_event

    def is_set(self) -> bool:
        time.sleep(0)
        return self._worker_event.is_set() or super().is_set()


def _line(state: GameState, moves: tuple[Move, ...], mode: AutoplayMode) -> tuple[GameState, ...]:
    """The positions a game with autoplay ``mode`` passes through when it plays ``moves``: the
    one before each move (``state`` first)."""
    line = [state]
    for move in moves[:-1]:
        state, _ = run_autoplay(apply_move(state, move), mode)
        line.append(state)
    return tuple(line)


def _mark_history(
    states: tuple[GameState, ...], point: WinnablePoint, known: dict[bytes, bool]
) -> None:
    """Winnable positions are a prefix of a history: once its end is known, every position of
    the history is known (undo and redo then need no search)."""
    if point.status != "lost":
        return
    last_good = -1 if point.index is None else point.index
    for index, state in enumerate(states):
        known[canonical_key(state)] = index <= last_good


def _analyse(game: Game, solve_it: bool, known: dict[bytes, bool]) -> Analysis:
    """The worker: solve the position (when asked), find how far back a lost game was winnable,
    and whether any card can still go home. Runs in a thread; reads only frozen objects and
    writes only ``known`` (single dictionary stores, safe under the interpreter lock)."""
    cancel = _Cancel(get_current_worker())
    started = time.monotonic()

    def left() -> float:
        return max(SOLVER_SECONDS - (time.monotonic() - started), 0.0)

    state, mode = game.state, game.autoplay
    status: SolveStatus | None = None
    moves: tuple[Move, ...] = ()
    line: tuple[GameState, ...] = ()
    if solve_it:
        result = solve_for_autoplay(state, mode, timeout=SOLVER_SECONDS, cancel=cancel)
        status = result.status
        if result.solved:
            moves = result.moves
            line = _line(state, moves, mode)
            for position in line:
                known[canonical_key(position)] = True
        elif status == "unsolvable":
            known[canonical_key(state)] = False
            point = last_winnable(
                game.states,
                timeout=left(),
                cancel=cancel,
                last_is_lost=True,
                autoplay=mode,
                known=known,
            )
            _mark_history(game.states, point, known)
    home: bool | None = None
    if status != "solved" and game.outcome is Outcome.PLAYING and not cancel.is_set():
        home = can_bring_card_home(state, timeout=left(), cancel=cancel)
    return Analysis(status, moves, line, home)


def _after_colon(sentence: str) -> str:
    """A sentence to follow a colon: its first letter in lower case."""
    return sentence[:1].lower() + sentence[1:]


def lost_text(point: WinnablePoint | None) -> tuple[str, str]:
    """The status line for a position that can no longer be won: the full text, and a short one
    for a narrow terminal."""
    if point is None or point.status != "lost":
        return "no longer winnable", "lost"
    if point.undo_count is None:
        return "not winnable, even from the start", "unwinnable deal"
    undo = point.undo_count
    return f"no longer winnable — undo {plural(undo, 'move')}", f"lost: undo {undo}"


class Assistant:
    """Hints, the winnability check, auto-solve and "winnable deals only" for one game screen.

    Settings last as long as the screen (the session): :attr:`check` (the winnability check in
    the status line, on by default), :attr:`winnable_only` (new random deals skip deals the
    solver proves unsolvable) and the auto-solve pace. :attr:`deal_source` gives the random deal
    numbers (tests inject known deals).
    """

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.check = True
        self.winnable_only = False
        self.deal_source: Callable[[], int] = random_deal_number
        self.pace = DEFAULT_PACE
        #: Bumped on every change of the game: answers carrying an older token are dropped.
        self._token = 0
        #: Verdicts by canonical key: [other modes, autoplay all].
        self._known: tuple[dict[bytes, bool], dict[bytes, bool]] = ({}, {})
        #: Winning moves (one turn each) by (searches like autoplay all, position).
        self._solutions: dict[tuple[bool, GameState], tuple[Move, ...]] = {}
        #: can_bring_card_home answers by canonical key.
        self._home: dict[bytes, bool] = {}
        self._check_timer: Timer | None = None
        self._worker: Worker[None] | None = None
        self._deal_worker: Worker[None] | None = None
        #: The token the running worker works for, and whether it searches for a solution.
        self._working: tuple[int, bool] | None = None
        #: What the player is waiting for: "hint", "solve" or None.
        self._wanted: str | None = None
        #: The position whose "no card can go home" notice was shown (shown once).
        self._over_shown: bytes | None = None
        #: The message line as the last change of the game left it.
        self._said = ""
        # Auto-solve.
        self._plan: list[Move] = []
        self._played = 0
        self._step_timer: Timer | None = None
        self._stepping = False
        self._solving = False

    # ------------------------------------------------------------------ caches
    def _known_for(self, mode: AutoplayMode) -> dict[bytes, bool]:
        return self._known[mode is AutoplayMode.ALL]

    def _solution(self, game: Game) -> tuple[Move, ...] | None:
        return self._solutions.get((game.autoplay is AutoplayMode.ALL, game.state))

    def _keep_solution(
        self, mode: AutoplayMode, moves: tuple[Move, ...], line: tuple[GameState, ...]
    ) -> None:
        """Remember the solution from every position along it (following a hint or auto-solve
        then needs no search)."""
        kind = mode is AutoplayMode.ALL
        for index, position in enumerate(line):
            self._solutions[(kind, position)] = moves[index:]

    def cached_point(self, game: Game) -> WinnablePoint | None:
        """The winnability of ``game``'s history from the verdicts already known, or ``None``
        when a search is needed."""
        known = self._known_for(game.autoplay)
        states = game.states
        length = len(states)
        verdict = known.get(canonical_key(states[-1]))
        if verdict is None:
            return None
        if verdict:
            return WinnablePoint("winnable", length - 1, length)
        for index in range(length - 2, -1, -1):
            verdict = known.get(canonical_key(states[index]))
            if verdict is None:
                return None
            if verdict:
                return WinnablePoint("lost", index, length)
        return WinnablePoint("lost", None, length)

    # ------------------------------------------------------------------ the game changed
    def game_changed(self, game: Game) -> None:
        """Called by the screen after every change of the game: cancel what was under way (a
        hint, the check, auto-solve unless this was its own step), then show what is known of
        the new position and start the check when something is not. Cheap: a key press waits
        for this."""
        self._token += 1
        self._cancel_work()
        self._wanted = None
        if self._solving and not self._stepping:
            self._finish_autosolve()
        self._said = self.screen.message.text
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
        not. ``answer`` is a worker's answer that just arrived (nothing is searched again then);
        ``announce`` also says a loss in the message line."""
        if game.outcome is not Outcome.PLAYING:
            self._status("")
            return
        point = self.cached_point(game) if self.check else None
        winnable = point is not None and point.status == "winnable"
        lost = point is not None and point.status == "lost"
        if answer is not None and answer.status == "unsolvable":
            lost = True  # even when the history search gave up: how far back is then unknown
        home = self._home.get(canonical_key(game.state))
        if not self.check:
            self._status("")
        elif winnable:
            self._status(WINNABLE)
        elif lost:
            self._status(*lost_text(point))
        elif answer is not None:
            self._status("winnability unknown", "unknown")  # the solver gave up
        else:
            self._status(CHECKING)
        if answer is None:
            if (self.check and point is None) or (not winnable and home is None):
                self._schedule_check(game)
                return
        elif announce and lost and self._quiet():
            self.screen.say(self._lost_sentence(point))
        if home is False:
            self._show_over(game, point)

    def _status(self, text: str, short: str = "") -> None:
        """The winnability text at the end of the status line (``short`` for a narrow one)."""
        status = self.screen.status
        status.extra = text
        status.extra_short = short

    def _quiet(self) -> bool:
        """True while the message line still shows what the last change said."""
        return self.screen.message.text == self._said

    @staticmethod
    def _lost_sentence(point: WinnablePoint | None) -> str:
        if point is None or point.status != "lost":
            return "No longer winnable."
        if point.undo_count is None:
            return "This deal cannot be won, even from its start."
        moves = plural(point.undo_count, "move")
        return f"No longer winnable: undo {moves} to get back to a winnable position."

    def _schedule_check(self, game: Game) -> None:
        token = self._token
        self._check_timer = self.screen.set_timer(CHECK_DELAY, lambda: self._check_due(game, token))

    def _check_due(self, game: Game, token: int) -> None:
        self._check_timer = None
        self._start(game, token, solve_it=self.check)

    def _start(self, game: Game, token: int, *, solve_it: bool) -> None:
        """Start the worker for ``game`` (still the board's when ``token`` is current)."""
        if token != self._token:
            return
        if self._check_timer is not None:
            self._check_timer.stop()
            self._check_timer = None
        if self._working == (token, True) or (self._working == (token, False) and not solve_it):
            return  # the running worker answers this already
        known = self._known_for(game.autoplay)
        screen = self.screen

        def work() -> None:
            try:
                analysis = _analyse(game, solve_it, known)
            except Exception as error:  # a solver bug must not take the game down
                analysis = Analysis(error=f"{type(error).__name__}: {error}")
            if not get_current_worker().is_cancelled:
                screen.post_message(SolverAnswer(token, game, analysis))

        if self._worker is not None:
            self._worker.cancel()
        self._working = (token, solve_it)
        self._worker = screen.run_worker(
            work, name="solver", group="solver", exclusive=True, thread=True, exit_on_error=False
        )

    def answer(self, message: SolverAnswer) -> None:
        """A worker's answer (the screen hands it here)."""
        if message.token != self._token:
            return
        self._worker = None
        self._working = None
        game, analysis = message.game, message.analysis
        wanted, self._wanted = self._wanted, None
        if analysis.error is not None:
            self._status(*(("winnability unknown", "unknown") if self.check else ("",)))
            self.screen.say(
                f"The solver failed (a bug; please report it): {analysis.error}", "error"
            )
            return
        if analysis.status == "solved":
            self._keep_solution(game.autoplay, analysis.moves, analysis.line)
        if analysis.home is not None:
            self._home[canonical_key(game.state)] = analysis.home
        self._refresh(game, analysis, announce=wanted is None)
        if wanted is None:
            return
        if analysis.status == "solved":
            if wanted == "hint":
                self.hint()
            else:
                self.autosolve()
        elif analysis.status == "gave-up":
            self.screen.say(
                f"The solver found no solution within {SOLVER_SECONDS:g} seconds: play on, "
                "or ask again.",
                "error",
            )
        else:
            what = "No hint" if wanted == "hint" else "Nothing to auto-solve"
            self.screen.say(
                f"{what} — {_after_colon(self._lost_sentence(self.cached_point(game)))}", "error"
            )

    # ------------------------------------------------------------------ seed 004's end of game
    def _show_over(self, game: Game, point: WinnablePoint | None) -> None:
        """No line of play can bring another card home: the game is over (once per position)."""
        key = canonical_key(game.state)
        if self._over_shown == key or self.screen.app.screen is not self.screen:
            return
        self._over_shown = key
        undo = point.undo_count if point is not None and point.status == "lost" else None
        if undo:
            way_back = f"u undoes {plural(undo, 'move')}, back to a winnable position"
        else:
            way_back = "u undoes a move"
        self.screen.show_dead_end(
            "No card can go home any more",
            "Moves are left, but no sequence of them brings another card home: this game is "
            f"over. {way_back}; r restarts the deal; n starts a new game.",
            lambda: self._undo(undo or 1),
        )

    def _undo(self, count: int) -> None:
        """Undo ``count`` turns as one change of the game."""
        game = self.screen.game
        count = min(count, len(game.turns))
        if not count:
            return
        for _ in range(count):
            game = game.undo()
        said = f"Undid {plural(count, 'move')}: back to a winnable position. ctrl+y redoes."
        self.screen.set_game(game, said if count > 1 else "Undid 1 move. ctrl+y redoes it.")

    # ------------------------------------------------------------------ hint
    def hint(self) -> None:
        """Highlight the next move of a solution and say it; search first when none is known."""
        screen = self.screen
        game = screen.game
        if game.state.is_won:
            screen.refuse("every card is home: there is nothing left to hint")
            return
        moves = self._solution(game)
        if moves:
            self._show_hint(game, moves)
            return
        point = self.cached_point(game)
        if point is not None and point.status == "lost":
            screen.say(f"No hint — {_after_colon(self._lost_sentence(point))}", "error")
            return
        self._wanted = "hint"
        screen.say("Hint: looking for a solution…")
        self._start(game, self._token, solve_it=True)

    def _show_hint(self, game: Game, moves: tuple[Move, ...]) -> None:
        state = game.state
        move = moves[0]
        cards = moved_cards(state, move)
        suit = cards[0].suit if move.dest.is_foundation else None
        self.screen.hint = HintMark(move.source, len(cards), move.dest, suit)
        notation, _, what = describe_move(state, move).partition(": ")
        self.screen.say(f"Hint: {notation} — {what} ({plural(len(moves), 'move')} win from here).")

    # ------------------------------------------------------------------ auto-solve
    @property
    def solving(self) -> bool:
        """Auto-solve is playing (or about to)."""
        return self._solving

    def toggle_autosolve(self) -> None:
        """The auto-solve key: start, or stop when it is playing."""
        if self._solving:
            self.stop_autosolve()
        else:
            self.autosolve()

    def autosolve(self) -> None:
        """Play a solution from here, one ordinary undoable turn a step, at the chosen pace."""
        screen = self.screen
        game = screen.game
        if game.state.is_won:
            screen.refuse("every card is home: there is nothing left to solve")
            return
        moves = self._solution(game)
        if moves:
            self._plan = list(moves)
            self._played = 0
            self._solving = True
            screen.hint = None
            screen.say(
                f"Auto-solve: {plural(len(moves), 'move')} to a win, {self._pace_text()}; "
                "+ faster, − slower, Esc stops."
            )
            self._next_step()
            return
        point = self.cached_point(game)
        if point is not None and point.status == "lost":
            screen.say(
                f"Nothing to auto-solve — {_after_colon(self._lost_sentence(point))}", "error"
            )
            return
        self._wanted = "solve"
        screen.say("Auto-solve: looking for a solution… (Esc cancels)")
        self._start(game, self._token, solve_it=True)

    def _next_step(self) -> None:
        self._step_timer = self.screen.set_timer(PACES[self.pace], self._step)

    def _step(self) -> None:
        """Play the next move of the plan as the player's turn."""
        self._step_timer = None
        screen = self.screen
        if not self._solving:
            return
        if screen.app.screen is not screen:
            self.stop_autosolve()  # a dialog came over the board
            return
        game = screen.game
        move = self._plan.pop(0)
        try:
            said = describe_move(game.state, move)
            new = game.play(move)
        except FreeCellError as error:  # cannot happen while the plan follows the game
            self.stop_autosolve(f"Auto-solve stopped: {error}")
            return
        self._played += 1
        home = len(new.turns[-1].autoplay)
        if home:
            said += f"; autoplay sent {plural(home, 'card')} home"
        self._stepping = True
        try:
            screen.set_game(
                new, f"Auto-solve {self._played}/{self._played + len(self._plan)}: {said}"
            )
        finally:
            self._stepping = False
        if self._plan and new.outcome is Outcome.PLAYING:
            self._next_step()
        else:
            self._finish_autosolve()

    def _finish_autosolve(self) -> None:
        self._solving = False
        self._plan = []
        if self._step_timer is not None:
            self._step_timer.stop()
            self._step_timer = None

    def stop_autosolve(self, said: str | None = None) -> None:
        """Stop auto-solve (Esc, its key again, any other input)."""
        if not self._solving:
            return
        played = self._played
        self._finish_autosolve()
        if said is None:
            said = f"Auto-solve stopped after {plural(played, 'move')}"
            said += ": u undoes them one by one." if played else "."
        self.screen.say(said)

    def player_input(self, key: str | None) -> None:
        """A key (``None``: a mouse press) from the player: anything but auto-solve's own keys
        stops it; Esc also gives up waiting for a hint or a solution."""
        if self._solving and (key is None or key not in AUTOSOLVE_KEYS):
            self.stop_autosolve()
        elif key == "escape" and self._wanted is not None:
            self._wanted = None
            if not self.check:  # the search is only for what the player gave up waiting for
                self._cancel_work()
            self.screen.say("Stopped looking.")

    def change_pace(self, step: int) -> None:
        """``+`` / ``−`` while auto-solve plays."""
        self.pace = max(0, min(len(PACES) - 1, self.pace + step))
        self.screen.say(f"Auto-solve: {self._pace_text()}.")
        self._remember("solve_speed", self.speed)

    def set_speed(self, moves_a_second: float) -> None:
        """``:speed N``: the pace nearest ``N`` moves a second."""
        self.pace = pace_for(moves_a_second)
        self.screen.say(f"Auto-solve plays {self._pace_text()}.")
        self._remember("solve_speed", self.speed)

    @property
    def speed(self) -> float:
        """Auto-solve's pace in moves a second."""
        return 1 / PACES[self.pace]

    def _remember(self, name: str, value: object) -> None:
        """Tell the app a setting changed, so it is kept for next time."""
        self.screen.post_message(SettingChanged(name, value))

    def _pace_text(self) -> str:
        seconds = PACES[self.pace]
        if seconds >= 1:
            return f"one move every {seconds:g} s"
        return f"{1 / seconds:.3g} moves a second"

    # ------------------------------------------------------------------ settings
    def set_check(self, on: bool) -> None:
        """Switch the winnability check (``:winnable on|off``, the command palette)."""
        self.check = on
        self._remember("winnability_check", on)
        self._cancel_work()
        self._token += 1
        self.screen.say(
            "Winnability check on: the status line says whether this game can still be won."
            if on
            else "Winnability check off: no spoilers (i still gives a hint)."
        )
        self._refresh(self.screen.game)

    def set_winnable_only(self, on: bool) -> None:
        """Switch "winnable deals only" (``:deals winnable|any``, the command palette)."""
        self.winnable_only = on
        self._remember("winnable_deals_only", on)
        self.screen.say(
            "New random games: winnable deals only (deals the solver proves unsolvable are skipped)."
            if on
            else "New random games: any deal."
        )

    # ------------------------------------------------------------------ winnable deals only
    def find_deal(self) -> None:
        """Look for a random deal the solver does not prove unsolvable, then start it."""
        screen = self.screen
        token = self._token
        mode = screen.game.autoplay
        source = self.deal_source
        screen.say("Looking for a winnable deal…")

        def work() -> None:
            cancel = _Cancel(get_current_worker())
            skipped: list[int] = []
            found: DealFound | None = None
            try:
                for _ in range(MAX_DEALS_TRIED):
                    number = source()
                    start = deal(number)
                    result = solve_for_autoplay(start, mode, timeout=DEAL_SECONDS, cancel=cancel)
                    if cancel.is_set():
                        return
                    if result.status == "unsolvable":
                        skipped.append(number)
                        continue
                    line = _line(start, result.moves, mode) if result.solved else ()
                    found = DealFound(token, number, tuple(skipped), result.moves, line)
                    break
                else:
                    found = DealFound(token, None, tuple(skipped))
            except Exception as error:  # a solver bug must not take the game down
                found = DealFound(
                    token, None, tuple(skipped), error=f"{type(error).__name__}: {error}"
                )
            screen.post_message(found)

        self._deal_worker = screen.run_worker(
            work, name="deals", group="deals", exclusive=True, thread=True, exit_on_error=False
        )

    def deal_found(self, message: DealFound) -> None:
        """Start the deal "winnable deals only" chose (the screen hands the message here)."""
        if message.token != self._token:
            return  # the player played on meanwhile
        self._deal_worker = None
        screen = self.screen
        if message.number is None:
            why = message.error or f"{MAX_DEALS_TRIED} deals in a row were proved unsolvable"
            screen.say(f"No winnable deal found ({why}); a random deal instead.", "error")
            screen.start_deal(random_deal_number())
            return
        mode = screen.game.autoplay
        if message.moves:
            self._keep_solution(mode, message.moves, message.line)
            for position in message.line:
                self._known_for(mode)[canonical_key(position)] = True
        screen.start_deal(message.number)
        said = f"Deal {message.number}"
        said += (
            ", a winnable deal. "
            if message.moves
            else " (the solver gave up on it: it may be winnable). "
        )
        if message.skipped:
            deals = ", ".join(str(number) for number in message.skipped)
            said += f"Skipped deal{'s' if len(message.skipped) > 1 else ''} {deals}: proved unsolvable. "
        screen.say(said + "Good luck!")
