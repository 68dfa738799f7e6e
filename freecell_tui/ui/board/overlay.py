"""Pictures drawn over a widget's own lines: the cards of a glide, drawn by the pile widgets they
fly over (they tile the board where cards fly, gaps included) instead of a layer above the board.

A glide does not show, move or hide a widget: each frame hands every pile widget the part of the
flying cards over it (attributes down, ``PileWidget.set_overlay``), and the widget repaints only
the lines where the cards were and are (:func:`repaint_regions`), drawing them over its own
(:func:`draw_over`). No layout at a glide's start or end, and nothing drawn twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.segment import Segment
from textual.geometry import Region
from textual.strip import Strip

__all__ = ["Sprite", "draw_over", "repaint_regions", "splice"]


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


def repaint_regions(old: Sequence[Sprite], new: Sequence[Sprite], area: Region) -> list[Region]:
    """Where a widget of ``area`` repaints when the pictures over it go from ``old`` to ``new``:
    where either is, nothing else."""
    return [region for sprite in (*old, *new) if (region := sprite.region.intersection(area))]
