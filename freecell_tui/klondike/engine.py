"""The Klondike player's rules, one move at a time: the reference engine.

This is the readable form of the rules, written to be checked against the issue line by line. It
plays with :class:`~freecell_tui.core.cards.Card` values on frozen tables, and it records every
move with the rule that made it, so a game can be printed or watched. The fast engine in
:mod:`freecell_tui.klondike.fast` plays the same games on small integers without a record; tests
check that both always agree.

The rules:

* Deal seven rounds: round r (0-6) gives one card to each pile r..6; the first card of each round
  is face up. The other 24 cards are the stock, in order.
* Begin by turning one stock card onto the waste. Then, restarting at 1 after every move:

  1. a pile's top card (piles from left to right) or else the waste's top card goes to its output
     pile;
  2. the waste's top card goes to the leftmost pile that takes it;
  3. the leftmost pile whose face-up cards, as a unit, fit on another pile moves them onto the
     leftmost pile that takes them (a king unit goes to an empty pile only when face-down cards
     lie under it);
  4. otherwise the next stock card is turned onto the waste; with no stock left the game ends.

  When the waste becomes empty by rule 1 or 2, the next stock card is turned at once. A face-down
  card that is uncovered turns face up. The stock is gone through once.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from freecell_tui.core.cards import ALL_CARDS, Card, Suit

__all__ = [
    "PILES",
    "STOCK_SIZE",
    "GameRecord",
    "KlondikeMove",
    "Pile",
    "Place",
    "Rule",
    "Table",
    "Zone",
    "deal",
    "play",
]

#: Number of playing piles.
PILES = 7
#: Cards left for the stock after the deal.
STOCK_SIZE = 52 - PILES * (PILES + 1) // 2
_KING = 13


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


STOCK = Place(Zone.STOCK)
WASTE = Place(Zone.WASTE)


@dataclass(frozen=True, slots=True)
class Pile:
    """One playing pile: face-down cards then face-up cards, deepest first."""

    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()

    @property
    def top(self) -> Card | None:
        return self.up[-1] if self.up else None

    def __len__(self) -> int:
        return len(self.down) + len(self.up)

    def takes(self, card: Card) -> bool:
        """True when ``card`` (alone or as the bottom of a unit) may be put on this pile: one
        rank lower than the top and of the other colour, or a king on an empty pile."""
        top = self.top
        if top is None:
            return card.rank == _KING
        return card.stacks_on(top)

    def without(self, count: int) -> tuple[Pile, Card | None]:
        """This pile less its top ``count`` face-up cards, and the face-down card that turned up
        (None when none did)."""
        up = self.up[: len(self.up) - count]
        if up or not self.down:
            return Pile(self.down, up), None
        turned = self.down[-1]
        return Pile(self.down[:-1], (turned,)), turned


@dataclass(frozen=True, slots=True)
class KlondikeMove:
    """One move, with the rule that made it and what followed from it.

    ``cards`` are the cards moved (one, or a unit deepest first). ``onto`` is the card they were
    put on (None for an empty pile, the waste or an output pile). ``turned_up`` is the face-down
    card uncovered in the source pile; ``refill`` the stock card turned because the waste
    became empty.
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

    piles: tuple[Pile, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...] = ()
    output: tuple[int, int, int, int] = (0, 0, 0, 0)
    started: bool = False

    @property
    def cards_home(self) -> int:
        """Cards on the output piles."""
        return sum(self.output)

    def goes_home(self, card: Card) -> bool:
        return self.output[card.suit.index] + 1 == card.rank

    # ------------------------------------------------------------------ playing
    def next_move(self) -> tuple[KlondikeMove, Table] | None:
        """The move the rules make now and the table after it; None when the game is over."""
        if not self.started:
            return self._turn(Rule.START)
        return self._home() or self._waste_to_pile() or self._unit() or self._turn(Rule.STOCK)

    def moves(self) -> Iterator[tuple[KlondikeMove, Table]]:
        """Every move to the end of the game, each with the table after it."""
        table = self
        while (step := table.next_move()) is not None:
            yield step
            table = step[1]

    def _turn(self, rule: Rule) -> tuple[KlondikeMove, Table] | None:
        if not self.stock:
            return None
        card = self.stock[0]
        move = KlondikeMove(rule, (card,), STOCK, WASTE, stock_left=len(self.stock) - 1)
        table = replace(self, stock=self.stock[1:], waste=(*self.waste, card), started=True)
        return move, table

    def _home(self) -> tuple[KlondikeMove, Table] | None:
        for index, pile in enumerate(self.piles):
            top = pile.top
            if top is not None and self.goes_home(top):
                rest, turned = pile.without(1)
                move = KlondikeMove(
                    Rule.HOME,
                    (top,),
                    Place(Zone.PILE, index),
                    Place(Zone.OUTPUT, top.suit.index),
                    turned_up=turned,
                )
                table = replace(self, piles=_put(self.piles, index, rest), output=self._up(top))
                return move, table
        if self.waste and self.goes_home(self.waste[-1]):
            card = self.waste[-1]
            move = KlondikeMove(Rule.HOME, (card,), WASTE, Place(Zone.OUTPUT, card.suit.index))
            return self._refill(move, replace(self, waste=self.waste[:-1], output=self._up(card)))
        return None

    def _waste_to_pile(self) -> tuple[KlondikeMove, Table] | None:
        if not self.waste:
            return None
        card = self.waste[-1]
        for index, pile in enumerate(self.piles):
            if pile.takes(card):
                move = KlondikeMove(
                    Rule.WASTE_TO_PILE, (card,), WASTE, Place(Zone.PILE, index), onto=pile.top
                )
                piles = _put(self.piles, index, Pile(pile.down, (*pile.up, card)))
                return self._refill(move, replace(self, piles=piles, waste=self.waste[:-1]))
        return None

    def _unit(self) -> tuple[KlondikeMove, Table] | None:
        for source, pile in enumerate(self.piles):
            if not pile.up:
                continue
            bottom = pile.up[0]
            if bottom.rank == _KING and not pile.down:
                continue  # a king already at the bottom: moving it would change nothing
            for target, other in enumerate(self.piles):
                if target != source and other.takes(bottom):
                    rest, turned = pile.without(len(pile.up))
                    piles = _put(self.piles, source, rest)
                    piles = _put(piles, target, Pile(other.down, other.up + pile.up))
                    move = KlondikeMove(
                        Rule.UNIT,
                        pile.up,
                        Place(Zone.PILE, source),
                        Place(Zone.PILE, target),
                        onto=other.top,
                        turned_up=turned,
                    )
                    return move, replace(self, piles=piles)
        return None

    def _refill(self, move: KlondikeMove, table: Table) -> tuple[KlondikeMove, Table]:
        """Turn the next stock card when ``move`` emptied the waste."""
        if table.waste or not table.stock:
            return replace(move, stock_left=len(table.stock)), table
        card = table.stock[0]
        move = replace(move, refill=card, stock_left=len(table.stock) - 1)
        return move, replace(table, stock=table.stock[1:], waste=(card,))

    def _up(self, card: Card) -> tuple[int, int, int, int]:
        output = list(self.output)
        output[card.suit.index] = card.rank
        return (output[0], output[1], output[2], output[3])


def _put(piles: tuple[Pile, ...], index: int, pile: Pile) -> tuple[Pile, ...]:
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
    piles = tuple(Pile(tuple(cards_[:-1]), (cards_[-1],)) for cards_ in columns)
    return Table(piles, tuple(cards))


@dataclass(frozen=True, slots=True)
class GameRecord:
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


def play(deck: Sequence[Card]) -> GameRecord:
    """Play ``deck`` (top card first) to the end and keep the whole record."""
    start = deal(deck)
    return GameRecord(tuple(deck), start, tuple(start.moves()))


def cards_from_indexes(indexes: Sequence[int]) -> tuple[Card, ...]:
    """Cards from their indexes 0-51 (``Card.index``)."""
    return tuple(ALL_CARDS[index] for index in indexes)
