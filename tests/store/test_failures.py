"""The bad things that must not lose a game: kill -9, a damaged file, a read-only or full data
dir, two copies of the game on one data dir."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.store import DB_NAME, ErrorKind, Store, StoreError

from .helpers import Clock, played

ROOT = Path(__file__).resolve().parents[2]


def _child(script: str, *args: str) -> subprocess.Popen[str]:
    """A separate Python process running ``script`` (it can import the package and the helpers)."""
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script), *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


# ---------------------------------------------------------------------- kill -9
_AUTOSAVING_PLAYER = """
    import sys, time
    from freecell_tui.store import Store
    from tests.store.helpers import played

    store = Store.open(sys.argv[1]).store
    stop_at, deal = int(sys.argv[2]), int(sys.argv[3])
    for turns in range(1, 1000):
        error = store.autosaves.save(played(deal, turns), turns * 1.5)
        assert error is None, error
        print(turns, flush=True)
        if turns == stop_at:
            time.sleep(60)  # mid-game, waiting for the next move: the parent kills us here
"""


def test_kill_9_mid_game_then_starting_again_offers_the_exact_game(tmp_path: Path) -> None:
    child = _child(_AUTOSAVING_PLAYER, str(tmp_path), "17", "11982")
    assert child.stdout is not None
    for line in child.stdout:
        if line.strip() == "17":
            break
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL

    opened = Store.open(tmp_path)
    assert opened.warnings == ()
    found = opened.store.autosaves.offer()
    assert found.problems == ()
    assert found.saved is not None
    expected = played(11982, 17)
    assert found.saved.game == expected
    assert found.saved.game.state == expected.state
    assert found.saved.elapsed_seconds == 17 * 1.5


def test_kill_9_while_writing_never_damages_the_saves(tmp_path: Path) -> None:
    """Killed at an arbitrary moment in a tight loop of writes: the file opens cleanly and the
    game offered is one the child had saved (at least the last one it reported)."""
    child = _child(_AUTOSAVING_PLAYER, str(tmp_path), "100000", "5")
    assert child.stdout is not None
    reported = 0
    for line in child.stdout:
        reported = int(line)
        if reported >= 40:
            break
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)

    opened = Store.open(tmp_path)
    assert opened.warnings == ()
    saved = opened.store.autosaves.offer().saved
    assert saved is not None
    turns = saved.game.move_count
    assert turns >= reported
    assert saved.game == played(5, turns)


# ---------------------------------------------------------------------- a damaged file
def test_a_damaged_database_is_moved_aside_and_a_fresh_one_started(tmp_path: Path) -> None:
    garbage = b"this is not a database, it is a shopping list\n" * 200
    (tmp_path / DB_NAME).write_bytes(garbage)
    opened = Store.open(tmp_path)
    assert len(opened.warnings) == 1
    warning = opened.warnings[0]
    assert "The save file was damaged" in warning
    assert "moved aside" in warning and "a new, empty one was started" in warning
    aside = [path for path in tmp_path.iterdir() if ".damaged-" in path.name]
    assert len(aside) == 1
    assert aside[0].read_bytes() == garbage  # nothing thrown away
    assert str(aside[0]) in warning
    # The name carries a timestamp: freecell-tui.damaged-YYYYmmdd-HHMMSS.sqlite3
    assert aside[0].name.startswith("freecell-tui.damaged-20")
    store = opened.store
    assert store.path is not None
    store.slots.save("fresh", played(1, 3), 1)
    assert store.slots.load("fresh").game == played(1, 3)


def test_a_database_damaged_inside_is_caught_at_open(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    for number in range(60):
        store.slots.save(f"slot {number}", played(number + 1, 30), number)
    store.close()
    path = tmp_path / DB_NAME
    data = bytearray(path.read_bytes())
    assert len(data) > 8 * 4096
    for offset in range(4096 * 2, len(data) - 4096, 4096):  # scribble over every page but the first
        data[offset + 8 : offset + 200] = b"\xa5" * 192
    path.write_bytes(bytes(data))
    opened = Store.open(tmp_path)
    assert any("damaged" in warning for warning in opened.warnings)
    assert opened.store.path is not None
    assert opened.store.slots.all().items == ()


def test_a_database_from_a_newer_version_is_left_untouched(tmp_path: Path) -> None:
    Store.open(tmp_path).store.close()
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        connection.execute("PRAGMA user_version = 99")
    before = (tmp_path / DB_NAME).read_bytes()
    opened = Store.open(tmp_path)
    assert opened.store.path is None
    assert "newer freecell-tui" in opened.warnings[0]
    assert "in memory only" in opened.warnings[-1]
    opened.store.autosaves.save(played(1, 2), 1)  # still playable, in memory
    assert (tmp_path / DB_NAME).read_bytes() == before


# ---------------------------------------------------------------------- read-only data dir
def test_a_data_dir_that_cannot_be_created_gives_a_store_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    opened = Store.open(blocker / "data")
    assert opened.store.path is None
    assert opened.warnings[0].startswith(f"Cannot create the data folder {blocker / 'data'}")
    assert "in memory only" in opened.warnings[-1]
    store = opened.store
    assert store.autosaves.save(played(1, 4), 3) is None
    store.slots.save("in memory", played(1, 4), 3)
    assert store.slots.load("in memory").game == played(1, 4)


def _writes_are_blocked(directory: Path) -> bool:
    probe = directory / "probe"
    try:
        probe.write_text("x")
    except OSError:
        return True
    probe.unlink()
    return False


def test_a_read_only_data_dir_keeps_the_saves_readable_in_memory(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    store.slots.save("old save", played(2, 5), 9)
    store.close()
    tmp_path.chmod(0o500)
    (tmp_path / DB_NAME).chmod(0o400)
    try:
        if not _writes_are_blocked(tmp_path):
            pytest.skip("running as a user (root) whom chmod does not stop from writing")
        opened = Store.open(tmp_path)
        assert opened.store.path is None
        assert opened.warnings[0] == (
            f"The save file {tmp_path / DB_NAME} is a folder, not a file: it is left alone."
        )
        assert "in memory only" in opened.warnings[-1]
        assert opened.store.slots.load("old save").game == played(2, 5)
        assert opened.store.autosaves.save(played(2, 6), 10) is None
    finally:
        tmp_path.chmod(0o700)
        (tmp_path / DB_NAME).chmod(0o600)


# ---------------------------------------------------------------------- a full disk
def _disk_full(doing: str) -> None:
    raise sqlite3.OperationalError("database or disk is full")


def test_a_full_disk_returns_an_error_and_keeps_the_last_good_autosave(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    good = played(7, 10)
    assert store.autosaves.save(good, 20) is None
    store.database.before_commit = _disk_full
    error = store.autosaves.save(played(7, 11), 22)
    assert isinstance(error, StoreError)
    assert error.kind is ErrorKind.FULL
    assert error.message == (
        "Could not save the game in progress: the disk is full (the previous save is kept)."
    )
    store.database.before_commit = None
    store.close()
    saved = Store.open(tmp_path).store.autosaves.offer().saved
    assert saved is not None and saved.game == good


def test_a_full_disk_refuses_a_slot_save_without_touching_the_old_one(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    store.slots.save("slot", played(7, 3), 1)
    store.database.before_commit = _disk_full
    for action in (
        lambda: store.slots.save("slot", played(7, 9), 2, overwrite=True),
        lambda: store.slots.rename("slot", "renamed"),
        lambda: store.slots.delete("slot"),
    ):
        with pytest.raises(StoreError) as caught:
            action()
        assert caught.value.kind is ErrorKind.FULL
    assert store.autosaves.finish(played(7, 9), 2) is not None  # an error value, not an exception
    store.database.before_commit = None
    assert store.slots.load("slot").game == played(7, 3)
    assert store.results.statistics({}, AutoplayMode.SAFE).statistics.played == 0


def test_sqlite_running_out_of_pages_is_reported_as_full(tmp_path: Path) -> None:
    """The real SQLITE_FULL, from a database that may not grow (``max_page_count``)."""
    store = Store.open(tmp_path).store
    store.slots.save("first", played(3, 40), 1)
    pages = store.database.read("pages", "PRAGMA page_count")[0][0]
    store.database.read("limit", f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StoreError) as caught:
        for number in range(500):
            store.slots.save(f"filler {number}", played(3, 40), 1)
    assert caught.value.kind is ErrorKind.FULL
    assert store.slots.load("first").game == played(3, 40)


# ---------------------------------------------------------------------- two copies
def test_two_stores_on_one_data_dir_writing_alternately(tmp_path: Path) -> None:
    one = Store.open(tmp_path).store
    two = Store.open(tmp_path).store
    for turns in range(1, 25):
        assert one.autosaves.save(played(100, turns), turns) is None
        assert two.autosaves.save(played(200, turns), turns) is None
        one.slots.save(f"one {turns}", played(100, turns), turns)
        two.slots.save(f"two {turns}", played(200, turns), turns)
    assert len(one.slots.all().items) == len(two.slots.all().items) == 48
    assert two.slots.load("one 24").game == played(100, 24)
    # Each copy's game in progress is its own: neither overwrote the other.
    one.close()
    offered = two.autosaves.offer().saved
    assert offered is not None and offered.game == played(100, 24)
    two.close()
    third = Store.open(tmp_path).store
    games = {third.autosaves.offer().saved.game.deal_number}  # type: ignore[union-attr]
    assert games <= {100, 200}


_BUSY_WRITER = """
    import sys
    from freecell_tui.store import Store
    from tests.store.helpers import played

    store = Store.open(sys.argv[1]).store
    tag, deal = sys.argv[2], int(sys.argv[3])
    for turns in range(1, 41):
        game = played(deal, turns)
        error = store.autosaves.save(game, turns)
        assert error is None, error
        store.slots.save(f"{tag} {turns}", game, turns)
        store.slots.save(f"{tag} latest", game, turns, overwrite=True)
    print("done", flush=True)
"""


def test_two_copies_writing_at_the_same_time_lose_nothing(tmp_path: Path) -> None:
    Store.open(tmp_path).store.close()  # create the file first, as the game would have
    children = [
        _child(_BUSY_WRITER, str(tmp_path), tag, deal) for tag, deal in (("A", "31"), ("B", "32"))
    ]
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        assert out.strip() == "done"
    opened = Store.open(tmp_path)
    assert opened.warnings == ()
    store = opened.store
    names = {slot.name for slot in store.slots.all().items}
    assert names == {f"{tag} {n}" for tag in "AB" for n in range(1, 41)} | {"A latest", "B latest"}
    assert store.slots.load("A latest").game == played(31, 40)
    assert store.slots.load("B latest").game == played(32, 40)
    # Both games in progress survive (both children exited without closing: like a crash).
    first = store.autosaves.offer().saved
    assert first is not None
    store.autosaves.discard(first)
    second = store.autosaves.offer().saved
    assert second is not None
    assert {first.game, second.game} == {played(31, 40), played(32, 40)}


def test_a_store_never_raises_on_automatic_writes_after_closing(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    assert store.autosaves.save(played(1, 2), 1) is None  # a game in progress
    store.close()  # lets go of it, then closes the database
    error = store.autosaves.save(played(1, 3), 1)
    assert isinstance(error, StoreError) and error.kind is ErrorKind.IO
    assert error.message.startswith("Could not save the game in progress: ")
    finished = store.autosaves.finish(Game.new(1), 0)
    assert isinstance(finished, StoreError) and finished.kind is ErrorKind.IO
    assert finished.message.startswith("Could not record the result: ")
    assert store.autosaves.set_aside() is None  # nothing left to let go of: closing did it
    # The game waits for the next start as it was before the failed writes.
    saved = Store.open(tmp_path).store.autosaves.offer().saved
    assert saved is not None and saved.game == played(1, 2)


def test_a_database_path_that_cannot_be_opened_gives_a_store_in_memory(tmp_path: Path) -> None:
    """Works as root too: the database's name is taken by a folder, so SQLite cannot open it."""
    (tmp_path / DB_NAME).mkdir()
    opened = Store.open(tmp_path)
    assert opened.store.path is None
    assert opened.warnings[0] == (
        f"The save file {tmp_path / DB_NAME} is a folder, not a file: it is left alone."
    )
    assert opened.store.autosaves.save(played(1, 3), 2) is None
    assert (tmp_path / DB_NAME).is_dir()  # left alone


def test_the_in_memory_fallback_starts_from_a_copy_of_the_readable_saves(tmp_path: Path) -> None:
    """What a read-only data dir gives (tested directly, since root ignores chmod): the saves
    on disk are copied into memory, and nothing written afterwards reaches the file."""
    store = Store.open(tmp_path).store
    store.slots.save("on disk", played(2, 5), 9)
    store.close()
    before = (tmp_path / DB_NAME).read_bytes()
    fallback = Store._memory_store(tmp_path / DB_NAME, clock=Clock(), before_commit=None)
    assert fallback.path is None
    assert fallback.slots.load("on disk").game == played(2, 5)
    fallback.slots.save("in memory", played(3, 5), 1)
    assert (tmp_path / DB_NAME).read_bytes() == before
