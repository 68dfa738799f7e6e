"""A game played back: its steps, and a cursor that walks them.

A :class:`Replay` holds the steps of a game's *line* (the turns since its last restart, as its
game code keeps them): step 0 is the start, then one step a turn — the player's move with the
autoplay moves that followed it, watched as part of its turn. Each step has its position and its
text in notation and in words, the same words the game says (:func:`describe_turn`).

The cursor is a value like the rest: :meth:`Replay.next`, :meth:`back`, :meth:`to`,
:meth:`first` and :meth:`last` return a new replay, or an :class:`OffTheEnd` that says in one
line why the cursor cannot go there. Both the text viewer of line mode and the command line's
``watch`` walk a game with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from freecell_tui.core.game import Game, Turn
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import apply_move
from freecell_tui.core.state import GameState
from freecell_tui.core.words import deal_phrase, plural
from freecell_tui.session.words import describe_turn

__all__ = [
    "FIRST_WORDS",
    "OffTheEnd",
    "Replay",
    "ReplayStep",
    "solution_title",
    "with_solution",
]

#: How :func:`describe_turn` starts the line of an autoplay move.
AUTOPLAY = "Autoplay "
#: What step 0, the start, says.
FIRST_WORDS = "The first position, before any move."


def solution_title(game: Game) -> str:
    """What a solution watched from ``game``'s position is called: ``the solver's solution of
    deal 617 from move 12``."""
    return f"the solver's solution of {deal_phrase(game.deal_number)} from move {len(game.line)}"


def with_solution(game: Game, moves: Sequence[Move]) -> Game:
    """``game`` with a solution from its position played on, each move a turn marked as the
    solver's (as auto-solve plays it): watched, and taken over, as an honest record."""
    for move in moves:
        game = game.play(move, solver=True)
    return game


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One step: ``number`` (0 is the start), the position after it, the turn that led to it
    (``None`` for the start) and what that turn did, a line a move (its player's move, then
    each autoplay move)."""

    number: int
    state: GameState
    turn: Turn | None
    words: tuple[str, ...]

    @property
    def notation(self) -> str:
        """The turn's moves in standard notation, autoplay included (``27 6h 5h``); empty for
        the start."""
        if self.turn is None:
            return ""
        return " ".join(move.notation for move in self.turn.moves)

    @property
    def summary(self) -> str:
        """The step's words on one line: ``42: 9♦ onto 10♠ in column 2; autoplay 4h: A♣ home,
        7h: 2♣ home``."""
        first, *rest = self.words
        if not rest:
            return first
        return f"{first}; autoplay " + ", ".join(line.removeprefix(AUTOPLAY) for line in rest)


@dataclass(frozen=True, slots=True)
class OffTheEnd:
    """Why the cursor cannot move as asked, one line for the player."""

    reason: str

    def __str__(self) -> str:
        return self.reason


def _steps(game: Game) -> tuple[ReplayStep, ...]:
    steps = [ReplayStep(0, game.start, None, (FIRST_WORDS,))]
    state = game.start
    for number, turn in enumerate(game.line, start=1):
        words = tuple(describe_turn(state, turn))
        for move in turn.moves:
            state = apply_move(state, move)
        steps.append(ReplayStep(number, state, turn, words))
    return tuple(steps)


@dataclass(frozen=True, slots=True)
class Replay:
    """A game's steps and the step the cursor is on (``at``: 0 is the start)."""

    game: Game
    steps: tuple[ReplayStep, ...]
    at: int = 0

    @classmethod
    def of(cls, game: Game) -> Replay:
        """The replay of ``game``'s line, the cursor on its start."""
        return cls(game, _steps(game))

    # ------------------------------------------------------------------ queries
    @property
    def last_number(self) -> int:
        """The number of the last step: the moves of the line."""
        return len(self.steps) - 1

    @property
    def step(self) -> ReplayStep:
        """The step the cursor is on."""
        return self.steps[self.at]

    @property
    def state(self) -> GameState:
        """The position at the cursor."""
        return self.step.state

    @property
    def at_end(self) -> bool:
        return self.at == self.last_number

    def game_at(self) -> Game:
        """The game as it stood at the cursor: its start and the first ``at`` turns of its line
        (what a board's heading counts)."""
        game = self.game
        return Game(game.start, game.deal_number, game.autoplay, game.line[: self.at])

    # ------------------------------------------------------------------ the cursor
    def next(self) -> Replay | OffTheEnd:
        if self.at_end:
            if self.last_number == 0:
                return OffTheEnd("This game has no moves to watch: it is at its start.")
            return OffTheEnd(
                f"That was the last move ({self.at} of {self.last_number}): back steps back."
            )
        return replace(self, at=self.at + 1)

    def back(self) -> Replay | OffTheEnd:
        if self.at == 0:
            return OffTheEnd("This is the first position: next plays the first move.")
        return replace(self, at=self.at - 1)

    def to(self, number: int) -> Replay | OffTheEnd:
        """The cursor on step ``number``: 0 is the start, :attr:`last_number` the last move."""
        if not 0 <= number <= self.last_number:
            if self.last_number == 0:
                return OffTheEnd(f"There is no move {number}: this game has no moves yet.")
            return OffTheEnd(
                f"There is no move {number}: this game has {plural(self.last_number, 'move')}"
                f" (to 0 is the first position, to {self.last_number} the last)."
            )
        return replace(self, at=number)

    def first(self) -> Replay:
        return replace(self, at=0)

    def last(self) -> Replay:
        return replace(self, at=self.last_number)
