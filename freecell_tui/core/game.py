"""A game: its start (a deal number or a position) plus its moves, with undo and redo.

A :class:`Game` is immutable like the states it holds: :meth:`Game.play`, :meth:`Game.undo`,
:meth:`Game.redo` and :meth:`Game.restart` return new games. Each :class:`Turn` is a player's move
plus the autoplay moves that followed it; one undo takes back a whole turn.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.deals import deal
from freecell_tui.core.errors import FreeCellError, IllegalMoveError
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import apply_move, apply_resolved, legal_moves, resolve_move
from freecell_tui.core.state import GameState

__all__ = ["Game", "Outcome", "Turn"]


class Outcome(enum.Enum):
    PLAYING = "playing"
    WON = "won"
    STUCK = "stuck"  # no legal move left


@dataclass(frozen=True, slots=True)
class Turn:
    """A player's move (resolved, with its count) and the autoplay moves it set off."""

    move: Move
    autoplay: tuple[Move, ...] = ()

    @property
    def moves(self) -> tuple[Move, ...]:
        return (self.move, *self.autoplay)


@dataclass(frozen=True)
class Game:
    """A game in progress. ``turns`` were played; ``redo_tail`` holds undone turns, the next one
    to redo first."""

    start: GameState
    deal_number: int | None = None
    autoplay: AutoplayMode = AutoplayMode.SAFE
    turns: tuple[Turn, ...] = ()
    redo_tail: tuple[Turn, ...] = ()
    # states[i] is the position after i turns; states[0] is the start. Derived, never compared.
    _states: tuple[GameState, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self._states:
            states = [self.start]
            for turn in self.turns:
                state = states[-1]
                for move in turn.moves:
                    state = apply_move(state, move)
                states.append(state)
            object.__setattr__(self, "_states", tuple(states))

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, deal_number: int, *, autoplay: AutoplayMode = AutoplayMode.SAFE) -> Game:
        return cls(deal(deal_number), deal_number, autoplay)

    @classmethod
    def from_position(cls, state: GameState, *, autoplay: AutoplayMode = AutoplayMode.SAFE) -> Game:
        state.validate()
        return cls(state, None, autoplay)

    @classmethod
    def replay(
        cls,
        start: GameState,
        turns: Iterable[Turn],
        *,
        deal_number: int | None = None,
        autoplay: AutoplayMode = AutoplayMode.SAFE,
        redo_tail: Iterable[Turn] = (),
    ) -> Game:
        """Rebuild a game from stored turns, checking every move (and the redo tail) against the
        rules. Raises :class:`IllegalMoveError` (a :class:`FreeCellError`) naming the first bad move,
        counted from 1 over every move, autoplay included."""
        turns = tuple(turns)
        redo_tail = tuple(redo_tail)
        states = [start]
        checked: list[Turn] = []
        state = start
        number = 0
        for turn in (*turns, *redo_tail):
            moves = []
            for move in turn.moves:
                number += 1
                try:
                    resolved = resolve_move(state, move)
                except FreeCellError as error:
                    # Keep the error's kind (IllegalMoveError, NotationError) so callers can tell
                    # a refused move from a malformed one.
                    raise type(error)(f"move {number}: {move}: {error}") from None
                state = apply_resolved(state, resolved)
                moves.append(resolved)
            checked.append(Turn(moves[0], tuple(moves[1:])))
            states.append(state)
        done = len(turns)
        return cls(
            start,
            deal_number,
            autoplay,
            tuple(checked[:done]),
            tuple(checked[done:]),
            tuple(states[: done + 1]),
        )

    # ------------------------------------------------------------------ queries
    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def states(self) -> tuple[GameState, ...]:
        """The position after 0, 1, ... turns."""
        return self._states

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move played so far, autoplay included, in order: replays with autoplay off."""
        return tuple(move for turn in self.turns for move in turn.moves)

    @property
    def move_count(self) -> int:
        """Moves the player made (autoplay not counted)."""
        return len(self.turns)

    @property
    def can_undo(self) -> bool:
        return bool(self.turns)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_tail)

    @property
    def outcome(self) -> Outcome:
        state = self.state
        if state.is_won:
            return Outcome.WON
        if next(legal_moves(state), None) is None:
            return Outcome.STUCK
        return Outcome.PLAYING

    @property
    def is_started(self) -> bool:
        return bool(self.turns or self.redo_tail)

    # ------------------------------------------------------------------ actions
    def play(self, move: Move) -> Game:
        """Play ``move`` and its autoplay; the redo tail is dropped. Raises IllegalMoveError."""
        state = self.state
        resolved = resolve_move(state, move)
        after, auto = run_autoplay(apply_resolved(state, resolved), self.autoplay)
        return replace(
            self,
            turns=(*self.turns, Turn(resolved, auto)),
            redo_tail=(),
            _states=(*self._states, after),
        )

    def undo(self) -> Game:
        if not self.turns:
            raise IllegalMoveError("nothing to undo")
        return replace(
            self,
            turns=self.turns[:-1],
            redo_tail=(self.turns[-1], *self.redo_tail),
            _states=self._states[:-1],
        )

    def redo(self) -> Game:
        if not self.redo_tail:
            raise IllegalMoveError("nothing to redo")
        turn = self.redo_tail[0]
        state = self.state
        for move in turn.moves:
            state = apply_move(state, move)
        return replace(
            self,
            turns=(*self.turns, turn),
            redo_tail=self.redo_tail[1:],
            _states=(*self._states, state),
        )

    def restart(self) -> Game:
        """Back to the start; every turn goes to the redo tail, so redo replays them."""
        return replace(
            self,
            turns=(),
            redo_tail=(*self.turns, *self.redo_tail),
            _states=self._states[:1],
        )

    def with_autoplay(self, mode: AutoplayMode) -> Game:
        """Change the autoplay mode from now on (moves already played stay as they were)."""
        return replace(self, autoplay=mode)
