"""What the game screen says when a game ends: the win's title and cascade, and the dead-end
notices (no legal move left; no card can go home any more) with how far their undo goes back.
Pure data and functions: the screen pushes the dialogs and does what their answer chooses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from freecell_tui.core.game import Game
from freecell_tui.core.words import plural

__all__ = ["NO_MOVE_LEFT", "DeadEnd", "cascade_cards", "no_card_home", "win_title"]


@dataclass(frozen=True, slots=True)
class DeadEnd:
    """A notice that the game cannot go on: its ``title`` and ``body``, and the moves its undo
    takes back (``undo``: more than one goes back to the last winnable position)."""

    title: str
    body: str
    undo: int = 1

    @property
    def undo_reason(self) -> str:
        """What the undo's message adds to say where it went back to."""
        return ": back to a winnable position" if self.undo > 1 else ""


#: No card can move at all.
NO_MOVE_LEFT: Final = DeadEnd(
    "No legal move left", "No card can move. Undo, restart this deal, or start a new one."
)

if TYPE_CHECKING:
    from freecell_tui.core.solver import WinnablePoint


def no_card_home(point: WinnablePoint | None) -> DeadEnd:
    """Moves are left but none brings a card home (the assistant found it): the notice, its
    undo back to the last winnable position when ``point`` knows it."""
    undo = point.undo_count if point is not None and point.status == "lost" else None
    way_back = (
        f"u undoes {plural(undo, 'move')}, back to a winnable position"
        if undo
        else "u undoes a move"
    )
    return DeadEnd(
        "No card can go home any more",
        "Moves are left, but no sequence of them brings another card home: this game is "
        f"over. {way_back}; r restarts the deal; n starts a new game.",
        undo or 1,
    )


def win_title(game: Game) -> str:
    """The win dialog's title: the computer's when auto-solve played any of the game."""
    return "Solved by the computer" if game.solver_moves else "You won!"


def cascade_cards(game: Game) -> int:
    """How many cards bounce off the foundations before the win's dialog (fewer when auto-solve
    won: the player watched it already)."""
    return 12 if game.solver_moves else 52
