"""Sizes, read off what is drawn: the full layout from 100x32, the compact one at 80x24 and 64x24
(the column keys right under the free cells), a message below the minimum and the board back
after a resize; the tallest column drawn whole in both layouts; the ASCII and four-colour decks;
every key in the help."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.geometry import Region
from textual.widgets import Static

from freecell_tui.core.notation import COLUMNS
from freecell_tui.ui.board.layout import COMPACT_SIZE, board_layout
from freecell_tui.ui.board.pile import PileWidget
from freecell_tui.ui.commands import BOUND, key_label
from freecell_tui.ui.screens.game import GameScreen
from freecell_tui.ui.screens.help import help_sections

from .helpers import (
    COMPACT,
    SIZE,
    colour_on,
    game,
    lines,
    make_app,
    message,
    pile_widget,
    the_board,
)
from .positions import tall_column_game

ROOT = Path(__file__).resolve().parents[2]

#: Sizes the board is laid out for, and whether the layout is the compact one there.
SIZES = [
    ((100, 32), False),
    ((80, 24), True),
    ((64, 24), True),
    ((101, 40), False),
    ((200, 60), False),
]


async def test_every_size_has_equal_centred_piles_in_the_right_layout(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        board = the_board(app)
        for size, compact in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            top_row = [*(f"cell-{cell}" for cell in "abcd"), *(f"home-{s}" for s in "CDHS")]
            tableau = [f"col-{column}" for column in range(1, 9)]
            for row in (top_row, tableau):
                widgets = [pile_widget(app, name) for name in row]
                # Where each pile is drawn: the widget also covers the blank up to the next pile
                # (the piles tile the board where gliding cards fly: ui/board/overlay.py).
                piles = [Region(*widget.region.offset, widget.art_width, 1) for widget in widgets]
                for left_widget, right_widget in zip(widgets, widgets[1:], strict=False):
                    assert left_widget.region.right == right_widget.region.x, size
                assert len(piles) == 8
                assert len({region.width for region in piles}) == 1, (size, piles)
                gaps = {right.x - left.right for left, right in zip(piles, piles[1:], strict=False)}
                assert gaps == {board.geometry.gap}, size
                left, right = piles[0].x, size[0] - piles[-1].right
                assert 0 <= left - right <= 1, size  # the spare columns split between the margins
                assert piles[0].width >= 7
            # The free cells and foundations line up with the columns below them.
            top = [pile_widget(app, name).region.x for name in top_row]
            assert top == [pile_widget(app, name).region.x for name in tableau]
            # Compact: one line of free cells and foundations, the column keys right under it;
            # full: cards as tall as the terminal allows, the columns under them.
            column_1 = pile_widget(app, "col-1")
            layout = board_layout(*size)
            assert layout.compact == compact
            assert column_1.region.y - board.region.y == layout.tableau_y
            assert layout.tableau_y == layout.top + (
                1 if compact else 1 + layout.card_height + layout.top_gap
            )
            drawn = [line for line in lines(pile_widget(app, "cell-a")) if line.strip()]
            assert len(drawn) == layout.top_height  # its key and a card; then the gap, blank
            assert lines(column_1)[0].strip() == "1"
            assert lines(pile_widget(app, "cell-a"))[0].strip(" ▕") == ("a 2♥" if compact else "a")

        await pilot.resize_terminal(60, 20)  # too small: said, not drawn in pieces
        await pilot.pause()
        note = board.query_one("#too-small", Static)
        drawn = " ".join(line.strip() for line in lines(note) if line.strip())
        assert drawn.startswith(
            f"The board needs a terminal at least {COMPACT_SIZE.width}×{COMPACT_SIZE.height}; "
            "this one is 60×20. Make the terminal bigger"
        )
        assert pile_widget(app, "col-1").region.height == 0  # no piles drawn
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not lines(note)
        assert pile_widget(app, "col-1").region.height > 0
        assert game(app).move_count == 1  # nothing lost
        assert lines(pile_widget(app, "cell-a"))[-1].strip().endswith("2♥ ╯")


async def test_the_room_a_fresh_deal_leaves_is_shared_above_and_below(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board = the_board(app)
        # At 80x24 a fresh deal's column fills the tableau: no blank rows above the status line.
        for size, above, below in (((200, 60), 4, 5), ((100, 32), 0, 6), ((80, 24), 0, 0)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            # Blank lines above the free cells, and under the longest column of the deal.
            assert pile_widget(app, "cell-a").region.y - board.region.y == above, size
            drawn = lines(pile_widget(app, "col-1"))  # 7 cards
            blank = len(drawn) - len([line for line in drawn if line.strip()])
            assert blank == below, (size, drawn)
        # Compact, a covered card shows its label, then two lines of its face.
        drawn = lines(pile_widget(app, "col-1"))
        assert [line.strip(" ▏▕") for line in drawn[1:6]] == ["J♦", "", "", "K♦", ""]
        layout = board.geometry
        counts = [len(column) for column in game(app).state.columns]
        x = layout.pile_x(0) + 2
        assert layout.locate(x, layout.tableau_y + 3, counts) == (COLUMNS[0], 0)  # J♦'s face
        assert layout.locate(x, layout.tableau_y + 4, counts) == (COLUMNS[0], 1)  # K♦


async def test_a_19_card_column_is_drawn_whole_in_both_layouts(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=tall_column_game())
    async with app.run_test(size=SIZE) as pilot:
        column = pile_widget(app, "col-1")
        cards = game(app).state.columns[0]
        assert len(cards) == 19
        for size in ((100, 32), (100, 30), (100, 29), (80, 24), (64, 24), (200, 60)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            drawn = lines(column)
            assert column.region.bottom <= app.game_screen.status.region.y, size
            # Every card's label is drawn, in order, and the top card's last line too.
            rows = board_layout(*size).column_rows(19)
            for card, row in zip(cards, rows, strict=True):
                assert card.text() in drawn[row], (size, card, drawn)
            bottom = rows[-1] + board_layout(*size).card_height - 1
            assert cards[-1].text() in drawn[bottom], (size, drawn)


async def test_ascii_suits_and_the_four_colour_deck_are_drawn(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        column_1, column_2 = pile_widget(app, "col-1"), pile_widget(app, "col-2")
        # Two colours: clubs like spades, diamonds like hearts.
        assert colour_on(column_1, "4♣") == colour_on(column_1, "2♠")
        assert colour_on(column_1, "6♦") == colour_on(column_2, "10♦")
        await app.game_screen.run_action("four_colour")  # as the palette runs it
        await pilot.pause()
        clubs, spades = colour_on(column_1, "4♣"), colour_on(column_1, "2♠")
        diamonds, hearts = colour_on(column_1, "6♦"), colour_on(pile_widget(app, "col-3"), "9♥")
        assert len({*clubs, *spades, *diamonds, *hearts}) == 4  # four suits, four colours
        assert app.settings.four_colour  # kept for next time
        assert message(app).startswith("Four-colour deck: clubs green")  # and the player is told
        await app.game_screen.run_action("ascii")
        await pilot.pause()
        drawn = "".join(lines(pile_widget(app, "col-3")))
        assert "2H" in drawn and "♥" not in drawn
        await app.game_screen.run_action("four_colour")
        await pilot.pause()
        assert message(app).startswith("Two-colour deck")


def test_every_key_is_in_the_help_and_the_keys_document() -> None:
    keys_doc = (ROOT / "docs" / "keys.md").read_text(encoding="utf-8")
    help_text = " ".join(keys for _, entries in help_sections() for keys, _ in entries)
    for binding in GameScreen.BINDINGS:
        assert not isinstance(binding, tuple)
        for key in binding.key.split(","):
            if key == "equals_sign":
                continue  # the unshifted + on most keyboards
            shown = key_label(key)
            assert shown in help_text or key in "1234567890abcdegkh", key
            assert shown in keys_doc, key


def test_a_commands_other_keys_run_the_same_action() -> None:
    """ctrl+s, F4, F1, F2, ctrl+z do what s, t, ?, n, u do (the clock test presses the first)."""
    action = {
        key: binding.action
        for binding in GameScreen.BINDINGS
        if not isinstance(binding, tuple)
        for key in binding.key.split(",")
    }
    for first, other in (("s", "ctrl+s"), ("t", "f4"), ("question_mark", "f1"), ("n", "f2")):
        assert action[other] == action[first], other
    assert action["u"] == action["ctrl+z"] == BOUND["undo"].action
    assert (action["s"], action["t"], action["question_mark"], action["n"]) == (
        "saves",
        "stats",
        "help",
        "new",
    )


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (160, 48)])
@pytest.mark.parametrize("cells", [0, 1, 2, 3, 4])
def test_a_top_row_card_is_no_wider_than_a_column_card(size: tuple[int, int], cells: int) -> None:
    """A shorter top row (``--cells 2``: six piles over eight columns) has cards as wide as the
    columns' (they were 15 columns wide over the columns' 11 at 100x32), centred."""
    layout = board_layout(*size, cells=cells)
    assert layout.top_width <= layout.pile_width or layout.compact, layout
    left, right = layout.top_x(0), layout.top_x(cells + 3) + layout.top_width
    assert left >= 0 and right <= size[0] and abs(left - (size[0] - right)) <= 1, (left, right)


@pytest.mark.parametrize("size", [SIZE, COMPACT])
async def test_a_start_styles_each_pile_as_it_mounts_and_as_the_board_is_first_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """Styling is most of a start's cost: no pile is styled again for a class or rule that
    sets nothing (the board places and sizes every pile itself)."""
    styled: Counter[DOMNode] = Counter()
    apply = Stylesheet.apply

    def counted(stylesheet: Stylesheet, node: DOMNode, *args: Any, **kwargs: Any) -> None:
        styled[node] += 1
        apply(stylesheet, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        piles = list(app.screen.query(PileWidget))
        assert len(piles) == 22
        assert {pile.id: styled[pile] for pile in piles if styled[pile] != 2} == {}
