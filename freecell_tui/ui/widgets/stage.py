"""The stage: a picture of the board, on a layer above the piles, where cards fly.

While cards move (a glide, the cards in the player's hand during a drag, the win cascade), the
board shows the stage over its piles, covering them: a copy of the piles as they are drawn (the
*background*, kept up to date by the board as piles change, and kept between motions), with the
moving cards drawn over it at their positions (*sprites*). The piles stay shown under it (hiding
them would restyle and lay out all sixteen at every start and end of a motion). Moving a card
repaints only the lines it crosses on this one widget: no layout, no other widget repainted, so a
frame costs little.

The stage covers only the part of the board the cards cross (a glide: from where they leave to
where they land; a drag and the win cascade: the whole board), so showing and hiding it repaints
only that part. During the win cascade the piles under it are hidden (they are not drawn under
it at every frame). Showing and hiding lays the screen out again, at the start and the end of a
motion; keeping the stage shown for good was tried and measured: every change of a pile was then
drawn twice (on the pile and on the stage), and a key during a glide cost more than the layout it
saved (``benchmarks/feel_bench.py``; figures in ``docs/architecture.md``).

The stage only draws: it is told what to draw (attributes down) and handles no input (the mouse
reaches the board under it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip

from freecell_tui.core.cards import Card
from freecell_tui.ui.layout import BoardLayout
from freecell_tui.ui.widgets.cardart import ROUND, CardArt

__all__ = ["Sprite", "Stage"]


@dataclass(frozen=True, slots=True)
class Sprite:
    """A picture (``lines``, each as wide as the picture) with its top-left corner at ``x``,
    ``y`` on the stage."""

    x: int
    y: int
    lines: tuple[Strip, ...]

    @property
    def region(self) -> Region:
        width = max((line.cell_length for line in self.lines), default=0)
        return Region(self.x, self.y, width, len(self.lines))


def splice(line: Strip, x: int, picture: Strip, width: int) -> Strip:
    """``line`` with ``picture`` drawn over it from column ``x`` (cropped to ``width``)."""
    size = picture.cell_length
    start, end = max(x, 0), min(x + size, width)
    if start >= end:
        return line
    piece = picture.crop(start - x, end - x)
    return Strip.join([line.crop(0, start), piece, line.crop(end, width)])


class Stage(CardArt):
    """See the module's docstring."""

    DEFAULT_CSS = """
    Stage {
        layer: stage;
        position: absolute;
        offset: 0 0;
        width: 100%;
        height: 100%;
        visibility: hidden;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._background: list[Strip] = []
        self._width = 0
        self._sprites: tuple[Sprite, ...] = ()
        self._art_width = 1
        self.ascii = False
        self.four_colour = False

    @property
    def art_width(self) -> int:
        return self._art_width

    # ------------------------------------------------------------------ the background
    def set_background(self, lines: list[Strip]) -> None:
        """A new picture of what the stage covers (its lines are as wide as the stage)."""
        self._background = lines
        self._width = lines[0].cell_length if lines else 0
        self.refresh()

    def patch(self, x: int, y: int, lines: Sequence[Strip]) -> None:
        """Draw ``lines`` into the background at ``x``, ``y`` (a pile drawn anew; what falls
        outside the stage is left out)."""
        width = self._width
        background = self._background
        for offset, picture in enumerate(lines):
            row = y + offset
            if 0 <= row < len(background):
                background[row] = splice(background[row], x, picture, width)
        self.refresh(Region(x, y, max((s.cell_length for s in lines), default=0), len(lines)))

    def stamp(self, sprite: Sprite) -> None:
        """Draw ``sprite`` into the background for good (the win cascade's trail)."""
        self.patch(sprite.x, sprite.y, sprite.lines)

    # ------------------------------------------------------------------ sprites
    @property
    def sprites(self) -> tuple[Sprite, ...]:
        return self._sprites

    def set_sprites(self, sprites: Sequence[Sprite]) -> None:
        """Draw ``sprites`` (in order: later ones on top) instead of the last ones."""
        old = self._sprites
        new = tuple(sprites)
        if old == new:
            return
        self._sprites = new
        regions = [sprite.region for sprite in (*old, *new)]
        if regions:
            self.refresh(*regions)

    def render_line(self, y: int) -> Strip:
        width = self._width
        if y < len(self._background):
            line = self._background[y]
        else:
            line = Strip.blank(width, self.visual_style.rich_style)
        for sprite in self._sprites:
            row = y - sprite.y
            if 0 <= row < len(sprite.lines):
                line = splice(line, sprite.x, sprite.lines[row], width)
        return line

    # ------------------------------------------------------------------ pictures of cards
    def picture(
        self, cards: Sequence[Card], layout: BoardLayout, *, held: bool = False
    ) -> tuple[Strip, ...]:
        """``cards`` (deepest first) as the board draws them on a column: each covered card
        showing its top lines, the last one whole. ``held``: in the player's hand (the
        picked-up face)."""
        self._art_width = layout.pile_width
        face = self.face_names(held, False, False)
        border = "card--selected-border" if held else "card--border"
        count = len(cards)
        lines: list[Content] = []
        rows = layout.column_rows(count)
        for index, card in enumerate(cards[:-1]):
            step = rows[index + 1] - rows[index]
            if layout.compact:
                lines.extend(self.covered_line(card, step, face, border))
            else:
                lines.extend(self.covered(card, step, face, border))
        if layout.compact:
            lines.append(self.one_line(cards[-1], ROUND.left_edge, face, border))
        else:
            lines.extend(self.card_box(cards[-1], layout.card_height, face, border))
        base = self.visual_style
        return tuple(Strip(line.render_segments(base), layout.pile_width) for line in lines)
