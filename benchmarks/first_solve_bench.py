"""The first search of a process, with and without the compiled accelerator, run by hand:

    python benchmarks/first_solve_bench.py                    # deals 1 617 1941 3681 11982
    python benchmarks/first_solve_bench.py --deals 1 617 --repeat 5

Each figure is one fresh process, so it pays what a player pays after starting the program:

* **first search**: the game's first hint or check, in a fresh process: the deal solved in a
  thread, as the hint's worker does; then **next**, the same search again, once the accelerator
  is loaded if the first search asked for it (a process asks once its pure searches have run
  ``portfolio.PREPARE_AFTER`` positions), as a later hint of the game. Says what the
  accelerator was doing after each.
* **solve N**: ``freecell-tui solve N``, the whole command (start-up included), wall time.

Three ways: **pure** (``FREECELL_TUI_PURE=1``), **cold** (numba installed, its cache empty: the
runs are made while the compile started by the first of them is under way; each row says
whether the cache was ready at its start) and **warm** (the cache filled by that compile). The
cold cache is a fresh ``NUMBA_CACHE_DIR``: the user's own cache is not touched. The load average
is printed with each group (the machine may be shared). Times are the median of ``--repeat``
runs (cold runs: once each, the compile runs only once).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HINT = """
import sys, threading, time
from freecell_tui.core.deals import deal
from freecell_tui.core.solver import native, solve

def timed(number):
    answers = []
    started = time.perf_counter()
    worker = threading.Thread(target=lambda: answers.append(solve(deal(number))))
    worker.start()
    worker.join()
    return time.perf_counter() - started, answers[0].status, native.phase()

number = int(sys.argv[1])
first, status, phase = timed(number)
if phase == "loading":  # asked for during the first search: loaded once it ended
    deadline = time.monotonic() + 120
    while native.accelerator() is None and time.monotonic() < deadline:
        time.sleep(0.01)
again, _, later = timed(number)
print(f"{first:.4f} {again:.4f} {status} {phase} {later}")
"""


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def hint(number: int, env: dict[str, str]) -> tuple[float, float, str]:
    """The first search of a process and the same search again (once the accelerator, if the
    first asked for it, is loaded): seconds, seconds, what the accelerator was doing."""
    out = subprocess.run(
        [sys.executable, "-c", HINT, str(number)], env=env, capture_output=True, text=True
    )
    first, again, status, phase, later = out.stdout.split()
    return float(first), float(again), f"{status}; accelerator {phase}, then {later}"


def solve_command(number: int, env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "freecell_tui", "solve", str(number)],
        env=env,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def ready(cache: Path) -> bool:
    return any(cache.glob("ready-*"))


def rows(deals: list[int], env: dict[str, str], repeat: int, label: str) -> None:
    print(f"\n{label} (load {load()})")
    for number in deals:
        hints = [hint(number, env) for _ in range(repeat)]
        solves = [solve_command(number, env) for _ in range(repeat)]
        first = statistics.median(h[0] for h in hints)
        again = statistics.median(h[1] for h in hints)
        print(
            f"  deal {number:>6}: first search {first:6.3f} s, next {again:6.3f} s "
            f"({hints[0][2]}); solve {statistics.median(solves):5.2f} s"
        )
    print(f"  (load {load()})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", nargs="+", type=int, default=[1, 617, 1941, 3681, 11982])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    base = {
        k: v for k, v in os.environ.items() if k not in ("FREECELL_TUI_PURE", "NUMBA_CACHE_DIR")
    }
    rows(args.deals, {**base, "FREECELL_TUI_PURE": "1"}, args.repeat, "pure")

    with tempfile.TemporaryDirectory(prefix="fc-cold-cache-") as name:
        cache = Path(name)
        env = {**base, "NUMBA_CACHE_DIR": name}
        print(f"\ncold: numba's cache empty (load {load()})")
        started = time.perf_counter()
        for number in args.deals:
            was = "ready" if ready(cache) else "empty"
            first, again, said = hint(number, env)
            solved = solve_command(number, env)
            print(
                f"  deal {number:>6}: first search {first:6.3f} s, next {again:6.3f} s "
                f"({said}); solve {solved:5.2f} s; cache {was} at the start"
            )
        while not ready(cache):
            if any(cache.glob("failed-*")) or time.perf_counter() - started > 900:
                sys.exit(f"the compile failed: {(cache / 'build.log').read_text()}")
            time.sleep(0.1)
        print(f"  the background compile was done {time.perf_counter() - started:.1f} s after")
        print(f"  the first run started (load {load()})")
        time.sleep(2)  # the compiling processes that waited on the first one see it and end
        rows(args.deals, env, args.repeat, "warm: the cache filled by that compile")


if __name__ == "__main__":
    main()
