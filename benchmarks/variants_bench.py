"""Each variant against fc-solve, run by hand: our general search and fc-solve's preset on the
same deals, one process each, one deal at a time.

    python benchmarks/variants_bench.py                          # deals 1-20, 10 s a deal
    python benchmarks/variants_bench.py --deals 100 --timeout 30 --game eight_off

Prints, for each game: our solved / proved unsolvable / gave up and total time; fc-solve's
solved / not solved (``fc-solve -g KEY [--freecells-num N] -m -snx``, no iteration limit) and
total time; and the disagreements: a deal one solves and the other proves unsolvable (our
solutions are replayed through the rules to a win; fc-solve's verdict "I could not solve" is
exhaustive for its preset). A deal we give up on is no disagreement, only a count.
"""

from __future__ import annotations

import argparse
import subprocess
import time

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.position import format_position
from freecell_tui.core.solver import solve
from freecell_tui.core.variant import VARIANTS, Variant, parse_variant


def games(name: str | None) -> list[Variant]:
    if name is not None:
        return [parse_variant(name)]
    others = [VARIANTS[key] for key in VARIANTS if key != "freecell"]
    return [*others, *(parse_variant("freecell", cells) for cells in (0, 1, 2, 3))]


def fcsolve(variant: Variant, number: int, timeout: float) -> tuple[str, float]:
    started = time.monotonic()
    try:
        out = subprocess.run(
            ["fc-solve", *variant.fcsolve_args, "-m", "-snx", "-"],
            input=format_position(deal(number, variant)),
            capture_output=True,
            text=True,
            timeout=timeout,
        ).stdout
    except subprocess.TimeoutExpired:
        return "timed out", time.monotonic() - started
    verdict = "solved" if "This game is solveable." in out else "unsolvable"
    return verdict, time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--game")
    args = parser.parse_args()
    for variant in games(args.game):
        ours = {"solved": 0, "unsolvable": 0, "gave-up": 0}
        theirs = {"solved": 0, "unsolvable": 0, "timed out": 0}
        our_time = their_time = 0.0
        disagree = []
        for number in range(1, args.deals + 1):
            result = solve(deal(number, variant), timeout=args.timeout)
            our_time += result.seconds
            ours[result.status] += 1
            if result.solved:
                game = Game.new(number, autoplay=AutoplayMode.OFF, variant=variant)
                for move in result.moves:
                    game = game.play(move)
                assert game.outcome is Outcome.WON, (variant.name, number)
            verdict, seconds = fcsolve(variant, number, max(args.timeout, 60.0))
            their_time += seconds
            theirs[verdict] += 1
            if {result.status, verdict} == {"solved", "unsolvable"}:
                disagree.append(number)
        print(
            f"{variant.name:26} ours {ours['solved']:3} solved {ours['unsolvable']:3} unsolvable "
            f"{ours['gave-up']:3} gave up {our_time:7.1f} s | fc-solve {theirs['solved']:3} solved "
            f"{theirs['unsolvable']:3} not {theirs['timed out']:2} timed out {their_time:6.1f} s "
            f"| disagreements {disagree or 'none'}",
            flush=True,
        )


if __name__ == "__main__":
    main()
