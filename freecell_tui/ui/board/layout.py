"""Where everything on the board goes for a terminal's size: pure arithmetic, tested without a
terminal.

:func:`board_layout` chooses, for a terminal ``width`` × ``height``, the width of the piles and the
gaps between them (the board is centred), how tall a card is drawn, how many lines the message
line gets, and whether the *compact* layout is needed (a card is one line, a covered card up to
three while there is room: at 80x24 a fresh deal's columns reach down to the status line). Card height grows with the terminal, but never so much that the tallest
possible column (19 cards) would not fit. The room a fresh deal leaves under the columns is
shared above the board too, as far as the tallest column still fits (the board is centred top to
bottom where the terminal is tall enough; at 100x32 a 19-card column needs every line).

The game's shape decides the rows (:func:`layout_for`): the top row holds its free cells (0 to 8)
then the four foundations, the tableau its columns (up to 10), each row centred with piles as
wide as its count allows — a card no wider in the top row than in the columns (classic
FreeCell's rows are both eight piles, as wide as each other).

:meth:`BoardLayout.column_rows` says where each card of a column is drawn (deep covered cards
are squeezed first when a column grows), and :meth:`BoardLayout.card_rect` /
:meth:`BoardLayout.locate` turn piles into board coordinates and back: the same numbers draw the
piles, place the flying cards and find what the mouse is on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from textual.geometry import Region, Size

from freecell_tui.core.notation import FOUNDATION, Pile
from freecell_tui.core.variant import FREECELL, Variant

__all__ = [
    "COMPACT_SIZE",
    "DIALOG_SIZE",
    "MAX_COLUMN",
    "BoardLayout",
    "board_layout",
    "layout_for",
]

#: The smallest terminal the board fits (the compact layout: a card is one line, a covered card
#: up to three while there is room).
COMPACT_SIZE = Size(64, 24)
#: The most cards a column can hold: seven dealt cards, then a run from a king down to a two.
MAX_COLUMN = 19
#: The widest a pile is drawn (wider terminals get wider gaps and margins instead).
MAX_PILE_WIDTH = 16
#: The narrowest a pile is drawn while the row has room, even with no gap between piles: a
#: one-line card, its key and its edge (``b T♣▕``: a ten by its code; Eight Off's twelve piles
#: at 64 columns).
MIN_PILE_WIDTH = 5
#: The narrowest a free cell is drawn where the row has room, with no gap: its key, a blank,
#: a ten and its edge (``b 10♣▕``; Eight Off's twelve piles at 80 columns).
MIN_CELL_WIDTH = 6
#: The cards of a column of a fresh deal (the longest ones), one more than which fill the tableau.
DEALT = 7
#: The most lines a covered card shows (its label and a few lines of its face).
MAX_STEP = 5
#: The same in the compact layout (its label and two lines of its face).
MAX_COMPACT_STEP = 3
#: Lines under the board besides the message line: the status line and the footer.
FIXED_BOTTOM = 2
#: Below this the dialogs hide their insides (see ``freecell.tcss``); above it they scroll.
DIALOG_SIZE = Size(40, 10)


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """The board's geometry for one terminal size (board coordinates: the board's top left is
    0, 0; the board is the terminal minus the lines under it)."""

    width: int
    height: int
    """The board's size (the terminal's width; its height minus the lines under the board)."""
    too_small: bool
    compact: bool
    """One line per card, the free cells and foundations on one line."""
    pile_width: int
    gap: int
    """Blank columns between two piles of a row."""
    left: int
    """Blank columns left of the first pile (the board is centred)."""
    card_height: int
    """Lines a whole (top) card takes: 1 in the compact layout, 2 to 10 in the full one."""
    top_gap: int
    """Blank lines between the free cells and foundations and the columns."""
    top: int
    """Blank lines above the board (a share of the room a fresh deal leaves, as long as the
    longest column still fits: the board is centred top to bottom where it can be)."""
    message_lines: int
    """Lines of the message line under the status line."""
    max_step: int
    """The most lines a covered card of a column shows."""
    cells: int = 4
    """The game's free cells (the top row: these, then the four foundations)."""
    columns: int = 8
    """The game's columns (the tableau)."""
    top_pile_width: int = 0
    """The width of a free cell or foundation (0: :attr:`pile_width`)."""
    top_row_gap: int = 0
    top_left: int = 0
    """Blank columns between the top row's piles, and left of its first one."""

    # ------------------------------------------------------------------ rows
    @property
    def top_height(self) -> int:
        """Lines of the free cells and foundations: their keys, then a card."""
        return 1 if self.compact else 1 + self.card_height

    @property
    def tableau_y(self) -> int:
        return self.top + self.top_height + self.top_gap

    @property
    def tableau_height(self) -> int:
        return max(self.height - self.tableau_y, 0)

    def pile_x(self, place: int) -> int:
        """The left column of the ``place``-th column of the tableau."""
        return self.left + place * (self.pile_width + self.gap)

    def top_x(self, place: int) -> int:
        """The left column of the ``place``-th pile of the top row (the cells, then the
        foundations)."""
        return self.top_left + place * (self.top_width + self.top_row_gap)

    @property
    def top_width(self) -> int:
        """How wide a free cell or foundation is drawn."""
        return self.top_pile_width or self.pile_width

    def width_of(self, pile: Pile) -> int:
        """How wide ``pile`` is drawn."""
        return self.pile_width if pile.is_column else self.top_width

    # ------------------------------------------------------------------ columns
    def column_rows(self, count: int) -> tuple[int, ...]:
        """Where each of ``count`` cards of a column is drawn, as lines from the top of the
        column (line 0 holds the column's key). The top card takes :attr:`card_height` lines;
        each covered card up to :attr:`max_step`, the deepest squeezed first to make room."""
        return _column_rows(count, self.card_height, self.tableau_height, self.max_step)

    # ------------------------------------------------------------------ piles on the board
    def pile_area(self, pile: Pile, suit_place: int = 0) -> Region:
        """The region of ``pile``'s widget: where the pile is drawn (:meth:`pile_region`) and
        the blank right of it and, for the top row, under it, up to the next pile. The piles
        tile the part of the board a gliding card crosses, so each draws the part of the card
        over it and the board under them draws nothing (see ``ui/board/overlay.py``)."""
        region = self.pile_region(pile, suit_place)
        height = region.height if pile.is_column else self.tableau_y - self.top
        board = Region(0, 0, self.width, self.height)
        gap = self.gap if pile.is_column else self.top_row_gap
        return Region(region.x, region.y, region.width + gap, height).intersection(board)

    def pile_region(self, pile: Pile, suit_place: int = 0) -> Region:
        """Where ``pile`` is drawn (a foundation: the ``suit_place``-th of the four)."""
        if pile.is_column:
            return Region(
                self.pile_x(pile.index), self.tableau_y, self.pile_width, self.tableau_height
            )
        place = pile.index if pile.is_cell else self.cells + suit_place
        return Region(self.top_x(place), self.top, self.top_width, self.top_height)

    def card_rect(
        self, pile: Pile, index: int, count: int, *, suit_place: int = 0, cards: int = 1
    ) -> Region:
        """Where card ``index`` of a pile of ``count`` cards is drawn, as a whole card, with the
        ``cards - 1`` cards on it (a run). For a free cell or foundation, ``index`` is ignored."""
        region = self.pile_region(pile, suit_place)
        if not pile.is_column:
            if self.compact:
                return Region(region.x, region.y, region.width, 1)
            return Region(region.x, region.y + 1, region.width, self.card_height)
        rows = self.column_rows(max(count, index + cards))
        top = rows[index]
        bottom = rows[index + cards - 1] + self.card_height
        return Region(region.x, region.y + top, region.width, bottom - top)

    def locate(self, x: int, y: int, counts: Sequence[int]) -> tuple[Pile, int | None] | None:
        """The pile at board position ``x``, ``y`` and the card there (``None``: the pile's key or
        an empty spot). ``counts`` are the columns' lengths. A foundation is ``h``; the gaps
        between piles belong to no pile."""
        if y < self.top:
            return None
        if y < self.top + self.top_height:
            place, within = divmod(x - self.top_left, self.top_width + self.top_row_gap)
            if x < self.top_left or within >= self.top_width or not 0 <= place < self.cells + 4:
                return None
            pile = Pile.cell(place) if place < self.cells else FOUNDATION
            return pile, (0 if self.compact or y > self.top else None)
        place, within = divmod(x - self.left, self.pile_width + self.gap)
        if x < self.left or within >= self.pile_width or not 0 <= place < self.columns:
            return None
        if y < self.tableau_y or y >= self.height:
            return None
        return Pile.column(place), self.card_at(y - self.tableau_y, counts[place])

    def card_at(self, line: int, count: int) -> int | None:
        """The card drawn at ``line`` of a column of ``count`` cards (``None``: its key or below
        its cards)."""
        if line < 1 or not count:
            return None
        rows = self.column_rows(count)
        if line >= rows[-1] + self.card_height:
            return None
        for index in range(count - 1, -1, -1):
            if line >= rows[index]:
                return index
        return None


@lru_cache(maxsize=512)
def _column_rows(count: int, card_height: int, height: int, max_step: int) -> tuple[int, ...]:
    if count <= 0:
        return ()
    steps = [max_step] * (count - 1)
    excess = 1 + sum(steps) + card_height - height
    for level in range(max_step, 1, -1):  # squeeze evenly, deepest cards first
        for i in range(len(steps)):
            if excess <= 0:
                break
            if steps[i] == level:
                steps[i] -= 1
                excess -= 1
    rows = [1]
    for step in steps:
        rows.append(rows[-1] + step)
    return tuple(rows)


def _pile_widths(width: int, count: int = 8, least: int = MIN_PILE_WIDTH) -> tuple[int, int, int]:
    """(pile width, gap, left margin) for a row of ``count`` piles in a terminal ``width``
    columns wide: all the same width, centred, the spare columns split between the margins (the
    larger half on the left). Wide terminals get two blank columns between piles; narrow ones
    none, for piles ``least`` wide (else :data:`MIN_PILE_WIDTH`), where that leaves them wider."""
    count = max(count, 1)
    gap = 2 if width >= count * MAX_PILE_WIDTH + (count - 1) * 2 else 1
    pile = max(min((width - (count - 1) * gap) // count, MAX_PILE_WIDTH), 1)
    for narrowest in (least, MIN_PILE_WIDTH):
        if pile < narrowest and width >= count * narrowest:
            gap, pile = 0, narrowest  # a card's own right edge parts it from the next pile
            break
    return _centred(width, count, pile, gap)


def _centred(width: int, count: int, pile: int, gap: int) -> tuple[int, int, int]:
    """(pile width, gap, left margin) of ``count`` piles ``pile`` wide, ``gap`` apart, centred."""
    spare = max(width - count * pile - (count - 1) * gap, 0)
    return pile, gap, (spare + 1) // 2


def _max_step(tableau: int, card_height: int, compact: bool, dealt: int = DEALT) -> int:
    """The most lines a covered card shows: as many as let a column of a fresh deal and one
    more card fill a tableau ``tableau`` lines high (longer columns are squeezed, see
    ``column_rows``). Compact, where every line counts, a fresh deal's column alone fills it,
    a covered card taking at most :data:`MAX_COMPACT_STEP` lines (its label, then its face)."""
    if compact:
        return max(1, min((tableau - 1 - card_height) // max(dealt - 1, 1), MAX_COMPACT_STEP))
    most = min(card_height - 1, MAX_STEP)
    return max(1, min((tableau - 1 - card_height) // dealt, most))


def layout_for(width: int, height: int, variant: Variant = FREECELL) -> BoardLayout:
    """The board's geometry for ``variant``'s game (its cells, columns and the longest column
    of its deal) in a terminal of ``width`` × ``height``."""
    return board_layout(width, height, variant.cells, variant.columns, max(variant.column_lengths))


@lru_cache(maxsize=64)
def board_layout(
    width: int, height: int, cells: int = 4, columns: int = 8, dealt: int = DEALT
) -> BoardLayout:
    """The board's geometry in a terminal of ``width`` × ``height``, for a game of ``cells``
    free cells and ``columns`` columns whose deal's longest column holds ``dealt`` cards (see
    the module's docstring)."""
    pile, gap, left = _pile_widths(width, columns)
    top_pile, top_row_gap, top_left = _pile_widths(width, cells + 4, MIN_CELL_WIDTH)
    too_small = width < COMPACT_SIZE.width or height < COMPACT_SIZE.height
    message_lines = 2 if height >= 30 else 1
    bottom = FIXED_BOTTOM + message_lines
    # A full layout needs, for the tallest column: the top row (key + card), its key, 18 covered
    # lines and the top card: 2 + 2 × card height + 18 lines.
    fit = (height - bottom - 2 - (MAX_COLUMN - 1)) // 2
    # A card about as tall as it is wide on screen (a terminal cell is twice as tall as wide).
    shapely = max(3, min(pile, top_pile) * 5 // 8)
    card_height = max(min(fit, shapely, 10), 1)
    compact = card_height < 2
    top_gap = 0
    if not compact and top_pile > pile:  # the top row's cards as wide as the columns'
        top_pile, top_row_gap, top_left = _centred(width, cells + 4, pile, gap)
    if compact:
        card_height = 1
    elif (height - bottom - 2 - (MAX_COLUMN - 1) - 1) // 2 >= card_height:
        top_gap = 1  # a spare line: a blank between the top row and the columns
    board_height = max(height - bottom, 0)
    top_height = 1 if compact else 1 + card_height
    tableau = board_height - top_height - top_gap
    max_step = _max_step(tableau, card_height, compact, dealt)
    # The room a fresh deal leaves under the columns is shared above the board too, as far as
    # the longest column (one line a covered card) still fits and covered cards show as much.
    fresh = 1 + (dealt - 1) * max_step + card_height
    longest = 1 + (MAX_COLUMN - 1) + card_height
    top = max(min((tableau - fresh) // 2, tableau - longest), 0)
    while top and _max_step(tableau - top, card_height, compact, dealt) < max_step:
        top -= 1
    return BoardLayout(
        width=width,
        height=board_height,
        too_small=too_small,
        compact=compact,
        pile_width=pile,
        gap=gap,
        left=left,
        card_height=card_height,
        top_gap=top_gap,
        top=top,
        message_lines=message_lines,
        max_step=max_step,
        cells=cells,
        columns=columns,
        top_pile_width=top_pile,
        top_row_gap=top_row_gap,
        top_left=top_left,
    )
