"""What a player who asks for a hint or for auto-solve is answered — decided once, for both
front ends. :func:`answer` reads what the :class:`~freecell_tui.session.analysis.Analyst` knows
(and the search just made for the question, if any) and returns an :class:`Answer`: the words,
the hint to light up or the moves to play, or that a search must answer first. The full-screen
game runs that search (:func:`look`) in a worker, line mode inline; each only presents the
answer, so both say the same words.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.words import plural
from freecell_tui.session.analysis import (
    SOLVER_SECONDS,
    Analysis,
    Analyst,
    Cancel,
    HintMark,
    analyse,
    lost_sentence,
)
from freecell_tui.session.steps import Tone

__all__ = ["Answer", "Want", "answer", "look", "solution_phrase"]


class Want(enum.Enum):
    """What the player asked the solver for."""

    HINT = "hint"
    SOLVE = "solve"
    WATCH = "watch"


@dataclass(frozen=True, slots=True)
class Answer:
    """What to tell a player who asked for a hint or auto-solve: ``said`` in ``tone``; a hint's
    ``mark`` to light up; auto-solve's ``moves`` to play (one turn each). ``search``: nothing is
    known yet — ``said`` is what to say while the solver looks, and a search answers."""

    said: str
    tone: Tone = Tone.INFO
    mark: HintMark | None = None
    moves: tuple[Move, ...] = ()
    search: bool = False


def solution_phrase(moves: tuple[Move, ...]) -> str:
    """``Auto-solve: 48 moves to a win`` (each front end says how it plays them)."""
    return f"Auto-solve: {plural(len(moves), 'move')} to a win"


def answer(want: Want, game: Game, analyst: Analyst, found: Analysis | None = None) -> Answer:
    """The answer to ``want`` in ``game`` from what ``analyst`` knows; ``found`` is the search
    made for this question (learnt by ``analyst`` already), ``None`` before any."""
    if game.state.is_won:
        return Answer(f"Every card is home: there is nothing left to {want.value}.", Tone.ERROR)
    moves = analyst.solution(game)
    if moves:
        hint = analyst.hint(game) if want is Want.HINT else None
        if hint is not None:
            return Answer(hint[1], mark=hint[0], moves=moves)
        return Answer(solution_phrase(moves), moves=moves)
    point = analyst.point(game)
    if (point is not None and point.status == "lost") or (
        found is not None and found.status == "unsolvable"
    ):
        sentence = lost_sentence(point)
        what = {Want.HINT: "No hint", Want.SOLVE: "Nothing to auto-solve"}.get(
            want, "No solution to watch"
        )
        return Answer(f"{what} — {sentence[:1].lower()}{sentence[1:]}", Tone.ERROR)
    if found is None:
        looking = {Want.HINT: "Hint", Want.SOLVE: "Auto-solve"}.get(want, "Watch the solution")
        return Answer(f"{looking}: looking for a solution…", search=True)
    if found.error is not None:
        return Answer(f"The solver failed (a bug; please report it): {found.error}", Tone.ERROR)
    return Answer(
        f"The solver found no solution within {SOLVER_SECONDS:g} seconds: play on, or ask again.",
        Tone.ERROR,
    )


def look(
    game: Game,
    known: dict[bytes, bool],
    *,
    solve_it: bool = True,
    cancel: Cancel | None = None,
    seconds: float = SOLVER_SECONDS,
) -> Analysis:
    """The solver on ``game`` (:func:`~freecell_tui.session.analysis.analyse`); a solver bug is
    an answer too (``error``): it must not take the game down."""
    try:
        return analyse(game, solve_it=solve_it, known=known, cancel=cancel, seconds=seconds)
    except Exception as error:
        return Analysis(error=f"{type(error).__name__}: {error}")
