"""How fast the automatic Klondike player is. Run by hand; never part of the tests.

    .venv/bin/python benchmarks/klondike_bench.py            # 100,000 then 1,000,000 games
    .venv/bin/python benchmarks/klondike_bench.py --quick    # 100,000 games only

It measures three things:

1. the engine alone, one core, decks shuffled beforehand (µs a game);
2. the shuffle alone, one core (µs a game);
3. the real command, ``freecell-tui klondike --games N --jobs J --show 0 --seed 1``, in a
   subprocess: wall time, CPU time of all its processes, games a second.

The goal of issue 6 is a million games in under 60 s with ``--jobs 2``. The machine is shared:
the load average before and after is printed so the figure can be judged.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time

from freecell_tui.klondike.deck import shuffled_decks
from freecell_tui.klondike.engine import play_fast

GOAL_SECONDS = 60.0


def engine_alone(games: int) -> tuple[float, float]:
    """(µs a game playing, µs a game shuffling), one core."""
    start = time.perf_counter()
    decks = list(shuffled_decks(1, 0, games))
    shuffle = time.perf_counter() - start
    start = time.perf_counter()
    for deck in decks:
        play_fast(deck)
    play = time.perf_counter() - start
    return play / games * 1e6, shuffle / games * 1e6


def command(games: int, jobs: int) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the command and its workers, the summary it printed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "freecell_tui",
            "klondike",
            "--games",
            str(games),
            "--jobs",
            str(jobs),
            "--show",
            "0",
            "--seed",
            "1",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, result.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the million games")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    play_us, shuffle_us = engine_alone(20_000)
    print(f"engine alone, one core: {play_us:.1f} µs a game playing, {shuffle_us:.1f} µs shuffling")
    print(f"  = {1e6 / (play_us + shuffle_us):,.0f} games/s a core")
    runs = [100_000] if args.quick else [100_000, 1_000_000]
    for games in runs:
        wall, cpu, out = command(games, args.jobs)
        print(
            f"freecell-tui klondike --games {games:,} --jobs {args.jobs} --show 0: "
            f"{wall:.1f} s wall, {cpu:.1f} s CPU, {games / wall:,.0f} games/s"
        )
        if games == 1_000_000:
            verdict = "meets" if wall < GOAL_SECONDS else "MISSES"
            print(f"  {verdict} the goal of {GOAL_SECONDS:.0f} s")
        print("  " + out.strip().splitlines()[-1])
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
