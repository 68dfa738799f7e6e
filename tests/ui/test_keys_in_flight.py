"""Keys typed while something else lands: they act as typed, in order.

A move typed right after something else (``1`` ``b``), with the order of events that a loaded
machine produces forced here, not left to timing: keys still on their way through the resume
prompt when Enter answers it, the takeover of the resumed game landing between the two keys of
the move, and auto-solve's next move due when the key that stops it comes. (The real program
under load: ``tests/cli/test_crash.py``.)
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Button, Input

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.store import ErrorKind, SavedGame, StoreError
from freecell_tui.store.autosaves import Autosaves
from freecell_tui.ui.assist.assistant import Assistant
from freecell_tui.ui.assist.autosolve import PACES
from freecell_tui.ui.screens.dialogs import ConfirmScreen, NoticeScreen
from freecell_tui.ui.screens.game import GameScreen
from freecell_tui.ui.screens.resume import ResumeScreen
from freecell_tui.ui.screens.stats import StatsScreen
from freecell_tui.ui.screens.viewer import ViewerScreen

from .helpers import (
    RANDOM_DEAL,
    SIZE,
    game,
    leave_unfinished,
    make_app,
    message,
    stored_turns,
    the_board,
    wait_for,
)

#: Deal 1 after 3a, as the kill -9 test leaves it; 1b is the next move.
THREE_A = Game.new(1, autoplay=AutoplayMode.OFF).play(Move.parse("3a"))
MOVED = (Move.parse("3a"), Move.parse("1b"))


async def test_keys_typed_with_the_answer_reach_the_board_in_order(tmp_path: Path) -> None:
    """Enter, 1 and b in one read from the terminal: the prompt answers as Enter is read (the
    resumed game is on the board before 1 is read), so 1b is played on it."""
    leave_unfinished(tmp_path, THREE_A)
    app = make_app(tmp_path, deal=None)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ResumeScreen)
        for key, character in (("enter", "\r"), ("1", "1"), ("b", "b")):
            app.post_message(events.Key(key, character))  # typed at once
        await wait_for(pilot, lambda: game(app).moves == MOVED, "1b on the board", timeout=10)
        assert isinstance(app.screen, GameScreen)
        assert message(app) == "1b: 6♠ to free cell b"
    assert stored_turns(tmp_path) == [["3a", "1b"]]


async def test_a_takeover_puts_a_new_deal_on_the_board_and_stops_the_keys_typed_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another copy resumed the game first: a new deal is on the board instead, the message line
    says why the board changed, and a notice stops the keys typed on until the player has seen
    it."""
    leave_unfinished(tmp_path, THREE_A)

    def taken(autosaves: Autosaves, saved: SavedGame) -> StoreError:
        return StoreError(
            ErrorKind.BUSY, "Another copy of freecell-tui has just resumed that game."
        )

    monkeypatch.setattr(Autosaves, "switch_to", taken)
    app = make_app(tmp_path, deal=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert game(app).deal_number == RANDOM_DEAL and not game(app).moves
        assert the_board(app).selection is None
        assert message(app) == (
            "Another copy of freecell-tui has just resumed that game. A new game starts instead."
        )
        # A notice says so, and the keys typed on stop there: none plays the new deal unseen.
        notice = app.screen
        assert isinstance(notice, NoticeScreen)
        assert notice.title_text == "Your game is open elsewhere"
        assert notice.body_text == message(app)
        await pilot.press("4", "b")  # 4b would be a move on the new deal
        assert app.screen is notice and not game(app).moves
        assert the_board(app).selection is None
        await pilot.press("enter")  # seen: the board, and the message line still says why
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), "the board")
        assert message(app) == (
            "Another copy of freecell-tui has just resumed that game. A new game starts instead."
        )
        await pilot.press("4")  # and the keys play again
        assert the_board(app).selection is not None


async def test_the_dialogs_keys_go_to_it_and_still_move_its_focus(tmp_path: Path) -> None:
    """The app gives a dialog's keys to the dialog itself, not to its focused button: Tab still
    moves to the next button, and Enter chooses the button it is on."""
    leave_unfinished(tmp_path, THREE_A)
    app = make_app(tmp_path, deal=None)
    async with app.run_test(size=SIZE) as pilot:
        dialog = app.screen
        assert isinstance(dialog, ResumeScreen)
        await pilot.press("tab")
        focused = dialog.focused
        assert isinstance(focused, Button) and focused.id == "new"
        await pilot.press("enter")  # a new game: asked first, the old one is recorded as lost
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("n")  # no: back to the resume prompt
        await wait_for(pilot, lambda: isinstance(app.screen, ResumeScreen), "the prompt again")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), "the board")
        assert game(app) == THREE_A


async def test_a_key_that_stops_auto_solve_comes_before_its_next_move(tmp_path: Path) -> None:
    """Auto-solve plays ``3a`` then ``6c`` at its fastest pace, and the player types ``1`` ``b``
    in one burst as ``3a`` lands: the key stops auto-solve, and no move of it is played between
    ``1`` and ``b`` or after them (one would put the card of ``1`` down, and ``b`` then did
    something else). Whether ``6c`` came before the burst is up to the machine; either way
    ``1b`` is the last move, as typed."""
    start = Game.new(1, autoplay=AutoplayMode.OFF)
    app = make_app(tmp_path, start=start)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        autosolver = screen.autosolver
        autosolver.pace = len(PACES) - 1
        screen.post_message(Assistant.Solution((Move.parse("3a"), Move.parse("6c"))))
        await wait_for(pilot, lambda: game(app).moves[:1] == (Move.parse("3a"),), "3a played")
        app.post_message(events.Key("1", "1"))
        app.post_message(events.Key("b", "b"))
        await wait_for(pilot, lambda: Move.parse("1b") in game(app).moves, "1b on the board")
        await wait_for(pilot, lambda: not autosolver.solving, "auto-solve stopped by the key")
        assert game(app).moves in (
            (Move.parse("3a"), Move.parse("1b")),
            (Move.parse("3a"), Move.parse("6c"), Move.parse("1b")),
        )
        assert message(app) == "1b: 6♠ to free cell b"


async def test_a_burst_that_opens_the_palette_types_into_it(tmp_path: Path) -> None:
    """``3`` ``a`` ``ctrl+p`` ``t`` ``h`` ``e`` in one read: 3a is played, the palette opens and
    its search says "the" (only 3 acted: the rest went to screens no longer or not yet there)."""
    from textual.command import CommandInput

    from freecell_tui.ui.palette import GuardedPalette

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for key, character in (
            ("3", "3"),
            ("a", "a"),
            ("ctrl+p", None),
            ("t", "t"),
            ("h", "h"),
            ("e", "e"),
        ):
            app.post_message(events.Key(key, character))
        await wait_for(pilot, lambda: isinstance(app.screen, GuardedPalette), "the palette")
        search = app.screen.query_one(CommandInput)
        await wait_for(pilot, lambda: search.value == "the", "'the' in the palette's search")
        assert [str(move) for move in game(app).moves] == ["3a"]


async def test_a_huge_paste_with_escapes_into_the_command_line_is_capped(tmp_path: Path) -> None:
    """100 KB of text with escape characters pasted into the ``:`` line: the line takes its first
    :data:`~freecell_tui.ui.keys.MAX_LINE` characters, control characters dropped, at once, and
    the game goes on answering."""
    from freecell_tui.ui.keys import MAX_LINE

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        started = time.monotonic()
        app.post_message(events.Paste("3a 18v3 \x1b[31m deal 617 " * 4000))
        line = app.game_screen.command_line
        await wait_for(pilot, lambda: len(line.value) == MAX_LINE, "the paste", 10)
        assert "\x1b" not in line.value
        assert time.monotonic() - started < 5  # at once, whatever the paste's size
        await pilot.press("escape", "3", "a")  # the line closes; the board answers
        assert [str(move) for move in game(app).moves] == ["3a"]


#: Pastes a player's terminal may hand over: 100 KB of text, and 77 KB full of escape sequences.
HUGE_PASTES = {
    "text": ("3a 18v3 deal 617 " * 6100)[:100_000],
    "escapes": ("\x1b[31m3a\x1b[0m \x1b[A\x1b[1;5D deal\x1b[K " * 2100)[:77_000],
}


@pytest.mark.parametrize("kind", HUGE_PASTES)
async def test_a_huge_paste_into_the_import_prompt_is_capped_and_the_keys_go_on(
    tmp_path: Path, kind: str
) -> None:
    """The save screen's import prompt keeps what the ``:`` line keeps (the first
    :data:`~freecell_tui.ui.keys.MAX_LINE` characters, control characters dropped); Enter
    answers in one line, and the keys after it act (Esc closes the prompt, ``n`` opens the new
    save's). ``benchmarks/paste_bench.py`` times it in a real terminal."""
    from freecell_tui.ui.keys import MAX_LINE
    from freecell_tui.ui.screens.saves import SaveSlotsScreen

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "i")
        saves = app.screen
        assert isinstance(saves, SaveSlotsScreen)
        box = saves.query_one("#prompt-input", Input)
        app.post_message(events.Paste(HUGE_PASTES[kind]))
        await wait_for(pilot, lambda: len(box.value) == MAX_LINE, "the paste", 10)
        assert box.value.isprintable()
        await pilot.press("enter")
        said = lambda: str(saves.query_one("#message").render())  # noqa: E731
        await wait_for(pilot, lambda: said().startswith("Nothing imported"), "the answer", 10)
        assert "\n" not in said() and len(said()) < 200
        await pilot.press("escape", "n")
        await wait_for(pilot, lambda: box.value == "Deal 1", "the new save's prompt")
        assert app.screen is saves and not app.session.store.slots.all().items


async def test_a_paste_on_the_board_that_is_no_list_of_moves_says_where_it_goes(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(events.Paste("deal 617"))
        await wait_for(pilot, lambda: "for a command, : first" in message(app), "the answer", 10)
        assert not game(app).moves


async def test_letters_typed_before_the_command_lines_focus_arrives_are_kept(
    tmp_path: Path,
) -> None:
    """``:`` gives the line the focus by a message; keys already read act before it arrives.
    The focus must not select what they typed (the next key would replace it)."""
    app = make_app(tmp_path, 1)
    async with app.run_test() as pilot:
        screen = app.game_screen
        for key, character in (("colon", ":"), ("d", "d"), ("e", "e"), ("a", "a"), ("l", "l")):
            assert await screen.decide_key(events.Key(key, character))
        await pilot.pause()  # now the focus arrives
        assert app.focused is screen.command_line
        for key, character in (("space", " "), ("7", "7")):
            assert await screen.decide_key(events.Key(key, character))
        assert screen.command_line.value == "deal 7"


async def test_a_key_read_before_the_viewer_it_opened_is_up_steps_it(tmp_path: Path) -> None:
    """A key decided in the same turn as the click or key that opened the viewer (the burst
    storm, seed 18: a click on a deal's games' Watch and an arrow in one read): the viewer had
    no board yet (``NoMatches '#board'``) and the app died. The key waits until it is up."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        watched = Game.new(1).play(Move.parse("3a")).play(Move.parse("3b"))
        viewer = ViewerScreen(watched)
        app.push_screen(viewer)
        await app.on_event(events.Key("right", None))  # no turn for the viewer to mount
        await wait_for(pilot, lambda: viewer.replay.at == 1, "the step")
        assert app.is_running and app.crash_report is None


async def test_a_key_read_after_the_statistics_answered_lands_after_their_answer(
    tmp_path: Path,
) -> None:
    """The statistics close with a game to play on from (``t`` in their viewer) and ``n`` is
    in the same read: the answer's question came after ``n``'s, from the app's queue, and two
    questions piled up (the burst storm, seed 25). The answer acts as the dialog closes, so
    ``n`` answers its question: not started, the game goes on."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen), "the statistics")
        stats = app.screen
        stats.dismiss(Game.new(5))
        await app.on_event(events.Key("n", "n"))
        await pilot.pause()
        questions = [screen for screen in app.screen_stack if isinstance(screen, ConfirmScreen)]
        assert questions == [] and app.screen is app.game_screen
        assert game(app).deal_number != 5 and game(app).move_count == 1
        assert message(app) == "Not started: your game goes on."
