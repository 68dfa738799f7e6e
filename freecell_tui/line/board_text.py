"""The board as lines a screen reader reads well: a heading, then one line per pile."""

from __future__ import annotations

from datetime import date
from typing import Final

from freecell_tui.core.cards import Card, Suit
from freecell_tui.core.daily import daily_label
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Pile
from freecell_tui.core.words import ASCII_TEXT, plural
from freecell_tui.session.words import band_phrase

__all__ = ["ASCII_SUITS", "format_board"]

#: What an ASCII terminal gets instead of suit symbols and typographic dashes.
ASCII_SUITS: Final = ASCII_TEXT


def format_board(
    game: Game, *, ascii: bool = False, daily: date | None = None, par: int | None = None
) -> list[str]:
    """A heading (the game when it is not classic FreeCell, the deal — and the date, for a
    daily deal —, with its difficulty band or the free cells it needs when rated, moves and the deal's ``par`` when known, cards home, autoplay), the
    foundations, the free cells (as many as the game has, each by its letter; "none" in a game
    without), then one line per column, deepest card first."""
    state = game.state

    def text(card: Card) -> str:
        return card.ascii_label if ascii else card.label

    where = f"Deal {game.deal_number}" if game.deal_number is not None else "Position"
    if daily is not None:
        where = f"{daily_label(daily)}, deal {game.deal_number}"
    variant = state.variant
    where += band_phrase(game.deal_number, variant)
    if not variant.is_classic:
        where = f"{variant.name}, {where[:1].lower()}{where[1:]}"
    moves = plural(game.move_count, "move") + ("" if par is None else f" (par {par})")
    lines = [f"{where}, {moves}, {state.cards_home} of 52 cards home, autoplay {game.autoplay}"]
    homes = []
    for suit in Suit:
        top = state.foundation_top(suit)
        letter = suit.letter if ascii else suit.symbol
        homes.append(text(top) if top is not None else f"{letter} empty")
    lines.append("Foundations: " + ", ".join(homes))
    cells = [
        f"{Pile.cell(i).code} {text(card) if card else 'empty'}"
        for i, card in enumerate(state.cells)
    ]
    lines.append("Free cells: " + (", ".join(cells) or "none"))
    for i, column in enumerate(state.columns):
        cards = " ".join(text(card) for card in column) if column else "empty"
        lines.append(f"Column {i + 1}: {cards}")
    return lines
