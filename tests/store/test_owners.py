"""Issue 10: whether the copy that owns a game in progress is still running is told by a lock it
holds, not by its process id, so a reused PID or a zombie cannot hide an unfinished game."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from freecell_tui.store import DB_NAME, Store
from freecell_tui.store.owners import LOCKS_FOLDER, OwnerLock, lock_path, owner_alive

from ..waiting import wait_for
from .helpers import played

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(os.name == "nt", reason="advisory locks are checked on Unix only")

_HOLDER = """
    import sys
    from freecell_tui.store import Store
    from tests.store.helpers import played

    store = Store.open(sys.argv[1]).store
    assert store.autosaves.save(played(int(sys.argv[2]), 4), 4) is None
    print(store.database.token, flush=True)
    if sys.stdin.readline().strip() == "close":
        store.close()
        print("closed", flush=True)
    sys.stdin.readline()  # then wait to be killed, or for the end of input
"""


class Holder:
    """A second copy of the game in its own process, playing a game on ``data``."""

    def __init__(self, data: Path, deal: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(_HOLDER), str(data), str(deal)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        self.token = self.process.stdout.readline().strip()
        assert len(self.token) == 12, self.process.stderr.read() if self.process.stderr else ""

    def say(self, line: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def kill_and_leave_a_zombie(self) -> None:
        """``kill -9`` without reaping: the process stays a zombie, its PID still taken (so
        ``os.kill(pid, 0)`` would call it alive) until :meth:`reap`."""
        self.process.send_signal(signal.SIGKILL)
        stat_file = Path(f"/proc/{self.process.pid}/stat")
        if not stat_file.exists():
            self.process.wait(timeout=30)
            return

        def zombie() -> bool:
            return stat_file.read_text().rsplit(")", 1)[1].split()[0] == "Z"

        wait_for(zombie, "the killed process to be a zombie", 30, every=0.01)
        os.kill(self.process.pid, 0)  # the PID is still taken

    def reap(self) -> None:
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
        self.process.wait(timeout=30)


def test_a_running_copys_game_is_hidden_and_a_killed_copys_is_offered(tmp_path: Path) -> None:
    Store.open(tmp_path).store.close()
    holder = Holder(tmp_path, 11)
    lock = lock_path(tmp_path, holder.token)
    assert lock is not None and lock.exists()
    store = Store.open(tmp_path).store
    assert store.autosaves.offer().saved is None  # its copy is running: not ours to offer
    assert store.autosaves.all().items == ()
    holder.kill_and_leave_a_zombie()
    try:
        found = store.autosaves.offer().saved  # a zombie holds no lock
        assert found is not None and found.game == played(11, 4)
        assert [game.deal_number for game in store.autosaves.all().items] == [11]
        assert not lock.exists()  # the stale lock file is cleaned up
        assert store.autosaves.switch_to(found) is None
    finally:
        holder.reap()
    store.close()


def test_a_copy_that_closes_removes_its_lock_and_lets_its_game_go(tmp_path: Path) -> None:
    Store.open(tmp_path).store.close()
    holder = Holder(tmp_path, 12)
    lock = lock_path(tmp_path, holder.token)
    assert lock is not None
    store = Store.open(tmp_path).store
    assert store.autosaves.offer().saved is None
    assert holder.say("close") == "closed"
    assert not lock.exists()
    found = store.autosaves.offer().saved
    assert found is not None and found.game == played(12, 4)
    holder.reap()
    store.close()


@pytest.mark.parametrize("whose", ["parent", "init", "own"])
def test_a_row_naming_a_live_unrelated_pid_counts_as_gone(tmp_path: Path, whose: str) -> None:
    """The PID was reused (or never ours): the process exists, the copy does not. (Named, not
    numbered, so every test worker collects the same tests.)"""
    pid = {"parent": os.getppid(), "init": 1, "own": os.getpid()}[whose]
    store = Store.open(tmp_path).store
    assert store.autosaves.save(played(13, 3), 3) is None
    store.close()
    owner = f"{socket.gethostname()}:{pid}:0123456789ab"
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        connection.execute("UPDATE autosaves SET owner = ?", (owner,))
    os.kill(pid, 0)  # the process is alive...
    again = Store.open(tmp_path).store
    found = again.autosaves.offer().saved  # ...but no copy of the game holds that lock
    assert found is not None and found.game == played(13, 3)
    again.close()


def test_stale_lock_files_are_swept_at_open(tmp_path: Path) -> None:
    folder = tmp_path / LOCKS_FOLDER
    folder.mkdir()
    (folder / "0123456789ab.lock").write_text("left by a crash")
    (folder / "notes.txt").write_text("not ours")
    store = Store.open(tmp_path).store
    assert {p.name for p in folder.iterdir()} == {"notes.txt", f"{store.database.token}.lock"}
    store.close()
    assert {p.name for p in folder.iterdir()} == {"notes.txt"}


def test_hand_edited_owners_never_name_a_path(tmp_path: Path) -> None:
    (tmp_path / LOCKS_FOLDER).mkdir()
    victim = tmp_path / "victim.lock"
    victim.write_text("keep")
    me = f"{socket.gethostname()}:{os.getpid()}:aaaaaaaaaaaa"
    for owner in (
        "x:1:../victim",
        f"{socket.gethostname()}:1:../victim",
        "nonsense",
        "::",
        "a:b:c:d",
    ):
        assert owner_alive(owner, me, tmp_path) is False
    assert victim.read_text() == "keep"


def test_a_lock_is_held_while_open_and_stores_in_memory_need_none(tmp_path: Path) -> None:
    lock = OwnerLock.acquire(tmp_path, "bbbbbbbbbbbb")
    assert lock is not None
    me = f"{socket.gethostname()}:{os.getpid()}:cccccccccccc"
    assert owner_alive(f"{socket.gethostname()}:1:bbbbbbbbbbbb", me, tmp_path) is True
    lock.release()
    assert owner_alive(f"{socket.gethostname()}:1:bbbbbbbbbbbb", me, tmp_path) is False
    memory = Store.in_memory()
    assert memory.autosaves.save(played(2, 2), 1) is None
    memory.close()


def test_a_folder_where_locks_cannot_be_made_still_works(tmp_path: Path) -> None:
    (tmp_path / LOCKS_FOLDER).write_text("a file where the folder should be")
    opened = Store.open(tmp_path)
    assert opened.warnings == ()
    assert opened.store.autosaves.save(played(3, 2), 1) is None
    opened.store.close()
