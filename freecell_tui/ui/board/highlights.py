"""What each pile of the board shows besides its cards: a pure function of the position, what is
picked up, the keyboard cursor, the mouse and the hint (no Textual here), so the looks of the
board can be tested without a terminal."""

from __future__ import annotations

from dataclasses import dataclass

from freecell_tui.core.cards import Suit
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.notation import FOUNDATION, Pile, cell_piles, column_piles
from freecell_tui.core.state import GameState
from freecell_tui.session.analysis import HintMark
from freecell_tui.ui.board.selection import Selection, select_card, shown_count

__all__ = ["Looks", "PileLook", "compute_looks"]


@dataclass(frozen=True, slots=True)
class PileLook:
    """How one pile is highlighted. ``selected``, ``hovered`` and ``hint`` count top cards:
    picked up, what a click at the mouse would pick up, what the hinted move takes."""

    selected: int = 0
    hovered: int = 0
    target: bool = False
    """The picked-up cards may be dropped here."""
    hover_target: bool = False
    """The mouse is over this pile and a click would drop the picked-up cards here."""
    cursor: bool = False
    hint: int = 0
    hint_target: bool = False


PLAIN = PileLook()


@dataclass(frozen=True, slots=True)
class Looks:
    """Every pile's look: the free cells and columns by pile, the foundations by suit."""

    piles: dict[Pile, PileLook]
    homes: dict[Suit, PileLook]


def _hover_effect(
    state: GameState,
    selection: Selection | None,
    targets: frozenset[Pile],
    hover: tuple[Pile, int | None] | None,
) -> tuple[Pile | None, int, bool]:
    """Where a click at the mouse would act: (pile, cards it would pick up, drops there)."""
    if hover is None:
        return None, 0, False
    pile, index = hover
    if selection is not None:
        return pile, 0, pile in targets
    if index is None or pile.is_foundation:
        return pile, 0, False
    try:
        picked = select_card(state, pile, index)
    except FreeCellError:
        return pile, 0, False
    return pile, shown_count(state, picked), False


def compute_looks(
    state: GameState,
    *,
    selection: Selection | None = None,
    targets: frozenset[Pile] = frozenset(),
    cursor: Pile | None = None,
    hover: tuple[Pile, int | None] | None = None,
    hint: HintMark | None = None,
) -> Looks:
    """Every pile's look for the board as it is."""
    selected_count = shown_count(state, selection) if selection is not None else 0
    hover_pile, hover_count, hover_target = _hover_effect(state, selection, targets, hover)
    piles: dict[Pile, PileLook] = {}
    for pile in (*cell_piles(state.variant), *column_piles(state.variant)):
        piles[pile] = PileLook(
            selected=selected_count if selection is not None and selection.pile == pile else 0,
            hovered=hover_count if hover_pile == pile else 0,
            target=pile in targets,
            hover_target=hover_target and hover_pile == pile,
            cursor=cursor == pile,
            hint=hint.count if hint is not None and hint.source == pile else 0,
            hint_target=hint is not None and hint.dest == pile,
        )
    home_target = FOUNDATION in targets
    homes = {
        suit: PileLook(
            target=home_target,
            hover_target=hover_target and hover_pile == FOUNDATION,
            cursor=cursor == FOUNDATION,
            hint_target=hint is not None and hint.suit is suit,
        )
        for suit in Suit
    }
    return Looks(piles, homes)
