"""The store as a player uses it: save slots, names, the game in progress, statistics."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import legal_moves
from freecell_tui.store import DB_NAME, SCHEMA_VERSION, ErrorKind, Result, Store, StoreError

from .helpers import Clock, one_from_won, played, with_redo


@pytest.fixture
def store(tmp_path: Path) -> Store:
    opened = Store.open(tmp_path, clock=Clock())
    assert opened.warnings == ()
    return opened.store


# ---------------------------------------------------------------------- the database file
def test_open_creates_one_database_in_wal_mode_with_the_current_schema(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "new" / "dir").store
    assert store.path is not None
    path = tmp_path / "new" / "dir" / DB_NAME
    assert store.path == path
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert {"slots", "autosaves", "games", "meta"} <= tables
    store.close()


def test_reopening_keeps_everything(tmp_path: Path) -> None:
    game = played()
    first = Store.open(tmp_path).store
    first.slots.save("keep", game, 30)
    first.close()
    second = Store.open(tmp_path)
    assert second.warnings == ()
    assert second.store.slots.load("keep").game == game


# ---------------------------------------------------------------------- slots
def test_save_and_load_restore_position_history_redo_settings_and_time(store: Store) -> None:
    game = with_redo(played(deal_number=617, turns=15), undone=4).with_autoplay(AutoplayMode.ALL)
    info = store.slots.save("Deal 617", game, 95.5)
    assert game.move_count >= 5
    assert (info.name, info.deal_number, info.move_count) == ("Deal 617", 617, game.move_count)
    loaded = store.slots.load("Deal 617")
    assert loaded.game == game
    assert loaded.game.state == game.state
    assert loaded.game.redo_tail == game.redo_tail
    assert loaded.game.autoplay is AutoplayMode.ALL
    assert loaded.elapsed_seconds == 95.5
    assert loaded.name == "Deal 617"
    # Redo after loading replays exactly what was undone.
    assert loaded.game.redo().state == game.redo().state


def test_custom_positions_are_saved_as_positions(store: Store) -> None:
    game = one_from_won()
    store.slots.save("custom", game, 1)
    assert store.slots.all().items[0].deal_label == "custom"
    assert store.slots.load("custom").game.start == game.start


def test_list_shows_name_deal_moves_cards_home_and_time_newest_first(store: Store) -> None:
    store.slots.save("older", played(5, 3), 10)
    store.slots.save("newer", played(6, 20), 20)
    slots = store.slots.all().items
    assert [slot.name for slot in slots] == ["newer", "older"]
    newer = slots[0]
    game = played(6, 20)
    assert (newer.deal_number, newer.move_count, newer.cards_home, newer.elapsed_seconds) == (
        6,
        game.move_count,
        game.state.cards_home,
        20.0,
    )


def test_a_taken_name_is_refused_unless_overwriting(store: Store) -> None:
    store.slots.save("mine", played(1, 2), 1)
    with pytest.raises(StoreError) as caught:
        store.slots.save("MINE", played(2, 2), 2)
    assert caught.value.kind is ErrorKind.EXISTS
    assert "“mine” already exists" in caught.value.message
    assert store.slots.load("mine").game == played(1, 2)  # untouched
    store.slots.save("mine", played(2, 2), 2, overwrite=True)
    assert store.slots.load("mine").game == played(2, 2)
    assert len(store.slots.all().items) == 1


def test_rename_and_delete(store: Store) -> None:
    store.slots.save("a", played(1, 2), 1)
    store.slots.save("b", played(2, 2), 1)
    with pytest.raises(StoreError) as caught:
        store.slots.rename("a", "B")
    assert caught.value.kind is ErrorKind.EXISTS
    assert store.slots.rename("a", "  A new name ") == "A new name"
    assert store.slots.rename("A NEW NAME", "A New Name") == "A New Name"  # case change only
    assert {slot.name for slot in store.slots.all().items} == {"A New Name", "b"}
    store.slots.delete("b")
    assert [slot.name for slot in store.slots.all().items] == ["A New Name"]
    for action in (lambda: store.slots.delete("b"), lambda: store.slots.load("b")):
        with pytest.raises(StoreError) as caught:
            action()
        assert caught.value.kind is ErrorKind.NOT_FOUND
        assert "no save named “b”" in caught.value.message


@pytest.mark.parametrize(
    "name",
    [
        'It\'s "quoted"',
        "Robert'); DROP TABLE slots;--",
        "' OR '1'='1",
        "Partie à Noël ♥ 🂡",
        "日本語のセーブ",
        "[bold red]not markup[/]",
        "x" * 40,
        "%s %d {0} \\N",
    ],
)
def test_awkward_names_are_stored_exactly(store: Store, name: str) -> None:
    store.slots.save(name, played(3, 4), 7)
    store.slots.save("other", played(4, 4), 7)
    assert name in [slot.name for slot in store.slots.all().items]
    assert store.slots.load(name).game == played(3, 4)
    store.slots.rename(name, name + "!" if len(name) < 40 else name[:-1])
    assert len(store.slots.all().items) == 2  # the SQL text did nothing to the table


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "cannot be empty"),
        ("    ", "cannot be empty"),
        ("x" * 41, "at most 40 characters; this one has 41"),
        ("x" * 1000, "at most 40 characters; this one has 1,000"),
        ("two\nlines", "character 4 is a line break (U+000A)"),
        ("tab\there", "character 4 is a tab (U+0009)"),
        ("esc\x1b[31m", "character 4 is an escape (U+001B)"),
        ("nul\x00", "character 4 is a control character (U+0000)"),
        ("zero\u200bwidth", "character 5 is zero width space (U+200B)"),
    ],
)
def test_bad_names_are_refused_with_a_message(store: Store, name: str, message: str) -> None:
    store.slots.save("fine", played(1, 2), 1)
    for action in (
        lambda: store.slots.save(name, played(1, 2), 1),
        lambda: store.slots.rename("fine", name),
    ):
        with pytest.raises(StoreError) as caught:
            action()
        assert caught.value.kind is ErrorKind.INVALID_NAME
        assert message in caught.value.message
    assert [slot.name for slot in store.slots.all().items] == ["fine"]


def test_a_save_that_does_not_replay_is_reported_by_name_and_left_untouched(
    tmp_path: Path,
) -> None:
    store = Store.open(tmp_path).store
    store.slots.save("broken", played(1, 6), 1)
    store.slots.save("good", played(2, 6), 1)
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        connection.execute(
            """UPDATE slots SET turns = '["1a", "1b", "1c", "1d", "1a"]' WHERE name = 'broken'"""
        )
    with pytest.raises(StoreError) as caught:
        store.slots.load("broken")
    assert caught.value.kind is ErrorKind.INVALID_SAVE
    assert "The save “broken” cannot be loaded: move 5: 1a" in caught.value.message
    assert "left as it was" in caught.value.message
    assert [slot.name for slot in store.slots.all().items] == ["good", "broken"]
    assert store.slots.load("good").game == played(2, 6)
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        connection.execute("UPDATE slots SET turns = 'not json' WHERE name = 'good'")
    with pytest.raises(
        StoreError, match="“good” cannot be loaded: its list of moves is unreadable"
    ):
        store.slots.load("good")


# ---------------------------------------------------------------------- the game in progress
def test_autosave_then_a_new_store_offers_the_exact_game(tmp_path: Path) -> None:
    game = with_redo(played(11982, 25), 2)
    first = Store.open(tmp_path).store
    assert first.autosaves.save(game, 61.25) is None
    first.close()
    second = Store.open(tmp_path).store
    found = second.autosaves.offer()
    assert found.problems == ()
    assert found.saved is not None
    assert found.saved.game == game
    assert found.saved.game.state == game.state
    assert found.saved.elapsed_seconds == 61.25


def test_autosave_keeps_one_row_per_copy_and_follows_every_move(store: Store) -> None:
    game = Game.new(42)
    for turns in range(1, 8):
        game = played(42, turns)
        assert store.autosaves.save(game, turns) is None
    rows = store.database.read("count", "SELECT COUNT(*) FROM autosaves")
    assert rows == [(1,)]
    other = Store.open(store.path.parent).store  # type: ignore[union-attr]
    # The first copy is still open, so its game is not offered to the second.
    assert other.autosaves.offer().saved is None
    store.close()
    assert other.autosaves.offer().saved.game == game  # type: ignore[union-attr]


def test_a_game_without_moves_is_not_kept(store: Store) -> None:
    assert store.autosaves.save(played(9, 3), 5) is None
    assert store.autosaves.save(Game.new(9), 0) is None  # a new deal: nothing to lose
    store.close()
    reopened = Store.open(store.path.parent).store  # type: ignore[union-attr]
    assert reopened.autosaves.offer().saved is None


def test_resume_continues_the_same_row_and_finish_records_and_clears(tmp_path: Path) -> None:
    first = Store.open(tmp_path).store
    first.autosaves.save(played(8, 5), 10)
    first.close()
    second = Store.open(tmp_path).store
    saved = second.autosaves.offer().saved
    assert saved is not None
    assert second.autosaves.switch_to(saved) is None
    later = saved.game.play(next(iter(legal_moves(saved.game.state))))
    assert second.autosaves.save(later, 12) is None
    assert second.database.read("count", "SELECT COUNT(*) FROM autosaves") == [(1,)]
    assert second.autosaves.finish(later, 12) is None
    assert second.database.read("count", "SELECT COUNT(*) FROM autosaves") == [(0,)]
    results = second.results.all().items
    assert [(r.deal_number, r.result, r.move_count) for r in results] == [
        (8, Result.LEFT, later.move_count)
    ]


def test_choosing_a_new_game_at_the_prompt_records_the_old_one_as_left(tmp_path: Path) -> None:
    first = Store.open(tmp_path).store
    first.autosaves.save(played(8, 5), 10)
    first.close()
    second = Store.open(tmp_path).store
    saved = second.autosaves.offer().saved
    assert saved is not None
    assert second.autosaves.discard(saved) is None
    assert second.autosaves.offer().saved is None
    assert second.results.statistics({}, AutoplayMode.SAFE).statistics.played == 1


def test_loading_a_slot_sets_the_current_game_aside(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    current = played(21, 9)
    store.autosaves.save(current, 33)
    store.slots.save("slot", played(22, 4), 5)
    assert store.autosaves.set_aside() is None  # the screen calls this before switching games
    loaded = store.slots.load("slot")
    store.autosaves.save(loaded.game.play(next(iter(legal_moves(loaded.game.state)))), 6)
    assert store.database.read("count", "SELECT COUNT(*) FROM autosaves") == [(2,)]
    store.close()
    # Both games are still there; the one played last is offered first.
    again = Store.open(tmp_path).store
    offered = again.autosaves.offer().saved
    assert offered is not None and offered.game.deal_number == 22
    again.autosaves.discard(offered)
    offered = again.autosaves.offer().saved
    assert offered is not None and offered.game == current


def test_a_won_game_is_recorded_as_won(store: Store) -> None:
    game = one_from_won().play(Move.parse("1h"))
    assert game.state.is_won
    store.autosaves.save(game, 3)
    assert store.autosaves.finish(game, 3) is None
    stats = store.results.statistics({}, AutoplayMode.SAFE).statistics
    assert (stats.played, stats.won, stats.current_streak) == (1, 1, 1)
    assert stats.deals[0].label == "custom position"
    assert stats.deals[0].fewest_moves == 1


def test_finishing_a_game_without_moves_records_nothing(store: Store) -> None:
    assert store.autosaves.finish(Game.new(3), 0) is None
    assert store.results.statistics({}, AutoplayMode.SAFE).statistics.played == 0


def test_reset_statistics_keeps_saves(store: Store) -> None:
    store.slots.save("kept", played(1, 2), 1)
    store.autosaves.finish(played(1, 2), 1)
    store.autosaves.finish(played(2, 2), 1)
    assert store.results.reset() == 2
    assert store.results.statistics({}, AutoplayMode.SAFE).statistics.played == 0
    assert [slot.name for slot in store.slots.all().items] == ["kept"]


def test_in_memory_store_works_the_same(tmp_path: Path) -> None:
    store = Store.in_memory()
    assert store.path is None
    store.slots.save("m", played(1, 3), 1)
    assert store.slots.load("m").game == played(1, 3)


def test_a_game_set_aside_can_be_taken_up_again_from_the_list(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    current = played(21, 9)
    store.autosaves.save(current, 33)
    store.slots.save("slot", played(22, 4), 5)
    # The player loads "slot": the game screen switches to it and autosaves.
    loaded = store.slots.load("slot")
    assert store.autosaves.switch_to(loaded) is None
    store.autosaves.save(loaded.game, loaded.elapsed_seconds)
    [waiting] = store.autosaves.all().items  # the game set aside, not this copy's own
    assert (waiting.deal_number, waiting.move_count, waiting.deal_label) == (21, 9, "#21")
    # ... and later takes the set-aside game up again.
    again = store.autosaves.load(waiting.autosave_id)
    assert again.game == current and again.elapsed_seconds == 33
    assert store.autosaves.switch_to(again) is None
    later = again.game.play(next(iter(legal_moves(again.game.state))))
    store.autosaves.save(later, 40)
    [other] = store.autosaves.all().items
    assert other.deal_number == 22  # the slot's game is now the one set aside
    assert store.database.read("count", "SELECT COUNT(*) FROM autosaves") == [(2,)]
    store.close()
    assert Store.open(tmp_path).store.autosaves.offer().saved.game == later  # type: ignore[union-attr]


def test_unfinished_games_of_a_running_copy_are_not_listed(tmp_path: Path) -> None:
    one = Store.open(tmp_path).store
    two = Store.open(tmp_path).store
    one.autosaves.save(played(1, 3), 1)
    assert two.autosaves.all().items == ()
    with pytest.raises(StoreError) as caught:
        two.autosaves.load(12345)
    assert caught.value.kind is ErrorKind.NOT_FOUND
