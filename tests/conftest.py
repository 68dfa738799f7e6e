"""Shared fixtures: a known solution, and fc-solve (the independent reference solver) when it is
installed."""

from __future__ import annotations

import compileall
import gc
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

import freecell_tui

from . import harness

harness.install_idle()
harness.install_css_once()
harness.install_frames_on_demand()

#: The collector's thresholds in the test processes. A test's garbage is collected when it ends
#: (:func:`pytest_runtest_teardown`), so the automatic collections are only a bound for a long
#: test: a young collection every 500,000 new objects (Python's default is 700), an older one
#: every 50 of those. At Python's defaults a start of the game under Pilot alone triggers some 60
#: young collections, each walking the app's live objects, which then survive into the older
#: generations to be walked again; at 50,000 the collector still took some 15 % of a UI test's
#: time. What a test checks is the same.
GC_THRESHOLDS = (500_000, 50, 10)
gc.set_threshold(*GC_THRESHOLDS)


def _threads() -> int:
    """The threads of this process: the system's count where it has one (a thread started
    outside ``threading``, as xdist's worker starts its own, is one too), else Python's."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


def _refuse_to_fork_a_threaded_process(event: str, args: tuple[object, ...]) -> None:
    """No test process forks while it runs threads (xdist's worker always runs one): a child
    forked while another thread holds a lock may wait on it for good. Python 3.12 and later warn
    of it, but the warning cannot be made an error (``os.fork`` clears it), so the fork itself is
    refused, on every Python. Starting programs (``subprocess``) is not a fork of this kind."""
    if event == "os.fork" and (threads := _threads()) > 1:
        raise RuntimeError(
            f"os.fork() in a process running {threads} threads: "
            "start workers from freecell_tui.workers.worker_context()"
        )


sys.addaudithook(_refuse_to_fork_a_threaded_process)

#: A memory file system, where the machine has one with room to spare.
MEMORY_DIR = Path("/dev/shm")
MEMORY_ROOM = 2 * 1024**3


def _temporary_files_in_memory() -> None:
    """The tests' temporary folders (every test's data folder, its saves, the programs' files)
    go on a memory file system when the machine has one with room and no TMPDIR is chosen: a
    fresh database's first writes wait for the disk (switching to WAL and the first commit,
    some 25 ms), and the tests open a fresh one a thousand times. What they test is the same:
    the game's writes reach the operating system either way."""
    if os.environ.get("TMPDIR") or not MEMORY_DIR.is_dir() or not os.access(MEMORY_DIR, os.W_OK):
        return
    room = os.statvfs(MEMORY_DIR)
    if room.f_bavail * room.f_frsize < MEMORY_ROOM:
        return
    os.environ["TMPDIR"] = str(MEMORY_DIR)  # the programs the tests start, too
    tempfile.tempdir = None  # worked out again from TMPDIR


_temporary_files_in_memory()


@cache
def _fcsolve_solution(number: int) -> str:
    """fc-solve's whole output (``-l lg -m -snx``) for Microsoft deal ``number``."""
    board = subprocess.run(
        ["make-microsoft-freecell-board", "-t", str(number)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return subprocess.run(
        ["fc-solve", "-l", "lg", "-m", "-snx", "-"],
        input=board,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


@pytest.fixture
def fcsolve_solution() -> Callable[[int], str]:
    """A function giving fc-solve's solution output for a deal; skips when fc-solve is absent."""
    if not (shutil.which("fc-solve") and shutil.which("make-microsoft-freecell-board")):
        pytest.skip("fc-solve and make-microsoft-freecell-board are not installed")
    return _fcsolve_solution


# fc-solve -l lg -m -snx for Microsoft deal 1 (freecell-solver 5.0.0), autoplay off: lets tests win
# a game without fc-solve installed.
DEAL_1_SOLUTION = """
5a 5b 5c 5d 5h b2 8b a8 7a b7 58 a5 85 6b 6a 6h 6h ah 8a 8h a2 8a 81 76 78 7h 3h ah ch
1h 4h 3a b3 4c 4b d4 c7 b4 6d 6c 6b 6h c6 d6 2d 2h a2 d2 1c 1a 1d 1h 1h dh a2 b1 3d 3h 3a
3b 34 3h b6 13v2 a1 67 57 26v4 2b 2a 25 5h 13 25 21 2h dh 8h 7h 6h 7h 7h 42v4 4d 48 8h ch
6h bh 6h 2h 2h 3h 2h a4 d1 64 78v6 7h 8h 4h 8h 4h 8h 3h 4h 8h 1h 3h 2h 8h 1h 3h 5h 8h
"""


@pytest.fixture
def deal_1_solution() -> str:
    """A winning move list for deal 1 (autoplay off), one move a word."""
    return DEAL_1_SOLUTION


@pytest.fixture(scope="session")
def _data_dirs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the tests' default data dirs are made."""
    return tmp_path_factory.mktemp("data")


@pytest.fixture(autouse=True)
def _private_data_dir(_data_dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test ever touches the real user's saves: the default data dir (used when a test gives
    no ``--data-dir``, and by programs it starts) is a fresh temporary folder. (Made by
    ``mkdtemp``: pytest's numbered folders read the whole folder they are made in, a
    thousand times over in a worker.)"""
    monkeypatch.setenv("FREECELL_TUI_DATA_DIR", tempfile.mkdtemp(dir=_data_dirs))


@pytest.fixture(autouse=True)
def _no_config_file(_data_dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads the real user's config file: the default one (``$FREECELL_TUI_CONFIG``, for
    the programs a test starts too) is a file that does not exist, the game's defaults."""
    monkeypatch.setenv("FREECELL_TUI_CONFIG", str(_data_dirs / "no-config.toml"))


@pytest.fixture(autouse=True)
def _frames(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test marked ``frames`` (or ``storm``) draws every frame of the apps it runs under Pilot;
    the others draw what they read and their last screen (tests/harness.py)."""
    if any(request.node.get_closest_marker(name) for name in ("frames", "storm")):
        with harness.every_frame():
            yield
    else:
        yield


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (the suite's default): two workers more than the cores this process may use.
    A third of a Pilot test's time is spent waiting (for the app to be idle, for a timer, for a
    program or a browser it started), and one worker per core leaves that core idle meanwhile;
    two more than the cores keep the cores busy while two workers wait at once (the figures:
    docs/performance.md).
    ``PYTEST_XDIST_AUTO_NUM_WORKERS`` and ``-n logical`` keep xdist's own count."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS") or config.option.numprocesses != "auto":
        return None
    return usable_cores() + 2


def usable_cores() -> int:
    """The cores this process may run on (all of the machine's where that cannot be asked)."""
    if hasattr(os, "sched_getaffinity"):  # not on macOS or Windows
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


#: Markers of the tests that take seconds each.
SLOW = ("storm", "pty", "browser", "slow")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, the rest in their order: in a parallel run the workers then end on
    short tests, together, instead of one waiting for the other's long one."""
    items.sort(key=lambda item: 0 if any(item.get_closest_marker(n) for n in SLOW) else 1)


def pytest_configure(config: pytest.Config) -> None:
    """Before the tests. Once (in the controller of an xdist run): the package's bytecode is
    compiled for the programs the suite starts (some 400, each of which would compile it again).
    In every process: bytecode is kept even under ``PYTHONDONTWRITEBYTECODE`` (in
    ``__pycache__`` folders, which git ignores), the test modules' too as pytest rewrites their
    asserts."""
    sys.dont_write_bytecode = False
    if not hasattr(config, "workerinput"):
        compileall.compile_dir(Path(freecell_tui.__file__).parent, quiet=2)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """After each test (its fixtures too), collect what it left: the garbage of one test is
    walked once, while it is small; what lives on goes to the oldest generation."""
    try:
        return (yield)
    finally:
        gc.collect(1)


def pytest_unconfigure(config: pytest.Config) -> None:
    """At the end, one full collection, and the survivors are frozen: pytest collects five times
    more as it stops (to report exceptions raised in finalizers), and each would walk a worker's
    million live objects again, seconds at the end of the run."""
    gc.collect()
    gc.freeze()
