"""Issue 23: worker processes end when their parent is killed outright (``kill -9``, a timeout,
the OOM killer), for every command that works in several processes. Killed, the parent cannot
stop them, and they waited on their task queue for good."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ..terminal import interruptible
from ..waiting import wait_for

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads processes from /proc"
)
#: Generous for two loaded cores; a worker left behind never goes, so only a failure waits it out.
DEADLINE = 20.0


def _stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent id, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()  # the name may hold spaces and parentheses
    return fields[0], int(fields[1])


def _alive(pid: int) -> bool:
    found = _stat(pid)
    return found is not None and found[0] not in ("Z", "X")  # a zombie has ended


def _children(parent: int) -> set[int]:
    pids = (int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit())
    return {pid for pid in pids if (_stat(pid) or ("", 0))[1] == parent and _alive(pid)}


def _grandchildren(parent: int) -> set[int]:
    return {pid for child in _children(parent) for pid in _children(child)}


#: The commands that work in several processes, each long enough to be stopped midway.
COMMANDS = [
    ["solve", "--range", "1", "8589934591", "--timeout", "1", "--jobs", "2"],
    ["klondike", "--games", "1000000000", "--seed", "1", "--show", "0", "--jobs", "2"],
]


def _kill_parent_and_check_workers(process: subprocess.Popen[bytes], workers: int) -> None:
    """Once the command has ``workers`` workers (children of its fork server, a child of the
    command), kill it: they end, and so do the fork server and the command's other helpers."""
    wait_for(lambda: len(_grandchildren(process.pid)) >= workers, f"{workers} workers", DEADLINE)
    started = _children(process.pid) | _grandchildren(process.pid)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=DEADLINE)
    try:
        wait_for(lambda: not any(_alive(pid) for pid in started), "every process to end", DEADLINE)
    finally:
        for pid in started:  # never leave one behind for the rest of the suite
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("args", COMMANDS, ids=["solve", "klondike"])
def test_workers_end_when_the_command_is_killed(args: list[str]) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "freecell_tui", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )
    try:
        _kill_parent_and_check_workers(process, 2)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the death signal is Linux's")
def test_a_worker_is_granted_the_death_signal_without_starting_a_program() -> None:
    """Each worker asks Linux for SIGKILL when its parent dies as it starts; finding the C
    library's file for it ran ``ldconfig`` in every worker (a program's start, and a window in
    which Ctrl-C hit the worker's initializer)."""
    check = textwrap.dedent(
        """
        import subprocess, sys
        started = []
        subprocess.Popen = lambda *args, **kwargs: started.append(args[0]) or sys.exit(3)
        from freecell_tui import workers
        print(workers._death_signal(), started)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, timeout=60, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "True []\n", "")


def test_without_a_death_signal_the_watcher_ends_the_worker(tmp_path: Path) -> None:
    """The portable way (no ``prctl``: macOS, the BSDs): a thread in the worker notices that
    its parent (the fork server, which ends with the command) changed."""
    script = tmp_path / "command.py"
    script.write_text(
        textwrap.dedent(
            """
            import time
            from freecell_tui import workers
            workers._death_signal = lambda: False

            def work():
                workers.end_with_parent()
                time.sleep(600)

            if __name__ == "__main__":
                workers.worker_context().Process(target=work).start()
                time.sleep(600)
            """
        )
    )
    process = subprocess.Popen([sys.executable, str(script)], stdin=subprocess.DEVNULL)
    try:
        _kill_parent_and_check_workers(process, 1)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.parametrize("args", COMMANDS, ids=["solve", "klondike"])
def test_ctrl_c_ends_the_command_and_its_workers_without_a_traceback(args: list[str]) -> None:
    """Ctrl-C at a terminal interrupts every process of the foreground group: the command, its
    fork server and its workers. The command ends with 130; nothing prints a traceback."""
    process = subprocess.Popen(
        [sys.executable, "-m", "freecell_tui", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        start_new_session=True,  # its own process group, as a terminal's foreground job
        preexec_fn=interruptible,  # Ctrl-C at its default, as a shell starts a program
    )
    started: set[int] = set()
    try:
        wait_for(lambda: len(_grandchildren(process.pid)) >= 2, "2 workers", DEADLINE)
        started = _children(process.pid) | _grandchildren(process.pid)
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=DEADLINE)
        assert process.returncode == 130
        assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, err.decode()
        wait_for(lambda: not any(_alive(pid) for pid in started), "every process to end", DEADLINE)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for pid in started:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def _python(*args: str) -> subprocess.CompletedProcess[str]:
    """Python run with ``args`` as a shell starts a program (Ctrl-C at its default), its output
    captured."""
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=interruptible,
    )


def test_ctrl_c_ends_a_worker_waiting_for_a_task_without_a_traceback() -> None:
    """A worker between tasks (waiting on its pool's queue) when Ctrl-C comes ends quietly, as
    one in the middle of a task does: the command's own stderr is the player's terminal."""
    check = textwrap.dedent(
        """
        import os, signal, time
        from concurrent.futures import ProcessPoolExecutor
        from freecell_tui.workers import end_with_parent, worker_context

        if __name__ == "__main__":
            pool = ProcessPoolExecutor(1, mp_context=worker_context(), initializer=end_with_parent)
            worker = pool.submit(os.getpid).result()  # done: the worker now waits for a task

            def ended() -> bool:
                try:
                    with open(f"/proc/{worker}/stat") as stat:
                        return stat.read().rsplit(")", 1)[1].split()[0] in "ZX"
                except OSError:
                    return True

            # Again until it ends: one that comes while the worker still hands its answer over
            # is the task's, which the pool catches, and the worker waits for the next.
            deadline = time.monotonic() + 20
            while not ended() and time.monotonic() < deadline:
                os.kill(worker, signal.SIGINT)
                for _ in range(20):
                    if ended():
                        break
                    time.sleep(0.01)
            print(ended())
            pool.shutdown(wait=True)
            print("done")
        """
    )
    done = _python("-c", check)
    assert (done.returncode, done.stdout) == (0, "True\ndone\n"), done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr, done.stderr


def test_ctrl_c_ends_a_worker_still_starting_without_a_traceback(tmp_path: Path) -> None:
    """Ctrl-C that comes while a worker runs its initializer ends it at once and quietly: the
    pool would print a traceback for anything raised there."""
    script = tmp_path / "starting.py"
    script.write_text(
        textwrap.dedent(
            """
            import os, signal
            from concurrent.futures import ProcessPoolExecutor
            from concurrent.futures.process import BrokenProcessPool
            from freecell_tui import workers

            def start():
                # Ctrl-C comes midway through the start, after the worker's first steps.
                asked = workers._death_signal
                def interrupted():
                    os.kill(os.getpid(), signal.SIGINT)
                    return asked()
                workers._death_signal = interrupted
                workers.end_with_parent()

            if __name__ == "__main__":
                context = workers.worker_context()
                pool = ProcessPoolExecutor(1, mp_context=context, initializer=start)
                try:
                    pool.submit(os.getpid).result(timeout=20)
                except BrokenProcessPool:
                    print("ended")
                pool.shutdown(wait=True)
            """
        )
    )
    done = _python(str(script))
    assert (done.returncode, done.stdout) == (0, "ended\n"), done.stderr
    assert "Traceback" not in done.stderr and "initializer" not in done.stderr, done.stderr
