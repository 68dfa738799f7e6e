"""The Klondike player's rules, one move at a time: the tests' reference, the oracle the package's
engine (:mod:`freecell_tui.klondike.engine`, through :func:`~freecell_tui.klondike.table.play`) is
held to, move by move.

This is the readable form of the rules, written to be checked against ``docs/klondike.md`` line
by line. It plays on the package's frozen :class:`~freecell_tui.klondike.table.Table` values and
finds each move itself, by the rules:

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

from collections.abc import Iterator, Sequence
from dataclasses import replace

from freecell_tui.core.cards import Card
from freecell_tui.klondike.table import (
    KlondikeMove,
    KlondikePile,
    KlondikeRecord,
    Place,
    Rule,
    Table,
    Zone,
    deal,
)

__all__ = ["next_move", "play"]

_KING = 13
STOCK = Place(Zone.STOCK)
WASTE = Place(Zone.WASTE)
Step = tuple[KlondikeMove, Table]


def takes(pile: KlondikePile, card: Card) -> bool:
    """True when ``card`` (alone or as the bottom of a unit) may be put on ``pile``: one rank
    lower than the top and of the other colour, or a king on an empty pile."""
    top = pile.top
    if top is None:
        return card.rank == _KING
    return card.rank + 1 == top.rank and card.red != top.red


def goes_home(table: Table, card: Card) -> bool:
    return table.output[card.suit.index] + 1 == card.rank


def next_move(table: Table) -> Step | None:
    """The move the rules make now and the table after it; None when the game is over."""
    if not table.started:
        return _turn(table, Rule.START)
    return _home(table) or _waste_to_pile(table) or _unit(table) or _turn(table, Rule.STOCK)


def moves(table: Table) -> Iterator[Step]:
    """Every move to the end of the game, each with the table after it."""
    while (step := next_move(table)) is not None:
        yield step
        table = step[1]


def _turn(table: Table, rule: Rule) -> Step | None:
    if not table.stock:
        return None
    card = table.stock[0]
    move = KlondikeMove(rule, (card,), STOCK, WASTE, stock_left=len(table.stock) - 1)
    after = replace(table, stock=table.stock[1:], waste=(*table.waste, card), started=True)
    return move, after


def _home(table: Table) -> Step | None:
    for index, pile in enumerate(table.piles):
        top = pile.top
        if top is not None and goes_home(table, top):
            rest, turned = pile.without(1)
            move = KlondikeMove(
                Rule.HOME,
                (top,),
                Place(Zone.PILE, index),
                Place(Zone.OUTPUT, top.suit.index),
                turned_up=turned,
                stock_left=len(table.stock),
            )
            piles = _put(table.piles, index, rest)
            return move, replace(table, piles=piles, output=_up(table, top))
    if table.waste and goes_home(table, table.waste[-1]):
        card = table.waste[-1]
        move = KlondikeMove(Rule.HOME, (card,), WASTE, Place(Zone.OUTPUT, card.suit.index))
        return _refill(move, replace(table, waste=table.waste[:-1], output=_up(table, card)))
    return None


def _waste_to_pile(table: Table) -> Step | None:
    if not table.waste:
        return None
    card = table.waste[-1]
    for index, pile in enumerate(table.piles):
        if takes(pile, card):
            move = KlondikeMove(
                Rule.WASTE_TO_PILE, (card,), WASTE, Place(Zone.PILE, index), onto=pile.top
            )
            piles = _put(table.piles, index, KlondikePile(pile.down, (*pile.up, card)))
            return _refill(move, replace(table, piles=piles, waste=table.waste[:-1]))
    return None


def _unit(table: Table) -> Step | None:
    for source, pile in enumerate(table.piles):
        if not pile.up:
            continue
        bottom = pile.up[0]
        if bottom.rank == _KING and not pile.down:
            continue  # a king already at the bottom: moving it would change nothing
        for target, other in enumerate(table.piles):
            if target != source and takes(other, bottom):
                rest, turned = pile.without(len(pile.up))
                piles = _put(table.piles, source, rest)
                piles = _put(piles, target, KlondikePile(other.down, other.up + pile.up))
                move = KlondikeMove(
                    Rule.UNIT,
                    pile.up,
                    Place(Zone.PILE, source),
                    Place(Zone.PILE, target),
                    onto=other.top,
                    turned_up=turned,
                    stock_left=len(table.stock),
                )
                return move, replace(table, piles=piles)
    return None


def _refill(move: KlondikeMove, table: Table) -> Step:
    """Turn the next stock card when ``move`` emptied the waste."""
    if table.waste or not table.stock:
        return replace(move, stock_left=len(table.stock)), table
    card = table.stock[0]
    move = replace(move, refill=card, stock_left=len(table.stock) - 1)
    return move, replace(table, stock=table.stock[1:], waste=(card,))


def _up(table: Table, card: Card) -> tuple[int, int, int, int]:
    output = list(table.output)
    output[card.suit.index] = card.rank
    return (output[0], output[1], output[2], output[3])


def _put(
    piles: tuple[KlondikePile, ...], index: int, pile: KlondikePile
) -> tuple[KlondikePile, ...]:
    return (*piles[:index], pile, *piles[index + 1 :])


def play(deck: Sequence[Card]) -> KlondikeRecord:
    """Play ``deck`` (top card first) to the end and keep the whole record."""
    start = deal(deck)
    return KlondikeRecord(tuple(deck), start, tuple(moves(start)))
