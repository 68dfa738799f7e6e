"""The keys of notation typed between moves, without a screen
(:class:`~freecell_tui.ui.screens.move_keys.MoveKeys`): ``v`` and a count choose the cards of
the run picked up or amend the move typed just before; Space and Enter after a typed move do
nothing; anything else forgets the typed move."""

from __future__ import annotations

from freecell_tui.core.notation import Move, Pile
from freecell_tui.ui.screens.move_keys import MoveKeys, Notation

COLUMN = Pile.parse("1")
CELL = Pile.parse("a")


def typed(move: str) -> MoveKeys:
    """The keys as a move typed by its keys leaves them."""
    keys = MoveKeys()
    keys.gap, keys.typed = True, Move.parse(move)
    return keys


def test_v_then_a_count_chooses_the_cards_of_the_run_picked_up() -> None:
    keys = MoveKeys()
    assert keys.read("v", "v", COLUMN) == Notation()
    assert keys.read("3", "3", COLUMN) == Notation(count=3)
    assert keys.read("3", "3", COLUMN) is None  # the count was read: 3 is a pile key again


def test_v_then_a_count_after_a_move_between_columns_amends_it() -> None:
    keys = typed("18")
    assert keys.read("v", "v", None) == Notation()
    assert keys.read("c", "c", None) == Notation(amend=Move.parse("18vc"))
    assert keys.typed is None
    keys = typed("18v3")
    keys.read("v", "v", None)
    assert keys.read("3", "3", None) == Notation()  # the same count: nothing to amend


def test_v_refused_without_a_column_in_hand_or_a_move_between_columns() -> None:
    for keys, picked in ((MoveKeys(), None), (MoveKeys(), CELL), (typed("1a"), None)):
        notation = keys.read("v", "v", picked)
        assert notation is not None
        assert notation.refused.startswith("v and a count (1 to d) choose how many cards move")


def test_a_count_out_of_range_is_refused_and_the_typed_move_kept() -> None:
    keys = typed("18")
    keys.read("v", "v", None)
    notation = keys.read("e", "e", None)
    assert notation == Notation(
        refused="after v comes the card count, 1 to d in hexadecimal, not e"
    )
    assert keys.typed == Move.parse("18")
    keys.read("v", "v", None)
    notation = keys.read("left", None, None)
    assert notation is not None and notation.refused.endswith("not that key")


def test_escape_after_v_is_no_count_and_not_a_key_of_notation() -> None:
    keys = typed("18")
    keys.read("v", "v", None)
    assert keys.read("escape", None, None) is None
    assert keys.typed is None and not keys.gap


def test_space_and_enter_after_a_typed_move_do_nothing_any_other_key_forgets_it() -> None:
    keys = typed("18")
    assert keys.read("space", " ", None) == Notation()
    assert keys.read("enter", None, None) == Notation()
    assert keys.read("2", "2", None) is None
    assert keys.typed is None and not keys.gap
    assert keys.read("space", " ", None) is None  # no typed move before it
