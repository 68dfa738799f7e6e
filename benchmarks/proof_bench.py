"""The proof search against the portfolio on the same deals: CPU seconds, positions stored (and
held at once), bytes a position, the largest resident size (docs/solver.md, "Proofs with few
cells").

    python benchmarks/proof_bench.py prove 0 883 4155        # proof.prove, FreeCell with 0 cells
    python benchmarks/proof_bench.py solve 0 883 --memory 6  # portfolio.solve, 6 GiB of positions
    python benchmarks/proof_bench.py prove 4 11982

Each deal runs in a process of its own (the resident size is its own); run it niced.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import time

from freecell_tui.core.deals import deal
from freecell_tui.core.solver import portfolio, solve
from freecell_tui.core.solver.proof import PROOF_BYTES, prove
from freecell_tui.core.variant import parse_variant


def measure(task: tuple[str, int, int, float, float]) -> str:
    mode, cells, number, timeout, memory = task
    state = deal(number, parse_variant("freecell", cells))
    cpu = time.process_time()
    if mode == "prove":
        result = prove(
            state,
            should_stop=lambda: time.process_time() > cpu + timeout,
            max_positions=int(memory * 2**30 / PROOF_BYTES),
        )
        status, stored = result.status, f"{result.positions:,} (held {result.peak:,})"
        size = result.bytes_per_position
    else:
        portfolio.GENERAL_MAX_POSITIONS = int(memory * 2_000_000)  # type: ignore[misc]
        won = solve(state, timeout=timeout)
        status, stored, size = won.status, f"{won.positions:,}", won.bytes_per_position
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    spent = time.process_time() - cpu
    return f"{mode} {cells} cells deal {number}: {status}, {spent:.1f} s CPU, {stored} positions, {size:.0f} B each, {rss} MB resident"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["prove", "solve"])
    parser.add_argument("cells", type=int)
    parser.add_argument("deals", type=int, nargs="+")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds a deal")
    parser.add_argument("--memory", type=float, default=4.0, help="GiB of positions a deal")
    args = parser.parse_args()
    context = multiprocessing.get_context("fork")
    for number in args.deals:
        with context.Pool(1, maxtasksperchild=1) as pool:
            task = (args.mode, args.cells, number, args.timeout, args.memory)
            print(pool.apply(measure, (task,)), flush=True)


if __name__ == "__main__":
    main()
