"""Schema migrations: a database written by an older freecell-tui opens with everything in it."""

from __future__ import annotations

import json
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import encode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.solver import solve_for_autoplay
from freecell_tui.store import DB_NAME, SCHEMA_VERSION, Par, Result, Store
from freecell_tui.store.schema import MIGRATIONS
from freecell_tui.store.stats import DailyPlay

from .helpers import played


def _version_1(path: Path) -> None:
    """A database as freecell-tui 0.1 left it: one save, one unfinished game, two results."""
    connection = sqlite3.connect(path, isolation_level=None)
    for statement in MIGRATIONS[0]:
        connection.execute(statement)
    connection.execute("PRAGMA user_version = 1")
    game = played(1, 5)
    turns = json.dumps([" ".join(m.notation for m in turn.moves) for turn in game.turns])
    values = (1, None, turns, "[]", "safe", 42.0, game.move_count, game.state.cards_home)
    connection.execute(
        "INSERT INTO slots (name, name_key, deal_number, position, turns, redo, autoplay,"
        " elapsed_seconds, move_count, cards_home, created_at, saved_at)"
        " VALUES ('Old', 'old', ?, ?, ?, ?, ?, ?, ?, ?, '2025-01-01T00:00:00+00:00',"
        " '2025-01-01T00:00:00+00:00')",
        values,
    )
    connection.execute(
        "INSERT INTO autosaves (owner, deal_number, position, turns, redo, autoplay,"
        " elapsed_seconds, move_count, cards_home, saved_at)"
        " VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, '2025-01-02T00:00:00+00:00')",
        values,
    )
    for result in ("won", "left"):
        connection.execute(
            "INSERT INTO games (deal_number, position, result, move_count, cards_home,"
            " elapsed_seconds, finished_at) VALUES (7, NULL, ?, 90, 52, 300,"
            " '2025-01-03T00:00:00+00:00')",
            (result,),
        )
    connection.close()


def test_a_version_1_database_is_migrated_with_everything_kept(tmp_path: Path) -> None:
    _version_1(tmp_path / DB_NAME)
    opened = Store.open(tmp_path)
    assert opened.warnings == ()
    store = opened.store
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 8
    assert store.slots.load("old").game == played(1, 5)
    assert store.slots.load("old").game.hints == 0
    found = store.autosaves.offer()
    assert found.saved is not None and found.saved.game == played(1, 5)
    assert [r.result for r in store.results.all().items] == [Result.WON, Result.LEFT]
    # Games finished before version 3 did not record their autoplay mode.
    assert [r.autoplay for r in store.results.all().items] == [None, None]
    # The new parts work on the migrated file.
    store.autosaves.save(played(1, 6).with_hint(), 50)
    store.autosaves.finish(played(1, 6), 51)
    assert store.results.all().items[-1].result is Result.LEFT
    assert store.results.all().items[-1].autoplay is AutoplayMode.SAFE
    store.pars.keep(Par(1, AutoplayMode.SAFE, 30, "3a"), 10.0)
    assert store.pars.get(1, AutoplayMode.SAFE) == Par(1, AutoplayMode.SAFE, 30, "3a")
    store.close()


def test_a_shorter_par_replaces_a_longer_one_never_the_reverse() -> None:
    store = Store.in_memory()
    assert store.pars.get(5, AutoplayMode.ALL) is None
    store.pars.keep(Par(5, AutoplayMode.ALL, 40, "long"), 1.0)
    store.pars.keep(Par(5, AutoplayMode.ALL, 30, "short"), 1.0)
    store.pars.keep(Par(5, AutoplayMode.ALL, 35, "longer again"), 1.0)
    assert store.pars.get(5, AutoplayMode.ALL) == Par(5, AutoplayMode.ALL, 30, "short")
    assert store.pars.get(5, AutoplayMode.SAFE) is None


def test_a_par_kept_before_version_4_is_no_par_until_a_finished_search_replaces_it(
    tmp_path: Path,
) -> None:
    """Before version 4 a par search cut short by its few seconds was kept as par ("par 63" for
    deal 617, whose beams find 46), and a later win "beat" it."""
    path = tmp_path / DB_NAME
    connection = sqlite3.connect(path, isolation_level=None)
    for step in MIGRATIONS[:3]:
        for statement in step:
            connection.execute(statement)
    connection.execute("PRAGMA user_version = 3")
    connection.execute(
        "INSERT INTO pars (deal_number, autoplay, moves, solution, budget_seconds, found_at)"
        " VALUES (617, 'safe', 63, 'cut short', 3.0, '2025-01-01T00:00:00+00:00')"
    )
    connection.close()
    store = Store.open(tmp_path).store
    assert store.pars.get(617, AutoplayMode.SAFE) is None
    assert store.pars.all() == {}
    store.pars.keep(Par(617, AutoplayMode.SAFE, 70, "finished"), 120.0)  # even a longer one
    assert store.pars.get(617, AutoplayMode.SAFE) == Par(617, AutoplayMode.SAFE, 70, "finished")
    store.pars.keep(Par(617, AutoplayMode.SAFE, 80, "longer"), 120.0)  # never worse after
    store.pars.keep(Par(617, AutoplayMode.SAFE, 46, "shorter"), 120.0)  # better, always
    assert store.pars.all() == {AutoplayMode.SAFE: {617: 46}}
    store.close()


@pytest.mark.parametrize("lowered_to", [0, 1, 2, 3])
def test_a_version_lowered_by_hand_migrates_again_and_keeps_every_save(
    tmp_path: Path, lowered_to: int
) -> None:
    """Issue 23: ``duplicate column name: autoplay``, then "No saves yet"."""
    store = Store.open(tmp_path).store
    store.slots.save("mine", played(1, 5), 42)
    store.autosaves.finish(Game.new(2, autoplay=AutoplayMode.ALL).play(Move.parse("3a")), 10)
    store.close()
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        connection.execute(f"PRAGMA user_version = {lowered_to}")
    opened = Store.open(tmp_path)
    assert opened.warnings == ()
    assert opened.store.path is not None
    assert opened.store.slots.load("mine").game == played(1, 5)
    assert [r.autoplay for r in opened.store.results.all().items] == [AutoplayMode.ALL]  # not lost
    opened.store.close()
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_version_5_database_gains_the_daily_columns_and_keeps_its_games(tmp_path: Path) -> None:
    connection = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    for step in MIGRATIONS[:5]:
        for statement in step:
            connection.execute(statement)
    connection.execute("PRAGMA user_version = 5")
    connection.execute(
        "INSERT INTO games (deal_number, position, result, move_count, cards_home,"
        " elapsed_seconds, finished_at, autoplay, code) VALUES (7, NULL, 'won', 90, 52, 300,"
        " '2025-01-03T00:00:00+00:00', 'safe', NULL)"
    )
    connection.close()
    opened = Store.open(tmp_path)
    assert opened.warnings == ()
    store = opened.store
    with sqlite3.connect(tmp_path / DB_NAME) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 8
    (old,) = store.results.all().items
    assert old.deal_number == 7 and old.result is Result.WON and old.daily is None
    # A daily finished on the migrated file is kept with its date.
    store.autosaves.finish(played(1, 6), 51, DailyPlay(date(2026, 11, 26), on_day=True))
    assert store.results.all().items[-1].daily == DailyPlay(date(2026, 11, 26), True)
    # And a daily in progress keeps its date.
    store.autosaves.save(played(1, 4), 20, date(2026, 11, 26))
    latest = store.autosaves.latest()
    assert latest is not None and latest.daily == date(2026, 11, 26)
    store.close()


def test_a_version_7_database_makes_each_won_game_shorter_than_par_its_par(
    tmp_path: Path,
) -> None:
    """Issue 37: par was the solver's alone, and could be longer than a game the player had
    won. Migrating to version 8 folds the wins kept into the pars: saves and games survive."""
    won, moves = won_game(1)
    won_4, moves_4 = won_game(4)
    connection = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    for step in MIGRATIONS[:7]:
        for statement in step:
            connection.execute(statement)
    connection.execute("PRAGMA user_version = 7")
    games = (
        # deal 1's win, shorter than its par, and a longer win of it; deal 2's win, longer than
        # its par; deal 3 (no par) with a code of another deal's game, and one that does not read.
        (1, won.move_count, encode(won)),
        (1, won.move_count + 5, encode(won)),
        (2, 80, encode(won)),
        (3, won.move_count, encode(won)),
        (3, won.move_count, "FC-not-a-code"),
        # deal 4's win, which no par was known for.
        (4, won_4.move_count, encode(won_4)),
    )
    for number, count, code in games:
        connection.execute(
            "INSERT INTO games (deal_number, result, move_count, cards_home, elapsed_seconds,"
            " finished_at, autoplay, code) VALUES (?, 'won', ?, 52, 300,"
            " '2025-01-03T00:00:00+00:00', 'safe', ?)",
            (number, count, code),
        )
    for number, count in ((1, won.move_count + 10), (2, 70)):
        connection.execute(
            "INSERT INTO pars (deal_number, autoplay, moves, solution, budget_seconds, found_at,"
            " complete) VALUES (?, 'safe', ?, 'the solver''s', 10.0, '2025-01-03', 1)",
            (number, count),
        )
    connection.close()
    opened = Store.open(tmp_path)
    assert opened.warnings == ()
    store = opened.store
    solution = " ".join(map(str, moves))
    assert store.pars.get(1, AutoplayMode.SAFE) == Par(
        1, AutoplayMode.SAFE, won.move_count, solution, won=True, searched=True
    )
    assert store.pars.get(2, AutoplayMode.SAFE) == Par(2, AutoplayMode.SAFE, 70, "the solver's")
    assert store.pars.get(3, AutoplayMode.SAFE) is None  # its codes are no game of it: skipped
    assert store.pars.get(4, AutoplayMode.SAFE) is None  # no par to beat yet
    assert len(store.results.all().items) == len(games)
    # The solver's par of deal 4, longer than the game won before: the game's line is par.
    assert store.pars.keep(Par(4, AutoplayMode.SAFE, won_4.move_count + 3, "longer"), 60) is None
    assert store.pars.get(4, AutoplayMode.SAFE) == Par(
        4, AutoplayMode.SAFE, won_4.move_count, " ".join(map(str, moves_4)), won=True
    )
    store.close()


def won_game(number: int) -> tuple[Game, tuple[Move, ...]]:
    """Deal ``number`` won with autoplay safe (the fast solution), and its moves."""
    moves = solve_for_autoplay(deal(number), AutoplayMode.SAFE).moves
    won = Game.new(number)
    for move in moves:
        won = won.play(move)
    assert won.state.is_won
    return won, moves
