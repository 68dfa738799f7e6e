"""Keyboard play with Pilot: notation keys, cancel, the run count, the cursor, undo/redo,
restart, new game, the command line and help."""

from __future__ import annotations

from pathlib import Path

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Card
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.state import GameState
from freecell_tui.ui.screens.dialogs import ConfirmScreen, StuckScreen, WinScreen
from freecell_tui.ui.screens.help import HelpScreen
from freecell_tui.ui.selection import Selection

from .helpers import SIZE, board, column, make_app, message, pile
from .positions import near_stuck_game, near_won_game


async def test_notation_keys_move_a_card_and_say_what_moved(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        assert board(app).selection == Selection(pile("3"))
        assert "3 (2♥) → ?" in board(app).status.pending
        assert board(app).query_one("#col-3").selected == 1
        assert board(app).query_one("#cell-a").target
        await pilot.press("a")
        assert board(app).game.state.cells[0] == Card.parse("2H")
        assert column(app, 3)[-1] == "8D"
        assert message(app) == "3a: 2♥ to free cell a"
        assert board(app).status.moves == 1
        assert board(app).selection is None


async def test_a_refused_move_says_why_and_changes_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        before = board(app).game
        await pilot.press("6", "8")
        assert board(app).game is before
        assert message(app) == "3♦ cannot go on 10♣: ranks must step down by one"
        assert board(app).message.tone == "error"
        await pilot.press("h")
        assert "h is a destination" in message(app)
        await pilot.press("a")
        assert message(app) == "free cell a is empty: there is no card to pick up"


async def test_escape_and_the_same_key_put_the_card_down(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        assert board(app).selection is not None
        await pilot.press("escape")
        assert board(app).selection is None
        assert board(app).status.pending == ""
        await pilot.press("5", "5")
        assert board(app).selection is None
        assert board(app).game.move_count == 0


async def test_run_count_to_an_empty_column(tmp_path: Path) -> None:
    # Column 1 holds a run 9♠ 8♥ 7♣ on 2♦; column 2 is empty; two free cells are free.
    cards = [Card.parse(c) for c in ("2D", "9S", "8H", "7C")]
    rest = [c for c in _all_cards() if c not in cards and c.code not in ("KC", "KD")]
    columns = [tuple(cards), ()] + [tuple(rest[i::6]) for i in range(6)]
    state = GameState(tuple(columns), (Card.parse("KC"), Card.parse("KD"), None, None))
    game = Game.from_position(state, autoplay=AutoplayMode.OFF)
    app = make_app(tmp_path, start=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        # The longest run that may move to the empty column: (2 + 1) × 2^0 = 3.
        assert board(app).query_one("#col-1").selected == 3
        await pilot.press("minus")
        assert board(app).selection == Selection(pile("1"), 2)
        assert "2 cards" in board(app).status.pending
        await pilot.press("2")
        assert column(app, 2) == ("8H", "7C")
        assert board(app).game.turns[-1].move == Move.parse("12v2")
        await pilot.press("u", "1", "2")  # the default: the longest movable run
        assert column(app, 2) == ("9S", "8H", "7C")


def _all_cards() -> list[Card]:
    from freecell_tui.core.cards import ALL_CARDS

    return list(ALL_CARDS)


async def test_cursor_picks_up_and_drops(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")  # shows the cursor on column 1
        assert board(app).cursor == (1, 0)
        assert board(app).query_one("#col-1").cursor
        await pilot.press("right", "right", "space")  # column 3: pick up 2♥
        assert board(app).selection == Selection(pile("3"))
        await pilot.press("up", "left", "left", "left", "enter")  # free cell a
        assert board(app).game.state.cells[0] == Card.parse("2H")
        await pilot.press("down", "right", "right", "right", "right", "f")
        # f on column 5 (6♣): not home, so to the first empty free cell, b.
        assert board(app).game.state.cells[1] == Card.parse("6C")
        assert message(app) == "5b: 6♣ to free cell b"


async def test_quick_move_sends_home_first(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=near_won_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "f")
        assert board(app).game.state.is_won
        assert isinstance(app.screen, WinScreen)


async def test_undo_redo_and_restart(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a", "6", "b")
        assert board(app).game.move_count == 2
        await pilot.press("u")
        assert board(app).game.move_count == 1
        assert message(app).startswith("Undid 6b")
        await pilot.press("ctrl+z")
        assert board(app).game.state == board(app).game.start
        await pilot.press("ctrl+y")
        assert board(app).game.state.cells[0] == Card.parse("2H")
        await pilot.press("ctrl+y", "r")
        assert board(app).game.move_count == 0
        assert len(board(app).game.redo_tail) == 2
        await pilot.press("ctrl+y", "ctrl+y")
        assert board(app).game.move_count == 2


async def test_new_game_asks_first_when_a_game_is_under_way(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a", "n")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert board(app).game.deal_number == 1
        assert board(app).game.move_count == 1
        await pilot.press("n", "y")
        await pilot.pause()
        assert board(app).game.move_count == 0
        assert board(app).game.deal_number != 1 or board(app).game.turns == ()


async def test_command_line_runs_moves_and_commands(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        assert board(app).command_line.has_focus
        await pilot.press(*"t2c 3 1", "enter")
        assert board(app).game.state.cells[0] == Card.parse("2H")
        assert not board(app).command_line.has_focus
        await pilot.press("colon", *"autoplay off", "enter")
        assert board(app).game.autoplay is AutoplayMode.OFF
        assert board(app).status.autoplay == "off"
        await pilot.press("colon", *"undo", "enter")
        assert board(app).game.move_count == 0
        await pilot.press("colon", *"stats", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "StatsScreen"
        await pilot.press("escape")
        await pilot.press("colon", *"xyzzy", "enter")
        assert "not a command" in message(app)
        await pilot.press("colon", *"deal 617", "enter")
        assert board(app).game.deal_number == 617
        await pilot.press("colon", *"3a", "escape")
        assert board(app).game.move_count == 0  # Escape runs nothing


async def test_a_dead_end_offers_undo(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=near_stuck_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "d")
        assert isinstance(app.screen, StuckScreen)
        await pilot.press("u")
        assert board(app).game.move_count == 0
        assert not isinstance(app.screen, StuckScreen)


async def test_win_screen_offers_a_new_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=near_won_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "h")
        assert isinstance(app.screen, WinScreen)
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, WinScreen)
        assert board(app).game.deal_number is not None
        assert board(app).game.move_count == 0


async def test_help_opens_on_question_mark_and_f1(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("question_mark", "f1"):
            await pilot.press(key)
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            assert not isinstance(app.screen, HelpScreen)


async def test_q_quits_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a", "q")
        await pilot.pause()
    assert app.return_code == 0
