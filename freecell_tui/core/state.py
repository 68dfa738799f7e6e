"""The immutable game state: eight columns, four free cells, four foundations."""

from __future__ import annotations

from dataclasses import dataclass

from freecell_tui.core.cards import ALL_CARDS, Card, Suit
from freecell_tui.core.errors import PositionError
from freecell_tui.core.notation import Pile, PileKind
from freecell_tui.core.words import plural

__all__ = ["GameState", "run_length"]

Column = tuple[Card, ...]


def run_length(column: Column) -> int:
    """How many cards at the top of ``column`` form a run (each on the next, alternating)."""
    if not column:
        return 0
    length = 1
    for i in range(len(column) - 1, 0, -1):
        if column[i].stacks_on(column[i - 1]):
            length += 1
        else:
            break
    return length


@dataclass(frozen=True, slots=True)
class GameState:
    """A FreeCell position. Frozen: every move returns a new state.

    ``columns`` lists eight columns, each deepest card first (the last card is the one that moves).
    ``cells`` holds the four free cells ``a``–``d`` (``None`` when empty). ``foundations`` gives the
    top rank home for each suit, in suit order clubs, diamonds, hearts, spades (0 when empty).
    """

    columns: tuple[Column, ...]
    cells: tuple[Card | None, ...] = (None, None, None, None)
    foundations: tuple[int, ...] = (0, 0, 0, 0)

    def __post_init__(self) -> None:
        if len(self.columns) != 8:
            raise PositionError(f"a position has 8 columns, not {len(self.columns)}")
        if len(self.cells) != 4:
            raise PositionError(f"a position has 4 free cells, not {len(self.cells)}")
        if len(self.foundations) != 4 or any(not 0 <= f <= 13 for f in self.foundations):
            raise PositionError("each foundation holds 0 to 13 cards")

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_cards(cls, cards: list[Card] | tuple[Card, ...]) -> GameState:
        """Deal 52 cards in order, one to each column in turn (the Microsoft layout)."""
        columns: list[list[Card]] = [[] for _ in range(8)]
        for i, card in enumerate(cards):
            columns[i % 8].append(card)
        state = cls(tuple(tuple(c) for c in columns))
        state.validate()
        return state

    def validate(self) -> None:
        """Raise :class:`PositionError` unless all 52 cards are here exactly once."""
        indexes = {card.index for column in self.columns for card in column}
        in_cells = [card.index for card in self.cells if card is not None]
        indexes.update(in_cells)
        for i, top in enumerate(self.foundations):  # suit i: cards i, i + 4, ... up to its top
            indexes.update(range(i, 4 * top, 4))
        count = sum(map(len, self.columns)) + len(in_cells) + sum(self.foundations)
        if count == len(indexes) == 52:
            return  # the usual case; else find what is wrong, and where
        seen: dict[Card, str] = {}

        def place(card: Card, where: str) -> None:
            if card in seen:
                raise PositionError(f"{card.code} appears twice: in {seen[card]} and in {where}")
            seen[card] = where

        for suit, top in zip(Suit, self.foundations, strict=True):
            for rank in range(1, top + 1):
                place(ALL_CARDS[(rank - 1) * 4 + suit.index], "the foundations")
        for i, card in enumerate(self.cells):
            if card is not None:
                place(card, f"free cell {'abcd'[i]}")
        for i, column in enumerate(self.columns):
            for card in column:
                place(card, f"column {i + 1}")
        missing = [card.code for card in ALL_CARDS if card not in seen]
        if missing:
            raise PositionError(f"{plural(len(missing), 'card')} missing: {' '.join(missing)}")

    # ------------------------------------------------------------------ queries
    def foundation(self, suit: Suit) -> int:
        """The top rank home for ``suit`` (0 when none)."""
        return self.foundations[suit.index]

    def foundation_top(self, suit: Suit) -> Card | None:
        rank = self.foundations[suit.index]
        return ALL_CARDS[(rank - 1) * 4 + suit.index] if rank else None

    @property
    def cards_home(self) -> int:
        return sum(self.foundations)

    @property
    def is_won(self) -> bool:
        return self.cards_home == 52

    @property
    def empty_cells(self) -> int:
        return sum(1 for card in self.cells if card is None)

    @property
    def empty_columns(self) -> int:
        return sum(1 for column in self.columns if not column)

    def top(self, pile: Pile) -> Card | None:
        """The card a move from ``pile`` would take (``None`` when it is empty)."""
        if pile.kind is PileKind.COLUMN:
            column = self.columns[pile.index]
            return column[-1] if column else None
        if pile.kind is PileKind.CELL:
            return self.cells[pile.index]
        raise ValueError("cards never leave the foundations")

    def run_length(self, column: int) -> int:
        """Length of the ordered run at the top of column ``column`` (0-based)."""
        return run_length(self.columns[column])

    def max_run(self, *, to_empty_column: bool = False) -> int:
        """How many cards a run may move now: (empty cells + 1) × 2^(empty columns), not counting
        the destination when it is an empty column."""
        empty_columns = self.empty_columns - (1 if to_empty_column else 0)
        return (self.empty_cells + 1) * (1 << max(empty_columns, 0))
