"""The Klondike player's rules (``docs/klondike.md``), the one engine: it plays a deck to the end
and gives the cards home, and, asked for them, the moves it made (:mod:`.table` turns those into
the record a person reads and the screen shows).

A million games must take under a minute on two cores, about 60 µs a game. This engine plays on
small integers (a card is its ``Card.index``: ``(rank - 1) * 4 + suit``, so kings are 48-51), in
mutable lists it owns, and answers each rule with a few table look-ups instead of a scan:

* ``want[suit]`` is the next card each output pile needs (rule 1 is ``card == want[card & 3]``);
* ``where[card]`` is the pile whose top card is ``card``, or 7 when it is not a top card; the
  pseudo-card 52 stands for "an empty pile" (``where[52]`` is the leftmost empty pile) and 53 for
  "nothing" (always 7);
* ``PARENTS[card]`` are the two cards ``card`` may be put on (one rank higher, other colour), or
  52 twice for a king. The leftmost pile that takes ``card`` is ``min(where[a], where[b])``.

Only the waste changes when a stock card is turned, so after a turn the pile rules are not
looked at again until a move is made: the stock is turned in a tight loop until its new card can
move. The tests play many decks through this engine and through a readable reference of the rules
(``tests/klondike/reference.py``) and compare every move.

A move, when asked for, is an :data:`EngineMove`: ``(rule, source, target, cards, refilled)``.
``rule`` is 0 for the first stock card turned, else the rule's number (1-4); ``source`` and
``target`` are places: piles 0-6, :data:`WASTE`, :data:`STOCK`, or :data:`OUTPUT` plus the suit's
index; ``cards`` is how many cards moved; ``refilled`` whether the waste, emptied by the move, was
given the next stock card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = ["DEAL_ORDER", "OUTPUT", "STOCK", "WASTE", "EngineMove", "play_fast"]

#: A move: rule, source place, target place, cards moved, whether the waste was refilled.
EngineMove = tuple[int, int, int, int, bool]
#: The places a move is from or to besides piles 0-6 (output piles: ``OUTPUT + suit``).
WASTE: Final = 7
STOCK: Final = 8
OUTPUT: Final = 9

_EMPTY: Final = 52  # pseudo-card: an empty pile
_NONE: Final = 53  # pseudo-card: no card (a finished output pile, an empty waste)
_NOWHERE: Final = 7  # "not a top card" in ``where``


def _deal_order() -> tuple[tuple[int, ...], ...]:
    """For each pile, the deck positions of its cards, deepest first."""
    positions: list[list[int]] = [[] for _ in range(7)]
    position = 0
    for round_ in range(7):
        for pile in range(round_, 7):
            positions[pile].append(position)
            position += 1
    return tuple(tuple(p) for p in positions)


#: Deck positions of each pile's cards, deepest first (the last one is face up).
DEAL_ORDER: Final = _deal_order()


def _parents() -> tuple[tuple[int, ...], tuple[int, ...]]:
    first: list[int] = []
    second: list[int] = []
    for card in range(54):
        if card >= 52:
            first.append(_NONE)
            second.append(_NONE)
        elif card >= 48:
            first.append(_EMPTY)
            second.append(_EMPTY)
        else:
            higher = (card | 3) + 1  # the clubs card one rank higher
            red = card & 3 in (1, 2)
            # black parents (clubs 0, spades 3) for a red card, red ones (1, 2) for a black card
            first.append(higher + (0 if red else 1))
            second.append(higher + (3 if red else 2))
    return tuple(first), tuple(second)


_PARENT_A, _PARENT_B = _parents()


def play_fast(deck: Sequence[int], steps: list[EngineMove] | None = None) -> int:  # noqa: C901, PLR0912, PLR0915 -- the hot loop, state in locals
    """Play ``deck`` (52 card indexes, top first) by the rules; return the cards home. With
    ``steps``, every move is appended to it.

    ``deck`` must hold 0-51 once each (not checked here: this is the hot loop).
    """
    parent_a = _PARENT_A
    parent_b = _PARENT_B
    piles = [[deck[i] for i in order] for order in DEAL_ORDER]
    down = [0, 1, 2, 3, 4, 5, 6]
    where = [_NOWHERE] * 54
    for index in range(7):
        where[piles[index][-1]] = index
    want = [0, 1, 2, 3]
    stock = [deck[i] for i in range(51, 27, -1)]  # next card last, for pop()
    waste = [stock.pop()]
    if steps is not None:
        steps.append((0, STOCK, WASTE, 1, False))
    home = 0
    full = True  # False right after a stock turn: only the waste changed since the last look

    while True:
        if full:
            # Rule 1, piles: the leftmost pile whose top card goes home.
            target = where[want[0]]
            other = where[want[1]]
            if other < target:
                target = other
            other = where[want[2]]
            if other < target:
                target = other
            other = where[want[3]]
            if other < target:
                target = other
            if target < 7:
                pile = piles[target]
                card = pile.pop()
                want[card & 3] = card + 4 if card < 48 else _NONE
                where[card] = _NOWHERE
                home += 1
                if steps is not None:
                    steps.append((1, target, OUTPUT + (card & 3), 1, False))
                if pile:
                    if len(pile) == down[target]:
                        down[target] -= 1
                    where[pile[-1]] = target
                elif target < where[_EMPTY]:
                    where[_EMPTY] = target
                continue

        if waste:
            card = waste[-1]
            # Rule 1, waste.
            if card == want[card & 3]:
                waste.pop()
                want[card & 3] = card + 4 if card < 48 else _NONE
                home += 1
                refilled = False
                if not waste and stock:
                    waste.append(stock.pop())
                    refilled = True
                if steps is not None:
                    steps.append((1, WASTE, OUTPUT + (card & 3), 1, refilled))
                full = True
                continue
            # Rule 2: the waste's top card to the leftmost pile that takes it.
            target = where[parent_a[card]]
            other = where[parent_b[card]]
            if other < target:
                target = other
            if target < 7:
                waste.pop()
                pile = piles[target]
                if pile:
                    where[pile[-1]] = _NOWHERE
                    pile.append(card)
                else:
                    pile.append(card)
                    where[_EMPTY] = _leftmost_empty(piles)
                where[card] = target
                refilled = False
                if not waste and stock:
                    waste.append(stock.pop())
                    refilled = True
                if steps is not None:
                    steps.append((2, WASTE, target, 1, refilled))
                full = True
                continue

        if full:
            # Rule 3: the leftmost pile whose face-up unit fits on another pile.
            moved = False
            for source in range(7):
                pile = piles[source]
                if not pile:
                    continue
                depth = down[source]
                bottom = pile[depth]
                target = where[parent_a[bottom]]
                other = where[parent_b[bottom]]
                if other < target:
                    target = other
                if target < 7 and (bottom < 48 or depth):
                    if steps is not None:
                        steps.append((3, source, target, len(pile) - depth, False))
                    onto = piles[target]
                    top = pile[-1]
                    if onto:
                        where[onto[-1]] = _NOWHERE
                        onto += pile[depth:]
                    else:
                        onto += pile[depth:]
                        where[_EMPTY] = _leftmost_empty(piles)
                    where[top] = target
                    del pile[depth:]
                    if depth:
                        down[source] = depth - 1
                        where[pile[-1]] = source
                    elif source < where[_EMPTY]:
                        where[_EMPTY] = source
                    moved = True
                    break
            if moved:
                continue

        # Rule 4: turn stock cards until one can move; with none left, the game is over.
        while stock:
            card = stock.pop()
            waste.append(card)
            if steps is not None:
                steps.append((4, STOCK, WASTE, 1, False))
            if card == want[card & 3] or where[parent_a[card]] < 7 or where[parent_b[card]] < 7:
                break
        else:
            return home
        full = False


def _leftmost_empty(piles: list[list[int]]) -> int:
    for index in range(7):
        if not piles[index]:
            return index
    return _NOWHERE
