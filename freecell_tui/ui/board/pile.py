"""The base of the board's piles: what they are given and how their highlights are drawn.

Each pile widget draws the cards it is given (attributes down): its ``cards``, its ``look`` (a
frozen :class:`~freecell_tui.ui.board.highlights.PileLook` set by the board) and the board's
``layout`` (how tall a card is, how far apart covered cards are, see
:mod:`freecell_tui.ui.board.layout`). It handles no input: the board finds what the mouse is on from the
same layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.style import Style
from textual.content import Content
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.visual import Visual

from freecell_tui.core.cards import Card
from freecell_tui.core.notation import Pile
from freecell_tui.ui.board.cardart import (
    DASHED,
    DOUBLE,
    HEAVY,
    HEAVY_DASHED,
    PICKED,
    ROUND,
    TARGET,
    CardArt,
    Glyphs,
)
from freecell_tui.ui.board.highlights import PLAIN, PileLook
from freecell_tui.ui.board.layout import BoardLayout, board_layout
from freecell_tui.ui.board.overlay import Sprite, draw_over, repaint_regions

__all__ = ["PileWidget"]


#: How many lines a memo of :func:`shared_strips` keeps before it starts again.
STRIPS_KEPT: Final = 4000
#: The piles' lines made into strips, shared by every pile of a kind at one width, theme and
#: style: the same card draws the same lines in any column, on the game's board as in the
#: viewer's, so a new board makes strips only for lines no pile drew before.
_SHARED_STRIPS: dict[tuple[object, ...], dict[object, Strip]] = {}


def shared_strips(key: tuple[object, ...]) -> dict[object, Strip]:
    """The memo of lines for ``key`` (kind of pile, width, theme, style); the memos of keys no
    longer drawn are dropped when there are many."""
    memo = _SHARED_STRIPS.get(key)
    if memo is None:
        if len(_SHARED_STRIPS) >= 64:
            _SHARED_STRIPS.clear()
        memo = _SHARED_STRIPS[key] = {}
    return memo


class PileWidget(CardArt):
    """Base of the three pile widgets: what they draw, how a highlight looks, and the gliding
    cards over them."""

    DEFAULT_CSS = """
    PileWidget {
        width: 1fr;
        height: 4;
    }
    """

    cards: reactive[tuple[Card, ...]] = reactive((), repaint=False)
    """The pile's cards, deepest first (a free cell or foundation holds at most its top card).
    A change repaints only the lines it changes (see :meth:`_repaint_changes`)."""
    look: reactive[PileLook] = reactive(PLAIN, repaint=False)
    """The pile's highlights (see :class:`~freecell_tui.ui.board.highlights.PileLook`); a change
    repaints only the lines it changes."""
    geometry: reactive[BoardLayout] = reactive(lambda: board_layout(100, 32))
    """The board's geometry: card height, covered lines, compact or not."""
    ascii: reactive[bool] = reactive(False)
    """Suits as C D H S."""
    four_colour: reactive[bool] = reactive(False)
    """Clubs green, diamonds blue, hearts red, spades black."""

    def __init__(self, pile: Pile, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.pile = pile
        #: What the pile's header calls it: its code, or the player's key for it.
        self.header = pile.code
        self._drawn: tuple[object, list[Strip]] | None = None
        self._strips: dict[object, Strip] = {}
        self._strips_for: object = None
        self._overlay: tuple[Sprite, ...] = ()

    def show(self, cards: tuple[Card, ...], look: PileLook) -> None:
        """New cards and look at once: the lines they change are worked out and repainted once
        (setting the two attributes one after the other works them out twice)."""
        if cards == self.cards and look == self.look:
            return
        self.set_reactive(PileWidget.cards, cards)
        self.set_reactive(PileWidget.look, look)
        self._repaint_changes()

    def watch_cards(self) -> None:
        self._repaint_changes()

    def watch_look(self) -> None:
        self._repaint_changes()

    def _repaint_changes(self) -> None:
        """Repaint the lines the new cards or look draw differently, not the whole pile: a key
        changes a line or a card of a few piles (a selection, the targets it lights), and every
        line repainted goes through Textual's styles and compositor, most of a key's cost
        (``benchmarks/feel_bench.py``). The lines are compared with the ones worked out last;
        every change of what is drawn passes here or repaints the whole pile (size, theme,
        geometry, ASCII, colours), so the lines repainted always cover what changed since the
        last paint."""
        before = self._drawn
        if before is None or not self.is_mounted or not self.size:
            self.refresh()
            return
        old, new = before[1], self._lines()
        if old is new:
            return
        width = self.size.width
        start: int | None = None
        for y in range(max(len(old), len(new)) + 1):
            differs = y < max(len(old), len(new)) and (
                y >= len(old) or y >= len(new) or old[y] != new[y]
            )
            if differs and start is None:
                start = y
            elif not differs and start is not None:
                self.refresh(Region(0, start, width, y - start))
                start = None

    # ------------------------------------------------------------------ drawing
    def art(self) -> list[Content]:
        """The pile's lines, top to bottom (each pile says what it draws)."""
        raise NotImplementedError

    def render(self) -> Content:
        return Content("\n").join(self.art())

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the pile. Its lines are worked out once for what it shows, each turned
        into a strip only the first time it is drawn: a column's cards draw the same few lines
        again and again (a move, a highlight), and making strips is most of a redraw's cost."""
        lines = self._lines()
        line = lines[y] if y < len(lines) else self._blank_line()
        if self._overlay:
            width = self.size.width
            if line.cell_length < width:  # the blank up to the next pile: the board's
                board = Style(bgcolor=self.visual_style.rich_style.bgcolor)
                line = line.extend_cell_length(width, board)
            return draw_over(line, y, self._overlay, width)
        return line

    # ------------------------------------------------------------------ gliding cards
    @property
    def overlay(self) -> tuple[Sprite, ...]:
        """The gliding cards over the pile, in its own coordinates (later ones on top)."""
        return self._overlay

    def set_overlay(self, sprites: Sequence[Sprite]) -> None:
        """Draw ``sprites`` over the pile instead of the last ones: the lines where either are
        repaint."""
        old, new = self._overlay, tuple(sprites)
        if old == new:
            return
        self._overlay = new
        regions = repaint_regions(old, new, self.size.region)
        if regions:
            self.refresh(*regions)

    def _blank_line(self) -> Strip:
        """A line below the pile's cards: blank as the pile draws it, and the blank up to the
        next pile as the board under it would (its background only). Under a free cell or a
        foundation (the gap above the columns) it is all the board's."""
        style, drawn, width = self.visual_style.rich_style, self.art_width, self.size.width
        if not self.pile.is_column:
            drawn = 0
        key = ("blank", style, drawn, width)
        line = self._strips.get(key)
        if line is None:
            line = Strip.blank(drawn, style) if drawn else Strip([], 0)
            if width > drawn:
                board = Style(bgcolor=style.bgcolor)
                line = Strip.join([line, Strip.blank(width - drawn, board)])
            self._strips[key] = line
        return line

    def _lines(self) -> list[Strip]:
        base, size, theme = self.visual_style, self.size, self.app.theme
        key = (
            self.cards,
            self.look,
            self.header,
            self.geometry,
            self.ascii,
            self.four_colour,
            size,
            base,
            theme,
        )
        if self._drawn is not None and self._drawn[0] == key:
            return self._drawn[1]
        memo_for = (type(self), size.width, theme, base)
        if self._strips_for != memo_for:
            self._strips, self._strips_for = shared_strips(memo_for), memo_for
        memo = self._strips
        if len(memo) > STRIPS_KEPT:
            memo.clear()
        lines: list[Strip] = []
        for content in self.art()[: size.height]:
            line_key = (content.plain, tuple(content.spans))
            strip = memo.get(line_key)
            if strip is None:
                strip = memo[line_key] = Visual.to_strips(self, content, size.width, 1, base)[0]
            lines.append(strip)
        self._drawn = (key, lines)
        return lines

    def notify_style_update(self) -> None:
        self._drawn = None
        super().notify_style_update()

    @property
    def compact(self) -> bool:
        return self.geometry.compact

    @property
    def art_width(self) -> int:
        """How wide the pile is drawn: the layout's pile width (the widget also covers the blank
        up to the next pile, where it draws only gliding cards)."""
        return min(self.geometry.width_of(self.pile), self.size.width)

    # ------------------------------------------------------------------ highlights
    def border(
        self, *, top: bool = True, selected: bool = False, hinted: bool = False
    ) -> tuple[str, Glyphs]:
        """The outline of a card: its colour class and its shape. A picked-up card keeps the
        plain shape (its face shows it); the cursor's card is outlined heavy, the hint's double;
        the colour says where the picked-up card may go (reversed: the pile under the mouse).
        Where no colour is drawn, the picked-up cards and those places have outlines of their
        own (:data:`PICKED`, :data:`TARGET`)."""
        look = self.look
        no_colour = self.app.no_color
        glyphs = ROUND
        if top and look.cursor:
            glyphs = HEAVY
        elif hinted or (top and look.hint_target):
            glyphs = DOUBLE
        elif no_colour and top and (look.target or look.hover_target):
            glyphs = TARGET
        if selected:
            return "card--selected-border", PICKED if no_colour else glyphs
        if hinted:
            return "card--hint-border", glyphs
        if not top:
            return "card--border", glyphs
        return self._place_class("card--cursor-border") or "card--border", glyphs

    def empty_outline(self) -> tuple[str, Glyphs]:
        """The outline of an empty place: its colour class and shape."""
        look = self.look
        glyphs = HEAVY_DASHED if look.cursor else DOUBLE if look.hint_target else DASHED
        if glyphs is DASHED and self.app.no_color and (look.target or look.hover_target):
            glyphs = TARGET
        return self._place_class("pile--cursor-outline") or "pile--empty", glyphs

    def _place_class(self, cursor: str) -> str | None:
        """The colour class the pile's place gives its top card or empty outline, strongest
        first: under the mouse, a legal target, the hint's target, the cursor (``cursor``)."""
        look = self.look
        if look.hover_target:
            return "card--hover-target-border"
        if look.target:
            return "card--target-border"
        if look.hint_target:
            return "card--hint-border"
        return cursor if look.cursor else None

    def header_line(self, text: str) -> Content:
        """The pile's key (``3``, ``a``, ``h``) centred, styled by its state."""
        look = self.look
        if look.cursor:
            name = "pile--label-cursor"
        elif look.selected:
            name = "pile--label-selected"
        elif look.target:
            name = "pile--label-target"
        elif look.hint or look.hint_target:
            name = "pile--label-hint"
        else:
            name = "pile--label"
        width = self.art_width
        label = f" {text} " if look.cursor else text
        return Content.styled(label.center(width)[:width], self._style(name))

    def whole_card(
        self, card: Card, *, selected: bool, hovered: bool, hinted: bool
    ) -> list[Content]:
        """The pile's top card, whole, as the layout draws it (one line when compact)."""
        face = self.face_names(selected, hovered, hinted)
        border, glyphs = self.border(selected=selected, hinted=hinted)
        if self.compact:
            return [self.one_line(card, glyphs.left_edge, face, border, glyphs)]
        return self.card_box(card, self.geometry.card_height, face, border, glyphs)

    def empty_place(self, mark: str) -> list[Content]:
        style, glyphs = self.empty_outline()
        return self.outline(self.geometry.card_height, mark, style, glyphs)
