"""The overlay's drawing: a picture spliced over a line replaces exactly the cells it covers,
whatever part of it is off the line, and keeps every other cell and its style."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from freecell_tui.ui.board.overlay import Sprite, draw_over, splice

RED, BLUE = Style(color="red"), Style(color="blue", bold=True)


def cells(strip: Strip) -> list[tuple[str, Style | None]]:
    """Each cell's character and style."""
    return [(char, segment.style) for segment in strip for char in segment.text]


def line_of(text: str, style: Style, pieces: int) -> Strip:
    """``text`` as a strip cut into ``pieces`` segments (splicing must not care how)."""
    step = max(len(text) // max(pieces, 1), 1)
    parts = [text[i : i + step] for i in range(0, len(text), step)]
    return Strip([Segment(part, style) for part in parts], len(text))


@given(
    width=st.integers(1, 40),
    size=st.integers(1, 15),
    x=st.integers(-20, 50),
    pieces=st.integers(1, 5),
)
def test_a_picture_replaces_exactly_the_cells_it_covers(
    width: int, size: int, x: int, pieces: int
) -> None:
    line = line_of("".join(chr(97 + i % 26) for i in range(width)), RED, pieces)
    picture = line_of("".join(chr(65 + i % 26) for i in range(size)), BLUE, pieces)
    drawn = splice(line, x, picture, width)
    assert drawn.cell_length == width
    expected = cells(line)
    for index, cell in enumerate(cells(picture)):
        if 0 <= x + index < width:
            expected[x + index] = cell
    assert cells(drawn) == expected


def test_later_sprites_are_drawn_over_earlier_ones_on_their_rows_only() -> None:
    line = Strip([Segment("." * 10, RED)], 10)
    under = Sprite(1, 0, (Strip([Segment("AAAA", BLUE)], 4),) * 2)
    over = Sprite(3, 1, (Strip([Segment("BB", BLUE)], 2),))
    assert draw_over(line, 0, (under, over), 10).text == ".AAAA....."
    assert draw_over(line, 1, (under, over), 10).text == ".AABB....."
    assert draw_over(line, 2, (under, over), 10).text == ".........."
