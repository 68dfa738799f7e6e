"""What a player has picked up, and what a click, a key or a drop would do with it.

Pure functions over the core's :class:`GameState` (no Textual here), so the game screen stays a thin
dispatcher and the meaning of every click and key can be tested without a terminal.

A :class:`Selection` is a pile plus a card count. ``count=None`` means *automatic*, the notation's
``18``: onto a non-empty column the run moves as many cards as fit, onto an empty column one card.
A number fixes the count (``18v3``), as a click on a covered card or the ``+``/``-`` keys do.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from freecell_tui.core.errors import FreeCellError, IllegalMoveError, NotationError
from freecell_tui.core.notation import (
    FOUNDATION,
    Move,
    Pile,
    cell_piles,
    column_piles,
)
from freecell_tui.core.rules import resolve_move, run_limit_text
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import Variant

__all__ = [
    "Selection",
    "legal_destinations",
    "move_for",
    "movable_run",
    "quick_key",
    "quick_move",
    "select_card",
    "select_pile",
    "shown_count",
]


#: The free cells a game needs before its sixth cell, ``f``, takes the ``f`` key.
_CELLS_BEFORE_F = 5


def quick_key(variant: Variant) -> str:
    """The key that sends a card home or to a free cell in ``variant``'s game: ``f``, unless
    the game has a free cell ``f`` (six cells or more, as Eight Off): then ``f`` picks up
    from that cell, and ``x`` (a key of every game) sends home."""
    return "x" if variant.cells > _CELLS_BEFORE_F else "f"


def pile_for_key(key: str, variant: Variant) -> Pile | str:
    """The pile a pile key names in ``variant``'s game (``0`` is column 10), or why there is
    none, in one line."""
    code = "10" if key == "0" else key
    try:
        return Pile.parse(code, variant)
    except NotationError:
        return f"{variant.name} has no {'column' if code.isdigit() else 'free cell'} {code}"


def all_piles(state: GameState) -> tuple[Pile, ...]:
    """Every pile a card may go to in ``state``'s game, in the order the board shows them."""
    variant = state.variant
    return (*cell_piles(variant), FOUNDATION, *column_piles(variant))


@dataclass(frozen=True, slots=True)
class Selection:
    """The picked-up card or run: ``pile`` and how many cards (``None``: as the move needs)."""

    pile: Pile
    count: int | None = None


def movable_run(state: GameState, column: int, *, to_empty_column: bool = False) -> int:
    """How many top cards of ``column`` may move together now (0 for an empty column)."""
    run = state.run_length(column)
    return min(run, state.max_run(to_empty_column=to_empty_column)) if run else 0


def shown_count(state: GameState, selection: Selection) -> int:
    """How many cards to highlight for ``selection``: the fixed count, else the movable run."""
    if not selection.pile.is_column:
        return 1
    if selection.count is not None:
        return selection.count
    return max(movable_run(state, selection.pile.index), 1)


def select_pile(state: GameState, pile: Pile) -> Selection:
    """Pick up from ``pile`` (a notation key or the cursor): its top card or run, count automatic.

    Raises :class:`IllegalMoveError` when nothing there can move.
    """
    if pile.is_foundation:
        raise IllegalMoveError("cards never leave the foundations: pick a column or a free cell")
    if state.top(pile) is None:
        raise IllegalMoveError(f"{pile.name} is empty: there is no card to pick up")
    return Selection(pile)


def select_card(state: GameState, pile: Pile, index: int) -> Selection:
    """Pick up the card at ``index`` of ``pile`` (a click), with the cards above it.

    A click on the top card picks up that card alone; a click on a covered card picks up the run
    from that card to the top, when those cards form a run that may move now.
    """
    if not pile.is_column:
        return select_pile(state, pile)
    column = state.columns[pile.index]
    if not column:
        raise IllegalMoveError(f"{pile.name} is empty: there is no card to pick up")
    index = max(0, min(index, len(column) - 1))
    if index == len(column) - 1:
        return Selection(pile, 1)
    count = len(column) - index
    run = state.run_length(pile.index)
    card = column[index]
    if count > run:
        top_run = " ".join(str(c) for c in column[-run:])
        free = (
            f"only the top card of {pile.name} ({top_run}) is free"
            if run == 1
            else f"only the top {run} cards of {pile.name} ({top_run}) form a run"
        )
        raise IllegalMoveError(f"{card} cannot move with the cards on it: {free}")
    if count > state.max_run():
        raise IllegalMoveError(
            f"{count} cards ({card} to {column[-1]}) cannot move together now: "
            f"the free cells and empty columns allow {run_limit_text(state, to_empty_column=False)}"
        )
    return Selection(pile, count)


def move_for(state: GameState, selection: Selection, dest: Pile) -> Move:
    """The move that drops ``selection`` on ``dest`` (not yet checked against the rules, except
    that a run of several cards cannot go to a free cell or home)."""
    source = selection.pile
    if source.is_column and dest.is_column:
        return Move(source, dest, selection.count)  # None: as the notation's ``18`` moves
    if selection.count is not None and selection.count > 1:
        where = "home" if dest.is_foundation else f"to {dest.name}"
        raise IllegalMoveError(
            f"{selection.count} cards cannot go {where}: only one card moves there at a time"
        )
    return Move(source, dest)


@lru_cache(maxsize=64)
def legal_destinations(state: GameState, selection: Selection) -> frozenset[Pile]:
    """Every pile ``selection`` may be dropped on now. Kept for the last few asked about:
    picking up asks twice (may it be picked up, then what it lights), and each ``+``/``−``
    asks again for counts asked about before."""
    found: set[Pile] = set()
    for dest in all_piles(state):
        if dest == selection.pile:
            continue
        try:
            resolve_move(state, move_for(state, selection, dest))
        except FreeCellError:
            continue
        found.add(dest)
    return frozenset(found)


def quick_move(state: GameState, pile: Pile) -> Move:
    """Send the top card of ``pile`` home when it may go, else to the first empty free cell.

    Raises :class:`IllegalMoveError` saying why neither is possible.
    """
    select_pile(state, pile)
    home = Move(pile, FOUNDATION)
    try:
        resolve_move(state, home)
    except IllegalMoveError as error:
        not_home = str(error)
    else:
        return home
    if pile.is_cell:
        raise IllegalMoveError(f"{not_home}; it is already in a free cell")
    for cell in cell_piles(state.variant):
        if state.cells[cell.index] is None:
            return Move(pile, cell)
    raise IllegalMoveError(f"{not_home}, and every free cell is full")
