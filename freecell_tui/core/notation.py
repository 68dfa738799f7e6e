"""Standard FreeCell notation: one parser and one printer for keys, command line, files and solver.

Piles are one character: columns ``1``–``8``, free cells ``a``–``d``, the foundations ``h``.
A move is a source pile then a destination pile: ``3a``, ``a4``, ``5h``, ``bh``, ``18``, ``ab``.
Other games (:mod:`freecell_tui.core.variant`) name their piles as fc-solve does: free cells
``a``–``g`` then ``k`` (``h`` is home), the tenth column ``10`` (``10h``, ``a10``, ``110``).

Between two columns, ``18`` moves as many cards as the position needs when column 8 is not empty
(the run whose bottom card fits), and one card when column 8 is empty, as fc-solve's ``-snx``
solutions mean it. ``18v3`` names the count explicitly in hexadecimal (``26va`` moves ten cards),
as fc-solve's ``-snx`` output does.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from freecell_tui.core.errors import NotationError
from freecell_tui.core.variant import FREECELL, MAX_CELLS, MAX_COLUMNS, Variant
from freecell_tui.core.words import quoted, shorten

__all__ = [
    "CELLS",
    "MAX_RUN",
    "COLUMNS",
    "FOUNDATION",
    "Move",
    "Pile",
    "PileKind",
    "cell_piles",
    "column_piles",
    "parse_moves",
    "pile_keys_text",
    "piles_text",
    "solution_words",
    "is_solution_chatter",
]


class PileKind(enum.Enum):
    # A member is its own hash (members are singletons, equal only to themselves): Enum's
    # hashes its name in Python, and suits and piles are hashed in every hot loop.
    __hash__ = object.__hash__

    COLUMN = "column"
    CELL = "cell"
    FOUNDATION = "foundation"


#: The free cells' letters, fc-solve's: ``h`` is home, so the eighth cell is ``k``.
_CELL_LETTERS: Final = "abcdefgk"


@dataclass(frozen=True, slots=True)
class Pile:
    """A place cards lie: ``Pile(PileKind.COLUMN, 0)`` is column 1, ``Pile(PileKind.CELL, 2)`` cell c.

    There is one foundation pile in notation (``h``): a card always goes to its own suit's
    foundation.
    """

    kind: PileKind
    index: int = 0
    #: A number of its own among the piles (kept: piles and moves are dictionary keys in hot
    #: loops, and a dataclass's hash would hash a tuple of the kind and the index each time).
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        limit = {PileKind.COLUMN: MAX_COLUMNS, PileKind.CELL: MAX_CELLS, PileKind.FOUNDATION: 1}[
            self.kind
        ]
        if not 0 <= self.index < limit:
            raise ValueError(f"{self.kind.value} index must be 0–{limit - 1}, not {self.index}")
        first = {PileKind.CELL: 0, PileKind.COLUMN: MAX_CELLS, PileKind.FOUNDATION: -1}[self.kind]
        object.__setattr__(self, "_hash", first + self.index)

    def __hash__(self) -> int:
        return self._hash

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
    def parse(cls, text: str, variant: Variant = FREECELL) -> Pile:
        """A pile of ``variant``'s game by its code (``3``, ``a``, ``h``, ``10``)."""
        shape = _shape(variant.cells, variant.columns)
        pile = shape.piles.get(text.strip().lower())
        if pile is None:
            raise NotationError(
                f"{quoted(text)} is not a pile: use {shape.columns_text} for columns, "
                f"{shape.cells_text} for free cells, h for home"
            )
        return pile

    def __str__(self) -> str:
        return self.code

    @property
    def is_classic(self) -> bool:
        """Whether classic FreeCell has this pile (columns 1–8, free cells a–d, home)."""
        return (
            self.index < {PileKind.COLUMN: 8, PileKind.CELL: 4, PileKind.FOUNDATION: 1}[self.kind]
        )

    def __repr__(self) -> str:
        if not self.is_classic:  # another game's pile: FreeCell's notation does not read it
            return f"Pile.{self.kind.value}({self.index})"
        return f"Pile.parse({self.code!r})"


_COLUMN_PILES: Final = tuple(Pile(PileKind.COLUMN, i) for i in range(MAX_COLUMNS))
_CELL_PILES: Final = tuple(Pile(PileKind.CELL, i) for i in range(MAX_CELLS))
#: Classic FreeCell's piles: columns 1–8, free cells a–d.
COLUMNS: Final[tuple[Pile, ...]] = _COLUMN_PILES[:8]
CELLS: Final[tuple[Pile, ...]] = _CELL_PILES[:4]
FOUNDATION: Final = Pile(PileKind.FOUNDATION, 0)


def column_piles(variant: Variant) -> tuple[Pile, ...]:
    """The columns of ``variant``'s game, 1 to its last."""
    return _COLUMN_PILES[: variant.columns]


def cell_piles(variant: Variant) -> tuple[Pile, ...]:
    """The free cells of ``variant``'s game (none in a game without cells)."""
    return _CELL_PILES[: variant.cells]


@dataclass(frozen=True, slots=True)
class _Shape:
    """What notation reads for a game of ``cells`` free cells and ``columns`` columns."""

    piles: dict[str, Pile]
    move_re: re.Pattern[str]
    columns_text: str
    cells_text: str


def pile_keys_text(variant: Variant) -> str:
    """The keys of ``variant``'s piles to pick a card from, for a player: ``1–8 or a–d``
    (classic FreeCell), ``1–9, 0 or a–d`` (Seahaven Towers: the key of column 10 is ``0``),
    ``1–8`` (no free cells)."""
    shape = _shape(variant.cells, variant.columns)
    columns = "1–9, 0" if variant.columns == MAX_COLUMNS else shape.columns_text
    if not variant.cells:
        return columns
    return f"{columns} or {shape.cells_text}"


def piles_text(variant: Variant) -> str:
    """How notation names ``variant``'s piles, for a player: ``columns 1–8, free cells a–d,
    h for home`` (classic FreeCell), ``columns 1–10, free cells a–d, h for home`` (Seahaven
    Towers), ``columns 1–8, no free cells, h for home``."""
    shape = _shape(variant.cells, variant.columns)
    cells = f"free cells {shape.cells_text}" if variant.cells else "no free cells"
    return f"columns {shape.columns_text}, {cells}, h for home"


def _range_text(codes: list[str]) -> str:
    """``1–8``, ``a–d``, ``a–g, k``, ``a``, ``none``."""
    if not codes:
        return "none"
    if codes[-1] == "k":
        return _range_text(codes[:-1]) + ", k"
    return codes[0] if len(codes) == 1 else f"{codes[0]}–{codes[-1]}"


@cache
def _shape(cells: int, columns: int) -> _Shape:
    column_codes = [p.code for p in _COLUMN_PILES[:columns]]
    cell_codes = [p.code for p in _CELL_PILES[:cells]]
    piles = {p.code: p for p in (*_COLUMN_PILES[:columns], *_CELL_PILES[:cells], FOUNDATION)}
    # Longest codes first: ``10`` before ``1``, so ``110`` is column 1 to column 10.
    pile_re = "|".join(re.escape(code) for code in sorted(piles, key=len, reverse=True))
    move_re = re.compile(f"({pile_re})({pile_re})(?:v([0-9a-f]+))?")
    return _Shape(piles, move_re, _range_text(column_codes), _range_text(cell_codes))


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
    def parse(cls, text: str, variant: Variant = FREECELL) -> Move:
        """Read ``3a``, ``a4``, ``5h``, ``18``, ``18v3``, ``26va`` (any case, spaces trimmed):
        a move between the piles of ``variant``'s game (classic FreeCell's by default)."""
        raw = text.strip().lower()
        shape = _shape(variant.cells, variant.columns)
        match = shape.move_re.fullmatch(raw)
        if match is None:
            raise NotationError(_explain_bad_move(text, shape))
        source = shape.piles[match.group(1)]
        dest = shape.piles[match.group(2)]
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
        if not (self.source.is_classic and self.dest.is_classic):
            return f"Move({self.source!r}, {self.dest!r}, {self.count!r})"
        text = self.notation + ("v1" if self.count == 1 else "")
        return f"Move.parse({text!r})"


def _explain_bad_move(text: str, shape: _Shape) -> str:
    raw = text.strip()
    if not raw:
        return "an empty move: write a source and a destination, as 3a or 18"
    if len(raw) == 1:
        return f"{raw!r} names only one pile: add a destination, as {raw}h or {raw}a"
    for ch in raw[:2]:
        if ch.lower() not in shape.piles and not (ch == "0" and "10" in shape.piles):
            return (
                f"{quoted(raw)} is not a move: {ch!r} is not a pile "
                f"({shape.columns_text} columns, {shape.cells_text} free cells, h home)"
            )
    if raw[0].lower() == "h":
        return "cards never leave the foundations"
    if len(raw) > 2 and raw[2].lower() == "v":
        return f"{quoted(raw)} is not a move: after v comes the card count in hexadecimal, as 18v3"
    return f"{quoted(raw)} is not a move: write a source and a destination, as 3a, a4, 5h or 18v3"


def parse_moves(text: str, variant: Variant = FREECELL) -> list[Move]:
    """Read whitespace-separated moves (fc-solve's ``-snx`` solution layout is fine) between
    the piles of ``variant``'s game.

    Raises :class:`NotationError` naming the first move (counted from 1) that does not parse.
    """
    moves: list[Move] = []
    for number, word in enumerate(text.split(), start=1):
        try:
            moves.append(Move.parse(word, variant))
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
