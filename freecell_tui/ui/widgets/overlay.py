"""Pictures drawn over a widget's own lines: the cards of a glide, drawn by the pile widgets they
fly over (they tile the board where cards fly, gaps included) instead of a layer above the board.

A glide does not show, move or hide a widget: each frame hands every widget the part of the
flying cards over it (attributes down), and the widget repaints only the lines where the cards
were and are. No layout at a glide's start or end, and nothing drawn twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.segment import Segment
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

__all__ = ["Overlaid", "Sprite", "draw_over", "splice"]


@dataclass(frozen=True, slots=True)
class Sprite:
    """A picture (``lines``, each as wide as the picture) with its top-left corner at ``x``,
    ``y``."""

    x: int
    y: int
    lines: tuple[Strip, ...]

    @property
    def region(self) -> Region:
        width = max((line.cell_length for line in self.lines), default=0)
        return Region(self.x, self.y, width, len(self.lines))

    def moved(self, dx: int, dy: int) -> Sprite:
        return Sprite(self.x + dx, self.y + dy, self.lines)


def splice(line: Strip, x: int, picture: Strip, width: int) -> Strip:
    """``line`` with ``picture`` drawn over it from column ``x`` (cropped to ``width``). One new
    strip (a frame makes many, and each strip is costly to make): the line's pieces are cut as
    segments, and the picture's own segments are used whole when it fits."""
    size = picture.cell_length
    start, end = max(x, 0), min(x + size, width)
    if start >= end:
        return line
    if line.cell_length < width:
        line = line.extend_cell_length(width)
    pieces = list(Segment.divide(list(line), [start, end, width]))
    left = pieces[0] if pieces else []
    right = pieces[2] if len(pieces) > 2 else []
    piece = (
        list(picture) if (start, end) == (x, x + size) else list(picture.crop(start - x, end - x))
    )
    return Strip([*left, *piece, *right], width)


def draw_over(line: Strip, y: int, sprites: Sequence[Sprite], width: int) -> Strip:
    """Line ``y`` with the rows of ``sprites`` that cross it drawn over it (later on top)."""
    for sprite in sprites:
        row = y - sprite.y
        if 0 <= row < len(sprite.lines):
            line = splice(line, sprite.x, sprite.lines[row], width)
    return line


class Overlaid(Widget):
    """A widget that draws :attr:`overlay` over its lines (see the module's docstring). A
    subclass's ``render_line`` passes its line through :meth:`overlaid`."""

    _overlay: tuple[Sprite, ...] = ()

    @property
    def overlay(self) -> tuple[Sprite, ...]:
        """The pictures over the widget, in its own coordinates (later ones on top)."""
        return self._overlay

    def set_overlay(self, sprites: Sequence[Sprite]) -> None:
        """Draw ``sprites`` instead of the last ones: the lines where either are repaint."""
        old, new = self._overlay, tuple(sprites)
        if old == new:
            return
        self._overlay = new
        area = self.size.region
        regions = [
            region for sprite in (*old, *new) if (region := sprite.region.intersection(area))
        ]
        if regions:
            self.refresh(*regions)

    def overlaid(self, y: int, line: Strip) -> Strip:
        if not self._overlay:
            return line
        return draw_over(line, y, self._overlay, self.size.width)
