"""Autoplay: cards that go home by themselves after a player's move.

* ``off``: nothing moves by itself.
* ``safe`` (the default): aces always; a two when its ace is home; a higher card only when both
  cards of the opposite colour one rank lower are home (the classic Windows rule), so no card that
  could still be needed to hold a lower card goes home. In the games that build by suit
  every card that can go home is safe: the only card that could lie on it is the next lower
  card of its suit, which is home already.
* ``all``: every card that can go home does.
"""

from __future__ import annotations

import enum
from typing import Final

from freecell_tui.core.cards import Card
from freecell_tui.core.errors import NotationError
from freecell_tui.core.notation import FOUNDATION, Move, Pile
from freecell_tui.core.rules import apply_resolved
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import MAX_CELLS, MAX_COLUMNS, Build
from freecell_tui.core.words import quoted

__all__ = ["AutoplayMode", "is_safe_home", "run_autoplay"]


class AutoplayMode(enum.Enum):
    OFF = "off"
    SAFE = "safe"
    ALL = "all"

    @classmethod
    def parse(cls, text: str) -> AutoplayMode:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise NotationError(
                f"{quoted(text.strip())} is not an autoplay mode: use off, safe or all"
            ) from None

    def __str__(self) -> str:
        return self.value


def is_safe_home(state: GameState, card: Card) -> bool:
    """True when ``card`` may go home and no card still out could ever need it."""
    if state.foundations[card.index & 3] + 1 != card.rank:
        return False
    if card.rank <= 2 or state.variant.build is Build.SAME_SUIT:
        return True
    opposite = (1, 2) if not card.is_red else (0, 3)  # diamonds, hearts / clubs, spades
    return all(state.foundations[i] >= card.rank - 1 for i in opposite)


#: Each pile's move home, made once.
_FROM_CELL: Final = tuple(Move(Pile.cell(i), FOUNDATION) for i in range(MAX_CELLS))
_FROM_COLUMN: Final = tuple(Move(Pile.column(i), FOUNDATION) for i in range(MAX_COLUMNS))


def _next_home(state: GameState, mode: AutoplayMode) -> Move | None:
    """The first autoplay move of ``mode``: free cells first, then columns, in order."""
    found = state.foundations
    every = mode is AutoplayMode.ALL
    for i, card in enumerate(state.cells):
        # ``card.index & 3`` is its suit's place in the foundations.
        if (
            card is not None
            and found[card.index & 3] + 1 == card.rank
            and (every or is_safe_home(state, card))
        ):
            return _FROM_CELL[i]
    for i, column in enumerate(state.columns):
        if column:
            card = column[-1]
            if found[card.index & 3] + 1 == card.rank and (every or is_safe_home(state, card)):
                return _FROM_COLUMN[i]
    return None


def run_autoplay(state: GameState, mode: AutoplayMode) -> tuple[GameState, tuple[Move, ...]]:
    """Play every autoplay move of ``mode`` from ``state``: free cells first (a–d in FreeCell),
    then columns from 1, again until none is left. Returns the final state and the moves, in order."""
    if mode is AutoplayMode.OFF:
        return state, ()
    moves: list[Move] = []
    while (move := _next_home(state, mode)) is not None:
        state = apply_resolved(state, move)  # a move home that _next_home found legal
        moves.append(move)
    return state, tuple(moves)
