"""Building positions for rule tests.

:func:`board` builds partial positions: the rules look only at the piles a move touches and at the
number of empty free cells and columns, so a test names just the cards that matter. Full
positions (all 52 cards) come from deals and from position text.
"""

from __future__ import annotations

from freecell_tui.core.cards import Card
from freecell_tui.core.state import GameState


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def board(
    *columns: str, cells: str = "", foundations: tuple[int, int, int, int] = (0, 0, 0, 0)
) -> GameState:
    """Columns as card words deepest first (missing columns are empty); cells as four words with
    ``-`` for an empty cell."""
    padded = [cards(column) for column in columns] + [()] * (8 - len(columns))
    cell_words = cells.split() + ["-"] * (4 - len(cells.split()))
    cell_cards = tuple(None if word == "-" else Card.parse(word) for word in cell_words)
    return GameState(tuple(padded), cell_cards, foundations)
