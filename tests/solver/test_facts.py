"""A column's facts learnt from the column it was cut from or grew from equal those computed from
scratch: the search learns most columns that way."""

from __future__ import annotations

from hypothesis import given, settings

from freecell_tui.core.solver.facts import ColumnFacts
from freecell_tui.core.solver.keys import compact
from freecell_tui.core.state import GameState

from .helpers import positions


def splits(state: GameState) -> list[tuple[bytes, bytes]]:
    """Every column of ``state`` split in two non-empty parts: (first cards, whole column)."""
    cols, _, _ = compact(state)
    return [(col[:k], col) for col in cols for k in range(1, len(col))]


@settings(max_examples=150, deadline=None)
@given(positions())
def test_facts_cut_from_or_grown_from_a_column_equal_those_from_scratch(state: GameState) -> None:
    for part, whole in splits(state):
        cut, grown = ColumnFacts(), ColumnFacts()
        cut.cut(part, whole)  # the first cards, from the whole column
        grown.grow(whole, part)  # the whole column, from its first cards
        assert cut[part] == ColumnFacts()[part]
        assert grown[whole] == ColumnFacts()[whole]


def test_facts_from_scratch() -> None:
    """The seven of spades on the eight of hearts on the two of clubs (the deepest, flagged):
    a run of two on a lower card; the prefixes' disorder and runs; the run's cards, top first."""
    two_clubs, eight_hearts, seven_spades = 4, 30, 27  # (rank - 1) * 4 + suit
    col = bytes([two_clubs | 0x80, eight_hearts, seven_spades])
    assert ColumnFacts()[col] == (2, (0, 0, 1, 2), 2, 2, (0, 1, 1, 2), bytes([27, 30]))
    assert ColumnFacts()[b""] == (0, (0,), 14, 0, (0,), b"")
