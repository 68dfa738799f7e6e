"""The solver on the board, played with Pilot: the hint (drawn), the winnability check in the
status line, the "no card can go home" notice, auto-solve's keys and "winnable deals only".

The solver runs in thread workers: the tests wait for what the player would see, each wait with
a deadline that fails saying what never came. The hint counts for each autoplay mode are checked
in ``tests/session/test_analysis.py``; choosing a winnable deal in ``test_deal_choice.py``.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from textual.app import App

from freecell_tui.core import solver as solver_package
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game
from freecell_tui.core.solver import SolveResult, solve_for_autoplay
from freecell_tui.core.variant import parse_variant
from freecell_tui.session import analysis
from freecell_tui.session.analysis import Analysis
from freecell_tui.ui.assist.assistant import Assistant
from freecell_tui.ui.screens import game as game_screen
from freecell_tui.ui.screens.dialogs import StuckScreen
from freecell_tui.ui.screens.help import HelpScreen

from .helpers import (
    COMPACT,
    SIZE,
    changed_piles,
    colour_on,
    game,
    hinted,
    looks,
    make_app,
    message,
    pile_widget,
    status_text,
    theme_colour,
    timers_clock_moves,
    tone,
    wait_for,
)

#: From deal 1: four moves that keep it winnable, then 52, which loses it (the solver proves it
#: in milliseconds: the free cells are full).
DEAL_1_WINNABLE = ("5a", "7c", "6d", "4b")
DEAL_1_LOSING = "52"
#: From deal 1: after these, no line of play brings another card home (seed 004's end).
DEAL_1_OVER = ("1b", "2d", "bc", "1a", "7b", "87", "58")
#: How long a solver answer may take on a loaded machine before the test fails.
SOLVER = 60.0
LOST_1 = "no longer winnable — undo 1 move"
LOST_2 = "no longer winnable — undo 2 moves"
LOOKING = "Looking for a winnable deal…"


def extra(app: object) -> str:
    return app.game_screen.status.extra  # type: ignore[attr-defined, no-any-return]


# --------------------------------------------------------------------------- the hint
async def test_the_hint_lights_up_its_move_and_any_move_puts_it_out(tmp_path: Path) -> None:
    expected = solve_for_autoplay(deal(1), AutoplayMode.SAFE, shorten=True).moves[0]
    assert str(expected) == "7a"
    length = len(solve_for_autoplay(deal(1), AutoplayMode.SAFE, shorten=True).moves)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        plain = looks(app)
        await pilot.press("i")
        await wait_for(pilot, lambda: hinted(app), "the hint", SOLVER)
        assert message(app) == f"Hint: 7a — 8♣ to free cell a ({length} moves win from here)."
        # Drawn: the card that moves and where it goes, in the hint's colour and double lines;
        # nothing else.
        assert changed_piles(app, plain) == {"col-7", "cell-a"}
        assert colour_on(pile_widget(app, "cell-a"), "╔═") == {theme_colour(app, "card-hint")}
        await pilot.press("escape")  # hides it
        assert changed_piles(app, plain) == set()
        app.game_screen.run_command("hint")  # the same, typed; known now: no search
        await pilot.pause()
        assert changed_piles(app, plain) == {"col-7", "cell-a"}
        await pilot.press("3", "b")  # any move puts it out
        assert changed_piles(app, plain) == {"col-3", "cell-b"}


async def test_a_search_answering_after_the_hint_was_asked_does_not_answer_the_hint(
    tmp_path: Path,
) -> None:
    """The board's "can a card still go home" search may post its answer just before the hint's
    search replaces it. That answer (no solution looked for) is not the hint's: it once made the
    board say "No hint — no longer winnable." on a winnable deal, and the hint never came."""
    length = len(solve_for_autoplay(deal(1), AutoplayMode.SAFE, shorten=True).moves)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        await app.workers.wait_for_complete()  # the home search of the first position is done
        # The race, made certain: what the i key runs, and at once a home search's answer for
        # this position (queued before the hint's search could answer).
        screen.action_hint()
        screen.post_message(
            Assistant.Analysed(screen.assistant.token, game(app), Analysis(home=True))
        )
        answered = ("Hint: 7a", "No hint")
        await wait_for(pilot, lambda: message(app).startswith(answered), "an answer", SOLVER)
        assert message(app) == f"Hint: 7a — 8♣ to free cell a ({length} moves win from here)."


# --------------------------------------------------------------------------- winnability
async def test_the_status_line_says_winnable_then_how_far_back_a_lost_game_was_or_nothing(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, check=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: extra(app) == "winnable", "deal 1 checked", SOLVER)
        assert status_text(app).endswith("Run ≤5  winnable")
        await pilot.press(*DEAL_1_WINNABLE[0])
        assert status_text(app).endswith("checking…")  # at once; the search runs meanwhile
        for move in DEAL_1_WINNABLE[1:]:
            await pilot.press(*move)
        await wait_for(pilot, lambda: extra(app) == "winnable", "winnable still", SOLVER)
        await pilot.press(*DEAL_1_LOSING)
        await wait_for(pilot, lambda: extra(app) == LOST_1, "the loss found", SOLVER)
        assert status_text(app).endswith(LOST_1)
        assert message(app) == "No longer winnable: undo 1 move to get back to a winnable position."
        await pilot.press("7", "4")
        await wait_for(pilot, lambda: extra(app) == LOST_2, "two moves to undo", SOLVER)
        # Undo and redo know the answers already: no "checking…" in between.
        await pilot.press("u")
        assert extra(app) == LOST_1
        await pilot.press("u")
        assert extra(app) == "winnable"
        await pilot.press("ctrl+y")
        assert extra(app) == LOST_1
        await pilot.press("i")  # no hint in a lost game: how far back instead
        assert message(app) == (
            "No hint — no longer winnable: undo 1 move to get back to a winnable position."
        )
        assert tone(app) == "error"
        # A narrow line keeps the number to undo: less important parts go first, then its
        # short form.
        await pilot.resize_terminal(*COMPACT)
        await pilot.pause()
        line = status_text(app)
        assert line.endswith(LOST_1) and "Autoplay" not in line and len(line) <= COMPACT[0]
        await pilot.resize_terminal(30, COMPACT[1])
        await pilot.pause()
        assert status_text(app) == " lost: undo 1"
        await pilot.resize_terminal(*COMPACT)
        # No spoilers: the check can be switched off, and on again.
        app.game_screen.run_command("winnable off")
        assert message(app) == "Winnability check off: no spoilers (i still gives a hint)."
        await pilot.pause()
        assert status_text(app).endswith("Run ≤1")  # nothing after the run limit
        await pilot.press("u", "ctrl+y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert status_text(app).endswith("Run ≤1")
        app.game_screen.run_command("winnable on")
        await wait_for(pilot, lambda: extra(app) == LOST_1, "the check, on again")
        assert status_text(app).endswith(LOST_1)
        app.game_screen.run_command("winnable maybe")
        assert message(app) == "winnable: say winnable on or winnable off"
        assert tone(app) == "error"


async def test_when_no_card_can_go_home_the_game_is_over(tmp_path: Path) -> None:
    app = make_app(tmp_path, check=True)
    async with app.run_test(size=SIZE) as pilot:
        for move in DEAL_1_OVER:
            await pilot.press(*move)
        assert game(app).move_count == len(DEAL_1_OVER)  # moves are left
        await wait_for(pilot, lambda: isinstance(app.screen, StuckScreen), "the notice", SOLVER)
        notice = app.screen
        assert isinstance(notice, StuckScreen)
        assert notice.title_text == "No card can go home any more"
        assert notice.body_text == (
            "Moves are left, but no sequence of them brings another card home: this game is "
            "over. u undoes 1 move, back to a winnable position; r restarts the deal; n starts "
            "a new game."
        )
        await pilot.press("u")
        assert game(app).move_count == len(DEAL_1_OVER) - 1
        assert message(app) == "Undid 58 (redo plays it again)."
        assert extra(app) == "winnable"


# --------------------------------------------------------------------------- auto-solve's keys
async def test_auto_solves_keys(tmp_path: Path) -> None:
    length = len(solve_for_autoplay(deal(1), AutoplayMode.SAFE, shorten=True).moves)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        autosolver = app.game_screen.autosolver
        app.game_screen.run_command("speed 0.5")  # a move every 2 s: the keys come first
        assert message(app) == "Auto-solve plays one move every 2 s."
        await pilot.press("p")
        await wait_for(pilot, lambda: autosolver.solving, "auto-solve's plan", SOLVER)
        assert message(app) == (
            f"Auto-solve: {length} moves to a win, one move every 2 s; + faster, − slower, Esc "
            "stops."
        )
        await pilot.press("plus")  # faster: it plays on
        assert autosolver.solving and message(app) == "Auto-solve: one move every 1.5 s."
        assert app.settings.solve_speed == pytest.approx(1 / 1.5)  # kept for next time
        await pilot.press("minus")
        assert autosolver.solving and message(app) == "Auto-solve: one move every 2 s."
        await wait_for(pilot, lambda: game(app).move_count == 1, "the first move", SOLVER)
        assert message(app) == f"Auto-solve 1/{length}: 7a: 8♣ to free cell a"
        await pilot.press("escape")
        assert not autosolver.solving
        assert message(app) == "Auto-solve stopped after 1 move: u undoes them one by one."
        await pilot.press("u")  # each step was one turn
        assert game(app).move_count == 0

        await pilot.press("p")  # the plan is known now: it starts at once
        assert autosolver.solving
        await pilot.press("5")  # any other key stops it, and does its own job too
        assert not autosolver.solving and game(app).move_count == 0
        picked = "Picked up from column 5. It may go to: a b c d."
        assert message(app) == picked
        await pilot.pause()  # and the key's own message stays: nothing said later replaces it
        await pilot.pause(0.2)
        assert message(app) == picked
        await pilot.press("5")  # put down
        await pilot.press("p")
        assert autosolver.solving
        await pilot.press("left")  # a key that says nothing: the stop is said
        assert not autosolver.solving
        assert message(app) == "Auto-solve stopped after 0 moves."
        app.game_screen.run_command("speed fast")
        assert message(app) == "speed: give moves a second from 0.5 to 10, as speed 2"
        assert tone(app) == "error"


# --------------------------------------------------------------------------- winnable deals only
async def test_winnable_deals_only_looks_for_a_deal_of_the_game_being_played(
    tmp_path: Path,
) -> None:
    """With no free cell, deal 1 is proved lost at once (it needs three) and deal 164 is won:
    the search is of the game on the board, not classic FreeCell, and the deal found says what
    it needs."""
    no_cell = Game.new(5, variant=parse_variant("freecell", 0))
    app = make_app(tmp_path, None, no_cell, deal_source=iter([1, 164]).__next__)
    async with app.run_test(size=SIZE) as pilot:
        app.game_screen.run_command("deals winnable")
        await pilot.press("n")
        await wait_for(pilot, lambda: game(app).deal_number == 164, "deal 164", SOLVER)
        assert game(app).state.variant.cells == 0
        assert message(app) == (
            "Deal 164 (needs no free cell), a winnable deal. Skipped deal 1: proved unsolvable. "
            "Good luck!"
        )


async def test_winnable_deals_only_skips_an_unsolvable_deal_and_a_move_drops_the_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = solver_package.solve_for_autoplay
    unsolvable = deal(11982)

    def solver(state, mode, **options):  # type: ignore[no-untyped-def]
        """The solver, but deal 11982 is proved unsolvable at once (really: seconds)."""
        if state == unsolvable:
            return SolveResult("unsolvable", (), 0.0, 0)
        return real(state, mode, **options)

    monkeypatch.setattr(solver_package, "solve_for_autoplay", solver)
    # Deal 617's search (31,048 positions) within the deal's time on a loaded machine too.
    monkeypatch.setattr(analysis, "DEAL_SECONDS", SOLVER)
    app = make_app(tmp_path, check=True, deal_source=iter([11982, 617]).__next__)
    async with app.run_test(size=SIZE) as pilot:
        assistant = app.game_screen.assistant
        assert not assistant.winnable_only  # off unless chosen
        app.game_screen.run_command("deals winnable")
        assert message(app) == (
            "New random games: winnable deals only (deals the solver proves unsolvable are "
            "skipped)."
        )
        await pilot.press("n")  # "Looking for a winnable deal…" (checked below), then:
        await wait_for(pilot, lambda: game(app).deal_number == 617, "deal 617", SOLVER)
        assert message(app) == (
            "Deal 617 (expert), a winnable deal. Skipped deal 11982: proved unsolvable. Good luck!"
        )
        assert extra(app) == "winnable"  # its solution is known already

        # The next search waits until the player has moved: the move drops it.
        moved = threading.Event()

        def chooser() -> int:
            moved.wait(SOLVER)
            return 5

        assistant.deal_source = chooser
        await pilot.press("n")
        await wait_for(pilot, lambda: message(app) == LOOKING, "the search", SOLVER)
        await pilot.press("3", "a")
        assert message(app) == "3a: K♣ to free cell a"
        moved.set()
        # 3a loses deal 617 (a proof of 25,216 positions): the check of the move says so.
        lost = "No longer winnable: undo 1 move to get back to a winnable position."
        await wait_for(pilot, lambda: message(app) == lost, "the check of 3a", SOLVER)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert game(app).deal_number == 617 and game(app).move_count == 1
        assert message(app) == lost  # the dropped search's deal never came
        app.game_screen.run_command("deals any")
        assert not assistant.winnable_only
        assert message(app) == "New random games: any deal."


async def test_a_dead_end_found_under_another_screen_is_told_when_the_board_is_back(
    tmp_path: Path,
) -> None:
    """The search that finds the dead end may answer while help (or the saves, a question) is
    open over the board: the notice comes once the board is on top again, not never."""
    app = make_app(tmp_path)  # the check off: the notice is sent here by hand
    async with app.run_test(size=SIZE) as pilot:
        for move in DEAL_1_OVER:
            await pilot.press(*move)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        app.game_screen.post_message(Assistant.Over(None))  # the answer comes now
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)  # nothing is pushed over what is read
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, StuckScreen), "the notice")
        # Not when the game changed under the screen (as a save loaded from the saves screen
        # changes it): the assistant speaks for the new position.
        app.screen.dismiss(None)
        await pilot.press("question_mark")
        await pilot.pause()
        app.game_screen.post_message(Assistant.Over(None))
        await pilot.pause()
        app.game_screen.show(app.game_screen.session.restart())
        app.screen.dismiss(None)  # help closes
        await pilot.pause()
        assert app.screen is app.game_screen
        assert game(app).move_count == 0


@pytest.mark.slow
async def test_the_dead_end_notice_waits_until_the_player_stops_typing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in the background while the player types: keys typed for the board must not land
    in the notice and answer it (``r`` restarted the deal, ``b`` of ``1b`` was lost)."""
    # A longer quiet time than the game's 0.6 s: a loaded machine's pause never outlasts it.
    monkeypatch.setattr(game_screen, "QUIET_BEFORE_NOTICE", 2.0)
    app = make_app(tmp_path)  # the check off: the notice is sent here by hand, when wanted
    async with app.run_test(size=SIZE) as pilot:
        for move in DEAL_1_OVER:
            await pilot.press(*move)
        screen = app.game_screen
        await pilot.press("u")  # the player is typing: 58 undone, about to be played again
        screen.post_message(Assistant.Over(None))  # the notice for this position arrives
        await pilot.pause()
        assert not isinstance(app.screen, StuckScreen)  # held: a key came a moment ago
        await wait_for(pilot, lambda: isinstance(app.screen, StuckScreen), "the notice")
        app.screen.dismiss(None)
        await pilot.pause()
        # The position changes while a notice waits: that notice is dropped (the assistant
        # speaks again for the new position, if it is a dead end too).
        await pilot.press("5")  # typing again
        screen.post_message(Assistant.Over(None))  # for this position
        await pilot.press("u")  # and the player undoes one more move
        assert game(app).move_count == len(DEAL_1_OVER) - 2
        await pilot.pause(game_screen.QUIET_BEFORE_NOTICE + 0.3)
        assert not isinstance(app.screen, StuckScreen)


async def test_a_dead_end_notice_due_a_moment_later_still_comes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quiet time after the last key may have a hair's breadth left when the notice
    arrives: the notice waits that long, never for good (Textual's one-shot timer drops a wait
    shorter than the time between its task's two first reads of the clock)."""

    class Clock:
        """The game screen's clock: once the time ``next`` (when set), else the real one."""

        next: float | None = None

        def monotonic(self) -> float:
            now, self.next = self.next, None
            return time.monotonic() if now is None else now

    clock = Clock()
    monkeypatch.setattr(game_screen, "time", clock)
    monkeypatch.setattr(game_screen, "QUIET_BEFORE_NOTICE", 0.0)  # the retry shows it at once
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for move in DEAL_1_OVER:
            await pilot.press(*move)
        # The game's own notice for this position (no card can go home) comes first.
        await wait_for(pilot, lambda: isinstance(app.screen, StuckScreen), "the game's notice")
        app.screen.dismiss(None)
        await pilot.pause()
        screen = app.game_screen
        with timers_clock_moves():
            clock.next = screen._last_input - 1e-9  # the notice is due a nanosecond later
            screen.post_message(Assistant.Over(None))
            await wait_for(pilot, lambda: isinstance(app.screen, StuckScreen), "the notice")


async def test_textual_s_one_shot_timer_drops_a_wait_shorter_than_its_clock_reads() -> None:
    """Why the game screen's one-shot waits are SHORTEST_WAIT at least. When this fails,
    Textual fires them: the floor may go."""
    fired: list[float] = []
    app = App[None]()
    async with app.run_test() as pilot:
        with timers_clock_moves():
            for delay in (1e-9, game_screen.SHORTEST_WAIT):
                app.set_timer(delay, lambda delay=delay: fired.append(delay))
            await wait_for(pilot, lambda: game_screen.SHORTEST_WAIT in fired, "the floor's wait")
            await pilot.pause(0.05)
    assert fired == [game_screen.SHORTEST_WAIT]
