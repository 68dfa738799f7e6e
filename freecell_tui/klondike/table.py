"""A Klondike game as a person reads it: the table, each move with the rule that made it, and the
whole record of a game, as frozen values.

The rules are :mod:`.engine`'s: :func:`play` has it play a deck and turns each of its moves
(:data:`.engine.EngineMove`) into a :class:`KlondikeMove` and the :class:`Table` after it, by
moving the cards it names; no rule is decided here.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from freecell_tui.core.cards import ALL_CARDS, Card, Suit
from freecell_tui.klondike.engine import OUTPUT, STOCK, WASTE, EngineMove, play_fast

__all__ = [
    "PILES",
    "KlondikeMove",
    "KlondikePile",
    "KlondikeRecord",
    "Place",
    "Rule",
    "Table",
    "Zone",
    "cards_from_indexes",
    "deal",
    "play",
]

#: Number of playing piles.
PILES = 7


class Rule(enum.Enum):
    """Which rule made a move."""

    START = "start"
    HOME = "1"
    WASTE_TO_PILE = "2"
    UNIT = "3"
    STOCK = "4"

    @property
    def label(self) -> str:
        """``start`` or ``rule 1`` ... ``rule 4``, as the record prints it."""
        return "start" if self is Rule.START else f"rule {self.value}"


class Zone(enum.Enum):
    """The places a card can be."""

    STOCK = "stock"
    WASTE = "waste"
    PILE = "pile"
    OUTPUT = "output"


@dataclass(frozen=True, slots=True)
class Place:
    """A place on the table: the stock, the waste, pile ``index`` (0-6) or output pile ``index``
    (suit order C D H S)."""

    zone: Zone
    index: int = 0

    def __str__(self) -> str:
        if self.zone is Zone.PILE:
            return f"pile {self.index + 1}"
        if self.zone is Zone.OUTPUT:
            return f"the {Suit.from_index(self.index).symbol} output pile"
        return f"the {self.zone.value}"


#: The engine's rule numbers and places (piles 0-6, then WASTE, STOCK, OUTPUT + suit), as values.
_RULES = (Rule.START, Rule.HOME, Rule.WASTE_TO_PILE, Rule.UNIT, Rule.STOCK)
_PLACES = (
    *(Place(Zone.PILE, index) for index in range(PILES)),
    Place(Zone.WASTE),
    Place(Zone.STOCK),
    *(Place(Zone.OUTPUT, suit.index) for suit in Suit),
)


@dataclass(frozen=True, slots=True)
class KlondikePile:
    """One playing pile: face-down cards then face-up cards, deepest first."""

    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()

    @property
    def top(self) -> Card | None:
        return self.up[-1] if self.up else None

    def __len__(self) -> int:
        return len(self.down) + len(self.up)

    def without(self, count: int) -> tuple[KlondikePile, Card | None]:
        """This pile less its top ``count`` face-up cards, and the face-down card that turned up
        (None when none did)."""
        up = self.up[: len(self.up) - count]
        if up or not self.down:
            return KlondikePile(self.down, up), None
        turned = self.down[-1]
        return KlondikePile(self.down[:-1], (turned,)), turned


@dataclass(frozen=True, slots=True)
class KlondikeMove:
    """One move, with the rule that made it and what followed from it.

    ``cards`` are the cards moved (one, or a unit deepest first). ``onto`` is the card they were
    put on (None for an empty pile, the waste or an output pile). ``turned_up`` is the face-down
    card uncovered in the source pile; ``refill`` the stock card turned because the waste
    became empty; ``stock_left`` the cards left in the stock after the move.
    """

    rule: Rule
    cards: tuple[Card, ...]
    source: Place
    target: Place
    onto: Card | None = None
    turned_up: Card | None = None
    refill: Card | None = None
    stock_left: int = 0

    def describe(self, *, ascii: bool = False) -> str:
        """A sentence a person can follow: ``A♣ from pile 3 to the ♣ output pile; pile 3 turns
        up 9♦``."""

        def text(card: Card) -> str:
            return card.text(ascii=ascii)

        def output(index: int) -> str:
            suit = Suit.from_index(index)
            return f"the {suit.letter if ascii else suit.symbol} output pile"

        moved = " ".join(text(card) for card in self.cards)
        if self.source.zone is Zone.STOCK:
            line = f"turn {moved} from the stock onto the waste ({_left(self.stock_left)})"
            return line
        if self.target.zone is Zone.OUTPUT:
            line = f"{moved} from {self.source} to {output(self.target.index)}"
        elif self.rule is Rule.UNIT:
            unit = "unit" if len(self.cards) > 1 else "card"
            where = f"onto {text(self.onto)} on" if self.onto else "to the empty"
            line = f"{self.source} ({unit} {moved}) {where} {self.target}"
        else:
            where = f"onto {text(self.onto)} on" if self.onto else "to the empty"
            line = f"{moved} from {self.source} {where} {self.target}"
        if self.turned_up is not None:
            line += f"; {self.source} turns up {text(self.turned_up)}"
        if self.refill is not None:
            line += (
                f"; the waste is empty: turn {text(self.refill)} from the stock "
                f"({_left(self.stock_left)})"
            )
        return line


def _left(count: int) -> str:
    return "stock empty" if count == 0 else f"{count} left in the stock"


@dataclass(frozen=True, slots=True)
class Table:
    """Everything on the table: piles, stock (next card first), waste (top last), the top rank of
    each output pile (suit order C D H S, 0 when empty), and whether the first card was turned."""

    piles: tuple[KlondikePile, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...] = ()
    output: tuple[int, int, int, int] = (0, 0, 0, 0)
    started: bool = False

    @property
    def cards_home(self) -> int:
        """Cards on the output piles."""
        return sum(self.output)

    def after(self, step: EngineMove) -> tuple[KlondikeMove, Table]:
        """The engine's move ``step`` as a :class:`KlondikeMove`, and the table after it."""
        rule, source, target, count, refilled = step
        piles, stock, waste, output = self.piles, self.stock, self.waste, self.output
        turned = onto = None
        if source == STOCK:
            cards, stock = stock[:1], stock[1:]
        elif source == WASTE:
            cards, waste = waste[-1:], waste[:-1]
        else:
            cards = piles[source].up[-count:]
            rest, turned = piles[source].without(count)
            piles = _put(piles, source, rest)
        if target == WASTE:
            waste = (*waste, *cards)
        elif target >= OUTPUT:
            ranks = list(output)
            ranks[target - OUTPUT] = cards[-1].rank
            output = (ranks[0], ranks[1], ranks[2], ranks[3])
        else:
            onto = piles[target].top
            piles = _put(piles, target, KlondikePile(piles[target].down, piles[target].up + cards))
        refill = None
        if refilled:
            refill, stock, waste = stock[0], stock[1:], (stock[0],)
        move = KlondikeMove(
            _RULES[rule], cards, _PLACES[source], _PLACES[target], onto, turned, refill, len(stock)
        )
        return move, Table(piles, stock, waste, output, started=True)


def _put(
    piles: tuple[KlondikePile, ...], index: int, pile: KlondikePile
) -> tuple[KlondikePile, ...]:
    return (*piles[:index], pile, *piles[index + 1 :])


def deal(deck: Sequence[Card]) -> Table:
    """The table after the deal of ``deck`` (top card first), before the first stock card is
    turned. ``deck`` must hold the 52 cards once each."""
    if len(deck) != 52 or len(set(deck)) != 52:
        raise ValueError("a deck is 52 different cards")
    columns: list[list[Card]] = [[] for _ in range(PILES)]
    cards = iter(deck)
    for round_ in range(PILES):
        for pile in range(round_, PILES):
            columns[pile].append(next(cards))
    piles = tuple(KlondikePile(tuple(cards_[:-1]), (cards_[-1],)) for cards_ in columns)
    return Table(piles, tuple(cards))


@dataclass(frozen=True, slots=True)
class KlondikeRecord:
    """A whole game: the deck, the table dealt, every move with the table after it."""

    deck: tuple[Card, ...]
    start: Table
    steps: tuple[tuple[KlondikeMove, Table], ...]

    @property
    def end(self) -> Table:
        return self.steps[-1][1] if self.steps else self.start

    @property
    def moves(self) -> tuple[KlondikeMove, ...]:
        return tuple(move for move, _ in self.steps)

    @property
    def cards_home(self) -> int:
        return self.end.cards_home


def play(deck: Sequence[Card]) -> KlondikeRecord:
    """Play ``deck`` (top card first) to the end by the engine's rules and keep the whole
    record."""
    start = deal(deck)
    engine_steps: list[EngineMove] = []
    play_fast([card.index for card in deck], engine_steps)
    steps = []
    table = start
    for step in engine_steps:
        move, table = table.after(step)
        steps.append((move, table))
    return KlondikeRecord(tuple(deck), start, tuple(steps))


def cards_from_indexes(indexes: Sequence[int]) -> tuple[Card, ...]:
    """Cards from their indexes 0-51 (``Card.index``)."""
    return tuple(ALL_CARDS[index] for index in indexes)
