"""Sizes: the full layout at 100x32, the compact one at 80x24, a message below the minimum and
the board back after a resize; the ASCII and four-colour decks; help lists every key."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from freecell_tui.ui.screens.game import COMPACT_SIZE, GameScreen
from freecell_tui.ui.screens.help import HELP

from .helpers import COMPACT, SIZE, board, make_app
from .positions import tall_column_game

ROOT = Path(__file__).resolve().parents[2]


async def test_full_and_compact_layouts(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE):
        assert not board(app).has_class("-compact")
        assert board(app).query_one("#col-1").size.height >= 19 + 3 + 1
    app = make_app(tmp_path)
    async with app.run_test(size=COMPACT):
        assert board(app).has_class("-compact")
        assert board(app).query_one("#col-1").compact
        assert board(app).query_one("#col-1").size.height >= 19 + 1


@pytest.mark.parametrize("size", [(100, 32), (80, 24), (64, 24), (101, 40), (143, 50)])
async def test_every_pile_has_the_same_width_and_the_board_is_centred(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=size):
        screen = board(app)
        for row in ("#top", "#tableau"):
            piles = [widget.region for widget in screen.query_one(row).children]
            assert len(piles) == 8
            assert len({region.width for region in piles}) == 1, [r.width for r in piles]
            gaps = {right.x - left.right for left, right in zip(piles, piles[1:], strict=False)}
            assert gaps == {1}
            left, right = piles[0].x, size[0] - piles[-1].right
            assert 0 <= left - right <= 1  # the spare columns split between the margins
            assert right >= 0 and piles[0].width >= 7
        # The free cells and foundations line up with the columns below them.
        top = [widget.region.x for widget in screen.query_one("#top").children]
        assert top == [widget.region.x for widget in screen.query_one("#tableau").children]


async def test_a_19_card_column_is_fully_visible_at_100_by_32(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=tall_column_game())
    async with app.run_test(size=SIZE):
        column = board(app).query_one("#col-1")
        assert len(board(app).game.state.columns[0]) == 19
        assert column.region.height >= 1 + 18 + 3  # key, covered cards, the top card
        assert column.region.bottom <= board(app).status.region.y
        lines = [strip.text for strip in column.render_lines(column.region.reset_offset)]
        assert "2♥" in lines[1 + 18 + 2] and "K♠" in lines[1 + 7]


async def test_too_small_then_back(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert board(app).has_class("-too-small")
        note = board(app).query_one("#too-small", Static)
        assert note.display
        assert f"at least {COMPACT_SIZE.width}×{COMPACT_SIZE.height}" in str(note.content)
        assert not board(app).query_one("#board").display
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert not board(app).has_class("-too-small")
        assert board(app).query_one("#board").display
        assert board(app).game.move_count == 1  # nothing lost


async def test_ascii_suits(tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii=True)
    async with app.run_test(size=SIZE):
        text = app.export_screenshot()
        assert "2H" in text and "♥" not in text.split("Deal")[0]


async def test_four_colour_toggle(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board(app).four_colour = True
        await pilot.pause()
        assert board(app).query_one("#col-1").four_colour


def test_every_key_is_documented() -> None:
    keys_doc = (ROOT / "docs" / "keys.md").read_text(encoding="utf-8")
    help_text = " ".join(keys for _, entries in HELP for keys, _ in entries)
    names = {
        "question_mark": "?",
        "colon": ":",
        "plus": "+",
        "minus": "−",
        "equals_sign": "=",
        "space": "Space",
        "enter": "Enter",
        "escape": "Esc",
        "left": "←",
        "right": "→",
        "up": "↑",
        "down": "↓",
        "f1": "F1",
        "f2": "F2",
        "f4": "F4",
    }
    for binding in GameScreen.BINDINGS:
        assert not isinstance(binding, tuple)
        for key in binding.key.split(","):
            shown = names.get(key, key)
            if key == "equals_sign":
                continue  # the unshifted + on most keyboards
            assert shown in help_text or key in "12345678abcdh", key
            assert shown in keys_doc, key
