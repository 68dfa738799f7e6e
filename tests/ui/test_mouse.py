"""Mouse play with Pilot: click then click, a covered card's run, double-click, drag and drop,
illegal destinations, and hover — each highlight read off the drawn piles."""

from __future__ import annotations

from pathlib import Path

from textual import events

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, Pile
from freecell_tui.core.rules import legal_moves
from freecell_tui.core.state import GameState
from freecell_tui.ui.board.board import Board
from freecell_tui.ui.board.gestures import Pending, Play, Say

from .helpers import (
    SIZE,
    background_on,
    changed_piles,
    colour_on,
    column,
    drawn_top,
    game,
    look,
    looks,
    make_app,
    message,
    pile_widget,
    status_text,
    theme_colour,
    tone,
    wait_for,
)
from .positions import run_game


async def test_click_a_card_then_a_pile(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        plain = looks(app)
        # Deal 1, column 3 at 100x32: seven cards two lines apart, the top one (2♥) from line 13.
        await pilot.click("#col-3", offset=(3, 13))
        assert changed_piles(app, plain) == {"col-3", "cell-a", "cell-b", "cell-c", "cell-d"}
        await pilot.click("#cell-b", offset=(3, 2))
        assert drawn_top(pile_widget(app, "cell-b")) == "2♥"
        assert message(app) == "3b: 2♥ to free cell b"


async def test_each_gesture_of_the_mouse_posts_what_it_came_to_once(tmp_path: Path) -> None:
    """A click is one message to the screen, with what it came to in order: the pick-up's
    status and words, then the drop's move (posted once: each is said or played once)."""
    posted: dict[int, Board.Gestured] = {}  # a message bubbling up is seen at each widget

    def hook(message: object) -> None:
        if isinstance(message, Board.Gestured):
            posted.setdefault(id(message), message)

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, message_hook=hook) as pilot:
        await pilot.click("#col-3", offset=(3, 13))
        await pilot.click("#cell-b", offset=(3, 2))
        await wait_for(pilot, lambda: len(game(app).moves) == 1, "3b played")
        assert game(app).moves == (Move.parse("3b"),)
    assert [message.news for message in posted.values()] == [
        (Pending("3 (2♥) → ?"), Say("Picked up from column 3. It may go to: a b c d.")),
        (Play(Move.parse("3b")),),
    ]


async def test_click_on_the_picked_up_pile_puts_it_down(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        plain = looks(app)
        await pilot.click("#col-3", offset=(3, 14))
        # Not a double click: Textual chains clicks only at the same place.
        await pilot.click("#col-3", offset=(3, 0))
        assert message(app) == "Put down."
        assert changed_piles(app, plain) == set()
        assert game(app).move_count == 0


async def test_click_on_a_covered_card_picks_up_its_run_or_says_why_not(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=run_game())
    async with app.run_test(size=SIZE) as pilot:
        column_1 = pile_widget(app, "col-1")
        unpicked = background_on(column_1, "2♦")
        await pilot.click("#col-1", offset=(3, 3))  # 9♠, under 8♥ 7♣
        assert "1 (9♠–7♣, 3 cards; +/− to change) → ?" in status_text(app)
        # The three picked-up cards are drawn on the selection's colour; 2♦ is not.
        picked = background_on(column_1, "9♠")
        assert picked != unpicked and len(picked) == 1
        assert background_on(column_1, "8♥") == picked == background_on(column_1, "7♣")
        assert background_on(column_1, "2♦") == unpicked
        await pilot.click("#col-2", offset=(3, 1))
        assert column(app, 2) == ("9S", "8H", "7C")
        assert column(app, 1) == ("2D",)
        await pilot.press("u")
        plain = looks(app)
        await pilot.click("#col-1", offset=(3, 1))  # 2♦, under 9♠: not part of the run
        assert changed_piles(app, plain) == set()
        assert message(app) == (
            "2♦ cannot move with the cards on it: only the top 3 cards of column 1 (9♠ 8♥ 7♣) "
            "form a run"
        )
        assert tone(app) == "error"


async def test_an_illegal_destination_or_a_foundation_first_is_refused(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        before = game(app)
        await pilot.click("#col-6", offset=(3, 11))  # 3♦
        await pilot.click("#col-8", offset=(3, 12))  # onto 10♣
        assert game(app) is before
        assert message(app) == "3♦ cannot go on 10♣: ranks must step down by one"
        assert tone(app) == "error"
        await pilot.click("#home-S", offset=(3, 2))
        assert message(app) == "cards never leave the foundations: pick a column or a free cell"
        assert tone(app) == "error"


async def test_a_key_read_with_a_click_acts_after_it(tmp_path: Path) -> None:
    """A terminal hands over a click and the key typed just after it in one read: the click
    picks 6♣ up, then c drops it on free cell c, in the order they came."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        column = pile_widget(app, "col-5")
        x, y = column.region.offset + (3, 12)  # 6♣, on top of column 5
        for button in (events.MouseDown, events.MouseUp):  # as the driver posts them
            app.post_message(button(column, x, y, 0, 0, 1, False, False, False, x, y))
        app.post_message(events.Key("c", "c"))
        await wait_for(pilot, lambda: game(app).move_count == 1, "the move")
        assert game(app).state.cells[2] == Card.parse("6C")
        assert message(app) == "5c: 6♣ to free cell c"


async def test_double_click_sends_a_card_home_or_to_a_free_cell(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=run_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.double_click("#col-8", offset=(3, 16))  # A♠, on top of column 8
        assert message(app) == "8h: A♠ home"
        assert drawn_top(pile_widget(app, "home-S")) == "A♠"
        await pilot.double_click("#col-1", offset=(3, 8))  # 7♣: not home yet
        assert message(app) == "1c: 7♣ to free cell c"
        assert drawn_top(pile_widget(app, "cell-c")) == "7♣"


async def test_drag_a_card_to_a_free_cell_and_one_off_the_piles(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-5", offset=(3, 12))  # 6♣
        await pilot.hover("#cell-c", offset=(3, 2))
        await pilot.mouse_up("#cell-c", offset=(3, 2))
        await pilot.pause()
        assert game(app).state.cells[2] == Card.parse("6C")
        assert drawn_top(pile_widget(app, "cell-c")) == "6♣"
        assert message(app) == "5c: 6♣ to free cell c"
        plain = looks(app)
        await pilot.mouse_down("#col-5", offset=(3, 10))  # 8♥
        await pilot.hover("#status", offset=(3, 0))
        await pilot.mouse_up("#status", offset=(3, 0))  # released off the piles
        await pilot.pause()
        assert game(app).move_count == 1
        assert message(app) == "Dropped off the piles: put down."
        assert changed_piles(app, plain) == set()


async def test_hover_shows_what_a_click_would_do(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=run_game())
    async with app.run_test(size=SIZE) as pilot:
        column_1 = pile_widget(app, "col-1")
        plain = background_on(column_1, "2♦")
        await pilot.hover("#col-1", offset=(3, 3))  # over 9♠: a click picks up 9♠ 8♥ 7♣
        hovered = background_on(column_1, "9♠")
        assert hovered != plain
        assert background_on(column_1, "7♣") == hovered and background_on(column_1, "2♦") == plain
        await pilot.click("#col-1", offset=(3, 3))
        column_2 = pile_widget(app, "col-2")
        await pilot.hover("#col-3", offset=(3, 1))
        target = look(column_2)  # a destination, the mouse elsewhere: an outline in its colour
        outline = colour_on(column_2, "┌╌")
        assert outline == {theme_colour(app, "card-target")}
        assert background_on(column_2, "┌╌") != outline
        await pilot.hover("#col-2", offset=(3, 1))
        # Under the mouse, the legal drop is drawn reversed: a block of the outline's colour.
        assert look(column_2) != target
        assert background_on(column_2, "┌╌") == outline
        await pilot.hover("#col-3", offset=(3, 1))
        assert look(column_2) == target


async def test_while_dragging_the_cards_and_their_destinations_are_shown_and_a_drag_back_puts_down(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, start=run_game())
    async with app.run_test(size=SIZE) as pilot:
        plain = looks(app)
        await pilot.mouse_down("#col-1", offset=(3, 5))  # 8♥ with 7♣
        await pilot.hover("#col-2", offset=(3, 2))
        await pilot.pause()
        assert message(app) == "Dragging 8♥–7♣ (2 cards): drop it on a pile. It may go to: 2."
        assert "1 (8♥–7♣, 2 cards; +/− to change) → ?" in status_text(app)
        # Drawn: the dragged cards, and the one pile they may go to, under the mouse (two cards
        # never go to a free cell): its outline reversed.
        assert changed_piles(app, plain) == {"col-1", "col-2"}
        column_2 = pile_widget(app, "col-2")
        assert background_on(column_2, "┌╌") == {theme_colour(app, "card-target")}
        await pilot.mouse_up("#col-2", offset=(3, 2))
        await pilot.pause()
        assert column(app, 2) == ("8H", "7C")
        assert changed_piles(app, plain) == {"col-1", "col-2"}  # put down, the cards moved
        # A drag back onto its own pile puts the cards down; a click after it is a click. (The
        # top card drags that card alone: 7♣ may go to a free cell, not onto 9♠.)
        await pilot.mouse_down("#col-2", offset=(3, 3))  # 7♣, on 8♥
        await pilot.hover("#col-2", offset=(4, 4))
        await pilot.pause()
        assert message(app) == "Dragging 7♣: drop it on a pile. It may go to: c d."
        await pilot.mouse_up("#col-2", offset=(4, 4))
        await pilot.pause()
        assert message(app) == "Put down."
        assert game(app).move_count == 1
        await pilot.click("#col-2", offset=(3, 3))
        assert message(app) == "Picked up from column 2. It may go to: c d."


async def test_a_card_that_can_go_nowhere_is_not_picked_up_and_says_so(tmp_path: Path) -> None:
    # Every free cell full (the kings); 5♠ on top of column 1, with no red six on a column's top
    # and no spade home: it can go nowhere.
    kings = tuple(Card.parse(code) for code in ("KC", "KD", "KH", "KS"))
    five = Card.parse("5S")
    rest = [c for c in ALL_CARDS if c not in kings and c != five]
    rest.sort(key=lambda card: (card.rank in (1, 6), card.rank))  # aces and sixes deep down
    columns = [tuple(reversed(rest[i::7])) for i in range(7)]
    state = GameState((*columns, (five,)), kings)
    assert not any(move.source == Pile.parse("8") for move in legal_moves(state))
    app = make_app(tmp_path, start=Game.from_position(state, autoplay=AutoplayMode.OFF))
    async with app.run_test(size=SIZE) as pilot:
        plain = looks(app)
        await pilot.click("#col-8", offset=(3, 2))  # 5♠, alone in column 8
        assert message(app) == (
            "5♠ can go nowhere now: it cannot go home, no column takes it and every free cell "
            "is full"
        )
        assert tone(app) == "error"
        assert changed_piles(app, plain) == set()  # nothing picked up
