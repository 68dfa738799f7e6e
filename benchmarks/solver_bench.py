"""Solver speed benchmark, run by hand: ours against fc-solve on Microsoft deals, in one run.

    python benchmarks/solver_bench.py                       # deals 1-32000, 2 jobs
    python benchmarks/solver_bench.py --range 1 2000 --jobs 1

Prints, for the same deals, with the load average before and after (the machine may be shared):

* fc-solve's in-process range solver, ``freecell-solver-range-parallel-solve A B 1 -l lg`` (one
  process, one core, no solutions printed): wall and CPU time, deals it could not solve, and its
  iterations a deal;
* ours, ``freecell-tui solve --range A B --jobs J --json`` (one command, J worker processes, every
  solution printed): wall and CPU time (the workers included), deals solved and proved
  unsolvable, positions a deal (median, mean), the slowest deal, and the ratio to fc-solve;
* every one of our solutions replayed through the rules from the deal, autoplay safe, to a win
  (timed apart: it is the referee's work, not the solver's);
* deal 11982 (unsolvable) proved in this process: wall and CPU time, positions.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.deals import deal
from freecell_tui.core.notation import parse_moves
from freecell_tui.core.rules import apply_move
from freecell_tui.core.solver import solve

ROOT = Path(__file__).resolve().parent.parent


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str]) -> tuple[str, float, float]:
    """Run ``command``; its output, wall time and CPU time (its processes' own and their
    children's)."""
    cpu = children_cpu()
    started = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, cwd=ROOT).stdout
    return out, time.perf_counter() - started, children_cpu() - cpu


def run_fc_solve(first: int, last: int) -> tuple[float, float]:
    command = ["freecell-solver-range-parallel-solve", str(first), str(last), "1", "-l", "lg"]
    out, wall, cpu = timed(command)
    unsolved = [int(n) for n in re.findall(r"Unsolved Board No\. (\d+)", out)]
    iterations = [int(n) for n in re.findall(r"total_num_iters=(\d+)", out)]
    count = last - first + 1
    print(
        f"fc-solve: {count - len(unsolved)}/{count} solved, could not solve {unsorted(unsolved)}; "
        f"{wall:.2f} s wall, {cpu:.2f} s CPU ({1000 * cpu / count:.2f} ms a deal)"
    )
    if iterations:
        print(f"          {iterations[-1] / count:.0f} iterations a deal")
    return wall, cpu


def unsorted(numbers: list[int]) -> str:
    return ", ".join(map(str, sorted(numbers))) or "none"


def replays_to_win(record: dict[str, Any]) -> bool:
    """The solution (the moves a player makes with solve's default autoplay, safe) wins in such a
    game."""
    state = deal(record["deal"])
    for move in parse_moves(" ".join(record["moves"])):
        state, _ = run_autoplay(apply_move(state, move), AutoplayMode.SAFE)
    return state.is_won


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--range", nargs=2, type=int, default=(1, 32000), metavar=("A", "B"))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    first, last = args.range
    count = last - first + 1
    print(f"deals {first}-{last}, our jobs {args.jobs}, cores {os.cpu_count()}")
    print(f"load average before: {load()}")

    fc = None
    if shutil.which("freecell-solver-range-parallel-solve"):
        fc = run_fc_solve(first, last)
    else:
        print("fc-solve is not installed: no side-by-side figures")

    command = [sys.executable, "-m", "freecell_tui", "solve", "--range", str(first), str(last)]
    out, wall, cpu = timed([*command, "--jobs", str(args.jobs), "--json"])
    records = [json.loads(line) for line in out.splitlines()]
    by_status: dict[str, list[int]] = {}
    for record in records:
        by_status.setdefault(record["status"], []).append(record["deal"])
    solved = [r for r in records if r["status"] == "solved"]
    print(
        f"ours:     {len(solved)}/{count} solved, proved unsolvable: "
        f"{unsorted(by_status.get('unsolvable', []))}, gave up: "
        f"{unsorted(by_status.get('gave-up', []))}; {wall:.2f} s wall, {cpu:.2f} s CPU "
        f"({1000 * cpu / count:.2f} ms a deal)"
    )
    positions = [r["positions"] for r in records]
    slowest = max(records, key=lambda r: r["seconds"])
    print(
        f"          positions a deal: median {statistics.median(positions):g}, mean "
        f"{statistics.mean(positions):.0f}; slowest deal {slowest['deal']} "
        f"({slowest['status']}, {slowest['seconds']:.2f} s in its worker)"
    )
    over = [r["deal"] for r in records if r["seconds"] > 0.5]
    print(f"          deals over 0.5 s in their worker: {len(over)} {over[:20]}")
    if solved:
        moves = [len(r["moves"]) for r in solved]
        players = [r["player_moves"] for r in solved]
        print(
            f"          solution length: median {statistics.median(moves):g} moves, "
            f"{statistics.median(players):g} player moves (mean {statistics.mean(players):.1f})"
        )
    if fc is not None:
        print(f"ratio ours/fc-solve: wall {wall / fc[0]:.1f}x, CPU {cpu / fc[1]:.1f}x")

    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(replays_to_win, solved, chunksize=256))
    bad = [r["deal"] for r, ok in zip(solved, results, strict=True) if not ok]
    print(
        f"every solution replayed to a win through the rules: {not bad} {bad[:10]} "
        f"({time.perf_counter() - started:.1f} s to replay)"
    )

    cpu0, started = time.process_time(), time.perf_counter()
    result = solve(deal(11982))
    print(
        f"deal 11982: {result.status} in {time.perf_counter() - started:.2f} s wall, "
        f"{time.process_time() - cpu0:.2f} s CPU, {result.positions:,} positions "
        f"({result.bytes_per_position:.0f} bytes each)"
    )
    cpu0, started = time.process_time(), time.perf_counter()
    again = solve(deal(slowest["deal"]))
    print(
        f"slowest deal {slowest['deal']} alone: {again.status} in "
        f"{time.perf_counter() - started:.2f} s wall, {time.process_time() - cpu0:.2f} s CPU, "
        f"{again.positions:,} positions"
    )
    print(f"load average after: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
