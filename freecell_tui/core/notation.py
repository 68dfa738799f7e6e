"""Standard FreeCell notation: one parser and one printer for keys, command line, files and solver.

Piles are one character: columns ``1``–``8``, free cells ``a``–``d``, the foundations ``h``.
A move is a source pile then a destination pile: ``3a``, ``a4``, ``5h``, ``bh``, ``18``, ``ab``.

Between two columns, ``18`` moves as many cards as the position needs when column 8 is not empty
(the run whose bottom card fits), and one card when column 8 is empty, as fc-solve's ``-snx``
solutions mean it. ``18v3`` names the count explicitly in hexadecimal (``26va`` moves ten cards),
as fc-solve's ``-snx`` output does.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Final

from freecell_tui.core.errors import NotationError
from freecell_tui.core.words import quoted, shorten

__all__ = [
    "CELLS",
    "MAX_RUN",
    "COLUMNS",
    "FOUNDATION",
    "Move",
    "Pile",
    "PileKind",
    "parse_moves",
    "solution_words",
    "is_solution_chatter",
]


class PileKind(enum.Enum):
    COLUMN = "column"
    CELL = "cell"
    FOUNDATION = "foundation"


_CELL_LETTERS: Final = "abcd"


@dataclass(frozen=True, slots=True)
class Pile:
    """A place cards lie: ``Pile(PileKind.COLUMN, 0)`` is column 1, ``Pile(PileKind.CELL, 2)`` cell c.

    There is one foundation pile in notation (``h``): a card always goes to its own suit's
    foundation.
    """

    kind: PileKind
    index: int = 0

    def __post_init__(self) -> None:
        limit = {PileKind.COLUMN: 8, PileKind.CELL: 4, PileKind.FOUNDATION: 1}[self.kind]
        if not 0 <= self.index < limit:
            raise ValueError(f"{self.kind.value} index must be 0–{limit - 1}, not {self.index}")

    @classmethod
    def column(cls, index: int) -> Pile:
        """Column by 0-based index."""
        return _COLUMN_PILES[index]

    @classmethod
    def cell(cls, index: int) -> Pile:
        """Free cell by 0-based index."""
        return _CELL_PILES[index]

    @property
    def code(self) -> str:
        if self.kind is PileKind.COLUMN:
            return str(self.index + 1)
        if self.kind is PileKind.CELL:
            return _CELL_LETTERS[self.index]
        return "h"

    @property
    def name(self) -> str:
        """``column 3``, ``free cell a``, ``the foundations``."""
        if self.kind is PileKind.COLUMN:
            return f"column {self.index + 1}"
        if self.kind is PileKind.CELL:
            return f"free cell {_CELL_LETTERS[self.index]}"
        return "the foundations"

    @property
    def is_column(self) -> bool:
        return self.kind is PileKind.COLUMN

    @property
    def is_cell(self) -> bool:
        return self.kind is PileKind.CELL

    @property
    def is_foundation(self) -> bool:
        return self.kind is PileKind.FOUNDATION

    @classmethod
    def parse(cls, text: str) -> Pile:
        pile = _PILE_BY_CODE.get(text.strip().lower())
        if pile is None:
            raise NotationError(
                f"{quoted(text)} is not a pile: use 1–8 for columns, a–d for free cells, h for home"
            )
        return pile

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Pile.parse({self.code!r})"


COLUMNS: Final[tuple[Pile, ...]] = tuple(Pile(PileKind.COLUMN, i) for i in range(8))
CELLS: Final[tuple[Pile, ...]] = tuple(Pile(PileKind.CELL, i) for i in range(4))
FOUNDATION: Final = Pile(PileKind.FOUNDATION, 0)
_COLUMN_PILES: Final = COLUMNS
_CELL_PILES: Final = CELLS
_PILE_BY_CODE: Final = {p.code: p for p in (*COLUMNS, *CELLS, FOUNDATION)}

_MOVE_RE: Final = re.compile(r"([1-8a-dh])([1-8a-dh])(?:v([0-9a-f]+))?")
#: The most cards one move can carry: a run steps down from a king to an ace.
MAX_RUN: Final = 13


@dataclass(frozen=True, slots=True)
class Move:
    """A move from one pile to another.

    ``count`` is the number of cards for a column-to-column move: ``None`` lets the position decide
    (the fitting run onto a non-empty column, one card onto an empty one). Moves that the rules
    return (:func:`freecell_tui.core.rules.legal_moves`, :meth:`GameState.resolve`) always carry
    their count.
    """

    source: Pile
    dest: Pile
    count: int | None = None
    #: :attr:`notation`, once written (a move the solver returns is printed again and again).
    _text: str | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.source.is_foundation:
            raise NotationError("cards never leave the foundations")
        if self.count is not None:
            if not (self.source.is_column and self.dest.is_column):
                raise NotationError("a card count (v) is only for moves between two columns")
            if self.count < 1:
                raise NotationError("a move must move at least one card")
            if self.count > MAX_RUN:
                raise NotationError(f"a run has at most {MAX_RUN} cards: v1 to v{MAX_RUN:x}")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``3a``, ``a4``, ``5h``, ``18``, ``18v3``, ``26va`` (any case, spaces trimmed)."""
        raw = text.strip().lower()
        match = _MOVE_RE.fullmatch(raw)
        if match is None:
            raise NotationError(_explain_bad_move(text))
        source = _PILE_BY_CODE[match.group(1)]
        dest = _PILE_BY_CODE[match.group(2)]
        digits = match.group(3)
        # Cap the digits before reading them: a run is 1 to 13 cards, never 4,000 digits.
        if digits is not None and (len(digits.lstrip("0")) > 1 or int(digits[-2:], 16) > MAX_RUN):
            raise NotationError(
                f"{quoted(raw)} is not a move: a run has at most {MAX_RUN} cards, "
                f"so the count after v is 1 to {MAX_RUN:x} in hexadecimal"
            )
        count = int(digits[-2:], 16) if digits is not None else None
        if source == dest:
            raise NotationError(f"{raw!r} moves {source.name} onto itself")
        return cls(source, dest, count)

    @property
    def notation(self) -> str:
        """Standard notation. The count is written (``18v3``) only when it is above one and the
        move is between columns; a one-card move never carries it."""
        text = self._text
        if text is None:
            text = self.source.code + self.dest.code
            if self.count is not None and self.count > 1:
                text += f"v{self.count:x}"
            object.__setattr__(self, "_text", text)  # frozen: a cache, not a change
        return text

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        # A resolved one-card move between columns (count 1) differs from an unresolved one
        # (count None); ``v1`` keeps that difference so the repr round-trips.
        text = self.notation + ("v1" if self.count == 1 else "")
        return f"Move.parse({text!r})"


def _explain_bad_move(text: str) -> str:
    raw = text.strip()
    if not raw:
        return "an empty move: write a source and a destination, as 3a or 18"
    if len(raw) == 1:
        return f"{raw!r} names only one pile: add a destination, as {raw}h or {raw}a"
    for ch in raw[:2]:
        if ch.lower() not in _PILE_BY_CODE:
            return (
                f"{quoted(raw)} is not a move: {ch!r} is not a pile "
                "(1–8 columns, a–d free cells, h home)"
            )
    if raw[0].lower() == "h":
        return "cards never leave the foundations"
    if len(raw) > 2 and raw[2].lower() == "v":
        return f"{quoted(raw)} is not a move: after v comes the card count in hexadecimal, as 18v3"
    return f"{quoted(raw)} is not a move: write a source and a destination, as 3a, a4, 5h or 18v3"


def parse_moves(text: str) -> list[Move]:
    """Read whitespace-separated moves (fc-solve's ``-snx`` solution layout is fine).

    Raises :class:`NotationError` naming the first move (counted from 1) that does not parse.
    """
    moves: list[Move] = []
    for number, word in enumerate(text.split(), start=1):
        try:
            moves.append(Move.parse(word))
        except NotationError as error:
            raise NotationError(f"move {number}: {shorten(word)}: {error}") from None
    return moves


#: Lines around a solution in fc-solve's output and in ``freecell-tui solve``'s text output
#: (``deal 5: solved in 100 moves (…)``), skipped so either can be given whole.
_SOLUTION_CHATTER: Final = re.compile(
    r"^\s*(-=-=|This game is solveable|I could not solve|Total number of states"
    r"|This scan generated|(deal|board) \S+: )"
)


def is_solution_chatter(line: str) -> bool:
    """True for a line of a solver's output that is not moves (its header, separator or
    closing lines)."""
    return _SOLUTION_CHATTER.match(line) is not None


def solution_words(text: str) -> list[str]:
    """The move words of a solver's output (or any list of moves), its other lines skipped."""
    return [
        word for line in text.splitlines() if not is_solution_chatter(line) for word in line.split()
    ]
