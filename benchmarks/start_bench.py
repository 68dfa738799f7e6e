"""What a start costs: the CPU time (user + system, ``getrusage`` of the finished child) of
programs started afresh, each run in turn, the median of ``--runs`` of each.

- ``help``: ``freecell-tui --help``;
- ``deal``: ``freecell-tui deal 1``;
- ``import app``: ``python -c "import freecell_tui.ui.app"`` (what the full-screen game imports);
- ``serve start``: ``freecell-tui serve`` on a port already taken: its imports and checks (the
  data folder, the config file) up to the listen that fails (stderr: "cannot listen");
- ``serve help``: ``freecell-tui serve --help``;
- ``first frame``: a Python that imports the game as ``freecell-tui`` does, opens it on deal 1
  headless at 100x32 (``App.run_test``), waits for its first frame and quits: imports, start
  and first frame, in a new data folder.

In-process, ``--pilot N`` starts the game N times in one Python (imports paid once) and gives
the median CPU time of a start (``time.process_time()``, from ``run_test`` to its first pause)
and ``--profile`` a cProfile of one such start, by own time.

The package's bytecode is compiled first (as the test suite does, and as an installed wheel
has it): under ``PYTHONDONTWRITEBYTECODE`` each start would otherwise compile the package again.

Run by hand: ``.venv/bin/python benchmarks/start_bench.py --runs 10`` (one core; say the load
average with the figures).
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import cProfile
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time

FIRST_FRAME = (
    "import asyncio, sys, tempfile\n"
    "from freecell_tui.lazy import frozen_imports\n"
    "with frozen_imports():  # as freecell-tui imports the game\n"
    "    from freecell_tui.ui.app import FreeCellApp\n"
    "async def main():\n"
    "    with tempfile.TemporaryDirectory() as folder:\n"
    "        app = FreeCellApp(deal=1, data_dir=folder, par_seconds=None)\n"
    "        async with app.run_test(size=(100, 32)) as pilot:\n"
    "            await pilot.pause()\n"
    "asyncio.run(main())\n"
)

SERVE_START = (
    "import socket, sys, tempfile\n"
    "taken = socket.socket()\n"
    "taken.bind(('127.0.0.1', 0))\n"
    "taken.listen()\n"
    "from freecell_tui.cli import main\n"
    "with tempfile.TemporaryDirectory() as folder:\n"
    "    code = main(['serve', '--port', str(taken.getsockname()[1]), '--data-dir', folder])\n"
    "sys.exit(0 if code == 1 else 3)  # 1: it could not listen, as it should\n"
)

PROGRAMS: dict[str, list[str]] = {
    "help": ["-m", "freecell_tui", "--help"],
    "deal": ["-m", "freecell_tui", "deal", "1"],
    "import app": ["-c", "import freecell_tui.ui.app"],
    "serve start": ["-c", SERVE_START],
    "serve help": ["-m", "freecell_tui", "serve", "--help"],
    "first frame": ["-c", FIRST_FRAME],
}


def child_cpu(args: list[str]) -> float:
    """Seconds of CPU (user + system) that ``python ARGS`` took."""
    process = subprocess.Popen(
        [sys.executable, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.stderr is not None
    error = process.stderr.read()
    process.stderr.close()
    if process.returncode != 0:
        raise SystemExit(f"{args}: exit {process.returncode}: {error.decode()[-400:]}")
    return usage.ru_utime + usage.ru_stime


def programs(runs: int, only: list[str] | None) -> None:
    names = [name for name in PROGRAMS if not only or name in only]
    timings: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(runs):
        for name in names:
            timings[name].append(child_cpu(PROGRAMS[name]) * 1000)
    print(f"load average {os.getloadavg()[0]:.2f}, {runs} runs each, CPU ms")
    for name in names:
        values = sorted(timings[name])
        print(
            f"  {name:12} median {statistics.median(values):6.0f}"
            f"  min {values[0]:6.0f}  max {values[-1]:6.0f}"
        )


async def _start(folder: str) -> float:
    from freecell_tui.ui.app import FreeCellApp

    start = time.process_time()
    app = FreeCellApp(deal=1, data_dir=folder, par_seconds=None)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        spent = time.process_time() - start
    return spent


def pilot(starts: int) -> None:
    import freecell_tui.ui.app  # noqa: F401 (imports are not counted)

    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(_start(folder))  # the first start fills Textual's caches
        timings = [asyncio.run(_start(folder)) * 1000 for _ in range(starts)]
    print(
        f"load average {os.getloadavg()[0]:.2f}, {starts} Pilot starts in one process: "
        f"median {statistics.median(timings):.0f} ms, min {min(timings):.0f} ms of CPU"
    )


def profile(lines: int) -> None:
    import freecell_tui.ui.app  # noqa: F401

    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(_start(folder))
        profiler = cProfile.Profile()
        profiler.enable()
        asyncio.run(_start(folder))
        profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10, help="runs of each program")
    parser.add_argument("--only", action="append", choices=list(PROGRAMS), help="these programs")
    parser.add_argument("--pilot", type=int, default=0, help="Pilot starts in one process")
    parser.add_argument("--profile", type=int, default=0, help="profile one start: N lines")
    args = parser.parse_args()
    import freecell_tui

    sys.dont_write_bytecode = False
    compileall.compile_dir(os.path.dirname(freecell_tui.__file__), quiet=2)
    if args.profile:
        profile(args.profile)
    elif args.pilot:
        pilot(args.pilot)
    else:
        programs(args.runs, args.only)


if __name__ == "__main__":
    main()
