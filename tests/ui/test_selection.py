"""The pure rules of picking up and dropping (no terminal): what a click or key picks up, where it
may go, and the quick move."""

from __future__ import annotations

import pytest

from freecell_tui.core.deals import deal
from freecell_tui.core.errors import IllegalMoveError
from freecell_tui.core.notation import FOUNDATION, Move, Pile
from freecell_tui.core.rules import apply_move, resolve_move
from freecell_tui.ui.board.selection import (
    Selection,
    legal_destinations,
    move_for,
    quick_move,
    select_card,
    select_pile,
)

from .positions import run_game


def test_a_key_picks_up_with_an_automatic_count_a_click_on_the_top_card_that_card() -> None:
    state = deal(1)
    assert select_pile(state, Pile.parse("3")) == Selection(Pile.parse("3"))
    assert select_card(state, Pile.parse("3"), 6) == Selection(Pile.parse("3"), 1)
    with pytest.raises(IllegalMoveError, match="empty"):
        select_pile(state, Pile.parse("a"))
    with pytest.raises(IllegalMoveError, match="never leave"):
        select_pile(state, FOUNDATION)


def test_a_covered_card_picks_up_its_run_or_says_why_not() -> None:
    state = run_game().state
    assert select_card(state, Pile.parse("1"), 1) == Selection(Pile.parse("1"), 3)
    with pytest.raises(IllegalMoveError, match="only the top 3 cards of column 1"):
        select_card(state, Pile.parse("1"), 0)


def test_destinations_and_the_default_count_to_an_empty_column() -> None:
    state = run_game().state
    picked = Selection(Pile.parse("1"))
    # Picked up by its key, the run goes to an empty column as the notation's 12 does: one card.
    assert move_for(state, picked, Pile.parse("2")) == Move.parse("12")
    assert resolve_move(state, move_for(state, picked, Pile.parse("2"))) == Move.parse("12v1")
    # A count given (+, or a click on a covered card) moves that many.
    three = Selection(Pile.parse("1"), 3)
    assert move_for(state, three, Pile.parse("2")) == Move.parse("12v3")
    targets = legal_destinations(state, picked)
    assert Pile.parse("2") in targets and Pile.parse("c") in targets
    with pytest.raises(IllegalMoveError, match="only one card"):
        move_for(state, Selection(Pile.parse("1"), 2), Pile.parse("c"))


def test_quick_move_prefers_home_then_a_free_cell() -> None:
    state = deal(1)
    assert quick_move(state, Pile.parse("3")) == Move(Pile.parse("3"), Pile.parse("a"))
    state = apply_move(apply_move(state, Move.parse("3a")), Move.parse("1b"))
    with pytest.raises(IllegalMoveError, match="already in a free cell"):
        quick_move(state, Pile.parse("a"))
