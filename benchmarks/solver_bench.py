"""Solver benchmark, run by hand: ours against fc-solve on Microsoft deals, side by side.

    .venv/bin/python benchmarks/solver_bench.py                 # deals 1-1000, all cores
    .venv/bin/python benchmarks/solver_bench.py --range 1 200 --jobs 1

Prints, for the same deals in one run:

* how many deals each solved, and the whole-batch wall time: fc-solve ``-l lg -m -snx`` run as one
  process per deal (as a referee would), ours as ``freecell-tui solve --range A B --jobs J --json``
  (one command, J worker processes);
* the median, mean and longest solution, counted the same way for both: one word of notation is
  one move, a run counts one, every move home written out;
* deal 11982 (unsolvable): our time to prove it and the positions searched;
* the bytes one stored position costs (key plus dictionary share), averaged over the deals;
* the load average before and after, since the machine may be shared.

Every one of our solutions is replayed through the rules from the deal, autoplay off, to a win.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from freecell_tui.core.deals import deal, deal_text
from freecell_tui.core.notation import parse_moves
from freecell_tui.core.rules import apply_move
from freecell_tui.core.solver import solve

ROOT = Path(__file__).resolve().parent.parent
CHATTER = ("-=-=", "This game", "I could not", "Total number", "This scan")


def run_fc_solve(first: int, last: int) -> tuple[float, dict[int, int], list[int]]:
    """fc-solve on each deal, one process per deal: wall time, solution lengths, failures."""
    lengths: dict[int, int] = {}
    failed: list[int] = []
    boards = {n: deal_text(n) for n in range(first, last + 1)}
    started = time.perf_counter()
    for number, board in boards.items():
        out = subprocess.run(
            ["fc-solve", "-l", "lg", "-m", "-snx", "-"],
            input=board,
            capture_output=True,
            text=True,
        ).stdout
        if "This game is solveable." not in out:
            failed.append(number)
            continue
        words = [
            w for line in out.splitlines() if not line.startswith(CHATTER) for w in line.split()
        ]
        lengths[number] = len(words)
    return time.perf_counter() - started, lengths, failed


def run_ours(
    first: int, last: int, jobs: int, timeout: float
) -> tuple[float, list[dict[str, Any]]]:
    """``freecell-tui solve --range --json`` as one command: wall time and its records."""
    command = [
        sys.executable,
        "-m",
        "freecell_tui",
        "solve",
        "--range",
        str(first),
        str(last),
        "--jobs",
        str(jobs),
        "--timeout",
        str(timeout),
        "--json",
    ]
    started = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, cwd=ROOT).stdout
    seconds = time.perf_counter() - started
    return seconds, [json.loads(line) for line in out.splitlines()]


def replays_to_win(number: int, words: list[str]) -> bool:
    state = deal(number)
    for move in parse_moves(" ".join(words)):
        state = apply_move(state, move)
    return state.is_won


def describe(lengths: list[int]) -> str:
    return (
        f"median {statistics.median(lengths):g}, mean {statistics.mean(lengths):.1f}, "
        f"longest {max(lengths)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--range", nargs=2, type=int, default=(1, 1000), metavar=("A", "B"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=30.0)
    args = parser.parse_args()
    first, last = args.range
    count = last - first + 1
    print(f"deals {first}-{last}, our jobs {args.jobs}, cores {os.cpu_count()}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    ours_seconds, records = run_ours(first, last, args.jobs, args.timeout)
    solved = [r for r in records if r["status"] == "solved"]
    print(
        f"ours:     {len(solved)}/{count} solved in {ours_seconds:.2f} s "
        f"({1000 * ours_seconds / count:.1f} ms a deal)"
    )
    not_solved = [(r["deal"], r["status"]) for r in records if r["status"] != "solved"]
    if not_solved:
        print(f"          not solved: {not_solved}")
    bad = [r["deal"] for r in solved if not replays_to_win(r["deal"], r["moves"])]
    print(f"          every solution replayed to a win through the rules: {not bad}")
    our_lengths = {r["deal"]: len(r["moves"]) for r in solved}
    print(f"          lengths: {describe(list(our_lengths.values()))}")

    if shutil.which("fc-solve"):
        fc_seconds, fc_lengths, failed = run_fc_solve(first, last)
        print(
            f"fc-solve: {len(fc_lengths)}/{count} solved in {fc_seconds:.2f} s "
            f"({1000 * fc_seconds / count:.1f} ms a deal), not solved: {failed}"
        )
        print(f"          lengths: {describe(list(fc_lengths.values()))}")
        both = [n for n in our_lengths if n in fc_lengths]
        shorter = sum(1 for n in both if our_lengths[n] < fc_lengths[n])
        print(
            f"ratio ours/fc-solve batch time: {ours_seconds / fc_seconds:.1f}x; "
            f"ours shorter on {shorter} of {len(both)} deals"
        )
    else:
        print("fc-solve is not installed: no side-by-side figures")

    sizes = [solve(deal(n)).bytes_per_position for n in range(first, min(first + 50, last + 1))]
    print(
        f"bytes per stored position (deals {first}-{min(first + 49, last)}): "
        f"mean {statistics.mean(sizes):.1f}"
    )
    result = solve(deal(11982), timeout=60)
    print(
        f"deal 11982: {result.status} in {result.seconds:.2f} s, {result.positions:,} positions, "
        f"{result.bytes_per_position:.1f} bytes each"
    )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
