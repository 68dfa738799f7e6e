"""Statistics figures: played, won, win rate, streaks, best time and fewest moves per deal."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.difficulty import Band, rating
from freecell_tui.core.rules import legal_moves
from freecell_tui.core.variant import SEAHAVEN
from freecell_tui.store import GameResult, Result, Store, compute_statistics, format_duration
from freecell_tui.store.stats import (
    RECENT_GAMES,
    DailyPlay,
    format_statistics,
    statistics_rows,
)

from .helpers import Clock, one_from_won, played

START = datetime(2025, 3, 1, tzinfo=UTC)
TODAY = date(2025, 3, 3)


def _game(
    minute: int,
    result: str,
    deal: int | None = 1,
    moves: int = 80,
    seconds: float = 300,
    *,
    hints: int = 0,
    mode: AutoplayMode | None = None,
) -> GameResult:
    return GameResult(
        deal,
        None if deal is not None else "position text",
        Result(result),
        moves,
        seconds,
        START + timedelta(minutes=minute),
        hints,
        mode,
    )


def test_no_games() -> None:
    stats = compute_statistics([])
    assert (stats.played, stats.won, stats.lost, stats.current_streak, stats.best_streak) == (
        0,
        0,
        0,
        0,
        0,
    )
    assert stats.win_rate is None
    assert stats.win_rate_text == "–"
    assert stats.deals == ()


def test_streaks_run_in_finishing_order_whatever_the_input_order() -> None:
    sequence = "won won left won won won left won won"
    games = [_game(i, result) for i, result in enumerate(sequence.split())]
    stats = compute_statistics(reversed(games))
    assert (stats.played, stats.won, stats.lost) == (9, 7, 2)
    assert stats.best_streak == 3
    assert stats.current_streak == 2
    assert stats.win_rate_text == "78%"
    assert abs(stats.win_rate - 7 / 9) < 1e-12  # type: ignore[operator]


def test_a_loss_at_the_end_breaks_the_current_streak() -> None:
    stats = compute_statistics([_game(0, "won"), _game(1, "won"), _game(2, "left")])
    assert (stats.current_streak, stats.best_streak) == (0, 2)


def test_best_time_and_fewest_moves_per_deal_count_only_wins() -> None:
    games = [
        _game(0, "won", deal=7, moves=90, seconds=400),
        _game(1, "won", deal=7, moves=85, seconds=500),  # fewer moves, slower
        _game(2, "left", deal=7, moves=3, seconds=10),  # a loss never sets a record
        _game(3, "left", deal=8, moves=20, seconds=60),
        _game(4, "won", deal=None, moves=1, seconds=2),
    ]
    stats = compute_statistics(games)
    by_label = {deal.label: deal for deal in stats.deals}
    seven = by_label["#7"]
    assert (seven.played, seven.won, seven.best_seconds, seven.fewest_moves) == (3, 2, 400, 85)
    eight = by_label["#8"]
    assert (eight.played, eight.won, eight.best_seconds, eight.fewest_moves) == (1, 0, None, None)
    assert by_label["custom position"].fewest_moves == 1
    assert [deal.label for deal in stats.deals] == ["custom position", "#8", "#7"]  # latest first


def test_format_duration() -> None:
    assert [format_duration(s) for s in (None, 0, 59.9, 61, 3600, 3725)] == [
        "–",
        "0:00",
        "0:59",
        "1:01",
        "1:00:00",
        "1:02:05",
    ]


def test_the_store_records_wins_and_games_left_with_dates(tmp_path: object) -> None:
    clock = Clock()
    store = Store.in_memory(clock=clock)
    won = one_from_won()
    won = won.play(next(iter(legal_moves(won.state))))
    assert won.state.is_won
    for result_game, seconds in ((played(3, 10), 100), (won, 5), (won, 4)):
        store.autosaves.save(result_game, seconds)
        assert store.autosaves.finish(result_game, seconds) is None
    results = store.results.all().items
    assert [r.result for r in results] == [Result.LEFT, Result.WON, Result.WON]
    assert results[0].deal_number == 3 and results[0].move_count == 10
    assert results[1].finished_at < results[2].finished_at <= clock.now
    stats = store.results.statistics({}, AutoplayMode.SAFE).statistics
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (3, 2, 2, 2)
    custom = next(deal for deal in stats.deals if deal.deal_number is None)
    assert custom.best_seconds == 4


def _random_rows(rng: random.Random, count: int) -> list[tuple[object, ...]]:
    """Finished games as a long history, hand edits and all, leaves them: equal stamps, stamps in
    other forms or unreadable, values of the wrong type, custom positions, unknown modes."""
    stamps = [
        "2025-03-01T10:00:00.000000+00:00",
        "2025-03-01T10:00:00.000000+00:00",  # two games finished at the same moment
        "2025-03-01T12:00:00+02:00",  # the same moment written another way
        "2025-02-30T10:00:00.000000+00:00",  # the form the store writes, not a date
        "0001-01-01T00:00:00.000000+00:00",  # a year no time zone can show
        "yesterday",
        b"\xff\xfe",
        17,
    ]
    rows = []
    for _ in range(count):
        written = (START + timedelta(minutes=rng.randint(0, 50))).isoformat(timespec="microseconds")
        rows.append(
            (
                rng.choice([1, 2, 3, 4, None, None, 0, "5", 2.0]),
                rng.choice(["a position", "another", None, 7]),
                rng.choice(["won", "won", "won", "left", "solved", "maybe", 1]),
                rng.choice([30, 40, 40, 50, -1, "x", 2.5]),
                rng.choice([60.0, 90, 30.5, 1e12, -5, "y"]),
                rng.choice([written] * 6 + stamps),
                rng.choice([0, 0, 3, -2, "z"]),
                rng.choice(["safe", "all", "off", None, "sideways", 4]),
                rng.choice(["2025-03-01", "2025-03-02", "2025-03-03", None, None, "bad", 5]),
                rng.choice([0, 1, 1, 1, "1", 2]),
            )
        )
    return rows


def test_the_statistics_read_by_sqlite_are_those_of_every_game_read_one_by_one() -> None:
    """The statistics come out of one SQL read; over any history they equal what the rules of
    compute_statistics give over the games listed one by one (counts, streaks, each deal's row
    and its par, the order of deals, and how many rows were left out)."""
    pars = {AutoplayMode.SAFE: {1: 20, 2: 21, 3: 22}, AutoplayMode.ALL: {1: 10, 4: 14}}
    for seed in range(40):
        rng = random.Random(seed)
        rows = _random_rows(rng, rng.randint(0, 60))
        store = Store.in_memory()
        connection = store.database.connection
        connection.execute("PRAGMA ignore_check_constraints = ON")  # a hand edit's values
        connection.executemany(
            "INSERT INTO games (deal_number, position, result, move_count, cards_home,"
            " elapsed_seconds, finished_at, hints, autoplay, daily, daily_on_day)"
            " VALUES (?, ?, ?, ?, 52, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        for mode in (AutoplayMode.SAFE, AutoplayMode.OFF):
            listed = store.results.all()
            reading = store.results.statistics(pars, mode, TODAY)
            computed = compute_statistics(listed.items, pars, mode, TODAY)
            assert reading.statistics == computed, seed
            assert reading.problems == listed.problems, seed
        store.close()


# ---------------------------------------------------------------------- one set of rows
def test_the_rows_are_played_then_three_results_that_add_up_to_it() -> None:
    games = [_game(0, "won"), _game(1, "left"), _game(2, "solved"), _game(3, "won", hints=2)]
    stats = compute_statistics(games)
    rows = statistics_rows(stats)
    assert rows == (
        ("Played", "4"),
        ("Won", "2"),
        ("Solved by the computer", "1"),
        ("Lost", "1"),
        ("Win rate", "50%"),
        ("Won with hints", "1"),
        ("Current streak", "1"),
        ("Best streak", "1"),
        ("Daily streak", "0"),
        ("Best daily streak", "0"),
    )
    figures = dict(rows)
    won, solved, lost = (int(figures[name]) for name in ("Won", "Solved by the computer", "Lost"))
    assert won + solved + lost == int(figures["Played"])


def test_the_rows_are_the_same_before_the_first_game() -> None:
    labels = [label for label, _ in statistics_rows(compute_statistics([]))]
    assert labels == [label for label, _ in statistics_rows(compute_statistics([_game(0, "won")]))]


def test_the_text_aligns_every_value_in_one_column() -> None:
    stats = compute_statistics([_game(0, "solved"), _game(1, "won")])
    lines = format_statistics(stats).splitlines()[:8]
    starts = {len(line) - len(line.rsplit("  ", 1)[-1].lstrip()) for line in lines}
    assert len(starts) == 1, lines
    assert lines[2].split("  ")[0] == "Solved by the computer"


# ---------------------------------------------------------------------- the recent results
def test_recent_results_are_the_latest_games_oldest_first() -> None:
    games = [_game(minute, "left") for minute in range(RECENT_GAMES)]
    games += [_game(100, "won"), _game(101, "solved"), _game(102, "won")]
    stats = compute_statistics(reversed(games))
    assert len(stats.recent) == RECENT_GAMES
    assert stats.recent[-3:] == (Result.WON, Result.SOLVED, Result.WON)
    assert set(stats.recent[:-3]) == {Result.LEFT}


def test_moves_over_par_count_the_players_wins_whose_par_is_known() -> None:
    games = [
        _game(0, "won", deal=1, moves=90),
        _game(1, "won", deal=2, moves=40),  # no par known for deal 2
        _game(2, "solved", deal=1, moves=50),  # the computer's: not the player's moves
        _game(3, "won", deal=None, moves=70),  # a custom position has no par
        _game(4, "left", deal=1, moves=20),
        _game(5, "won", deal=1, moves=78, mode=AutoplayMode.OFF),
        _game(6, "won", deal=3, moves=28),  # under par
    ]
    pars = {AutoplayMode.SAFE: {1: 80, 3: 30}, AutoplayMode.OFF: {1: 75}}
    assert compute_statistics(games, pars).over_par == (10, 3, -2)
    # A game that did not record its mode is counted in the mode asked for.
    assert compute_statistics([_game(0, "won", moves=90)], pars, AutoplayMode.OFF).over_par == (15,)


def test_moves_over_par_keep_the_latest_wins() -> None:
    games = [_game(minute, "won", moves=40 + minute) for minute in range(RECENT_GAMES + 5)]
    over_par = compute_statistics(games, {AutoplayMode.SAFE: {1: 40}}).over_par
    assert over_par == tuple(range(5, RECENT_GAMES + 5))


# ---------------------------------------------------------------------- the daily streak
def _daily(day: int, result: str = "won", *, on_day: bool = True) -> GameResult:
    return replace(
        _game(day * 24 * 60, result),
        daily=DailyPlay(date(2025, 3, 1) + timedelta(days=day), on_day),
    )


def test_the_daily_streak_counts_days_in_a_row_won_on_their_day() -> None:
    games = [_daily(0), _daily(1), _daily(2), _daily(4), _daily(5), _game(9000, "left")]
    stats = compute_statistics(games, today=date(2025, 3, 6))
    assert (stats.daily_streak, stats.best_daily_streak) == (2, 3)
    assert stats.current_streak == 0  # the plain streak is another figure


def test_the_daily_streak_waits_for_today_and_ends_after_a_missed_day() -> None:
    games = [_daily(0), _daily(1)]
    assert compute_statistics(games, today=date(2025, 3, 3)).daily_streak == 2  # today to play
    assert compute_statistics(games, today=date(2025, 3, 4)).daily_streak == 0  # a day missed
    assert compute_statistics(games, today=date(2025, 3, 4)).best_daily_streak == 2


def test_a_daily_won_on_another_day_is_a_win_but_not_for_the_streak() -> None:
    games = [_daily(0), _daily(1, on_day=False), _daily(2)]
    stats = compute_statistics(games, today=date(2025, 3, 3))
    assert stats.won == 3
    assert (stats.daily_streak, stats.best_daily_streak) == (1, 1)


def test_a_daily_lost_does_not_count_and_rows_show_the_daily_streaks() -> None:
    games = [_daily(0), _daily(1, "left"), _daily(1), _daily(2, "solved")]
    stats = compute_statistics(games, today=date(2025, 3, 2))
    assert (stats.daily_streak, stats.best_daily_streak) == (2, 2)  # day 1 won at the 2nd try
    rows = dict(statistics_rows(stats))
    assert rows["Daily streak"] == "2" and rows["Best daily streak"] == "2"


def test_statistics_count_wins_per_band() -> None:
    games = [_game(0, "won", 1), _game(1, "won", 2), _game(2, "won", 5), _game(3, "left", 7)]
    stats = compute_statistics(games)
    bands = [rating(n).band for n in (1, 2, 5)]  # type: ignore[union-attr]
    expected = tuple((band, bands.count(band)) for band in Band)
    assert stats.wins_by_band == expected
    line = ", ".join(f"{band} {count}" for band, count in expected)
    assert f"Wins by difficulty: {line}\n" in format_statistics(stats)
    assert "Wins by difficulty" not in format_statistics(compute_statistics([]))
    assert compute_statistics(games, variant=SEAHAVEN).wins_by_band == ()
