"""Text a person reads: a game's complete record, and the summary of many games."""

from __future__ import annotations

from freecell_tui.core.cards import ALL_CARDS, Card, Suit
from freecell_tui.klondike.money import PER_CARD, STAKE, Summary, dollars, net
from freecell_tui.klondike.table import KlondikeRecord, Table

__all__ = ["FACE_DOWN", "format_record", "format_summary", "format_table"]

#: How a face-down card is printed.
FACE_DOWN = "##"


def _card(card: Card, ascii: bool) -> str:
    return card.text(ascii=ascii)


def _cards(cards: tuple[Card, ...], ascii: bool) -> str:
    return " ".join(_card(card, ascii) for card in cards)


def format_table(table: Table, *, ascii: bool = False) -> list[str]:
    """The table as lines: seven piles (``##`` for a face-down card), stock, waste, output."""
    lines = []
    for index, pile in enumerate(table.piles):
        cards = [FACE_DOWN] * len(pile.down) + [_card(card, ascii) for card in pile.up]
        lines.append(f"pile {index + 1}: {' '.join(cards) if cards else '(empty)'}")
    if table.stock:
        lines.append(f"stock, {len(table.stock)} cards, next first: {_cards(table.stock, ascii)}")
    else:
        lines.append("stock: empty")
    if table.waste:
        lines.append(f"waste, top last: {_cards(table.waste, ascii)}")
    else:
        lines.append("waste: empty")
    outputs = []
    for suit in Suit:
        rank = table.output[suit.index]
        symbol = suit.letter if ascii else suit.symbol
        top = _card(ALL_CARDS[(rank - 1) * 4 + suit.index], ascii) if rank else "empty"
        outputs.append(f"{symbol} {top}")
    lines.append(f"output piles (top card): {', '.join(outputs)}")
    return lines


def format_record(record: KlondikeRecord, title: str, *, ascii: bool = False) -> str:
    """A game's complete record: the deck, the deal, every move with its rule, the end, money."""
    out = [title, "=" * len(title), f"Deck, top first: {_cards(record.deck, ascii)}", ""]
    out.append(f"Dealt ({FACE_DOWN} is a face-down card):")
    out += [f"  {line}" for line in format_table(record.start, ascii=ascii)]
    out += ["", "Moves:"]
    width = len(str(len(record.steps)))
    for number, (move, _) in enumerate(record.steps, start=1):
        out.append(f"  {number:>{width}}. {move.rule.label:<7} {move.describe(ascii=ascii)}")
    end = record.end
    if end.cards_home == 52:
        out.append("  Game over: all 52 cards are home.")
    else:
        out.append("  Game over: the stock is used up and no move is left.")
    out += ["", "At the end:"]
    out += [f"  {line}" for line in format_table(end, ascii=ascii)]
    home = end.cards_home
    out += [
        "",
        f"Cards home: {home}. Paid ${STAKE}, won ${PER_CARD * home}: "
        f"net {dollars(net(home))} for this game.",
    ]
    return "\n".join(out) + "\n"


def format_summary(summary: Summary) -> str:
    """Games played, cards home, net winnings, the mean a game and its 95% interval."""
    games = summary.games
    lines = [f"Games played: {games:,}"]
    if games:
        lines.append(
            f"Cards home: {summary.cards_home:,} in all, {summary.cards_home / games:.2f} a game; "
            f"{summary.won:,} {'game' if summary.won == 1 else 'games'} won (all 52 home)"
        )
    else:
        lines.append("Cards home: 0")
    lines.append(f"Net winnings: {dollars(summary.net)}")
    mean = summary.mean
    if mean is not None:
        line = f"Mean per game: {dollars(mean, cents=True)}"
        interval = summary.ci95
        if interval is None:
            line += " (a confidence interval needs at least 2 games)"
        else:
            low, high = interval
            line += (
                f", 95% confidence interval {dollars(low, cents=True)} "
                f"to {dollars(high, cents=True)}"
            )
        lines.append(line)
    return "\n".join(lines) + "\n"
