"""Sizes: the full layout at 100x32, the compact one at 80x24, a message below the minimum and
the board back after a resize; the ASCII and four-colour decks; help lists every key."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from freecell_tui.ui.screens.game import COMPACT_SIZE, GameScreen
from freecell_tui.ui.screens.help import HELP

from .helpers import COMPACT, SIZE, board, make_app

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
