"""Statistics figures: played, won, win rate, streaks, best time and fewest moves per deal."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.rules import legal_moves
from freecell_tui.store import GameResult, Result, Store, compute_statistics, format_duration

from .helpers import Clock, one_from_won, played

START = datetime(2025, 3, 1, tzinfo=UTC)


def _game(
    minute: int, result: str, deal: int | None = 1, moves: int = 80, seconds: float = 300
) -> GameResult:
    return GameResult(
        deal,
        None if deal is not None else "position text",
        Result(result),
        moves,
        seconds,
        START + timedelta(minutes=minute),
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
            " elapsed_seconds, finished_at, hints, autoplay) VALUES (?, ?, ?, ?, 52, ?, ?, ?, ?)",
            rows,
        )
        for mode in (AutoplayMode.SAFE, AutoplayMode.OFF):
            listed = store.results.all()
            reading = store.results.statistics(pars, mode)
            assert reading.statistics == compute_statistics(listed.items, pars, mode), seed
            assert reading.problems == listed.problems, seed
        store.close()
