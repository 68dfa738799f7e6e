"""The stage: a picture of the board, on a layer above the piles, where the player's hand and
the win cascade are drawn.

While the player drags cards or the win cascade plays, the board shows the stage over its piles,
covering them: a copy of the piles as they are drawn (the *background*, kept up to date by the
board as piles change, and kept between motions), with the moving cards drawn over it at their
positions (*sprites*). Moving a card repaints only the lines it crosses on this one widget. During
the win cascade the piles under it are hidden (they are not drawn under it at every frame).
Showing and hiding the stage lays the screen out again, which a drag or a cascade pays once; a
glide, which a key may interrupt at any moment, does not use the stage: the widgets it crosses
draw its cards (:mod:`.overlay`).

The stage only draws: it is told what to draw (attributes down) and handles no input (the mouse
reaches the board under it)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip

from freecell_tui.core.cards import Card
from freecell_tui.ui.board.cardart import ROUND, CardArt
from freecell_tui.ui.board.layout import BoardLayout
from freecell_tui.ui.board.overlay import Sprite, draw_over, splice

__all__ = ["Sprite", "Stage"]


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
        return draw_over(line, y, self._sprites, width)

    # ------------------------------------------------------------------ pictures of cards
    def picture(
        self,
        cards: Sequence[Card],
        layout: BoardLayout,
        *,
        held: bool = False,
        within: int = 0,
    ) -> tuple[Strip, ...]:
        """``cards`` (deepest first) as the board draws them on a column: each covered card
        showing its top lines, the last one whole. ``held``: in the player's hand (the
        picked-up face). ``within``: the cards are the top of a column that many cards long,
        and are drawn as squeezed as they are there (else as a column of their own)."""
        self._art_width = layout.pile_width
        face = self.face_names(held, False, False)
        border = "card--selected-border" if held else "card--border"
        count = len(cards)
        lines: list[Content] = []
        rows = layout.column_rows(max(within, count))[-count:]
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
