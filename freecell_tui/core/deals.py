"""Microsoft FreeCell deal numbers, with FreeCell Pro's extension past 2^31.

``deal(n)`` for 1 ≤ n ≤ 8,589,934,591 gives the layout that fc-solve's
``make-microsoft-freecell-board -t n`` prints. Deals 1 to 2^31 − 1 are the original Microsoft
numbering (a C library ``rand()`` seeded with the number); from 2^31 on, FreeCell Pro's extension
sets bit 15 of every random number; from 2^32 on the seed is the number less 2^32 and each random
number is 16 bits plus one (as fc-solve's generator does).

Games that PySolFC deals its own way (Eight Off, Seahaven Towers, Forecell: a variant whose
``numbering`` is ``PYSOL``) take PySolFC's deal numbers, from the ``pysol_cards`` package, so
deal N is the same deal in PySolFC and here. FreeCell with fewer cells, Baker's Game and the
other games laid out as FreeCell is take the Microsoft deals.
"""

from __future__ import annotations

import random
import re
from typing import Final

from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.core.errors import NotationError
from freecell_tui.core.position import format_position
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Numbering, Variant
from freecell_tui.core.words import quoted, shorten

__all__ = [
    "MAX_DEAL",
    "MIN_DEAL",
    "deal",
    "deal_cards",
    "deal_text",
    "parse_deal_number",
    "random_deal_number",
]

MIN_DEAL: Final = 1
MAX_DEAL: Final = 8_589_934_591  # 2^33 - 1


#: A deal number as typed: ASCII digits only (full-width or other scripts' digits are refused),
#: with an optional sign so that ``-5`` is explained as a deal that does not exist.
_DEAL_RE: Final = re.compile(r"[+-]?[0-9]+", re.ASCII)
#: More digits than any deal number has, with room for leading zeros.
_MAX_DIGITS: Final = 20


def parse_deal_number(text: str) -> int:
    """Read a deal number, or raise :class:`NotationError` saying what is wrong with it.

    ASCII digits, with ``_`` or ``,`` separators and a leading ``#`` allowed (``#1,234``)."""
    raw = text.strip().replace("_", "").replace(",", "")
    if raw.startswith("#"):
        raw = raw[1:]
    if not _DEAL_RE.fullmatch(raw):
        raise NotationError(
            f"{quoted(text.strip())} is not a deal number: use a whole number from 1 to {MAX_DEAL:,}"
        )
    if len(raw.lstrip("+-").lstrip("0")) > _MAX_DIGITS:
        raise NotationError(
            f"deal {shorten(raw)} does not exist: deals are numbered 1 to {MAX_DEAL:,}"
        )
    # Leading zeros dropped first: 4,301 zeros must not trip int()'s digit limit.
    number = int(raw.lstrip("+-").lstrip("0") or "0", 10) * (-1 if raw.startswith("-") else 1)
    check_deal_number(number)
    return number


def check_deal_number(number: int) -> None:
    if not MIN_DEAL <= number <= MAX_DEAL:
        raise NotationError(f"deal {number} does not exist: deals are numbered 1 to {MAX_DEAL:,}")


def deal_cards(number: int, variant: Variant = FREECELL) -> tuple[Card, ...]:
    """The 52 cards of deal ``number`` of ``variant``'s game in dealing order (in FreeCell,
    card i goes to column i mod 8)."""
    check_deal_number(number)
    if variant.numbering is Numbering.PYSOL:
        return _pysol_cards(number)
    seed = number if number < 0x1_0000_0000 else number - 0x1_0000_0000
    high_bit = 0x8000 if 0x8000_0000 <= number < 0x1_0000_0000 else 0
    mask, add = (0x7FFF, 0) if number < 0x1_0000_0000 else (0xFFFF, 1)
    # The Rosetta Code formulation of Microsoft's shuffle: start from KS ... AC and swap each
    # position i with one chosen from the positions not yet dealt (counted from the end).
    cards = list(range(51, -1, -1))
    for i in range(52):
        seed = (seed * 214013 + 2531011) & 0xFFFF_FFFF
        r = (((seed >> 16) & mask) | high_bit) + add
        j = 51 - r % (52 - i)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(ALL_CARDS[index] for index in cards)


def _pysol_cards(number: int) -> tuple[Card, ...]:
    """PySolFC's deal ``number`` (of its FreeCell family) in dealing order."""
    from pysol_cards.cards import createCards
    from pysol_cards.random import RandomBase, shuffle

    cards = shuffle(createCards(1, 13), number, RandomBase.DEALS_PYSOLFC)
    return tuple(
        ALL_CARDS[(card.rank - 1) * 4 + "CDHS".index(card.suit_s())] for card in reversed(cards)
    )


def deal(number: int, variant: Variant = FREECELL) -> GameState:
    """The starting position of deal ``number`` of ``variant``'s game (Microsoft deal
    ``number`` of classic FreeCell by default)."""
    return GameState.from_cards(deal_cards(number, variant), variant)


def deal_text(number: int, variant: Variant = FREECELL) -> str:
    """Deal ``number`` exactly as ``make-microsoft-freecell-board -t`` prints it; a game that
    deals cards into its cells starts with the ``Freecells:`` line (as fc-solve reads it)."""
    state = deal(number, variant)
    columns = "".join(" ".join(card.code for card in column) + "\n" for column in state.columns)
    if not variant.dealt_cells:
        return columns
    return format_position(state).split("\n", 1)[1]


def random_deal_number(rng: random.Random | None = None) -> int:
    """A random deal number a player can share: 1–32,000 (the classic Windows range)."""
    generator = rng if rng is not None else random.SystemRandom()
    return generator.randint(MIN_DEAL, 32_000)
