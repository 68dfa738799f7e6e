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

The text does not name its game (fc-solve's layout has no place for it): a position of another
game has its number of cells and columns, and the reader is told which game it is.
"""

from __future__ import annotations

from freecell_tui.core.cards import RANK_CODES, Card, Suit
from freecell_tui.core.errors import FreeCellError, NotationError, PositionError
from freecell_tui.core.notation import Pile
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.core.words import quoted

__all__ = ["format_position", "parse_position"]

_FOUNDATION_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
_RANK_BY_CODE = {code: rank for rank, code in enumerate(RANK_CODES) if code} | {"0": 0, "10": 10}


def format_position(state: GameState) -> str:
    """``state`` in fc-solve's layout, each line ending in a newline."""
    lines = [
        "Foundations: "
        + " ".join(
            f"{suit.letter}-{RANK_CODES[state.foundation(suit)] or '0'}"
            for suit in _FOUNDATION_ORDER
        ),
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


def _cells_line(raw_rest: str, line_number: int, count: int) -> list[Card | None]:
    """The ``count`` free cells of a ``Freecells:`` line.

    Two layouts are read: ours and fc-solve's input, ``-`` for an empty cell (``6C - - -``); and
    fc-solve's printed output, fixed width with blanks for empty cells (``      3D  4H  JS``: each
    cell is four characters). Without any ``-`` and in that fixed width, the blanks count.
    """
    words = raw_rest.split()
    if len(words) > count:
        raise PositionError(
            f"line {line_number}: there are only {count} free cells, not {len(words)}"
        )
    rest = raw_rest.rstrip()
    if "-" not in words and rest and len(rest) <= 4 * count and len(rest) % 4 == 0:
        slots = [rest[i : i + 4] for i in range(0, len(rest), 4)]
        if all(slot.startswith("  ") and slot[2:].strip() in ("", slot[2:]) for slot in slots):
            words = [slot.strip() or "-" for slot in slots]
    cells: list[Card | None] = [None] * count
    for i, word in enumerate(words):
        cells[i] = None if word == "-" else _cards([word], line_number)[0]
    return cells


def _foundation_word(word: str, line_number: int) -> tuple[Suit, int]:
    suit_text, dash, rank_text = word.partition("-")
    rank = _RANK_BY_CODE.get(rank_text.upper()) if dash else None
    try:
        suit = Suit.parse(suit_text)
    except FreeCellError:
        rank = None
    if rank is None:
        raise PositionError(
            f"line {line_number}: {quoted(word)} is not a foundation: write suit-rank, as H-0 or C-A"
        )
    return suit, rank


def parse_position(text: str, variant: Variant = FREECELL) -> GameState:
    """Read a position of ``variant``'s game (classic FreeCell's by default); raise
    :class:`PositionError` saying which line is wrong and why.

    Cards that appear twice are reported with both lines; missing cards are listed.
    """
    foundations = [0, 0, 0, 0]
    foundations_line = 0
    width = variant.columns
    cells: list[Card | None] = [None] * variant.cells
    cells_line = 0
    columns: list[tuple[Card, ...]] = []
    column_lines: list[int] = []
    # A byte-order mark (some Windows editors write one) is not part of the first line.
    for line_number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        uncommented = raw.split("#", 1)[0]
        line = uncommented.strip()
        if not line:
            continue
        head, colon, rest = line.partition(":")
        key = head.strip().lower()
        if colon and key in ("foundations", "founds"):
            for word in rest.split():
                suit, rank = _foundation_word(word, line_number)
                foundations[suit.index] = rank
            foundations_line = line_number
            continue
        if colon and key in ("freecells", "free cells", "cells"):
            cells = _cells_line(uncommented.partition(":")[2], line_number, variant.cells)
            cells_line = line_number
            continue
        if colon and key:
            raise PositionError(
                f"line {line_number}: unknown line {quoted(head.strip())}: expected 'Foundations:', "
                "'Freecells:' or a column starting with ':'"
            )
        if len(columns) == width:
            raise PositionError(f"line {line_number}: a position has only {width} columns")
        columns.append(_cards((rest if colon else line).split(), line_number))
        column_lines.append(line_number)
    _check_duplicates(foundations, foundations_line, cells, cells_line, columns, column_lines)
    # Trailing empty columns may be written as lines with just ':' (kept above) or left out.
    placed = sum(len(c) for c in columns) + sum(foundations) + sum(1 for c in cells if c)
    if columns and placed == 52:
        columns.extend(() for _ in range(width - len(columns)))
    if len(columns) != width:
        raise PositionError(f"a position has {width} columns, but this text has {len(columns)}")
    state = GameState(tuple(columns), tuple(cells), tuple(foundations), variant)
    state.validate()
    return state


def _check_duplicates(
    foundations: list[int],
    foundations_line: int,
    cells: list[Card | None],
    cells_line: int,
    columns: list[tuple[Card, ...]],
    column_lines: list[int],
) -> None:
    """Raise PositionError for the first card placed twice, naming both places and lines."""
    seen: dict[Card, str] = {}

    def place(card: Card, where: str, line_number: int) -> None:
        if card in seen:
            raise PositionError(
                f"line {line_number}: {card.code} appears twice: in {seen[card]} "
                f"and in {where} (line {line_number})"
            )
        seen[card] = f"{where} (line {line_number})"

    for suit, top in zip(Suit, foundations, strict=True):
        for rank in range(1, top + 1):
            place(Card(rank, suit), "the foundations", foundations_line)
    for i, card in enumerate(cells):
        if card is not None:
            place(card, Pile.cell(i).name, cells_line)
    for i, (column, line_number) in enumerate(zip(columns, column_lines, strict=True)):
        for card in column:
            place(card, f"column {i + 1}", line_number)
