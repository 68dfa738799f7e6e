"""The daily deal in a session: today's deal, asked first when a game is under way; another
day's daily can be played (it is said not to count for the streak); a day to come is refused."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import encode
from freecell_tui.core.daily import daily_deal
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import legal_moves
from freecell_tui.core.solver import solve
from freecell_tui.core.variant import EIGHT_OFF
from freecell_tui.session import Ask, PlaySession, Step, Tone
from freecell_tui.store import Par, Result, Store, format_duration
from freecell_tui.store.stats import DailyPlay

TODAY = date(2026, 11, 26)


def session(game: Game | None = None) -> PlaySession:
    return PlaySession(
        Store.in_memory(), game or Game.new(5), deal_source=lambda: 42, today=lambda: TODAY
    )


def test_daily_deals_todays_deal_and_names_it() -> None:
    played = session()
    step = played.leave_for_daily()
    assert isinstance(step, Step) and step.new_game
    assert played.game.deal_number == daily_deal(TODAY) == 28225
    assert played.daily == TODAY
    assert played.deal_text == "#28225 · easy · Daily 2026-11-26"
    assert "daily deal of 2026-11-26" in step.said and "streak" not in step.said


def test_a_game_under_way_is_asked_about_first() -> None:
    played = session(Game.new(5).play(Move.parse("3a")))
    asked = played.leave_for_daily()
    assert isinstance(asked, Ask)
    assert asked.question.title == "Start the daily deal of 2026-11-26?"
    assert "recorded as a loss" in asked.question.detail
    assert played.game.deal_number == 5 and played.daily is None  # nothing changes before yes
    asked.yes()
    assert played.game.deal_number == 28225 and played.daily == TODAY


def test_yesterdays_daily_is_played_and_said_not_to_count() -> None:
    played = session()
    yesterday = date(2026, 11, 25)
    step = played.leave_for_daily(yesterday)
    assert isinstance(step, Step)
    assert played.game.deal_number == daily_deal(yesterday) and played.daily == yesterday
    assert "does not count for the daily streak" in step.said


def test_a_day_to_come_is_refused_and_changes_nothing() -> None:
    played = session()
    step = played.leave_for_daily(date(2026, 11, 27))
    assert isinstance(step, Step) and step.tone is Tone.ERROR
    assert "not out yet" in step.said and "\n" not in step.said
    assert played.game.deal_number == 5 and played.daily is None


def test_another_deal_is_no_daily() -> None:
    played = session()
    played.leave_for_daily()
    played.new_game(617)
    assert played.daily is None and played.deal_text == "#617 · expert"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def win(played: PlaySession, clock: Clock) -> None:
    """Play the solver's solution of the game's deal, one move a second."""
    for move in solve(played.game.state, autoplay=AutoplayMode.OFF).moves:
        clock.now += 1.0
        played.play(move)
    assert played.game.state.is_won


def daily_session(today: date = TODAY) -> tuple[PlaySession, Clock, Store]:
    clock = Clock()
    store = Store.in_memory()
    played = PlaySession(
        store,
        Game.new(5, autoplay=AutoplayMode.OFF),
        clock=clock,
        deal_source=lambda: 42,
        today=lambda: today,
    )
    return played, clock, store


def test_a_daily_won_on_its_day_is_kept_with_its_date_and_shared_without_spoilers() -> None:
    played, clock, store = daily_session()
    played.leave_for_daily()
    win(played, clock)
    (result,) = store.results.all().items
    assert result.daily == DailyPlay(TODAY, on_day=True)
    moves = played.game.move_count
    share = f"FreeCell daily 2026-11-26 · won in {moves} moves · {format_duration(clock.now)}"
    assert played.share_line() == share  # no par known: no par part
    assert played.win_text().splitlines()[-1] == f"{share}  {encode(played.game)}"
    stats = store.results.statistics({}, AutoplayMode.OFF, TODAY).statistics
    assert (stats.daily_streak, stats.best_daily_streak) == (1, 1)


def test_the_share_line_gives_par_when_it_is_known() -> None:
    played, clock, store = daily_session()
    played.leave_for_daily()
    store.pars.keep(Par(28225, AutoplayMode.OFF, 77, "3a"), 10.0)
    win(played, clock)
    assert f"moves, par 77 · {format_duration(clock.now)}" in (played.share_line() or "")


def test_yesterdays_daily_won_today_is_a_win_but_not_for_the_streak() -> None:
    played, clock, store = daily_session()
    played.leave_for_daily(date(2026, 11, 25))
    win(played, clock)
    (result,) = store.results.all().items
    assert result.result is Result.WON
    assert result.daily == DailyPlay(date(2026, 11, 25), on_day=False)
    stats = store.results.statistics({}, AutoplayMode.OFF, TODAY).statistics
    assert (stats.won, stats.daily_streak, stats.best_daily_streak) == (1, 0, 0)
    assert (played.share_line() or "").startswith("FreeCell daily 2026-11-25 · won in")


def test_a_daily_left_for_another_game_is_a_loss_of_that_daily() -> None:
    played, _clock, store = daily_session()
    played.leave_for_daily()
    played.play(next(iter(legal_moves(played.game.state))))
    played.new_game(617)
    (result,) = store.results.all().items
    assert result.result is Result.LEFT and result.daily == DailyPlay(TODAY, on_day=True)


def test_a_game_not_daily_has_no_share_line() -> None:
    played, clock, _store = daily_session()
    played.new_game(28225)
    win(played, clock)
    assert played.share_line() is None
    assert "FreeCell daily" not in played.win_text()


def test_a_daily_quit_and_resumed_is_still_that_daily(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    first = PlaySession(store, Game.new(5, autoplay=AutoplayMode.OFF), today=lambda: TODAY)
    first.leave_for_daily()
    first.play(next(iter(legal_moves(first.game.state))))
    first.close()
    store = Store.open(tmp_path).store
    offer = store.autosaves.offer().saved
    assert offer is not None and offer.daily == TODAY
    clock = Clock()
    again = PlaySession(store, Game.new(9), clock=clock, offer=offer, today=lambda: TODAY)
    assert again.daily is None  # the offer is not taken up yet
    again.resume_offer()
    assert again.daily == TODAY and again.deal_text == "#28225 · easy · Daily 2026-11-26"
    win(again, clock)
    assert store.results.all().items[-1].daily == DailyPlay(TODAY, on_day=True)
    store.close()


def test_a_daily_declined_at_the_resume_prompt_is_a_loss_of_that_daily(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    first = PlaySession(store, Game.new(5), today=lambda: TODAY)
    first.leave_for_daily()
    first.play(next(iter(legal_moves(first.game.state))))
    first.close()
    store = Store.open(tmp_path).store
    offer = store.autosaves.offer().saved
    again = PlaySession(store, Game.new(9), offer=offer, today=lambda: date(2026, 11, 27))
    again.decline_offer()
    (result,) = store.results.all().items
    assert result.result is Result.LEFT
    assert result.daily == DailyPlay(TODAY, on_day=False)  # declined the next day
    assert again.daily is None
    store.close()


def test_each_game_has_its_own_daily_and_its_own_daily_streak() -> None:
    clock = Clock()
    store = Store.in_memory()
    played = PlaySession(
        store,
        Game.new(5, autoplay=AutoplayMode.OFF, variant=EIGHT_OFF),
        clock=clock,
        today=lambda: TODAY,
    )
    asked = played.leave_for_daily()
    assert isinstance(asked, Step) and asked.new_game
    assert played.game.start.variant == EIGHT_OFF  # today's Eight Off, not FreeCell's daily
    assert played.game.deal_number == daily_deal(TODAY, EIGHT_OFF) == 25945
    assert asked.said == "The Eight Off daily of 2026-11-26: deal 25945. Good luck!"
    assert played.deal_text == "#25945 · Eight Off · Daily 2026-11-26"
    played.play(Move.parse("2b"))
    question = played.leave_for_daily()
    assert isinstance(question, Ask)
    assert question.question.title == "Start the Eight Off daily of 2026-11-26?"
    played.restart()
    win(played, clock)
    assert (played.share_line() or "").startswith("Eight Off daily 2026-11-26 · won in ")
    eight_off = store.results.statistics({}, AutoplayMode.OFF, TODAY, EIGHT_OFF).statistics
    assert (eight_off.won, eight_off.daily_streak) == (1, 1)
    freecell = store.results.statistics({}, AutoplayMode.OFF, TODAY).statistics
    assert (freecell.played, freecell.daily_streak) == (0, 0)  # FreeCell's daily is its own
