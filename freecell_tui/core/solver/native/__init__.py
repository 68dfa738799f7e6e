"""An optional compiled accelerator for the fast solver (``pip install freecell-tui[fast]``:
numba). It expands the same positions in the same order as the pure search and returns the same
results; nothing a player asks ever waits for it.

* :func:`accelerator` gives the compiled portfolio (:func:`.glue.solve_native`) once it is
  loaded in this process, else None (the pure search answers). It never blocks.
* :func:`prepare` gets it ready in the background, once a process: when numba's cache holds the
  compiled code of these modules (a stamp in the cache says so), a daemon thread loads it (about
  0.6 s) once no pure search is running; when not, a separate process at low priority compiles
  it into the cache first (15-60 s, once after install or an upgrade: ``python -m
  freecell_tui.core.solver.native --background``). :func:`.portfolio.solve` calls it once the
  pure searches of the process have run long, and hands over to the compiled search once it is
  loaded.
* :func:`warm` loads it now, compiling it first if the cache lacks it: for the tests, the
  benchmarks and ``python -m freecell_tui.core.solver.native`` (compile it at install).

One process compiles at a time: a compile holds the cache's lock, and a process that finds the
cache without the compiled code waits for that lock, then uses what the holder compiled.

The cache is ``$NUMBA_CACHE_DIR`` when set, else ``freecell-tui/numba`` in the user's cache
directory: never beside the package, which may be read-only. Any failure (numba missing or too
old, no cache directory, a compile error) leaves the pure search; a compile that failed is not
started again in the background until numba or these modules change.
"""

from __future__ import annotations

import atexit
import hashlib
import importlib.util
import os
import platform
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final, Literal, Protocol

__all__ = [
    "Phase",
    "accelerator",
    "cache_dir",
    "compiled",
    "compiling",
    "disable",
    "phase",
    "prepare",
    "searching",
    "warm",
]

#: idle: nothing tried yet; building: a process compiles it into the cache; loading: a thread
#: loads it from the cache; ready: loaded; off: not to be used in this process.
Phase = Literal["idle", "building", "loading", "ready", "off"]
#: The modules numba compiles (their sources, with numba's version, name the cache's stamp).
COMPILED: Final = ("kernel.py", "packed.py", "steps.py")
#: How often, at most, a look at the compiling process is taken (seconds).
LOOK_EVERY: Final = 0.25


class Running(Protocol):
    """A compile running in another process: ``poll()`` is None until it ends."""

    def poll(self) -> int | None: ...


_lock = threading.Lock()
_phase: Phase = "idle"
_solver: Callable[..., Any] | None = None
_builder: Running | None = None
_loader: threading.Thread | None = None
_next_look = 0.0
_quiet = threading.Condition()  # notified as each pure search ends
_searching = 0  # pure searches running
_exiting = False  # the interpreter is about to end: no load starts


def _pure() -> bool:
    return os.environ.get("FREECELL_TUI_PURE") == "1"


def accelerator() -> Callable[..., Any] | None:
    """The compiled portfolio if it is loaded, else None (not yet, numba missing or failing, or
    ``FREECELL_TUI_PURE=1``). Never waits: a finished compile is only noticed (and its load
    started) here."""
    if _pure():
        return None
    if _phase == "building":
        _look()
    return _solver if _phase == "ready" else None


def phase() -> Phase:
    """What the accelerator is doing in this process."""
    return "off" if _pure() else _phase


def prepare() -> Phase:
    """Get the compiled search ready in the background (once a process; later calls only say
    where it is): a thread loads it from the cache, or a process compiles it into the cache
    first. Returns the phase it is in."""
    global _phase, _builder
    if _pure():
        return "off"
    with _lock:
        if _phase != "idle":
            return _phase
        try:
            if not _installed():
                _phase = "off"
                return _phase
            directory, stamp = cache_dir(), _stamp()
            if (directory / f"ready-{stamp}").exists():
                _start_loading(directory)
            elif (directory / f"failed-{stamp}").exists():
                _phase = "off"
            else:
                _builder = _start_builder(directory)
                _phase = "building"
        except Exception:  # no cache directory, no process: the pure search
            _phase = "off"
        return _phase


def warm() -> bool:
    """Load the compiled search now, compiling it into the cache first if it is not there (15-60
    s; a compile another process runs is waited for, not repeated); whether it is there to use.
    Blocks: not for a player's search."""
    global _phase, _solver
    if _pure():
        return False
    with _lock:
        loader = _loader if _phase == "loading" else None
    if loader is not None:
        loader.join()
    if _phase == "ready":
        return True
    try:  # outside the lock: prepare() and accelerator() never wait for it
        solver = _load_in_turn(cache_dir())
    except Exception:  # numba missing, too old, or unable to compile: the pure search
        with _lock:
            _phase, _solver = "off", None
        return False
    with _lock:
        _phase, _solver = "ready", solver
    return True


@contextmanager
def searching() -> Iterator[None]:
    """Around a pure search: the accelerator is loaded only while none runs (a search that
    starts during the load shares the interpreter with it)."""
    global _searching
    with _quiet:
        _searching += 1
    try:
        yield
    finally:
        with _quiet:
            _searching -= 1
            _quiet.notify_all()


@atexit.register
def _exit() -> None:
    global _exiting
    with _quiet:
        _exiting = True
        _quiet.notify_all()


def disable() -> None:
    """Use the pure search from now on in this process (the compiled one failed)."""
    global _phase, _solver
    with _lock:
        _phase, _solver = "off", None


def compiled() -> bool:
    """Whether the cache holds the compiled code of these modules (numba installed)."""
    try:
        return _installed() and (cache_dir() / f"ready-{_stamp()}").exists()
    except Exception:  # numba's version unreadable, a module missing: not that we know
        return False


def compiling() -> bool:
    """Whether a compile into the cache is under way: started by this process, or holding the
    cache's lock (started by another)."""
    if phase() == "building":
        return True
    try:
        import fcntl

        with open(cache_dir() / "build.lock", "rb") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except (OSError, ImportError):  # no cache yet, or no advisory locks here
        return False
    return False  # the lock is let go as the file closes


def _installed() -> bool:
    """Whether numba is there to import."""
    return importlib.util.find_spec("numba") is not None


def cache_dir() -> Path:
    """Where numba keeps the compiled code: ``$NUMBA_CACHE_DIR``, else the user's cache."""
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given:
        return Path(given).expanduser()
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("freecell-tui", appauthor=False)) / "numba"


def _stamp() -> str:
    """The name of the compiled code wanted: numba's version, Python's, the machine's, and each
    compiled module's path, size and time (what numba's own cache index checks)."""
    from importlib import metadata  # here, not at the top: it costs every program's start 12 ms

    digest = hashlib.sha256()
    digest.update(f"{metadata.version('numba')} {sys.version} {platform.machine()}".encode())
    here = Path(__file__).resolve().parent
    for name in COMPILED:
        info = (here / name).stat()
        digest.update(f"{here / name} {info.st_size} {info.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


def _load(directory: Path) -> Callable[..., Any]:
    """Import the compiled modules with ``directory`` as their cache, run each compiled function
    once (loading it, or compiling it into the cache), and stamp the cache as holding it."""
    from numba.core import config

    directory.mkdir(parents=True, exist_ok=True)
    saved = config.CACHE_DIR  # type: ignore[attr-defined]
    # numba reads it as the compiled functions are declared: ours only.
    config.CACHE_DIR = str(directory)  # type: ignore[attr-defined]
    try:
        from freecell_tui.core.solver.native.glue import solve_native, warm_up
    finally:
        config.CACHE_DIR = saved  # type: ignore[attr-defined]
    warm_up()
    (directory / f"ready-{_stamp()}").touch()
    return solve_native


def _load_in_turn(directory: Path) -> Callable[..., Any]:
    """:func:`_load`, holding the cache's lock when the cache lacks the compiled code: a compile
    under way in another process is waited for, and its work loaded."""
    if (directory / f"ready-{_stamp()}").exists():
        return _load(directory)
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / "build.lock", "wb") as lock:
        _hold(lock.fileno())
        return _load(directory)


def _start_loading(directory: Path) -> None:
    """Load the compiled search in a daemon thread (the lock is held)."""
    global _phase, _loader

    def load() -> None:
        global _phase, _solver
        with _quiet:  # the interpreter is shared: a pure search is not slowed by the load
            _quiet.wait_for(lambda: _searching == 0 or _exiting)
        if _exiting:
            return
        try:
            solver = _load(directory)
        except Exception:  # a broken cache or numba: the pure search
            solver = None
        with _lock:
            if _phase == "loading":
                _phase, _solver = ("off", None) if solver is None else ("ready", solver)

    _phase = "loading"
    _loader = threading.Thread(target=load, name="accelerator-load", daemon=True)
    _loader.start()


def _start_builder(directory: Path) -> Running:
    """Compile into ``directory`` in a process of its own, which outlives this one (it is worth
    finishing for the next run) and logs to ``build.log`` there."""
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / "build.log", "wb") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "freecell_tui.core.solver.native", "--background"],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "NUMBA_CACHE_DIR": str(directory)},
            start_new_session=True,  # not stopped by the terminal's Ctrl+C meant for the game
        )


def _look() -> None:
    """Whether the compiling process is done (at most every :data:`LOOK_EVERY` seconds): then
    load what it compiled, or give up if it failed."""
    global _phase, _next_look
    now = time.monotonic()
    if now < _next_look:
        return
    with _lock:
        _next_look = now + LOOK_EVERY
        if _phase != "building" or _builder is None or _builder.poll() is None:
            return
        try:
            directory = cache_dir()
            if (directory / f"ready-{_stamp()}").exists():
                _start_loading(directory)
            else:
                _phase = "off"
        except Exception:  # the stamp cannot be read: the pure search
            _phase = "off"


def build(background: bool) -> int:
    """Compile the accelerator into the cache (``python -m freecell_tui.core.solver.native``):
    0 when it is there to use. One compiler at a time (a second waits for the first and finds
    its work done). In the background: at low priority, and a failure is remembered in the
    cache, so that the game does not start it again."""
    directory = cache_dir()
    directory.mkdir(parents=True, exist_ok=True)
    if background:
        if hasattr(os, "nice"):
            os.nice(10)  # the player's game comes first
        with open(directory / "build.lock", "wb") as lock:
            _hold(lock.fileno())
            if (directory / f"ready-{_stamp()}").exists():
                return 0
            try:
                _load(directory)
            except Exception:
                (directory / f"failed-{_stamp()}").touch()
                raise
            return 0
    _load_in_turn(directory)
    return 0


def _hold(fd: int) -> None:
    """Wait for the exclusive lock on ``fd`` (where there is ``fcntl``; else go on)."""
    try:
        import fcntl
    except ImportError:  # no advisory locks here: two compiles at worst, each writes the cache
        return
    fcntl.flock(fd, fcntl.LOCK_EX)
