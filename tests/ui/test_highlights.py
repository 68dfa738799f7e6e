"""Highlights and inks, read off the drawn board in every built-in theme (and the classic look):
the selection, the legal targets, the target under the mouse, the hint and the keyboard cursor
each look different; a picked-up red card is readable (4.5:1); on light themes red and black
differ by 3:1. The ratios are computed from the colours drawn, and from the theme colours
(:func:`~freecell_tui.ui.board.inks.board_variables`) without a terminal."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from rich.style import Style
from textual.color import Color

from freecell_tui.core.notation import Pile
from freecell_tui.session.analysis import HintMark
from freecell_tui.ui.board.inks import (
    BLACK_RED_RATIO,
    TEXT_RATIO,
    board_variables,
    card_inks,
    contrast,
)
from freecell_tui.ui.themes import CLASSIC, known_themes

from .helpers import SIZE, look, make_app, pile_widget, styles_on, the_board

THEMES = known_themes()


def _ink_and_face(style: Style) -> tuple[Color, Color]:
    assert style.color is not None and style.bgcolor is not None
    fg, bg = style.color.get_truecolor(), style.bgcolor.get_truecolor()
    return Color(*fg), Color(*bg)


def _is_ansi(name: str) -> bool:
    return name.startswith("ansi-")


@pytest.mark.slow
async def test_every_highlight_looks_different_and_red_cards_are_readable_in_every_theme(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board = the_board(app)
        cell_a, column_6 = pile_widget(app, "cell-a"), pile_widget(app, "col-6")
        column_1 = pile_widget(app, "col-1")
        for name, theme in THEMES.items():
            app.theme = name
            await pilot.pause()
            # Cell a (empty) as a plain place, a legal target, the target under the mouse, the
            # hint's destination and under the cursor; column 6 (3♦ on top) picked up, under
            # the mouse, the hint's source and under the cursor. (The board is driven as its
            # keys and the mouse drive it — tests/ui/test_mouse.py drives those — and each look
            # is read off the drawn pile.)
            places = {"plain": look(cell_a)}
            cards = {"plain": look(column_6)}
            board.act_on(Pile.parse("3"))  # 2♥ picked up: the free cells are targets
            places["target"] = look(cell_a)
            selected = styles_on(pile_widget(app, "col-3"), "2♥")[0]
            board.hover((Pile.parse("a"), None))
            places["hover target"] = look(cell_a)
            board.put_down()
            board.hover((Pile.parse("6"), 5))
            cards["hover"] = look(column_6)
            board.hover(None)
            board.hint = HintMark(Pile.parse("6"), 1, Pile.parse("a"))
            places["hint"], cards["hint"] = look(cell_a), look(column_6)
            board.hint = None
            board.act_on(Pile.parse("6"))
            cards["selected"] = look(column_6)
            board.put_down()
            board.cursor = (0, 0)
            places["cursor"] = look(cell_a)
            board.cursor = (1, 5)
            cards["cursor"] = look(column_6)
            board.cursor = None
            for kinds in (places, cards):
                for (one, a), (other, b) in combinations(kinds.items(), 2):
                    assert a != b, f"{name}: {one} looks like {other}"
            if _is_ansi(name):
                continue  # the terminal's own colours: nothing to measure
            ink, face = _ink_and_face(selected)
            assert contrast(ink, face) >= TEXT_RATIO, (name, "picked-up 2♥", contrast(ink, face))
            red, red_face = _ink_and_face(styles_on(column_1, "K♦")[0])
            black, black_face = _ink_and_face(styles_on(column_1, "2♠")[0])
            assert contrast(red, red_face) >= TEXT_RATIO, (name, contrast(red, red_face))
            assert contrast(black, black_face) >= TEXT_RATIO, (name, contrast(black, black_face))
            if not theme.dark or name == CLASSIC.name:  # light card faces
                assert contrast(red, black) >= BLACK_RED_RATIO, (name, contrast(red, black))


@pytest.mark.parametrize("name", [name for name in THEMES if not _is_ansi(name)])
def test_the_inks_computed_from_each_themes_colours_are_readable(name: str) -> None:
    theme = THEMES[name]
    variables = {**theme.to_color_system().generate(), **theme.variables}
    variables.update(board_variables(variables))
    face = Color.parse(variables["card-face"])
    black, red = card_inks(
        face, Color.parse(variables["card-ink"]), Color.parse(variables["card-red"])
    )
    assert contrast(black, face) >= TEXT_RATIO
    assert contrast(red, face) >= TEXT_RATIO
    if face.brightness > 0.5:
        assert contrast(red, black) >= BLACK_RED_RATIO
    # The picked-up face: the selection colour over the face.
    select = Color.parse(variables["card-select"])
    picked = face.blend(select, 0.6)
    black, red = card_inks(picked, black, red)
    assert contrast(red, picked) >= TEXT_RATIO, contrast(red, picked)
