"""The solver on the board, played with Pilot: the hint, the winnability check, the "no card can
go home" notice, auto-solve and "winnable deals only".

The solver runs in thread workers: the tests wait for what the player would see (with a generous
deadline that only stops a broken test from hanging), never for a fixed time.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Card
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import Pile
from freecell_tui.core.solver import solve_for_autoplay
from freecell_tui.core.state import GameState
from freecell_tui.ui import assistant as assistant_module
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.assistant import CHECKING, PACES, WINNABLE, HintMark
from freecell_tui.ui.screens.dialogs import StuckScreen, WinScreen
from freecell_tui.ui.widgets.piles import PileWidget

from .helpers import COMPACT, SIZE, board, make_app, message

#: From deal 1: four moves that keep it winnable, then 52, which loses it (the solver proves it
#: in milliseconds: the free cells are full).
DEAL_1_WINNABLE = ("5a", "7c", "6d", "4b")
DEAL_1_LOSING = "52"
#: From deal 1: after these, no line of play brings another card home (seed 004's end).
DEAL_1_OVER = ("1b", "2d", "bc", "1a", "7b", "87", "58")


async def wait_for(pilot: Pilot[None], condition: Callable[[], bool], seconds: float = 60) -> None:
    """Let the app run until ``condition`` holds (the deadline only keeps a broken test from
    hanging; a healthy run takes a fraction of it)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the app never got there"
        await pilot.pause(0.05)


def extra(app: FreeCellApp) -> str:
    return board(app).status.extra


async def play(pilot: Pilot[None], *moves: str) -> None:
    for move in moves:
        await pilot.press(*move)


def pile_widget(app: FreeCellApp, pile: Pile, card: Card | None = None) -> PileWidget:
    """The widget showing ``pile`` (for the foundation, the one of ``card``'s suit)."""
    if pile.is_column:
        return board(app).query_one(f"#col-{pile.code}", PileWidget)
    if pile.is_cell:
        return board(app).query_one(f"#cell-{pile.code}", PileWidget)
    assert card is not None
    return board(app).query_one(f"#home-{card.suit.letter}", PileWidget)


def kings_left_game() -> Game:
    """Everything home but the four kings, one on each of columns 1–4 (autoplay off): four
    moves home win."""
    columns = tuple((Card.parse(f"K{suit}"),) for suit in "CDHS") + ((),) * 4
    state = GameState(columns, (None, None, None, None), (12, 12, 12, 12))
    return Game.from_position(state, autoplay=AutoplayMode.OFF)


# --------------------------------------------------------------------------- the hint
async def test_hint_highlights_the_next_move_and_a_move_clears_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        state = board(app).game.state
        expected = solve_for_autoplay(state, AutoplayMode.SAFE).moves[0]
        card = state.top(expected.source)
        await pilot.press("i")
        await wait_for(pilot, lambda: board(app).hint is not None)
        assert board(app).hint == HintMark(expected.source, 1, expected.dest, None)
        assert pile_widget(app, expected.source).hint == 1
        assert pile_widget(app, expected.dest, card).hint_target
        said = message(app)
        assert said.startswith(f"Hint: {expected} — {card}")
        assert said.endswith("win from here).")
        # Every other pile is plain.
        hinted = [w for w in board(app).query(PileWidget) if w.hint or w.hint_target]
        assert len(hinted) == 2
        # Any move clears it.
        other = "3b" if str(expected) != "3b" else "4b"
        await play(pilot, other)
        assert board(app).game.move_count == 1
        assert board(app).hint is None
        assert not [w for w in board(app).query(PileWidget) if w.hint or w.hint_target]


async def test_hint_command_and_a_move_home(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=kings_left_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"hint", "enter")
        await wait_for(pilot, lambda: board(app).hint is not None)
        hint = board(app).hint
        assert hint is not None and hint.dest.is_foundation
        king = board(app).game.state.top(hint.source)
        assert king is not None and hint.suit is king.suit
        assert pile_widget(app, Pile.parse("h"), king).hint_target
        assert message(app) == f"Hint: {hint.source.code}h — {king} home (4 moves win from here)."
        await pilot.press("escape")
        assert board(app).hint is None


async def test_hint_in_a_lost_position_says_how_far_to_undo(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await play(pilot, *DEAL_1_WINNABLE, DEAL_1_LOSING)
        await pilot.press("i")
        await wait_for(pilot, lambda: message(app).startswith("No hint"))
        assert message(app) == (
            "No hint — no longer winnable: undo 1 move to get back to a winnable position."
        )
        assert board(app).hint is None


# --------------------------------------------------------------------------- winnability
async def test_winnability_checking_then_winnable_then_lost(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: extra(app) == WINNABLE)
        await play(pilot, DEAL_1_WINNABLE[0])
        assert extra(app) == CHECKING  # said at once; the search starts in the background
        await play(pilot, *DEAL_1_WINNABLE[1:])
        await wait_for(pilot, lambda: extra(app) != CHECKING)
        assert extra(app) == WINNABLE
        await play(pilot, DEAL_1_LOSING)
        assert extra(app) == CHECKING
        await wait_for(pilot, lambda: extra(app) != CHECKING)
        assert extra(app) == "no longer winnable — undo 1 move"
        assert message(app) == (
            "No longer winnable: undo 1 move to get back to a winnable position."
        )
        # Another move: two to undo now.
        await play(pilot, "74")
        assert board(app).game.move_count == 6
        await wait_for(pilot, lambda: extra(app) != CHECKING)
        assert extra(app) == "no longer winnable — undo 2 moves"
        # Undo and redo know the answers already: no "checking…" in between.
        await pilot.press("u")
        assert extra(app) == "no longer winnable — undo 1 move"
        await pilot.press("u")
        assert extra(app) == WINNABLE
        await pilot.press("ctrl+y")
        assert extra(app) == "no longer winnable — undo 1 move"


async def test_a_narrow_status_line_keeps_the_number_of_moves_to_undo(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await play(pilot, *DEAL_1_WINNABLE, DEAL_1_LOSING)
        await wait_for(pilot, lambda: extra(app) != CHECKING)
        assert extra(app) == "no longer winnable — undo 1 move"
        line = board(app).status.render().plain
        assert line.endswith("lost: undo 1")
        assert len(line) <= COMPACT[0]


async def test_the_check_can_be_switched_off(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"winnable off", "enter")
        assert extra(app) == ""
        assert message(app).startswith("Winnability check off")
        await play(pilot, *DEAL_1_WINNABLE, DEAL_1_LOSING)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert extra(app) == ""
        await pilot.press("colon", *"winnable on", "enter")
        await wait_for(pilot, lambda: extra(app) != CHECKING)
        assert extra(app) == "no longer winnable — undo 1 move"
        await pilot.press("colon", *"winnable maybe", "enter")
        assert message(app) == "winnable: say winnable on or winnable off (it is on)"
        assert board(app).message.tone == "error"


async def test_no_card_can_go_home_ends_the_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await play(pilot, *DEAL_1_OVER)
        assert board(app).game.move_count == len(DEAL_1_OVER)
        assert board(app).game.outcome is Outcome.PLAYING  # moves are left
        await wait_for(pilot, lambda: isinstance(app.screen, StuckScreen))
        assert app.screen.title_text == "No card can go home any more"
        assert "u undoes 1 move, back to a winnable position" in app.screen.body_text
        await pilot.press("u")
        await pilot.pause()
        assert board(app).game.move_count == len(DEAL_1_OVER) - 1
        assert extra(app) == WINNABLE


# --------------------------------------------------------------------------- auto-solve
async def test_autosolve_plays_to_a_win_and_undo_steps_back_one_move(tmp_path: Path) -> None:
    app = make_app(tmp_path, start=kings_left_game())
    async with app.run_test(size=SIZE) as pilot:
        board(app).assistant.pace = len(PACES) - 1  # the fastest pace
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, WinScreen))
        game = board(app).game
        assert game.state.is_won
        assert game.move_count == 4
        assert not board(app).assistant.solving
        assert message(app) == "Auto-solve 4/4: 4h: K♠ home"
        await pilot.press("escape")
        await pilot.press("u")
        assert board(app).game.move_count == 3
        assert board(app).game.state.columns[3] == (Card.parse("KS"),)


async def test_escape_stops_autosolve_and_speed_keys_do_not(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assistant = board(app).assistant
        assistant.pace = len(PACES) - 2
        await pilot.press("p")
        await wait_for(pilot, lambda: board(app).game.move_count >= 2)
        await pilot.press("minus")
        assert assistant.solving
        assert assistant.pace == len(PACES) - 3
        assert message(app).startswith("Auto-solve: ")
        await pilot.press("plus")
        assert assistant.pace == len(PACES) - 2
        await pilot.press("escape")
        assert not assistant.solving
        played = board(app).game.move_count
        assert message(app) == f"Auto-solve stopped after {played} moves: u undoes them one by one."
        await pilot.pause(PACES[assistant.pace] * 3)
        assert board(app).game.move_count == played
        # Each step was one turn: undo takes back one.
        await pilot.press("u")
        assert board(app).game.move_count == played - 1


async def test_any_other_key_stops_autosolve(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assistant = board(app).assistant
        assistant.pace = 0  # the slowest: nothing moves before the key
        await pilot.press("colon", *"solve", "enter")
        await wait_for(pilot, lambda: assistant.solving)
        await pilot.press("5")
        assert not assistant.solving
        assert board(app).selection is not None  # the key did its own job too
        assert board(app).game.move_count == 0


async def test_speed_command(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"speed 4", "enter")
        assert PACES[board(app).assistant.pace] == 0.25
        assert message(app) == "Auto-solve plays 4 moves a second."
        await pilot.press("colon", *"speed fast", "enter")
        assert board(app).message.tone == "error"


# --------------------------------------------------------------------------- winnable deals only
async def test_winnable_deals_only_skips_an_unsolvable_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 11982 is unsolvable: the solver proves it in about 2 s (a loaded machine gets more time).
    monkeypatch.setattr(assistant_module, "DEAL_SECONDS", 300.0)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assistant = board(app).assistant
        assistant.deal_source = iter([11982, 617]).__next__
        await pilot.press("colon", *"deals winnable", "enter")
        assert assistant.winnable_only
        await pilot.press("n")
        assert message(app) == "Looking for a winnable deal…"
        await wait_for(pilot, lambda: board(app).game.deal_number != 1, seconds=300)
        assert board(app).game.deal_number == 617
        assert message(app) == (
            "Deal 617, a winnable deal. Skipped deal 11982: proved unsolvable. Good luck!"
        )
        # Its solution is known already.
        assert extra(app) == WINNABLE


async def test_winnable_deals_only_is_off_by_default_and_a_move_cancels_the_search(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assistant = board(app).assistant
        assert not assistant.winnable_only
        # The deal chooser runs in the worker: it waits until the player has moved.
        moved = threading.Event()

        def chooser() -> int:
            moved.wait(60)
            return 617

        assistant.deal_source = chooser
        await pilot.press("colon", *"deals winnable", "enter")
        await pilot.press("n")
        assert message(app) == "Looking for a winnable deal…"
        await play(pilot, "3a")  # playing on: the search for a new deal is dropped
        moved.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert board(app).game.deal_number == 1
        assert board(app).game.move_count == 1
        assert message(app) == "3a: 2♥ to free cell a"
        await pilot.press("colon", *"deals any", "enter")
        assert not assistant.winnable_only
        assert message(app) == "New random games: any deal."
