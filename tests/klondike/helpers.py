"""Hand-built decks: say what lies where, the helper puts the cards in dealing order."""

from __future__ import annotations

from collections.abc import Sequence

from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.klondike.deck import Deck
from freecell_tui.klondike.engine import DEAL_ORDER
from freecell_tui.klondike.table import KlondikeMove, Table, play

#: Cards used where a test does not say: queens and jacks first, which rarely move early.
_FILLER = sorted(ALL_CARDS, key=lambda card: (-abs(card.rank - 11.5), card.index), reverse=True)


def make_deck(piles: Sequence[str], stock: str = "") -> tuple[Card, ...]:
    """A deck (top first) that deals ``piles`` and starts the stock with ``stock``.

    ``piles[p]`` lists pile p+1's cards deepest first (the last is face up); a shorter list gives
    the top cards and unnamed cards fill in beneath. Unnamed cards also finish the stock.
    """
    named = [Card.parse(code) for text in (*piles, stock) for code in text.split()]
    assert len(set(named)) == len(named), "a card is named twice"
    filler = iter(card for card in _FILLER if card not in named)
    deck: list[Card | None] = [None] * 52
    for index, positions in enumerate(DEAL_ORDER):
        given = [Card.parse(code) for code in piles[index].split()] if index < len(piles) else []
        assert len(given) <= len(positions), f"pile {index + 1} holds {len(positions)} cards"
        cards = [next(filler) for _ in range(len(positions) - len(given))] + given
        for position, card in zip(positions, cards, strict=True):
            deck[position] = card
    stock_cards = [Card.parse(code) for code in stock.split()]
    for position in range(28, 52):
        deck[position] = (
            stock_cards[position - 28] if position - 28 < len(stock_cards) else next(filler)
        )
    assert all(card is not None for card in deck)
    return tuple(card for card in deck if card is not None)


def first_moves(deck: Sequence[Card], count: int) -> list[str]:
    """The first ``count`` moves of the game, as ``rule: description`` lines (ASCII suits)."""
    return [f"{move.rule.label}: {move.describe(ascii=True)}" for move in play(deck).moves[:count]]


def moves_and_tables(deck: Sequence[Card]) -> list[tuple[KlondikeMove, Table]]:
    return list(play(deck).steps)


def deck_text(deck: Deck) -> str:
    """The deck as a line of a decks file: ``AS TD 9H ...``."""
    return " ".join(ALL_CARDS[index].code for index in deck)
