"""Worker processes: started without forking the command, and ending with it.

A command that works in several processes (``solve --jobs``, ``klondike --jobs``) makes its pool
from :func:`worker_context` and starts each worker with :func:`end_with_parent` as its
initializer.

Workers are never forked from the command itself: it may run threads (a pool's own, the solver's
loader), and a child forked while another thread holds a lock may wait on it for good (Python
3.12 warns; 3.14 no longer forks by default). A fork server, a single-threaded process started
once per command with the workers' modules imported, forks them instead; where there is none
(Windows), each worker is a new interpreter.

Killed outright (``kill -9``, a timeout, the OOM killer), the command cannot stop its workers,
and they would wait on their task queue for good (they hold both ends of its pipe, so it never
reports an end). So each worker watches its parent, the fork server (or the command, for a new
interpreter): on Linux the kernel sends it SIGKILL when the parent dies
(``prctl(PR_SET_PDEATHSIG)``); elsewhere a thread notices that the worker was handed to another
parent and ends the process. The fork server ends once every process holding its "alive" pipe
has; a worker lets go of its copy, so that the command alone holds it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Iterator
from multiprocessing.context import BaseContext
from typing import Any, Final, NoReturn

__all__ = ["end_with_parent", "started_pool", "worker_context"]

_PR_SET_PDEATHSIG: Final = 1
#: How often the portable watcher looks at its parent, in seconds.
_WATCH_EVERY: Final = 0.5
#: How long a pool's workers may take to start before the command goes on without waiting.
_STARTING: Final = 30.0


def worker_context(*modules: str) -> BaseContext:
    """How a pool starts its workers: from the fork server, which imports ``modules`` (those of
    the workers' functions) once, before it forks any of them; else as new interpreters."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(modules))  # takes effect when the server starts
    return context


def started_pool(context: BaseContext, jobs: int, interruptible: bool = True) -> Any:
    """A pool of ``jobs`` workers (each started with :func:`end_with_parent`) that have all
    started. Ctrl-C is held back while they start: a worker still starting reads its pool's
    locks from files the command removes as it ends, and would print a traceback for it."""
    barrier = context.Barrier(jobs + 1)
    holds = hasattr(signal, "pthread_sigmask")
    if holds:
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = context.Pool(jobs, _started, (barrier, interruptible))
        with contextlib.suppress(threading.BrokenBarrierError):
            barrier.wait(_STARTING)
    finally:
        if holds:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a Ctrl-C held comes now
    return pool


def _started(barrier: Any, interruptible: bool) -> None:
    """A worker of :func:`started_pool`: end with the parent, then say it has started."""
    end_with_parent(interruptible)
    if interruptible and hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    with contextlib.suppress(threading.BrokenBarrierError):
        barrier.wait(_STARTING)


def end_with_parent(interruptible: bool = True) -> None:
    """Make this process end when its parent is gone (the process that started it: the command
    itself, or the fork server, which then ends with the command). Call it first thing in a
    worker. Not ``interruptible``: Ctrl-C, which reaches every process of the terminal's
    foreground job, is left to the command, which stops its pool — for a pool whose workers
    would print a traceback for it (``multiprocessing.Pool``'s). Interruptible, Ctrl-C ends the
    worker quietly: while it starts, at once; in a task, the pool hands the task's caller the
    interruption; waiting for one, the worker ends with the status of an interrupted program."""
    with _starting(interruptible):
        _release_the_fork_server()
        parent = os.getppid()
        if _death_signal():
            if os.getppid() != parent:  # the parent died while the signal was asked for
                os._exit(1)
            return
        threading.Thread(target=_watch, args=(parent,), name="end-with-parent", daemon=True).start()


@contextlib.contextmanager
def _starting(interruptible: bool) -> Iterator[None]:
    """Ctrl-C held while a worker starts, then its handler set: a pool prints a traceback for
    anything raised in a worker's initializer, the interruption too. One that came meanwhile
    ends an interruptible worker at once, with the status of an interrupted program."""
    holds = hasattr(signal, "pthread_sigmask")
    if holds:
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if not interruptible:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # also drops one that came meanwhile
        elif signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not ignored
            signal.signal(signal.SIGINT, _end_quietly)
            if holds and signal.SIGINT in signal.sigpending():
                os._exit(128 + signal.SIGINT)
        if holds:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _end_quietly(signum: int, frame: object) -> NoReturn:
    """Ctrl-C in an interruptible worker. A process ends quietly on ``SystemExit`` wherever it
    is raised; ``KeyboardInterrupt`` raised where the pool waits for a task prints a traceback."""
    raise SystemExit(128 + signum)


def _release_the_fork_server() -> None:
    """In a worker the fork server started, close its copy of the server's "alive" pipe: the
    server runs until every copy is closed, and its workers until it ends."""
    from multiprocessing import forkserver

    if forkserver.get_inherited_fds() is None:  # not started by a fork server
        return
    # CPython keeps the pipe's end in the module's one ForkServer (3.11 to 3.13, and its main
    # branch). Were it elsewhere, a killed command's fork server and workers would keep each
    # other alive: tests/cli/test_orphans.py would fail.
    server: Any = getattr(forkserver, "_forkserver", None)
    alive = getattr(server, "_forkserver_alive_fd", None)
    if isinstance(alive, int):
        os.close(alive)
        server._forkserver_alive_fd = None


def _death_signal() -> bool:
    """Ask Linux for SIGKILL when the parent dies; whether it was granted."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        # The process's own symbols, the C library's among them: no search for its file (which
        # runs ldconfig, a program, in every worker as it starts).
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)
    return False


def _watch(parent: int) -> None:
    """End the process once it is no longer ``parent``'s child (an orphan is handed to another
    process, so its parent id changes)."""
    stop = threading.Event()
    while not stop.wait(_WATCH_EVERY):
        if os.getppid() != parent:
            os._exit(1)
