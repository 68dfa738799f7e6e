"""The full-screen game of other games than classic FreeCell: Eight Off (eight cells) and
Seahaven Towers (ten columns) are played with their keys, refuse a move by their rule, are
chosen on the ``:`` line, and their keys and help are their own."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from textual.command import CommandPalette
from textual.widgets import OptionList

from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.variant import EIGHT_OFF, FREECELL, RELAXED_FREECELL, SEAHAVEN
from freecell_tui.store import Store
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.screens.help import HelpScreen
from freecell_tui.ui.widgets.footer import KeyFooter

from .helpers import (
    SIZE,
    game,
    lines,
    make_app,
    message,
    pile_widget,
    screen_lines,
    status_text,
    type_command,
    wait_for,
)


def _moves(app: object) -> list[str]:
    return [str(move) for move in game(app).moves]  # type: ignore[arg-type]


async def test_eight_off_plays_with_its_eight_cells_and_refuses_by_its_rule(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, variant=EIGHT_OFF)
    async with app.run_test(size=SIZE) as pilot:
        assert "Eight Off" in status_text(app)
        await pilot.press("c", "8")  # 9♣ from free cell c onto 10♣
        await pilot.press("7", "8")  # then 8♣ onto it
        await pilot.press("2", "k")  # 8♠ to the eighth free cell, k
        assert _moves(app) == ["c8", "78", "2k"]
        assert game(app).state.cells[7] is not None
        assert "8♠" in "".join(lines(pile_widget(app, "cell-k")))
        await pilot.press("e", "6")  # 2♥ onto 3♦: Eight Off builds by suit
        assert message(app) == "2♥ cannot go on 3♦: in Eight Off a column builds down in suit"
        assert _moves(app) == ["c8", "78", "2k"]
        await pilot.press("escape", "9")  # Eight Off has eight columns
        assert message(app) == "Eight Off has no column 9"


async def test_seahaven_names_its_tenth_column_by_its_key_0_on_the_board(tmp_path: Path) -> None:
    """The board names piles by the keys that pick them: column 10 is 0 above the column, in
    the status line and in the message of a move typed with it; the moves on record (and the
    words "column 10") stay as notation writes them."""
    app = make_app(tmp_path, variant=SEAHAVEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        column_10 = pile_widget(app, "col-10")
        assert column_10.header == "0"
        assert lines(column_10)[0].strip() == "0"  # its header, drawn above it
        await pilot.press("0")
        assert "0 (9♣) → ?" in status_text(app)
        assert message(app).startswith("Picked up from column 10.")
        await pilot.press("a")
        assert message(app) == "0a: 9♣ to free cell a"
        assert _moves(app) == ["10a"]


async def test_seahaven_plays_its_tenth_column_with_0(tmp_path: Path) -> None:
    app = make_app(tmp_path, variant=SEAHAVEN)
    async with app.run_test(size=SIZE) as pilot:
        assert "Seahaven Towers" in status_text(app)
        await pilot.press("7", "0")  # 8♣ onto column 10's 9♣
        await pilot.press("0", "8")  # and the two of them onto 10♣
        assert _moves(app) == ["710", "108v2"]
        assert [card.code for card in game(app).state.columns[7][-3:]] == ["TC", "9C", "8C"]
        await pilot.press("b", "6")
        assert message(app) == (
            "2♥ cannot go on 3♦: in Seahaven Towers a column builds down in suit"
        )
        await pilot.press("escape", "e")  # four cells: a to d
        assert message(app) == "Seahaven Towers has no free cell e"


async def test_a_hint_in_seahaven_towers_is_a_move_by_its_rules(tmp_path: Path) -> None:
    app = make_app(tmp_path, variant=SEAHAVEN, check=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        await wait_for(pilot, lambda: "Hint" in message(app), "the hint")
        assert message(app).startswith("Hint"), message(app)
        assert "solver does not know" not in status_text(app)
        assert not game(app).moves  # a hint plays nothing


async def test_a_game_is_chosen_on_the_command_line(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await type_command(pilot, "new eight-off 5")
        assert game(app).start.variant == EIGHT_OFF and game(app).deal_number == 5
        assert message(app) == "Eight Off, deal 5. Good luck!"
        await pilot.press("c", "h")  # a move under way: the next new game asks first
        await type_command(pilot, "game seahaven")
        await pilot.press("y")
        assert game(app).start.variant == SEAHAVEN
        assert len(game(app).state.columns) == 10
        # The board lays the new game out: ten columns drawn, Eight Off's cells e to k gone.
        await pilot.pause()
        assert lines(pile_widget(app, "col-10"))[0].strip() == "0"  # named by its key
        assert pile_widget(app, "col-10").region.width > 0
        assert pile_widget(app, "cell-e").region.width == 0
        await type_command(pilot, "game freecell")
        assert game(app).start.variant == FREECELL
        assert "Eight Off" not in status_text(app) and "Seahaven" not in status_text(app)
        await type_command(pilot, "new klondike")
        assert message(app).startswith("'klondike' is not a deal number")
        assert "or a game's name: the games are freecell, bakers, ko-bakers-game" in message(app)
        assert game(app).start.variant == FREECELL


async def test_a_refused_move_to_an_empty_column_says_only_kings_fill_it(tmp_path: Path) -> None:
    # Seahaven deal 1 with column 10 emptied: its K♣ laid on column 2, the rest on column 1.
    dealt = deal(1, SEAHAVEN)
    columns = list(dealt.columns)
    king, *rest = columns[9]
    columns[0], columns[1], columns[9] = columns[0] + tuple(rest), columns[1] + (king,), ()
    start = Game.from_position(replace(dealt, columns=tuple(columns)))
    app = make_app(tmp_path, None, start)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9", "0")  # column 9's 6♠ to the empty column 10
        assert message(app).startswith(
            "6♠ cannot go to empty column 10: in Seahaven Towers only a king"
        )
        assert not game(app).moves
        await pilot.press("escape", "2", "0")  # column 2 ends in K♣: a king may
        assert _moves(app) == ["210"]


async def test_the_palette_offers_a_new_game_of_each_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        for character in "new game: eight off":
            await pilot.press("space" if character == " " else character)
        await wait_for(pilot, lambda: _palette_offers(app, "New game: Eight Off"), "the entry")
        await pilot.press("enter")
        await wait_for(pilot, lambda: game(app).start.variant == EIGHT_OFF, "an Eight Off deal")
        assert message(app) == "Eight Off, deal 617. Good luck!"  # the tests' random deal


def _palette_offers(app: FreeCellApp, title: str) -> bool:
    """The palette's highlighted option is ``title``."""
    palette = app.screen
    if not isinstance(palette, CommandPalette):
        return False
    options = palette.query_one(OptionList)
    index = options.highlighted
    return index is not None and title in str(options.get_option_at_index(index).prompt)


async def test_the_resume_prompt_names_the_game_and_draws_all_its_piles(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    left = Game.new(3, variant=SEAHAVEN).play(Move.parse("1a", SEAHAVEN))
    store.autosaves.save(left, 12.0)
    store.close()
    app = make_app(tmp_path, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        summary = " ".join(lines(screen.query_one("#summary")))
        assert summary.strip().startswith("Deal 3 of Seahaven Towers: 1 move")
        preview = [line.rstrip() for line in lines(screen.query_one("#preview"))]
        # The columns' first row: ten cards, none cut off.
        assert len(preview[2].split()) == 10
        await pilot.press("enter")
        assert game(app).start.variant == SEAHAVEN and game(app) == left


async def test_every_cell_of_eight_off_is_reached_by_its_key(tmp_path: Path) -> None:
    """Eight Off's cells a–g and k each answer their key, f included: f picks up from cell
    f there, and x sends a card home or to a free cell (the footer shows x, not f)."""
    app = make_app(tmp_path, variant=EIGHT_OFF)
    async with app.run_test(size=SIZE) as pilot:
        for cell in "aceg":  # dealt a card each: the key picks it up
            await pilot.press(cell)
            assert message(app).startswith(f"Picked up from free cell {cell}."), message(app)
            await pilot.press("escape")
        for cell in "bdfk":  # empty: the key drops column 2's top card there
            await pilot.press("2", cell)
        assert _moves(app) == ["2b", "2d", "2f", "2k"]
        assert all(card is not None for card in game(app).state.cells)
        await pilot.press("f")
        assert message(app).startswith("Picked up from free cell f."), message(app)
        await pilot.press("escape")
        await pilot.pause()
        footer_keys = {key.key: key.description for _, key in footer(app).shown()}
        assert footer_keys.get("x") == "Home/cell" and "f" not in footer_keys


def footer(app: FreeCellApp) -> KeyFooter:
    return app.screen.query_one(KeyFooter)


async def test_x_sends_home_in_every_game_and_f_in_classic(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "x")  # deal 1: column 1's top card to a free cell
        await pilot.press("2", "f")
        assert _moves(app) == ["1a", "2b"]
        await pilot.pause()
        footer_keys = {key.key: key.description for _, key in footer(app).shown()}
        assert footer_keys.get("f") == "Home/cell" and "x" not in footer_keys


async def test_help_names_the_keys_and_rules_of_the_game_played(tmp_path: Path) -> None:
    for variant, pile_keys, quick_keys, rule in (
        (FREECELL, "1–8  a–d  h", "f  x", "build down in alternating colours"),
        (SEAHAVEN, "1–9  0  a–d  h", "f  x", "build down in the same suit"),
        (EIGHT_OFF, "1–8  a–g  k  h", "x", "only a king (or a run from a king)"),
    ):
        app = make_app(tmp_path / variant.key, variant=variant)
        async with app.run_test(size=(100, 150)) as pilot:  # the whole help on the screen
            await pilot.press("question_mark")
            await wait_for(pilot, lambda app=app: isinstance(app.screen, HelpScreen), "the help")
            await pilot.pause()
            # What the help shows, a line each, inside its frame (after its border and a
            # blank), and the keys column: two blanks, then 15 columns.
            inside = [line.partition("█")[2][1:] for line in screen_lines(app)]
            shown = [line.strip(" █▀▄") for line in inside]
            keys = [line[2:17].strip() for line in inside]
            # A key too long for its column wraps; it never runs into its text.
            rows = [
                line for line in inside[: shown.index("More (click a link)")] if line[:2] == "  "
            ]
            assert rows and all(line[17] == " " for line in rows)
            assert ":winnable" in keys and "on|off" in keys
            assert pile_keys in keys and quick_keys in keys, variant
            assert not any("1–8  a–d  h  9" in line for line in shown)
            assert any(rule in line for line in shown), variant
            assert f"Rules of {variant.name}" in shown


async def test_eight_offs_twelve_top_piles_show_a_ten_whole_at_64_columns(tmp_path: Path) -> None:
    """At 64×24 Eight Off's top row is twelve piles: each is 5 columns wide, and a ten in a free
    cell keeps its right edge (it was cut to ``b 10♣``, running into cell c's key) and the blank
    after its key (``b10♣▕`` read as a key ``b1``): it is written by its code, ``T``."""
    app = make_app(tmp_path, variant=EIGHT_OFF)
    async with app.run_test(size=(64, 24)) as pilot:
        await pilot.press("8", "b")  # deal 1: column 8's 10♣ to free cell b
        assert _moves(app) == ["8b"]
        await pilot.pause()
        cell = pile_widget(app, "cell-b")
        assert lines(cell)[0] == "b T♣▕"
        assert lines(pile_widget(app, "cell-c"))[0] == "c 9♣▕"
        regions = [pile_widget(app, f"cell-{key}").region for key in "abcdefgk"]
        assert all(region.width == 5 for region in regions)
        assert all(a.right <= b.x for a, b in zip(regions, regions[1:], strict=False))


async def test_the_status_says_any_run_moves_in_a_relaxed_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, variant=RELAXED_FREECELL)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Run any" in status_text(app) and "≤" not in status_text(app)
    app = make_app(tmp_path / "classic", variant=FREECELL)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Run ≤5" in status_text(app)


async def test_eight_offs_free_cells_keep_a_blank_after_their_key(tmp_path: Path) -> None:
    """A free cell's key is followed by a blank before its card at every size the board fits: a
    ten too (at 80 columns the twelve piles are six wide, ``b 10♣▕``; at 64 there is no room
    for ``10``: the ten is written by its code, ``T``)."""
    app = make_app(tmp_path, variant=EIGHT_OFF)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("8", "b")  # deal 1: column 8's 10♣ to free cell b
        assert _moves(app) == ["8b"]
        for size, ten in (((80, 24), "b 10♣"), ((64, 24), "b T♣"), ((100, 32), "10♣")):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            board = app.game_screen.board
            top = "".join(screen_lines(app)[board.region.y : board.region.y + 3])
            assert ten in top, (size, top)
            assert not re.findall(r"\b[a-gk]\S", top), (size, top)
