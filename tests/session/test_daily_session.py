"""The daily deal in a session: today's deal, asked first when a game is under way; another
day's daily can be played (it is said not to count for the streak); a day to come is refused."""

from __future__ import annotations

from datetime import date

from freecell_tui.core.daily import daily_deal
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.session import Ask, PlaySession, Step, Tone
from freecell_tui.store import Store

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
    assert played.deal_text == "#28225 · Daily 2026-11-26"
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
    assert played.daily is None and played.deal_text == "#617"
