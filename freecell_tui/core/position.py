"""Positions as text, in fc-solve's board layout.

::

    Foundations: H-0 C-A D-0 S-0
    Freecells: 6C - - -
    : 4C 2C 9C 8C QS 4S 2H
    ...

One line per column, each starting with ``: ``, deepest card first; ``-`` marks an empty free cell
and the cells are in order a–d. The reader also takes a plain eight-line deal (no prefixes, as
``make-microsoft-freecell-board`` prints), either suit form (``TC``/``10♣``), blank lines, and
``#`` comments.
"""

from __future__ import annotations

from freecell_tui.core.cards import RANK_CODES, Card, Suit
from freecell_tui.core.errors import FreeCellError, NotationError, PositionError
from freecell_tui.core.state import GameState

__all__ = ["format_position", "parse_position"]

_FOUNDATION_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
_RANK_BY_CODE = {code: rank for rank, code in enumerate(RANK_CODES) if code} | {"0": 0, "10": 10}


def format_position(state: GameState) -> str:
    """``state`` in fc-solve's layout, each line ending in a newline."""
    lines = [
        "Foundations: "
        + " ".join(f"{suit.letter}-{RANK_CODES[state.foundation(suit)] or '0'}" for suit in _FOUNDATION_ORDER),
        "Freecells: " + " ".join(card.code if card else "-" for card in state.cells),
    ]
    for column in state.columns:
        lines.append(":" + "".join(" " + card.code for card in column))
    return "\n".join(lines) + "\n"


def _cards(words: list[str], line_number: int) -> tuple[Card, ...]:
    cards = []
    for word in words:
        try:
            cards.append(Card.parse(word))
        except NotationError as error:
            raise PositionError(f"line {line_number}: {error}") from None
    return tuple(cards)


def parse_position(text: str) -> GameState:
    """Read a position; raise :class:`PositionError` saying which line is wrong and why."""
    foundations = [0, 0, 0, 0]
    cells: list[Card | None] = [None, None, None, None]
    columns: list[tuple[Card, ...]] = []
    for line_number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, colon, rest = line.partition(":")
        key = head.strip().lower()
        if colon and key in ("foundations", "founds"):
            for word in rest.split():
                suit_text, dash, rank_text = word.partition("-")
                try:
                    suit = Suit.parse(suit_text)
                except FreeCellError:
                    raise PositionError(
                        f"line {line_number}: {word!r} is not a foundation: write suit-rank, as H-0 or C-A"
                    ) from None
                rank = _RANK_BY_CODE.get(rank_text.upper()) if dash else None
                if rank is None:
                    raise PositionError(
                        f"line {line_number}: {word!r} is not a foundation: write suit-rank, as H-0 or C-A"
                    )
                foundations[suit.index] = rank
            continue
        if colon and key in ("freecells", "free cells", "cells"):
            words = rest.split()
            if len(words) > 4:
                raise PositionError(f"line {line_number}: there are only 4 free cells, not {len(words)}")
            for i, word in enumerate(words):
                cells[i] = None if word == "-" else _cards([word], line_number)[0]
            continue
        if colon and key:
            raise PositionError(f"line {line_number}: unknown line {head.strip()!r}")
        if len(columns) == 8:
            raise PositionError(f"line {line_number}: a position has only 8 columns")
        columns.append(_cards((rest if colon else line).split(), line_number))
    # A trailing empty column may be written as a line with just ':' (kept above) or left out.
    while len(columns) < 8 and columns:
        if sum(len(c) for c in columns) + sum(foundations) + sum(1 for c in cells if c) == 52:
            columns.append(())
        else:
            break
    if len(columns) != 8:
        raise PositionError(f"a position has 8 columns, but this text has {len(columns)}")
    state = GameState(tuple(columns), tuple(cells), tuple(foundations))
    state.validate()
    return state
