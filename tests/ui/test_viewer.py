"""The full-screen viewer: a game played back on the board, as a player steps through it, plays
it at a pace, jumps in its move list and plays on from a move (see ui/screens/viewer.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.events import Key
from textual.pilot import Pilot

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import encode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.session.replay import Replay
from freecell_tui.store import Store
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.board.layout import board_layout
from freecell_tui.ui.screens.dialogs import ConfirmScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.screens.stats import StatsScreen
from freecell_tui.ui.screens.viewer import PACES, WATCHING, ViewerScreen, list_width
from freecell_tui.ui.widgets.footer import KeyFooter
from freecell_tui.ui.widgets.move_list import list_rows

from .helpers import (
    COMPACT,
    SIZE,
    background_on,
    game,
    lines,
    make_app,
    message,
    stored_turns,
    theme_colour,
    tone,
    type_command,
    wait_for,
)
from .positions import kings_left_game

#: Deal 1 with autoplay safe: the second and the fifth turn send cards home by themselves.
SAFE_MOVES = "6a 6b 7b 76 7c"
#: Deal 1 with autoplay off, the first twenty moves of the solver's solution.
OFF_MOVES = "6a 6b 6h bh 6h 7b 76 7c 7h 3h 86 32 a3 67v3 56 8a 82 42 8h 8h"


def played(moves: str, mode: AutoplayMode = AutoplayMode.SAFE) -> Game:
    game = Game.new(1, autoplay=mode)
    for move in moves.split():
        game = game.play(Move.parse(move))
    return game


def viewer(app: FreeCellApp) -> ViewerScreen:
    screen = app.screen
    assert isinstance(screen, ViewerScreen), f"the viewer is not on top: {screen!r}"
    return screen


def status(app: FreeCellApp) -> str:
    """The viewer's status line as drawn ("" before it is laid out)."""
    drawn = lines(viewer(app).status)
    return drawn[0].strip() if drawn else ""


async def open_viewer(pilot: Pilot[None], watched: Game) -> ViewerScreen:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    await type_command(pilot, f"watch {encode(watched)}")
    await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the viewer")
    return viewer(app)


async def test_stepping_forward_and_back_shows_each_position(tmp_path: Path) -> None:
    watched = played(SAFE_MOVES)
    steps = Replay.of(watched).steps
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, watched)
        assert screen.board.state == steps[0].state and "Move 0 of 5" in status(app)
        await pilot.press("right")
        assert screen.board.state == steps[1].state
        assert screen.message.text == "1: 3♦ to free cell a"
        await pilot.press("l")  # the second turn: 6b with its autoplay moves, one step
        assert screen.board.state == steps[2].state and "Move 2 of 5" in status(app)
        assert screen.message.text.startswith("2: 2♣ to free cell b; autoplay A♣ home")
        await pilot.press("left")
        assert screen.board.state == steps[1].state
        await pilot.press("h", "end")
        assert screen.board.state == watched.state and "Move 5 of 5" in status(app)
        await pilot.press("home")
        assert screen.board.state == steps[0].state
        await pilot.press("G")
        assert screen.replay.at == 5
        await pilot.press("g")
        assert screen.replay.at == 0
        assert game(app) == Game.new(1)  # the game under the viewer is untouched


async def test_past_either_end_says_the_replays_line_and_moves_nothing(tmp_path: Path) -> None:
    watched = played(SAFE_MOVES)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, watched)
        await pilot.press("left")
        assert screen.message.text == "This is the first position: next plays the first move."
        assert screen.message.tone.value == "error" and screen.replay.at == 0
        await pilot.press("end", "right")
        assert screen.message.text == "That was the last move (5 of 5): back steps back."
        assert screen.replay.at == 5
        await pilot.press("x")
        assert screen.message.text == "x does nothing in the viewer: ? shows the keys"
        await pilot.press("ctrl+p")  # the palette is the game's: not over the viewer
        assert app.screen is screen and "palette" in screen.message.text
        assert screen.replay.at == 5


async def test_a_click_on_a_move_in_the_list_jumps_there(tmp_path: Path) -> None:
    watched = played(OFF_MOVES, AutoplayMode.OFF)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, watched)
        moves = screen.moves
        entry = next(entry for entry in moves.rows() if entry.number == 14)
        assert entry.text == "14: 67v3 — Q♣–10♣ onto K♥"  # the words the notation says left out
        gutter = moves.gutter
        await pilot.click(moves, offset=(gutter.left + entry.x + 2, gutter.top + entry.y))
        assert screen.replay.at == 14
        assert screen.board.state == Replay.of(watched).steps[14].state
        assert "Move 14 of 20" in status(app)
        # The step shown is drawn highlighted (the theme's accent behind it), the others not.
        accent = theme_colour(app, "accent")
        assert background_on(moves, "14: 67v3") == {accent}
        assert accent not in background_on(moves, "13: a3")
        # The keys too: ↓ picks the next move, Enter jumps there.
        await pilot.press("down", "down")
        assert screen.replay.at == 14 and moves.picked == 16
        await pilot.press("enter")
        assert screen.replay.at == 16 and moves.picked is None


async def test_the_list_is_beside_the_board_or_a_line_under_it(tmp_path: Path) -> None:
    watched = played(OFF_MOVES, AutoplayMode.OFF)
    for size, beside in ((SIZE, True), (COMPACT, False)):
        app = make_app(tmp_path)
        async with app.run_test(size=size) as pilot:
            screen = await open_viewer(pilot, watched)
            await pilot.press("end")
            board, moves = screen.board.region, screen.moves.region
            if beside:
                assert moves.x >= board.right and moves.height > 20
            else:
                assert moves.y == board.bottom and moves.height == 1
                assert lines(screen.moves)[0].strip().startswith("20/20")
            assert any(entry.number == 20 for entry in screen.moves.rows())  # kept in view
            assert board.height == board_layout(*size).height  # as tall as the game's board
            await pilot.resize_terminal(*(COMPACT if beside else SIZE))  # and the other way
            await pilot.pause()
            board, moves = screen.board.region, screen.moves.region
            if beside:
                assert moves.y == board.bottom and moves.width == COMPACT[0]
            else:
                assert moves.x >= board.right and moves.right == SIZE[0]


def test_a_one_line_list_keeps_the_current_move_in_view() -> None:
    long = [f"{n}: long" for n in range(100)]
    short = [f"{n}: 3a" for n in range(100)]
    entries = list_rows(long, short, 57, 60, 1, prefix="57/99")
    numbers = [entry.number for entry in entries]
    assert 57 in numbers and numbers == sorted(numbers) and len(numbers) > 5
    assert entries[0].x > len("57/99")  # after the prefix
    assert max(entry.x + entry.width for entry in entries) <= 60
    tall = list_rows(long, short, 99, 30, 10)
    assert [entry.number for entry in tall] == list(range(90, 100))
    assert list_width(100) and not list_width(80)


async def test_space_plays_to_the_end_at_the_pace_shown(tmp_path: Path) -> None:
    watched = played(SAFE_MOVES)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, watched)
        assert "paused, a move a second" in status(app)
        await pilot.press("plus", "plus")  # the fastest pace
        assert screen.message.text == "The viewer plays 4 moves a second."
        await pilot.press("plus")
        assert screen.message.tone.value == "error" and "fastest" in screen.message.text
        assert PACES[screen.pace] == 0.25
        await pilot.press("space")
        assert screen.playing and "playing, 4 moves a second" in status(app)
        await wait_for(pilot, lambda: screen.replay.at_end and not screen.playing, "the end")
        assert screen.board.state == watched.state
        assert "paused" in status(app)
        end = screen.replay.at
        await pilot.press("space")  # at the end: from the start again
        # At 4 moves a second a loaded machine may have played a move or two by now.
        assert screen.playing and screen.replay.at <= 3 < end
        await pilot.press("space")
        assert not screen.playing
        at = screen.replay.at
        await pilot.press("minus")
        assert screen.message.text == "The viewer plays 2 moves a second."
        await pilot.pause(0.6)  # paused: nothing moves, however long it waits
        assert screen.replay.at == at


async def test_playing_from_here_makes_a_game_with_the_moves_that_led_there(
    tmp_path: Path,
) -> None:
    watched = played(SAFE_MOVES)
    steps = Replay.of(watched).steps
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_viewer(pilot, watched)
        await pilot.press("right", "right", "right", "t")
        assert app.screen is app.game_screen
        now = game(app)
        assert now.state == steps[3].state and now.move_count == 3
        assert app.game_screen.board.state == steps[3].state
        assert message(app).startswith("Playing on from deal 1 after 3 moves")
        saved = app.session.store.autosaves.latest()  # saved before shown
        assert saved is not None and saved.game == now
        await pilot.press("u")  # undo goes back through the watched moves
        assert game(app).state == steps[2].state
        await pilot.press("u", "u")
        assert game(app).state == steps[0].state


async def test_playing_from_here_over_a_game_under_way_asks_and_keeps_it(tmp_path: Path) -> None:
    watched = played(SAFE_MOVES)
    app = make_app(tmp_path, deal=617)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "a")  # a game under way
        mine = game(app)
        await open_viewer(pilot, watched)
        await pilot.press("end", "t")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert game(app) == mine
        await open_viewer(pilot, watched)
        await pilot.press("end", "t", "y")
        assert game(app).state == watched.state and game(app).move_count == 5
        kept = [info.deal_number for info in app.session.store.autosaves.all().items]
        assert 617 in kept  # the game left is kept as an unfinished game


async def test_a_bad_code_in_watch_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        before = game(app)
        code = encode(played(SAFE_MOVES))
        await type_command(pilot, f"watch {code[:-2]}{'A' if code[-2] != 'A' else 'B'}{code[-1]}")
        assert app.screen is app.game_screen and tone(app) == "error"
        assert "\n" not in message(app) and message(app)
        assert game(app) == before


async def test_clicks_on_the_board_move_nothing(tmp_path: Path) -> None:
    watched = played(SAFE_MOVES)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, watched)
        await pilot.click("#col-3", offset=(2, 5))
        await pilot.pause()
        assert screen.message.text == WATCHING
        assert screen.board.selection is None and screen.board.state == watched.start
        await pilot.press("escape")
        assert app.screen is app.game_screen and game(app) == Game.new(1)


async def test_the_solution_from_here_can_be_watched_and_taken_over(tmp_path: Path) -> None:
    start = kings_left_game().play(Move.parse("1h"))  # a move of the player first
    app = make_app(tmp_path, start=start)
    async with app.run_test(size=SIZE) as pilot:
        await type_command(pilot, "watch solution")
        await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the solution")
        screen = viewer(app)
        # From the game's position (after its one move), the player's move before it.
        assert screen.replay.at == 1 and screen.board.state == start.state
        assert screen.replay.game.state.is_won and screen.replay.last_number == 4
        # the status is drawn once the viewer is laid out
        await wait_for(
            pilot,
            lambda: "The solver's solution of a custom position from move 1" in status(app),
            "the viewer's status",
        )
        await pilot.press("right", "right", "t", "y")  # the game under way is kept
        now = game(app)
        assert now.move_count == 3 and now.solver_moves == 2  # the solver's moves say so
        assert now.state == Replay.of(screen.replay.game).steps[3].state
        await pilot.press("u")
        assert game(app).state == Replay.of(screen.replay.game).steps[2].state


async def test_opened_from_the_command_line_leaving_quits_and_t_plays_on(tmp_path: Path) -> None:
    watched = played(SAFE_MOVES)
    app = make_app(tmp_path, deal=None, watch=watched)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the viewer")
        assert app.session.offer is None and not app.session.under_way
        await pilot.press("q")
        await wait_for(pilot, lambda: app.return_code is not None, "the app to quit")
    assert stored_turns(tmp_path) == []  # nothing was played: nothing written
    app = make_app(tmp_path, deal=None, watch=watched)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the viewer")
        await pilot.press("right", "right", "t")
        assert app.screen is app.game_screen and game(app).move_count == 2
        assert app.session.clock_running
        await pilot.press("7", "b")  # and the game goes on
        assert game(app).move_count == 3


async def test_w_on_the_save_screen_watches_a_save_and_t_plays_on(tmp_path: Path) -> None:
    kept = played(SAFE_MOVES)
    app = make_app(tmp_path, deal=617)
    app.session.store.slots.save("kept", kept, 30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveSlotsScreen), "the saves")
        saves = app.screen
        await pilot.press("w")
        assert viewer(app).replay.game == kept
        await pilot.press("q")  # back on the save screen
        assert app.screen is saves
        await pilot.press("w", "right", "t")
        assert app.screen is app.game_screen
        assert game(app).move_count == 1 and game(app).state == Replay.of(kept).steps[1].state


async def test_w_on_the_statistics_watches_a_finished_game(tmp_path: Path) -> None:
    won = kings_left_game()
    for move in ("1h", "2h", "3h", "4h"):
        won = won.play(Move.parse(move))
    store = Store.open(tmp_path).store
    assert store.autosaves.finish(won, 60) is None
    store.close()
    app = make_app(tmp_path, deal=617)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen), "the statistics")
        await pilot.press("w")
        screen = viewer(app)
        assert screen.replay.game.state.is_won and screen.replay.last_number == 4
        await pilot.press("right", "right", "t")
        assert app.screen is app.game_screen and game(app).move_count == 2


@pytest.mark.storm
async def test_a_storm_of_keys_clicks_and_resizes_never_breaks_the_viewer(tmp_path: Path) -> None:
    watched = played(OFF_MOVES, AutoplayMode.OFF)
    keys = [
        *"lhgGjkt+-=?xw:",
        "right",
        "left",
        "home",
        "end",
        "up",
        "down",
        "space",
        "enter",
        "ctrl+p",
        "tab",
        "pageup",
    ]
    sizes = [(100, 32), (80, 24), (30, 8), (64, 24), (140, 50), (95, 30), (94, 24)]
    chance = random.Random(25)
    app = make_app(tmp_path, deal=None, watch=watched)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(150):
            if not isinstance(app.screen, ViewerScreen):  # t played on: watch again
                await pilot.press("escape")
                app.game_screen.action_watch(watched, chance.randrange(21))
                await pilot.pause()
            screen = viewer(app)
            roll = chance.random()
            if roll < 0.1:
                await pilot.resize_terminal(*chance.choice(sizes))
            elif roll < 0.2:
                region = screen.region
                await pilot.click(
                    offset=(chance.randrange(region.width), chance.randrange(region.height))
                )
            else:
                await pilot.press(chance.choice(keys))
            if isinstance(app.screen, ViewerScreen):
                assert app.screen.board.state == app.screen.replay.state
        assert app.return_code is None  # it lived


async def test_a_step_forward_glides_and_a_key_lands_it(tmp_path: Path) -> None:
    watched = played(SAFE_MOVES)
    steps = Replay.of(watched).steps
    app = make_app(tmp_path, deal=None, watch=watched)
    app.animation_level = "full"  # make_app turns motion off for every other test
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the viewer")
        screen = viewer(app)
        board = screen.board
        board.clock = lambda: 0.0  # the motion's time stands still
        await screen.decide_key(Key("right", None))  # as the terminal hands it over
        assert board.moving and board.flying  # 3♦ in the air to free cell a
        assert board.state == steps[1].state
        await screen.decide_key(Key("right", None))  # the next key lands it, then steps on
        assert board.state == steps[2].state
        await screen.decide_key(Key("left", None))  # back: no glide, the position at once
        assert not board.moving and board.scene() == steps[1].state


async def test_the_footers_keys_are_buttons_to_click(tmp_path: Path) -> None:
    watched = played(SAFE_MOVES)
    app = make_app(tmp_path, deal=None, watch=watched)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the viewer")

        async def click(label: str) -> None:
            """Click the footer's key (its keys follow the screen's bindings)."""

            def at() -> int | None:
                footer = app.screen.query_one(KeyFooter)
                return next((x for x, key in footer.shown() if key.description == label), None)

            await wait_for(pilot, lambda: at() is not None, f"the footer's {label}")
            await pilot.click(KeyFooter, offset=(at() or 0, 0))

        await click("Next")  # a click presses its key (in the app's next turn)
        await wait_for(pilot, lambda: viewer(app).replay.at == 1, "a step on")
        await click("Next")
        await wait_for(pilot, lambda: viewer(app).replay.at == 2, "two steps on")
        await click("Play on")
        await wait_for(pilot, lambda: app.screen is app.game_screen, "the game")
        assert game(app).move_count == 2


async def test_p_in_the_viewer_watches_the_solvers_way_from_the_step_shown(tmp_path: Path) -> None:
    start = kings_left_game()
    watched = start.play(Move.parse("1h")).play(Move.parse("2h"))  # a game left there
    app = make_app(tmp_path, deal=None, watch=watched)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the viewer")
        screen = viewer(app)
        await pilot.press("right", "p")
        await wait_for(pilot, lambda: screen.replay.game.state.is_won, "the solver's way")
        # The step shown stays; after it, the solver's moves instead of the game's.
        assert screen.replay.at == 1 and screen.replay.last_number == 4
        assert screen.replay.steps[1].state == Replay.of(watched).steps[1].state
        # the status is drawn once the viewer is laid out
        await wait_for(
            pilot,
            lambda: "The solver's solution of a custom position from move 1" in status(app),
            "the viewer's status",
        )
        assert (
            screen.message.text
            == "The solver's way: 3 moves to a win from here; → steps through it."
        )
        await pilot.press("end", "p")  # won: nothing to look for
        assert screen.message.text == "Every card is home: there is nothing left to watch."
        await pilot.press("t")  # a won position: nothing to play on
        assert app.screen is screen and screen.message.text.startswith("Every card is home here")
        await pilot.press("left", "t")
        assert app.screen is app.game_screen
        assert game(app).move_count == 3 and game(app).solver_moves == 2


async def test_keys_typed_after_t_play_on_the_new_game(tmp_path: Path) -> None:
    """t closes the viewer and the game plays on before the next key is read: keys typed in
    the same burst act on the game played on (and answer its question, if one is asked)."""
    watched = played(SAFE_MOVES)
    app = make_app(tmp_path, deal=617)
    async with app.run_test(size=SIZE) as pilot:
        await open_viewer(pilot, watched)
        for key, character in (
            ("right", None),
            ("right", None),
            ("t", "t"),
            ("7", "7"),
            ("b", "b"),
        ):
            app.post_message(Key(key, character))  # queued at once, as one read hands them over
        await pilot.pause()
        assert app.screen is app.game_screen
        assert [str(turn.move) for turn in game(app).turns] == ["6a", "6b", "7b"]
        await pilot.press("1", "a")  # a game under way now: t asks first, y answers it
        await open_viewer(pilot, watched)
        for key, character in (("end", None), ("t", "t"), ("y", "y"), ("u", "u")):
            app.post_message(Key(key, character))
        await pilot.pause()
        assert app.screen is app.game_screen and game(app).move_count == 4
