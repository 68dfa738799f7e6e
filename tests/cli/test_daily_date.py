"""``--daily DATE``: the daily deal of an earlier date, played from the command line. Won, it is
a win, but not for the daily streak, which counts only dailies won on their own day; a date
that does not read, or is still to come, is one line."""

from __future__ import annotations

import io
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.daily import daily_deal
from freecell_tui.core.game import Game
from freecell_tui.core.solver import solve_for_autoplay
from freecell_tui.core.variant import FREECELL, parse_variant
from freecell_tui.session.words import band_phrase
from freecell_tui.store import Store


def plain(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *argv: str, stdin: str = "quit\n"
) -> tuple[int, str, str]:
    """``freecell-tui ARGV`` (line mode) in this process: its exit code, output and errors."""
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    code = main([*argv, "--data-dir", str(tmp_path)])
    return code, out.getvalue(), err.getvalue()


def test_daily_date_plays_that_dates_deal_before_or_after_the_subcommand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    day = date(2026, 1, 1)
    number = daily_deal(day)
    for argv in (
        ["play", "--plain", "--daily", "2026-01-01"],
        ["--daily", "2026-01-01", "play", "--plain"],
        ["play", "--daily=2026-01-01", "--plain"],
    ):
        code, out, err = plain(tmp_path, monkeypatch, *argv)
        assert (code, err) == (0, ""), argv
        assert f"Daily 2026-01-01, deal {number}{band_phrase(number, FREECELL)}, 0 moves" in out, (
            argv
        )


def test_daily_alone_before_a_subcommand_is_todays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = date.today()
    code, out, err = plain(tmp_path, monkeypatch, "--daily", "play", "--plain")
    assert (code, err) == (0, "")
    days = {before, date.today()}  # a run across midnight may have either
    assert any(
        f"Daily {day.isoformat()}, deal {daily_deal(day)}{band_phrase(daily_deal(day), FREECELL)}, 0 moves"
        in out
        for day in days
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("2026-13-01", "'2026-13-01' is not a date: write it as 2026-11-26"),
        ("yesterday", "'yesterday' is not a date: write it as 2026-11-26"),
        ((date.today() + timedelta(days=2)).isoformat(), "is not out yet: today is "),
    ],
)
def test_a_bad_or_future_date_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, said: str
) -> None:
    for argv, prog in (
        (["--daily", text], "freecell-tui"),
        (["play", "--plain", "--daily", text], "freecell-tui play"),
    ):
        code, out, err = plain(tmp_path, monkeypatch, *argv)
        assert (code, out) == (2, ""), argv
        assert err.startswith(f"{prog}: error: --daily: ") and said in err, err
        assert err.count("\n") == 1
    assert not any(tmp_path.iterdir())  # refused before anything was opened


def won_daily(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, day: date) -> None:
    """Play the daily deal of ``day`` to a win in line mode, from the command line."""
    start = Game.new(daily_deal(day)).start
    moves = solve_for_autoplay(start, AutoplayMode.SAFE).moves
    script = "".join(f"{move}\n" for move in moves) + "q\n"
    code, out, err = plain(
        tmp_path, monkeypatch, "play", "--plain", "--daily", day.isoformat(), stdin=script
    )
    assert (code, err) == (0, "")
    assert "Another game?" in out


def test_yesterdays_daily_won_today_is_a_win_but_does_not_extend_the_daily_streak(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    today = date.today()
    won_daily(tmp_path, monkeypatch, today - timedelta(days=1))
    store = Store.open(tmp_path).store
    stats = store.results.statistics({}, AutoplayMode.SAFE, today).statistics
    last = store.results.last()
    store.close()
    assert (stats.won, stats.daily_streak, stats.best_daily_streak) == (1, 0, 0)
    assert last is not None and last.daily is not None
    assert (last.daily.day, last.daily.on_day) == (today - timedelta(days=1), False)

    won_daily(tmp_path, monkeypatch, today)  # today's, won today: it counts
    store = Store.open(tmp_path).store
    stats = store.results.statistics({}, AutoplayMode.SAFE, today).statistics
    store.close()
    assert (stats.won, stats.daily_streak, stats.best_daily_streak) == (2, 1, 1)


def test_daily_with_a_game_plays_that_games_daily_in_each_front_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from freecell_tui.cli import play as play_module
    from freecell_tui.cli.serve import served_argv
    from freecell_tui.core.variant import SEAHAVEN

    day = date(2026, 11, 26)
    code, out, err = plain(
        tmp_path, monkeypatch, "play", "--plain", "--daily", "2026-11-26", "--game", "seahaven"
    )
    assert (code, err) == (0, "")
    assert daily_deal(day, SEAHAVEN) == 12519
    assert "Seahaven Towers, daily 2026-11-26, deal 12519, 0 moves" in out
    code, out, err = plain(
        tmp_path / "two", monkeypatch, "play", "--plain", "--daily=2026-11-26", "--cells", "2"
    )
    assert (code, err) == (0, "")
    number = daily_deal(day, parse_variant(None, 2))
    assert (
        f"FreeCell (2 cells), daily 2026-11-26, deal {number}{band_phrase(number, parse_variant('freecell', 2))}, 0 moves"
        in out
    )
    # The full-screen game (and serve's tabs, which run it) takes them together too.
    asked: dict[str, object] = {}

    def run_app(**options: object) -> int:
        asked.update(options)
        return 0

    monkeypatch.setattr("freecell_tui.ui.app.run_app", run_app)
    monkeypatch.setattr(play_module, "terminal_missing", lambda: None)
    assert main(["--daily", "2026-11-26", "--game", "seahaven", "--data-dir", str(tmp_path)]) == 0
    assert (asked["daily"], asked["variant"]) == (day, SEAHAVEN)
    argv = served_argv(tmp_path, daily=day, variant=SEAHAVEN)
    assert "--daily=2026-11-26" in argv and argv[argv.index("--game") + 1] == "seahaven"
