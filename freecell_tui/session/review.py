"""A game looked back on: where a lost game was lost, and how a win compares with par — the
review the viewers show (pure: line mode, the command line and the full-screen viewer present
the same :class:`Review`).

* A game lost or left unfinished: the last step after which its deal could still be won (the
  steps are :class:`~freecell_tui.session.replay.Replay`'s: 0 is the start, then a turn each),
  the step after it as the move that lost it, and a winning line from that last winnable step.
  A deal that could not be won even from its start, a game still winnable at its end, and a
  search that gave up are each said as such.
* A won game: par's line beside the player's — par from the store when it is known, else
  searched within the time left (a search cut short gives its best line, which is called the
  shortest found, never par) — the moves more than it, and the first step where the player's
  position is no longer the one par's line reaches at that step.

Every search here shares one bound (``seconds``) and polls ``cancel``: :func:`review` always
returns, with what it could decide.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, parse_moves
from freecell_tui.core.solver import canonical_key, last_winnable, solve_for_autoplay
from freecell_tui.core.state import GameState
from freecell_tui.core.words import plural
from freecell_tui.session.par import ParSearch, find_par, par_line
from freecell_tui.session.replay import Replay
from freecell_tui.store import Par

__all__ = [
    "DIFFERS",
    "DIFFERS_FOUND",
    "LAST_WINNABLE",
    "LOST_HERE",
    "REVIEW_SECONDS",
    "LineTurn",
    "Review",
    "ReviewKind",
    "review",
    "review_text",
]

#: The bound on one review's searches, all together: with the replays around them, a review
#: answers within 5 s.
REVIEW_SECONDS: Final = 4.5

#: The marks a step can carry.
LAST_WINNABLE: Final = "last winnable"
LOST_HERE: Final = "lost here"
DIFFERS: Final = "differs from par"
DIFFERS_FOUND: Final = "differs from the shortest found"

#: What a review found: ``won``; ``lost`` (at a known step); ``never`` (not winnable even from
#: the start); ``winnable`` (still winnable at its end); ``unknown`` (the search gave up).
ReviewKind = Literal["won", "lost", "never", "winnable", "unknown"]


@dataclass(frozen=True, slots=True)
class LineTurn:
    """One turn of a line the review suggests: the step it would be (the replay's numbering),
    its moves in notation (autoplay included) and in words."""

    number: int
    notation: str
    words: str

    @property
    def move(self) -> Move:
        """The move the turn is made of (the first of its notation: autoplay's follow it)."""
        return Move.parse(self.notation.partition(" ")[0])


@dataclass(frozen=True, slots=True)
class Review:
    """What :func:`review` found about a game (its :class:`Replay` is ``replay``).

    ``summary`` says it in one line; ``marks`` maps a step number to its short mark
    (:data:`LAST_WINNABLE`, :data:`LOST_HERE`, :data:`DIFFERS`). ``last_winnable`` and
    ``lost_at`` are steps of a lost game; ``line`` is the winning line from ``last_winnable``
    (or from the end of a game still winnable), or for a win the line compared with (par's, when
    ``par_known``), whose length is ``par``; ``differs_at`` is the first step where the player's
    position left it.
    """

    kind: ReviewKind
    replay: Replay
    summary: str
    marks: Mapping[int, str] = field(default_factory=dict)
    last_winnable: int | None = None
    lost_at: int | None = None
    line: tuple[LineTurn, ...] = ()
    par: int | None = None
    par_known: bool = False
    differs_at: int | None = None
    search: ParSearch | None = None

    @property
    def moves(self) -> int:
        """The player's moves (the replay's last step)."""
        return self.replay.last_number


class _Budget:
    """The time left of one bound, and whether the search was stopped."""

    def __init__(self, seconds: float, cancel: threading.Event | None) -> None:
        self.seconds = seconds
        self.cancel = cancel
        self.started = time.monotonic()

    def left(self) -> float:
        return max(self.seconds - (time.monotonic() - self.started), 0.0)

    @property
    def stopped(self) -> bool:
        return self.cancel is not None and self.cancel.is_set()

    def gave_up(self) -> str:
        """Why a search ended undecided, as the end of a sentence."""
        if self.stopped:
            return "the review was stopped before it could decide"
        return f"could not decide in {self.seconds:g} s"


def review(
    game: Game,
    *,
    par: Par | None = None,
    seconds: float = REVIEW_SECONDS,
    cancel: threading.Event | None = None,
) -> Review:
    """Review ``game``'s line (since its last restart). ``par`` is its deal's par from the
    store, if known (a par of another deal or autoplay mode is ignored); ``seconds`` bounds
    every search together, ``cancel`` stops them. For a worker thread: reads frozen objects."""
    budget = _Budget(seconds, cancel)
    replay = Replay.of(game)
    if replay.steps[-1].state.is_won:
        return _review_win(replay, par, budget)
    return _review_loss(replay, budget)


def _play(state: GameState, moves: tuple[Move, ...], mode: AutoplayMode) -> Game:
    """``moves`` (one turn each, in autoplay ``mode``) played from ``state``; a move that does
    not play ends the line (a solver's fault, never shown as a move)."""
    game = Game(state, None, mode)
    for move in moves:
        try:
            game = game.play(move)
        except FreeCellError:
            break
    return game


def _turns(game: Game, first: int) -> tuple[LineTurn, ...]:
    """``game``'s turns as a line whose first turn is step ``first``."""
    return tuple(
        LineTurn(first + step.number - 1, step.notation, step.summary)
        for step in Replay.of(game).steps[1:]
    )


def _review_loss(replay: Replay, budget: _Budget) -> Review:
    game = replay.game
    mode = game.autoplay
    states = tuple(step.state for step in replay.steps)
    point = last_winnable(states, timeout=budget.left(), cancel=budget.cancel, autoplay=mode)
    if point.status == "unknown":
        return Review("unknown", replay, f"Where this game was lost: {budget.gave_up()}.")
    if point.status == "lost" and point.index is None:
        return Review(
            "never", replay, "This deal could not be won, even from its start: no move lost it."
        )
    last = len(states) - 1 if point.status == "winnable" else point.index
    assert last is not None  # a lost point with no index returned above
    found = solve_for_autoplay(
        states[last], mode, timeout=budget.left(), cancel=budget.cancel, shorten=True
    )
    line = _turns(_play(states[last], found.moves, mode), last + 1) if found.solved else ()
    to_win = (
        f"{plural(len(line), 'move')} to win from there"
        if line
        else f"the winning line from there was not found: {budget.gave_up()}"
    )
    if point.status == "winnable":
        if line:
            summary = f"Still winnable: {plural(len(line), 'move')} to win."
        else:
            summary = f"Still winnable, but the winning line was not found: {budget.gave_up()}."
        return Review("winnable", replay, summary, last_winnable=last, line=line)
    after = "from the start" if last == 0 else f"after move {last}"
    return Review(
        "lost",
        replay,
        f"Move {last + 1} lost it: {after} the deal could still be won ({to_win}).",
        {last: LAST_WINNABLE, last + 1: LOST_HERE},
        last_winnable=last,
        lost_at=last + 1,
        line=line,
    )


def _shortest(
    replay: Replay, par: Par | None, budget: _Budget
) -> tuple[Par | None, bool, str, ParSearch | None]:
    """The line to compare a win with: par's, or the shortest a search found in the time
    left; whether it is par; when there is none, why; and the search for par, if one ran."""
    game = replay.game
    number, mode = game.deal_number, game.autoplay
    variant = game.start.variant
    if par is not None and (par.deal_number, par.autoplay, par.variant) == (number, mode, variant):
        return par, True, "", None
    if number is not None:
        search = find_par(number, mode, variant, budget=budget.left(), cancel=budget.cancel)
        if search.par is not None:
            return search.par, search.complete, "", search
        return None, False, f"par not known: {budget.gave_up()}", search
    found = solve_for_autoplay(
        game.start, mode, timeout=budget.left(), cancel=budget.cancel, shorten=True
    )
    if not found.solved:
        return None, False, f"no shorter line known: {budget.gave_up()}", None
    solution = " ".join(str(move) for move in found.moves)
    return Par(0, mode, len(found.moves), solution, game.start.variant), False, "", None


def _review_win(replay: Replay, par: Par | None, budget: _Budget) -> Review:
    game = replay.game
    moves = replay.last_number
    best, is_par, why, search = _shortest(replay, par, budget)
    won = f"Won in {plural(moves, 'move')}"
    shortest = _moves_of(best, is_par) if best is not None else None
    if best is None or shortest is None:
        return Review("won", replay, f"{won}; {why or 'par not known'}.", search=search)
    played = _play(game.start, shortest, best.autoplay)
    line = _turns(played, 1)
    length = len(line)
    differs = _first_difference(tuple(step.state for step in replay.steps), played.states)
    if moves > length:
        than = f"{plural(moves - length, 'move')} more"
    elif moves < length:
        than = f"{plural(length - moves, 'move')} fewer"
    else:
        than = "as many moves"
    if is_par:
        name, same, left = f"par {length}", "you played par's very line", "your line left par's"
    else:
        cut = " (par not known: the search was cut short)" if game.deal_number is not None else ""
        name = f"the shortest line found has {plural(length, 'move')}{cut}"
        same, left = "you played that very line", "your line left it"
    if differs is None and is_par and best.won:  # par is a won game's line: this one
        summary = f"{won}: this line is par, the fewest moves known."
    elif differs is None:
        summary = f"{won}, {name}: {same}."
    else:
        summary = f"{won}, {name}: {than}; {left} at move {differs}."
    marks = {} if differs is None else {differs: DIFFERS if is_par else DIFFERS_FOUND}
    return Review(
        "won",
        replay,
        summary,
        marks,
        line=line,
        par=length,
        par_known=is_par,
        differs_at=differs,
        search=search,
    )


def _moves_of(best: Par, is_par: bool) -> tuple[Move, ...] | None:
    """The turns of the line to compare with: a stored par only when it replays to a win (a
    damaged row is no par), a line just found as the solver wrote it."""
    if is_par:
        checked = par_line(best)
        return None if checked is None else checked[0]
    try:
        return tuple(parse_moves(best.solution, best.variant))
    except (FreeCellError, ValueError):
        return None


def _first_difference(mine: tuple[GameState, ...], theirs: tuple[GameState, ...]) -> int | None:
    """The first step after which the two lines' positions differ (columns and cells in any
    order count as the same position), or ``None`` when they are the same line."""
    for index in range(1, max(len(mine), len(theirs))):
        if index >= len(mine) or index >= len(theirs):
            return index
        if canonical_key(mine[index]) != canonical_key(theirs[index]):
            return index
    return None


def review_text(found: Review) -> tuple[str, ...]:
    """The review as lines of text (line mode and the command line): the summary, the marked
    steps with their moves, then the suggested line — a lost game's winning line, or a win's
    line and par's side by side from where they part."""
    steps = found.replay.steps
    lines = [found.summary]
    for number, mark in sorted(found.marks.items()):
        if 0 < number < len(steps):
            lines.append(f"Move {number} ({mark}): {steps[number].summary}")
        elif number == 0:
            lines.append(f"The start ({mark}).")
    if found.kind in ("lost", "winnable") and found.line:
        start = "the start" if found.last_winnable == 0 else f"move {found.last_winnable}"
        lines.append(f"A winning line from {start}:")
        lines += [f"{turn.number}. {turn.words}" for turn in found.line]
    elif found.kind == "won" and found.line and found.differs_at is not None:
        lines += _side_by_side(found)
    return tuple(lines)


def _side_by_side(found: Review) -> list[str]:
    """The player's moves beside the other line's, in notation (the moves made, without the
    autoplay that followed), from the step where they part."""
    theirs = "par" if found.par_known else "shortest"
    start = found.differs_at or 1
    mine = {step.number: _made(step.notation) for step in found.replay.steps[1:]}
    other = {turn.number: _made(turn.notation) for turn in found.line}
    last = max(found.replay.last_number, len(found.line))
    rows = [f"From move {start}, yours beside {theirs}'s:", f"{'':>5}{'you':<6}{theirs}"]
    for number in range(start, last + 1):
        rows.append(f"{number:>3}. {mine.get(number, '–'):<6}{other.get(number, '–')}")
    return rows


def _made(notation: str) -> str:
    """The move a turn's notation starts with (autoplay's moves follow it)."""
    return notation.partition(" ")[0]
