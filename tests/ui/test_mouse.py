"""Mouse play with Pilot: click then click, a covered card's run, double-click, drag and drop,
illegal destinations, hover."""

from __future__ import annotations

from pathlib import Path

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.core.game import Game
from freecell_tui.core.state import GameState
from freecell_tui.ui.selection import Selection

from .helpers import SIZE, board, column, make_app, message, pile


def run_game() -> Game:
    """Column 1: 2♦ then the run 9♠ 8♥ 7♣; column 2 empty; K♣ K♦ in free cells a and b."""
    run = [Card.parse(c) for c in ("2D", "9S", "8H", "7C")]
    rest = [c for c in ALL_CARDS if c not in run and c.code not in ("KC", "KD")]
    columns = [tuple(run), ()] + [tuple(rest[i::6]) for i in range(6)]
    state = GameState(tuple(columns), (Card.parse("KC"), Card.parse("KD"), None, None))
    return Game.from_position(state, autoplay=AutoplayMode.OFF)


async def test_click_a_card_then_a_pile(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        # Deal 1, column 3: seven cards, the top one (2♥) drawn from line 7.
        await pilot.click("#col-3", offset=(3, 8))
        assert board(app).selection == Selection(pile("3"))
        await pilot.click("#cell-b", offset=(3, 2))
        assert board(app).game.state.cells[1] == Card.parse("2H")
        assert message(app) == "3b: 2♥ to free cell b"


async def test_click_on_the_picked_up_pile_puts_it_down(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-3", offset=(3, 8))
        await pilot.pause(0.6)  # not a double click
        await pilot.click("#col-3", offset=(3, 0))
        assert board(app).selection is None
        assert board(app).game.move_count == 0


async def test_click_on_a_covered_card_picks_up_its_run(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=run_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=(3, 2))  # 9♠, under 8♥ 7♣
        assert board(app).selection == Selection(pile("1"), 3)
        assert board(app).query_one("#col-1").selected == 3
        await pilot.click("#col-2", offset=(3, 1))
        assert column(app, 2) == ("9S", "8H", "7C")
        assert column(app, 1) == ("2D",)


async def test_click_on_a_card_that_is_not_part_of_a_run_says_why(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=run_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=(3, 1))  # 2♦, under 9♠
        assert board(app).selection is None
        assert message(app).startswith("2♦ cannot move with the cards on it")


async def test_click_on_an_illegal_destination_says_why(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        before = board(app).game
        await pilot.click("#col-6", offset=(3, 7))  # 3♦
        await pilot.click("#col-8", offset=(3, 7))  # onto 10♣
        assert board(app).game is before
        assert message(app) == "3♦ cannot go on 10♣: ranks must step down by one"
        assert board(app).message.tone == "error"


async def test_double_click_sends_a_card_home_else_to_a_free_cell(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.double_click("#col-3", offset=(3, 8))  # 2♥: not home yet
        assert board(app).game.state.cells[0] == Card.parse("2H")
        assert board(app).selection is None


async def test_double_click_home(tmp_path: Path) -> None:
    from .positions import near_won_game

    app = make_app(tmp_path, start=near_won_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.double_click("#col-1", offset=(3, 2))
        assert board(app).game.state.is_won


async def test_drag_a_card_to_a_free_cell(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-5", offset=(3, 7))  # 6♣
        await pilot.hover("#cell-c", offset=(3, 2))
        await pilot.mouse_up("#cell-c", offset=(3, 2))
        await pilot.pause()
        assert board(app).game.state.cells[2] == Card.parse("6C")
        assert message(app) == "5c: 6♣ to free cell c"


async def test_drag_a_run_to_an_empty_column(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=run_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-1", offset=(3, 3))  # 8♥ with 7♣
        await pilot.hover("#col-2", offset=(3, 2))
        await pilot.mouse_up("#col-2", offset=(3, 2))
        await pilot.pause()
        assert column(app, 2) == ("8H", "7C")


async def test_hover_shows_what_a_click_would_do(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=run_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.hover("#col-1", offset=(3, 2))
        assert board(app).query_one("#col-1").hovered == 3
        await pilot.click("#col-1", offset=(3, 2))
        await pilot.hover("#col-2", offset=(3, 1))
        assert board(app).query_one("#col-2").hover_target
        await pilot.hover("#col-3", offset=(3, 1))
        assert not board(app).query_one("#col-2").hover_target


async def test_clicking_a_foundation_first_is_refused(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#home-S", offset=(3, 2))
        assert "never leave the foundations" in message(app)


async def test_while_dragging_the_cards_and_their_destinations_are_shown(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=run_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-1", offset=(3, 3))  # 8♥ with 7♣
        await pilot.hover("#col-2", offset=(3, 2))
        await pilot.pause()
        assert message(app).startswith("Dragging 8♥–7♣ (2 cards)")
        assert "8♥–7♣" in board(app).status.pending
        assert board(app).query_one("#col-1").selected == 2
        assert board(app).query_one("#col-2").hover_target  # a legal drop under the mouse
        await pilot.mouse_up("#col-2", offset=(3, 2))
        await pilot.pause()
        assert column(app, 2) == ("8H", "7C")
        assert board(app).selection is None


async def test_a_drag_back_onto_its_own_pile_puts_the_cards_down(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-5", offset=(3, 7))  # 6♣
        await pilot.hover("#col-5", offset=(4, 8))
        await pilot.pause()
        assert message(app).startswith("Dragging 6♣")
        await pilot.mouse_up("#col-5", offset=(4, 8))
        await pilot.pause()
        assert board(app).selection is None, message(app)
        assert board(app).game.move_count == 0
        await pilot.click("#col-5", offset=(3, 7))  # a click after the drag is a click
        assert board(app).selection is not None


async def test_a_drag_released_off_the_piles_is_called_off(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-5", offset=(3, 7))  # 6♣
        await pilot.hover("#status", offset=(3, 0))
        await pilot.mouse_up("#status", offset=(3, 0))
        await pilot.pause()
        assert board(app).selection is None
        assert board(app).game.move_count == 0
        assert "put down" in message(app)
