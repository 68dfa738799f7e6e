"""The daily deal in line mode: ``daily`` (asked first when a game is under way), ``daily DATE``,
and ``play --plain --daily``; a bad or future date is one line and changes nothing."""

from __future__ import annotations

import argparse
import io
from datetime import date, timedelta

import pytest

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import encode
from freecell_tui.core.daily import daily_deal
from freecell_tui.core.game import Game
from freecell_tui.core.solver import solve
from freecell_tui.core.variant import FREECELL
from freecell_tui.line import LineMode, run_line_mode
from freecell_tui.session import PlaySession
from freecell_tui.session.words import band_phrase
from freecell_tui.store import Store

from .line import line_mode


def test_daily_plays_todays_deal() -> None:
    out = io.StringIO()
    line = line_mode(Game.new(5), out)
    line.handle("daily")
    assert line.session.game.deal_number == daily_deal(line.session.today())
    assert "The daily deal of" in out.getvalue()


def test_daily_asks_first_when_a_game_is_under_way() -> None:
    out = io.StringIO()
    line = line_mode(Game.new(5), out)
    line.handle("3a")
    line.handle("daily")
    assert "Start the daily deal of" in out.getvalue()
    assert line.session.game.deal_number == 5
    line.handle("y")
    assert line.session.daily == line.session.today()


def test_daily_of_a_date() -> None:
    out = io.StringIO()
    line = line_mode(Game.new(5), out)
    line.handle("daily 2026-01-01")
    assert line.session.game.deal_number == daily_deal(date(2026, 1, 1))
    assert line.session.daily == date(2026, 1, 1)
    number = daily_deal(date(2026, 1, 1))
    assert (
        f"Daily 2026-01-01, deal {number}{band_phrase(number, FREECELL)}, 0 moves, 0 of 52 cards home"
        in out.getvalue()
    )


def test_a_bad_or_future_date_is_one_line_and_changes_nothing() -> None:
    tomorrow = (date.today() + timedelta(days=2)).isoformat()
    for text, said in (("daily 2026-13-01", "is not a date"), (f"daily {tomorrow}", "not out")):
        out = io.StringIO()
        line = line_mode(Game.new(5), out)
        line.handle(text)
        assert said in out.getvalue() and len(out.getvalue().strip().splitlines()) == 1
        assert line.session.game.deal_number == 5 and line.session.daily is None


def test_plain_daily_starts_with_the_daily_deal() -> None:
    out = io.StringIO()
    args = argparse.Namespace(deal=None, daily=True, autoplay="safe", ascii=False)
    before = daily_deal(date.today())
    assert run_line_mode(args, stdin=io.StringIO("quit\n"), stdout=out) == 0
    # The date is read once more after the run: a run across midnight may have either day's.
    dealt = {
        f"deal {n}{band_phrase(n, FREECELL)}, 0 moves" for n in (before, daily_deal(date.today()))
    }
    assert any(text in out.getvalue() for text in dealt)


def test_plain_daily_with_a_deal_is_refused() -> None:
    args = argparse.Namespace(deal="617", daily=True, autoplay="safe", ascii=False)
    assert run_line_mode(args, stdin=io.StringIO("quit\n"), stdout=io.StringIO()) == 2


def test_a_daily_won_says_the_share_line_and_the_code() -> None:
    out = io.StringIO()
    day = date(2026, 11, 26)
    session = PlaySession(
        Store.in_memory(), Game.new(5, autoplay=AutoplayMode.OFF), today=lambda: day
    )
    line = LineMode(session, out, par_seconds=0.0)
    line.handle("daily")
    for move in solve(session.game.state, autoplay=AutoplayMode.OFF).moves:
        line.handle(str(move))
    assert session.game.state.is_won
    said = out.getvalue().splitlines()
    share = next(text for text in said if text.startswith("FreeCell daily 2026-11-26 · won in "))
    assert share.endswith(encode(session.game))
    assert "par" not in share.split("·")[1]  # no par known: none said


def test_the_full_screen_game_refuses_daily_with_a_deal_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--daily", "--deal", "5"]) == 2
    err = capsys.readouterr().err
    assert err == "freecell-tui: error: --daily and --deal both choose the deal: give one of them\n"
