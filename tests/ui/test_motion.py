"""Motion, read off the screen and the stage: a move glides from its source to
its destination, a key during the motion puts every card in its place at once and acts (undo
too), the drag image follows the pointer and slides back when the drop is refused, a win plays
the cascade until a key, and motion
is off with ``TEXTUAL_ANIMATIONS=none``, ``animation_level`` and the *Motion* setting. (The timing
of a turn's flights is tested without a terminal in ``test_flights.py``.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Card
from freecell_tui.core.game import Game
from freecell_tui.core.state import GameState
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.screens.dialogs import WinScreen

from .helpers import (
    SIZE,
    drawn_top,
    game,
    make_app,
    message,
    pile_widget,
    screen_lines,
    stored_turns,
    the_board,
    wait_for,
)
from .positions import near_won_game, tall_column_game


def _moving_app(tmp_path: Path) -> FreeCellApp:
    app = make_app(tmp_path)
    app.animation_level = "full"  # make_app turns motion off for every other test
    return app


def _stage_text(app: FreeCellApp) -> str:
    stage = the_board(app).stage
    return "\n".join(stage.render_line(y).text for y in range(stage.size.height))


async def test_a_move_glides_and_a_key_during_it_acts_at_once(tmp_path: Path) -> None:
    app = _moving_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board = the_board(app)
        now = [0.0]
        board.clock = lambda: now[0]  # the motion's time stands still until moved on
        app.game_screen.run_command("3a")  # as the : line plays it (Pilot would wait it out)
        # A glide is drawn by the widgets it crosses: no stage shown (no layout), nothing else.
        assert board.moving and not board.stage.visible
        assert stored_turns(tmp_path) == [["3a"]]  # on disk before any card moves
        (start,) = board.flying
        now[0] = 0.05  # the next frame (the motion's timer) draws the card further on
        await wait_for(pilot, lambda: board.flying[0] != start, "the glide's next frame")
        (later,) = board.flying
        # On its way from column 3 (x 27) to free cell a (x 3, y 1).
        assert later.x < start.x and later.y < start.y
        # Drawn where it is, over the piles and the gaps between them: the card's top line on
        # the screen holds 2♥ from its left edge (the card is not yet in free cell a, and no
        # longer on column 3).
        top = screen_lines(app)[board.region.y + later.y]
        left = board.region.x + later.x
        assert top[left : left + board.geometry.pile_width].lstrip("╭ ").startswith("2♥")
        # Whole, gaps between piles included (the piles' widgets tile the board there).
        lines = screen_lines(app)
        for row, picture in enumerate(later.lines):
            line = lines[board.region.y + later.y + row]
            assert line[left : left + picture.cell_length] == picture.text
        assert drawn_top(pile_widget(app, "cell-a")) == ""
        assert drawn_top(pile_widget(app, "col-3")) == "8♦"
        # Only the lines the card crossed were drawn again: column 4, out of its way, keeps
        # its lines and has no flying card over it.
        assert pile_widget(app, "col-4").overlay == ()
        await pilot.press("u")  # during the motion: it ends at once and the undo acts
        assert game(app).move_count == 0
        assert message(app).startswith("Undid 3a")
        assert not board.moving and not board.stage.visible and board.flying == ()
        assert all(not pile_widget(app, f"col-{n}").overlay for n in range(1, 9))
        assert "2♥" not in screen_lines(app)[board.region.y + later.y]  # no card left behind
        assert drawn_top(pile_widget(app, "cell-a")) == ""
        assert drawn_top(pile_widget(app, "col-3")) == "2♥"
        # A key that moves during a motion: the first move lands, the second plays.
        app.game_screen.run_command("3a")
        await pilot.press("6", "b")
        assert game(app).move_count == 2
        now[0] = 1.0  # 6b's glide is over
        await wait_for(pilot, lambda: not board.moving, "the end of 6b's glide")
        assert drawn_top(pile_widget(app, "cell-a")) == "2♥"
        assert drawn_top(pile_widget(app, "cell-b")) == "3♦"


async def test_a_glide_leaves_the_gaps_between_piles_the_boards_colour(tmp_path: Path) -> None:
    """Issue 37: a pile's card lines end at the card; with a gliding card over the pile, the
    rest of the line (the gap up to the next pile) was padded with no colour, drawn in the
    terminal's own background (black in the browser) and left there after the card had gone."""
    app = _moving_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board = the_board(app)
        now = [0.0]
        board.clock = lambda: now[0]
        app.game_screen.run_command("3a")
        (start,) = board.flying
        now[0] = 0.05
        await wait_for(pilot, lambda: board.flying[0] != start, "the glide's next frame")
        crossed = [pile_widget(app, f"col-{n}") for n in range(1, 9)]
        crossed = [widget for widget in crossed if widget.overlay]
        assert crossed  # column 3, at least: the card leaves it
        for widget in crossed:
            rows = {y for sprite in widget.overlay for y in range(sprite.y, sprite.region.bottom)}
            for y in sorted(rows & set(range(widget.size.height))):
                line = widget.render_line(y)
                assert line.cell_length == widget.size.width
                assert all(s.style is not None and s.style.bgcolor for s in line), (widget, y)


async def test_the_drag_image_follows_the_pointer_and_slides_back_when_refused(
    tmp_path: Path,
) -> None:
    app = _moving_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board = the_board(app)
        await pilot.mouse_down("#col-5", offset=(3, 12))  # 6♣, the top card of column 5
        await pilot.hover("#col-5", offset=(5, 13))
        await pilot.pause()
        first = board.stage.sprites[-1]
        assert board.stage.visible and "6♣" in first.lines[0].text
        # Drawn where the pointer holds it: 6♣'s top-left corner is where it was picked up
        # (column 5, line 11), moved as far as the pointer (2 right, 1 down).
        layout = board.geometry
        assert (first.x, first.y) == (layout.pile_x(4) + 2, layout.tableau_y + 11 + 1)
        assert "6♣" in _stage_text(app)
        # (The pointer is placed on the board, by the layout's numbers.)
        column_8 = (layout.pile_x(7) + 4, layout.tableau_y + 16)
        await pilot.hover("#board", offset=column_8)
        moved = board.stage.sprites[-1]
        # The picture moved as far as the pointer did (column 5 to column 8: three piles).
        step = layout.pile_width + layout.gap
        assert (moved.x - first.x, moved.y - first.y) == (3 * step + 4 - 5, 16 - 13)
        await pilot.mouse_up("#board", offset=column_8)
        assert message(app) == "6♣ cannot go on 10♣: ranks must step down by one"
        assert game(app).move_count == 0
        await wait_for(pilot, lambda: not board.moving, "the end of the slide back")
        assert drawn_top(pile_widget(app, "col-5")) == "6♣"


async def test_motion_is_off_with_the_setting_and_the_animation_level(tmp_path: Path) -> None:
    app = _moving_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board = the_board(app)
        await app.game_screen.run_action("motion")
        await pilot.pause()
        assert not app.settings.motion  # remembered
        app.game_screen.run_command("3a")
        assert not board.moving and drawn_top(pile_widget(app, "cell-a")) == "2♥"
        await app.game_screen.run_action("motion")
        app.animation_level = "none"
        app.game_screen.run_command("6b")
        assert not board.moving and drawn_top(pile_widget(app, "cell-b")) == "3♦"
        await pilot.pause()


_PLAY_ONE_MOVE = """
import asyncio, sys, tempfile
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Card
from freecell_tui.core.game import Game
from freecell_tui.core.state import GameState
from freecell_tui.ui.app import FreeCellApp

async def main():
    app = FreeCellApp(deal=1, data_dir=tempfile.mkdtemp(), clock=lambda: 0.0)
    async with app.run_test(size=(100, 32)):
        app.game_screen.run_command("3a")
        print(app.game_screen.board.moving)

asyncio.run(main())
"""


def test_textual_animations_none_turns_motion_off(tmp_path: Path) -> None:
    def moving(animations: str) -> str:
        env = {"TEXTUAL_ANIMATIONS": animations, "HOME": str(tmp_path), "PATH": ""}
        out = subprocess.run(
            [sys.executable, "-c", _PLAY_ONE_MOVE],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        )
        return out.stdout.strip()

    assert moving("full") == "True"
    assert moving("none") == "False"


async def test_a_win_plays_the_cascade_and_any_key_stops_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=near_won_game())
    app.animation_level = "full"
    async with app.run_test(size=SIZE) as pilot:
        board = the_board(app)
        app.game_screen.run_command("1h")  # the last card home: a win
        assert game(app).state.is_won  # saved before anything moves
        # The kings leave first and bounce, leaving their trail on the board: many more card
        # corners than the four foundations hold.
        await wait_for(pilot, lambda: _stage_text(app).count("╭") > 12, "the cascade's trail")
        assert board.moving and board.stage.visible and "K" in _stage_text(app)
        # The stage covers the whole board: the piles under it are not drawn meanwhile.
        assert pile_widget(app, "home-S").region.height == 0
        assert not isinstance(app.screen, WinScreen)
        await pilot.press("x")  # any key: the cascade stops, the dialog shows (x does nothing)
        await pilot.pause()
        assert not board.moving and not board.stage.visible
        assert drawn_top(pile_widget(app, "home-S")) == "K♠"  # the piles are back
        assert pile_widget(app, "home-S").region.height > 0
        assert isinstance(app.screen, WinScreen)


async def test_a_screen_over_the_board_lands_the_moving_cards(tmp_path: Path) -> None:
    app = _moving_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board = the_board(app)
        board.clock = lambda: 0.0  # the glide would never end by itself
        app.game_screen.run_command("3a")
        assert board.moving
        await app.game_screen.run_action("help")  # (a dialog a move opens does the same)
        await pilot.pause()
        assert app.screen is not app.game_screen
        # No glide under the dialog (it repainted the dimmed board at every frame).
        assert not board.moving and not board.stage.visible
        assert drawn_top(pile_widget(app, "cell-a")) == "2♥"


FIVE = Card.parse("5C")


async def test_a_dragged_run_is_drawn_as_squeezed_as_in_its_column(tmp_path: Path) -> None:
    """At 80×24 a long column shows its covered cards a line each: the run in the hand keeps
    those steps (it was drawn as a column of its own, taller than where it came from)."""
    tall = tall_column_game().state  # column 1: 19 cards, K♠ down to 2♥ on top
    columns = [[card for card in column if card != FIVE] for column in tall.columns]
    columns[7].append(FIVE)  # 4♥ 3♠ 2♥ may go onto 5♣: the run can be picked up
    start = GameState(tuple(map(tuple, columns)), tall.cells, tall.foundations)
    start.validate()
    app = make_app(tmp_path, start=Game.from_position(start, autoplay=AutoplayMode.OFF))
    app.animation_level = "full"
    async with app.run_test(size=(80, 24)) as pilot:
        board = the_board(app)
        layout = board.geometry
        rows = layout.column_rows(19)
        assert layout.compact and rows[-1] - rows[-3] < 2 * layout.max_step  # squeezed
        await pilot.mouse_down("#col-1", offset=(3, rows[-3]))  # 4♥, under 3♠ and 2♥
        await pilot.hover("#col-1", offset=(5, rows[-3] + 1))
        await pilot.pause()
        held = board.stage.sprites[-1]
        assert "4♥" in held.lines[0].text and "2♥" in held.lines[-1].text
        assert len(held.lines) == rows[-1] - rows[-3] + layout.card_height


async def test_pictures_of_moving_cards_follow_a_new_size(tmp_path: Path) -> None:
    """The card pictures kept from one motion to the next are drawn again when the look
    changes: a drag ended by a resize (no glide between) and a new drag draw the new size."""
    app = _moving_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board = the_board(app)
        await pilot.mouse_down("#col-5", offset=(3, 12))  # 6♣
        await pilot.hover("#col-5", offset=(5, 13))
        await pilot.pause()
        before = board.stage.sprites[-1].region.width
        assert before == board.geometry.pile_width
        await pilot.resize_terminal(200, 60)  # the drag ends: every card in its place
        await pilot.pause()
        assert not board.moving and board.geometry.pile_width != before
        top = board.geometry.column_rows(len(game(app).state.columns[4]))[-1]  # 6♣'s line
        await pilot.mouse_down("#col-5", offset=(3, top + 1))
        await pilot.hover("#col-5", offset=(5, top + 2))
        await pilot.pause()
        held = board.stage.sprites[-1]
        assert "6♣" in held.lines[0].text
        assert held.region.width == board.geometry.pile_width


async def test_a_move_sets_the_piles_looks_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move pressed on the board works out every pile's highlights once, not once for the
    gestures, once for the new cards and once for the hint."""
    import freecell_tui.ui.board.board as board_module

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        calls: list[int] = []
        real = board_module.compute_looks

        def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
            calls.append(1)
            return real(*args, **kwargs)

        monkeypatch.setattr(board_module, "compute_looks", counted)
        await pilot.press("3")
        calls.clear()
        await pilot.press("a")
        assert stored_turns(tmp_path) == [["3a"]]
        assert len(calls) == 1
