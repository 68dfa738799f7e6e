"""The review in the full-screen viewer, as a player uses it: a lost game's marks beside the move
that lost it and the last winnable one, the jump to them, the winning line shown and played on
from; a win beside par; the review stopped when the viewer closes; a par it found kept; the deal
games' ``w``; a board that shows no hover (see ui/screens/viewer.py and viewer_review.py)."""

from __future__ import annotations

import threading
from functools import cache, partial
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.worker import Worker, WorkerState

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import encode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import legal_moves
from freecell_tui.session import review as review_module
from freecell_tui.session.par import find_par
from freecell_tui.session.review import LAST_WINNABLE, LOST_HERE, Review, review
from freecell_tui.store import Par, Store
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.screens import viewer as viewer_module
from freecell_tui.ui.screens.deal_games import DealGamesScreen
from freecell_tui.ui.screens.stats import StatsScreen
from freecell_tui.ui.screens.viewer import ViewerScreen
from freecell_tui.ui.screens.viewer_review import review_tags, review_word
from freecell_tui.ui.widgets.move_list import Tag, badge, tagged

from ..session.test_review import DEAL, losing_move, played, solution
from .helpers import SIZE, background_on, game, lines, look, make_app, type_command, wait_for
from .positions import kings_left_game

#: The step whose move loses the game (the moves before it are the solver's).
K = 11
#: Generous bounds: the searches end long before them, on a loaded machine too.
SECONDS = 120.0


@cache
def lost_game() -> Game:
    """Deal 617: the solver's first K-1 moves, then a move that loses it, then three more (the
    review tests' own game: their solution and losing move, worked out once a process)."""
    game = played(solution()[: K - 1])
    game = game.play(losing_move(game))
    for _ in range(3):
        game = game.play(next(legal_moves(game.state)))
    return game


@cache
def quick_par() -> Par:
    """A par of deal 617 found by a narrow search (its one beam ran: a finished search)."""
    search = find_par(DEAL, AutoplayMode.SAFE, widths=(300,))
    assert search.complete and search.par is not None
    return search.par


@pytest.fixture(autouse=True)
def generous_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ViewerScreen, "review_seconds", SECONDS)


def viewer(app: FreeCellApp) -> ViewerScreen:
    screen = app.screen
    assert isinstance(screen, ViewerScreen), f"the viewer is not on top: {screen!r}"
    return screen


def status(screen: ViewerScreen) -> str:
    return lines(screen.status)[0].strip()


def listed(screen: ViewerScreen, number: int) -> str:
    """The move list's line of step ``number`` as drawn."""
    for line in lines(screen.moves):
        entry = line.lstrip("▊ ").strip()  # the list's border, then its padding
        if entry.startswith(f"{number}: "):
            return entry
    raise AssertionError(f"step {number} is not drawn: {lines(screen.moves)}")


async def open_viewer(pilot: Pilot[None], watched: Game) -> ViewerScreen:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    await type_command(pilot, f"watch {encode(watched)}")
    await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the viewer")
    return viewer(app)


async def reviewed(pilot: Pilot[None], screen: ViewerScreen) -> None:
    await wait_for(pilot, lambda: screen.found is not None, "the review", SECONDS)


def review_workers(app: FreeCellApp) -> list[Worker[object]]:
    return [worker for worker in app.workers if worker.group == "viewer-review"]


async def test_a_lost_game_is_marked_and_the_winning_line_plays_on(tmp_path: Path) -> None:
    lost = lost_game()
    app = make_app(tmp_path, deal=DEAL)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, lost)
        assert screen.found is None and not screen.reviewing  # an unfinished game: asked for
        await pilot.press("r")
        assert screen.reviewing or screen.found is not None
        await reviewed(pilot, screen)
        found = screen.found
        assert found is not None and found.kind == "lost"
        assert screen.message.text == (
            f"{found.summary} m jumps to the marked moves, W shows the winning line."
        )
        assert screen.message.text.startswith(f"Move {K} lost it: after move {K - 1}")
        assert f"lost at move {K}" in status(screen)
        # The marks beside their moves, each in its own colour, not the list's.
        assert LAST_WINNABLE in listed(screen, K - 1) and LOST_HERE in listed(screen, K)
        plain = background_on(screen.moves, f"{K - 2}: ")
        good = background_on(screen.moves, LAST_WINNABLE)
        bad = background_on(screen.moves, LOST_HERE)
        assert len({frozenset(plain), frozenset(good), frozenset(bad)}) == 3
        # m jumps to the last winnable step, then to the move that lost it, then back.
        await pilot.press("m")
        assert screen.replay.at == K - 1 and screen.message.text.endswith(f"— {LAST_WINNABLE}")
        await pilot.press("m")
        assert screen.replay.at == K and screen.message.text.endswith(f"— {LOST_HERE}")
        await pilot.press("m")
        assert screen.replay.at == K - 1
        # W: the winning line after the last winnable step, in place of the moves that lost.
        await pilot.press("end", "W")
        assert screen.replay.at == K - 1 and screen.board.state == lost.states[K - 1]
        line = [turn.move for turn in found.line]
        steps = screen.replay.steps
        assert [step.state for step in steps[:K]] == list(lost.states[:K])
        assert [step.notation for step in steps[K:]] == [turn.notation for turn in found.line]
        assert screen.replay.game.state.is_won
        assert screen.message.text.startswith(f"The winning line: {len(line)} moves")
        assert LOST_HERE not in " ".join(lines(screen.moves))
        assert "from move 10" in status(screen)
        await pilot.press("t")
        await wait_for(pilot, lambda: app.screen is app.game_screen, "the game")
        now = game(app)
        assert now.move_count == K - 1 and now.state == lost.states[K - 1]
        for move in line:  # the position played on is winnable: the winning line wins it
            now = now.play(move)
        assert now.state.is_won


async def test_a_win_longer_than_par_shows_pars_line_beside_it(tmp_path: Path) -> None:
    won = played(solution())
    par = quick_par()
    assert par.moves < won.move_count
    store = Store.open(tmp_path).store
    store.pars.keep(par, 60)
    store.close()
    app = make_app(tmp_path, deal=None, watch=won)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the viewer")
        screen = viewer(app)
        assert screen.reviewing or screen.found is not None  # a won game: reviewed as it opens
        await reviewed(pilot, screen)
        found = screen.found
        assert found is not None and found.par == par.moves and found.par_known
        more = won.move_count - par.moves
        parts = found.differs_at
        assert parts is not None
        assert (
            f"won in {won.move_count}, par {par.moves}: {more} more; left par's line at move "
            f"{parts}" in status(screen)
        )
        # Par's move beside the player's where they part, and at each move after.
        pars = [turn.notation.split()[0] for turn in found.line]
        assert f"differs from par: {pars[parts - 1]}" in listed(screen, parts)
        assert f"par: {pars[parts]}" in listed(screen, parts + 1)
        await pilot.press("m")
        assert screen.replay.at == parts
        # Issue 37: the step's words end with par's moves from its own move at the step where
        # the lines part (they began with its next one).
        assert f"differs from par · par: {' '.join(pars[parts - 1 : parts + 2])}" in (
            screen.message.text
        )
        await pilot.press("W")  # par's line itself, on the step where the lines parted
        assert screen.replay.game.move_count == par.moves and screen.replay.game.state.is_won
        assert screen.replay.at == parts - 1
        assert screen.message.text.endswith("W goes back to yours.")
        # Issue 37: W again goes back to the player's line (only leaving did), on the same move.
        await pilot.press("right", "W")
        assert screen.replay.game == won and screen.replay.at == parts
        assert not screen.line_shown and screen.watched == f"deal {DEAL}"
        assert screen.message.text.startswith(f"Your line again, on move {parts}")
        assert f"differs from par: {pars[parts - 1]}" in listed(screen, parts)  # the tags too
        await pilot.press("W")  # and to par's line again
        assert screen.line_shown and screen.replay.game.move_count == par.moves


async def test_the_review_stops_when_the_viewer_closes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    returned = threading.Event()

    def watched_review(game: Game, **options: Any) -> Review:
        try:
            return review(game, **options)
        finally:
            returned.set()

    monkeypatch.setattr(viewer_module, "review", watched_review)
    won = played(solution())  # no par in the store: the review searches for it, for long
    app = make_app(tmp_path, deal=DEAL)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, won)
        await wait_for(pilot, lambda: bool(review_workers(app)), "the review to start")
        (worker,) = review_workers(app)
        assert screen.reviewing and worker.state is WorkerState.RUNNING
        await pilot.press("q")
        assert app.screen is app.game_screen
        await wait_for(pilot, returned.is_set, "the review's search to stop", 10)
        assert worker.state is WorkerState.CANCELLED
        assert screen.found is None  # a review stopped is never shown
        await pilot.press("1", "a")  # the game goes on
        assert game(app).move_count == 1
    assert app.crash_report is None


async def test_a_par_the_review_found_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    won = played(solution())
    # A narrow search: it finishes fast, and a finished search's par is par.
    monkeypatch.setattr(review_module, "find_par", partial(find_par, widths=(300,)))
    app = make_app(tmp_path, deal=1)
    async with app.run_test(size=SIZE) as pilot:
        assert app.session.store.pars.get(DEAL, AutoplayMode.SAFE) is None
        screen = await open_viewer(pilot, won)
        await reviewed(pilot, screen)
        kept = app.session.store.pars.get(DEAL, AutoplayMode.SAFE)
        assert kept is not None and kept == quick_par()
        assert screen.found is not None and screen.found.par_known
        await pilot.press("q")  # watched again: par comes from the store, no search
        screen = await open_viewer(pilot, won)
        await reviewed(pilot, screen)
        assert screen.found is not None and screen.found.par_known
        assert screen.found.search is None


async def test_w_on_a_deals_games_watches_that_game_and_t_plays_on(tmp_path: Path) -> None:
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
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, DealGamesScreen), "the games")
        games = app.screen
        await pilot.press("w")
        screen = viewer(app)
        assert screen.replay.game == won
        await reviewed(pilot, screen)  # a finished game: reviewed as it opens
        await pilot.press("q")
        assert app.screen is games
        await pilot.press("w", "right", "right", "t")
        await wait_for(pilot, lambda: app.screen is app.game_screen, "the game")
        assert game(app).move_count == 2 and game(app).state == won.states[2]


async def test_the_viewers_board_shows_no_hover(tmp_path: Path) -> None:
    """The pointer anywhere over a column changes nothing drawn in the viewer; over the game's
    board, the same pointer shows what a click would pick up."""
    watched = played(solution()[:3])
    app = make_app(tmp_path, start=watched)
    async with app.run_test(size=SIZE) as pilot:
        below = app.game_screen.board.query_one("#col-1")
        offsets = [(3, y) for y in range(below.size.height)]
        screen = await open_viewer(pilot, watched)
        await pilot.press("end")
        column = screen.board.query_one("#col-1")
        plain = look(column)
        for offset in offsets:
            await pilot.hover(column, offset=offset)
            assert look(column) == plain, f"a hover at {offset} is drawn in the viewer"
        await pilot.press("q")
        plain = look(below)
        changed = []
        for offset in offsets:
            await pilot.hover(below, offset=offset)
            changed.append(look(below) != plain)
        assert any(changed)  # the game's board does show a hover there


def test_the_status_line_says_reviewing_then_the_gist() -> None:
    lost = lost_game()
    assert review_word(None, reviewing=True) == "reviewing…"
    assert review_word(None, reviewing=False) == ""
    found = review(lost, seconds=SECONDS)
    assert review_word(found, reviewing=False) == f"lost at move {K}"
    assert review_word(found, reviewing=False, line_shown=True) == ""  # the title says it
    tags = review_tags(found)
    assert tags == {K - 1: Tag(LAST_WINNABLE, "good"), K: Tag(LOST_HERE, "bad")}
    shown = review_tags(found, line_shown=True)
    assert shown == {K - 1: Tag(LAST_WINNABLE, "good"), K: Tag("winning line", "good")}


def test_a_tag_sits_right_after_the_moves_notation() -> None:
    """Cutting a long entry to the list's width eats the words, never the tag."""
    tag = Tag(LOST_HERE, "bad")
    text, start = tagged("27: 72 6h — 9♥ to empty column 7", "27: 72 6h", tag)
    assert text == "27: 72 6h  lost here  — 9♥ to empty column 7"
    assert text[start : start + len(badge(tag))] == " lost here "
    assert tagged("27: 72 6h", "27: 72 6h", None) == ("27: 72 6h", -1)
