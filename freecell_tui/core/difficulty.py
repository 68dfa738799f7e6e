"""How hard a Microsoft deal is, from the solver alone: the fewest free cells it needs and the
effort of the search that solves it with four.

Every deal of 1–32,000 has its facts in a table that ships with the package
(``core/data/deal_facts.bin``, made by ``benchmarks/fewest_cells.py``; ``docs/rules.md``,
"Difficulty", says how and with which figures): the fewest free cells the deal is won with (a
solution with that many and a proof that one fewer loses; for the few deals whose searches
were not decided, the bounds they proved), and for the classic game, four cells, the positions
the solver stored before its search ended and the moves of the solution it found. All are
deterministic: the searches are, and each ran to its end, so the same deal always gets the same
facts and the same band.

The band (:func:`band_of`): two points when the solver found no win with two free cells, one
more when the 4-cell search stored more than :data:`BUSY` positions and another past
:data:`VERY_BUSY`; 0 points is easy, 1 medium, 2 and 3 hard, 4 expert. Deals past 32,000
have no facts (the table is that big).
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Final

from freecell_tui.core.errors import NotationError
from freecell_tui.core.words import plural, quoted

__all__ = [
    "BUSY",
    "RATED_DEALS",
    "VERY_BUSY",
    "Band",
    "Rating",
    "band_of",
    "cells_needed",
    "deals_of",
    "fewest_cells",
    "parse_band",
    "random_deal",
    "rating",
]

#: The deals the table rates: the classic Windows range.
RATED_DEALS: Final = 32_000
#: Bytes a deal in the table: the cells' bounds (a nibble each), positions (3 bytes), moves.
_RECORD: Final = 5
_UNKNOWN: Final = 0xF
#: Positions the 4-cell search stored past which a deal counts one point harder, and two.
BUSY: Final = 100
VERY_BUSY: Final = 300
#: The free cells a deal is won with, at most, to count no points.
_FEW_CELLS: Final = 2


class Band(StrEnum):
    """A difficulty, easiest first."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"


#: Points (:func:`band_of`) to band: 0 easy, 1 medium, 2 and 3 hard, 4 expert.
_BY_POINTS: Final = (Band.EASY, Band.MEDIUM, Band.HARD, Band.HARD, Band.EXPERT)


@dataclass(frozen=True, slots=True)
class Rating:
    """Deal ``deal``'s band and the facts it is rated by."""

    deal: int
    band: Band
    cells: int
    """The fewest free cells the deal is won with (at least, when :attr:`most` differs)."""
    most: int | None
    """The fewest cells it is won with, at most (``None``: not known); :attr:`cells` when
    decided."""
    positions: int
    """Positions the solver stored before its search with four cells ended."""
    moves: int
    """The moves of the solution it found (0: it proved four cells lose)."""

    @property
    def facts(self) -> str:
        """``needs 3 free cells, the solver stored 12,345 positions for a 98-move solution``
        (``… positions to prove four lose`` for the deal four cells lose)."""
        if not self.moves:
            return (
                f"{self.needs}, the solver stored {self.positions:,} positions to prove four lose"
            )
        return (
            f"{self.needs}, the solver stored {self.positions:,} positions "
            f"for a {self.moves}-move solution"
        )

    @property
    def needs(self) -> str:
        """``needs 3 free cells``; ``needs 3 or 4 free cells``, ``needs 0 to 2 free cells`` when
        not decided."""
        if self.most == self.cells:
            return cells_needed(self.cells)
        if self.most is None:
            return f"needs at least {plural(self.cells, 'free cell')}"
        between = "or" if self.most == self.cells + 1 else "to"
        return f"needs {self.cells} {between} {plural(self.most, 'free cell')}"

    @property
    def text(self) -> str:
        """``hard: needs 3 free cells, …``: the band and why."""
        return f"{self.band}: {self.facts}"


def cells_needed(cells: int) -> str:
    """``needs no free cell``, ``needs 1 free cell``, ``needs 3 free cells``."""
    return f"needs {plural(cells, 'free cell')}" if cells else "needs no free cell"


def band_of(won_with: int | None, positions: int) -> Band:
    """The band of a deal the solver won with ``won_with`` free cells (the fewest it found a
    win with; ``None``: none) and whose 4-cell search stored ``positions`` (the module's
    docstring)."""
    few = won_with is not None and won_with <= _FEW_CELLS
    points = 2 * (not few) + (positions > BUSY) + (positions > VERY_BUSY)
    return _BY_POINTS[points]


@cache
def _table() -> bytes:
    packed = resources.files("freecell_tui.core").joinpath("data/deal_facts.bin").read_bytes()
    data = zlib.decompress(packed)
    if len(data) != RATED_DEALS * _RECORD:
        raise ValueError(f"deal_facts.bin holds {len(data)} bytes, not {RATED_DEALS * _RECORD}")
    return data


def rating(number: int) -> Rating | None:
    """Microsoft deal ``number``'s band and facts, or ``None`` past 32,000."""
    if not 1 <= number <= RATED_DEALS:
        return None
    at = (number - 1) * _RECORD
    row = _table()[at : at + _RECORD]
    cells, most = row[0] >> 4, row[0] & 0xF
    positions = int.from_bytes(row[1:4], "big")
    won_with = None if most == _UNKNOWN else most
    return Rating(number, band_of(won_with, positions), cells, won_with, positions, row[4])


def fewest_cells(number: int) -> int | None:
    """The fewest free cells Microsoft deal ``number`` is won with (0–5), or ``None`` past
    32,000 or when the solver did not decide it."""
    rated = rating(number)
    return rated.cells if rated is not None and rated.most == rated.cells else None


@cache
def deals_of(band: Band) -> tuple[int, ...]:
    """The deals of 1–32,000 in ``band``, in order."""
    return tuple(
        number
        for number in range(1, RATED_DEALS + 1)
        if (rated := rating(number)) is not None and rated.band is band
    )


def random_deal(band: Band, rng: random.Random | None = None) -> int:
    """A deal of ``band`` chosen at random (by ``rng`` when given)."""
    return (rng or random).choice(deals_of(band))


def parse_band(text: str) -> Band:
    """The band ``text`` names (any case); else :class:`NotationError` naming the bands."""
    try:
        return Band(text.strip().lower())
    except ValueError:
        names = ", ".join(band.value for band in Band)
        raise NotationError(f"{quoted(text.strip())} is not a difficulty: say {names}") from None
