"""Typed moves: standard notation and the seed-003 menu.

::

    3a  18v3  bh                  standard notation (see notation.py)
    t2f T F   t2c T C   t2t T1 T2   c2t C T   c2f C F      the menu (1-based numbers)

Foundations in the menu are numbered 1–4 left to right and each is kept for one suit:
1 ♣ clubs, 2 ♦ diamonds, 3 ♥ hearts, 4 ♠ spades. The game's other commands (undo, new, save…)
are declared in :mod:`freecell_tui.session.table` and parsed by :mod:`freecell_tui.session.parse`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from freecell_tui.core.cards import Suit
from freecell_tui.core.errors import IllegalMoveError, NotationError
from freecell_tui.core.notation import FOUNDATION, Move, Pile, piles_text
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.core.words import quoted, shorten

__all__ = [
    "FOUNDATION_SUITS",
    "MENU_WORDS",
    "MoveCommand",
    "looks_like_a_move",
    "menu_help",
    "parse_menu",
]

#: The suit kept on each numbered foundation (1–4, left to right).
FOUNDATION_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def menu_help(variant: Variant = FREECELL) -> str:
    """The seed-003 menu's help, with the numbers of ``variant``'s piles."""
    return f"""\
t2f T F   -- move from Tableau T to Foundation F
t2c T C   -- move from Tableau T to Cell C
t2t T1 T2 -- move from Tableau T1 to Tableau T2
c2t C T   -- move from Cell C to Tableau T
c2f C F   -- move from Cell C to Foundation F
h         -- help (displays the menu of options)
q         -- quit
Tableau columns are 1-{variant.columns}, {_cells_numbers(variant)}, foundations 1-4 \
(1 clubs, 2 diamonds, 3 hearts, 4 spades).
Standard notation works too: 3a, a4, 5h, 18, 18v3 ({piles_text(variant)})."""


def _cells_numbers(variant: Variant) -> str:
    """``cells 1-4``, ``cell 1``, ``no cells``."""
    if variant.cells > 1:
        return f"cells 1-{variant.cells}"
    return "cell 1" if variant.cells else "no cells"


@dataclass(frozen=True, slots=True)
class MoveCommand:
    """A move. ``foundation`` is the 1-based foundation a menu command (t2f, c2f) named."""

    move: Move
    foundation: int | None = None

    def check(self, state: GameState) -> None:
        """Raise IllegalMoveError when the named foundation is not the card's suit's (only for a
        card that may go home now: otherwise the rules say why it cannot go home at all)."""
        if self.foundation is None:
            return
        card = state.top(self.move.source)
        if card is None or state.foundations[card.suit.index] + 1 != card.rank:
            return  # the rules will say the pile is empty, or why the card cannot go home
        wanted = FOUNDATION_SUITS.index(card.suit) + 1
        if wanted != self.foundation:
            suit = FOUNDATION_SUITS[self.foundation - 1]
            raise IllegalMoveError(
                f"foundation {self.foundation} is for {suit.symbol} {suit.name.lower()}: "
                f"{card} goes to foundation {wanted}"
            )


_MENU: Final = {
    # name: (source kind, dest kind, operands)
    "t2f": ("column", "foundation", "T F"),
    "t2c": ("column", "cell", "T C"),
    "t2t": ("column", "column", "T1 T2"),
    "c2t": ("cell", "column", "C T"),
    "c2f": ("cell", "foundation", "C F"),
}
_KIND_LABEL: Final = {"column": "tableau column", "cell": "cell", "foundation": "foundation"}
_USAGE_LABEL: Final = {"column": "tableau", "cell": "cell", "foundation": "foundation"}


def _top(kind: str, variant: Variant) -> int:
    """How many piles of ``kind`` ``variant``'s game numbers in the menu."""
    return {"column": variant.columns, "cell": variant.cells, "foundation": 4}[kind]


def _usage(name: str, variant: Variant) -> str:
    """``t2f T F (tableau 1-8, foundation 1-4)`` in ``variant``'s game."""
    source, dest, operands = _MENU[name]
    ranges = ", ".join(f"{_USAGE_LABEL[k]} 1-{_top(k, variant)}" for k in (source, dest))
    return f"{name} {operands} ({ranges})"


_NUMBER_RE: Final = re.compile(r"[+-]?[0-9]+", re.ASCII)


def _operand(name: str, text: str, kind: str, variant: Variant) -> int:
    label, top = _KIND_LABEL[kind], _top(kind, variant)
    if top == 0:
        raise NotationError(f"{name}: {variant.name} has no {label}s")
    if not _NUMBER_RE.fullmatch(text):  # ASCII 0-9 only: not full-width or other scripts
        raise NotationError(f"{name}: {quoted(text)} is not a number: {label}s are 1-{top}")
    value = int(text) if len(text) <= 6 else top + 1  # a long number is out of range anyway
    if not 1 <= value <= top:
        raise NotationError(f"{name}: there is no {label} {shorten(text)}: {label}s are 1-{top}")
    return value


def _pile(kind: str, number: int) -> Pile:
    if kind == "column":
        return Pile.column(number - 1)
    if kind == "cell":
        return Pile.cell(number - 1)
    return FOUNDATION


#: The menu's command words.
MENU_WORDS: Final = frozenset(_MENU)


def looks_like_a_move(word: str) -> bool:
    """True for words a player meant as notation (``3z``, ``18vz``), whose notation error says
    more than "not a command"; false for words like ``bogus``."""
    piles = "12345678abcdh"
    if len(word) == 1:
        return word in piles
    if len(word) == 2:
        return any(ch in piles or ch.isdigit() for ch in word)
    return word[0] in piles and word[1] in piles and word[2] == "v"


def parse_menu(name: str, operands: list[str], variant: Variant = FREECELL) -> MoveCommand:
    """A menu command (``t2f 5 2``) between the piles of ``variant``'s game: ``name`` is one
    of :data:`MENU_WORDS`. Raises :class:`NotationError` with a message for the player."""
    source_kind, dest_kind, _ = _MENU[name]
    if len(operands) != 2:
        many = "missing" if len(operands) < 2 else "too many"
        raise NotationError(f"{name}: {many} operands: use {_usage(name, variant)}")
    source_number = _operand(name, operands[0], source_kind, variant)
    dest_number = _operand(name, operands[1], dest_kind, variant)
    source = _pile(source_kind, source_number)
    dest = _pile(dest_kind, dest_number)
    if source == dest:
        raise NotationError(f"{name}: a move needs two different piles")
    foundation = dest_number if dest_kind == "foundation" else None
    return MoveCommand(Move(source, dest), foundation)
