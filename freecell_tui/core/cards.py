"""Cards, ranks, suits and colours.

A card has two text forms:

* its *code*, the two-character form used by fc-solve and in files: ``TC``, ``AS``, ``KH``;
* its *label*, the form a player reads: ``10♣``, ``A♠``, ``K♥`` (``10C`` with ASCII suits).

:func:`Card.parse` reads either, in any case, and the mixed forms ``10C`` and ``T♣``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Final

from freecell_tui.core.errors import NotationError
from freecell_tui.core.words import quoted

__all__ = [
    "ALL_CARDS",
    "RANK_CODES",
    "Card",
    "Colour",
    "Suit",
    "rank_label",
    "rank_name",
]


class Colour(enum.Enum):
    RED = "red"
    BLACK = "black"


class Suit(enum.Enum):
    """The four suits, in Microsoft deal order (clubs, diamonds, hearts, spades)."""

    # A member is its own hash (members are singletons, equal only to themselves): Enum's
    # hashes its name in Python, and suits and piles are hashed in every hot loop.
    __hash__ = object.__hash__

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def index(self) -> int:
        """0 for clubs, 1 diamonds, 2 hearts, 3 spades."""
        return _SUIT_INDEX[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def colour(self) -> Colour:
        return Colour.RED if self in (Suit.DIAMONDS, Suit.HEARTS) else Colour.BLACK

    @property
    def is_red(self) -> bool:
        return self.colour is Colour.RED

    @classmethod
    def from_index(cls, index: int) -> Suit:
        return _SUITS[index]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from a letter (``C``, ``d``) or a symbol (``♣``, ``♦``, ``♡``...)."""
        suit = _SUIT_BY_TEXT.get(text.strip().upper())
        if suit is None:
            raise NotationError(f"{quoted(text)} is not a suit: use C, D, H, S or ♣ ♦ ♥ ♠")
        return suit

    def __str__(self) -> str:
        return self.symbol


_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_INDEX: Final = {suit: i for i, suit in enumerate(_SUITS)}
_SUIT_SYMBOL: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_BY_TEXT: Final = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}

#: Rank codes by rank (index 0 unused): ``A 2 3 4 5 6 7 8 9 T J Q K``.
RANK_CODES: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
_RANK_NAMES: Final = (
    "",
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
_RANK_BY_TEXT: Final = {code: rank for rank, code in enumerate(RANK_CODES) if code} | {"10": 10}


def rank_label(rank: int) -> str:
    """The rank as a player reads it: ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
    return "10" if rank == 10 else RANK_CODES[rank]


def rank_name(rank: int) -> str:
    """``ace``, ``two`` ... ``king``."""
    return _RANK_NAMES[rank]


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. Cards are values: equal cards compare equal and hash alike."""

    rank: int
    suit: Suit
    #: 0–51 in Microsoft deal order: AC AD AH AS 2C ... KS (kept: the solver reads it often).
    index: int = field(init=False, repr=False, compare=False)
    #: Diamonds or hearts (kept: the rules ask at every card laid on another).
    red: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            raise ValueError(f"rank must be 1 (ace) to 13 (king), not {self.rank!r}")
        if not isinstance(self.suit, Suit):
            raise ValueError(f"suit must be a Suit, not {self.suit!r}")
        object.__setattr__(self, "index", (self.rank - 1) * 4 + _SUIT_INDEX[self.suit])
        object.__setattr__(self, "red", self.suit.is_red)

    def __hash__(self) -> int:
        return self.index  # equal cards have equal indexes

    # ----------------------------------------------------------------- identity

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise ValueError(f"card index must be 0–51, not {index}")
        return ALL_CARDS[index]

    @property
    def colour(self) -> Colour:
        return self.suit.colour

    @property
    def is_red(self) -> bool:
        return self.red

    # ----------------------------------------------------------------- text
    @property
    def code(self) -> str:
        """Two characters, as fc-solve writes cards: ``TC``, ``AS``."""
        return RANK_CODES[self.rank] + self.suit.letter

    @property
    def label(self) -> str:
        """As a player reads it: ``10♣``, ``A♠``."""
        return rank_label(self.rank) + self.suit.symbol

    @property
    def ascii_label(self) -> str:
        """The label with a suit letter: ``10C``, ``AS``."""
        return rank_label(self.rank) + self.suit.letter

    @property
    def name(self) -> str:
        """Words, for screen readers: ``ten of clubs``."""
        return f"{rank_name(self.rank)} of {self.suit.name.lower()}"

    def text(self, *, ascii: bool = False) -> str:
        return self.ascii_label if ascii else self.label

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``TC``, ``10♣``, ``10C``, ``tc``, ``T♣``, ``ah``..."""
        raw = text.strip()
        if len(raw) < 2:
            raise NotationError(f"{quoted(text)} is not a card: write rank then suit, as TC or 10♣")
        rank = _RANK_BY_TEXT.get(raw[:-1].upper())
        if rank is None:
            raise NotationError(
                f"{quoted(text)} is not a card: {quoted(raw[:-1])} is not a rank (A 2–9 T/10 J Q K)"
            )
        suit = _SUIT_BY_TEXT.get(raw[-1].upper())
        if suit is None:
            raise NotationError(
                f"{quoted(text)} is not a card: {raw[-1]!r} is not a suit (C D H S or ♣ ♦ ♥ ♠)"
            )
        return ALL_CARDS[(rank - 1) * 4 + suit.index]

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


ALL_CARDS: Final[tuple[Card, ...]] = tuple(
    Card(rank, suit) for rank in range(1, 14) for suit in _SUITS
)
