"""What the solver knows about the game being played: hints, winnability, auto-solve's plan and
"winnable deals only" — pure, so both front ends and the tests can use it.

An :class:`Analyst` keeps what searches found, so undo, redo, following a hint and auto-solve
never search the same position twice:

* verdicts (winnable or not) by canonical position key, one table for autoplay ``all`` and one
  for ``off`` and ``safe`` (safe moves home never lose a game, so those two agree);
* solutions by (autoplay mode, position): a solution is a list of turns *in one mode* (with
  autoplay off, the moves home are the player's), so each mode has its own;
* whether any card can still go home, by key.

The searches themselves (:func:`analyse`, :func:`choose_deal`) run in a worker thread of the
front end; they read frozen games and write only single dictionary entries.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.cards import Suit
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import Move, Pile
from freecell_tui.core.rules import apply_move, describe_move, moved_cards
from freecell_tui.core.solver import canonical_key
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.core.words import plural
from freecell_tui.session.par import par_line
from freecell_tui.store import Par

if TYPE_CHECKING:
    from freecell_tui.core.solver import SolveStatus, WinnablePoint

__all__ = [
    "DEAL_SECONDS",
    "MAX_DEALS_TRIED",
    "SOLVER_SECONDS",
    "Analysis",
    "Analyst",
    "Cancel",
    "DealChoice",
    "HintMark",
    "analyse",
    "choose_deal",
    "lost_sentence",
    "lost_text",
]

#: How long one look at a position may search (a hint, auto-solve, the winnability check).
SOLVER_SECONDS: Final = 20.0
#: How long "winnable deals only" searches one deal; a deal it gives up on is played.
DEAL_SECONDS: Final = 10.0
#: Deals "winnable deals only" tries before it gives up looking (about 1 in 4,000 is unsolvable).
MAX_DEALS_TRIED: Final = 20


#: The cancel flag the searches poll (a subclass may yield the interpreter lock as it polls).
Cancel = threading.Event


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
    """What one search found about a game's position.

    ``status`` is the solver's verdict (``None`` when no solution was asked for). ``moves`` win
    from the position, one turn each, in the game's autoplay mode; ``line`` holds the position
    before each of them. ``home`` is :func:`can_bring_card_home` (``None`` when not asked or
    undecided). ``error`` is set when the solver failed.
    """

    status: SolveStatus | None = None
    moves: tuple[Move, ...] = ()
    line: tuple[GameState, ...] = ()
    home: bool | None = None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class DealChoice:
    """The deal of ``variant``'s game "winnable deals only" chose (``None``: none found), the
    deals it skipped as proved unsolvable, and the solution it found (empty when the solver gave
    up on it)."""

    number: int | None
    skipped: tuple[int, ...]
    mode: AutoplayMode
    moves: tuple[Move, ...] = ()
    line: tuple[GameState, ...] = ()
    error: str | None = None
    variant: Variant = FREECELL


def _line(state: GameState, moves: tuple[Move, ...], mode: AutoplayMode) -> tuple[GameState, ...]:
    """The positions a game with autoplay ``mode`` passes through when it plays ``moves``: the
    one before each move (``state`` first)."""
    line = [state]
    for move in moves[:-1]:
        state, _ = run_autoplay(apply_move(state, move), mode)
        line.append(state)
    return tuple(line)


class Analyst:
    """The caches of one session's searches (see the module's docstring)."""

    def __init__(self) -> None:
        self._known: tuple[dict[bytes, bool], dict[bytes, bool]] = ({}, {})
        self._solutions: dict[tuple[AutoplayMode, GameState], tuple[Move, ...]] = {}
        #: The shortest solutions known (par's line), by (autoplay mode, position).
        self._shortest: dict[tuple[AutoplayMode, GameState], tuple[Move, ...]] = {}
        self._home: dict[bytes, bool] = {}
        #: The deals (and modes) whose par line was learnt.
        self._pars: set[tuple[int, AutoplayMode, Variant]] = set()

    def known(self, mode: AutoplayMode) -> dict[bytes, bool]:
        """The verdicts that hold in autoplay ``mode`` (a search thread may add to them)."""
        return self._known[mode is AutoplayMode.ALL]

    def solution(self, game: Game) -> tuple[Move, ...] | None:
        """A known solution from ``game``'s position in its autoplay mode, one turn a move: the
        shortest known (par's line), if the position is on it."""
        where = (game.autoplay, game.state)
        return self._shortest.get(where) or self._solutions.get(where)

    def shortest(self, game: Game) -> tuple[Move, ...] | None:
        """The shortest solution known from ``game``'s position (par's line), if any."""
        return self._shortest.get((game.autoplay, game.state))

    def home(self, state: GameState) -> bool | None:
        return self._home.get(canonical_key(state))

    def point(self, game: Game) -> WinnablePoint | None:
        """The winnability of ``game``'s history from the verdicts already known, or ``None``
        when a search is needed."""
        known = self.known(game.autoplay)
        states = game.states
        length = len(states)
        verdict = known.get(canonical_key(states[-1]))
        if verdict is None:
            return None
        from freecell_tui.core.solver import WinnablePoint  # imported with the search

        if verdict:
            return WinnablePoint("winnable", length - 1, length)
        for index in range(length - 2, -1, -1):
            verdict = known.get(canonical_key(states[index]))
            if verdict is None:
                return None
            if verdict:
                return WinnablePoint("lost", index, length)
        return WinnablePoint("lost", None, length)

    def keep_solution(
        self, mode: AutoplayMode, moves: tuple[Move, ...], line: tuple[GameState, ...]
    ) -> None:
        """Remember a solution from every position along it (following a hint or auto-solve
        then needs no search), and that each of them is winnable."""
        known = self.known(mode)
        for index, position in enumerate(line):
            self._solutions[(mode, position)] = moves[index:]
            known[canonical_key(position)] = True

    def keep_shortest(
        self, mode: AutoplayMode, moves: tuple[Move, ...], line: tuple[GameState, ...]
    ) -> None:
        """Remember the shortest solution found (par's), from every position along it: a hint
        there follows it and says how short the way is."""
        known = self.known(mode)
        for index, position in enumerate(line):
            self._shortest[(mode, position)] = moves[index:]
            known[canonical_key(position)] = True

    def learn_par(self, par: Par) -> None:
        """Keep a deal's par line (once): a hint on it follows it and says how short the way
        is. A stored solution that does not replay is ignored."""
        if (par.deal_number, par.autoplay, par.variant) in self._pars:
            return
        self._pars.add((par.deal_number, par.autoplay, par.variant))
        line = par_line(par)
        if line is not None:
            self.keep_shortest(par.autoplay, *line)

    def learn(self, game: Game, analysis: Analysis) -> None:
        """Keep what a search of ``game`` found."""
        if analysis.status == "solved":
            self.keep_solution(game.autoplay, analysis.moves, analysis.line)
        if analysis.home is not None:
            self._home[canonical_key(game.state)] = analysis.home

    def learn_deal(self, choice: DealChoice) -> None:
        if choice.moves:
            self.keep_solution(choice.mode, choice.moves, choice.line)

    def hint(self, game: Game) -> tuple[HintMark, str] | None:
        """The hint for ``game`` from a known solution: what to highlight and what to say."""
        moves = self.solution(game)
        if not moves:
            return None
        state = game.state
        move = moves[0]
        cards = moved_cards(state, move)
        suit = cards[0].suit if move.dest.is_foundation else None
        mark = HintMark(move.source, len(cards), move.dest, suit)
        notation, _, what = describe_move(state, move).partition(": ")
        count = plural(len(moves), "move")
        if self.shortest(game):
            return mark, f"Hint: {notation} — {what} (the shortest way from here is {count})."
        return mark, f"Hint: {notation} — {what} ({count} win from here)."


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


def analyse(
    game: Game,
    *,
    solve_it: bool,
    known: dict[bytes, bool],
    cancel: Cancel | None = None,
    seconds: float = SOLVER_SECONDS,
) -> Analysis:
    """Solve ``game``'s position (when ``solve_it``), find how far back a lost game was
    winnable, and whether any card can still go home. For a worker thread: reads only frozen
    objects and writes only ``known`` (single dictionary stores)."""
    now = time.monotonic
    started = now()

    def left() -> float:
        return max(seconds - (now() - started), 0.0)

    from freecell_tui.core.solver import can_bring_card_home, last_winnable, solve_for_autoplay

    state, mode = game.state, game.autoplay
    status: SolveStatus | None = None
    moves: tuple[Move, ...] = ()
    line: tuple[GameState, ...] = ()
    if solve_it:
        result = solve_for_autoplay(state, mode, timeout=seconds, cancel=cancel, shorten=True)
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
    stopped = cancel is not None and cancel.is_set()
    if status != "solved" and game.outcome is Outcome.PLAYING and not stopped:
        home = can_bring_card_home(state, timeout=left(), cancel=cancel)
    return Analysis(status, moves, line, home)


def choose_deal(
    mode: AutoplayMode,
    source: Callable[[], int],
    cancel: Cancel | None = None,
    variant: Variant = FREECELL,
) -> DealChoice | None:
    """A random deal of ``variant``'s game the solver does not prove unsolvable (``None`` when
    cancelled)."""
    from freecell_tui.core.solver import solve_for_autoplay

    skipped: list[int] = []
    for _ in range(MAX_DEALS_TRIED):
        number = source()
        start = deal(number, variant)
        result = solve_for_autoplay(start, mode, timeout=DEAL_SECONDS, cancel=cancel)
        if cancel is not None and cancel.is_set():
            return None
        if result.status == "unsolvable":
            skipped.append(number)
            continue
        line = _line(start, result.moves, mode) if result.solved else ()
        return DealChoice(number, tuple(skipped), mode, result.moves, line, variant=variant)
    return DealChoice(None, tuple(skipped), mode, variant=variant)


def lost_text(point: WinnablePoint | None) -> tuple[str, str]:
    """The status line for a position that can no longer be won: the full text, and a short one
    for a narrow terminal."""
    if point is None or point.status != "lost":
        return "no longer winnable", "lost"
    if point.undo_count is None:
        return "not winnable, even from the start", "unwinnable deal"
    undo = point.undo_count
    return f"no longer winnable — undo {plural(undo, 'move')}", f"lost: undo {undo}"


def lost_sentence(point: WinnablePoint | None) -> str:
    """A loss as a sentence for the message line."""
    if point is None or point.status != "lost":
        return "No longer winnable."
    if point.undo_count is None:
        return "This deal cannot be won, even from its start."
    moves = plural(point.undo_count, "move")
    return f"No longer winnable: undo {moves} to get back to a winnable position."
