"""The immutable game state: the columns, the free cells and the four foundations of a game
(classic FreeCell's eight columns and four cells unless the state's variant says otherwise)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from freecell_tui.core.cards import ALL_CARDS, Card, Suit
from freecell_tui.core.errors import PositionError
from freecell_tui.core.notation import Pile, PileKind
from freecell_tui.core.variant import FREECELL, STACKS, Build, Variant
from freecell_tui.core.words import plural

__all__ = ["GameState", "run_length"]

Column = tuple[Card, ...]


_SAME_SUIT: Final = STACKS[Build.SAME_SUIT]
_ALTERNATE: Final = STACKS[Build.ALTERNATE_COLOURS]


def run_length(column: Column, build: Build = Build.ALTERNATE_COLOURS) -> int:
    """How many cards at the top of ``column`` form a run (each on the next, one rank lower,
    alternating colours or of one suit as ``build`` says)."""
    if not column:
        return 0
    length = 1
    stacks = _SAME_SUIT if build is Build.SAME_SUIT else _ALTERNATE
    for i in range(len(column) - 1, 0, -1):
        if not stacks[column[i].index * 52 + column[i - 1].index]:
            break
        length += 1
    return length


@dataclass(frozen=True, slots=True)
class GameState:
    """A position of a game of ``variant`` (classic FreeCell by default). Frozen: every move
    returns a new state. Positions of different games never compare equal.

    ``columns`` lists the game's columns, each deepest card first (the last card is the one that
    moves). ``cells`` holds its free cells, ``a``–``d`` in FreeCell (``None`` when empty).
    ``foundations`` gives the top rank home for each suit, in suit order clubs, diamonds, hearts,
    spades (0 when empty).
    """

    columns: tuple[Column, ...]
    cells: tuple[Card | None, ...] = (None, None, None, None)
    foundations: tuple[int, ...] = (0, 0, 0, 0)
    variant: Variant = FREECELL

    def __post_init__(self) -> None:
        variant = self.variant
        if len(self.columns) != variant.columns:
            raise PositionError(
                f"{self._what} has {variant.columns} columns, not {len(self.columns)}"
            )
        if len(self.cells) != variant.cells:
            raise PositionError(
                f"{self._what} has {variant.cells} free cells, not {len(self.cells)}"
            )
        if len(self.foundations) != 4 or any(not 0 <= f <= 13 for f in self.foundations):
            raise PositionError("each foundation holds 0 to 13 cards")

    @property
    def _what(self) -> str:
        """``a position``, or ``a Seahaven Towers position``: for messages."""
        return "a position" if self.variant is FREECELL else f"a {self.variant.name} position"

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_cards(
        cls, cards: list[Card] | tuple[Card, ...], variant: Variant = FREECELL
    ) -> GameState:
        """Deal 52 cards in order as ``variant`` lays them out: one to each column in turn
        (the Microsoft layout), the last ones to the cells the game deals into."""
        width = variant.columns
        in_columns = len(cards) - len(variant.dealt_cells)
        columns: list[list[Card]] = [[] for _ in range(width)]
        for i, card in enumerate(cards[:in_columns]):
            columns[i % width].append(card)
        cells: list[Card | None] = [None] * variant.cells
        for cell, card in zip(variant.dealt_cells, cards[in_columns:], strict=True):
            cells[cell] = card
        state = cls(tuple(tuple(c) for c in columns), tuple(cells), (0, 0, 0, 0), variant)
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
                place(card, Pile.cell(i).name)
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
        return run_length(self.columns[column], self.variant.build)

    def max_run(self, *, to_empty_column: bool = False) -> int:
        """How many cards a run may move now: in FreeCell (empty cells + 1) × 2^(empty
        columns), not counting the destination when it is an empty column; the variant's
        :meth:`~freecell_tui.core.variant.Variant.run_limit` in other games."""
        empty_columns = self.empty_columns - (1 if to_empty_column else 0)
        if self.variant.doubles:
            return (self.empty_cells + 1) * (1 << max(empty_columns, 0))
        return self.variant.run_limit(self.empty_cells, empty_columns)
