"""Keyboard play with Pilot: notation keys, cancel, the run count, the cursor, undo, redo,
restart, new game, the command line, the end of a game and quitting. What is picked up, where it
may go and where the cards are is read off the drawn board."""

from __future__ import annotations

from pathlib import Path

from freecell_tui.core.cards import Card
from freecell_tui.core.notation import Move
from freecell_tui.store import Store
from freecell_tui.ui.screens.dialogs import ConfirmScreen, StuckScreen, WinScreen
from freecell_tui.ui.screens.viewer import ViewerScreen

from .helpers import (
    RANDOM_DEAL,
    SIZE,
    Clock,
    changed_piles,
    colour_on,
    column,
    drawn_top,
    game,
    lines,
    looks,
    make_app,
    message,
    message_text,
    pile_widget,
    status_text,
    theme_colour,
    tone,
    type_command,
)
from .positions import near_stuck_game, near_won_game, run_game


async def test_notation_keys_pick_up_light_the_destinations_and_move(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        plain = looks(app)
        await pilot.press("3")
        # Drawn: column 3 (picked up) and the four free cells (where 2♥ may go), nothing else.
        assert changed_piles(app, plain) == {"col-3", "cell-a", "cell-b", "cell-c", "cell-d"}
        assert (
            status_text(app)
            == " Deal #1 · hard  Moves 0  Time 0:00  Autoplay safe  Run ≤5  3 (2♥) → ?"
        )
        assert message(app) == "Picked up from column 3. It may go to: a b c d."
        await pilot.press("a")
        assert drawn_top(pile_widget(app, "cell-a")) == "2♥"
        assert drawn_top(pile_widget(app, "col-3")) == "8♦"
        assert message(app) == "3a: 2♥ to free cell a"
        assert status_text(app) == " Deal #1 · hard  Moves 1  Time 0:00  Autoplay safe  Run ≤4"
        # Put down after the move: only the piles whose cards changed are drawn differently.
        assert changed_piles(app, plain) == {"col-3", "cell-a"}


async def test_the_message_is_drawn_in_the_colour_of_its_tone(tmp_path: Path) -> None:
    """A refusal in the theme's error colour, the next message in the plain one again (a tone's
    class is swapped and the line restyled once)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        line = app.game_screen.message
        await pilot.press("6", "8")
        assert tone(app) == "error"
        assert colour_on(line, "cannot go on") == {theme_colour(app, "text-error")}
        await pilot.press("5", "escape")
        assert (message(app), tone(app)) == ("Put down.", "info")
        assert colour_on(line, "Put down.") == {theme_colour(app, "foreground")}


async def test_a_refused_move_escape_or_the_same_key_put_the_card_down(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        before = game(app)
        plain = looks(app)
        await pilot.press("6", "8")
        assert game(app) is before
        assert message(app) == "3♦ cannot go on 10♣: ranks must step down by one"
        assert tone(app) == "error"
        assert changed_piles(app, plain) == set()  # put down again
        await pilot.press("h")
        assert message(app) == "h is a destination: first pick a pile"
        await pilot.press("a")
        assert message(app) == "free cell a is empty: there is no card to pick up"
        await pilot.press("5")
        assert changed_piles(app, plain)
        await pilot.press("escape")
        assert message(app) == "Put down."
        assert changed_piles(app, plain) == set()
        assert "→ ?" not in status_text(app)
        await pilot.press("5", "5")
        assert message(app) == "Put down."
        assert changed_piles(app, plain) == set()
        assert game(app) is before


async def test_run_count_to_an_empty_column(tmp_path: Path) -> None:
    # Column 1 holds the run 9♠ 8♥ 7♣ on 2♦; column 2 is empty; two free cells are free.
    app = make_app(tmp_path, start=run_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        # The longest run that may move to the empty column: (2 + 1) × 2^0 = 3.
        assert "1 (9♠–7♣, 3 cards; +/− to change) → ?" in status_text(app)
        await pilot.press("minus")
        assert message(app) == "2 cards of column 1 picked up (at most 3 may move now)."
        assert "1 (8♥–7♣, 2 cards; +/− to change) → ?" in status_text(app)
        await pilot.press("2")
        assert column(app, 2) == ("8H", "7C")
        assert game(app).turns[-1].move == Move.parse("12v2")
        await pilot.press("u", "1", "2")  # the default, as the notation's 12: one card
        assert column(app, 2) == ("7C",)
        await pilot.press("u", "1", "plus", "2")  # + from the default: the longest movable run
        assert column(app, 2) == ("9S", "8H", "7C")


async def test_cursor_picks_up_and_drops(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        plain = looks(app)
        await pilot.press("right")  # shows the cursor on column 1
        assert changed_piles(app, plain) == {"col-1"}
        assert lines(pile_widget(app, "col-1"))[0].strip() == "1"  # its key, highlighted
        await pilot.press("right", "right", "space")  # column 3: pick up 2♥
        assert "3 (2♥) → ?" in status_text(app)
        await pilot.press("up", "left", "left", "left", "enter")  # free cell a
        assert game(app).state.cells[0] == Card.parse("2H")
        await pilot.press("down", "right", "right", "right", "right", "f")
        # f on column 5 (6♣): not home, so to the first empty free cell, b.
        assert game(app).state.cells[1] == Card.parse("6C")
        assert message(app) == "5b: 6♣ to free cell b"


async def test_undo_redo_and_restart_say_what_they_did(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a", "6", "b")
        assert game(app).move_count == 2
        await pilot.press("u")
        assert game(app).move_count == 1
        assert message(app) == "Undid 6b (redo plays it again)."
        await pilot.press("ctrl+z")
        assert game(app).state == game(app).start
        assert "Moves 0" in status_text(app)
        await pilot.press("ctrl+y")
        assert message(app) == "Redid 3a."
        assert drawn_top(pile_widget(app, "cell-a")) == "2♥"
        await pilot.press("ctrl+y", "r")
        assert message(app) == "Back to the start: u takes the restart back."
        assert game(app).move_count == 0
        await pilot.press("u")
        assert message(app) == "Undid the restart: back where you were."
        assert game(app).move_count == 2


async def test_new_game_asks_first_when_a_game_is_under_way(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # nothing at stake: no question
        assert not isinstance(app.screen, ConfirmScreen)
        assert game(app).deal_number == RANDOM_DEAL
        assert message(app) == f"Deal {RANDOM_DEAL} (expert). Good luck!"
        await pilot.press("3", "a", "n")
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        assert question.question == "Start a new game?"
        assert question.detail == (
            f"Your game of deal {RANDOM_DEAL} (1 move) will be recorded as a loss."
        )
        await pilot.press("n")
        assert message(app) == "Carry on: your game goes on."
        assert game(app).move_count == 1
        await pilot.press("n", "y")
        assert game(app).move_count == 0
        assert message(app) == f"Deal {RANDOM_DEAL} (expert). Good luck!"


async def test_command_line_runs_moves_and_commands(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        message_line = app.game_screen.message
        at = message_line.region
        await pilot.press("colon")
        command_line = app.game_screen.command_line
        assert command_line.has_focus
        # The command line is drawn where the message line was; the message line is not drawn.
        assert command_line.region == at and message_line.region.height == 0
        await pilot.press(*"t2c 3 1", "enter")
        assert game(app).state.cells[0] == Card.parse("2H")
        assert message(app) == "3a: 2♥ to free cell a"
        assert not app.game_screen.command_line.has_focus
        await type_command(pilot, "autoplay off")  # typed quickly: no key is lost
        assert message(app) == "Autoplay off from now on."
        assert "Autoplay off" in status_text(app)
        await type_command(pilot, "32", end="escape")
        assert game(app).move_count == 1  # Escape runs nothing
        assert message_line.region == at and command_line.region.height == 0
        assert message_text(app) == message(app)  # the message line is back
        # The same words without the keys (the parser has its own tests).
        app.game_screen.run_command("undo")
        assert game(app).move_count == 0
        app.game_screen.run_command("xyzzy")
        assert message(app) == "'xyzzy' is not a command or a move: help lists the commands"
        assert tone(app) == "error"
        app.game_screen.run_command("moves")
        assert message(app) == "moves is for line mode: here, the board shows it all"
        before = game(app)
        app.game_screen.run_command("watch")  # this game, in the viewer
        await pilot.pause()
        assert isinstance(app.screen, ViewerScreen) and app.screen.replay.game == before
        await pilot.press("q")
        assert app.screen is app.game_screen and game(app) == before


async def test_a_dead_end_offers_undo(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=near_stuck_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "d")
        stuck = app.screen
        assert isinstance(stuck, StuckScreen)
        assert stuck.title_text == "No legal move left"
        await pilot.press("u")
        assert game(app).move_count == 0
        assert not isinstance(app.screen, StuckScreen)


async def test_f_sends_the_last_card_home_and_the_win_screen_offers_a_new_game(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, start=near_won_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "f")  # home first, when it can go home
        win = app.screen
        assert isinstance(win, WinScreen)
        assert win.title_text == "You won!"
        assert win.body_text == "You won a custom position in 1 move and 0:00."
        await pilot.press("n")  # a won game is recorded: nothing at stake, no question
        assert not isinstance(app.screen, WinScreen | ConfirmScreen)
        assert game(app).deal_number == RANDOM_DEAL and game(app).move_count == 0


async def test_q_quits_at_once_and_the_game_waits_with_its_time(tmp_path: Path) -> None:
    clock = Clock()
    app = make_app(tmp_path, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        clock.now += 42
        await pilot.press("q")
    assert app.return_code == 0
    found = Store.open(tmp_path).store.autosaves.offer().saved
    assert found is not None
    assert found.game.moves == (Move.parse("3a"),) and found.elapsed_seconds == 42


async def test_a_key_that_means_nothing_says_so_and_where_help_is(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("z", "j", "w"):
            await pilot.press(key)
            assert message(app) == f"{key} does nothing here: ? shows the keys"
        # The keys of the piles other games have say this game has none.
        for key, said in (("0", "column 10"), ("9", "column 9"), ("g", "free cell g")):
            await pilot.press(key)
            assert message(app) == f"FreeCell has no {said}"
        assert not game(app).moves


async def test_the_palette_lists_each_command_once_in_the_games_words(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE):
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Theme" in titles and "Keys and mouse" in titles and "Saved games" in titles
        assert "Keys" not in titles and "Quit" not in titles  # Textual's stock entries
        assert len(titles) == len(set(titles))


async def test_a_board_command_run_from_the_palette_is_done_before_it_returns(
    tmp_path: Path,
) -> None:
    """The palette runs the board's commands as actions, not keys: what each comes to (words,
    what is picked up, a move played and on disk) is done by the call that made it."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE):
        screen = app.game_screen
        await screen.run_action("cursor_act")  # the first shows the cursor, on column 1
        assert message(app).startswith("Arrows move the cursor;")
        await screen.run_action("cursor(0, 2)")  # column 3: 2♥
        await screen.run_action("cursor_act")
        assert message(app) == "Picked up from column 3. It may go to: a b c d."
        assert status_text(app).endswith("3 (2♥) → ?")
        await screen.run_action("quick")
        assert [str(move) for move in game(app).moves] == ["3a"]
        assert message(app) == "3a: 2♥ to free cell a"
        assert "→ ?" not in status_text(app)
