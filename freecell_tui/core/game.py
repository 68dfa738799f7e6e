"""A game: its start (a deal number or a position) plus its history, with undo and redo.

A :class:`Game` is immutable like the states it holds: :meth:`Game.play`, :meth:`Game.undo`,
:meth:`Game.redo` and :meth:`Game.restart` return new games. The history is a list of
:class:`Turn`: a player's move plus the autoplay moves that followed it (one undo takes back a
whole turn), or a restart (back to the start, as one undoable step).

Each turn remembers the autoplay mode it was played in and whether auto-solve played it, so a
stored game replays exactly, and the statistics can tell the player's wins from the computer's.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.deals import deal
from freecell_tui.core.errors import FreeCellError, IllegalMoveError
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import apply_move, apply_resolved, legal_moves, resolve_move
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant

__all__ = ["MAX_TURNS", "Game", "Outcome", "Turn", "too_long"]

#: The most turns a game keeps, undone ones and restarts included. A deal is won in about 100
#: moves; 10,000 is a hundred games' worth, more than anyone plays in one, and keeps every
#: game quick to replay (loading, importing and resuming replay it all).
MAX_TURNS: Final = 10_000

_MODES = (AutoplayMode.SAFE, AutoplayMode.OFF, AutoplayMode.ALL)


class Outcome(enum.Enum):
    PLAYING = "playing"
    WON = "won"
    STUCK = "stuck"  # no legal move left


@dataclass(frozen=True, slots=True)
class Turn:
    """One step of a game's history.

    A move turn: the player's ``move`` (resolved, with its count), the ``autoplay`` moves it set
    off in autoplay ``mode``, and ``solver``: auto-solve played it. A restart turn (``move`` is
    ``None``, see :meth:`restart`) takes the game back to its start.

    ``mode`` is ``None`` in a turn whose mode is not known (read from a save that did not name
    it): :meth:`Game.replay` works it out from the autoplay moves. Turns of a game always have
    their mode.
    """

    move: Move | None
    autoplay: tuple[Move, ...] = ()
    mode: AutoplayMode | None = None
    solver: bool = False

    @classmethod
    def restart(cls) -> Turn:
        return cls(None, (), None, False)

    @property
    def is_restart(self) -> bool:
        return self.move is None

    @property
    def moves(self) -> tuple[Move, ...]:
        """The player's move then its autoplay moves (none for a restart)."""
        return () if self.move is None else (self.move, *self.autoplay)


def too_long(turns: int) -> str | None:
    """Why a game of ``turns`` turns (undone ones included) is not kept, or ``None``."""
    if turns <= MAX_TURNS:
        return None
    return f"it has {turns:,} moves, and a game keeps at most {MAX_TURNS:,}"


def _play_turn(state: GameState, start: GameState, turn: Turn) -> GameState:
    """The position after ``turn`` (checked by the rules), from ``state``."""
    if turn.is_restart:
        return start
    for move in turn.moves:
        state = apply_move(state, move)
    return state


@dataclass(frozen=True)
class Game:
    """A game in progress. ``turns`` were played; ``redo_tail`` holds undone turns, the next one
    to redo first. ``hints`` counts the hints the player was shown in this game."""

    start: GameState
    deal_number: int | None = None
    autoplay: AutoplayMode = AutoplayMode.SAFE
    turns: tuple[Turn, ...] = ()
    redo_tail: tuple[Turn, ...] = ()
    hints: int = 0
    # states[i] is the position after i turns; states[0] is the start. Derived, never compared.
    _states: tuple[GameState, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self._states:
            states = [self.start]
            for turn in self.turns:
                states.append(_play_turn(states[-1], self.start, turn))
            object.__setattr__(self, "_states", tuple(states))

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        deal_number: int,
        *,
        autoplay: AutoplayMode = AutoplayMode.SAFE,
        variant: Variant = FREECELL,
    ) -> Game:
        """Deal ``deal_number`` of ``variant``'s game (classic FreeCell by default)."""
        return cls(deal(deal_number, variant), deal_number, autoplay)

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
        hints: int = 0,
    ) -> Game:
        """Rebuild a game from stored turns, checking every turn (and the redo tail): each move
        against the rules, and each turn's autoplay moves against what autoplay plays in the
        turn's mode (a turn without a mode is checked against ``autoplay``, then the other
        modes). Raises :class:`IllegalMoveError` (a :class:`FreeCellError`) naming the first bad
        move, counted from 1 over every move, autoplay included."""
        turns = tuple(turns)
        redo_tail = tuple(redo_tail)
        problem = too_long(len(turns) + len(redo_tail))
        if problem is not None:
            raise IllegalMoveError(problem)
        states = [start]
        checked: list[Turn] = []
        state = start
        counter = [0]
        for turn in (*turns, *redo_tail):
            if turn.is_restart:
                state = start
                checked.append(turn)
            else:
                state, turn = _check_turn(state, turn, autoplay, counter)
                checked.append(turn)
            states.append(state)
        done = len(turns)
        return cls(
            start,
            deal_number,
            autoplay,
            tuple(checked[:done]),
            tuple(checked[done:]),
            max(0, hints),
            tuple(states[: done + 1]),
        )

    # ------------------------------------------------------------------ queries
    @property
    def variant(self) -> Variant:
        """The game's rules (its start's)."""
        return self.start.variant

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def states(self) -> tuple[GameState, ...]:
        """The position after 0, 1, ... turns."""
        return self._states

    @property
    def line(self) -> tuple[Turn, ...]:
        """The move turns since the last restart: the moves that made the board as it is."""
        for index in range(len(self.turns) - 1, -1, -1):
            if self.turns[index].is_restart:
                return self.turns[index + 1 :]
        return self.turns

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move since the last restart, autoplay included, in order: replays from the start
        with autoplay off."""
        return tuple(move for turn in self.line for move in turn.moves)

    @property
    def move_count(self) -> int:
        """Moves the player made since the last restart (autoplay not counted)."""
        return len(self.line)

    @property
    def solver_moves(self) -> int:
        """Moves since the last restart that auto-solve played."""
        return sum(1 for turn in self.line if turn.solver)

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
        """Under way: there is something to undo or to redo."""
        return bool(self.turns or self.redo_tail)

    # ------------------------------------------------------------------ actions
    def play(self, move: Move, *, solver: bool = False) -> Game:
        """Play ``move`` and its autoplay; the redo tail is dropped. Raises IllegalMoveError.
        ``solver`` marks a move auto-solve played."""
        self._check_room()
        state = self.state
        resolved = resolve_move(state, move)
        after, auto = run_autoplay(apply_resolved(state, resolved), self.autoplay)
        return replace(
            self,
            turns=(*self.turns, Turn(resolved, auto, self.autoplay, solver)),
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
        return replace(
            self,
            turns=(*self.turns, turn),
            redo_tail=self.redo_tail[1:],
            _states=(*self._states, _play_turn(self.state, self.start, turn)),
        )

    def restart(self) -> Game:
        """Back to the start, as one turn: :meth:`undo` right after returns to where the game
        was. The redo tail is dropped, as by any new turn. Raises IllegalMoveError when the game
        is at its start already."""
        if not self.line:
            raise IllegalMoveError("this game is already at its start")
        self._check_room()
        return replace(
            self,
            turns=(*self.turns, Turn.restart()),
            redo_tail=(),
            _states=(*self._states, self.start),
        )

    def _check_room(self) -> None:
        """A new turn must leave the game within :data:`MAX_TURNS` (the redo tail goes)."""
        if len(self.turns) >= MAX_TURNS:
            raise IllegalMoveError(
                f"this game has {MAX_TURNS:,} moves, the most a game keeps: start a new game"
            )

    def with_autoplay(self, mode: AutoplayMode) -> Game:
        """Change the autoplay mode from now on (turns already played keep theirs)."""
        return replace(self, autoplay=mode)

    def with_hint(self) -> Game:
        """The same game, one more hint shown."""
        return replace(self, hints=self.hints + 1)


def _check_turn(
    state: GameState, turn: Turn, default: AutoplayMode, counter: list[int]
) -> tuple[GameState, Turn]:
    """Check one stored move turn from ``state``: the move by the rules, its autoplay moves
    against the turn's mode (or, with no mode, the first mode that plays exactly them). Returns
    the position after it and the turn, resolved with its mode."""
    assert turn.move is not None
    counter[0] += 1
    try:
        resolved = resolve_move(state, turn.move)
    except FreeCellError as error:
        # Keep the error's kind (IllegalMoveError, NotationError) so callers can tell a refused
        # move from a malformed one.
        raise type(error)(f"move {counter[0]}: {turn.move}: {error}") from None
    after = apply_resolved(state, resolved)
    modes = (turn.mode,) if turn.mode is not None else (default, *_MODES)
    for mode in modes:
        final, auto = run_autoplay(after, mode)
        if auto == turn.autoplay:
            counter[0] += len(auto)
            return final, Turn(resolved, auto, mode, turn.solver)
    # Report the first stored autoplay move that is wrong, counted over every move.
    final, expected = run_autoplay(after, modes[0])
    for index, move in enumerate(turn.autoplay):
        if index >= len(expected) or move != expected[index]:
            counter[0] += index + 1
            what = (
                f"autoplay {modes[0]} plays {expected[index]} here"
                if index < len(expected)
                else f"autoplay {modes[0]} plays nothing more here"
            )
            if turn.mode is None:
                what = "no autoplay mode plays it here"
            raise IllegalMoveError(
                f"move {counter[0]}: {move}: only autoplay may follow a move in a turn, and {what}"
            )
    missing = " ".join(str(move) for move in expected[len(turn.autoplay) :])
    raise IllegalMoveError(
        f"move {counter[0] + len(turn.autoplay)}: the turn of {turn.move} stops early: autoplay "
        f"{modes[0]} also plays {missing}"
    )
